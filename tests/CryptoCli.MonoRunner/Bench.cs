// P1's micro-benchmarks and Figures 1 and 2 on Mono, timed with Stopwatch (run.sh --bench).

using System;
using System.Diagnostics;
using System.Security.Cryptography;
using CryptoCli.Benchmarks;

namespace CryptoCli.MonoRunner;

/// <summary>P1's micro-benchmarks timed with Stopwatch, best of several runs (BenchmarkDotNet is not needed on Mono).</summary>
internal static class Bench
{
    public static void Run()
    {
        Console.WriteLine($"runtime: {RuntimeName()}");
        uint[] table = CliTechniqueKernels.Table;
        const int Calls = 10_000_000, Iterations = 100_000_000;
        Time("scratch: heap array (ns/call)", Calls, () => { int s = 0; for (int i = 0; i < Calls; i++) { s += CliTechniqueKernels.ScratchHeap(i); } return s; });
        Time("scratch: stackalloc pointer (ns/call)", Calls, () => { int s = 0; for (int i = 0; i < Calls; i++) { s += CliTechniqueKernels.ScratchStackallocPointer(i); } return s; });
        Time("scratch: stackalloc Span (ns/call)", Calls, () => { int s = 0; for (int i = 0; i < Calls; i++) { s += CliTechniqueKernels.ScratchStackallocSpan(i); } return s; });
        Time("byte extraction: & 0xFF (s per 10^8 iterations)", 1, () => (int)CliTechniqueKernels.ExtractByMask(table, Iterations), seconds: true);
        Time("byte extraction: (byte) cast (s per 10^8 iterations)", 1, () => (int)CliTechniqueKernels.ExtractByCast(table, Iterations), seconds: true);
        Time("table: static field (s per 10^8 iterations)", 1, () => (int)CliTechniqueKernels.TableThroughStatic(Iterations), seconds: true);
        Time("table: local (s per 10^8 iterations)", 1, () => (int)CliTechniqueKernels.TableThroughLocal(Iterations), seconds: true);
        Time("table: argument (s per 10^8 iterations)", 1, () => (int)CliTechniqueKernels.TableThroughArgument(table, Iterations), seconds: true);
        Time("table: pointer (s per 10^8 iterations)", 1, () => (int)CliTechniqueKernels.TableByPointer(table, Iterations), seconds: true);
        Time("table: Unsafe.Add (s per 10^8 iterations)", 1, () => (int)CliTechniqueKernels.TableByUnsafeAdd(table, Iterations), seconds: true);

        byte[] key = new byte[16], input = new byte[1 << 20], output = new byte[1 << 20];
        using var cipher = RijndaelCipher.Create();
        cipher.Key = key;
        Time("Rijndael-128 ECB 1 MB, CryptoCli portable (ms)", 1, () => cipher.EncryptEcb(input, output, PaddingMode.None), milliseconds: true);
    }

    /// <summary>"Mono 6.8.0.105 (...)" from Mono.Runtime.GetDisplayName, or ".NET" and the CLR version elsewhere.</summary>
    public static string RuntimeName()
    {
        Type? mono = Type.GetType("Mono.Runtime");
        object? display = mono?.GetMethod("GetDisplayName", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)?.Invoke(null, null);
        return mono is null ? $".NET {Environment.Version}" : $"Mono {display}";
    }

    private static void Time(string name, int operations, Func<int> body, bool seconds = false, bool milliseconds = false)
    {
        body(); // warm-up and JIT
        double best = double.MaxValue;
        for (int run = 0; run < 5; run++)
        {
            var watch = Stopwatch.StartNew();
            body();
            best = Math.Min(best, watch.Elapsed.TotalSeconds);
        }

        string value = seconds ? $"{best:F4}" : milliseconds ? $"{best * 1000:F2}" : $"{best / operations * 1e9:F2}";
        Console.WriteLine($"{name}: {value}");
    }
}
