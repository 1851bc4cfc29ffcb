// run.sh --bench: P1's micro-benchmarks (Tables 2-4), Figures 1 and 2 (Rijndael-128 and Camellia-128 ECB over
// 1 MB), and AES-128 CBC encryption of 16 KiB (the serial path, SerialRijndael) on Mono, timed with Stopwatch: one warm-up run (JIT), then the best of five. The kernels are the benchmark
// project's own files (CliTechniqueKernels.cs, RijndaelStudyKernels.cs, CamelliaStudyKernels.cs, linked into this
// project), so .NET and Mono time the same code.

using System;
using System.Diagnostics;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using CryptoCli.Benchmarks;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.MonoRunner;

/// <summary>P1's kernels timed with Stopwatch, best of five after a warm-up (BenchmarkDotNet is not needed on Mono).</summary>
internal static class Bench
{
    private const int Runs = 5;
    private const int Calls = 10_000_000;          // P1 Table 2: 10^7 calls
    private const int Iterations = 100_000_000;    // P1 Tables 3 and 4: 10^8 loop iterations
    private const int FigureSize = 1 << 20;         // P1 Figures 1 and 2: 1 MB (2^20 bytes)

    private static int s_sink;

    public static void Run()
    {
        Console.WriteLine($"runtime: {RuntimeName()}");
        Console.WriteLine($"os: {Environment.OSVersion}; 64-bit: {Environment.Is64BitProcess}; processors: {Environment.ProcessorCount}; " +
            $"Stopwatch: {(Stopwatch.IsHighResolution ? "high resolution" : "low resolution")}, {Stopwatch.Frequency} Hz");
        Console.WriteLine($"Span<T> from: {Origin(typeof(Span<byte>))}; Unsafe from: {Origin(typeof(Unsafe))}");
        Console.WriteLine($"date: {DateTime.UtcNow.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture)} UTC; every figure is the best of {Runs} runs after one warm-up run");
        Console.WriteLine("the last column is the speed-up over the section's first row (above 1.00x: faster)");
        MicroKernels();
        FigureRijndael();
        FigureCamellia();
        SerialRijndael();
        GC.KeepAlive(s_sink);
    }

    /// <summary>"Mono 6.8.0.105 (...)" from Mono.Runtime.GetDisplayName, or ".NET" and the CLR version elsewhere.</summary>
    public static string RuntimeName()
    {
        Type? mono = Type.GetType("Mono.Runtime");
        object? display = mono?.GetMethod("GetDisplayName", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)?.Invoke(null, null);
        return mono is null ? $".NET {Environment.Version}" : $"Mono {display}";
    }

    /// <summary>Which assembly (and file) a type was loaded from: the NuGet System.Memory's portable Span or the runtime's own.</summary>
    public static string Origin(Type type) => $"{type.Assembly.GetName().Name} {type.Assembly.GetName().Version} ({type.Assembly.Location})";

    // ---- P1 Tables 2-4 ----

