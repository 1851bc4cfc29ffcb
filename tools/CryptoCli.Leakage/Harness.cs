using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;

namespace CryptoCli.Leakage;

/// <summary>The outcome of one case.</summary>
internal sealed record CaseResult(LeakageCase Case, long Measurements, long Class0, long Class1, double FirstOrderT, string Test,
    double AllDataT, double SecondOrderT, double MedianNanoseconds, TimeSpan Elapsed, double MeanDifferenceNanoseconds)
{
    /// <summary>Which attempt this is (the positive control is measured again when it is not detected).</summary>
    public int Attempt { get; init; } = 1;

    /// <summary>The max |t| of the earlier attempts, oldest first.</summary>
    public double[] EarlierAttempts { get; init; } = [];

    /// <summary>dudect's figure: the largest |t| of every test, first and second order.</summary>
    public double MaxT => Math.Max(FirstOrderT, SecondOrderT);

    /// <summary>The test that gave <see cref="MaxT"/>.</summary>
    public string MaxTest => SecondOrderT > FirstOrderT ? "2nd order" : Test;

    /// <summary>The signed t of every test (see <see cref="LeakageStatistics.SignedTs"/>), for comparing acquisitions.</summary>
    public double[] Ts { get; init; } = [];

    /// <summary>Names of the tests of <see cref="Ts"/>, index for index.</summary>
    public string[] TestNames { get; init; } = [];

    /// <summary>
    /// The second acquisition of the case (the same key and fixed input; new random inputs, class order and warm-up),
    /// taken when this one reached |t| of 4.5 or more; null when it was not needed.
    /// </summary>
    public CaseResult? Second { get; init; }

    /// <summary>
    /// The two-acquisition figure (the rule of ISO/IEC 17825 and of TVLA): for each test, the smaller |t| of the two
    /// acquisitions when both have the same sign, else 0; the largest of those. With one acquisition below 4.5 it is
    /// that acquisition's largest |t|, which bounds it.
    /// </summary>
    public (double T, string Test) Confirmed
    {
        get
        {
            if (Second is null)
            {
                return (MaxT, MaxTest);
            }

            double best = 0;
            string where = "-";
            for (int i = 0; i < Math.Min(Ts.Length, Second.Ts.Length); i++)
            {
                double a = Ts[i], b = Second.Ts[i];
                if (double.IsNaN(a) || double.IsNaN(b) || Math.Sign(a) != Math.Sign(b))
                {
                    continue;
                }

                double t = Math.Min(Math.Abs(a), Math.Abs(b));
                if (t > best)
                {
                    best = t;
                    where = TestNames[i];
                }
            }

            return (best, where);
        }
    }
}

/// <summary>Settings shared by every case of a run.</summary>
internal sealed record HarnessOptions(bool Evict, TimeSpan WarmUp, int CroppingThresholds, ClassMode Classes = ClassMode.FixedVsRandom)
{
    /// <summary>
    /// A diagnostic: before each timed call, run the case once, untimed, on a fresh random input, so that every timed
    /// call of either class follows a call on random data (what the previous call left in registers, stack slots and
    /// predictors no longer depends on the previous measurement's class).
    /// </summary>
    public bool Scrub { get; init; }

    /// <summary>A diagnostic: when set, each case's classes and times, in measurement order, are written to a file in
    /// this directory (<c>CASE.raw</c>: the class bytes, then the times as little-endian 64-bit ticks).</summary>
    public string? RawDirectory { get; init; }
}

/// <summary>What class 0 is. The default is the test; the other two are checks of the harness and of the cause of a signal.</summary>
internal enum ClassMode
{
    /// <summary>dudect's test: the case's fixed input vs random inputs.</summary>
    FixedVsRandom,

    /// <summary>One random input, drawn once per case, vs random inputs: a fixed value with no special structure.</summary>
    FixedRandomVsRandom,

