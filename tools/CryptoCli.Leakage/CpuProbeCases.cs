using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace CryptoCli.Leakage;

/// <summary>
/// A probe of the CPU, not of the library: a fixed Boolean circuit (XOR and AND only, no constants, no memory access,
/// no branch on the data) iterated over eight registers of one width, all-zero input vs random input. The instruction
/// stream is identical for both classes by construction, and all-zero registers stay all-zero, so any |t| here is the
/// processor timing the same instructions differently for different data (for example through power and clock
/// management). It separates such an effect from anything in a kernel's code: the bitsliced Rijndael kernel showed a
/// signal at its vector widths only, only for byte-uniform data (bit planes all zeros or all ones).
/// </summary>
internal sealed class CpuProbeCase : LeakageCase
{
    private readonly int _lanes;
    private readonly int _rounds;
    private readonly ulong[] _sink = new ulong[4];

    private readonly bool _throughMemory;

    /// <param name="lanes">1: 64-bit words; 2: Vector128; 4: Vector256.</param>
    /// <param name="rounds">Iterations of the eight-gate circuit; chosen so that one call takes a few microseconds, as a bitsliced pass does.</param>
    /// <param name="throughMemory">(256-bit only) Keep the eight values in a stack buffer, loading and storing them at every gate (as spilled registers are).</param>
    public CpuProbeCase(string name, int lanes, int rounds, bool throughMemory = false)
        : base(name, $"CPU probe: XOR/AND circuit on 8 {Width(lanes)} {(throughMemory ? "values in stack memory (load, gate, store)" : "registers")}, {rounds} rounds of 8 gates (no library code)",
            "all-zero values vs random values", 8 * 8 * lanes, Claim.CpuProbe)
    {
        _throughMemory = throughMemory;
        _lanes = lanes;
        _rounds = rounds;
    }

    private static string Width(int lanes) => lanes switch { 1 => "64-bit", 2 => "128-bit", 16 => "256-bit (four independent copies, 32 values: high throughput, spilled)", _ => "256-bit" };

    public override string? Unavailable => _lanes >= 4 && !Vector256.IsHardwareAccelerated
        ? "Vector256 is not hardware-accelerated in this process"
        : _lanes == 2 && !Vector128.IsHardwareAccelerated ? "Vector128 is not hardware-accelerated in this process" : null;

    public override void Setup()
    {
    }

    public override void WriteFixedInput(Span<byte> input) => input.Clear();

    public override void Run(ReadOnlySpan<byte> input)
    {
        if (_lanes == 16)
        {
            RunV256Wide(input, _rounds, _sink);
            return;
        }

        if (_throughMemory)
        {
            RunV256InMemory(input, _rounds, _sink);
            return;
        }

        switch (_lanes)
        {
            case 1:
                RunU64(input, _rounds, _sink);
                break;
            case 2:
                RunV128(input, _rounds, _sink);
                break;
            default:
                RunV256(input, _rounds, _sink);
                break;
        }
    }

