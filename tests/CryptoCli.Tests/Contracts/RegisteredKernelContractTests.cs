using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Every kernel of every block cipher's registry, pinned in turn behind the public type, through every mode of the
/// public API (ECB, CBC, CFB, OFB, CTS, CTR and the CryptoStream transform): all kernels that run in this process
/// must give the same bytes, and every entry the registry cannot run here is reported by the skipped-kernel test.
/// A kernel added to a registry is covered here the day it lands.
/// </summary>
public class RegisteredKernelContractTests
{
    public static IEnumerable<Type> CipherTypes() =>
        typeof(BlockCipherAlgorithm).Assembly.GetExportedTypes()
            .Where(t => !t.IsAbstract && typeof(BlockCipherAlgorithm).IsAssignableFrom(t))
            .OrderBy(t => t.Name, StringComparer.Ordinal);

    internal static KernelRegistry<BlockCipherKernelEntry> Registry(Type type) =>
        (KernelRegistry<BlockCipherKernelEntry>)type.GetField("Kernels",
            BindingFlags.NonPublic | BindingFlags.Static)!.GetValue(null)!;

    internal static BlockCipherAlgorithm Create(Type type) =>
        (BlockCipherAlgorithm)type.GetMethod("Create", BindingFlags.Public | BindingFlags.Static, Type.EmptyTypes)!.Invoke(null, null)!;

    private static IEnumerable<int> BlockSizes(BlockCipherAlgorithm cipher) =>
        cipher.LegalBlockSizes.SelectMany(s => s.SkipSize == 0 ? new[] { s.MinSize } : Enumerable.Range(0, (s.MaxSize - s.MinSize) / s.SkipSize + 1).Select(i => s.MinSize + i * s.SkipSize));

    /// <summary>(cipher, kernel) for every registered kernel that runs in this process (at some block size).</summary>
    public static TheoryData<string, string> Kernels()
    {
        var data = new TheoryData<string, string>();
        foreach ((Type type, BlockCipherKernelEntry entry) in AllEntries().Where(e => IsSupportedAtSomeSize(e.Type, e.Entry)))
        {
            data.Add(type.Name, entry.Name);
        }

        return data;
    }

    internal static IEnumerable<(Type Type, BlockCipherKernelEntry Entry)> AllEntries() =>
        CipherTypes().SelectMany(t => Registry(t).Entries.Select(e => (t, e)));

    internal static bool IsSupportedAtSomeSize(Type type, BlockCipherKernelEntry entry)
    {
        using BlockCipherAlgorithm cipher = Create(type);
        return BlockSizes(cipher).Any(bits => entry.IsSupported(bits / 8));
    }

    /// <summary>Reported as skipped, with the list, when some registered kernels cannot run in this process.</summary>
    [UnsupportedKernelsFact]
    public void KernelsThatCannotRunHereAreReportedAsSkipped() =>
        Assert.All(AllEntries(), e => Assert.True(IsSupportedAtSomeSize(e.Type, e.Entry)));

    [Fact]
    public void EveryCipherHasARegistryEndingInAKernelThatAlwaysRuns()
    {
        foreach (Type type in CipherTypes())
        {
            KernelRegistry<BlockCipherKernelEntry> registry = Registry(type);
            Assert.NotEmpty(registry.Entries);
            using BlockCipherAlgorithm cipher = Create(type);
            foreach (int blockBits in BlockSizes(cipher))
            {
                BlockCipherKernelEntry chosen = registry.Select(blockBits / 8);
                Assert.True(chosen.IsSupported(blockBits / 8), $"{type.Name}: default {chosen.Name} is not supported");
                Assert.Contains(registry.Entries,
                    e => e.Preference != KernelPreference.TestsAndBenchmarksOnly && !e.UsesHardware
                        && e.IsSupported(blockBits / 8));
            }

            Assert.Equal(registry.Select(cipher.BlockSize / 8).UsesHardware, (bool)type.GetProperty("IsHardwareAccelerated", BindingFlags.Public | BindingFlags.Static)!.GetValue(null)!);
        }
    }

