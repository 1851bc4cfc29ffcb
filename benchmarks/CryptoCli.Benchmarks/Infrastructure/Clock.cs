using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Measures the effective core clock in this process: a long chain of dependent 64-bit additions costs one
/// cycle each, so additions per second is cycles per second. Used to turn ns into cycles.
/// </summary>
public static class Clock
{
    private static double s_gigahertz;

    public static double GigaHertz => s_gigahertz > 0 ? s_gigahertz : (s_gigahertz = Measure());

    public static double Cycles(double nanoseconds) => nanoseconds * GigaHertz;

    private static double Measure()
    {
        const long Iterations = 100_000_000; // 4 dependent adds each
        Chain(1000);
        double best = double.MaxValue;
        for (int run = 0; run < 5; run++)
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