    private static void MicroKernels()
    {
        uint[] table = CliTechniqueKernels.Table;

        Console.WriteLine();
        Console.WriteLine("P1 Table 2: a function filling an 8-int scratch array, 10^7 calls");
        Header("kernel", "ns/call");
        double heap = Row("heap array (new int[8])", Calls, 1e9, null, () => Loop(CliTechniqueKernels.ScratchHeap));
        Row("stackalloc, pointer", Calls, 1e9, heap, () => Loop(CliTechniqueKernels.ScratchStackallocPointer));
        Row("stackalloc, Span<int>", Calls, 1e9, heap, () => Loop(CliTechniqueKernels.ScratchStackallocSpan));
        Row("stackalloc, Span<int>, [SkipLocalsInit]", Calls, 1e9, heap, () => Loop(ScratchSkipLocalsInit));

        Console.WriteLine();
        Console.WriteLine("P1 Table 3: four table look-ups per iteration, 10^8 iterations");
        Header("kernel", "s");
        double mask = Row("byte by & 0xFF", 1, 1, null, () => (int)CliTechniqueKernels.ExtractByMask(table, Iterations));
        Row("byte by (byte) cast", 1, 1, mask, () => (int)CliTechniqueKernels.ExtractByCast(table, Iterations));

        Console.WriteLine();
        Console.WriteLine("P1 technique 4: where the loop reads the table from, 10^8 iterations");
        Header("kernel", "s");
        double field = Row("static field", 1, 1, null, () => (int)CliTechniqueKernels.TableThroughStatic(Iterations));
        Row("local copy of the static", 1, 1, field, () => (int)CliTechniqueKernels.TableThroughLocal(Iterations));
        Row("method argument", 1, 1, field, () => (int)CliTechniqueKernels.TableThroughArgument(table, Iterations));

        Console.WriteLine();
        Console.WriteLine("P1 technique 1: bounds-checked array vs pointer vs Unsafe.Add, 10^8 iterations");
        Header("kernel", "s");
        double array = Row("array (bounds-checked)", 1, 1, null, () => (int)CliTechniqueKernels.ExtractByCast(table, Iterations));
        Row("pinned pointer", 1, 1, array, () => (int)CliTechniqueKernels.TableByPointer(table, Iterations));
        Row("Unsafe.Add over a ref", 1, 1, array, () => (int)CliTechniqueKernels.TableByUnsafeAdd(table, Iterations));
        Row("Unsafe.Add over a ref, nuint index", 1, 1, array, () => (int)TableByUnsafeAddNuint(table, Iterations));
        Row("ReadOnlySpan<uint> indexer", 1, 1, array, () => (int)TableBySpanIndexer(table, Iterations));
        Row("Unsafe.Add over static ReadOnlySpan data", 1, 1, array, () => (int)CliTechniqueKernels.TableByStaticSpan(Iterations));

        Console.WriteLine();
        Console.WriteLine("P1 technique 1 with four independent chains (16 look-ups per iteration, a cipher round's shape), 10^8 iterations");
        Header("kernel", "s");
        double fourChains = Row("array (bounds-checked)", 1, 1, null, () => (int)CliTechniqueKernels.FourChainsByArray(table, Iterations));
        Row("Unsafe.Add over a ref", 1, 1, fourChains, () => (int)CliTechniqueKernels.FourChainsByUnsafeAdd(table, Iterations));

        Console.WriteLine();
        Console.WriteLine("Word loads of a 16-byte block (as the portable kernels do), 2^16 blocks = 1 MB");
        Header("kernel", "ms");
        byte[] data = new byte[FigureSize];
        new Random(5).NextBytes(data);
        double pointerLoads = Row("pointer *(uint*)", 1, 1e3, null, () => (int)LoadByPointer(data));
        Row("BinaryPrimitives over Span.Slice", 1, 1e3, pointerLoads, () => (int)LoadByBinaryPrimitives(data));
        Row("BitConverter.ToUInt32(byte[], int)", 1, 1e3, pointerLoads, () => (int)LoadByBitConverter(data));
        Row("Unsafe.ReadUnaligned over one ref byte", 1, 1e3, pointerLoads, () => (int)LoadByUnsafeReadUnaligned(data));

        static int Loop(Func<int, int> kernel)
        {
            int sum = 0;
            for (int i = 0; i < Calls; i++)
            {
                sum += kernel(i);
            }

            return sum;
        }
    }

    // Runner-only rows: the exact forms CryptoCli's portable kernels use, to see what Mono's JIT makes of them.

    /// <summary>CliTechniqueKernels.TableByUnsafeAdd with the (nuint) index of RijndaelPortableKernel.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint TableByUnsafeAddNuint(uint[] table, int iterations)
    {
        ref uint t = ref System.Runtime.InteropServices.MemoryMarshal.GetReference(new ReadOnlySpan<uint>(table));
        uint x = 0x01234567;
        for (int i = 0; i < iterations; i++)
        {
            x = Unsafe.Add(ref t, (nuint)(byte)x) ^ Unsafe.Add(ref t, (nuint)(byte)(x >> 8)) ^ Unsafe.Add(ref t, (nuint)(byte)(x >> 16)) ^ Unsafe.Add(ref t, (nuint)(x >> 24)) ^ (uint)i;
        }

        return x;
    }

