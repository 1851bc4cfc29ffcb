using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// <see cref="BlockCipherXts"/>: every file of Vectors/xts (IEEE 1619 Annex B, a CAVP XTSGen subset) in both
/// directions through every AES kernel; random data units against an independent reconstruction from ECB (the
/// runtime's AES, or the cipher's own ECB one-shot) with a test-side GF(2^128) doubling and IEEE 1619's ciphertext
/// stealing; OpenSSL's XTS in libcrypto where it loads; every registered kernel of every 128-bit
/// cipher; the data-unit API; bad arguments.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class XtsTests
{
    [Fact]
    public void AllVectorFiles_EveryAesKernel() => Assert.True(new XtsVectorChecks(Kernels("aes").ToArray()).CheckEveryFile() > 0);

    /// <summary>The 128-bit ciphers with their registries and the ECB the reference is built from.</summary>
    public static TheoryData<string> CipherNames =>
        new() { "aes", "camellia", "hierocrypt3", "sc2000", "cipherunicorna" };

    internal static BlockCipherAlgorithm CreateCipher(string name) => name switch
    {
        "aes" => RijndaelCipher.Create(),
        "camellia" => Camellia.Create(),
        "hierocrypt3" => Hierocrypt3.Create(),
        "sc2000" => SC2000.Create(),
        "cipherunicorna" => CipherUnicornA.Create(),
        _ => throw new ArgumentException(name, nameof(name)),
    };

    /// <summary>The cipher's registered kernels that run in this process at a 128-bit block.</summary>
    internal static IEnumerable<BlockCipherKernelEntry> Kernels(string name) => (name switch
    {
        "aes" => RijndaelCipher.Kernels.Entries,
        "camellia" => Camellia.Kernels.Entries,
        "hierocrypt3" => Hierocrypt3.Kernels.Entries,
        "sc2000" => SC2000.Kernels.Entries,
        "cipherunicorna" => CipherUnicornA.Kernels.Entries,
        _ => throw new ArgumentException(name, nameof(name)),
    }).Where(e => e.IsSupported(16));

    [Theory]
    [MemberData(nameof(CipherNames))]
    public void EveryKernel_MatchesEcbReconstruction(string cipherName)
    {
        var random = TestRandom.Create(7100 + cipherName.Length);
        int[] lengths = { 16, 17, 31, 32, 33, 47, 48, 63, 64, 100, 512, 1023, 1024 + 15, 4096 };
        foreach (int keyBytes in new[] { 16, 32 })
        {
            byte[] key = TestRandom.Bytes(random, 2 * keyBytes);
            using BlockCipherAlgorithm dataCipher = CreateCipher(cipherName), tweakCipher = CreateCipher(cipherName);
            dataCipher.Key = key.AsSpan(0, keyBytes).ToArray();
            tweakCipher.Key = key.AsSpan(keyBytes).ToArray();
            foreach (int length in lengths)
            {
                byte[] plaintext = TestRandom.Bytes(random, length), tweak = TestRandom.Bytes(random, 16);
                byte[] expected = XtsReference.Transform(dataCipher, tweakCipher, tweak, plaintext, encrypt: true);
                Assert.True(plaintext.AsSpan().SequenceEqual(
                    XtsReference.Transform(dataCipher, tweakCipher, tweak, expected, encrypt: false)), "reference");
                foreach (BlockCipherKernelEntry entry in Kernels(cipherName))
                {
                    string where = $"{cipherName} {entry.Name}, key {keyBytes}x2, {length} bytes";
                    using var xts = new BlockCipherXts(
                        entry.Create(key.AsSpan(0, keyBytes), 16), entry.Create(key.AsSpan(keyBytes), 16));
                    byte[] actual = new byte[length];
                    xts.Encrypt(tweak, plaintext, actual);
                    Assert.True(expected.AsSpan().SequenceEqual(actual), $"{where}: encryption");
                    xts.Decrypt(tweak, actual, actual);
                    Assert.True(plaintext.AsSpan().SequenceEqual(actual), $"{where}: in-place decryption");
                }

                using BlockCipherAlgorithm cipher = CreateCipher(cipherName);
                using var publicXts = new BlockCipherXts(cipher, key);
                byte[] viaPublic = new byte[length];
                publicXts.Encrypt(tweak, plaintext, viaPublic);
                Assert.True(expected.AsSpan().SequenceEqual(viaPublic), $"{cipherName} public API, {length} bytes");
            }
        }
    }

    [Fact]
    public void Aes_RandomDataUnits_MatchRuntimeAesReconstruction()
    {
        var random = TestRandom.Create(7200);
        for (int trial = 0; trial < 200; trial++)
        {
            int keyBytes = trial % 2 == 0 ? 16 : 32;
            byte[] key = TestRandom.Bytes(random, 2 * keyBytes);
            int length = random.Next(16, trial < 150 ? 100 : 5000);
            byte[] plaintext = TestRandom.Bytes(random, length);
            ulong sector = (ulong)random.NextInt64() ^ ((ulong)random.Next() << 40);
            byte[] tweak = XtsReference.SectorTweak(sector, 0);
            using var data = Aes.Create();
            using var tweaks = Aes.Create();
            data.Key = key.AsSpan(0, keyBytes).ToArray();
            tweaks.Key = key.AsSpan(keyBytes).ToArray();
            byte[] expected = XtsReference.Transform(data, tweaks, tweak, plaintext, encrypt: true);

            using var aes = RijndaelCipher.Create();
            using var xts = new BlockCipherXts(aes, key);
            byte[] actual = new byte[length];
            xts.Encrypt(sector, plaintext, actual);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"trial {trial}: {length} bytes");
            byte[] back = new byte[length];
            xts.Decrypt(sector, actual, back);
            Assert.True(plaintext.AsSpan().SequenceEqual(back), $"trial {trial}: decryption");
        }
    }

    [XtsLibcryptoFact]
    public void Aes_MatchesOpenSslLibcrypto()
    {
        var random = TestRandom.Create(7300);
        int[] lengths = { 16, 17, 30, 32, 45, 64, 512, 1000, 4096, 4096 + 100, 65536 + 3 };
        foreach (int keyBytes in new[] { 16, 32 })
        {
            foreach (int length in lengths)
            {
                byte[] key = TestRandom.Bytes(random, 2 * keyBytes), tweak = TestRandom.Bytes(random, 16);
                byte[] plaintext = TestRandom.Bytes(random, length);
                string where = $"AES-{8 * keyBytes}-XTS, {length} bytes";
                byte[] expected = XtsLibcrypto.Run(key, tweak, plaintext, decrypt: false);
                using var aes = RijndaelCipher.Create();
                using var xts = new BlockCipherXts(aes, key);
                byte[] actual = new byte[length];
                xts.Encrypt(tweak, plaintext, actual);
                Assert.True(expected.AsSpan().SequenceEqual(actual), where);
                byte[] decrypted = XtsLibcrypto.Run(key, tweak, actual, decrypt: true);
                Assert.True(plaintext.AsSpan().SequenceEqual(decrypted), $"{where}: OpenSSL decryption");
            }
        }
    }

    [Theory]
    [InlineData(512, 9, 0UL)]
    [InlineData(4096, 3, 1000UL)]
    [InlineData(16, 40, 7UL)]
    [InlineData(17, 20, 0UL)]
    [InlineData(520, 18, ulong.MaxValue - 5)]
    public void DataUnits_EqualOneCallPerUnit(int unitSize, int units, ulong first)
    {
        var random = TestRandom.Create(7400 + unitSize);
        byte[] key = TestRandom.Bytes(random, 32), plaintext = TestRandom.Bytes(random, unitSize * units);
        using var aes = RijndaelCipher.Create();
        using var xts = new BlockCipherXts(aes, key);
        using var data = Aes.Create();
        using var tweaks = Aes.Create();
        data.Key = key.AsSpan(0, 16).ToArray();
        tweaks.Key = key.AsSpan(16).ToArray();
        byte[] expected = new byte[plaintext.Length];
        for (int i = 0; i < units; i++)
        {
            ulong number = unchecked(first + (ulong)i);
            ulong high = number < first ? 1UL : 0UL;
            byte[] unit = XtsReference.Transform(data, tweaks, XtsReference.SectorTweak(number, high),
                plaintext.AsSpan(i * unitSize, unitSize).ToArray(), encrypt: true);
            unit.CopyTo(expected, i * unitSize);
            if (high == 0)
            {
                byte[] single = new byte[unitSize];
                xts.Encrypt(number, plaintext.AsSpan(i * unitSize, unitSize), single);
                Assert.True(unit.AsSpan().SequenceEqual(single), $"unit {i}: Encrypt(ulong)");
            }
        }

        byte[] actual = new byte[plaintext.Length];
        xts.EncryptDataUnits(first, unitSize, plaintext, actual);
        Assert.True(expected.AsSpan().SequenceEqual(actual), "EncryptDataUnits");
        xts.DecryptDataUnits(first, unitSize, actual, actual);
        Assert.True(plaintext.AsSpan().SequenceEqual(actual), "DecryptDataUnits in place");
    }

    [Fact]

    [Trait(TestCategories.MutationRun, TestCategories.Skip)]
    public void LongestDataUnit_Accepted_OneBlockMore_Refused()
    {
        using var aes = RijndaelCipher.Create();
        using var xts = new BlockCipherXts(aes, Enumerable.Range(1, 32).Select(i => (byte)i).ToArray());
        byte[] buffer = new byte[BlockCipherXts.MaxDataUnitSizeInBytes + 16];
        xts.Encrypt(3, buffer.AsSpan(0, BlockCipherXts.MaxDataUnitSizeInBytes), buffer);
        xts.Decrypt(3, buffer.AsSpan(0, BlockCipherXts.MaxDataUnitSizeInBytes), buffer);
        Assert.All(buffer, b => Assert.Equal(0, b));
        Assert.Throws<ArgumentException>("source", () => xts.Encrypt(3, buffer, new byte[buffer.Length]));
        Assert.Throws<ArgumentOutOfRangeException>("dataUnitSize",
            () => xts.EncryptDataUnits(0, BlockCipherXts.MaxDataUnitSizeInBytes + 16, buffer, buffer));
    }

    [Fact]
    public void Constructor_BadArguments()
    {
        using var aes = RijndaelCipher.Create();
        byte[] key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        Assert.Throws<ArgumentNullException>("cipher", () => new BlockCipherXts(null!, key));
        Assert.Throws<ArgumentNullException>("key", () => new BlockCipherXts(aes, (byte[])null!));
        Assert.Throws<CryptographicException>(() => new BlockCipherXts(aes, key.AsSpan(0, 31)));
        Assert.Throws<CryptographicException>(() => new BlockCipherXts(aes, ReadOnlySpan<byte>.Empty));
        Assert.Throws<CryptographicException>(() => new BlockCipherXts(aes, new byte[40])); // 20-byte halves
        byte[] equalHalves = key.AsSpan(0, 16).ToArray().Concat(key.AsSpan(0, 16).ToArray()).ToArray();
        Assert.Throws<CryptographicException>(() => new BlockCipherXts(aes, equalHalves));
        using var wide = RijndaelCipher.Create();
        wide.BlockSize = 256;
        Assert.Throws<ArgumentException>("cipher", () => new BlockCipherXts(wide, key));
        using var xts = new BlockCipherXts(aes, key.AsSpan(0, 24).ToArray().Concat(new byte[24]).ToArray());
    }

    [Fact]
    public void Calls_BadArguments_NothingWritten()
    {
        using var aes = RijndaelCipher.Create();
        var xts = new BlockCipherXts(aes, Enumerable.Range(1, 64).Select(i => (byte)i).ToArray());
        byte[] source = new byte[40], shortDestination = Enumerable.Repeat((byte)0xA5, 39).ToArray();
        Assert.Throws<ArgumentException>("destination", () => xts.Encrypt(1, source, shortDestination));
        Assert.Throws<ArgumentException>("destination", () => xts.Decrypt(new byte[16], source, shortDestination));
        Assert.Throws<ArgumentException>("destination", () => xts.EncryptDataUnits(1, 20, source, shortDestination));
        Assert.All(shortDestination, b => Assert.Equal(0xA5, b));
        Assert.Throws<ArgumentException>("source", () => xts.Encrypt(1, new byte[15], new byte[15]));
        Assert.Throws<ArgumentException>("source", () => xts.Decrypt(1, ReadOnlySpan<byte>.Empty, new byte[16]));
        Assert.Throws<ArgumentException>("tweak", () => xts.Encrypt(new byte[15], source, new byte[40]));
        Assert.Throws<ArgumentException>("tweak", () => xts.Decrypt(new byte[17], source, new byte[40]));
        Assert.Throws<ArgumentOutOfRangeException>("dataUnitSize", () => xts.EncryptDataUnits(0, 15, source, source));
        Assert.Throws<ArgumentOutOfRangeException>("dataUnitSize", () => xts.DecryptDataUnits(0, 0, source, source));
        Assert.Throws<ArgumentException>("source", () => xts.EncryptDataUnits(0, 16, source, source));
        byte[] buffer = new byte[64];
        Assert.Throws<ArgumentException>("destination",
            () => xts.Encrypt(1, buffer.AsSpan(0, 32), buffer.AsSpan(8, 32)));
        xts.EncryptDataUnits(0, 16, ReadOnlySpan<byte>.Empty, Span<byte>.Empty);
        xts.Dispose();
        xts.Dispose();
        Assert.Throws<ObjectDisposedException>(() => xts.Encrypt(1, source, source));
        Assert.Throws<ObjectDisposedException>(() => xts.DecryptDataUnits(1, 20, source, source));
    }

    /// <summary>
    /// No call allocates once the mode exists, on every cipher's default kernel (Camellia's byte-sliced kernels take
    /// the data units in one call, <c>IXtsDataUnitsKernel</c>).
    /// </summary>
    [Theory]
    [MemberData(nameof(CipherNames))]
    public void NoAllocationPerCall(string cipherName)
    {
        using BlockCipherAlgorithm cipher = CreateCipher(cipherName);
        using var xts = new BlockCipherXts(cipher, Enumerable.Range(1, 32).Select(i => (byte)i).ToArray());
        byte[] buffer = new byte[4096 + 7], tweak = new byte[16];
        xts.Encrypt(5, buffer, buffer);
        xts.EncryptDataUnits(5, 512, buffer.AsSpan(0, 4096), buffer);
        long before = GC.GetAllocatedBytesForCurrentThread();
        xts.Encrypt(5, buffer, buffer);
        xts.Decrypt(tweak, buffer, buffer);
        xts.EncryptDataUnits(5, 512, buffer.AsSpan(0, 4096), buffer);
        xts.DecryptDataUnits(5, 512, buffer.AsSpan(0, 4096), buffer);
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    public void LongestDataUnit_PassesTheLengthChecks()
    {
        using var aes = RijndaelCipher.Create();
        using var xts = new BlockCipherXts(aes, Enumerable.Range(1, 32).Select(i => (byte)i).ToArray());
        // The longest unit passes the length check; the destination check after it refuses the call, so no 16 MiB
        // are encrypted (LongestDataUnit_Accepted_OneBlockMore_Refused does that, outside the mutation run).
        byte[] longest = new byte[BlockCipherXts.MaxDataUnitSizeInBytes];
        Assert.Throws<ArgumentException>("destination", () => xts.Encrypt(3, longest, Span<byte>.Empty));
        Assert.Throws<ArgumentException>("destination", () => xts.Decrypt(new byte[16], longest, new byte[16]));
        xts.EncryptDataUnits(0, BlockCipherXts.MaxDataUnitSizeInBytes, ReadOnlySpan<byte>.Empty, Span<byte>.Empty);
        xts.DecryptDataUnits(0, BlockCipherXts.MaxDataUnitSizeInBytes, ReadOnlySpan<byte>.Empty, Span<byte>.Empty);
    }

    [Fact]
    public void Dispose_WipesBothKeySchedules()
    {
        byte[] key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        BlockCipherKernelEntry entry = Kernels("aes").First();
        BlockCipherKernel data = entry.Create(key.AsSpan(0, 16), 16), tweak = entry.Create(key.AsSpan(16), 16);
        var xts = new BlockCipherXts(data, tweak);
        xts.Encrypt(1, new byte[40], new byte[40]);
        Assert.False(data.HasBeenWiped() || tweak.HasBeenWiped());
        xts.Dispose();
        Assert.True(data.HasBeenWiped(), "data key");
        Assert.True(tweak.HasBeenWiped(), "tweak key");
    }

    /// <summary>
    /// The fused kernel runs when the data kernel has one and the process is little-endian, and never when
    /// UseFusedKernel is false: the fused-against-generic comparisons of RegisteredKernelContractTests rely on it.
    /// </summary>
    [Fact]
    public void UseFusedKernel_ChoosesThePath()
    {
        byte[] key = Enumerable.Range(1, 64).Select(i => (byte)i).ToArray();
        using var aes = RijndaelCipher.Create();
        using var reference = new BlockCipherXts(aes, key);
        BlockCipherKernelEntry entry = Kernels("aes").First();
        var fusedData = new CountingXtsKernel(entry.Create(key.AsSpan(0, 32), 16));
        var genericData = new CountingXtsKernel(entry.Create(key.AsSpan(0, 32), 16));
        using var fused = new BlockCipherXts(fusedData, entry.Create(key.AsSpan(32), 16));
        using var generic = new BlockCipherXts(genericData, entry.Create(key.AsSpan(32), 16))
        {
            UseFusedKernel = false,
        };
        byte[] data = TestRandom.Bytes(TestRandom.Create(7600), 100); // five whole blocks, then stealing
        byte[] expected = new byte[100], actual = new byte[100];
        reference.Encrypt(9, data, expected);
        fused.Encrypt(9, data, actual);
        Assert.Equal(expected, actual);
        generic.Encrypt(9, data, actual);
        Assert.Equal(expected, actual);
        generic.Decrypt(9, expected, actual);
        Assert.Equal(data, actual);
        Assert.Equal(ByteOrder.IsLittleEndianHost, fusedData.FusedCalls > 0);
        Assert.Equal(0, genericData.FusedCalls);
    }

    /// <summary>
    /// The generic loop (the kernel's fused XTS loop switched off) over several 4 KiB batches and a shorter last one,
    /// then stealing, gives the fused path's bytes both ways.
    /// </summary>
    [Fact]
    public void GenericLoop_OverSeveralBatches_EqualsTheFusedPath()
    {
        byte[] key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        using var aes = RijndaelCipher.Create();
        using var fused = new BlockCipherXts(aes, key);
        using var generic = new BlockCipherXts(aes, key) { UseFusedKernel = false };
        byte[] data = TestRandom.Bytes(TestRandom.Create(7602), 2 * 4096 + 3 * 16 + 5);
        byte[] expected = new byte[data.Length], actual = new byte[data.Length];
        fused.Encrypt(11, data, expected);
        generic.Encrypt(11, data, actual);
        Assert.Equal(expected, actual);
        generic.Decrypt(11, expected, actual);
        Assert.Equal(data, actual);
    }

    /// <summary>
    /// The data-unit forms give a kernel that takes many data units in one call (<c>IXtsDataUnitsKernel</c>, Camellia's
    /// byte-sliced kernels) the units of whole blocks, and never a unit with a partial block.
    /// </summary>
    [Fact]
    public void DataUnitsOfWholeBlocks_GoToTheDataUnitsKernel()
    {
        byte[] key = Enumerable.Range(1, 64).Select(i => (byte)i).ToArray();
        using var aes = RijndaelCipher.Create();
        using var reference = new BlockCipherXts(aes, key);
        BlockCipherKernelEntry entry = Kernels("aes").First();
        var data = new CountingXtsDataUnitsKernel(entry.Create(key.AsSpan(0, 32), 16));
        using var xts = new BlockCipherXts(data, entry.Create(key.AsSpan(32), 16));
        foreach (int unit in new[] { 512, 20 })
        {
            byte[] source = TestRandom.Bytes(TestRandom.Create(7601 + unit), 4 * unit);
            byte[] expected = new byte[source.Length], actual = new byte[source.Length];
            reference.EncryptDataUnits(7, unit, source, expected);
            int before = data.DataUnitsCalls;
            xts.EncryptDataUnits(7, unit, source, actual);
            Assert.Equal(expected, actual);
            xts.DecryptDataUnits(7, unit, expected, actual);
            Assert.Equal(source, actual);
            Assert.Equal(unit % 16 == 0 && ByteOrder.IsLittleEndianHost ? 2 : 0, data.DataUnitsCalls - before);
        }
    }

    /// <summary>A kernel that takes many data units in one call (each through <see cref="CountingXtsKernel"/>'s
    /// loop) and counts those calls.</summary>
    private sealed class CountingXtsDataUnitsKernel : BlockCipherKernel, IXtsDataUnitsKernel
    {
        private readonly CountingXtsKernel _xts;

        public CountingXtsDataUnitsKernel(BlockCipherKernel inner)
            : base(inner.BlockSizeInBytes) => _xts = new CountingXtsKernel(inner);

        public int DataUnitsCalls { get; private set; }

        public override string Name => "counting data units " + _xts.Name;

        public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
            _xts.EncryptBlocks(source, destination);

        public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
            _xts.DecryptBlocks(source, destination);

        public void TransformXts(
            ReadOnlySpan<byte> source, Span<byte> destination, ref ulong tweakLo, ref ulong tweakHi, bool encrypt) =>
            _xts.TransformXts(source, destination, ref tweakLo, ref tweakHi, encrypt);

        public void TransformXtsDataUnits(ReadOnlySpan<byte> source, Span<byte> destination, int dataUnitBytes,
            ReadOnlySpan<byte> tweaks, bool encrypt)
        {
            Assert.Equal(0, dataUnitBytes % 16);
            DataUnitsCalls++;
            for (int unit = 0; unit * dataUnitBytes < source.Length; unit++)
            {
                ulong tweakLo = BinaryPrimitives.ReadUInt64LittleEndian(tweaks.Slice(16 * unit));
                ulong tweakHi = BinaryPrimitives.ReadUInt64LittleEndian(tweaks.Slice(16 * unit + 8));
                _xts.TransformXts(source.Slice(unit * dataUnitBytes, dataUnitBytes),
                    destination.Slice(unit * dataUnitBytes, dataUnitBytes), ref tweakLo, ref tweakHi, encrypt);
            }
        }

        protected override void Dispose(bool disposing) => _xts.Dispose();
    }

    /// <summary>A kernel with a fused XTS loop (a block at a time over the wrapped kernel) that counts its
    /// calls.</summary>
    private sealed class CountingXtsKernel : BlockCipherKernel, IXtsKernel
    {
        private readonly BlockCipherKernel _inner;

        public CountingXtsKernel(BlockCipherKernel inner)
            : base(inner.BlockSizeInBytes) => _inner = inner;

        public int FusedCalls { get; private set; }

        public override string Name => "counting " + _inner.Name;

        public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
            _inner.EncryptBlocks(source, destination);

        public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
            _inner.DecryptBlocks(source, destination);

        public void TransformXts(
            ReadOnlySpan<byte> source, Span<byte> destination, ref ulong tweakLo, ref ulong tweakHi, bool encrypt)
        {
            FusedCalls++;
            Span<byte> block = stackalloc byte[16];
            for (int offset = 0; offset < source.Length; offset += 16)
            {
                BinaryPrimitives.WriteUInt64LittleEndian(block,
                    BinaryPrimitives.ReadUInt64LittleEndian(source.Slice(offset)) ^ tweakLo);
                BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(8),
                    BinaryPrimitives.ReadUInt64LittleEndian(source.Slice(offset + 8)) ^ tweakHi);
                if (encrypt)
                {
                    _inner.EncryptBlock(block, block);
                }
                else
                {
                    _inner.DecryptBlock(block, block);
                }

                BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(offset),
                    BinaryPrimitives.ReadUInt64LittleEndian(block) ^ tweakLo);
                BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(offset + 8),
                    BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(8)) ^ tweakHi);
                BlockCipherXts.MultiplyByAlpha(ref tweakLo, ref tweakHi);
            }
        }

        protected override void Dispose(bool disposing) => _inner.Dispose();
    }

    [Fact]
    public void MultiplyByAlpha_MatchesBytewiseDoubling()
    {
        var random = TestRandom.Create(7500);
        for (int trial = 0; trial < 1000; trial++)
        {
            byte[] t = TestRandom.Bytes(random, 16);
            if (trial < 2)
            {
                t[15] = (byte)(trial == 0 ? 0x80 : 0x7F); // with and without the carry out
            }

            ulong lo = BitConverter.ToUInt64(t, 0), hi = BitConverter.ToUInt64(t, 8);
            BlockCipherXts.MultiplyByAlpha(ref lo, ref hi);
            XtsReference.Double(t);
            Assert.Equal(BitConverter.ToUInt64(t, 0), lo);
            Assert.Equal(BitConverter.ToUInt64(t, 8), hi);
        }
    }

    /// <summary>
    /// The vector steps by α and by α^4 (the fused kernels' tweak chains; α^4 on one 128-bit vector and on the lanes of
    /// a 512-bit one) against the bytewise doubling: every pattern of the four top bits of each half (what α^4 carries
    /// and folds), then random tweaks.
    /// </summary>
    [Fact]
    public void VectorMultiplyByAlphaAndAlpha4_MatchBytewiseDoubling()
    {
        var random = TestRandom.Create(7501);
        for (int trial = 0; trial < 1256; trial++)
        {
            byte[] t = TestRandom.Bytes(random, 16);
            if (trial < 256)
            {
                t[7] = (byte)((t[7] & 0x0F) | (trial << 4));
                t[15] = (byte)((t[15] & 0x0F) | (trial & 0xF0));
            }

            var vector = Vector128.Create(t);
            byte[] once = (byte[])t.Clone();
            XtsReference.Double(once);
            Assert.Equal(once, Bytes(Gf128.MultiplyByAlpha(vector)));
            for (int i = 0; i < 4; i++)
            {
                XtsReference.Double(t);
            }

            Assert.Equal(t, Bytes(Gf128.MultiplyByAlpha4(vector)));
            var four = Vector512.Create(
                Vector256.Create(default, vector), Vector256.Create(vector, default));
            var stepped = Gf128.MultiplyByAlpha4(four);
            Assert.Equal(t, Bytes(stepped.GetLower().GetUpper()));
            Assert.Equal(t, Bytes(stepped.GetUpper().GetLower()));
            Assert.Equal(new byte[16], Bytes(stepped.GetLower().GetLower()));
        }

        static byte[] Bytes(Vector128<byte> v)
        {
            byte[] bytes = new byte[16];
            Vector128.CopyTo(v, bytes);
            return bytes;
        }
    }
}

