using System;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// CFB and OFB through <c>CreateEncryptor</c>/<c>CreateDecryptor</c> at every (block size, feedback size) pair of
/// <see cref="RijndaelCipher"/>, the 89 pairs whose feedback does not divide the block among them (a segment then
/// ends inside a <c>TransformBlock</c> call and continues in the next): <see cref="ICryptoTransform.TransformBlock"/>
/// in random whole-block chunks and <see cref="CryptoStream"/> in random write sizes, both directions, against the
/// one-shots and BouncyCastle's <see cref="CfbBlockCipher"/>/<see cref="OfbBlockCipher"/>. Every call runs under a
/// time bound, so a transform that stops making progress fails the test instead of hanging the run.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class FeedbackSegmentTransformTests
{
    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(60);

    /// <summary>Every (block size, feedback size) pair of Rijndael, in CFB and in OFB: one test case each.</summary>
    public static TheoryData<int, int, CipherMode> EveryPair()
    {
        var data = new TheoryData<int, int, CipherMode>();
        foreach (int blockBits in new[] { 128, 160, 192, 224, 256 })
        {
            for (int feedbackBits = 8; feedbackBits <= blockBits; feedbackBits += 8)
            {
                data.Add(blockBits, feedbackBits, CipherMode.CFB);
                data.Add(blockBits, feedbackBits, CipherMode.OFB);
            }
        }

        return data;
    }

    [Fact]
    public void EightyNinePairsHaveAFeedbackThatDoesNotDivideTheBlock()
    {
        int pairs = 0;
        foreach (int blockBytes in new[] { 16, 20, 24, 28, 32 })
        {
            for (int segment = 1; segment <= blockBytes; segment++)
            {
                pairs += blockBytes % segment != 0 ? 1 : 0;
            }
        }

        Assert.Equal(89, pairs);
    }

    /// <summary>
    /// A 192-bit block with 128-bit feedback, one block per TransformBlock call: the first call ends inside the second
    /// segment (before the fix the encryptor threw and the decryptor never returned). Two blocks are three segments.
    /// </summary>
    [Fact]
    public void OneBlockAtATimeOfA192BitBlockWith128BitFeedbackTransformsAndReturns() => WithinBound(() =>
    {
        using RijndaelCipher cipher = RijndaelCipher.Create();
        cipher.BlockSize = 192;
        cipher.Key = TestRandom.Bytes(TestRandom.Create(5100), 16);
        cipher.IV = new byte[24];
        cipher.Mode = CipherMode.CFB;
        cipher.FeedbackSize = 128;
        cipher.Padding = PaddingMode.None;
        byte[] message = TestRandom.Bytes(TestRandom.Create(5101), 48);
        byte[] ciphertext = new byte[48];
        using (ICryptoTransform encryptor = cipher.CreateEncryptor())
        {
            Assert.Equal(24, encryptor.TransformBlock(message, 0, 24, ciphertext, 0));
            Assert.Equal(24, encryptor.TransformBlock(message, 24, 24, ciphertext, 24));
            Assert.Empty(encryptor.TransformFinalBlock(Array.Empty<byte>(), 0, 0));
        }

        Assert.Equal(cipher.EncryptCfb(message, cipher.IV, PaddingMode.None, 128), ciphertext);
        byte[] plaintext = new byte[48];
        using (ICryptoTransform decryptor = cipher.CreateDecryptor())
        {
            Assert.Equal(24, decryptor.TransformBlock(ciphertext, 0, 24, plaintext, 0));
            Assert.Equal(24, decryptor.TransformBlock(ciphertext, 24, 24, plaintext, 24));
            Assert.Empty(decryptor.TransformFinalBlock(Array.Empty<byte>(), 0, 0));
        }

        Assert.Equal(message, plaintext);
    });

    [Theory]
    [MemberData(nameof(EveryPair))]
    public void TransformBlockChunksMatchBouncyCastle(
        int blockBits,
        int feedbackBits,
        CipherMode mode) =>
        WithinBound(() =>
    {
        Random random = TestRandom.Create(5200 + 8 * blockBits + feedbackBits + (mode == CipherMode.OFB ? 1 : 0));
        int blockBytes = blockBits / 8;
        using RijndaelCipher ours = RijndaelCipher.Create();
        ours.BlockSize = blockBits;
        ours.Mode = mode;
        ours.Padding = PaddingMode.None;
        {
            int segment = feedbackBits / 8;
            ours.FeedbackSize = feedbackBits;
            for (int trial = 0; trial < 3; trial++)
            {
                byte[] key = TestRandom.Bytes(random, 16 + 8 * random.Next(0, 3));
                byte[] iv = TestRandom.Bytes(random, blockBytes);
                // Whole segments, so that BouncyCastle (one segment per call) and PaddingMode.None take it.
                byte[] message = TestRandom.Bytes(random, segment * random.Next(0, 5 * blockBytes / segment + 3));
                string where = $"Rijndael-{blockBits} {mode}-{feedbackBits}, {message.Length} bytes, trial {trial}";
                byte[] expected = BouncyCastle(mode, blockBits, feedbackBits, true, key, iv, message);
                Assert.True(expected.AsSpan().SequenceEqual(InChunks(ours.CreateEncryptor(key, iv), message, blockBytes, random)), where + " encrypt");
                Assert.True(message.AsSpan().SequenceEqual(InChunks(ours.CreateDecryptor(key, iv), expected, blockBytes, random)), where + " decrypt");
                if (mode == CipherMode.CFB)
                {
                    ours.Key = key;
                    Assert.True(
                        expected.AsSpan().SequenceEqual(ours.EncryptCfb(message, iv, PaddingMode.None, feedbackBits)),
                        where + " one-shot");
                }
            }
        }
    });

    /// <summary>
    /// CryptoStream in random write sizes, with PKCS7 (the padding fills the last segment, as the one-shots pad it)
    /// and with None on whole segments: the one-shots' bytes both ways.
    /// </summary>
    [Theory]
    [MemberData(nameof(EveryPair))]
    public void CryptoStreamMatchesTheOneShots(int blockBits, int feedbackBits, CipherMode mode) => WithinBound(() =>
    {
        Random random = TestRandom.Create(5300 + 8 * blockBits + feedbackBits + (mode == CipherMode.OFB ? 1 : 0));
        int blockBytes = blockBits / 8;
        using RijndaelCipher ours = RijndaelCipher.Create();
        ours.BlockSize = blockBits;
        ours.Mode = mode;
        {
            int segment = feedbackBits / 8;
            ours.FeedbackSize = feedbackBits;
            foreach (PaddingMode padding in new[] { PaddingMode.PKCS7, PaddingMode.None, PaddingMode.Zeros, PaddingMode.ANSIX923 })
            {
                ours.Padding = padding;
                byte[] key = TestRandom.Bytes(random, 16 + 8 * random.Next(0, 3));
                byte[] iv = TestRandom.Bytes(random, blockBytes);
                int length = random.Next(0, 6 * blockBytes);
                if (padding == PaddingMode.None)
                {
                    length -= length % segment;
                }

                byte[] message = TestRandom.Bytes(random, length);
                string where = $"Rijndael-{blockBits} {mode}-{feedbackBits} {padding}, {length} bytes";
                byte[] expected = OneShot(mode, feedbackBits, padding, key, iv, message, blockBits);
                byte[] actual = Write(ours.CreateEncryptor(key, iv), message, random);
                Assert.True(expected.AsSpan().SequenceEqual(actual), where + " encrypt");
                byte[] decrypted = Write(ours.CreateDecryptor(key, iv), expected, random);
                byte[] expectedPlaintext = padding == PaddingMode.Zeros ? OneShotDecrypt(
                    mode, feedbackBits, padding, key, iv, expected, blockBits) : message;
                Assert.True(expectedPlaintext.AsSpan().SequenceEqual(decrypted), where + " decrypt");
            }
        }
    });

    /// <summary>A ciphertext whose length is not whole segments is refused, not looped on, through TransformBlock
    /// chunks.</summary>
    [Fact]
    public void ACiphertextThatEndsInsideASegmentIsRefusedAtTheEnd() => WithinBound(() =>
    {
        using RijndaelCipher ours = RijndaelCipher.Create();
        ours.BlockSize = 192;
        ours.Mode = CipherMode.CFB;
        ours.FeedbackSize = 128;
        ours.Padding = PaddingMode.None;
        using ICryptoTransform decryptor = ours.CreateDecryptor(new byte[16], new byte[24]);
        byte[] output = new byte[48];
        Assert.Equal(48, decryptor.TransformBlock(new byte[48], 0, 48, output, 0)); // 3 segments
        Assert.Throws<CryptographicException>(() => decryptor.TransformFinalBlock(new byte[8], 0, 8)); // 56 bytes: 3.5 segments
    });

    // ---- Helpers ----

    /// <summary>Runs <paramref name="action"/> on its own thread and fails the test if it has not returned within the
    /// bound.</summary>
    internal static void WithinBound(Action action)
    {
        Exception? failure = null;
        var thread = new Thread(() =>
        {
            try
            {
                action();
            }
            catch (Exception e)
            {
                failure = e;
            }
        })
        { IsBackground = true, Name = "bounded test" };
        thread.Start();
        Assert.True(
            thread.Join(s_bound),
            $"did not return within {s_bound.TotalSeconds} s: a transform that stopped making progress");
        if (failure is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(failure).Throw();
        }
    }

    /// <summary>TransformBlock over random whole-block chunks, then TransformFinalBlock over the rest.</summary>
    private static byte[] InChunks(ICryptoTransform transform, byte[] input, int blockBytes, Random random)
    {
        using (transform)
        {
            var output = new MemoryStream();
            int offset = 0;
            byte[] buffer = new byte[input.Length + blockBytes];
            while (input.Length - offset >= blockBytes && random.Next(0, 5) != 0)
            {
                int count = blockBytes * random.Next(1, (input.Length - offset) / blockBytes + 1);
                int written = transform.TransformBlock(input, offset, count, buffer, 0);
                Assert.InRange(written, 0, count);
                output.Write(buffer, 0, written);
                offset += count;
            }

            byte[] final = transform.TransformFinalBlock(input, offset, input.Length - offset);
            output.Write(final, 0, final.Length);
            return output.ToArray();
        }
    }

    private static byte[] Write(ICryptoTransform transform, byte[] input, Random random)
    {
        var sink = new MemoryStream();
        using (transform)
        using (var stream = new CryptoStream(sink, transform, CryptoStreamMode.Write, leaveOpen: true))
        {
            int offset = 0;
            while (offset < input.Length)
            {
                int count = Math.Min(input.Length - offset, random.Next(1, 70));
                stream.Write(input, offset, count);
                offset += count;
            }
        }

        return sink.ToArray();
    }

    private static byte[] OneShot(
        CipherMode mode,
        int feedbackBits,
        PaddingMode padding,
        byte[] key,
        byte[] iv,
        byte[] message,
        int blockBits)
    {
        if (mode == CipherMode.CFB)
        {
            using RijndaelCipher cipher = RijndaelCipher.Create();
            cipher.BlockSize = blockBits;
            cipher.Key = key;
            return cipher.EncryptCfb(message, iv, padding, feedbackBits);
        }

        // OFB has no one-shot: pad as the one-shots pad (to the segment), then BouncyCastle's OFB.
        int segment = feedbackBits / 8;
        int padded = padding == PaddingMode.None || (padding == PaddingMode.Zeros && message.Length % segment == 0)
            ? message.Length
            : message.Length - message.Length % segment + segment;
        byte[] input = new byte[padded];
        message.CopyTo(input, 0);
        byte pad = (byte)(padded - message.Length);
        if (padding == PaddingMode.PKCS7)
        {
            input.AsSpan(message.Length).Fill(pad);
        }
        else if (padding == PaddingMode.ANSIX923 && pad > 0)
        {
            input[padded - 1] = pad;
        }

        return BouncyCastle(mode, blockBits, feedbackBits, true, key, iv, input);
    }

    private static byte[] OneShotDecrypt(
        CipherMode mode,
        int feedbackBits,
        PaddingMode padding,
        byte[] key,
        byte[] iv,
        byte[] ciphertext,
        int blockBits)
    {
        if (mode == CipherMode.CFB)
        {
            using RijndaelCipher cipher = RijndaelCipher.Create();
            cipher.BlockSize = blockBits;
            cipher.Key = key;
            return cipher.DecryptCfb(ciphertext, iv, padding, feedbackBits);
        }

        return BouncyCastle(mode, blockBits, feedbackBits, false, key, iv, ciphertext);
    }

    private static byte[] BouncyCastle(
        CipherMode mode,
        int blockBits,
        int feedbackBits,
        bool encrypt,
        byte[] key,
        byte[] iv,
        byte[] input)
    {
        IBlockCipher cipher = mode == CipherMode.CFB
            ? new CfbBlockCipher(new RijndaelEngine(blockBits), feedbackBits)
            : new OfbBlockCipher(new RijndaelEngine(blockBits), feedbackBits);
        cipher.Init(encrypt, new ParametersWithIV(new KeyParameter(key), iv));
        int step = cipher.GetBlockSize();
        Assert.Equal(0, input.Length % step);
        byte[] output = new byte[input.Length];
        for (int offset = 0; offset < input.Length; offset += step)
        {
            cipher.ProcessBlock(input, offset, output, offset);
        }

        return output;
    }
}
