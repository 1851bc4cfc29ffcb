using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Runs the timed code for a while before the first measurement, once per process and key: the default run's short
/// job (two 40 ms warm-ups) otherwise times part of a loop before tiered compilation has optimised it.
/// </summary>
internal static class CryptrecWarmUp
{
    private static readonly HashSet<string> s_done = new(StringComparer.Ordinal);

    public static void Once(string key, Action action)
    {
        lock (s_done)
        {
            if (!s_done.Add(key))
            {
                return;
            }
        }

        long end = Stopwatch.GetTimestamp() + Stopwatch.Frequency / 2; // 0.5 s
        while (Stopwatch.GetTimestamp() < end)
        {
            action();
        }
    }
}

/// <summary>Min and Median beside the mean: on a shared 2-core machine the minimum is the stable figure.</summary>
internal sealed class CryptrecColumnsConfig : BenchmarkDotNet.Configs.ManualConfig
{
    public CryptrecColumnsConfig() =>
        AddColumn(BenchmarkDotNet.Columns.StatisticColumn.Min, BenchmarkDotNet.Columns.StatisticColumn.Median);
}