    /// <summary>The four look-ups through a ReadOnlySpan's indexer (bounds-checked, System.Memory's Span on Mono).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint TableBySpanIndexer(uint[] table, int iterations)
    {
        ReadOnlySpan<uint> t = table;
        uint x = 0x01234567;
        for (int i = 0; i < iterations; i++)
        {
            x = t[(byte)x] ^ t[(byte)(x >> 8)] ^ t[(byte)(x >> 16)] ^ t[(int)(x >> 24)] ^ (uint)i;
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static unsafe uint LoadByPointer(byte[] data)
    {
        uint x = 0;
        fixed (byte* p = data)
        {
            for (int offset = 0; offset < data.Length; offset += 16)
            {
                uint* block = (uint*)(p + offset);
                x ^= block[0] ^ block[1] ^ block[2] ^ block[3];
            }
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint LoadByBinaryPrimitives(byte[] data)
    {
        ReadOnlySpan<byte> source = data;
        uint x = 0;
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            ReadOnlySpan<byte> block = source.Slice(offset, 16);
            x ^= System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(block) ^ System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(block.Slice(4))
                ^ System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(block.Slice(8)) ^ System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(block.Slice(12));
        }

        return x;
    }

    /// <summary>One MemoryMarshal.GetReference for the whole buffer, then unaligned reads at byte offsets (no Span per block).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint LoadByUnsafeReadUnaligned(byte[] data)
    {
        ref byte start = ref System.Runtime.InteropServices.MemoryMarshal.GetReference(new ReadOnlySpan<byte>(data));
        uint x = 0;
        for (int offset = 0; offset < data.Length; offset += 16)
        {
            ref byte block = ref Unsafe.Add(ref start, offset);
            x ^= Unsafe.ReadUnaligned<uint>(ref block) ^ Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 4))
                ^ Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 8)) ^ Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 12));
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint LoadByBitConverter(byte[] data)
    {
        uint x = 0;
        for (int offset = 0; offset < data.Length; offset += 16)
        {
            x ^= BitConverter.ToUInt32(data, offset) ^ BitConverter.ToUInt32(data, offset + 4) ^ BitConverter.ToUInt32(data, offset + 8) ^ BitConverter.ToUInt32(data, offset + 12);
        }

        return x;
    }

    /// <summary>CliTechniqueBenchmarks.ScratchSkipLocalsInit: the Span scratch without the zeroing of the stack memory.</summary>
    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int ScratchSkipLocalsInit(int seed)
    {
        Span<int> scratch = stackalloc int[8];
        for (int i = 0; i < 8; i++)
        {
            scratch[i] = seed + i;
        }

        return scratch[seed & 7];
    }

    // ---- P1 Figures 1 and 2 ----

    private static void FigureRijndael()
    {
        byte[] key = new byte[16];
        new Random(1).NextBytes(key);
        byte[] input = new byte[FigureSize], output = new byte[FigureSize];
        new Random(2).NextBytes(input);
        var basic = new RijndaelBasicKernel(key);
        var proposed = new RijndaelProposedKernel(key);
        using var portable = new RijndaelPortableKernel(key, 16);
        using RijndaelCipher ours = RijndaelCipher.Create();
        ours.Key = key;
        using Aes builtIn = Aes.Create();
        builtIn.Mode = CipherMode.ECB;
        builtIn.Padding = PaddingMode.None;
        builtIn.Key = key;
        using ICryptoTransform builtInEncryptor = builtIn.CreateEncryptor();
        var bouncyCastle = new AesEngine();
        bouncyCastle.Init(true, new KeyParameter(key));

        var kernels = new (string Name, Action Run)[]
        {
            ("Basic (P1: arrays, & 0xFF, statics)", () => basic.EncryptEcb(input, output)),
            ("Proposed (P1's four techniques)", () => proposed.EncryptEcb(input, output)),
            ("CryptoCli portable kernel", () => portable.EncryptBlocks(input, output)),
            ("CryptoCli RijndaelCipher.EncryptEcb", () => ours.EncryptEcb(input, output, PaddingMode.None)),
            ($"built-in {builtIn.GetType().Name}", () => builtInEncryptor.TransformBlock(input, 0, FigureSize, output, 0)),
            ("BouncyCastle AesEngine", () => BouncyCastleEcb(bouncyCastle, input, output)),
        };

        // The reference: Mono's own AES; every kernel must give the same 1 MB before it is timed.
        byte[] expected = new byte[FigureSize];
        builtInEncryptor.TransformBlock(input, 0, FigureSize, expected, 0);
        Figure("P1 Figure 1: Rijndael-128 (AES-128) ECB encryption of 1 MB", kernels, output, expected, $"built-in {builtIn.GetType().Name}");
    }

    /// <summary>
    /// CBC encryption of 16 KiB with AES-128, the serial path (one block at a time) that CFB encryption, OFB and CMAC
    /// share: what the netstandard2.0 build runs by default on Mono (the bitsliced kernel; byte shuffles and AES
    /// instructions are not reachable there) against BouncyCastle's table AesEngine under its CBC class, and the
    /// opt-in T-table kernel for reference. 64 messages per timed run.
    /// </summary>
    private static void SerialRijndael()
    {
        const int Size = 16 * 1024, Messages = 64;
        byte[] key = new byte[16], iv = new byte[16], chain = new byte[16];
        new Random(5).NextBytes(key);
        new Random(6).NextBytes(iv);
        byte[] input = new byte[Size], output = new byte[Size], expected = new byte[Size];
        new Random(7).NextBytes(input);
        using RijndaelCipher ours = RijndaelCipher.Create();
        ours.Key = key;
        using BlockCipherKernel bitsliced = RijndaelCipher.Kernels.Get("bitsliced").Create(key, 16);
        using var table = new RijndaelPortableKernel(key, 16);
        var bouncyCastle = new Org.BouncyCastle.Crypto.Modes.CbcBlockCipher(new AesEngine());

        void BouncyCastleCbc()
        {
            bouncyCastle.Init(true, new ParametersWithIV(new KeyParameter(key), iv));
            for (int offset = 0; offset < Size; offset += 16)
            {
                bouncyCastle.ProcessBlock(input, offset, output, offset);
            }
        }

        void KernelCbc(BlockCipherKernel kernel)
        {
            iv.CopyTo(chain, 0);
            kernel.EncryptCbc(input, output, chain);
        }

        var kernels = new (string Name, Action Run)[]
        {
            ("BouncyCastle AesEngine (tables), CBC", BouncyCastleCbc),
            ($"CryptoCli default ({ours.Kernel.Name}), EncryptCbc", () => ours.EncryptCbc(input, iv, output, PaddingMode.None)),
            ("CryptoCli bitsliced kernel, CBC", () => KernelCbc(bitsliced)),
            ("CryptoCli T-table kernel (opt-in), CBC", () => KernelCbc(table)),
        };

        BouncyCastleCbc();
        output.CopyTo(expected, 0);
        Console.WriteLine();
        Console.WriteLine("Rijndael-128 (AES-128) CBC encryption of 16 KiB, the serial path (all outputs checked equal to BouncyCastle's first)");
        Header("kernel", "us");
        double? first = null;
        foreach ((string name, Action run) in kernels)
        {
            Array.Clear(output, 0, output.Length);
            run();
            if (!output.AsSpan().SequenceEqual(expected))
            {
                throw new InvalidOperationException($"CBC: {name} differs from BouncyCastle");
            }

            double value = Row(name, Messages, 1e6, first, () =>
            {
                for (int i = 0; i < Messages; i++)
                {
                    run();
                }

                return output[0];
            });
            first ??= value;
        }
    }

    private static void FigureCamellia()
    {
        byte[] key = new byte[16];
        new Random(3).NextBytes(key);
        byte[] input = new byte[FigureSize], output = new byte[FigureSize];
        new Random(4).NextBytes(input);
        var basic = new CamelliaBasicKernel(key);
        var proposed = new CamelliaProposedKernel(key);
        using var table32 = new CamelliaTable32Kernel(key);
        using var table64 = new CamelliaTable64Kernel(key);
        using Camellia ours = Camellia.Create();
        ours.Key = key;
        var bouncyCastle = new CamelliaEngine();
        bouncyCastle.Init(true, new KeyParameter(key));

        var kernels = new (string Name, Action Run)[]
        {
            ("Basic (P1: arrays, & 0xFF, statics)", () => basic.EncryptEcb(input, output)),
            ("Proposed (P1's four techniques)", () => proposed.EncryptEcb(input, output)),
            ("CryptoCli table32 kernel", () => table32.EncryptBlocks(input, output)),
            ("CryptoCli table64 kernel", () => table64.EncryptBlocks(input, output)),
            ("CryptoCli Camellia.EncryptEcb", () => ours.EncryptEcb(input, output, PaddingMode.None)),
            ("BouncyCastle CamelliaEngine", () => BouncyCastleEcb(bouncyCastle, input, output)),
        };

        // The reference: BouncyCastle (independent code); every kernel must give the same 1 MB before it is timed.
        byte[] expected = new byte[FigureSize];
        BouncyCastleEcb(bouncyCastle, input, expected);
        Figure("P1 Figure 2: Camellia-128 ECB encryption of 1 MB", kernels, output, expected, "BouncyCastle CamelliaEngine");
    }

    private static void BouncyCastleEcb(Org.BouncyCastle.Crypto.IBlockCipher engine, byte[] input, byte[] output)
    {
        for (int offset = 0; offset < input.Length; offset += 16)
        {
            engine.ProcessBlock(input, offset, output, offset);
        }
    }

    private static void Figure(string title, (string Name, Action Run)[] kernels, byte[] output, byte[] expected, string reference)
    {
        foreach ((string name, Action run) in kernels)
        {
            Array.Clear(output, 0, output.Length);
            run();
            if (!output.AsSpan().SequenceEqual(expected))
            {
                throw new InvalidOperationException($"{title}: {name} differs from {reference}");
            }
        }

        Console.WriteLine();
        Console.WriteLine($"{title} (all outputs checked equal to {reference} first)");
        Console.WriteLine($"  {"kernel",-40} {"best ms",9} {"MB/s",8} {"vs Basic",9}");
        double basic = 0;
        foreach ((string name, Action run) in kernels)
        {
            double best = Best(() =>
            {
                run();
                return output[0];
            });
            basic = basic == 0 ? best : basic;
            Console.WriteLine($"  {name,-40} {best * 1e3,9:F2} {(double)FigureSize / (1 << 20) / best,8:F1} {basic / best,8:F2}x");
        }
    }

    // ---- timing ----

    private static void Header(string name, string unit) => Console.WriteLine($"  {name,-40} {unit,9} {"vs first",9}");

    /// <summary>Prints one row (best time per operation in the unit <paramref name="scale"/> gives) and returns it.</summary>
    private static double Row(string name, int operations, double scale, double? baseline, Func<int> body)
    {
        double value = Best(body) / operations * scale;
        string ratio = baseline is double b ? $"{b / value,8:F2}x" : $"{1.0,8:F2}x";
        Console.WriteLine($"  {name,-40} {value,9:F4} {ratio}");
        return value;
    }

    /// <summary>One warm-up run (JIT, caches), then the best wall-clock time of <see cref="Runs"/> runs, in seconds.</summary>
    private static double Best(Func<int> body)
    {
        s_sink += body();
        double best = double.MaxValue;
        for (int run = 0; run < Runs; run++)
        {
            long start = Stopwatch.GetTimestamp();
            s_sink += body();
            best = Math.Min(best, (Stopwatch.GetTimestamp() - start) / (double)Stopwatch.Frequency);
        }

        return best;
    }
}
