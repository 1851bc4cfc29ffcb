namespace CryptoCli.Tests;

/// <summary>
/// GF(2^128) arithmetic written out bytewise in the tests, independent of the library's <c>Gf128</c>, to work out the
/// values the modes derive (OCB's L table, CMAC's subkeys).
/// </summary>
internal static class ReferenceGf128
{
    /// <summary>Multiplies a big-endian block by x in place: shifts it left one bit and folds the carry back as
    /// 0x87.</summary>
    public static void DoubleBigEndian(byte[] block)
    {
        int carry = block[0] >> 7;
        for (int i = 0; i < 15; i++)
        {
            block[i] = (byte)((block[i] << 1) | (block[i + 1] >> 7));
        }

        block[15] = (byte)((block[15] << 1) ^ (carry * 0x87));
    }
}
