using System;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The ECB one-shots on exactly one AES block, which on the AES instructions take a short path of their own (the
/// kernel's rounds inline, no virtual calls): the same bytes as the general path and FIPS-197, the same answers to
/// padding, short and overlapping destinations, and in-place calls.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class EcbOneBlockTests
{
    // FIPS-197, Appendix C.1 to C.3: the plaintext 00112233..ff under the keys 000102..0f, ..17 and ..1f.
    private static readonly byte[] Plaintext = Convert.FromHexString("00112233445566778899aabbccddeeff");

    [AesInstructionsFact]
    public void OneBlockGivesFips197sCiphertextsBothWays()
    {
        foreach ((int keyBytes, string expected) in new[]
                 {
                     (16, "69c4e0d86a7b0430d8cdb78070b4c55a"),
                     (24, "dda97ca4864cdfe06eaf70a0ec0d7191"),
                     (32, "8ea2b7ca516745bfeafc49904b496089"),
                 })
        {
            using RijndaelCipher aes = CreateAes(keyBytes);
            byte[] ciphertext = new byte[16];
            Assert.Equal(16, aes.EncryptEcb(Plaintext, ciphertext, PaddingMode.None));
            Assert.Equal(expected, Convert.ToHexStringLower(ciphertext));
            byte[] plaintext = new byte[16];
            Assert.Equal(16, aes.DecryptEcb(ciphertext, plaintext, PaddingMode.None));
            Assert.Equal(Plaintext, plaintext);
        }
    }

    [AesInstructionsFact]
    public void OneBlockEqualsTheFirstBlockOfALongerCallInEveryPaddingMode()
    {
        using RijndaelCipher aes = CreateAes(16);
        byte[] twoBlocks = new byte[32];
        Plaintext.CopyTo(twoBlocks, 0);
        byte[] general = aes.EncryptEcb(twoBlocks, PaddingMode.None);
        foreach (PaddingMode padding in new[] { PaddingMode.None, PaddingMode.Zeros })
        {
            Assert.Equal(general.AsSpan(0, 16).ToArray(), aes.EncryptEcb(Plaintext, padding));
            Assert.Equal(Plaintext, aes.DecryptEcb(general.AsSpan(0, 16), padding));
        }

        // A padding mode that adds a block leaves the short path: the pad block follows the data block.
        byte[] padded = aes.EncryptEcb(Plaintext, PaddingMode.PKCS7);
        Assert.Equal(32, padded.Length);
        Assert.Equal(general.AsSpan(0, 16).ToArray(), padded.AsSpan(0, 16).ToArray());
        Assert.Equal(Plaintext, aes.DecryptEcb(padded, PaddingMode.PKCS7));
    }

    [AesInstructionsFact]
    public void OneBlockIntoAShortDestinationWritesNothing()
    {
        using RijndaelCipher aes = CreateAes(16);
        byte[] destination = new byte[15];
        destination.AsSpan().Fill(0xA5);
        Assert.False(aes.TryEncryptEcb(Plaintext, destination, PaddingMode.None, out int written));
        Assert.Equal(0, written);
        Assert.False(aes.TryDecryptEcb(Plaintext, destination, PaddingMode.None, out written));
        Assert.Equal(0, written);
        Assert.All(destination, b => Assert.Equal(0xA5, b));
        ArgumentException e = Assert.Throws<ArgumentException>(
            () => aes.EncryptEcb(Plaintext, destination, PaddingMode.None));
        Assert.Equal("destination", e.ParamName);
    }

    [AesInstructionsFact]
    public void OneBlockInPlaceWorksAndAPartialOverlapIsRefused()
    {
        using RijndaelCipher aes = CreateAes(16);
        byte[] expected = aes.EncryptEcb(Plaintext, PaddingMode.None);
        byte[] buffer = (byte[])Plaintext.Clone();
        Assert.Equal(16, aes.EncryptEcb(buffer, buffer, PaddingMode.None));
        Assert.Equal(expected, buffer);
        Assert.Equal(16, aes.DecryptEcb(buffer, buffer, PaddingMode.None));
        Assert.Equal(Plaintext, buffer);

        byte[] shared = new byte[24];
        Plaintext.CopyTo(shared, 0);
        ArgumentException encrypting = Assert.Throws<ArgumentException>(
            () => aes.EncryptEcb(shared.AsSpan(0, 16), shared.AsSpan(8, 16), PaddingMode.None));
        Assert.Equal("destination", encrypting.ParamName);
        ArgumentException decrypting = Assert.Throws<ArgumentException>(
            () => aes.DecryptEcb(shared.AsSpan(0, 16), shared.AsSpan(8, 16), PaddingMode.None));
        Assert.Equal("destination", decrypting.ParamName);
    }

    private static RijndaelCipher CreateAes(int keyBytes)
    {
        RijndaelCipher aes = RijndaelCipher.Create();
        byte[] key = new byte[keyBytes];
        for (int i = 0; i < key.Length; i++)
        {
            key[i] = (byte)i;
        }

        aes.Key = key;
        return aes;
    }
}
