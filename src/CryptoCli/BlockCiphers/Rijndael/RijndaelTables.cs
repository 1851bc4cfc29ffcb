using System;

namespace CryptoCli;

/// <summary>
/// Rijndael's S-boxes and T-tables, generated once from the algebraic definition (FIPS-197 §5.1.1: inversion in
/// GF(2^8) mod x^8+x^4+x^3+x+1, then the affine map with constant 0x63). A T-table folds SubBytes and
/// MixColumns (the technique Oikawa et al. (2008) list as "tables that fold S-box and linear layer"): Te0[x] holds
/// column (2s, s, s, 3s) as a little-endian word, row 0 in the low byte; Te1..Te3 are its byte rotations.
/// </summary>
internal static class RijndaelTables
{
    public static readonly byte[] SBox = new byte[256];
    public static readonly byte[] InverseSBox = new byte[256];
    public static readonly uint[] Te0 = new uint[256], Te1 = new uint[256], Te2 = new uint[256], Te3 = new uint[256];
    public static readonly uint[] Td0 = new uint[256], Td1 = new uint[256], Td2 = new uint[256], Td3 = new uint[256];

    /// <summary>
    /// Te0‖Te1‖Te2‖Te3 in one array: the kernels address all four from one base register (fewer spills).
    /// </summary>
    public static readonly uint[] Te = new uint[1024];

    /// <summary>Td0‖Td1‖Td2‖Td3 in one array.</summary>
    public static readonly uint[] Td = new uint[1024];

    /// <summary>
    /// The last encryption round's table: S-box values shifted into row r, Te4[256·r + x] = S[x] &lt;&lt; 8r, so that
    /// round reads words like the others (no MixColumns) instead of bytes it would shift and OR.
    /// </summary>
    public static readonly uint[] Te4 = new uint[1024];

    /// <summary>The last decryption round's table: Td4[256·r + x] = InvS[x] &lt;&lt; 8r.</summary>
    public static readonly uint[] Td4 = new uint[1024];

    static RijndaelTables()
    {
        // Walk the multiplicative group with generator 3 to get inverses: x = 3^i, inv(x) = 3^(255 - i).
        byte[] exp = new byte[256];
        byte[] log = new byte[256];
        byte value = 1;
        for (int i = 0; i < 255; i++)
        {
            exp[i] = value;
            log[value] = (byte)i;
            value = (byte)(value ^ Multiply2(value));
        }

        for (int x = 0; x < 256; x++)
        {
            byte inverse = x == 0 ? (byte)0 : exp[(255 - log[x]) % 255];
            int s = inverse ^ Rotl8(inverse, 1) ^ Rotl8(inverse, 2) ^ Rotl8(inverse, 3) ^ Rotl8(inverse, 4) ^ 0x63;
            SBox[x] = (byte)s;
            InverseSBox[s] = (byte)x;
        }

        for (int x = 0; x < 256; x++)
        {
            uint s = SBox[x];
            uint s2 = Multiply2((byte)s);
            uint te = s2 | (s << 8) | (s << 16) | ((s2 ^ s) << 24);
            Te0[x] = te;
            Te1[x] = RotateLeft(te, 8);
            Te2[x] = RotateLeft(te, 16);
            Te3[x] = RotateLeft(te, 24);

            byte t = InverseSBox[x];
            uint td = Multiply(t, 14) | ((uint)Multiply(t, 9) << 8) | ((uint)Multiply(t, 13) << 16)
                | ((uint)Multiply(t, 11) << 24);
            Td0[x] = td;
            Td1[x] = RotateLeft(td, 8);
            Td2[x] = RotateLeft(td, 16);
            Td3[x] = RotateLeft(td, 24);
        }

        for (int x = 0; x < 256; x++)
        {
            Te[x] = Te0[x];
            Te[256 + x] = Te1[x];
            Te[512 + x] = Te2[x];
            Te[768 + x] = Te3[x];
            Td[x] = Td0[x];
            Td[256 + x] = Td1[x];
            Td[512 + x] = Td2[x];
            Td[768 + x] = Td3[x];
            for (int row = 0; row < 4; row++)
            {
                Te4[256 * row + x] = (uint)SBox[x] << (8 * row);
                Td4[256 * row + x] = (uint)InverseSBox[x] << (8 * row);
            }
        }
    }

    public static byte Multiply2(byte x) => (byte)((x << 1) ^ ((x >> 7) * 0x1b));

    public static byte Multiply(byte x, int factor)
    {
        byte result = 0;
        for (; factor != 0; factor >>= 1, x = Multiply2(x))
        {
            if ((factor & 1) != 0)
            {
                result ^= x;
            }
        }

        return result;
    }

    /// <summary>
    /// InvMixColumns of one little-endian column word (used for the equivalent inverse cipher's keys).
    /// </summary>
    public static uint InverseMixColumn(uint column) =>
        Td0[SBox[(byte)column]] ^ Td1[SBox[(byte)(column >> 8)]] ^ Td2[SBox[(byte)(column >> 16)]]
            ^ Td3[SBox[column >> 24]];

    public static uint RotateLeft(uint value, int count) => (value << count) | (value >> (32 - count));

    private static int Rotl8(int x, int count) => ((x << count) | (x >> (8 - count))) & 0xff;
}
