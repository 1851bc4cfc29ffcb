using System;
using System.Collections.Generic;
using System.Threading;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Runs a class's measured calls until the runtime has compiled them fully, once per process: for the first case of a
/// run. The runtime optimises a method only after 30 calls and a pause of 100 ms in which no new method was compiled
/// (with dynamic PGO it passes through an instrumented version first), and the run's first case compiles
/// BenchmarkDotNet's engine and every shared library method at the same time, so its whole short job (about 300 ms)
/// can end before the promotion: the default run's first case, AES ECB at 16 bytes, read 305-334 ns instead of about
/// 30 ns. Later cases find the shared code optimised already, except where a class's measured code is first compiled in
/// that class (new generic instantiations, as Camellia-XTS's passes are), which then warms itself up here too.
/// </summary>
public static class TieredWarmUp
{
    private static readonly HashSet<string> s_done = new(StringComparer.Ordinal);

    public static void Once(string name, params Action[] calls)
    {
        lock (s_done)
        {
            if (!s_done.Add(name))
            {
                return;
            }
        }

        // Rounds of calls separated by pauses long enough for the background compiler (about 0.6 s in all).
        for (int round = 0; round < 6; round++)
        {
            foreach (Action call in calls)
            {
                for (int i = 0; i < 500; i++)
                {
                    call();
                }
            }

            Thread.Sleep(100);
        }
    }
}
