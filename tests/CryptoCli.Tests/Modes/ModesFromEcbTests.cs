using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Self-consistency of every cipher (the CRYPTREC ones have no independent CFB/OFB/CTS implementation to compare with):
/// CFB, OFB, CTS and CTR rebuilt here from the cipher's own ECB one block at a time, written from the definitions
/// (NIST SP 800-38A, CBC-CS3), must equal the library's modes at every block size. Streaming CTR: chunks equal one
/// call, the caller's counter ends past the last block used, and the counter wraps around to zero.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class ModesFromEcbTests
{
    public static TheoryData<string> Ciphers() => BlockCipherContractTests.Ciphers();

    private static BlockCipherAlgorithm Create(string name) =>
        (BlockCipherAlgorithm)RegisteredKernelContractTests.CipherTypes().Single(t => t.Name == name)
            .GetMethod("Create", BindingFlags.Public | BindingFlags.Static, Type.EmptyTypes)!.Invoke(null, null)!;

    private static IEnumerable<int> BlockSizes(BlockCipherAlgorithm cipher) =>
        cipher.LegalBlockSizes.SelectMany(s => s.SkipSize == 0 ? new[] { s.MinSize } : Enumerable.Range(0, (s.MaxSize - s.MinSize) / s.SkipSize + 1).Select(i => s.MinSize + i * s.SkipSize));

    /// <summary>
    /// Runs <paramref name="check"/> for every block size of the cipher called <paramref name="name"/>, keyed at random,
    /// with the block size in bytes and the cipher's own ECB encryption of one block.
    /// </summary>
    private static void AtEveryBlockSize(string name, int seed, Action<BlockCipherAlgorithm, Random, int, Func<byte[], byte[]>> check)
    {
        Random random = TestRandom.Create(seed + name.Length);
        using BlockCipherAlgorithm cipher = Create(name);
        foreach (int blockBits in BlockSizes(cipher))
        {
            cipher.BlockSize = blockBits;
            cipher.Key = TestRandom.Bytes(random, cipher.LegalKeySizes[0].MinSize / 8);
            check(cipher, random, blockBits / 8, block => cipher.EncryptEcb(block, PaddingMode.None));
        }
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void CfbOfbCtsAndCtrEqualTheirDefinitionsOverEcb(string name) => AtEveryBlockSize(name, 4400, (cipher, random, b, E) =>
    {
        int blockBits = 8 * b;
        foreach (int feedbackBits in new[] { 8, 8 * (b / 2), blockBits })
        {
            int s = feedbackBits / 8;
            byte[] iv = TestRandom.Bytes(random, b);
            byte[] message = TestRandom.Bytes(random, s * random.Next(1, 4 * b / s + 3));
            string where = $"{name}-{blockBits}, feedback {feedbackBits}, {message.Length} bytes";

            // CFB: O = E(R); C = P xor O[0..s]; R = R[s..] || C.  OFB: the same, but R = R[s..] || O[0..s].
            byte[] cfb = new byte[message.Length], ofb = new byte[message.Length];
            byte[] cfbRegister = (byte[])iv.Clone(), ofbRegister = (byte[])iv.Clone();
            for (int offset = 0; offset < message.Length; offset += s)
            {
                byte[] cfbOutput = E(cfbRegister), ofbOutput = E(ofbRegister);
                for (int i = 0; i < s; i++)
                {
                    cfb[offset + i] = (byte)(message[offset + i] ^ cfbOutput[i]);
                    ofb[offset + i] = (byte)(message[offset + i] ^ ofbOutput[i]);
                }

                cfbRegister = cfbRegister.Skip(s).Concat(cfb.Skip(offset).Take(s)).ToArray();
                ofbRegister = ofbRegister.Skip(s).Concat(ofbOutput.Take(s)).ToArray();
            }

            Assert.True(cfb.AsSpan().SequenceEqual(cipher.EncryptCfb(message, iv, PaddingMode.None, feedbackBits)), where + " CFB");
            Assert.True(message.AsSpan().SequenceEqual(cipher.DecryptCfb(cfb, iv, PaddingMode.None, feedbackBits)), where + " CFB decrypt");
            cipher.Mode = CipherMode.OFB;
            cipher.FeedbackSize = feedbackBits;
            cipher.Padding = PaddingMode.None;
            using (ICryptoTransform encryptor = cipher.CreateEncryptor(cipher.Key, iv))
            {
                Assert.True(ofb.AsSpan().SequenceEqual(encryptor.TransformFinalBlock(message, 0, message.Length)), where + " OFB");
            }
        }

        for (int length = b; length <= 3 * b + 1; length += random.Next(1, b))
        {
            byte[] iv = TestRandom.Bytes(random, b);
            byte[] message = TestRandom.Bytes(random, length);
            Assert.True(CtsFromEcb(E, iv, message).AsSpan().SequenceEqual(cipher.EncryptCts(message, iv)), $"{name}-{blockBits} CTS, {length} bytes");
        }

        byte[] counter = TestRandom.Bytes(random, b);
        byte[] data = TestRandom.Bytes(random, 5 * b + 3);
        Assert.True(CtrFromEcb(E, counter, data).AsSpan().SequenceEqual(cipher.EncryptCtr(data, counter)), $"{name}-{blockBits} CTR");
    });

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void StreamingCtrInChunksEqualsOneCallAndAdvancesTheCounter(string name) => AtEveryBlockSize(name, 4500, (cipher, random, b, E) =>
    {
        int blockBits = 8 * b;
        for (int trial = 0; trial < 5; trial++)
        {
            byte[] initial = TestRandom.Bytes(random, b);
            if (trial < 2)
            {
                // Wraps from all ones to zero after three blocks.
                initial.AsSpan().Fill(0xFF);
                initial[b - 1] = 0xFD;
            }

            byte[] message = TestRandom.Bytes(random, random.Next(0, 40 * b));
            byte[] whole = cipher.EncryptCtr(message, initial);
            Assert.True(CtrFromEcb(E, initial, message).AsSpan().SequenceEqual(whole), $"{name}-{blockBits}: one call against ECB");

            byte[] counter = (byte[])initial.Clone();
            byte[] chunked = new byte[message.Length];
            for (int offset = 0; offset < message.Length;)
            {
                // Whole blocks, except that the last chunk may end inside one.
                int chunk = Math.Min(b * random.Next(0, 9), message.Length - offset);
                if (random.Next(4) == 0)
                {
                    chunk = message.Length - offset;
                }

                Assert.Equal(chunk, cipher.TransformCtr(message.AsSpan(offset, chunk), counter, chunked.AsSpan(offset, chunk)));
                offset += chunk;
            }

            Assert.True(whole.AsSpan().SequenceEqual(chunked), $"{name}-{blockBits}: chunks");
            Assert.Equal(Add(initial, (message.Length + b - 1) / b), counter);
        }

        // Too short a destination: nothing written, counter unchanged.
        byte[] kept = TestRandom.Bytes(random, b), before = (byte[])kept.Clone();
        byte[] destination = new byte[b];
        Assert.Throws<ArgumentException>("destination", () => cipher.TransformCtr(new byte[b + 1], kept, destination));
        Assert.Equal(before, kept);
        Assert.All(destination, x => Assert.Equal(0, x));
        Assert.Throws<ArgumentException>("counter", () => cipher.TransformCtr(new byte[b], new byte[b - 1], destination));
    });

    // CBC-CS3: CBC over the message zero-padded to whole blocks; the last two ciphertext blocks swapped and the
    // (new) last one cut to the length of the last plaintext block. One block is plain CBC.
    private static byte[] CtsFromEcb(Func<byte[], byte[]> encrypt, byte[] iv, byte[] message)
    {
        int b = iv.Length;
        int blocks = (message.Length + b - 1) / b;
        int lastLength = message.Length - (blocks - 1) * b;
        byte[] padded = new byte[blocks * b];
        message.CopyTo(padded, 0);
        byte[] cbc = new byte[padded.Length];
        byte[] chaining = iv;
        for (int i = 0; i < blocks; i++)
        {
            byte[] block = new byte[b];
            for (int j = 0; j < b; j++)
            {
                block[j] = (byte)(padded[i * b + j] ^ chaining[j]);
            }

            chaining = encrypt(block);
            chaining.CopyTo(cbc, i * b);
        }

        if (blocks == 1)
        {
            return cbc;
        }

        byte[] result = new byte[message.Length];
        cbc.AsSpan(0, (blocks - 2) * b).CopyTo(result);
        cbc.AsSpan((blocks - 1) * b, b).CopyTo(result.AsSpan((blocks - 2) * b));
        cbc.AsSpan((blocks - 2) * b, lastLength).CopyTo(result.AsSpan((blocks - 1) * b));
        return result;
    }

    // CTR: P xor E(counter), E(counter + 1), ... with a big-endian counter over the whole block, wrapping around.
    private static byte[] CtrFromEcb(Func<byte[], byte[]> encrypt, byte[] initialCounter, byte[] message)
    {
        int b = initialCounter.Length;
        byte[] result = new byte[message.Length];
        for (int offset = 0, block = 0; offset < message.Length; offset += b, block++)
        {
            byte[] keystream = encrypt(Add(initialCounter, block));
            for (int i = 0; i < b && offset + i < message.Length; i++)
            {
                result[offset + i] = (byte)(message[offset + i] ^ keystream[i]);
            }
        }

        return result;
    }

    // counter + n modulo 2^(8 * length), big-endian.
    private static byte[] Add(byte[] counter, int n)
    {
        byte[] result = (byte[])counter.Clone();
        int carry = n;
        for (int i = result.Length - 1; i >= 0 && carry != 0; i--)
        {
            int sum = result[i] + (carry & 0xFF);
            result[i] = (byte)sum;
            carry = (carry >> 8) + (sum >> 8);
        }

        return result;
    }
}
