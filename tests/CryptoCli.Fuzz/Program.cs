using System;
using System.IO;
using SharpFuzz;

namespace CryptoCli.Fuzz;

/// <summary>
/// <c>CryptoCli.Fuzz TARGET</c> runs one target under AFL++ in persistent mode (run.sh sets it up);
/// <c>CryptoCli.Fuzz TARGET FILE...</c> runs the files through it once, outside AFL (a crash reproduces as an
/// unhandled exception; only on an uninstrumented build); <c>CryptoCli.Fuzz --seeds DIR</c> writes the starting corpora;
/// <c>CryptoCli.Fuzz --list</c> names the targets.
/// </summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        if (args.Length == 1 && args[0] == "--list")
        {
            Console.WriteLine(string.Join(Environment.NewLine, FuzzTargets.All.Keys));
            return 0;
        }

        if (args.Length == 2 && args[0] == "--seeds")
        {
            FuzzSeeds.Write(args[1]);
            return 0;
        }

        if (args.Length == 0 || !FuzzTargets.All.TryGetValue(args[0], out FuzzTarget? target))
        {
            Console.Error.WriteLine("usage: CryptoCli.Fuzz TARGET [FILE...] | --seeds DIR | --list");
            Console.Error.WriteLine("targets: " + string.Join(", ", FuzzTargets.All.Keys));
            return 2;
        }

        if (args.Length > 1)
        {
            for (int i = 1; i < args.Length; i++)
            {
                target(File.ReadAllBytes(args[i]));
            }

            return 0;
        }

        // Persistent mode: one process runs every input; an exception that escapes the target is a crash.
        Fuzzer.Run(stream =>
        {
            using var buffer = new MemoryStream();
            stream.CopyTo(buffer);
            target(buffer.GetBuffer().AsSpan(0, (int)buffer.Length));
        });
        return 0;
    }
}
