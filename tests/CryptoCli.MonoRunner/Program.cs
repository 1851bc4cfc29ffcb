using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using CryptoCli.Benchmarks;

namespace CryptoCli.MonoRunner;

/// <summary>
/// Runs the published vectors (the same files the xunit suite reads) through CryptoCli's netstandard2.0 build on
/// Mono, family by family, and prints "N passed, N failed" (one count per vector file). With --bench it times P1's
/// micro-kernels with Stopwatch (best of several runs) instead.
/// </summary>
internal static class Program
{
    private static int s_passed;
    private static int s_failed;

    private static int Main(string[] args)
    {
        if (args.Contains("--bench"))
        {
            Bench.Run();
            return 0;
        }

        Console.WriteLine($"runtime: {(Type.GetType("Mono.Runtime") != null ? "Mono" : ".NET")} {Environment.Version}; little-endian: {BitConverter.IsLittleEndian}");
        string root = Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "Vectors");
        var checks = new Dictionary<string, Func<string, int>>
        {
            ["rijndael"] = Families.Rijndael,
        };

        foreach (KeyValuePair<string, Func<string, int>> family in checks)
        {
            string[] files = Directory.GetFiles(Path.Combine(root, family.Key), "*.txt").OrderBy(f => f, StringComparer.Ordinal).ToArray();
            if (files.Length == 0)
            {
                Fail($"{family.Key}: no vector file");
            }

            foreach (string file in files)
            {
                try
                {
                    int count = family.Value(file);
                    if (count == 0)
                    {
                        Fail($"{Path.GetFileName(file)}: no vector found");
                    }
                    else
                    {
                        s_passed++;
                        Console.WriteLine($"ok   {family.Key}/{Path.GetFileName(file)}: {count} vectors");
                    }
                }
                catch (Exception e)
                {
                    Fail($"{family.Key}/{Path.GetFileName(file)}: {e.Message}");
                }
            }
        }

        Console.WriteLine($"{s_passed} passed, {s_failed} failed");
        return s_failed == 0 ? 0 : 1;
    }

    private static void Fail(string message)
    {
        s_failed++;
        Console.WriteLine("FAIL " + message);
    }
}

/// <summary>Minimal readers for the vector formats (the xunit suite has fuller ones; this must compile for net48).</summary>
internal static class VectorText
{
    public static IEnumerable<(int Line, Dictionary<string, string> Fields)> Blocks(string path)
    {
        Dictionary<string, string>? fields = null;
        int start = 0, number = 0;
        foreach (string raw in File.ReadLines(path))
        {
            number++;
            string text = raw.Trim();
            if (text.StartsWith("#", StringComparison.Ordinal))
            {
                continue;
            }

            if (text.Length == 0)
            {
                if (fields != null)
                {
                    yield return (start, fields);
                    fields = null;
                }

                continue;
            }

            int equals = text.IndexOf('=');
            if (equals <= 0)
            {
                throw new FormatException($"line {number}: expected NAME = value");
            }

            if (fields == null)
            {
                fields = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
                start = number;
            }

            string value = text.Substring(equals + 1);
            int comment = value.IndexOf(" #", StringComparison.Ordinal);
            fields[text.Substring(0, equals).Trim()] = (comment >= 0 ? value.Substring(0, comment) : value).Trim();
        }

        if (fields != null)
        {
            yield return (start, fields);
        }
    }

