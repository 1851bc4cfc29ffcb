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

    // ---- The modern form of technique 1: Unsafe.Add over a ReadOnlySpan of static (RVA) data ----

    // The same 256 words as Table (printed from CreateTable; CliTechniqueBenchmarks checks that both kernels agree).
    // On .NET 7 and later this property is a span over the assembly's data section: no array, no allocation. On
    // .NET Framework and Mono it builds a new array on each call, so the kernel reads it once, outside the loop.
    private static ReadOnlySpan<uint> StaticTable => new uint[]
    {
        0x510C4619, 0xE02E553E, 0x7BB98F3A, 0x0183A8B5, 0xE6336D1F, 0xF989D237, 0xBA2529D0, 0xFCFBEDBF,
        0xA8C5EE39, 0xB55A53B8, 0x1A88A9EE, 0xF918A8B4, 0x6DC588D3, 0x472F513C, 0x0C1870B8, 0x43E1465F,
        0x0E78EA8A, 0x761DC0DE, 0x0ECA9C7D, 0xF5E7493F, 0x84D44CBF, 0xA536E9DE, 0x79AFAED8, 0x02E9F4A2,
        0xB3C8F91C, 0x318EC249, 0xD13543EA, 0x504FD68E, 0xF9563BE1, 0xFB6A9A74, 0xACAD82A6, 0x83D0D79A,
        0xBD58BA6B, 0xE8A46341, 0xFD4255C7, 0x48A7297A, 0x1C8FC87E, 0x558F2D7E, 0xB43618AE, 0x935F84DF,
        0x1B4EF29D, 0x66BB3273, 0x1E5F1329, 0x7B73EBB4, 0xC6A87E76, 0xE5BD8265, 0xEBD01B3D, 0xFE4E23A6,
        0x7D6529DB, 0xD39A9B74, 0x9E7F3ACE, 0x5DFE0DFD, 0x147D987D, 0x493F1344, 0xC1AF1B0F, 0x7B13A768,
        0xF02AB277, 0x6AE429E5, 0x14C73F29, 0x976EB1B8, 0x6A6BB394, 0x9F3E8E98, 0x9358942E, 0xBA7F8CC0,
        0x37128F53, 0xB9E359CF, 0x8980C4E2, 0xB28541EC, 0x4DA15AB0, 0xB81A50AB, 0xB3E67C2C, 0xF01B81BD,
        0x85A054CB, 0x681719B7, 0xEF1638C7, 0x29D754C0, 0xAAA99987, 0xAABF9C2B, 0x7E60C676, 0xB3689101,
        0x8854D505, 0x4C7BF39F, 0x730959FB, 0x5EF4A9E0, 0xB2D14C84, 0xF371A5A4, 0x3F6D8E86, 0x591C32D8,
        0x37ACF21B, 0x94171B6C, 0x982EBAF1, 0xA1671469, 0x3EA8A61C, 0x670D5609, 0x744E0D0F, 0x081948F8,
        0x01CD571B, 0xCEE2330C, 0x98FD1EED, 0x5F34CCDD, 0x134EFECA, 0x5E6CC8A1, 0x2869E8BD, 0xBAB60242,
        0x2531989D, 0xD264420C, 0x1E980CDE, 0xFF7BA8BF, 0xC7EDBCA9, 0x7F6C3635, 0xCCF7B6E0, 0x7F5ED555,
        0x1B70D24F, 0x261F68B3, 0xAA24CBD7, 0x58987D78, 0xB1DD8A83, 0x1130B265, 0xE8FE2ABB, 0x9882D18F,
        0x94D94A16, 0x0EE14FBB, 0xC5D1BA30, 0xA06FAC1B, 0xE8703B4D, 0x0C2474E1, 0xD5BAA21D, 0xBED11EC1,
        0x3C2778E5, 0xB44D9E78, 0xF7D12A99, 0x82CE18D8, 0x7B723E72, 0xAB3065AC, 0x57337BAE, 0x3092562D,
        0x30AEABC6, 0x5F153C8D, 0xE818F92F, 0x10913491, 0xF662FD90, 0x93C58678, 0x4258685D, 0xA52E1174,
        0x8714FC74, 0x0BD47719, 0x23D5A5C2, 0x7AD860F4, 0xAE1DA977, 0x7D5BD92E, 0xC9BD5831, 0x35D264EC,
        0x50B4D12B, 0x98AB5803, 0x86C37B16, 0xDD983706, 0xB46BCDFA, 0x77498910, 0x8B1EEE85, 0x8F02D9A2,
        0x52E88499, 0x0D0B3124, 0x0EDF12D3, 0x7C2596B1, 0x1089E8C8, 0x9F8F3E00, 0x71AF46C7, 0xB78AA5FC,
        0x859FD8A6, 0xAFEFDB83, 0xC76DA84C, 0x3EE63EBE, 0xDF01C6E6, 0x1C73D408, 0xB8AE0951, 0x4906A7F3,
        0x22E9A8EF, 0xE97C21B5, 0xC41C5510, 0x99703BAF, 0x5EB7010D, 0x6C493686, 0x19A3AA8A, 0xF2A94293,
        0x8592B22E, 0xA9346365, 0x8E42E8E9, 0xB8AB8986, 0xFAFE842B, 0x6505D3D6, 0x3090F149, 0xF98104B5,
        0xFBEECFFE, 0x6032C036, 0x3EB799AC, 0x7DCD92CD, 0x3D1EF5E7, 0x97EEE2F6, 0x3DB0E2EE, 0x1C4B7118,
        0x3F614DAC, 0xCC4C1E06, 0xBE13C1C0, 0x035FF875, 0x7675EDFD, 0xB28F2B18, 0xAA6C1D2E, 0x10F0F08A,
        0xD2D748BA, 0x43C2BE1A, 0x943F775A, 0x20554C30, 0xB3B213F9, 0xC86428FF, 0xE2062602, 0xFE08D941,
        0x4131F1F1, 0x9EF220B6, 0x86753544, 0x3B69006A, 0x77EDF6D8, 0xEFE4DA23, 0xE0B08E13, 0xDF2043EA,
        0x3CF060C4, 0x2DF7EEB0, 0xD41152A0, 0x36E09DC2, 0x8E4122AE, 0xE8824324, 0xBC34F9B7, 0x43430EF6,
        0x712628B8, 0x321F26A0, 0x0FA2F565, 0x70C1C1A2, 0x56411ED8, 0xC6DEA6B5, 0x5309F991, 0xEB461E0C,
        0x3876C3AF, 0xE069266E, 0x503403BC, 0xD83E983D, 0x6C1E8981, 0x18F015D6, 0x5311C693, 0x13B1FD32,
        0xAEE2CC19, 0x1B536289, 0x974D5808, 0xB5C483EE, 0x92937772, 0x73D460CC, 0x067E7A6A, 0xEF588093
    };

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint TableByStaticSpan(int iterations)
    {
        ref uint t = ref MemoryMarshal.GetReference(StaticTable);
        uint x = 0x01234567;
        for (int i = 0; i < iterations; i++)
        {
            x = Unsafe.Add(ref t, (byte)x) ^ Unsafe.Add(ref t, (byte)(x >> 8)) ^ Unsafe.Add(ref t, (byte)(x >> 16)) ^ Unsafe.Add(ref t, (byte)(x >> 24)) ^ (uint)i;
        }

        return x;
    }

    // ---- Technique 1 when the look-ups are not on one dependency chain: four independent states per iteration,
    // sixteen look-ups, as in a cipher round (a single chain hides the bounds checks behind the load latency) ----

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint FourChainsByArray(uint[] table, int iterations)
    {
        uint a = 0x01234567, b = 0x89ABCDEF, c = 0xDEADBEEF, d = 0x0BADF00D;
        for (int i = 0; i < iterations; i++)
        {
            uint ta = table[(byte)a] ^ table[(byte)(b >> 8)] ^ table[(byte)(c >> 16)] ^ table[(byte)(d >> 24)];
            uint tb = table[(byte)b] ^ table[(byte)(c >> 8)] ^ table[(byte)(d >> 16)] ^ table[(byte)(a >> 24)];
            uint tc = table[(byte)c] ^ table[(byte)(d >> 8)] ^ table[(byte)(a >> 16)] ^ table[(byte)(b >> 24)];
            uint td = table[(byte)d] ^ table[(byte)(a >> 8)] ^ table[(byte)(b >> 16)] ^ table[(byte)(c >> 24)];
            a = ta ^ (uint)i;
            b = tb;
            c = tc;
            d = td;
        }

        return a ^ b ^ c ^ d;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint FourChainsByUnsafeAdd(uint[] table, int iterations)
    {
        ref uint t = ref MemoryMarshal.GetReference(new ReadOnlySpan<uint>(table));
        uint a = 0x01234567, b = 0x89ABCDEF, c = 0xDEADBEEF, d = 0x0BADF00D;
        for (int i = 0; i < iterations; i++)
        {
            uint ta = Unsafe.Add(ref t, (byte)a) ^ Unsafe.Add(ref t, (byte)(b >> 8)) ^ Unsafe.Add(ref t, (byte)(c >> 16)) ^ Unsafe.Add(ref t, (byte)(d >> 24));
            uint tb = Unsafe.Add(ref t, (byte)b) ^ Unsafe.Add(ref t, (byte)(c >> 8)) ^ Unsafe.Add(ref t, (byte)(d >> 16)) ^ Unsafe.Add(ref t, (byte)(a >> 24));
            uint tc = Unsafe.Add(ref t, (byte)c) ^ Unsafe.Add(ref t, (byte)(d >> 8)) ^ Unsafe.Add(ref t, (byte)(a >> 16)) ^ Unsafe.Add(ref t, (byte)(b >> 24));
            uint td = Unsafe.Add(ref t, (byte)d) ^ Unsafe.Add(ref t, (byte)(a >> 8)) ^ Unsafe.Add(ref t, (byte)(b >> 16)) ^ Unsafe.Add(ref t, (byte)(c >> 24));
            a = ta ^ (uint)i;
            b = tb;
            c = tc;
            d = td;
        }

        return a ^ b ^ c ^ d;
    }
}