/// <summary>XTS rebuilt from a cipher's ECB: tweak E_K2(i), XEX per block, IEEE 1619's ciphertext stealing.</summary>
internal static class XtsReference
{
    public static byte[] SectorTweak(ulong low, ulong high)
    {
        byte[] tweak = new byte[16];
        BitConverter.TryWriteBytes(tweak.AsSpan(0, 8), low);
        BitConverter.TryWriteBytes(tweak.AsSpan(8, 8), high);
        if (!BitConverter.IsLittleEndian)
        {
            Array.Reverse(tweak, 0, 8);
            Array.Reverse(tweak, 8, 8);
        }

        return tweak;
    }

    /// <summary>T·α as IEEE 1619 5.2 writes it, byte by byte (byte 0 least significant).</summary>
    public static void Double(byte[] t)
    {
        int carry = t[15] >> 7;
        for (int i = 15; i > 0; i--)
        {
            t[i] = (byte)((t[i] << 1) | (t[i - 1] >> 7));
        }

        t[0] = (byte)((t[0] << 1) ^ (carry == 1 ? 0x87 : 0));
    }

    public static byte[] Transform(
        SymmetricAlgorithm data, SymmetricAlgorithm tweaks, byte[] tweak, byte[] input, bool encrypt)
    {
        byte[] t = tweaks.EncryptEcb(tweak, PaddingMode.None);
        int m = input.Length / 16, r = input.Length % 16;
        byte[] output = new byte[input.Length];
        int plain = r == 0 ? m : m - 1;
        for (int j = 0; j < plain; j++)
        {
            Xex(data, t, input.AsSpan(16 * j, 16)).CopyTo(output, 16 * j);
            Double(t);
        }

        if (r != 0)
        {
            byte[] next = (byte[])t.Clone();
            Double(next);
            byte[] first = encrypt ? t : next, second = encrypt ? next : t;
            byte[] cc = Xex(data, first, input.AsSpan(16 * (m - 1), 16));
            byte[] pp = new byte[16];
            input.AsSpan(16 * m, r).CopyTo(pp);
            cc.AsSpan(r).CopyTo(pp.AsSpan(r));
            cc.AsSpan(0, r).CopyTo(output.AsSpan(16 * m));
            Xex(data, second, pp).CopyTo(output, 16 * (m - 1));
        }

        return output;

        byte[] Xex(SymmetricAlgorithm cipher, byte[] tweakValue, ReadOnlySpan<byte> block)
        {
            byte[] whitened = new byte[16];
            for (int i = 0; i < 16; i++)
            {
                whitened[i] = (byte)(block[i] ^ tweakValue[i]);
            }

            byte[] result = encrypt
                ? cipher.EncryptEcb(whitened, PaddingMode.None)
                : cipher.DecryptEcb(whitened, PaddingMode.None);
            for (int i = 0; i < 16; i++)
            {
                result[i] ^= tweakValue[i];
            }

            return result;
        }
    }
}

