using System;
using System.Globalization;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace CryptoCli.Benchmarks;

/// <summary>
/// P2's measurement (Table 5), not in the default run: latency per 128-bit block with each ciphertext fed back as the
/// next plaintext (key 0, P0 = 0), in ns and in cycles at the clock measured in this process; MUGI per 128 bits of
/// keystream. RijndaelCipher's portable T-table kernel (AES-128) is timed the same way as the in-run reference.
/// Run: <c>dotnet run -c Release -- --filter '*CipherUnicornAMugiLatencyStudy*' --invocationCount 1 --unrollFactor 1 --iterationCount 400 --warmupCount 2000</c>
/// (many short iterations, so that the minimum survives a shared machine; the long warm-up lets tiered compilation
/// finish, or the first cases are timed on unoptimised code).
/// </summary>
[Config(typeof(CyclesConfig))]
public class CipherUnicornAMugiLatencyStudy
{
    private const int Chain = 256; // feedback steps per invocation (short, so that quiet moments of a shared machine show in the minimum)

    private readonly byte[] _block = new byte[16];
    private readonly byte[] _keystream = new byte[16 * Chain];
    private readonly byte[] _keystream16 = new byte[16];
    private BlockCipherKernel _unicorn128 = null!, _unicorn128Shift = null!, _unicorn192 = null!, _unicorn256 = null!, _unicornReference = null!, _aesPortable = null!;
    private Mugi _mugi = null!;
    private MugiReference _mugiReference = null!;

    [GlobalSetup]
    public void Setup()
    {
        _unicorn128 = CipherUnicornA.Kernels.CreateDefault(new byte[16], 16);
        _unicorn128Shift = CipherUnicornA.Kernels.Get("table32").Create(new byte[16], 16);
        _unicorn192 = CipherUnicornA.Kernels.CreateDefault(new byte[24], 16);
        _unicorn256 = CipherUnicornA.Kernels.CreateDefault(new byte[32], 16);
        _unicornReference = new CipherUnicornAReferenceKernel(new byte[16]);
        _aesPortable = new RijndaelPortableKernel(new byte[16], 16);
        _mugi = new Mugi(new byte[16], new byte[16]);
        _mugiReference = new MugiReference(new byte[16], new byte[16]);

        // The fast and reference kernels must agree on the chain they are timed on.
        byte[] a = new byte[16], b = new byte[16];
        for (int i = 0; i < 100; i++)
        {
            _unicorn128.EncryptBlocks(a, a);
            _unicornReference.EncryptBlocks(b, b);
        }

        if (!a.AsSpan().SequenceEqual(b))
        {
            throw new InvalidOperationException("CIPHERUNICORN-A kernels disagree");
        }

        Console.WriteLine(string.Format(
            CultureInfo.InvariantCulture,
            "// measured clock: Clock.GigaHertz {0:F3} GHz, best of 400 short chains {1:F3} GHz; CIPHERUNICORN-A kernel: {2}",
            Clock.GigaHertz,
            ShortRunClockGigaHertz,
            _unicorn128.Name));
    }

    private static void Feedback(BlockCipherKernel kernel, byte[] state)
    {
        Span<byte> block = stackalloc byte[16];
        state.CopyTo(block);
        for (int i = 0; i < Chain; i++)
        {
            kernel.EncryptBlocks(block, block);
        }

        block.CopyTo(state);
    }

    [Benchmark(OperationsPerInvoke = Chain, Description = "CIPHERUNICORN-A-128 block latency (default kernel)")]
    public void Unicorn128() => Feedback(_unicorn128, _block);

    [Benchmark(OperationsPerInvoke = Chain, Description = "CIPHERUNICORN-A-128 block latency (table32, no BMI1)")]
    public void Unicorn128Shift() => Feedback(_unicorn128Shift, _block);

    [Benchmark(OperationsPerInvoke = Chain, Description = "CIPHERUNICORN-A-192 block latency (default kernel)")]
    public void Unicorn192() => Feedback(_unicorn192, _block);

    [Benchmark(OperationsPerInvoke = Chain, Description = "CIPHERUNICORN-A-256 block latency (default kernel)")]
    public void Unicorn256() => Feedback(_unicorn256, _block);