    /// <summary>Random vs random (an A/A test): both classes come from the same distribution, so any |t| above 4.5 is
    /// the harness's or the machine's, not the code's.</summary>
    RandomVsRandom,
}

/// <summary>
/// The measurement loop. For each batch: draw a random class per measurement and write that measurement's input
/// (all inputs before any timing, so input generation never sits between two timed calls), then for each
/// measurement run the untimed preparation, optionally evict the L1 data cache, and time one call with
/// <see cref="Stopwatch.GetTimestamp"/>. Both classes go through the same code, buffers and order.
/// </summary>
internal sealed class Harness : IDisposable
{
    // Small batches keep the inputs of a batch in L2 (at most 512 bytes x 1024 = 512 KiB).
    private const int BatchSize = 1024;

    // dudect's rule: a test counts once it has this many measurements (fewer in short runs, see Measure).
    private const long MinimumTestCount = 10_000;

    private readonly HarnessOptions _options;
    private readonly CacheEvictor _evictor;

    public Harness(HarnessOptions options)
    {
        _options = options;
        _evictor = new CacheEvictor();
    }

    /// <summary>Sum of the eviction reads, kept so that the JIT cannot drop them.</summary>
    public long EvictionChecksum => _evictor.Checksum;

    public void Dispose() => _evictor.Dispose();

    /// <summary>
    /// Sets the case up (a new key and fixed input), measures it, and, when <paramref name="confirmAt"/> is given and
    /// the figure reaches it, measures it a second time under the same setup (same key, same fixed input; new random
    /// inputs, class order and warm-up): the replicate the two-acquisition rule compares test by test.
    /// </summary>
    public CaseResult Measure(LeakageCase leakageCase, long measurements, double? confirmAt = null)
    {
        var started = Stopwatch.StartNew();
        leakageCase.Setup();
        try
        {
            // --classes fixed-random: one random fixed input for the case, the same in both acquisitions.
            byte[] fixedRandom = RandomNumberGenerator.GetBytes(leakageCase.InputLength);
            CaseResult first = MeasureCore(leakageCase, measurements, fixedRandom, started, rawName: leakageCase.Name + ".raw");
            return confirmAt is double threshold && first.MaxT >= threshold
                ? first with { Second = MeasureCore(leakageCase, measurements, fixedRandom, Stopwatch.StartNew(), rawName: leakageCase.Name + ".2.raw") }
                : first;
        }
        finally
        {
            leakageCase.Dispose();
        }
    }