    [Fact]
    public void VariableTimeOptInEntriesAreSkippedUnlessAllowed()
    {
        var registry = new KernelRegistry<BlockCipherKernelEntry>(
            new BlockCipherKernelEntry("tables", _ => true, (key, b) => new RijndaelPortableKernel(key, b), preference: KernelPreference.VariableTimeOptIn),
            new BlockCipherKernelEntry("constant", _ => true, (key, b) => new RijndaelPortableKernel(key, b), isConstantTime: true),
            new BlockCipherKernelEntry("never", _ => true, (key, b) => new RijndaelPortableKernel(key, b),
                preference: KernelPreference.TestsAndBenchmarksOnly));
        Assert.Equal("constant", registry.Select(16).Name);
        Assert.Equal("tables", registry.Select(16, allowVariableTime: true).Name);
        Assert.Equal("never", registry.Get("never").Name);
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void EveryKernelAgreesWithTheOthersInEveryMode(string cipherName, string kernelName)
    {
        Type type = CipherTypes().Single(t => t.Name == cipherName);
        KernelRegistry<BlockCipherKernelEntry> registry = Registry(type);
        BlockCipherKernelEntry entry = registry.Get(kernelName);
        using BlockCipherAlgorithm pinned = Create(type);
        using BlockCipherAlgorithm reference = Create(type);
        Random random = TestRandom.Create(cipherName.Length * 31 + kernelName.Length);
        foreach (int blockBits in BlockSizes(pinned))
        {
            int blockBytes = blockBits / 8;
            if (!entry.IsSupported(blockBytes))
            {
                continue;
            }

            // The reference: the last entry that always runs (a portable or reference kernel).
            reference.BlockSize = pinned.BlockSize = blockBits;
            reference.PinnedKernel = registry.Entries.Last(e => !e.UsesHardware && e.IsSupported(blockBytes)).Name;
            pinned.PinnedKernel = kernelName;
            reference.Key = pinned.Key = TestRandom.Bytes(random, pinned.LegalKeySizes[0].MaxSize / 8);
            Assert.Equal(kernelName, pinned.Kernel.Name.Split(':')[0]);
            foreach (int blocks in new[] { 1, 2, 7, 16, 33, 70 })
            {
                byte[] message = TestRandom.Bytes(random, blocks * blockBytes);
                byte[] iv = TestRandom.Bytes(random, blockBytes);
                string where = $"{cipherName}/{kernelName}, block {blockBits}, {blocks} blocks";
                AssertSame(reference.EncryptEcb(message, PaddingMode.None), pinned.EncryptEcb(message, PaddingMode.None), where + " ECB");
                AssertSame(message, pinned.DecryptEcb(pinned.EncryptEcb(message, PaddingMode.None), PaddingMode.None), where + " ECB round trip");
                byte[] cbc = reference.EncryptCbc(message, iv, PaddingMode.PKCS7);
                AssertSame(cbc, pinned.EncryptCbc(message, iv, PaddingMode.PKCS7), where + " CBC");
                AssertSame(message, pinned.DecryptCbc(cbc, iv, PaddingMode.PKCS7), where + " CBC decrypt");
                byte[] tail = message.AsSpan(0, message.Length - random.Next(0, blockBytes)).ToArray();
                AssertSame(reference.EncryptCtr(tail, iv), pinned.EncryptCtr(tail, iv), where + " CTR");
                if (tail.Length >= blockBytes)
                {
                    AssertSame(reference.EncryptCts(tail, iv), pinned.EncryptCts(tail, iv), where + " CTS");
                    AssertSame(tail, pinned.DecryptCts(pinned.EncryptCts(tail, iv), iv), where + " CTS round trip");
                }
                foreach (int feedback in new[] { 8, blockBits / 2, blockBits })
                {
                    byte[] cfb = reference.EncryptCfb(tail, iv, PaddingMode.PKCS7, feedback);
                    AssertSame(cfb, pinned.EncryptCfb(tail, iv, PaddingMode.PKCS7, feedback), $"{where} CFB-{feedback}");
                    AssertSame(tail, pinned.DecryptCfb(cfb, iv, PaddingMode.PKCS7, feedback), $"{where} CFB-{feedback} decrypt");
                    reference.FeedbackSize = pinned.FeedbackSize = feedback;
                    reference.Mode = pinned.Mode = CipherMode.OFB;
                    reference.Padding = pinned.Padding = PaddingMode.PKCS7;
                    byte[] ofb = Transform(reference.CreateEncryptor(reference.Key, iv), tail);
                    AssertSame(ofb, Transform(pinned.CreateEncryptor(pinned.Key, iv), tail), $"{where} OFB-{feedback}");
                    AssertSame(tail, Transform(pinned.CreateDecryptor(pinned.Key, iv), ofb), $"{where} OFB-{feedback} decrypt");
                }
            }

            // Counter widths (what GCM needs): the fused loop against the generic one, starting just below a wrap.
            foreach (CounterWidth width in new[] { CounterWidth.FullBlock, CounterWidth.Bits64, CounterWidth.Bits32 })
            {
                byte[] counter = TestRandom.Bytes(random, blockBytes);
                int counting = CounterBlocks.SizeInBytes(width, blockBytes);
                counter.AsSpan(blockBytes - counting).Fill(0xFF);
                counter[blockBytes - 1] = 0xF0; // wraps after 16 blocks
                byte[] data = TestRandom.Bytes(random, 40 * blockBytes + 5);
                byte[] expected = new byte[data.Length], actual = new byte[data.Length];
                byte[] expectedCounter = (byte[])counter.Clone(), actualCounter = (byte[])counter.Clone();
                Ctr.TransformWithBlocks(reference.Kernel, data, expected, expectedCounter, width);
                Ctr.Transform(pinned.Kernel, data, actual, actualCounter, width);
                AssertSame(expected, actual, $"{cipherName}/{kernelName} CTR {width}");
                AssertSame(expectedCounter, actualCounter, $"{cipherName}/{kernelName} CTR {width} counter");
                Assert.Equal(counter.AsSpan(0, blockBytes - counting).ToArray(), actualCounter.AsSpan(0, blockBytes - counting).ToArray());
            }
        }
    }

    /// <summary>
    /// The XTS and OCB capabilities (<see cref="IXtsKernel"/>, <see cref="IOcbKernel"/>) of every kernel with a 128-bit
    /// block that has them, against the generic path over the same kernel (whitening around its ECB calls): lengths
    /// around the eight-block runs, ciphertext stealing, in place, and OCB block indexes that start off a multiple of
    /// eight and cross 2^32 (L_32 and above). A kernel without the capability runs the generic path twice.
    /// </summary>
    [Theory]
    [MemberData(nameof(Kernels))]
    [Trait(TestCategories.Name, TestCategories.Plumbing)]
    public void EveryKernelsXtsAndOcbLoopsAgreeWithTheGenericPath(string cipherName, string kernelName)
    {
        Type type = CipherTypes().Single(t => t.Name == cipherName);
        BlockCipherKernelEntry entry = Registry(type).Get(kernelName);
        using BlockCipherAlgorithm cipher = Create(type);
        if (!BlockSizes(cipher).Contains(128) || !entry.IsSupported(16))
        {
            return; // no 128-bit block: neither mode applies
        }

        Random random = TestRandom.Create(cipherName.Length * 37 + kernelName.Length);
        int keyBytes = cipher.LegalKeySizes[0].MinSize / 8;
        byte[] key = TestRandom.Bytes(random, 2 * keyBytes);
        using var fused = new BlockCipherXts(
            entry.Create(key.AsSpan(0, keyBytes), 16), entry.Create(key.AsSpan(keyBytes), 16));
        using var generic = new BlockCipherXts(
            entry.Create(key.AsSpan(0, keyBytes), 16), entry.Create(key.AsSpan(keyBytes), 16))
        {
            UseFusedKernel = false,
        };
        foreach (int length in new[] { 16, 17, 112, 127, 128, 129, 143, 144, 255, 256, 16 * 71 + 9, 4096 })
        {
            byte[] data = TestRandom.Bytes(random, length), tweak = TestRandom.Bytes(random, 16);
            tweak[15] |= 0x80; // the first doubling folds
            byte[] expected = new byte[length], actual = new byte[length];
            string where = $"{cipherName}/{kernelName} XTS, {length} bytes";
            generic.Encrypt(tweak, data, expected);
            fused.Encrypt(tweak, data, actual);
            AssertSame(expected, actual, where + " encrypt");
            fused.Decrypt(tweak, actual, actual);
            AssertSame(data, actual, where + " in-place decrypt");
            generic.Decrypt(tweak, data, expected);
            fused.Decrypt(tweak, data, actual);
            AssertSame(expected, actual, where + " decrypt");
        }

        // Many data units in one call: units shorter than a batch, more units than one kernel call takes (17 and 40),
        // and a unit with ciphertext stealing.
        foreach ((int unitBytes, int units) in new[] { (16, 40), (48, 17), (512, 9), (4096, 3), (17, 20) })
        {
            byte[] data = TestRandom.Bytes(random, unitBytes * units);
            byte[] expected = new byte[data.Length], actual = new byte[data.Length];
            string where = $"{cipherName}/{kernelName} XTS, {units} data units of {unitBytes} bytes";
            ulong firstUnit = (ulong)random.NextInt64();
            generic.EncryptDataUnits(firstUnit, unitBytes, data, expected);
            fused.EncryptDataUnits(firstUnit, unitBytes, data, actual);
            AssertSame(expected, actual, where + " encrypt");
            fused.DecryptDataUnits(firstUnit, unitBytes, actual, actual);
            AssertSame(data, actual, where + " in-place decrypt");
        }

        using var fusedOcb = new BlockCipherOcb(entry.Create(key.AsSpan(0, keyBytes), 16), 16, allowShortTags: false);
        using var genericOcb = new BlockCipherOcb(entry.Create(key.AsSpan(0, keyBytes), 16), 16, allowShortTags: false)
        {
            UseFusedKernel = false,
        };
        byte[] nonce = TestRandom.Bytes(random, 12);
        foreach (long firstIndex in new[] { 0L, 3, 8, (1L << 32) - 21, (1L << 40) - 8 })
        {
            foreach (int blocks in new[] { 1, 7, 8, 9, 24, 71 })
            {
                foreach (bool encrypt in new[] { true, false })
                {
                    byte[] data = TestRandom.Bytes(random, 16 * blocks);
                    byte[] expected = new byte[data.Length], actual = (byte[])data.Clone();
                    var expectedCursor = default(OcbCursor);
                    genericOcb.Begin(nonce, ref expectedCursor);
                    expectedCursor.Index = firstIndex;
                    expectedCursor.SumLo = 0x0123456789ABCDEF;
                    OcbCursor actualCursor = expectedCursor;
                    genericOcb.ProcessBlocks(ref expectedCursor, data, expected, encrypt);
                    fusedOcb.ProcessBlocks(ref actualCursor, actual, actual, encrypt);
                    string where = $"{cipherName}/{kernelName} OCB, {blocks} blocks from {firstIndex}, encrypt {encrypt}";
                    AssertSame(expected, actual, where);
                    Assert.True(expectedCursor.Equals(actualCursor), where + " cursor");
                }
            }
        }
    }

    private static byte[] Transform(ICryptoTransform transform, byte[] input)
    {
        using (transform)
        {
            var sink = new MemoryStream();
            using (var stream = new CryptoStream(sink, transform, CryptoStreamMode.Write, leaveOpen: true))
            {
                stream.Write(input, 0, input.Length);
            }

            return sink.ToArray();
        }
    }

    private static void AssertSame(byte[] expected, byte[] actual, string where) =>
        Assert.True(expected.AsSpan().SequenceEqual(actual), where);
}

/// <summary>Skips, listing them, when registered kernels need instructions this process lacks (or intrinsics are off).</summary>
public sealed class UnsupportedKernelsFactAttribute : FactAttribute
{
    public UnsupportedKernelsFactAttribute()
    {
        string[] missing = RegisteredKernelContractTests.AllEntries()
            .Where(e => !RegisteredKernelContractTests.IsSupportedAtSomeSize(e.Type, e.Entry))
            .Select(e => $"{e.Type.Name}/{e.Entry.Name}")
            .ToArray();
        if (missing.Length > 0)
        {
            Skip = "Kernels not supported in this process (not tested in this run): " + string.Join(", ", missing);
        }
    }
}