    [Benchmark(OperationsPerInvoke = Chain, Description = "CIPHERUNICORN-A-128 block latency (reference)")]
    public void Unicorn128Reference() => Feedback(_unicornReference, _block);

    [Benchmark(OperationsPerInvoke = Chain, Description = "AES-128 block latency (RijndaelCipher portable)")]
    public void AesPortable() => Feedback(_aesPortable, _block);

    [Benchmark(OperationsPerInvoke = Chain, Description = "MUGI per 128 bits, 16-byte calls")]
    public void Mugi16ByteCalls()
    {
        for (int i = 0; i < Chain; i++)
        {
            _mugi.GenerateKeystream(_keystream16);
        }
    }

    [Benchmark(OperationsPerInvoke = Chain, Description = "MUGI per 128 bits, 4 KiB calls")]
    public void MugiBulk() => _mugi.GenerateKeystream(_keystream);

    [Benchmark(OperationsPerInvoke = Chain, Description = "MUGI per 128 bits, 4 KiB calls (reference)")]
    public void MugiReferenceBulk() => _mugiReference.Generate(_keystream);

    /// <summary>
    /// A fast estimate of the clock that tolerates a shared machine: the best of many short dependent-add chains
    /// (one cycle per add), where <see cref="Clock"/> takes the best of five long ones. Printed beside it.
    /// </summary>
    private static double s_shortRunGigaHertz;

    private static double ShortRunClockGigaHertz => s_shortRunGigaHertz > 0 ? s_shortRunGigaHertz : (s_shortRunGigaHertz = MeasureShortRunClock());

    private static double MeasureShortRunClock()
    {
        const int Iterations = 1_000_000; // 4 dependent adds each, about 1.3 ms at 3 GHz
        double best = double.MaxValue;
        for (int run = 0; run < 400; run++)
        {
            long start = System.Diagnostics.Stopwatch.GetTimestamp();
            AddChain(Iterations);
            best = Math.Min(best, (System.Diagnostics.Stopwatch.GetTimestamp() - start) / (double)System.Diagnostics.Stopwatch.Frequency);
        }

        return Iterations * 4 / best / 1e9;
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static long AddChain(long iterations)
    {
        long x = 0;
        for (long i = 0; i < iterations; i++)
        {
            x += i;
            x += i ^ 1;
            x += i ^ 2;
            x += i ^ 3;
        }

        return x;
    }

    /// <summary>
    /// Adds Min and Median, and cycles per operation: from the mean at <see cref="Clock.GigaHertz"/> (the project's
    /// method) and from the minimum at the short-chain clock (robust when other processes share the cores).
    /// </summary>
    private sealed class CyclesConfig : ManualConfig
    {
        public CyclesConfig()
        {
            AddColumn(StatisticColumn.Min, StatisticColumn.Median);
            AddColumn(new CyclesColumn(fromMinimum: false), new CyclesColumn(fromMinimum: true));
        }
    }

    private sealed class CyclesColumn : IColumn
    {
        private readonly bool _fromMinimum;

        public CyclesColumn(bool fromMinimum) => _fromMinimum = fromMinimum;

        public string Id => _fromMinimum ? "CyclesMin" : "CyclesMean";

        public string ColumnName => _fromMinimum ? "Cycles/op (min, short-chain clock)" : "Cycles/op (mean, Clock)";

        public bool AlwaysShow => true;

        public ColumnCategory Category => ColumnCategory.Custom;

        public int PriorityInCategory => _fromMinimum ? 1 : 0;

        public bool IsNumeric => true;

        public UnitType UnitType => UnitType.Dimensionless;

        public string Legend => "Time per operation times a clock measured in-process";

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
        {
            BenchmarkReport? report = summary[benchmarkCase];
            if (report?.ResultStatistics is null)
            {
                return "-";
            }

            double gigahertz = _fromMinimum ? ShortRunClockGigaHertz : Clock.GigaHertz;
            double ns = _fromMinimum ? report.ResultStatistics.Min : report.ResultStatistics.Mean;
            return (ns * gigahertz).ToString("F0", CultureInfo.InvariantCulture) + " @ " + gigahertz.ToString("F2", CultureInfo.InvariantCulture) + " GHz";
        }

        public bool IsAvailable(Summary summary) => true;

        public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    }
}
