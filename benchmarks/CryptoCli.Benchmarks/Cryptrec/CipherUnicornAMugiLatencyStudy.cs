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
/// Run: <c>dotnet run -c Release -- --filter '*CipherUnicornAMugiLatencyStudy*' --short</c>.
/// </summary>
[Config(typeof(CyclesConfig))]
public class CipherUnicornAMugiLatencyStudy
{
    private const int Chain = 1024; // feedback steps per invocation

    private readonly byte[] _block = new byte[16];
    private readonly byte[] _keystream = new byte[16 * Chain];
    private readonly byte[] _keystream16 = new byte[16];
    private BlockCipherKernel _unicorn128 = null!, _unicorn128Shift = null!, _unicorn192 = null!, _unicorn256 = null!, _unicornReference = null!, _aesPortable = null!;
    private Mugi _mugi = null!;
    private MugiReference _mugiReference = null!;

    [GlobalSetup]
    public void Setup()
    {
        _unicorn128 = new CipherUnicornAKernel(new byte[16]);
        _unicorn128Shift = new CipherUnicornAKernel(new byte[16], allowBmi1: false);
        _unicorn192 = new CipherUnicornAKernel(new byte[24]);
        _unicorn256 = new CipherUnicornAKernel(new byte[32]);
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

        Console.WriteLine($"// measured clock: {Clock.GigaHertz.ToString("F3", CultureInfo.InvariantCulture)} GHz; CIPHERUNICORN-A kernel: {_unicorn128.Name}");
    }

    private static void Feedback(BlockCipherKernel kernel, byte[] block)
    {
        for (int i = 0; i < Chain; i++)
        {
            kernel.EncryptBlocks(block, block);
        }
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

    [Benchmark(OperationsPerInvoke = Chain, Description = "MUGI per 128 bits, 16 KiB calls")]
    public void MugiBulk() => _mugi.GenerateKeystream(_keystream);

    [Benchmark(OperationsPerInvoke = Chain, Description = "MUGI per 128 bits, 16 KiB calls (reference)")]
    public void MugiReferenceBulk() => _mugiReference.Generate(_keystream);

    /// <summary>Adds a cycles-per-operation column (mean ns times the clock measured in this process).</summary>
    private sealed class CyclesConfig : ManualConfig
    {
        public CyclesConfig() => AddColumn(new CyclesColumn());
    }

    private sealed class CyclesColumn : IColumn
    {
        public string Id => "CyclesPerOp";

        public string ColumnName => "Cycles/op";

        public bool AlwaysShow => true;

        public ColumnCategory Category => ColumnCategory.Custom;

        public int PriorityInCategory => 0;

        public bool IsNumeric => true;

        public UnitType UnitType => UnitType.Dimensionless;

        public string Legend => "Mean time per operation times the clock measured in-process (Clock.GigaHertz)";

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
        {
            BenchmarkReport? report = summary[benchmarkCase];
            return report?.ResultStatistics is null
                ? "-"
                : Clock.Cycles(report.ResultStatistics.Mean).ToString("F0", CultureInfo.InvariantCulture) + " @ " + Clock.GigaHertz.ToString("F2", CultureInfo.InvariantCulture) + " GHz";
        }

        public bool IsAvailable(Summary summary) => true;

        public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    }
}
