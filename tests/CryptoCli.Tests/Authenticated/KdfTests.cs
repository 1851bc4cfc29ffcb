using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using System.Text;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Generators;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// <see cref="SP800108CmacKdf"/>: every file of Vectors/kbkdf (NIST CAVP KBKDF CMAC-AES, RFC 6803) on every AES and
/// Camellia kernel; random derivations against a test-side reconstruction over <see cref="BlockCipherCmac"/> (every
/// mode, counter width and location) and against BouncyCastle's <c>KdfCounterBytesGenerator</c>,
/// <c>KdfFeedbackBytesGenerator</c> and <c>KdfDoublePipelineIterationBytesGenerator</c> with <c>CMac</c> (every width
/// and every location they can express); the counter-wrap limit against BouncyCastle's; every bad argument.
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

    /// <summary>Every counter width, and in counter mode every location (BouncyCastle's prefix and suffix around the
    /// counter), against BouncyCastle; feedback and double-pipeline modes with the counter after the iteration
    /// variable, the one place BouncyCastle puts it, and without a counter.</summary>
    [Theory]
    [InlineData(16)]
    [InlineData(24)]
    [InlineData(32)]
    public void AgainstBouncyCastle_EveryCounterWidth(int keyBytes)
    {
        var random = TestRandom.Create(8200 + keyBytes);
        foreach (int r in new[] { 8, 16, 24, 32 })
        {
            for (int trial = 0; trial < 24; trial++)
            {
                byte[] key = TestRandom.Bytes(random, keyBytes);
                byte[] fixedInput = TestRandom.Bytes(random, random.Next(0, 60));
                byte[] iv = TestRandom.Bytes(random, trial % 4 == 0 ? 0 : 16);
                int length = trial == 0 ? (r == 8 ? 255 * 16 : 4096) : random.Next(1, 200);
                int split = (trial % 3) switch
                {
                    0 => 0,
                    1 => fixedInput.Length,
                    _ => random.Next(0, fixedInput.Length + 1),
                };
                byte[] before = fixedInput.Take(split).ToArray(), after = fixedInput.Skip(split).ToArray();
                string where = $"r = {r}, trial {trial}, {length} bytes, split at {split} of {fixedInput.Length}";
                using var aes = RijndaelCipher.Create();
                aes.Key = key;
                using var kdf = new SP800108CmacKdf(aes);
                byte[] expected = new byte[length], actual = new byte[length];

                var counter = new KdfCounterBytesGenerator(new CMac(new AesEngine()));
                counter.Init(new KdfCounterParameters(key, before, after, r));
                counter.GenerateBytes(expected, 0, length);
                kdf.DeriveKeyFromFixedInput(before, after, actual, r);
                Assert.True(expected.SequenceEqual(actual), $"{where}: counter mode, two parts");
                if (split == 0 || split == fixedInput.Length)
                {
                    Array.Clear(actual, 0, length);
                    kdf.DeriveKeyFromFixedInput(fixedInput, actual, split == 0
                        ? SP800108CounterLocation.BeforeFixedInput : SP800108CounterLocation.AfterFixedInput, r);
                    Assert.True(expected.SequenceEqual(actual), $"{where}: counter mode, location");
                }

                var feedback = new KdfFeedbackBytesGenerator(new CMac(new AesEngine()));
                feedback.Init(KdfFeedbackParameters.CreateWithCounter(key, iv, fixedInput, r));
                feedback.GenerateBytes(expected, 0, length);
                kdf.DeriveKeyFeedbackFromFixedInput(
                    iv, fixedInput, actual, SP800108CounterLocation.BeforeFixedInput, r);
                Assert.True(expected.SequenceEqual(actual), $"{where}: feedback mode");

                var pipeline = new KdfDoublePipelineIterationBytesGenerator(new CMac(new AesEngine()));
                pipeline.Init(KdfDoublePipelineIterationParameters.CreateWithCounter(key, fixedInput, r));
                pipeline.GenerateBytes(expected, 0, length);
                kdf.DeriveKeyDoublePipelineFromFixedInput(
                    fixedInput, actual, SP800108CounterLocation.BeforeFixedInput, r);
                Assert.True(expected.SequenceEqual(actual), $"{where}: double-pipeline mode");

                if (r == 32)
                {
                    pipeline = new KdfDoublePipelineIterationBytesGenerator(new CMac(new AesEngine()));
                    pipeline.Init(KdfDoublePipelineIterationParameters.CreateWithoutCounter(key, fixedInput));
                    pipeline.GenerateBytes(expected, 0, length);
                    kdf.DeriveKeyDoublePipelineFromFixedInput(fixedInput, actual, includeCounter: false);
                    Assert.True(expected.SequenceEqual(actual), $"{where}: double-pipeline mode, no counter");
                }
            }
        }
    }

    /// <summary>Every mode, counter width and location against the definition written out, including the feedback and
    /// double-pipeline locations BouncyCastle cannot express (before the iteration variable, after the fixed input),
    /// and the label-and-context forms of double-pipeline mode.</summary>
    [Theory]
    [InlineData("aes", 16)]
    [InlineData("aes", 32)]
    [InlineData("camellia", 24)]
    public void AgainstCmacReconstruction_EveryWidthAndLocation(string cipherName, int keyBytes)
    {
        var random = TestRandom.Create(8300 + keyBytes + cipherName.Length);
        var locations = new[]
        {
            SP800108CounterLocation.BeforeFixedInput, SP800108CounterLocation.AfterFixedInput,
            SP800108CounterLocation.BeforeIterationVariable,
        };
        foreach (int r in new[] { 8, 16, 24, 32 })
        {
            foreach (SP800108CounterLocation location in locations)
            {
                for (int trial = 0; trial < 8; trial++)
                {
                    using BlockCipherAlgorithm cipher =
                        cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
                    cipher.Key = TestRandom.Bytes(random, keyBytes);
                    byte[] fixedInput = TestRandom.Bytes(random, random.Next(0, 50));
                    byte[] iv = TestRandom.Bytes(random, trial % 3 == 0 ? 0 : random.Next(1, 33));
                    int length = random.Next(0, 120);
                    string where = $"r = {r}, {location}, trial {trial}, {length} bytes";
                    using var kdf = new SP800108CmacKdf(cipher);
                    byte[] actual = new byte[length];

                    kdf.DeriveKeyFeedbackFromFixedInput(iv, fixedInput, actual, location, r);
                    Assert.True(Reconstruct(cipher, Pipe.Feedback, iv, r, location, fixedInput, length)
                        .SequenceEqual(actual), $"{where}: feedback mode");
                    kdf.DeriveKeyDoublePipelineFromFixedInput(fixedInput, actual, location, r);
                    Assert.True(Reconstruct(cipher, Pipe.DoublePipeline, null, r, location, fixedInput, length)
                        .SequenceEqual(actual), $"{where}: double-pipeline mode");
                    if (location != SP800108CounterLocation.BeforeIterationVariable)
                    {
                        kdf.DeriveKeyFromFixedInput(fixedInput, actual, location, r);
                        Assert.True(Reconstruct(cipher, Pipe.None, null, r, location, fixedInput, length)
                            .SequenceEqual(actual), $"{where}: counter mode");
                    }
                }
            }
        }

        for (int trial = 0; trial < 20; trial++)
        {
            using BlockCipherAlgorithm cipher = cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
            cipher.Key = TestRandom.Bytes(random, keyBytes);
            byte[] label = TestRandom.Bytes(random, random.Next(0, 40));
            byte[] context = TestRandom.Bytes(random, random.Next(0, 40));
            int length = random.Next(0, 100);
            byte[] fixedInput = label.Concat(new byte[1]).Concat(context).Concat(BigEndian((uint)length * 8)).ToArray();
            using var kdf = new SP800108CmacKdf(cipher);
            foreach (bool withCounter in new[] { true, false })
            {
                Assert.True(Reconstruct(cipher, Pipe.DoublePipeline, null, withCounter ? 32 : 0,
                        SP800108CounterLocation.BeforeFixedInput, fixedInput, length)
                    .SequenceEqual(kdf.DeriveKeyDoublePipeline(label, context, length, withCounter)),
                    $"trial {trial}, {length} bytes, counter {withCounter}: double-pipeline mode");
                byte[] raw = new byte[length];
                kdf.DeriveKeyDoublePipelineFromFixedInput(fixedInput, raw, withCounter);
                Assert.Equal(kdf.DeriveKeyDoublePipeline(label, context, length, withCounter), raw);
            }
        }
    }

    /// <summary>An r-bit counter gives at most 2ʳ − 1 blocks (SP 800-108: n ≤ 2ʳ − 1): the largest output is
    /// accepted and agrees with BouncyCastle; one byte more is refused before anything is written. (BouncyCastle
    /// accepts up to 2ʳ · 16 − 1 bytes, one block more, whose counter does not fit in r bits, so it is no oracle for
    /// the limit.)</summary>
    [Theory]
    [InlineData(8)]
    [InlineData(16)]
    public void CounterNeverWraps(int r)
    {
        byte[] key = TestRandom.Bytes(TestRandom.Create(8400 + r), 16), fixedInput = new byte[20];
        int largest = ((1 << r) - 1) * 16;
        using var aes = RijndaelCipher.Create();
        aes.Key = key;
        using var kdf = new SP800108CmacKdf(aes);

        byte[] expected = new byte[largest], actual = new byte[largest];
        var counter = new KdfCounterBytesGenerator(new CMac(new AesEngine()));
        counter.Init(new KdfCounterParameters(key, fixedInput, r));
        counter.GenerateBytes(expected, 0, largest);
        kdf.DeriveKeyFromFixedInput(fixedInput, actual, SP800108CounterLocation.BeforeFixedInput, r);
        Assert.Equal(expected, actual);

        byte[] tooLong = new byte[largest + 1];
        foreach (SP800108CounterLocation location in new[]
            { SP800108CounterLocation.BeforeFixedInput, SP800108CounterLocation.AfterFixedInput })
        {
            Assert.Throws<ArgumentOutOfRangeException>("destination",
                () => kdf.DeriveKeyFromFixedInput(fixedInput, tooLong, location, r));
            Assert.Throws<ArgumentOutOfRangeException>("destination",
                () => kdf.DeriveKeyFeedbackFromFixedInput(default, fixedInput, tooLong, location, r));
            Assert.Throws<ArgumentOutOfRangeException>("destination",
                () => kdf.DeriveKeyDoublePipelineFromFixedInput(fixedInput, tooLong, location, r));
        }

        Assert.Throws<ArgumentOutOfRangeException>("destination",
            () => kdf.DeriveKeyFromFixedInput(fixedInput.AsSpan(0, 10), fixedInput.AsSpan(10), tooLong, r));
        Assert.All(tooLong, b => Assert.Equal(0, b));
    }

    [Fact]
    public void BadCounterArguments()
    {
        using var aes = RijndaelCipher.Create();
        var kdf = new SP800108CmacKdf(aes);
        byte[] fixedInput = new byte[8], iv = new byte[16], destination = new byte[32];
        var after = SP800108CounterLocation.AfterFixedInput;
        foreach (int bits in new[] { 0, 1, 7, 12, 31, 33, 40, 64, -8, int.MinValue })
        {
            Assert.Throws<ArgumentOutOfRangeException>("counterBits",
                () => kdf.DeriveKeyFromFixedInput(fixedInput, destination, after, bits));
            Assert.Throws<ArgumentOutOfRangeException>("counterBits",
                () => kdf.DeriveKeyFromFixedInput(fixedInput, fixedInput, destination, bits));
            Assert.Throws<ArgumentOutOfRangeException>("counterBits",
                () => kdf.DeriveKeyFeedbackFromFixedInput(iv, fixedInput, destination, after, bits));
            Assert.Throws<ArgumentOutOfRangeException>("counterBits",
                () => kdf.DeriveKeyDoublePipelineFromFixedInput(fixedInput, destination, after, bits));
        }

        // Counter mode has no iteration variable; an undefined location is refused everywhere.
        Assert.Throws<ArgumentOutOfRangeException>("counterLocation", () => kdf.DeriveKeyFromFixedInput(
            fixedInput, destination, SP800108CounterLocation.BeforeIterationVariable));
        foreach (var bad in new[] { (SP800108CounterLocation)3, (SP800108CounterLocation)(-1) })
        {
            Assert.Throws<ArgumentOutOfRangeException>("counterLocation",
                () => kdf.DeriveKeyFromFixedInput(fixedInput, destination, bad));
            Assert.Throws<ArgumentOutOfRangeException>("counterLocation",
                () => kdf.DeriveKeyFeedbackFromFixedInput(iv, fixedInput, destination, bad));
            Assert.Throws<ArgumentOutOfRangeException>("counterLocation",
                () => kdf.DeriveKeyDoublePipelineFromFixedInput(fixedInput, destination, bad));
        }

        Assert.All(destination, b => Assert.Equal(0, b));

        Assert.Throws<ArgumentOutOfRangeException>("derivedKeyLengthInBytes",
            () => kdf.DeriveKeyDoublePipeline(fixedInput, fixedInput, -1));
        Assert.Throws<ArgumentOutOfRangeException>("destination",
            () => kdf.DeriveKeyDoublePipeline(fixedInput, fixedInput, new byte[int.MaxValue / 8 + 1]));

        byte[] buffer = new byte[64];
        Assert.Throws<ArgumentException>("destination",
            () => kdf.DeriveKeyFromFixedInput(default, buffer.AsSpan(0, 8), buffer.AsSpan(4, 32), 8));
        Assert.Throws<ArgumentException>("destination",
            () => kdf.DeriveKeyDoublePipelineFromFixedInput(buffer.AsSpan(0, 8), buffer.AsSpan(4, 32)));

        kdf.Dispose();
        Assert.Throws<ObjectDisposedException>(() => kdf.DeriveKeyFromFixedInput(fixedInput, destination, after));
        Assert.Throws<ObjectDisposedException>(
            () => kdf.DeriveKeyFeedbackFromFixedInput(iv, fixedInput, destination, after));
        Assert.Throws<ObjectDisposedException>(() => kdf.DeriveKeyDoublePipeline(fixedInput, fixedInput, 16));
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
    public void Dispose_WipesTheKeyScheduleAndTheSubkeys()
    {
        byte[] key = Enumerable.Range(1, 16).Select(i => (byte)i).ToArray();
        BlockCipherKernel kernel = XtsTests.Kernels("aes").First().Create(key, 16);
        var kdf = new SP800108CmacKdf(kernel);
        byte[] subkeys = (byte[])typeof(SP800108CmacKdf)
            .GetField("_subkeys", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!
            .GetValue(kdf)!;
        Assert.Contains(subkeys, b => b != 0);
        Assert.False(kernel.HasBeenWiped());
        kdf.Dispose();
        Assert.True(kernel.HasBeenWiped());
        Assert.All(subkeys, b => Assert.Equal(0, b));
    }

    [Fact]
    public void NullArguments_NamedInTheRuntimesOrder()
    {
        using var aes = RijndaelCipher.Create();
        using var kdf = new SP800108CmacKdf(aes);
        byte[] label = new byte[4], context = new byte[4];
        Assert.Throws<ArgumentNullException>("context", () => kdf.DeriveKey("", (string)null!, 16));
        Assert.Throws<ArgumentNullException>("label",
            () => SP800108CmacKdf.DeriveBytes(aes, (byte[])null!, context, 16));
        Assert.Throws<ArgumentNullException>("context",
            () => SP800108CmacKdf.DeriveBytes(aes, label, (byte[])null!, 16));
        Assert.Throws<ArgumentNullException>("label", () => SP800108CmacKdf.DeriveBytes(aes, (string)null!, "", 16));
        Assert.Throws<ArgumentNullException>("context", () => SP800108CmacKdf.DeriveBytes(aes, "", (string)null!, 16));
        // A null argument is reported before a bad length, as the runtime's SP800108HmacCounterKdf does.
        Assert.Throws<ArgumentNullException>("cipher", () => SP800108CmacKdf.DeriveBytes(null!, label, context, -1));
    }

    [Fact]
    public void DestinationLongerThanTheLengthField_RefusedBeforeAnyWork()
    {
        using var aes = RijndaelCipher.Create();
        using var kdf = new SP800108CmacKdf(aes);
        // L is 32 bits of bits: a destination of more than int.MaxValue / 8 bytes is refused by every form that
        // encodes L. The memory is allocated but never touched, so the system does not commit it.
        int length = int.MaxValue / 8 + 1;
        IntPtr memory = Marshal.AllocHGlobal(length);
        try
        {
            Assert.Throws<ArgumentOutOfRangeException>("destination", () => kdf.DeriveKey(
                new byte[4], new byte[4], Destination(memory, length)));
            Assert.Throws<ArgumentOutOfRangeException>("destination", () => kdf.DeriveKeyFeedback(
                new byte[16], new byte[4], new byte[4], Destination(memory, length)));
            Assert.Throws<ArgumentOutOfRangeException>("destination", () => kdf.DeriveKeyDoublePipeline(
                new byte[4], new byte[4], Destination(memory, length)));
        }
        finally
        {
            Marshal.FreeHGlobal(memory);
        }

        static unsafe Span<byte> Destination(IntPtr memory, int length) => new((void*)memory, length);
    }

    [Fact]
    public void OverlapMessage_NamesTheDestinationAndTheInputs()
    {
        using var aes = RijndaelCipher.Create();
        using var kdf = new SP800108CmacKdf(aes);
        byte[] buffer = new byte[64];
        ArgumentException overlap = Assert.Throws<ArgumentException>("destination",
            () => kdf.DeriveKey(buffer.AsSpan(0, 8), default, buffer.AsSpan(4, 32)));
        Assert.StartsWith(
            "The destination must not overlap with the inputs.", overlap.Message, StringComparison.Ordinal);
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

    private enum Pipe
    {
        None,
        Feedback,
        DoublePipeline,
    }

    /// <summary>SP 800-108 from the definition with an r-bit counter (none when <paramref name="r"/> is 0) where
    /// <paramref name="location"/> says: counter mode when <paramref name="pipe"/> is None, else feedback mode (K(0) =
    /// <paramref name="iv"/>) or double-pipeline mode (A(0) = <paramref name="fixedInput"/>).</summary>
    private static byte[] Reconstruct(
        BlockCipherAlgorithm cipher,
        Pipe pipe,
        byte[]? iv,
        int r,
        SP800108CounterLocation location,
        byte[] fixedInput,
        int length)
    {
        var output = new List<byte>();
        byte[] previous = iv ?? Array.Empty<byte>(), a = fixedInput;
        for (uint i = 1; output.Count < length; i++)
        {
            byte[] counter = r == 0 ? Array.Empty<byte>() : BigEndian(i).Skip(4 - r / 8).ToArray();
            byte[] iteration = pipe switch
            {
                Pipe.Feedback => previous,
                Pipe.DoublePipeline => a = BlockCipherCmac.HashData(cipher, a),
                _ => Array.Empty<byte>(),
            };
            IEnumerable<byte> input = location switch
            {
                SP800108CounterLocation.BeforeIterationVariable => counter.Concat(iteration).Concat(fixedInput),
                SP800108CounterLocation.AfterFixedInput => iteration.Concat(fixedInput).Concat(counter),
                _ => iteration.Concat(counter).Concat(fixedInput),
            };
            previous = BlockCipherCmac.HashData(cipher, input.ToArray());
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
