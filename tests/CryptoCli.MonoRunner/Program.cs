// The Mono runner: every vector file of every family under Vectors/ (the files the xunit suite reads, copied beside
// this executable) through the netstandard2.0 build of CryptoCli, one pass/fail count per file.

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;

namespace CryptoCli.MonoRunner;

/// <summary>
/// Runs the published vectors through CryptoCli's netstandard2.0 build on Mono, family by family, and prints
/// "N passed, N failed" (one count per vector file). A family folder with no registered check, a registered family
/// with no folder, a file that does not parse or yields no vector, and a file whose vector count differs from the
/// count its header declares ("# vectors: N") all count as failures. With --bench it times P1's kernels with Stopwatch instead (see <see cref="Bench"/>).
/// </summary>
internal static class Program
{
    private static int s_passed;
    private static int s_failed;

    /// <summary>
    /// One check per folder of tests/CryptoCli.Tests/Vectors; a new folder must be registered here. The checks are the
    /// xunit suite's (tests/CryptoCli.VectorChecks), over every registered kernel this build (netstandard2.0: the
    /// portable entries) runs.
    /// </summary>
    private static VectorFamilyCheck[] Families() => new VectorFamilyCheck[]
    {
        new RijndaelVectorChecks((key, blockBytes) => Registered(RijndaelCipher.Kernels, key, blockBytes)),
        new CamelliaVectorChecks(key => Registered(Camellia.Kernels, key, 16)),
        CryptrecVectorChecks.Hierocrypt3(key => Registered(Hierocrypt3.Kernels, key, 16)),
        CryptrecVectorChecks.SC2000(key => Registered(SC2000.Kernels, key, 16)),
        CryptrecVectorChecks.CipherUnicornA(key => Registered(CipherUnicornA.Kernels, key, 16)),
        new MugiVectorChecks(),
        new LuffaVectorChecks(),
        new HarakaVectorChecks(),
        new EcdsaVectorChecks(EcdsaDer.Verify, EcdsaDer.CheckSignature),
        new HeccVectorChecks(),
        new GcmVectorChecks(
            key => Registered(RijndaelCipher.Kernels, key, 16),
            key => Registered(Camellia.Kernels, key, 16),
            FamilyKernels.Supported(GHashKernel.Kernels).Select(e => e.Create).ToArray()),
        new CmacVectorChecks(),
        new KeyWrapVectorChecks(),
        new CcmVectorChecks((cipher, key) => Registered(CipherKernels(cipher), key, 16)),
        new KbkdfVectorChecks((cipher, key) => Registered(CipherKernels(cipher), key, 16)),
        new XtsVectorChecks(RijndaelCipher.Kernels.Entries.Where(e => e.IsSupported(16)).ToArray()),
        new OcbVectorChecks(RijndaelCipher.Kernels.Entries.Where(e => e.IsSupported(16)).ToArray()),
        new LegacyProducerVectorChecks(),
    };

    /// <summary>The kernel registry of a cipher named in the CCM and KBKDF vector files.</summary>
    private static KernelRegistry<BlockCipherKernelEntry> CipherKernels(string cipher) =>
        cipher == "aes" ? RijndaelCipher.Kernels : Camellia.Kernels;

    /// <summary>Every kernel of a cipher's registry that runs in this process: the list the xunit suite and the benchmarks enumerate.</summary>
    private static BlockCipherKernel[] Registered(KernelRegistry<BlockCipherKernelEntry> registry, byte[] key,
        int blockBytes) =>
        registry.Entries.Where(e => e.IsSupported(blockBytes)).Select(e => e.Create(key, blockBytes)).ToArray();

    private static int Main(string[] args)
    {
        if (args.Contains("--big-endian-path"))
        {
            // Mono initialises a class when it compiles the first method that uses it, so the switch is set here and
            // the work happens in methods compiled later (RunVectors is not inlined).
            AppContext.SetSwitch(ByteOrder.ForceBigEndianCodePathSwitch, true);
        }

        if (args.Contains("--bench"))
        {
            Bench.Run();
            return 0;
        }

        return RunVectors(args.Contains("--big-endian-path"));
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static int RunVectors(bool bigEndianPathRequested)
    {
        Console.WriteLine($"runtime: {Bench.RuntimeName()}; little-endian: {BitConverter.IsLittleEndian}; word loads and stores: {(ByteOrder.IsLittleEndianHost ? "little-endian fast path" : "explicit bytes (the big-endian code path)")}");
        if (ByteOrder.IsLittleEndianHost != (BitConverter.IsLittleEndian && !bigEndianPathRequested))
        {
            Fail($"the library does not run the code path asked for (--big-endian-path: {bigEndianPathRequested})");
        }

        Console.WriteLine($"CryptoCli: {Bench.Origin(typeof(BlockCipherAlgorithm))}; Span<T>: {Bench.Origin(typeof(Span<byte>))}");
        var total = Stopwatch.StartNew();
        string root = Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "Vectors");
        Dictionary<string, VectorFamilyCheck> checks = Families().ToDictionary(f => f.Folder, StringComparer.Ordinal);
        string[] folders = Directory.Exists(root)
            ? Directory.GetDirectories(root).Select(Path.GetFileName).OrderBy(f => f, StringComparer.Ordinal).ToArray()
            : Array.Empty<string>();

        foreach (string missing in checks.Keys.Except(folders).OrderBy(f => f, StringComparer.Ordinal))
        {
            Fail($"{missing}: a check is registered but Vectors/{missing} is missing");
        }

        foreach (string folder in folders)
        {
            string[] files = Directory.GetFiles(Path.Combine(root, folder), "*.txt").OrderBy(f => f, StringComparer.Ordinal).ToArray();
            if (!checks.TryGetValue(folder, out VectorFamilyCheck? family))
            {
                foreach (string file in files.DefaultIfEmpty(folder))
                {
                    Fail($"{folder}/{Path.GetFileName(file)}: no check is registered for the family folder {folder}");
                }

                continue;
            }

            if (files.Length == 0)
            {
                Fail($"{folder}: no *.txt vector file");
                continue;
            }

            foreach (string path in files)
            {
                RunFile(family, path);
            }
        }

        Console.WriteLine($"time: {total.Elapsed.TotalSeconds:F1} s");
        Console.WriteLine($"{s_passed} passed, {s_failed} failed");
        return s_failed == 0 ? 0 : 1;
    }

    private static void RunFile(VectorFamilyCheck family, string path)
    {
        string name = $"{family.Folder}/{Path.GetFileName(path)}";
        var watch = Stopwatch.StartNew();
        try
        {
            int count = family.CheckCompleteFile(VectorFile.Read(path));
            s_passed++;
            Console.WriteLine($"ok   {name}: {count} vectors ({watch.Elapsed.TotalSeconds:F1} s)");
        }
        catch (Exception e)
        {
            Fail($"{name}: {Describe(e)}");
        }
    }

    /// <summary>The message of a check or format failure; anything else (a crash on Mono) with its type and stack.</summary>
    private static string Describe(Exception e) =>
        e is VectorCheckException or VectorFormatException ? e.Message : e.ToString();

    private static void Fail(string message)
    {
        s_failed++;
        Console.WriteLine("FAIL " + message);
    }
}