    public static IEnumerable<(int Line, string? Tag, Dictionary<string, string> Fields)> TokenLines(string path)
    {
        int number = 0;
        foreach (string raw in File.ReadLines(path))
        {
            number++;
            string text = raw.Trim();
            if (text.Length == 0 || text.StartsWith("#", StringComparison.Ordinal))
            {
                continue;
            }

            string? tag = null;
            var fields = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
            foreach (string token in text.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries))
            {
                int equals = token.IndexOf('=');
                if (equals < 0)
                {
                    tag = token;
                }
                else
                {
                    fields[token.Substring(0, equals)] = token.Substring(equals + 1);
                }
            }

            yield return (number, tag, fields);
        }
    }

    public static IEnumerable<(int Line, string[] Columns)> Columns(string path)
    {
        int number = 0;
        foreach (string raw in File.ReadLines(path))
        {
            number++;
            string text = raw.Trim();
            if (text.Length > 0 && !text.StartsWith("#", StringComparison.Ordinal))
            {
                yield return (number, text.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries));
            }
        }
    }

    public static byte[] Hex(string text)
    {
        if (text.Length % 2 != 0)
        {
            throw new FormatException("odd-length hex");
        }

        byte[] bytes = new byte[text.Length / 2];
        for (int i = 0; i < bytes.Length; i++)
        {
            bytes[i] = Convert.ToByte(text.Substring(2 * i, 2), 16);
        }

        return bytes;
    }

    public static void Expect(bool condition, string path, int line, string what)
    {
        if (!condition)
        {
            throw new InvalidOperationException($"{Path.GetFileName(path)}:{line}: {what}");
        }
    }

    public static bool Same(byte[] a, byte[] b) => a.Length == b.Length && a.SequenceEqual(b);
}

/// <summary>Per-family checks through the public API; each returns the number of vectors checked in the file.</summary>
internal static partial class Families
{
    /// <summary>Block ciphers in the KEY/PT/CT block format (IV means CBC, INITIAL_COUNTER means CTR).</summary>
    public static int BlockFormat(string path, Func<int, SymmetricAlgorithm> create)
    {
        int count = 0;
        foreach ((int line, Dictionary<string, string> f) in VectorText.Blocks(path))
        {
            int blockBits = f.TryGetValue("BLOCKBITS", out string? bits) ? int.Parse(bits) : 128;
            using var cipher = (BlockCipherAlgorithm)create(blockBits);
            cipher.Key = VectorText.Hex(f["KEY"]);
            byte[] plaintext = VectorText.Hex(f["PT"]), expected = VectorText.Hex(f["CT"]);
            if (f.TryGetValue("INITIAL_COUNTER", out string? counterHex))
            {
                byte[] counter = VectorText.Hex(counterHex);
                VectorText.Expect(VectorText.Same(cipher.EncryptCtr(plaintext, counter), expected), path, line, "CTR encryption");
                VectorText.Expect(VectorText.Same(cipher.DecryptCtr(expected, counter), plaintext), path, line, "CTR decryption");
            }
            else if (f.TryGetValue("IV", out string? ivHex))
            {
                byte[] iv = VectorText.Hex(ivHex);
                VectorText.Expect(VectorText.Same(cipher.EncryptCbc(plaintext, iv, PaddingMode.None), expected), path, line, "CBC encryption");
                VectorText.Expect(VectorText.Same(cipher.DecryptCbc(expected, iv, PaddingMode.None), plaintext), path, line, "CBC decryption");
            }
            else
            {
                int iterations = f.TryGetValue("ITERATIONS", out string? n) ? int.Parse(n) : 1;
                byte[] x = plaintext;
                for (int i = 0; i < iterations; i++)
                {
                    x = cipher.EncryptEcb(x, PaddingMode.None);
                }

                VectorText.Expect(VectorText.Same(x, expected), path, line, "ECB encryption");
                for (int i = 0; i < iterations; i++)
                {
                    x = cipher.DecryptEcb(x, PaddingMode.None);
                }

                VectorText.Expect(VectorText.Same(x, plaintext), path, line, "ECB decryption");
            }

            count++;
        }

        return count;
    }

    public static int Rijndael(string path) => BlockFormat(path, blockBits =>
    {
        var cipher = RijndaelCipher.Create();
        cipher.BlockSize = blockBits;
        return cipher;
    });
}

/// <summary>P1's micro-benchmarks timed with Stopwatch, best of several runs (BenchmarkDotNet is not needed on Mono).</summary>
internal static class Bench
{
    public static void Run()
    {
        Console.WriteLine($"runtime: {(Type.GetType("Mono.Runtime") != null ? "Mono" : ".NET")} {Environment.Version}");
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
