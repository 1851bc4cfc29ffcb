#pragma warning disable CRYPTOCLI001 // the research constructions are [Experimental] on purpose
using System;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Default run for P5's eight large-block constructions: CTR over 16 KiB through the public types (AES-NI here),
/// one case each. The paper's tables (CBC and CTR over 100,000 bytes) are <see cref="LargeBlockStudy"/>.
/// </summary>
[Primitive("LargeBlock256-TwoRound-Unpack")]
[Config(typeof(CyclesPerByteConfig))]
public class LargeBlockBenchmarks
{
    private readonly BlockCipherAlgorithm[] _ciphers = LargeBlockSetup.CreateAll();
    private byte[] _input = null!, _output = null!, _counter = null!, _counter512 = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        _input = new byte[Size];
        _output = new byte[Size];
        _counter = new byte[32];
        _counter512 = new byte[64];
        random.NextBytes(_input);
        random.NextBytes(_counter);
        random.NextBytes(_counter512);
        LargeBlockSetup.CheckAgainstPortable(_ciphers, _input, checkCbc: false);
    }

    [Benchmark, Row("CTR", "CryptoCli", Primitive = "LargeBlock256-OneRound-Unpack")]
    public int OneRound256Unpack() => _ciphers[0].EncryptCtr(_input, _counter, _output);

    [Benchmark, Row("CTR", "CryptoCli", Primitive = "LargeBlock256-OneRound-Blend")]
    public int OneRound256Blend() => _ciphers[1].EncryptCtr(_input, _counter, _output);

    [Benchmark, Row("CTR", "CryptoCli", Primitive = "LargeBlock256-TwoRound-Unpack")]
    public int TwoRound256Unpack() => _ciphers[2].EncryptCtr(_input, _counter, _output);

    [Benchmark, Row("CTR", "CryptoCli", Primitive = "LargeBlock256-TwoRound-Blend")]
    public int TwoRound256Blend() => _ciphers[3].EncryptCtr(_input, _counter, _output);

    [Benchmark, Row("CTR", "CryptoCli", Primitive = "LargeBlock512-OneRound-Unpack")]
    public int OneRound512Unpack() => _ciphers[4].EncryptCtr(_input, _counter512, _output);

    [Benchmark, Row("CTR", "CryptoCli", Primitive = "LargeBlock512-OneRound-Blend")]
    public int OneRound512Blend() => _ciphers[5].EncryptCtr(_input, _counter512, _output);

    [Benchmark, Row("CTR", "CryptoCli", Primitive = "LargeBlock512-TwoRound-Unpack")]
    public int TwoRound512Unpack() => _ciphers[6].EncryptCtr(_input, _counter512, _output);

    [Benchmark, Row("CTR", "CryptoCli", Primitive = "LargeBlock512-TwoRound-Blend")]
    public int TwoRound512Blend() => _ciphers[7].EncryptCtr(_input, _counter512, _output);
}

/// <summary>Creates the eight constructions with fixed keys and checks their default path against the portable kernel.</summary>
internal static class LargeBlockSetup
{
    /// <summary>In <see cref="LargeBlockDefinition.All"/> order: 256 one-round unpack, blend, two-round unpack, blend; then 512.</summary>
    public static BlockCipherAlgorithm[] CreateAll()
    {
        BlockCipherAlgorithm[] ciphers =
        {
            LargeBlock256OneRoundUnpack.Create(), LargeBlock256OneRoundBlend.Create(),
            LargeBlock256TwoRoundUnpack.Create(), LargeBlock256TwoRoundBlend.Create(),
            LargeBlock512OneRoundUnpack.Create(), LargeBlock512OneRoundBlend.Create(),
            LargeBlock512TwoRoundUnpack.Create(), LargeBlock512TwoRoundBlend.Create(),
        };
        var random = new Random(7);
        foreach (BlockCipherAlgorithm cipher in ciphers)
        {
            byte[] key = new byte[cipher.KeySize / 8];
            random.NextBytes(key);
            cipher.Key = key;
        }

        return ciphers;
    }

    public static void CheckAgainstPortable(BlockCipherAlgorithm[] ciphers, byte[] input, bool checkCbc)
    {
        for (int i = 0; i < ciphers.Length; i++)
        {
            LargeBlockDefinition definition = LargeBlockDefinition.All[i];
            BlockCipherAlgorithm cipher = ciphers[i];
            if (cipher.BlockSize != definition.BlockSizeInBytes * 8)
            {
                throw new InvalidOperationException($"{definition.Name}: wrong order");
            }

            using var portable = new LargeBlockPortableKernel(definition, cipher.Key);
            byte[] counter = new byte[definition.BlockSizeInBytes];
            counter[^1] = 0xfe;
            byte[] expected = new byte[input.Length];
            portable.TransformCtr(input, expected, (byte[])counter.Clone());
            if (!cipher.EncryptCtr(input, counter).AsSpan().SequenceEqual(expected))
            {
                throw new InvalidOperationException($"{definition.Name}: CTR differs from the portable kernel");
            }

            if (checkCbc)
            {
                int aligned = input.Length / definition.BlockSizeInBytes * definition.BlockSizeInBytes;
                expected = new byte[aligned];
                portable.EncryptCbc(input.AsSpan(0, aligned), expected, (byte[])counter.Clone());
                if (!cipher.EncryptCbc(input.AsSpan(0, aligned), counter, PaddingMode.None).AsSpan().SequenceEqual(expected))
                {
                    throw new InvalidOperationException($"{definition.Name}: CBC differs from the portable kernel");
                }
            }
        }
    }
}

/// <summary>
/// Adds Min and Median, and cycles/byte (mean ns / Size × the clock measured in-process), to BenchmarkDotNet's table:
/// on this shared 2-core machine the minimum is the least disturbed figure.
/// </summary>
public sealed class CyclesPerByteConfig : ManualConfig
{
    public CyclesPerByteConfig() => AddColumn(StatisticColumn.Min, StatisticColumn.Median, new CyclesPerByteColumn(useMinimum: false), new CyclesPerByteColumn(useMinimum: true));

    private sealed class CyclesPerByteColumn : IColumn
    {
        private readonly bool _useMinimum;

        public CyclesPerByteColumn(bool useMinimum) => _useMinimum = useMinimum;

        public string Id => _useMinimum ? "CyclesPerByteMin" : "CyclesPerByte";

        public string ColumnName => _useMinimum ? "cycles/byte (min)" : "cycles/byte";

        public bool AlwaysShow => true;

        public ColumnCategory Category => ColumnCategory.Custom;

        public int PriorityInCategory => 0;

        public bool IsNumeric => true;

        public UnitType UnitType => UnitType.Dimensionless;

        public string Legend => "Mean time per byte times the clock measured in-process (Clock.GigaHertz)";

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase)
        {
            BenchmarkReport? report = summary[benchmarkCase];
            object? size = benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Size")?.Value;
            if (report?.ResultStatistics is null || size is not int bytes || bytes == 0)
            {
                return "-";
            }

            double nanoseconds = _useMinimum ? report.ResultStatistics.Min : report.ResultStatistics.Mean;
            return Clock.Cycles(nanoseconds / bytes).ToString("F3", CultureInfo.InvariantCulture)
                + string.Create(CultureInfo.InvariantCulture, $" @{Clock.GigaHertz:F2}GHz");
        }

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);

        public bool IsAvailable(Summary summary) => true;

        public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    }
}
