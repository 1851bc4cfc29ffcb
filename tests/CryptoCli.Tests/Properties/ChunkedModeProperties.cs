using System;
using System.IO;
using System.Security.Cryptography;
using CsCheck;
using Xunit;

namespace CryptoCli.Tests.Properties;

/// <summary>
/// Property: for every mode (ECB, CBC, CFB and OFB with a random feedback size, CTS) and padding, any split of the
/// input through <see cref="CryptoStream"/> (writing or reading) or straight through
/// <see cref="ICryptoTransform.TransformBlock"/> gives the one-shot's bytes, in both directions. The one-shot is
/// <c>EncryptEcb</c>/<c>EncryptCbc</c>/<c>EncryptCfb</c> (and their Decrypt twins); for OFB and CTS it is
/// <see cref="ICryptoTransform.TransformFinalBlock"/> over the whole input.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class ChunkedModeProperties
{
    /// <summary>How the chunks reach the transform.</summary>
    public enum Path
    {
        StreamWrite,
        StreamRead,
        TransformBlock,
    }

    public sealed record ModeCase(int Cipher, int BlockBits, CipherMode Mode, PaddingMode Padding, int FeedbackBytes,
        byte[] Key, byte[] Iv, byte[] Data, int[] Chunks, Path Path, bool Encrypt)
    {
        public override string ToString() =>
            $"{PropertyRuns.CipherNames[Cipher]}-{BlockBits} {Mode} {Padding} CFB/OFB segment {FeedbackBytes}, " +
            $"{(Encrypt ? "encrypt" : "decrypt")} via {Path}, chunks {PropertyRuns.Chunks(Chunks)}, " +
            $"key {PropertyRuns.Hex(Key)}, iv {PropertyRuns.Hex(Iv)}, data ({Data.Length}) {PropertyRuns.Hex(Data)}";
    }

    private static readonly Gen<ModeCase> s_cases =
        from cb in PropertyRuns.CipherAndBlock
        from mode in Gen.OneOf(PropertyRuns.Modes)
        from padding in mode == CipherMode.CTS ? Gen.Const(PaddingMode.None) : Gen.OneOf(PropertyRuns.Paddings)
        from feedbackBytes in Gen.Int[1, cb.BlockBits / 8]
        from key in PropertyRuns.Key
        from iv in Gen.Byte.Array[cb.BlockBits / 8]
        from length in Gen.Int[0, 4 * cb.BlockBits / 8 + 3]
        from data in Gen.Byte.Array[DataLength(mode, padding, cb.BlockBits / 8, feedbackBytes, length)]
        from chunks in Gen.Int[0, 2 * cb.BlockBits / 8 + 1].Array[0, 6]
        from path in Gen.OneOf(Path.StreamWrite, Path.StreamRead, Path.TransformBlock)
        from encrypt in Gen.Bool
        select new ModeCase(cb.Cipher, cb.BlockBits, mode, padding, feedbackBytes, key, iv, data, chunks, path,
            encrypt);

    // Without padding the data is whole segments (blocks for ECB/CBC, the feedback size for CFB/OFB); CTS needs at
    // least one block and then takes any length.
    private static int DataLength(CipherMode mode, PaddingMode padding, int blockBytes, int feedbackBytes, int length)
    {
        if (mode == CipherMode.CTS)
        {
            return Math.Max(length, blockBytes);
        }

        if (padding != PaddingMode.None)
        {
            return length;
        }

        int segment = mode is CipherMode.CFB or CipherMode.OFB ? feedbackBytes : blockBytes;
        return length - length % segment;
    }

    [Fact]
    public void AnySplitGivesTheOneShotsBytes() =>
        PropertyRuns.Sample(s_cases, Check, 200, c => c.ToString());

    private static void Check(ModeCase c)
    {
        using BlockCipherAlgorithm cipher = PropertyRuns.CreateCipher(c.Cipher, c.BlockBits, c.Key);
        cipher.Mode = c.Mode;
        cipher.Padding = c.Padding;
        cipher.FeedbackSize = c.FeedbackBytes * 8;
        cipher.IV = c.Iv;
        if (c.Encrypt)
        {
            byte[] expected = OneShot(cipher, c, c.Data, encrypt: true);
            using ICryptoTransform encryptor = cipher.CreateEncryptor();
            byte[] actual = Chunked(encryptor, c.Data, c.Chunks, c.Path);
            if (c.Padding == PaddingMode.ISO10126)
            {
                // Random padding bytes: the same length, and the one-shot decrypts it to the data.
                Assert.Equal(expected.Length, actual.Length);
                PropertyRuns.Equal(c.Data, OneShot(cipher, c, actual, encrypt: false), "decrypted chunked output");
                return;
            }

            PropertyRuns.Equal(expected, actual, "chunked encryption");
        }
        else
        {
            byte[] ciphertext = OneShot(cipher, c, c.Data, encrypt: true);
            byte[] expected = OneShot(cipher, c, ciphertext, encrypt: false);
            using ICryptoTransform decryptor = cipher.CreateDecryptor();
            PropertyRuns.Equal(expected, Chunked(decryptor, ciphertext, c.Chunks, c.Path), "chunked decryption");
        }
    }

    private static byte[] OneShot(BlockCipherAlgorithm cipher, ModeCase c, byte[] input, bool encrypt)
    {
        switch (c.Mode)
        {
            case CipherMode.ECB:
                return encrypt ? cipher.EncryptEcb(input, c.Padding) : cipher.DecryptEcb(input, c.Padding);
            case CipherMode.CBC:
                return encrypt ? cipher.EncryptCbc(input, c.Iv, c.Padding) : cipher.DecryptCbc(input, c.Iv, c.Padding);
            case CipherMode.CFB:
                return encrypt
                    ? cipher.EncryptCfb(input, c.Iv, c.Padding, c.FeedbackBytes * 8)
                    : cipher.DecryptCfb(input, c.Iv, c.Padding, c.FeedbackBytes * 8);
            default:
                using (ICryptoTransform t = encrypt ? cipher.CreateEncryptor() : cipher.CreateDecryptor())
                {
                    return t.TransformFinalBlock(input, 0, input.Length);
                }
        }
    }

    private static byte[] Chunked(ICryptoTransform transform, byte[] input, int[] chunks, Path path)
    {
        using var output = new MemoryStream();
        switch (path)
        {
            case Path.StreamWrite:
                using (var stream = new CryptoStream(output, transform, CryptoStreamMode.Write, leaveOpen: true))
                {
                    foreach ((int offset, int length) in PropertyRuns.Split(input.Length, chunks))
                    {
                        stream.Write(input, offset, length);
                    }
                }

                break;
            case Path.StreamRead:
                using (var stream = new CryptoStream(new MemoryStream(input), transform, CryptoStreamMode.Read))
                {
                    byte[] buffer = new byte[input.Length + 64];
                    for (int i = 0; ; i++)
                    {
                        // A chunk may be longer than a short input's buffer (up to two blocks and a byte).
                        int want = chunks.Length == 0
                            ? buffer.Length
                            : Math.Min(buffer.Length, Math.Max(1, chunks[i % chunks.Length]));
                        int read = stream.Read(buffer, 0, want);
                        if (read == 0)
                        {
                            break;
                        }

                        output.Write(buffer, 0, read);
                    }
                }

                break;
            default:
                int block = transform.InputBlockSize;
                int done = 0;
                foreach (int chunk in chunks)
                {
                    int n = Math.Min(chunk - chunk % block, (input.Length - done) / block * block);
                    if (n > 0)
                    {
                        byte[] buffer = new byte[n + 2 * transform.OutputBlockSize];
                        int written = transform.TransformBlock(input, done, n, buffer, 0);
                        output.Write(buffer, 0, written);
                        done += n;
                    }
                }

                byte[] last = transform.TransformFinalBlock(input, done, input.Length - done);
                output.Write(last, 0, last.Length);
                break;
        }

        return output.ToArray();
    }
}