/// <summary>
/// OpenSSL's own XTS (<c>EVP_aes_128_xts</c>, <c>EVP_aes_256_xts</c>) called in libcrypto, the library the runtime
/// itself uses on Linux: one <c>EVP_CipherUpdate</c> is one data unit, the tweak is the IV. The command line
/// <c>openssl enc -aes-128-xts</c> would be simpler, but OpenSSL 3's <c>enc</c> refuses XTS ciphers.
/// </summary>
internal static unsafe class XtsLibcrypto
{
    private static readonly IntPtr s_library = Load();

    public static bool IsAvailable =>
        s_library != IntPtr.Zero && NativeLibrary.TryGetExport(s_library, "EVP_aes_128_xts", out _);

    private static IntPtr Load()
    {
        foreach (string name in new[] { "libcrypto.so.3", "libcrypto.so", "libcrypto.3.dylib", "libcrypto-3-x64.dll" })
        {
            if (NativeLibrary.TryLoad(name, out IntPtr handle))
            {
                return handle;
            }
        }

        return IntPtr.Zero;
    }

    public static byte[] Run(byte[] key, byte[] tweak, byte[] input, bool decrypt)
    {
        var newContext = (delegate* unmanaged<IntPtr>)NativeLibrary.GetExport(s_library, "EVP_CIPHER_CTX_new");
        var freeContext = (delegate* unmanaged<IntPtr, void>)NativeLibrary.GetExport(s_library, "EVP_CIPHER_CTX_free");
        var cipher = (delegate* unmanaged<IntPtr>)NativeLibrary.GetExport(
            s_library, key.Length == 32 ? "EVP_aes_128_xts" : "EVP_aes_256_xts");
        var init = (delegate* unmanaged<IntPtr, IntPtr, IntPtr, byte*, byte*, int, int>)NativeLibrary.GetExport(
            s_library, "EVP_CipherInit_ex");
        var update = (delegate* unmanaged<IntPtr, byte*, int*, byte*, int, int>)NativeLibrary.GetExport(
            s_library, "EVP_CipherUpdate");
        IntPtr context = newContext();
        try
        {
            byte[] output = new byte[input.Length];
            int written = 0;
            fixed (byte* k = key, iv = tweak, source = input, destination = output)
            {
                Assert.Equal(1, init(context, cipher(), IntPtr.Zero, k, iv, decrypt ? 0 : 1));
                Assert.Equal(1, update(context, destination, &written, source, input.Length));
            }

            Assert.Equal(input.Length, written);
            return output;
        }
        finally
        {
            freeContext(context);
        }
    }
}

/// <summary>Skipped, visibly, when OpenSSL's libcrypto cannot be loaded.</summary>
public sealed class XtsLibcryptoFactAttribute : FactAttribute
{
    public XtsLibcryptoFactAttribute()
    {
        if (!XtsLibcrypto.IsAvailable)
        {
            Skip = "OpenSSL's libcrypto (with EVP_aes_128_xts) cannot be loaded";
        }
    }
}
