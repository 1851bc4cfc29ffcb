using System;
using System.IO;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// CFB-8 and CFB-128 of <see cref="RijndaelCipher"/> against the runtime's <see cref="Aes"/> on random inputs: the
/// one-shots in every padding, and <see cref="CryptoStream"/> written and read in random chunk sizes, both ways
/// (each side decrypts what the other encrypted).
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class AesFeedbackModeTests
{
    public static TheoryData<int> FeedbackSizes() => new() { 8, 128 };

    // The runtime's Aes and ours, side by side, with a seeded random source.
    private static void WithBoth(int seed, Action<Aes, RijndaelCipher, Random> check)
    {
        using Aes aes = Aes.Create();
        using RijndaelCipher ours = RijndaelCipher.Create();
        check(aes, ours, TestRandom.Create(seed));
    }

    private static readonly PaddingMode[] s_paddings = { PaddingMode.None, PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.ISO10126 };

    [Theory]
    [MemberData(nameof(FeedbackSizes))]
    public void OneShotsMatchTheRuntime(int feedbackBits) => WithBoth(3800 + feedbackBits, (aes, ours, random) =>
    {
        foreach (int keyBits in new[] { 128, 192, 256 })
        {
            for (int trial = 0; trial < 30; trial++)
            {
                aes.Key = ours.Key = TestRandom.Bytes(random, keyBits / 8);
                byte[] iv = TestRandom.Bytes(random, 16);
                foreach (PaddingMode padding in s_paddings)
                {
                    int length = RandomLength(random, 150, padding, feedbackBits);

                    byte[] message = TestRandom.Bytes(random, length);
                    string where = $"AES-{keyBits} CFB-{feedbackBits} {padding}, {length} bytes";
                    byte[] expected = aes.EncryptCfb(message, iv, padding, feedbackBits);
                    byte[] actual = ours.EncryptCfb(message, iv, padding, feedbackBits);
                    Assert.Equal(expected.Length, actual.Length);
                    if (padding != PaddingMode.ISO10126)
                    {
                        Assert.True(expected.AsSpan().SequenceEqual(actual), where);
                    }

                    // Each decrypts the other's ciphertext as the runtime does (Zeros and None keep the padding bytes).
                    Assert.True(aes.DecryptCfb(actual, iv, padding, feedbackBits).AsSpan().SequenceEqual(ours.DecryptCfb(actual, iv, padding, feedbackBits)), where + " decrypt ours");
                    Assert.True(aes.DecryptCfb(expected, iv, padding, feedbackBits).AsSpan().SequenceEqual(ours.DecryptCfb(expected, iv, padding, feedbackBits)), where + " decrypt Aes's");
                    Assert.Equal(ours.GetCiphertextLengthCfb(length, padding, feedbackBits), aes.GetCiphertextLengthCfb(length, padding, feedbackBits));
                }
            }
        }
    });

    [Theory]
    [MemberData(nameof(FeedbackSizes))]
    public void CryptoStreamsInRandomChunksMatchTheRuntime(int feedbackBits) => WithBoth(3900 + feedbackBits, (aes, ours, random) =>
    {
        foreach (SymmetricAlgorithm algorithm in new SymmetricAlgorithm[] { aes, ours })
        {
            algorithm.Mode = CipherMode.CFB;
            algorithm.FeedbackSize = feedbackBits;
        }

        for (int trial = 0; trial < 40; trial++)
        {
            aes.Key = ours.Key = TestRandom.Bytes(random, 16 + 8 * random.Next(0, 3));
            aes.IV = ours.IV = TestRandom.Bytes(random, 16);
            PaddingMode padding = trial % 2 == 0 ? PaddingMode.PKCS7 : PaddingMode.None;
            aes.Padding = ours.Padding = padding;
            int length = RandomLength(random, 700, padding, feedbackBits);

            byte[] message = TestRandom.Bytes(random, length);
            string where = $"CFB-{feedbackBits} {padding}, {length} bytes, trial {trial}";
            byte[] expected = Write(aes.CreateEncryptor(), message, random);
            byte[] actual = Write(ours.CreateEncryptor(), message, random);
            Assert.True(expected.AsSpan().SequenceEqual(actual), where);
            Assert.True(message.AsSpan().SequenceEqual(Read(ours.CreateDecryptor(), expected, random)), where + " ours reads Aes's");
            Assert.True(message.AsSpan().SequenceEqual(Read(aes.CreateDecryptor(), actual, random)), where + " Aes reads ours");
            Assert.True(message.AsSpan().SequenceEqual(Write(ours.CreateDecryptor(), actual, random)), where + " ours decrypts written");
        }
    });

    // A random message length below max; whole segments when there is no padding.
    private static int RandomLength(Random random, int max, PaddingMode padding, int feedbackBits)
    {
        int length = random.Next(0, max);
        return padding == PaddingMode.None ? length - length % (feedbackBits / 8) : length;
    }

    // Writes input through a CryptoStream in random chunk sizes (0 to 70 bytes).
    private static byte[] Write(ICryptoTransform transform, byte[] input, Random random)
    {
        var sink = new MemoryStream();
        using (transform)
        using (var stream = new CryptoStream(sink, transform, CryptoStreamMode.Write, leaveOpen: true))
        {
            for (int offset = 0; offset < input.Length;)
            {
                int chunk = Math.Min(random.Next(0, 71), input.Length - offset);
                stream.Write(input, offset, chunk);
                offset += chunk;
            }
        }

        return sink.ToArray();
    }

    // Reads input back through a CryptoStream with random read sizes (1 to 70 bytes).
    private static byte[] Read(ICryptoTransform transform, byte[] input, Random random)
    {
        var result = new MemoryStream();
        using (transform)
        using (var stream = new CryptoStream(new MemoryStream(input), transform, CryptoStreamMode.Read))
        {
            byte[] buffer = new byte[70];
            int read;
            while ((read = stream.Read(buffer, 0, random.Next(1, 71))) > 0)
            {
                result.Write(buffer, 0, read);
            }
        }

        return result.ToArray();
    }
}