    private CaseResult MeasureCore(LeakageCase leakageCase, long measurements, byte[] fixedRandom, Stopwatch started, string rawName)
    {
        int inputLength = leakageCase.InputLength;
        byte[] classes = new byte[BatchSize];
        byte[] inputs = new byte[BatchSize * inputLength];
        long[] times = new long[BatchSize];
        byte[] scrubInputs = _options.Scrub ? new byte[BatchSize * inputLength] : Array.Empty<byte>();
        byte[]? rawClasses = _options.RawDirectory is null ? null : new byte[measurements];
        long[]? rawTimes = _options.RawDirectory is null ? null : new long[measurements];

        // Warm-up: the same loop, results discarded, until the JIT has had time to settle on optimised code.
        var warmUp = Stopwatch.StartNew();
        int warmUpBatches = 0;
        while (warmUp.Elapsed < _options.WarmUp || warmUpBatches < 2)
        {
            RunBatch(leakageCase, classes, inputs, scrubInputs, fixedRandom, times, BatchSize);
            warmUpBatches++;
        }

        // The cropping thresholds come from the first measurements (at least one batch, 10,000 when the run is long
        // enough); those measurements then count like every other.
        var statistics = new LeakageStatistics(_options.CroppingThresholds);
        long calibrationCount = Math.Min(measurements, Math.Max(BatchSize, Math.Min(10_000, measurements / 10)));
        long[] calibrationTimes = new long[calibrationCount];
        byte[] calibrationClasses = new byte[calibrationCount];
        long done = 0;
        long class1 = 0;
        while (done < measurements)
        {
            int count = (int)Math.Min(BatchSize, measurements - done);
            RunBatch(leakageCase, classes, inputs, scrubInputs, fixedRandom, times, count);
            for (int i = 0; i < count; i++)
            {
                int inputClass = classes[i];
                class1 += inputClass;
                if (rawClasses is not null)
                {
                    rawClasses[done + i] = (byte)inputClass;
                    rawTimes![done + i] = times[i];
                }

                if (done + i < calibrationCount)
                {
                    calibrationTimes[done + i] = times[i];
                    calibrationClasses[done + i] = (byte)inputClass;
                }
                else
                {
                    statistics.Add(times[i], inputClass);
                }
            }

            done += count;
            if (!statistics.HasThresholds && done >= calibrationCount)
            {
                statistics.SetThresholds(calibrationTimes);
                for (long i = 0; i < calibrationCount; i++)
                {
                    statistics.Add(calibrationTimes[i], calibrationClasses[i]);
                }
            }
        }

        if (rawClasses is not null)
        {
            WriteRaw(Path.Combine(_options.RawDirectory!, rawName), rawClasses, rawTimes!);
        }

        Array.Sort(calibrationTimes);
        double median = calibrationTimes[calibrationTimes.Length / 2] * 1e9 / Stopwatch.Frequency;
        long minimum = Math.Min(MinimumTestCount, Math.Max(1000, measurements / 4));
        (double firstOrder, string test, double secondOrder, double difference) = statistics.Max(minimum);
        double[] ts = statistics.SignedTs(minimum);
        return new CaseResult(leakageCase, measurements, measurements - class1, class1, firstOrder, test, statistics.AllDataT,
            secondOrder, median, started.Elapsed, difference * 1e9 / Stopwatch.Frequency)
        {
            Ts = ts,
            TestNames = Enumerable.Range(0, ts.Length).Select(statistics.TestName).ToArray(),
        };
    }

    private static void WriteRaw(string path, byte[] classes, long[] times)
    {
        using var file = new FileStream(path, FileMode.Create, FileAccess.Write);
        file.Write(classes);
        file.Write(MemoryMarshal.AsBytes(times.AsSpan()));
    }

    private void RunBatch(LeakageCase leakageCase, byte[] classes, byte[] inputs, byte[] scrubInputs, byte[] fixedRandom, long[] times, int count)
    {
        int inputLength = leakageCase.InputLength;
        RandomNumberGenerator.Fill(classes.AsSpan(0, count));
        bool scrub = scrubInputs.Length > 0;
        if (scrub)
        {
            for (int i = 0; i < count; i++)
            {
                leakageCase.WriteRandomInput(scrubInputs.AsSpan(i * inputLength, inputLength));
            }
        }

        for (int i = 0; i < count; i++)
        {
            classes[i] &= 1;
            Span<byte> input = inputs.AsSpan(i * inputLength, inputLength);
            if (classes[i] == 0 && _options.Classes == ClassMode.FixedVsRandom)
            {
                leakageCase.WriteFixedInput(input);
            }
            else if (classes[i] == 0 && _options.Classes == ClassMode.FixedRandomVsRandom)
            {
                fixedRandom.CopyTo(input);
            }
            else
            {
                leakageCase.WriteRandomInput(input);
            }
        }

        bool evict = _options.Evict;
        for (int i = 0; i < count; i++)
        {
            ReadOnlySpan<byte> input = inputs.AsSpan(i * inputLength, inputLength);
            if (scrub)
            {
                leakageCase.Run(scrubInputs.AsSpan(i * inputLength, inputLength));
            }

            leakageCase.Prepare(input);
            if (evict)
            {
                leakageCase.Evict(_evictor);
            }

            long start = Stopwatch.GetTimestamp();
            leakageCase.Run(input);
            long end = Stopwatch.GetTimestamp();
            times[i] = end - start;
        }
    }
}
