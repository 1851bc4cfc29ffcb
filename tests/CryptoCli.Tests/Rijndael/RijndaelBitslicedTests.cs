using System;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The constant-time bitsliced Rijndael kernel: its circuits against the S-box tables on every input, its key schedule
/// against the table one, its modes against BouncyCastle's RijndaelEngine for all 25 sizes (every batch length), and
/// its selection as the default with the table kernel's opt-in switch.
/// </summary>
public class RijndaelBitslicedTests
{
    [Fact]
    public void SBoxCircuits_MatchTheTablesOnAll256Inputs()
    {
        // Four rounds of 64 bytes cover the 256 inputs; each byte sits in a different bit position every round.
        for (int start = 0; start < 256; start += 64)
        {
            byte[] input = new byte[64];
            for (int i = 0; i < 64; i++)
            {
                input[i] = (byte)(start + ((i * 5 + start) & 63));
            }

            BitPlanes planes = ToPlanes(input);
            RijndaelBitslice.SubBytes(ref planes);
            byte[] forward = FromPlanes(planes);
            planes = ToPlanes(input);
            RijndaelBitslice.InverseSubBytes(ref planes);
            byte[] inverse = FromPlanes(planes);
            for (int i = 0; i < 64; i++)
            {
                Assert.Equal(RijndaelTables.SBox[input[i]], forward[i]);
                Assert.Equal(RijndaelTables.InverseSBox[input[i]], inverse[i]);
            }
        }
    }

    [Fact]
    public void SubWord_MatchesTheTable()
    {
        Random random = TestRandom.Create(11);
        for (int trial = 0; trial < 2000; trial++)
        {
            uint word = (uint)random.Next() ^ ((uint)random.Next() << 16);
            uint expected = RijndaelTables.SBox[(byte)word] | ((uint)RijndaelTables.SBox[(byte)(word >> 8)] << 8) |
                            ((uint)RijndaelTables.SBox[(byte)(word >> 16)] << 16) | ((uint)RijndaelTables.SBox[word >> 24] << 24);
            Assert.Equal(expected, RijndaelBitslice.SubWord(word));
        }
    }

