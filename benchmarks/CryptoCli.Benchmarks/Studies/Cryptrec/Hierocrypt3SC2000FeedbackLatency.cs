using System;
using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Study (not in the default run): P2's Table 5 measurement, the latency of one 128-bit block encryption with
/// feedback: key 0, P0 = 0, each ciphertext fed back as the next plaintext, so block i + 1 cannot start before
/// block i ends. One operation = one block. The machine is shared and heavily loaded, so the figures to read
/// are the minima over many short iterations: the Cycles column converts the Min column at
/// <see cref="BurstClock.GigaHertz"/> (best of many short dependent-add bursts, so that one burst that ran
/// unpreempted gives the true clock); <see cref="Clock.GigaHertz"/> (best of 5 long runs) is shown beside it. No Camellia type exists on this branch, so the in-run reference is the same
/// feedback loop over <see cref="RijndaelPortableKernel"/> (AES-128, T-tables), and the AES-NI kernel beside it.
/// Run: <c>dotnet run -c Release -- --filter '*Hierocrypt3SC2000FeedbackLatency*' --iterationCount 60
/// --invocationCount 16 --unrollFactor 1 --warmupCount 3</c> (each iteration about 3 ms).
/// </summary>
[Config(typeof(CyclesConfig))]
public class Hierocrypt3SC2000FeedbackLatency
{
    private const int Blocks = 1024;

    private readonly byte[] _block = new byte[16];
    private BlockCipherKernel _kernel = null!;

    [ParamsAllValues]
    public Subject Cipher { get; set; }

    public enum Subject
    {
        Hierocrypt3_128_table64,
        Hierocrypt3_192_table64,
        Hierocrypt3_256_table64,
        Hierocrypt3_128_table32,
        Hierocrypt3_192_table32,
        Hierocrypt3_256_table32,
        Hierocrypt3_128_table64_decrypt,
        Hierocrypt3_128_table32_decrypt,
        SC2000_128_fused,
        SC2000_256_fused,
        SC2000_128_fused_decrypt,
        Aes128_portable,
        Aes128_aesni,
    }

    private bool Decrypt => Cipher.ToString().EndsWith("_decrypt", StringComparison.Ordinal);

    [GlobalSetup]
    public void Setup()
    {
        string name = Cipher.ToString();
        int keyBytes = name.Contains("_192", StringComparison.Ordinal) ? 24 : name.Contains("_256", StringComparison.Ordinal) ? 32 : 16;
        byte[] key = new byte[keyBytes];
        _kernel = Cipher switch
        {
            Subject.Aes128_portable => new RijndaelPortableKernel(key, 16),
            Subject.Aes128_aesni => RijndaelAesNiKernel.IsSupported ? new RijndaelAesNiKernel(key) : new RijndaelPortableKernel(key, 16),
            _ when name.StartsWith("SC2000", StringComparison.Ordinal) => new SC2000FusedKernel(key),
            _ when name.Contains("table32", StringComparison.Ordinal) => new Hierocrypt3Table32Kernel(key),
            _ => new Hierocrypt3Table64Kernel(key),
        };

        // The chain's first output from P0 = 0 must equal the reference kernel's (or, for AES, the runtime's).
        using BlockCipherKernel reference = name.StartsWith("SC2000", StringComparison.Ordinal) ? new SC2000ReferenceKernel(key)
            : name.StartsWith("Hierocrypt3", StringComparison.Ordinal) ? new Hierocrypt3ReferenceKernel(key)
            : new RijndaelPortableKernel(key, 16);
        byte[] expected = new byte[16], actual = new byte[16];
        if (Decrypt)
        {
            reference.DecryptBlocks(new byte[16], expected);
            _kernel.DecryptBlocks(new byte[16], actual);
        }
        else
        {
            reference.EncryptBlocks(new byte[16], expected);
            _kernel.EncryptBlocks(new byte[16], actual);
        }

        if (!expected.AsSpan().SequenceEqual(actual))
        {
            throw new InvalidOperationException($"{Cipher}: the kernel differs from the reference");
        }

        Array.Clear(_block);
    }

    [Benchmark(OperationsPerInvoke = Blocks)]
    public void BlockWithFeedback()
    {
        Span<byte> block = _block;
        if (Decrypt)
        {
            for (int i = 0; i < Blocks; i++)
            {
                _kernel.DecryptBlocks(block, block);
            }
        }
        else
        {
            for (int i = 0; i < Blocks; i++)
            {
                _kernel.EncryptBlocks(block, block);
            }
        }
    }

    [GlobalCleanup]
    public void Cleanup() => _kernel.Dispose();

    /// <summary>Adds the cycles-per-operation column.</summary>
    public sealed class CyclesConfig : ManualConfig
    {
        public CyclesConfig() => AddColumn(StatisticColumn.Min, new CyclesColumn());
    }

    /// <summary>Mean time per operation times the clock measured in this process.</summary>
    public sealed class CyclesColumn : IColumn
    {
        public string Id => nameof(CyclesColumn);

        public string ColumnName => "Cycles/op (min)";

        public bool AlwaysShow => true;

        public ColumnCategory Category => ColumnCategory.Custom;

        public int PriorityInCategory => 0;

        public bool IsNumeric => true;

        public UnitType UnitType => UnitType.Dimensionless;

        public string Legend => $"Min time per operation in cycles at the burst clock measured in-process ({BurstClock.GigaHertz:F2} GHz; shared Clock: {Clock.GigaHertz:F2} GHz)";

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
        {
            BenchmarkReport? report = summary.Reports.FirstOrDefault(r => r.BenchmarkCase == benchmarkCase);
            return report?.ResultStatistics is { } statistics
                ? (statistics.Min * BurstClock.GigaHertz).ToString("F0", CultureInfo.InvariantCulture) + $" @{BurstClock.GigaHertz:F2}GHz"
                : "-";
        }

        public bool IsAvailable(Summary summary) => true;

        public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    }
}
