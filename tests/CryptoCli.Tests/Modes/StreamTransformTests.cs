using System;
using System.IO;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// <see cref="BlockCipherAlgorithm.CreateStreamEncryptor()"/> and <see
/// cref="BlockCipherAlgorithm.CreateStreamDecryptor()"/>:
/// CFB (every feedback size) and OFB as stream ciphers, any length, the last segment cut short, against BouncyCastle's
/// <see cref="CfbBlockCipher"/>/<see cref="OfbBlockCipher"/> over the input zero-extended to whole segments and
/// truncated, for Rijndael at every block size and Camellia; one call, single bytes, and <see cref="CryptoStream"/> in
/// random write sizes give the same bytes.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class StreamTransformTests
{
    public static TheoryData<string, int, CipherMode> CiphersAndModes()
    {
        var data = new TheoryData<string, int, CipherMode>();
        foreach ((string cipher, int blockBits) in new[]
        {
            ("rijndael", 128), ("rijndael", 160), ("rijndael", 192), ("rijndael", 224), ("rijndael", 256), ("camellia", 128),
        })
        {
            data.Add(cipher, blockBits, CipherMode.CFB);
            data.Add(cipher, blockBits, CipherMode.OFB);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CiphersAndModes))]
    public void AnyLengthAtEveryFeedbackSizeMatchesBouncyCastleTruncated(
        string cipher,
        int blockBits,
        CipherMode mode) =>
        FeedbackSegmentTransformTests.WithinBound(() =>
    {
        Random random = TestRandom.Create(5400 + blockBits + cipher.Length + (mode == CipherMode.OFB ? 1 : 0));
        int blockBytes = blockBits / 8;
        using BlockCipherAlgorithm ours = Create(cipher, blockBits);
        ours.Mode = mode;
        ours.Padding = PaddingMode.PKCS7; // ignored by the stream transforms
        for (int feedbackBits = 8; feedbackBits <= blockBits; feedbackBits += 8)
        {
            int segment = feedbackBits / 8;
            ours.FeedbackSize = feedbackBits;
            for (int trial = 0; trial < 3; trial++)
            {
                byte[] key = TestRandom.Bytes(random, 16 + 8 * random.Next(0, 3));
                byte[] iv = TestRandom.Bytes(random, blockBytes);
                int length = trial == 0 ? segment * random.Next(
                    1, 4) + random.Next(1, segment + 1) - 1 : random.Next(0, 5 * blockBytes);
                byte[] message = TestRandom.Bytes(random, length);
                string where = $"{cipher}-{blockBits} {mode}-{feedbackBits}, {length} bytes";

                byte[] extended = new byte[(length + segment - 1) / segment * segment];
                message.CopyTo(extended, 0);
                byte[] expected = BouncyCastle(
                    cipher, blockBits, mode, feedbackBits, true, key, iv, extended).AsSpan(0, length).ToArray();

                Assert.True(
                    expected.AsSpan().SequenceEqual(Final(ours.CreateStreamEncryptor(key, iv), message)),
                    where + " encrypt");
                Assert.True(
                    expected.AsSpan().SequenceEqual(ByteByByte(ours.CreateStreamEncryptor(key, iv), message)),
                    where + " encrypt byte by byte");
                Assert.True(
                    expected.AsSpan().SequenceEqual(Write(ours.CreateStreamEncryptor(key, iv), message, random)),
                    where + " encrypt CryptoStream");
                Assert.True(
                    message.AsSpan().SequenceEqual(Final(ours.CreateStreamDecryptor(key, iv), expected)),
                    where + " decrypt");
                Assert.True(
                    message.AsSpan().SequenceEqual(ByteByByte(ours.CreateStreamDecryptor(key, iv), expected)),
                    where + " decrypt byte by byte");
                Assert.True(
                    message.AsSpan().SequenceEqual(Write(ours.CreateStreamDecryptor(key, iv), expected, random)),
                    where + " decrypt CryptoStream");
                Assert.True(
                    message.AsSpan().SequenceEqual(Read(ours.CreateStreamDecryptor(key, iv), expected, random)),
                    where + " decrypt CryptoStream read");
            }
        }
    });

    [Fact]
    public void TheParameterlessFormsUseKeyAndIVAndTheTransformIsReusable()
    {
        using RijndaelCipher ours = RijndaelCipher.Create();
        ours.Mode = CipherMode.CFB;
        byte[] message = TestRandom.Bytes(TestRandom.Create(5500), 37);
        byte[] expected = Final(ours.CreateStreamEncryptor(ours.Key, ours.IV), message);
        using ICryptoTransform encryptor = ours.CreateStreamEncryptor();
        Assert.Equal(1, encryptor.InputBlockSize);
        Assert.Equal(1, encryptor.OutputBlockSize);
        Assert.True(encryptor.CanTransformMultipleBlocks);
        Assert.True(encryptor.CanReuseTransform);
        Assert.Equal(expected, encryptor.TransformFinalBlock(message, 0, message.Length));
        Assert.Equal(expected, encryptor.TransformFinalBlock(message, 0, message.Length)); // reset to the IV after the final block
        using ICryptoTransform decryptor = ours.CreateStreamDecryptor();
        byte[] first = new byte[20];
        Assert.Equal(20, decryptor.TransformBlock(expected, 0, 20, first, 0));
        byte[] rest = decryptor.TransformFinalBlock(expected, 20, expected.Length - 20);
        Assert.Equal(message, System.Linq.Enumerable.ToArray(System.Linq.Enumerable.Concat(first, rest)));

        // With RijndaelManaged's default feedback (128), the stream form is full-block CFB: a prefix of CFB-128 with
        // zero padding.
        byte[] zeroPadded = ours.EncryptCfb(message, ours.IV, PaddingMode.Zeros, 128);
        Assert.Equal(zeroPadded.AsSpan(0, message.Length).ToArray(), expected);
    }

    [Theory]
    [InlineData(CipherMode.ECB)]
    [InlineData(CipherMode.CBC)]
    [InlineData(CipherMode.CTS)]
    public void OtherModesAreRefused(CipherMode mode)
    {
        using Camellia cipher = Camellia.Create();
        cipher.Mode = mode;
        cipher.Padding = PaddingMode.None;
        Assert.Equal("Stream transforms exist for CipherMode.CFB and CipherMode.OFB only.",
            Assert.Throws<CryptographicException>(() => cipher.CreateStreamEncryptor()).Message);
        Assert.Throws<CryptographicException>(() => cipher.CreateStreamDecryptor(new byte[16], new byte[16]));
    }

    [Fact]
    public void BadKeysAndIVsAreRefusedAsCreateEncryptorRefusesThem()
    {
        using RijndaelCipher cipher = RijndaelCipher.Create();
        cipher.Mode = CipherMode.OFB;
        Assert.Equal(
            "rgbKey",
            Assert.Throws<ArgumentException>(() => cipher.CreateStreamEncryptor(new byte[15], new byte[16])).ParamName);
        Assert.Equal(
            "rgbIV",
            Assert.Throws<ArgumentException>(() => cipher.CreateStreamDecryptor(new byte[16], new byte[15])).ParamName);
        Assert.Throws<ArgumentNullException>(() => cipher.CreateStreamEncryptor(null!, new byte[16]));
        Assert.Throws<CryptographicException>(() => cipher.CreateStreamEncryptor(new byte[16], null));
        cipher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cipher.CreateStreamEncryptor(new byte[16], new byte[16]));
    }

    /// <summary>
    /// A bound on every transform: every cipher, block size, mode (ECB, CBC, CFB at every feedback size, OFB, CTS, and
    /// the stream forms), padding and a spread of lengths, through TransformBlock in whole-block chunks and
    /// TransformFinalBlock, both directions. Each case may succeed or throw a <see cref="CryptographicException"/>
    /// (a length the mode refuses); none may fail to return.
    /// </summary>
    [Fact]
    public void EveryTransformOfEveryModeReturns() => FeedbackSegmentTransformTests.WithinBound(() =>
    {
        Random random = TestRandom.Create(5600);
        var ciphers = new (Func<BlockCipherAlgorithm> Create, int BlockBits)[]
        {
            (() => Create("rijndael", 128), 128), (() => Create("rijndael", 160), 160), (() => Create("rijndael", 192), 192),
            (() => Create("rijndael", 224), 224), (() => Create("rijndael", 256), 256), (Camellia.Create, 128),
            (CipherUnicornA.Create, 128), (Hierocrypt3.Create, 128), (SC2000.Create, 128),
        };
        int cases = 0;
        foreach ((Func<BlockCipherAlgorithm> create, int blockBits) in ciphers)
        {
            using BlockCipherAlgorithm cipher = create();
            int blockBytes = blockBits / 8;
            byte[] key = TestRandom.Bytes(random, 16);
            byte[] iv = TestRandom.Bytes(random, blockBytes);
            foreach (CipherMode mode in new[] { CipherMode.ECB, CipherMode.CBC, CipherMode.CFB, CipherMode.OFB, CipherMode.CTS })
            {
                cipher.Mode = mode;
                bool feedback = mode is CipherMode.CFB or CipherMode.OFB;
                for (int feedbackBits = 8; feedbackBits <= (feedback ? blockBits : 8); feedbackBits += 8)
                {
                    cipher.FeedbackSize = feedbackBits;
                    foreach (PaddingMode padding in new[] { PaddingMode.None, PaddingMode.PKCS7, PaddingMode.Zeros })
                    {
                        if (mode == CipherMode.CTS && padding != PaddingMode.None)
                        {
                            continue;
                        }

                        cipher.Padding = padding;
                        foreach (int length in new[] { 0, 1, blockBytes - 1, blockBytes, blockBytes + 1, 2 * blockBytes, 3 * blockBytes + 5 })
                        {
                            byte[] input = TestRandom.Bytes(random, length);
                            Attempt(() => InChunks(cipher.CreateEncryptor(key, iv), input, blockBytes));
                            Attempt(() => InChunks(cipher.CreateDecryptor(key, iv), input, blockBytes));
                            if (feedback)
                            {
                                Attempt(() => InChunks(cipher.CreateStreamEncryptor(key, iv), input, 1));
                                Attempt(() => InChunks(cipher.CreateStreamDecryptor(key, iv), input, 1));
                            }

                            cases++;
                        }
                    }
                }
            }
        }

        Assert.True(cases > 3000, $"{cases} cases");

        static void Attempt(Action action)
        {
            try
            {
                action();
            }
            catch (CryptographicException)
            {
                // A length or padding the mode refuses, reported as the runtime reports it.
            }
        }
    });

    // ---- Helpers ----

    private static BlockCipherAlgorithm Create(string cipher, int blockBits)
    {
        if (cipher == "camellia")
        {
            return Camellia.Create();
        }

        RijndaelCipher rijndael = RijndaelCipher.Create();
        rijndael.BlockSize = blockBits;
        return rijndael;
    }

    private static byte[] BouncyCastle(
        string cipher,
        int blockBits,
        CipherMode mode,
        int feedbackBits,
        bool encrypt,
        byte[] key,
        byte[] iv,
        byte[] input)
    {
        IBlockCipher engine = cipher == "camellia" ? new CamelliaEngine() : new RijndaelEngine(blockBits);
        IBlockCipher chain = mode == CipherMode.CFB ? new CfbBlockCipher(
            engine, feedbackBits) : new OfbBlockCipher(engine, feedbackBits);
        chain.Init(encrypt, new ParametersWithIV(new KeyParameter(key), iv));
        int step = chain.GetBlockSize();
        byte[] output = new byte[input.Length];
        for (int offset = 0; offset < input.Length; offset += step)
        {
            chain.ProcessBlock(input, offset, output, offset);
        }

        return output;
    }

    private static byte[] Final(ICryptoTransform transform, byte[] input)
    {
        using (transform)
        {
            return transform.TransformFinalBlock(input, 0, input.Length);
        }
    }

    private static byte[] ByteByByte(ICryptoTransform transform, byte[] input)
    {
        using (transform)
        {
            byte[] output = new byte[input.Length];
            for (int i = 0; i < input.Length; i++)
            {
                Assert.Equal(1, transform.TransformBlock(input, i, 1, output, i));
            }

            Assert.Empty(transform.TransformFinalBlock(input, input.Length, 0));
            return output;
        }
    }

    private static byte[] InChunks(ICryptoTransform transform, byte[] input, int blockBytes)
    {
        using (transform)
        {
            var output = new MemoryStream();
            byte[] buffer = new byte[input.Length + 2 * blockBytes];
            int whole = input.Length / blockBytes * blockBytes;
            for (int offset = 0; offset < whole; offset += blockBytes)
            {
                output.Write(buffer, 0, transform.TransformBlock(input, offset, blockBytes, buffer, 0));
            }

            byte[] final = transform.TransformFinalBlock(input, whole, input.Length - whole);
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
            for (int offset = 0; offset < input.Length;)
            {
                int count = Math.Min(input.Length - offset, random.Next(1, 50));
                stream.Write(input, offset, count);
                offset += count;
            }
        }

        return sink.ToArray();
    }

    private static byte[] Read(ICryptoTransform transform, byte[] input, Random random)
    {
        using (transform)
        using (var stream = new CryptoStream(new MemoryStream(input), transform, CryptoStreamMode.Read))
        {
            var output = new MemoryStream();
            byte[] buffer = new byte[64];
            int read;
            while ((read = stream.Read(buffer, 0, random.Next(1, buffer.Length))) > 0)
            {
                output.Write(buffer, 0, read);
            }

            return output.ToArray();
        }
    }
}