    [Fact]
    public void LoadThenStore_IsTheIdentity_AndPutsRowsInLanes()
    {
        byte[] batch = TestRandom.Bytes(TestRandom.Create(3), 64);
        RijndaelBitslice.Load(ref batch[0], 16, out BitPlanes planes);
        BitPlanes copy = planes;
        byte[] back = new byte[64];
        RijndaelBitslice.Store(ref copy, ref back[0], 16);
        Assert.Equal(batch, back);

        // Bit i of row r, slot j is bit 16r + j of plane i; the slot's column is bytes 4j..4j+3.
        ulong[] p = { planes.P0, planes.P1, planes.P2, planes.P3, planes.P4, planes.P5, planes.P6, planes.P7 };
        for (int slot = 0; slot < 16; slot++)
        {
            for (int row = 0; row < 4; row++)
            {
                for (int bit = 0; bit < 8; bit++)
                {
                    Assert.Equal((batch[4 * slot + row] >> bit) & 1, (int)((p[bit] >> (16 * row + slot)) & 1));
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(RijndaelDifferentialTests.AllSizes), MemberType = typeof(RijndaelDifferentialTests))]
    public void KeySchedule_MatchesTheTableSchedule(int blockBits, int keyBits)
    {
        Random random = TestRandom.Create(blockBits * 7 + keyBits);
        for (int trial = 0; trial < 20; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keyBits / 8);
            Assert.Equal(RijndaelKeySchedule.ExpandEncryptionKey(key, blockBits / 32), RijndaelBitslice.ExpandKey(key, blockBits / 32));
        }
    }

    [Theory]
    [MemberData(nameof(RijndaelDifferentialTests.AllSizes), MemberType = typeof(RijndaelDifferentialTests))]
    public void MatchesBouncyCastle_EcbCbcCtr_EveryBatchLength(int blockBits, int keyBits)
    {
        Random random = TestRandom.Create(blockBits * 31 + keyBits);
        int blockBytes = blockBits / 8;
        byte[] key = TestRandom.Bytes(random, keyBits / 8);
        foreach (int lanes in new[] { 1, 2, 4 })
        {
            using var kernel = new RijndaelBitslicedKernel(key, blockBytes, lanes);
            Assert.Equal(lanes, kernel.Lanes);
            Assert.Equal(16 / (blockBits / 32), kernel.BlocksPerBatch);
            CheckEveryBatchLength(kernel, blockBits, key, random);
        }
    }

    private static void CheckEveryBatchLength(RijndaelBitslicedKernel kernel, int blockBits, byte[] key, Random random)
    {
        int blockBytes = blockBits / 8;
        int perStep = kernel.BlocksPerBatch * kernel.Lanes;

        // Every length from one block to a little over two steps of all lanes: full and partial batches, empty lanes.
        for (int blocks = 1; blocks <= 2 * perStep + 1; blocks++)
        {
            byte[] plaintext = TestRandom.Bytes(random, blocks * blockBytes);
            byte[] iv = TestRandom.Bytes(random, blockBytes);

            byte[] ecb = BouncyCastle(blockBits, key, plaintext, encrypt: true, iv: null);
            Assert.Equal(ecb, Apply(kernel.EncryptBlocks, plaintext));
            Assert.Equal(plaintext, Apply(kernel.DecryptBlocks, ecb));

            byte[] cbc = BouncyCastle(blockBits, key, plaintext, encrypt: true, iv);
            byte[] chain = (byte[])iv.Clone();
            byte[] output = new byte[plaintext.Length];
            kernel.EncryptCbc(plaintext, output, chain);
            Assert.Equal(cbc, output);
            Assert.Equal(cbc.AsSpan(cbc.Length - blockBytes).ToArray(), chain);

            chain = (byte[])iv.Clone();
            kernel.DecryptCbc(cbc, output, chain);
            Assert.Equal(plaintext, output);

            // In place, both directions.
            byte[] buffer = (byte[])plaintext.Clone();
            chain = (byte[])iv.Clone();
            kernel.EncryptCbc(buffer, buffer, chain);
            Assert.Equal(cbc, buffer);
            chain = (byte[])iv.Clone();
            kernel.DecryptCbc(buffer, buffer, chain);
            Assert.Equal(plaintext, buffer);
            buffer = (byte[])plaintext.Clone();
            kernel.EncryptBlocks(buffer, buffer);
            Assert.Equal(ecb, buffer);
            kernel.DecryptBlocks(buffer, buffer);
            Assert.Equal(plaintext, buffer);

            // CTR, with a tail that is not a whole block.
            byte[] message = TestRandom.Bytes(random, blocks * blockBytes - random.Next(0, blockBytes));
            byte[] counter = (byte[])iv.Clone();
            byte[] ctr = new byte[message.Length];
            kernel.TransformCtr(message, ctr, counter);
            Assert.Equal(BouncyCastleCtr(blockBits, key, iv, message), ctr);
        }
    }

    [Fact]
    public void DefaultKernel_IsBitslicedWhereverTheHardwareIsNotUsed_TableKernelOnlyByOptIn()
    {
        using var cipher = RijndaelCipher.Create();
        Assert.False(cipher.AllowVariableTimeTableKernel);
        for (int blockBits = 128; blockBits <= 256; blockBits += 32)
        {
            cipher.BlockSize = blockBits;
            string name = cipher.Kernel.Name;
            bool hardware = (blockBits == 128 && RijndaelCipher.IsHardwareAccelerated) || (blockBits == 256 && RijndaelWideAesNiKernel.IsSupported);
            if (hardware)
            {
                Assert.StartsWith(RijndaelAesNiKernel.IsSupported ? "aesni" : "arm", name);
            }
            else if (blockBits == 128 && RijndaelCipher.Kernels.Get("vperm").IsSupported(16))
            {
                // No AES instructions, but byte shuffles: the constant-time vector-permute kernel.
                Assert.Equal("vperm", name);
            }
            else
            {
                Assert.Equal("bitsliced", name);
            }
        }

        cipher.BlockSize = 192;
        cipher.Mode = CipherMode.ECB;
        cipher.Padding = PaddingMode.None;
        byte[] plaintext = TestRandom.Bytes(TestRandom.Create(5), 96);
        byte[] ciphertext = cipher.EncryptEcb(plaintext, PaddingMode.None);
        BlockCipherKernel before = cipher.Kernel;

        cipher.AllowVariableTimeTableKernel = true;
        Assert.True(cipher.AllowVariableTimeTableKernel);
        Assert.NotSame(before, cipher.Kernel);
        Assert.Equal("portable", cipher.Kernel.Name);
        Assert.Equal(ciphertext, cipher.EncryptEcb(plaintext, PaddingMode.None)); // same key, same result
        using (ICryptoTransform encryptor = cipher.CreateEncryptor())
        {
            Assert.Equal(ciphertext, encryptor.TransformFinalBlock(plaintext, 0, plaintext.Length));
        }

        cipher.AllowVariableTimeTableKernel = false;
        Assert.Equal("bitsliced", cipher.Kernel.Name);
        Assert.Equal(plaintext, cipher.DecryptEcb(ciphertext, PaddingMode.None));
    }

    private delegate void SpanAction(ReadOnlySpan<byte> source, Span<byte> destination);

    private static byte[] Apply(SpanAction action, byte[] input)
    {
        byte[] output = new byte[input.Length];
        action(input, output);
        return output;
    }

    private static byte[] BouncyCastle(int blockBits, byte[] key, byte[] input, bool encrypt, byte[]? iv)
    {
        int blockBytes = blockBits / 8;
        Org.BouncyCastle.Crypto.IBlockCipher engine = new RijndaelEngine(blockBits);
        if (iv is null)
        {
            engine.Init(encrypt, new KeyParameter(key));
        }
        else
        {
            engine = new CbcBlockCipher(engine);
            engine.Init(encrypt, new ParametersWithIV(new KeyParameter(key), iv));
        }

        byte[] output = new byte[input.Length];
        for (int offset = 0; offset < input.Length; offset += blockBytes)
        {
            engine.ProcessBlock(input, offset, output, offset);
        }

        return output;
    }

    private static byte[] BouncyCastleCtr(int blockBits, byte[] key, byte[] counter, byte[] message)
    {
        var ctr = new SicBlockCipher(new RijndaelEngine(blockBits));
        ctr.Init(true, new ParametersWithIV(new KeyParameter(key), counter));
        int blockBytes = blockBits / 8;
        byte[] padded = new byte[(message.Length + blockBytes - 1) / blockBytes * blockBytes];
        message.CopyTo(padded, 0);
        byte[] output = new byte[padded.Length];
        for (int offset = 0; offset < padded.Length; offset += blockBytes)
        {
            ctr.ProcessBlock(padded, offset, output, offset);
        }

        return output.AsSpan(0, message.Length).ToArray();
    }

    private static BitPlanes ToPlanes(byte[] bytes)
    {
        // Byte k in position k of every plane; the circuits are position-independent.
        ulong[] p = new ulong[8];
        for (int k = 0; k < 64; k++)
        {
            for (int bit = 0; bit < 8; bit++)
            {
                p[bit] |= (ulong)((bytes[k] >> bit) & 1) << k;
            }
        }

        return new BitPlanes { P0 = p[0], P1 = p[1], P2 = p[2], P3 = p[3], P4 = p[4], P5 = p[5], P6 = p[6], P7 = p[7] };
    }

    private static byte[] FromPlanes(BitPlanes planes)
    {
        ulong[] p = { planes.P0, planes.P1, planes.P2, planes.P3, planes.P4, planes.P5, planes.P6, planes.P7 };
        byte[] bytes = new byte[64];
        for (int k = 0; k < 64; k++)
        {
            for (int bit = 0; bit < 8; bit++)
            {
                bytes[k] |= (byte)(((p[bit] >> k) & 1) << bit);
            }
        }

        return bytes;
    }
}