    // The same circuit at three widths. Written out three times rather than generic: Vector128/256 do not expose their
    // operators through a constraint the probe could use, and the point is the plain instruction stream.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RunU64(ReadOnlySpan<byte> input, int rounds, ulong[] sink)
    {
        ReadOnlySpan<ulong> r = MemoryMarshal.Cast<byte, ulong>(input);
        ulong a = r[0], b = r[1], c = r[2], d = r[3], e = r[4], f = r[5], g = r[6], h = r[7];
        for (int i = 0; i < rounds; i++)
        {
            // Each register absorbs the AND of two others: random data keeps toggling, zeros stay zero.
            a ^= b & c; b ^= c & d; c ^= d & e; d ^= e & f; e ^= f & g; f ^= g & h; g ^= h & a; h ^= a & b;
        }

        sink[0] = a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RunV128(ReadOnlySpan<byte> input, int rounds, ulong[] sink)
    {
        ReadOnlySpan<Vector128<ulong>> r = MemoryMarshal.Cast<byte, Vector128<ulong>>(input);
        Vector128<ulong> a = r[0], b = r[1], c = r[2], d = r[3], e = r[4], f = r[5], g = r[6], h = r[7];
        for (int i = 0; i < rounds; i++)
        {
            a ^= b & c; b ^= c & d; c ^= d & e; d ^= e & f; e ^= f & g; f ^= g & h; g ^= h & a; h ^= a & b;
        }

        (a ^ b ^ c ^ d ^ e ^ f ^ g ^ h).CopyTo(sink);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RunV256(ReadOnlySpan<byte> input, int rounds, ulong[] sink)
    {
        ReadOnlySpan<Vector256<ulong>> r = MemoryMarshal.Cast<byte, Vector256<ulong>>(input);
        Vector256<ulong> a = r[0], b = r[1], c = r[2], d = r[3], e = r[4], f = r[5], g = r[6], h = r[7];
        for (int i = 0; i < rounds; i++)
        {
            a ^= b & c; b ^= c & d; c ^= d & e; d ^= e & f; e ^= f & g; f ^= g & h; g ^= h & a; h ^= a & b;
        }

        (a ^ b ^ c ^ d ^ e ^ f ^ g ^ h).CopyTo(sink);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RunV256InMemory(ReadOnlySpan<byte> input, int rounds, ulong[] sink)
    {
        Span<Vector256<ulong>> v = stackalloc Vector256<ulong>[8];
        MemoryMarshal.Cast<byte, Vector256<ulong>>(input).CopyTo(v);
        for (int i = 0; i < rounds; i++)
        {
            v[0] ^= v[1] & v[2]; v[1] ^= v[2] & v[3]; v[2] ^= v[3] & v[4]; v[3] ^= v[4] & v[5];
            v[4] ^= v[5] & v[6]; v[5] ^= v[6] & v[7]; v[6] ^= v[7] & v[0]; v[7] ^= v[0] & v[1];
        }

        (v[0] ^ v[1] ^ v[2] ^ v[3] ^ v[4] ^ v[5] ^ v[6] ^ v[7]).CopyTo(sink);
    }

    // Four copies of the circuit side by side: four times the instructions per cycle of one copy, and more live values
    // than there are registers, so the JIT spills some to the stack, as the bitsliced S-box circuit does. This draws
    // far more power than one copy, which is where data-dependent clock behaviour (voltage droop) would show first.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RunV256Wide(ReadOnlySpan<byte> input, int rounds, ulong[] sink)
    {
        ReadOnlySpan<Vector256<ulong>> r = MemoryMarshal.Cast<byte, Vector256<ulong>>(input);
        Vector256<ulong> a = r[0], b = r[1], c = r[2], d = r[3], e = r[4], f = r[5], g = r[6], h = r[7];
        Vector256<ulong> a1 = r[8], b1 = r[9], c1 = r[10], d1 = r[11], e1 = r[12], f1 = r[13], g1 = r[14], h1 = r[15];
        Vector256<ulong> a2 = r[16], b2 = r[17], c2 = r[18], d2 = r[19], e2 = r[20], f2 = r[21], g2 = r[22], h2 = r[23];
        Vector256<ulong> a3 = r[24], b3 = r[25], c3 = r[26], d3 = r[27], e3 = r[28], f3 = r[29], g3 = r[30], h3 = r[31];
        for (int i = 0; i < rounds; i++)
        {
            a ^= b & c; a1 ^= b1 & c1; a2 ^= b2 & c2; a3 ^= b3 & c3;
            b ^= c & d; b1 ^= c1 & d1; b2 ^= c2 & d2; b3 ^= c3 & d3;
            c ^= d & e; c1 ^= d1 & e1; c2 ^= d2 & e2; c3 ^= d3 & e3;
            d ^= e & f; d1 ^= e1 & f1; d2 ^= e2 & f2; d3 ^= e3 & f3;
            e ^= f & g; e1 ^= f1 & g1; e2 ^= f2 & g2; e3 ^= f3 & g3;
            f ^= g & h; f1 ^= g1 & h1; f2 ^= g2 & h2; f3 ^= g3 & h3;
            g ^= h & a; g1 ^= h1 & a1; g2 ^= h2 & a2; g3 ^= h3 & a3;
            h ^= a & b; h1 ^= a1 & b1; h2 ^= a2 & b2; h3 ^= a3 & b3;
        }

        (a ^ b ^ c ^ d ^ e ^ f ^ g ^ h ^ a1 ^ b1 ^ c1 ^ d1 ^ e1 ^ f1 ^ g1 ^ h1
            ^ a2 ^ b2 ^ c2 ^ d2 ^ e2 ^ f2 ^ g2 ^ h2 ^ a3 ^ b3 ^ c3 ^ d3 ^ e3 ^ f3 ^ g3 ^ h3).CopyTo(sink);
    }
}
