using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Generators;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// <see cref="SP800108CmacKdf"/>: every file of Vectors/kbkdf (NIST CAVP KBKDF CMAC-AES, RFC 6803) on every AES and
/// Camellia kernel; random derivations against a test-side reconstruction over <see cref="BlockCipherCmac"/> and
/// against BouncyCastle's <c>KdfCounterBytesGenerator</c> and <c>KdfFeedbackBytesGenerator</c> with <c>CMac</c>;
/// every bad argument.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class KdfTests
{
    [Fact]
    public void AllVectorFiles_EveryKernel() => new KbkdfVectorChecks(CcmTests.Kernels).CheckEveryFile();

    [Theory]
    [InlineData("aes", 16)]
    [InlineData("aes", 32)]
    [InlineData("camellia", 16)]
    [InlineData("camellia", 24)]
    public void AgainstCmacReconstruction_EveryMode(string cipherName, int keyBytes)
    {
        var random = TestRandom.Create(8000 + keyBytes + cipherName.Length);
        for (int trial = 0; trial < 30; trial++)
        {
            using BlockCipherAlgorithm cipher = cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
            cipher.Key = TestRandom.Bytes(random, keyBytes);
            byte[] label = TestRandom.Bytes(random, random.Next(0, 40));
            byte[] context = TestRandom.Bytes(random, random.Next(0, 40));
            byte[] iv = TestRandom.Bytes(random, trial % 3 == 0 ? 0 : 16);
            int length = random.Next(0, 100);
            byte[] fixedInput = label.Concat(new byte[1]).Concat(context).Concat(BigEndian((uint)length * 8)).ToArray();
            string where = $"trial {trial}, {length} bytes";

            using var kdf = new SP800108CmacKdf(cipher);
            Assert.True(Reconstruct(cipher, null, true, fixedInput, length).SequenceEqual(
                kdf.DeriveKey(label, context, length)), $"{where}: counter mode");
            Assert.True(Reconstruct(cipher, iv, true, fixedInput, length).SequenceEqual(
                kdf.DeriveKeyFeedback(iv, label, context, length)), $"{where}: feedback mode");
            Assert.True(Reconstruct(cipher, iv, false, fixedInput, length).SequenceEqual(
                kdf.DeriveKeyFeedback(iv, label, context, length, includeCounter: false)),
                $"{where}: feedback, no counter");

            byte[] raw = new byte[length];
            kdf.DeriveKeyFromFixedInput(label, raw);
            Assert.True(Reconstruct(cipher, null, true, label, length).SequenceEqual(raw), $"{where}: raw counter");
            kdf.DeriveKeyFeedbackFromFixedInput(iv, label, raw);
            Assert.True(Reconstruct(cipher, iv, true, label, length).SequenceEqual(raw), $"{where}: raw feedback");

            Assert.Equal(
                kdf.DeriveKey(label, context, length), SP800108CmacKdf.DeriveBytes(cipher, label, context, length));
            byte[] oneShot = new byte[length];
            SP800108CmacKdf.DeriveBytesFeedback(cipher, iv, label, context, oneShot, includeCounter: false);
            Assert.Equal(kdf.DeriveKeyFeedback(iv, label, context, length, includeCounter: false), oneShot);
        }
    }

    [Theory]
    [InlineData(16)]
    [InlineData(24)]
    [InlineData(32)]
    public void AgainstBouncyCastle_CounterAndFeedback(int keyBytes)
    {
        var random = TestRandom.Create(8100 + keyBytes);
        for (int trial = 0; trial < 30; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keyBytes), fixedInput = TestRandom.Bytes(random, random.Next(0, 60));
            byte[] iv = TestRandom.Bytes(random, 16);
            int length = random.Next(1, 100);
            using var aes = RijndaelCipher.Create();
            aes.Key = key;
            using var kdf = new SP800108CmacKdf(aes);

            var counter = new KdfCounterBytesGenerator(new CMac(new AesEngine()));
            counter.Init(new KdfCounterParameters(key, fixedInput, 32));
            byte[] expected = new byte[length], actual = new byte[length];
            counter.GenerateBytes(expected, 0, length);
            kdf.DeriveKeyFromFixedInput(fixedInput, actual);
            Assert.Equal(expected, actual);

            foreach (bool withCounter in new[] { true, false })
            {
                var feedback = new KdfFeedbackBytesGenerator(new CMac(new AesEngine()));
                feedback.Init(withCounter
                    ? KdfFeedbackParameters.CreateWithCounter(key, iv, fixedInput, 32)
                    : KdfFeedbackParameters.CreateWithoutCounter(key, iv, fixedInput));
                feedback.GenerateBytes(expected, 0, length);
                kdf.DeriveKeyFeedbackFromFixedInput(iv, fixedInput, actual, withCounter);
                Assert.Equal(expected, actual);
            }
        }
    }

    [Fact]
    public void StringForms_AreUtf8()
    {
        using var aes = RijndaelCipher.Create();
        using var kdf = new SP800108CmacKdf(aes);
        Assert.Equal(kdf.DeriveKey(Encoding.UTF8.GetBytes("läbel"), Encoding.UTF8.GetBytes("cöntext"), 40),
            kdf.DeriveKey("läbel", "cöntext", 40));
        Assert.Equal(kdf.DeriveKey("läbel", "cöntext", 40), SP800108CmacKdf.DeriveBytes(aes, "läbel", "cöntext", 40));
        Assert.ThrowsAny<ArgumentException>(() => kdf.DeriveKey("\ud800", "", 16));
    }

    [Fact]
    public void BadArguments()
    {
        using var aes = RijndaelCipher.Create();
        var kdf = new SP800108CmacKdf(aes);
        byte[] label = new byte[4], context = new byte[4];
        Assert.Throws<ArgumentOutOfRangeException>("derivedKeyLengthInBytes", () => kdf.DeriveKey(label, context, -1));
        Assert.Throws<ArgumentOutOfRangeException>("derivedKeyLengthInBytes",
            () => kdf.DeriveKey(label, context, int.MaxValue / 8 + 1));
        Assert.Throws<ArgumentOutOfRangeException>("derivedKeyLengthInBytes",
            () => kdf.DeriveKeyFeedback(default, label, context, -1));
        Assert.Throws<ArgumentOutOfRangeException>("derivedKeyLengthInBytes",
            () => SP800108CmacKdf.DeriveBytes(aes, label, context, -1));
        Assert.Throws<ArgumentNullException>("label", () => kdf.DeriveKey((byte[])null!, context, 16));
        Assert.Throws<ArgumentNullException>("context", () => kdf.DeriveKey(label, (byte[])null!, 16));
        Assert.Throws<ArgumentNullException>("label", () => kdf.DeriveKey((string)null!, "", 16));
        Assert.Throws<ArgumentNullException>("cipher", () => new SP800108CmacKdf((BlockCipherAlgorithm)null!));
        Assert.Throws<ArgumentNullException>("cipher", () => SP800108CmacKdf.DeriveBytes(null!, label, context, 16));

        // The destination may not overlap an input (a later block would read what an earlier one wrote).
        byte[] buffer = new byte[64];
        Assert.Throws<ArgumentException>("destination",
            () => kdf.DeriveKey(buffer.AsSpan(0, 8), default, buffer.AsSpan(4, 32)));
        Assert.Throws<ArgumentException>("destination",
            () => kdf.DeriveKeyFeedback(buffer.AsSpan(0, 16), default, default, buffer.AsSpan(8, 32)));
        Assert.Empty(kdf.DeriveKey(label, context, 0));

        using var wide = RijndaelCipher.Create();
        wide.BlockSize = 192;
        Assert.Throws<ArgumentException>("cipher", () => new SP800108CmacKdf(wide));

        kdf.Dispose();
        kdf.Dispose();
        Assert.Throws<ObjectDisposedException>(() => kdf.DeriveKey(label, context, 16));
    }

    [Fact]
    public void KeyIsCopied()
    {
        using var aes = RijndaelCipher.Create();
        using var kdf = new SP800108CmacKdf(aes);
        byte[] before = kdf.DeriveKey(new byte[3], new byte[3], 32);
        aes.GenerateKey();
        Assert.Equal(before, kdf.DeriveKey(new byte[3], new byte[3], 32));
    }

    /// <summary>SP 800-108 over <see cref="BlockCipherCmac.HashData(BlockCipherAlgorithm, byte[])"/>, from the
    /// definition: counter mode when <paramref name="iv"/> is null, feedback mode otherwise.</summary>
    private static byte[] Reconstruct(
        BlockCipherAlgorithm cipher, byte[]? iv, bool counter, byte[] fixedInput, int length)
    {
        var output = new List<byte>();
        byte[] previous = iv ?? Array.Empty<byte>();
        for (uint i = 1; output.Count < length; i++)
        {
            IEnumerable<byte> input = iv is null ? Array.Empty<byte>() : previous;
            if (counter)
            {
                input = input.Concat(BigEndian(i));
            }

            previous = BlockCipherCmac.HashData(cipher, input.Concat(fixedInput).ToArray());
            output.AddRange(previous);
        }

        return output.Take(length).ToArray();
    }

    private static byte[] BigEndian(uint value)
    {
        byte[] bytes = new byte[4];
        BinaryPrimitives.WriteUInt32BigEndian(bytes, value);
        return bytes;
    }
}
