using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Measures the effective core clock in this process: a chain of dependent 64-bit additions costs one cycle
/// each, so additions per second is cycles per second. Used to turn ns into cycles. The chain runs in many short
/// bursts (about 0.3 ms) and the fastest counts: a burst that was not preempted gives the real clock, where long
/// runs on a loaded machine are all preempted and read far too low (seen: 0.9 GHz for 3.2).
/// </summary>
public static class Clock
{
    private static double s_gigahertz;

    public static double GigaHertz => s_gigahertz > 0 ? s_gigahertz : (s_gigahertz = Measure());

    public static double Cycles(double nanoseconds) => nanoseconds * GigaHertz;

    private static double Measure()
    {
        const long Iterations = 250_000; // 4 dependent adds each: 1M cycles
        Chain(1000);
        double best = double.MaxValue;
        for (int burst = 0; burst < 3000; burst++)
        {
            long start = Stopwatch.GetTimestamp();
            Chain(Iterations);
            double seconds = (Stopwatch.GetTimestamp() - start) / (double)Stopwatch.Frequency;
            best = Math.Min(best, seconds);
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
