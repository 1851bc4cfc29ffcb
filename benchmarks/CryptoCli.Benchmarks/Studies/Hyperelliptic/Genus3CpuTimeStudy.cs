using System;
using System.Diagnostics;
using System.Numerics;
using BenchmarkDotNet.Attributes;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Study (not in the default run; <c>--filter '*Genus3CpuTime*'</c>): on a machine shared with other builds, wall-clock
/// times stretch with the load. This class prints, in its setup, the process CPU time per operation (best of 15 rounds,
/// <see cref="Process.TotalProcessorTime"/>) of the default run's cases, then times one trivial method.
/// </summary>
public class Genus3CpuTimeStudy
{
    [GlobalSetup]
    public void Setup()
    {
        var cases = new Genus3Benchmarks();
        cases.Setup();
        Console.WriteLine("// Genus3CpuTime: process CPU time per operation (best of 15), and the wall time of the same round");
        Report("ScalarMul-160 CryptoCli-naf", () => cases.Naf160(), 300);
        Report("ScalarMul-160 CryptoCli-skew", () => cases.Skew160(), 300);
        Report("ScalarMul-186 CryptoCli-naf", () => cases.Naf186(), 300);
        Report("ScalarMul-186 CryptoCli-skew", () => cases.Skew186(), 300);
        Report("Add CryptoCli", () => cases.Add(), 50_000);
        Report("Double CryptoCli", () => cases.Double(), 50_000);
    }

    private static void Report(string name, Func<Genus3Divisor> operation, int count)
    {
        for (int i = 0; i < count; i++)
        {
            operation();
        }

        double bestCpu = double.MaxValue, bestWall = double.MaxValue;
        using var process = Process.GetCurrentProcess();
        for (int round = 0; round < 15; round++)
        {
            process.Refresh();
            TimeSpan cpu = process.TotalProcessorTime;
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < count; i++)
            {
                operation();
            }

            double wall = (Stopwatch.GetTimestamp() - start) * 1e9 / Stopwatch.Frequency / count;
            process.Refresh();
            bestCpu = Math.Min(bestCpu, (process.TotalProcessorTime - cpu).TotalMilliseconds * 1e6 / count);
            bestWall = Math.Min(bestWall, wall);
        }

        Console.WriteLine($"// Genus3CpuTime | {name} | cpu {bestCpu:F0} ns | {Clock.Cycles(bestCpu) / 1000:F1} kcycles at {Clock.GigaHertz:F2} GHz | wall {bestWall:F0} ns");
    }

    [Benchmark]
    public BigInteger Nothing() => BigInteger.One;
}
