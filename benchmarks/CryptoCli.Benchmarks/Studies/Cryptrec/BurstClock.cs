using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace CryptoCli.Benchmarks;

/// <summary>
/// The core clock measured in-process on a loaded machine: a chain of dependent 64-bit additions (one cycle each)
/// timed in many short bursts of about 0.3 ms, keeping the fastest. A burst that ran without being preempted
/// gives the real clock; with long runs (as in <see cref="Clock"/>) every run is preempted when the machine's
/// load is far above its core count, and the clock comes out too low.
/// </summary>
public static class BurstClock
{
    private static double s_gigahertz;

    public static double GigaHertz => s_gigahertz > 0 ? s_gigahertz : (s_gigahertz = Measure());

    private static double Measure()
    {
        const long Iterations = 250_000; // 4 dependent adds each: 1M cycles
        Chain(1000);
        double best = double.MaxValue;
        for (int burst = 0; burst < 3000; burst++)
        {
            long start = Stopwatch.GetTimestamp();
            Chain(Iterations);
            best = Math.Min(best, (Stopwatch.GetTimestamp() - start) / (double)Stopwatch.Frequency);
        }

        return Iterations * 4 / best / 1e9;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long Chain(long iterations)
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
}
