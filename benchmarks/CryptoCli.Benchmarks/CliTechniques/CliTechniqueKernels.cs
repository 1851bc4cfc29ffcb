// P1's four CLI techniques as micro-kernels, written as the paper describes them. This file is shared, unchanged,
// by the BenchmarkDotNet study (CliTechniqueBenchmarks) and the Mono runner's --bench mode, so both runtimes time
// the same code. It keeps to C# that the .NET Framework 4.8 reference assemblies compile.
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli.Benchmarks;

public static unsafe class CliTechniqueKernels
{
    public static readonly uint[] Table = CreateTable();

    private static uint[] CreateTable()
    {
        var table = new uint[256];
        uint x = 0x9e3779b9;
        for (int i = 0; i < table.Length; i++)
        {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            table[i] = x;
        }

        return table;
    }

    // ---- P1 Table 2: a function that needs an 8-int scratch array ----

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int ScratchHeap(int seed)
    {
        int[] scratch = new int[8];
        for (int i = 0; i < 8; i++)
        {
            scratch[i] = seed + i;
        }

        return scratch[seed & 7];
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int ScratchStackallocPointer(int seed)
    {
        int* scratch = stackalloc int[8];
        for (int i = 0; i < 8; i++)
        {
            scratch[i] = seed + i;
        }

        return scratch[seed & 7];
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int ScratchStackallocSpan(int seed)
    {
        Span<int> scratch = stackalloc int[8];
        for (int i = 0; i < 8; i++)
        {
            scratch[i] = seed + i;
        }

        return scratch[seed & 7];
    }

    // ---- P1 Table 3: four table look-ups per iteration, byte extracted by mask or by cast ----

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint ExtractByMask(uint[] table, int iterations)
    {
        uint x = 0x01234567;
        for (int i = 0; i < iterations; i++)
        {
            x = table[x & 0xFF] ^ table[(x >> 8) & 0xFF] ^ table[(x >> 16) & 0xFF] ^ table[(x >> 24) & 0xFF] ^ (uint)i;
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint ExtractByCast(uint[] table, int iterations)
    {
        uint x = 0x01234567;
        for (int i = 0; i < iterations; i++)
        {
            x = table[(byte)x] ^ table[(byte)(x >> 8)] ^ table[(byte)(x >> 16)] ^ table[(byte)(x >> 24)] ^ (uint)i;
        }

        return x;
    }

    // ---- P1 technique 4: the hot table read through a static field, a local, or an argument ----

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint TableThroughStatic(int iterations)
    {
        uint x = 0x01234567;
        for (int i = 0; i < iterations; i++)
        {
            x = Table[(byte)x] ^ Table[(byte)(x >> 8)] ^ Table[(byte)(x >> 16)] ^ Table[(byte)(x >> 24)] ^ (uint)i;
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint TableThroughLocal(int iterations)
    {
        uint[] table = Table;
        uint x = 0x01234567;
        for (int i = 0; i < iterations; i++)
        {
            x = table[(byte)x] ^ table[(byte)(x >> 8)] ^ table[(byte)(x >> 16)] ^ table[(byte)(x >> 24)] ^ (uint)i;
        }

        return x;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint TableThroughArgument(uint[] table, int iterations) => ExtractByCast(table, iterations);

    // ---- P1 technique 1: bounds-checked array vs pointer vs Unsafe.Add over a ref ----

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint TableByPointer(uint[] table, int iterations)
    {
        fixed (uint* t = table)
        {
            uint x = 0x01234567;
            for (int i = 0; i < iterations; i++)
            {
                x = t[(byte)x] ^ t[(byte)(x >> 8)] ^ t[(byte)(x >> 16)] ^ t[(byte)(x >> 24)] ^ (uint)i;
            }

            return x;
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint TableByUnsafeAdd(uint[] table, int iterations)
    {
        ref uint t = ref MemoryMarshal.GetReference(new ReadOnlySpan<uint>(table));
        uint x = 0x01234567;
        for (int i = 0; i < iterations; i++)
        {
            x = Unsafe.Add(ref t, (byte)x) ^ Unsafe.Add(ref t, (byte)(x >> 8)) ^ Unsafe.Add(ref t, (byte)(x >> 16)) ^ Unsafe.Add(ref t, (byte)(x >> 24)) ^ (uint)i;
        }

        return x;
    }
}
