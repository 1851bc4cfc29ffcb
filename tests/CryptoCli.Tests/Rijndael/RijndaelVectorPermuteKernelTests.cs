using System;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The vector-permute kernel ("vperm": SSSE3 pshufb or Arm tbl, the default for 128-bit blocks without AES
/// instructions) against FIPS-197's vectors, the T-table kernel and BouncyCastle, at every key size, through every
/// entry point it has (the registry contract suite runs it through the public modes as well).
/// </summary>
public class RijndaelVectorPermuteKernelTests
{
    private static BlockCipherKernel Create(byte[] key) => RijndaelCipher.Kernels.Get("vperm").Create(key, 16);

    [VectorPermuteFact]
    public void Fips197AppendixC_BothDirections()
    {
        byte[] plaintext = Convert.FromHexString("00112233445566778899aabbccddeeff");
        (string Key, string Ciphertext)[] vectors =
        {
            ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
            ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
            ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"),
        };
        foreach ((string keyHex, string ciphertextHex) in vectors)
        {
            using BlockCipherKernel kernel = Create(Convert.FromHexString(keyHex));
            byte[] ciphertext = Convert.FromHexString(ciphertextHex);
            byte[] output = new byte[16];
            kernel.EncryptBlock(plaintext, output);
            Assert.Equal(ciphertext, output);
            kernel.DecryptBlock(ciphertext, output);
            Assert.Equal(plaintext, output);
            byte[] four = new byte[64];
            kernel.EncryptBlocks(new byte[64], four);
            kernel.DecryptBlocks(four, four);
            Assert.Equal(new byte[64], four);
        }
    }

    [VectorPermuteFact]
    public void EveryEntryPoint_MatchesTheTableKernel_EveryKeySize()
    {
        Random random = TestRandom.Create(9151);
        for (int keyBytes = 16; keyBytes <= 32; keyBytes += 4)
        {
            for (int trial = 0; trial < 12; trial++)
            {
                byte[] key = TestRandom.Bytes(random, keyBytes);
                using BlockCipherKernel ours = Create(key);
                using var reference = new RijndaelPortableKernel(key, 16);
                foreach (int blocks in new[] { 1, 2, 3, 4, 5, 7, 8, 9, 33 })
                {
                    string where = $"key {keyBytes} bytes, {blocks} blocks";
                    byte[] message = TestRandom.Bytes(random, 16 * blocks);
                    byte[] iv = TestRandom.Bytes(random, 16);
                    Check(reference, ours, message, iv, where);
                }
            }
        }
    }

    [VectorPermuteFact]
    public void MatchesBouncyCastle_OnRandomInputs_EveryKeySize()
    {
        Random random = TestRandom.Create(9152);
        for (int keyBytes = 16; keyBytes <= 32; keyBytes += 4)
        {
            for (int trial = 0; trial < 20; trial++)
            {
                byte[] key = TestRandom.Bytes(random, keyBytes);
                IBlockCipher engine = keyBytes % 8 == 0 ? new AesEngine() : new RijndaelEngine(128);
                engine.Init(true, new KeyParameter(key));
                byte[] message = TestRandom.Bytes(random, 16 * 40);
                byte[] expected = new byte[message.Length];
                for (int offset = 0; offset < message.Length; offset += 16)
                {
                    engine.ProcessBlock(message, offset, expected, offset);
                }

                using BlockCipherKernel ours = Create(key);
                byte[] actual = new byte[message.Length];
                ours.EncryptBlocks(message, actual);
                Assert.Equal(expected, actual);
                ours.DecryptBlocks(actual, actual);
                Assert.Equal(message, actual);
            }
        }
    }

    [Fact]
    public void RijndaelCipher_PicksIt_WhereAesInstructionsAreAbsent()
    {
        string chosen = RijndaelCipher.Kernels.Select(16).Name;
        if (RijndaelAesNiKernel.IsSupported || RijndaelArmKernel.IsSupported)
        {
            Assert.NotEqual("vperm", chosen);
        }
        else if (RijndaelSsse3Kernel.IsSupported || RijndaelNeonKernel.IsSupported)
        {
            Assert.Equal("vperm", chosen);
            Assert.Equal("vperm", RijndaelCipher.Kernels.Select(16, allowVariableTime: true).Name);
            Assert.False(RijndaelCipher.IsHardwareAccelerated);
        }
        else
        {
            Assert.Equal("bitsliced", chosen);
        }

        Assert.NotEqual("vperm", RijndaelCipher.Kernels.Select(32).Name);
    }

    private static void Check(BlockCipherKernel reference, BlockCipherKernel ours, byte[] message, byte[] iv,
        string where)
    {
        int length = message.Length;
        byte[] expected = new byte[length], actual = new byte[length];

        reference.EncryptBlocks(message, expected);
        ours.EncryptBlocks(message, actual);
        Assert.True(expected.AsSpan().SequenceEqual(actual), where + " ECB");
        byte[] inPlace = (byte[])message.Clone();
        ours.EncryptBlocks(inPlace, inPlace);
        Assert.True(expected.AsSpan().SequenceEqual(inPlace), where + " ECB in place");
        ours.DecryptBlocks(inPlace, inPlace);
        Assert.True(message.AsSpan().SequenceEqual(inPlace), where + " ECB decrypt in place");
        ours.EncryptBlock(message.AsSpan(0, 16), actual.AsSpan(0, 16));
        Assert.True(expected.AsSpan(0, 16).SequenceEqual(actual.AsSpan(0, 16)), where + " one block");
        ours.DecryptBlock(expected.AsSpan(0, 16), actual.AsSpan(0, 16));
        Assert.True(message.AsSpan(0, 16).SequenceEqual(actual.AsSpan(0, 16)), where + " one block decrypt");

        // CBC: the reference chain block by block on the table kernel.
        byte[] chain = (byte[])iv.Clone();
        for (int offset = 0; offset < length; offset += 16)
        {
            for (int n = 0; n < 16; n++)
            {
                chain[n] ^= message[offset + n];
            }

            reference.EncryptBlocks(chain, chain);
            chain.CopyTo(expected, offset);
        }

        byte[] ourChain = (byte[])iv.Clone();
        ours.CbcEncryptor!.EncryptCbc(message, actual, ourChain);
        Assert.True(expected.AsSpan().SequenceEqual(actual), where + " CBC");
        Assert.Equal(chain, ourChain);
        inPlace = (byte[])message.Clone();
        ourChain = (byte[])iv.Clone();
        ours.CbcEncryptor.EncryptCbc(inPlace, inPlace, ourChain);
        Assert.True(expected.AsSpan().SequenceEqual(inPlace), where + " CBC in place");
        ourChain = (byte[])iv.Clone();
        ours.CbcMac!.MacCbc(message, ourChain);
        Assert.Equal(chain, ourChain);
        ourChain = (byte[])iv.Clone();
        ours.CbcDecryptor!.DecryptCbc(inPlace, inPlace, ourChain);
        Assert.True(message.AsSpan().SequenceEqual(inPlace), where + " CBC decrypt in place");
        Assert.Equal(chain, ourChain);

        // CFB with a full-block segment.
        chain = (byte[])iv.Clone();
        for (int offset = 0; offset < length; offset += 16)
        {
            reference.EncryptBlocks(chain, chain);
            for (int n = 0; n < 16; n++)
            {
                chain[n] ^= message[offset + n];
            }

            chain.CopyTo(expected, offset);
        }

        ourChain = (byte[])iv.Clone();
        ours.CfbEncryptor!.EncryptCfb(message, actual, ourChain);
        Assert.True(expected.AsSpan().SequenceEqual(actual), where + " CFB");
        Assert.Equal(chain, ourChain);
    }
}

/// <summary>Skips, saying why, where neither SSSE3 nor 64-bit Arm AdvSimd is available (or intrinsics are off).</summary>
public sealed class VectorPermuteFactAttribute : FactAttribute
{
    public VectorPermuteFactAttribute()
    {
        if (!RijndaelCipher.Kernels.Get("vperm").IsSupported(16))
        {
            Skip = "no SSSE3 or 64-bit Arm AdvSimd in this process (or hardware intrinsics are disabled)";
        }
    }
}
