using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using System.Runtime.Intrinsics.X86;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli.Leakage;

/// <summary>
/// A probe of the CPU, not of the library: a fixed Boolean circuit (XOR and AND only, no constants, no branch on the
/// data) iterated over eight values of one width, all-zero (or all-one) values vs random values. The instruction
/// stream is identical for both classes by construction, and uniform values stay uniform, so any |t| here is the
/// processor timing the same instructions differently for different data (for example through power and clock
/// management). It separates such an effect from anything in a kernel's code: the bitsliced Rijndael kernel showed a
/// signal at its vector widths only, until its planes stopped passing through a wiped stack buffer
/// (benchmarks/results/leakage.md), and these probes, at the same widths, did not.
/// </summary>
internal sealed class CpuProbeCase : LeakageCase
{
    private readonly int _lanes;
    private readonly int _rounds;
    private readonly ulong[] _sink = new ulong[4];

    private readonly bool _throughMemory;
    private readonly byte _fixedByte;

    /// <param name="lanes">1: 64-bit words; 2: Vector128; 4: Vector256; 8: Vector512; 16: four independent copies of the Vector256 circuit.</param>
    /// <param name="rounds">Iterations of the eight-gate circuit; chosen so that one call takes a few microseconds, as a bitsliced pass does.</param>
    /// <param name="throughMemory">(256-bit only) Keep the eight values in a stack buffer, loading and storing them at every gate (as spilled registers are).</param>
    /// <param name="allOnes">Class 0 starts from all-one values instead of zeros: every value is then all zeros or all
    /// ones at every step, so a gate flips all its bits at once or none (uniform data, as in the bitsliced kernel's
    /// bit planes of equal bytes).</param>
    public CpuProbeCase(string name, int lanes, int rounds, bool throughMemory = false, bool allOnes = false)
        : base(name, $"CPU probe: XOR/AND circuit on 8 {Width(lanes)} {(throughMemory ? "values in stack memory (load, gate, store)" : "registers")}, {rounds} rounds of 8 gates (no library code)",
            allOnes ? "all-one values (uniform: every value all zeros or all ones throughout) vs random values" : "all-zero values vs random values",
            8 * 8 * lanes, Claim.CpuProbe)
    {
        _fixedByte = allOnes ? (byte)0xFF : (byte)0;
        _throughMemory = throughMemory;
        _lanes = lanes;
        _rounds = rounds;
    }

    private static string Width(int lanes) => lanes switch { 1 => "64-bit", 2 => "128-bit", 8 => "512-bit", 16 => "256-bit (four independent copies, 32 values: high throughput, spilled)", _ => "256-bit" };

    public override string? Unavailable => _lanes == 8 && !Vector512.IsHardwareAccelerated
        ? "Vector512 is not hardware-accelerated in this process (no AVX-512)"
        : _lanes >= 4 && !Vector256.IsHardwareAccelerated
        ? "Vector256 is not hardware-accelerated in this process"
        : _lanes == 2 && !Vector128.IsHardwareAccelerated ? "Vector128 is not hardware-accelerated in this process" : null;

    public override void Setup()
    {
    }

    public override void WriteFixedInput(Span<byte> input) => input.Fill(_fixedByte);

    public override void Run(ReadOnlySpan<byte> input)
    {
        if (_lanes == 16)
        {
            RunV256Wide(input, _rounds, _sink);
            return;
        }

        if (_lanes == 8)
        {
            RunV512(input, _rounds, _sink);
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
                RunCircuit<PlaneWord64>(input, _rounds, _sink);
                break;
            case 2:
                RunCircuit<PlaneWord128>(input, _rounds, _sink);
                break;
            default:
                RunCircuit<PlaneWord256>(input, _rounds, _sink);
                break;
        }
    }

    // The circuit over the bitsliced Rijndael kernel's own plane-word types (64-bit word, Vector128, Vector256), so
    // that the probe compiles to the instructions the kernel's gates compile to.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RunCircuit<TWord>(ReadOnlySpan<byte> input, int rounds, ulong[] sink)
        where TWord : struct, IPlaneWord<TWord>
    {
        ReadOnlySpan<ulong> r = MemoryMarshal.Cast<byte, ulong>(input);
        int n = TWord.Lanes;
        TWord a = TWord.FromLanes(r.Slice(0, n)), b = TWord.FromLanes(r.Slice(n, n)), c = TWord.FromLanes(r.Slice(2 * n, n)),
            d = TWord.FromLanes(r.Slice(3 * n, n)), e = TWord.FromLanes(r.Slice(4 * n, n)), f = TWord.FromLanes(r.Slice(5 * n, n)),
            g = TWord.FromLanes(r.Slice(6 * n, n)), h = TWord.FromLanes(r.Slice(7 * n, n));
        for (int i = 0; i < rounds; i++)
        {
            // Each value absorbs the AND of two others: random data keeps toggling, zeros stay zero.
            a ^= b & c; b ^= c & d; c ^= d & e; d ^= e & f; e ^= f & g; f ^= g & h; g ^= h & a; h ^= a & b;
        }

        TWord.ToLanes(a ^ b ^ c ^ d ^ e ^ f ^ g ^ h, sink);
    }

    // The same circuit on 512-bit registers (Vector512 has no plane-word type: the bitsliced kernel stops at 256 bits).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RunV512(ReadOnlySpan<byte> input, int rounds, ulong[] sink)
    {
        ReadOnlySpan<Vector512<ulong>> r = MemoryMarshal.Cast<byte, Vector512<ulong>>(input);
        Vector512<ulong> a = r[0], b = r[1], c = r[2], d = r[3], e = r[4], f = r[5], g = r[6], h = r[7];
        for (int i = 0; i < rounds; i++)
        {
            a ^= b & c; b ^= c & d; c ^= d & e; d ^= e & f; e ^= f & g; f ^= g & h; g ^= h & a; h ^= a & b;
        }

        (a ^ b ^ c ^ d ^ e ^ f ^ g ^ h).GetLower().GetLower().CopyTo(sink);
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

/// <summary>
/// The bitsliced kernel's S-box circuit alone, at one plane width: eight bit planes (the same 64-bit plane in every
/// lane) through SubBytes, chained <see cref="Rounds"/> times, all-zero vs random planes. Zero planes stay uniform
/// (every byte equal) through the chain. Between the CPU probes and the whole kernel: it tells whether the circuit
/// itself, as the JIT compiles it at that width, carries a signal. It reproduced the wide widths' signal while the
/// one-batch SubBytes moved its planes out through a stack buffer and wiped it, and is its regression case.
/// </summary>
internal sealed class BitslicedSBoxCase : LeakageCase
{
    private const int Rounds = 24;
    private readonly int _lanes;
    private readonly ulong[] _sink = new ulong[8];

    public BitslicedSBoxCase(string name, int lanes)
        : base(name, $"RijndaelBitsliceCore SubBytes at {(lanes == 1 ? "u64" : lanes == 2 ? "v128" : "v256")} width, {Rounds} chained calls",
            "all-zero planes (uniform bytes throughout) vs random planes", 64, Claim.ConstantTime)
    {
        _lanes = lanes;
    }

    public override void Setup()
    {
    }

    public override void WriteFixedInput(Span<byte> input) => input.Clear();

    public override void Run(ReadOnlySpan<byte> input)
    {
        ReadOnlySpan<ulong> p = MemoryMarshal.Cast<byte, ulong>(input);
        var planes = new BitPlanes { P0 = p[0], P1 = p[1], P2 = p[2], P3 = p[3], P4 = p[4], P5 = p[5], P6 = p[6], P7 = p[7] };
        for (int i = 0; i < Rounds; i++)
        {
            switch (_lanes)
            {
                case 1:
                    RijndaelBitsliceCore<PlaneWord64>.SubBytes(ref planes, inverse: false);
                    break;
                case 2:
                    RijndaelBitsliceCore<PlaneWord128>.SubBytes(ref planes, inverse: false);
                    break;
                default:
                    RijndaelBitsliceCore<PlaneWord256>.SubBytes(ref planes, inverse: false);
                    break;
            }
        }

        _sink[0] = planes.P0 ^ planes.P7;
    }
}

/// <summary>
/// A probe of the CPU's AES unit, not of the library: eight independent 128-bit values through a fixed number of
/// AESENC rounds under a fixed random round key (no branch, no memory access on the data), one fixed random input vs
/// random inputs. The instructions are the same for both classes and AESENC's latency does not depend on its data,
/// so a |t| here is the processor (its power and clock management) timing the same AES instructions differently for
/// different data. It is the reference for the AES-NI S-box kernels (Camellia's byte-sliced kernel spends most of a
/// call in AESENCLAST).
/// </summary>
internal sealed class CpuAesProbeCase : LeakageCase
{
    private readonly int _rounds;
    private readonly ulong[] _sink = new ulong[2];
    private byte[] _fixed = Array.Empty<byte>();
    private Vector128<byte> _key;

    /// <param name="rounds">AESENC rounds per value; 800 makes a call about as long as a Camellia byte-sliced pass.</param>
    public CpuAesProbeCase(string name, int rounds)
        : base(name, $"CPU probe: 8 independent 128-bit values, {rounds} AESENC rounds each under a fixed random key (no library code)",
            "one fixed random input vs random inputs", 8 * 16, Claim.CpuProbe) => _rounds = rounds;

    public override string? Unavailable => X86Aes.IsSupported ? null : "no AES-NI in this process";

    public override void Setup()
    {
        _fixed = RandomNumberGenerator.GetBytes(InputLength);
        _key = Vector128.Create(RandomNumberGenerator.GetBytes(16));
    }

    public override void WriteFixedInput(Span<byte> input) => _fixed.CopyTo(input);

    public override void Run(ReadOnlySpan<byte> input) => RunRounds(input, _key, _rounds, _sink);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RunRounds(ReadOnlySpan<byte> input, Vector128<byte> key, int rounds, ulong[] sink)
    {
        ReadOnlySpan<Vector128<byte>> r = MemoryMarshal.Cast<byte, Vector128<byte>>(input);
        Vector128<byte> a = r[0], b = r[1], c = r[2], d = r[3], e = r[4], f = r[5], g = r[6], h = r[7];
        for (int i = 0; i < rounds; i++)
        {
            a = X86Aes.Encrypt(a, key); b = X86Aes.Encrypt(b, key);
            c = X86Aes.Encrypt(c, key); d = X86Aes.Encrypt(d, key);
            e = X86Aes.Encrypt(e, key); f = X86Aes.Encrypt(f, key);
            g = X86Aes.Encrypt(g, key); h = X86Aes.Encrypt(h, key);
        }

        (a ^ b ^ c ^ d ^ e ^ f ^ g ^ h).AsUInt64().CopyTo(sink);
    }
}

/// <summary>
/// A probe of the CPU's GFNI unit, not of the library: eight independent 256- or 512-bit values through a chain of
/// S-boxes made as Camellia's GFNI backend makes them (GF2P8AFFINEINVQB after an XOR with a key byte broadcast to
/// every lane; here the AES S-box's matrix and constant), with no branch and no memory access on the data. Class 0
/// gives every value one byte repeated in all its lanes (a fixed random byte per value), the shape Camellia's
/// byte-sliced state takes when every block of a call is the same; class 1 is random. Uniform values stay uniform
/// through the chain, so a |t| here is the processor timing the same instructions differently for data of
/// different structure, at that register width.
/// </summary>
internal sealed class CpuGfniProbeCase : LeakageCase
{
    // The AES S-box as one GF2P8AFFINEINVQB: matrix and constant from Intel's GFNI documentation.
    private const ulong AesAffineMatrix = 0xF1E3C78F1F3E7CF8;
    private const byte AesAffineConstant = 0x63;

    private readonly int _bits;
    private readonly int _rounds;
    private readonly byte[] _sink = new byte[64];
    private byte[] _fixed = Array.Empty<byte>();
    private byte _key;

    /// <param name="bits">256 or 512: the register width.</param>
    /// <param name="rounds">S-boxes per value; chosen so that one call takes about a microsecond, as a Camellia pass does.</param>
    public CpuGfniProbeCase(string name, int bits, int rounds)
        : base(name, $"CPU probe: 8 independent {bits}-bit values, {rounds} GFNI S-boxes each (XOR with a broadcast key byte, GF2P8AFFINEINVQB; no library code beyond Camellia's register types)",
            "every value one fixed random byte repeated in all lanes vs random values", 8 * bits / 8, Claim.CpuProbe)
    {
        _bits = bits;
        _rounds = rounds;
    }

    // What Camellia's GFNI kernel of the same width needs.
    public override string? Unavailable => _bits == 512
        ? CamelliaGfniKernel.IsSupported512 ? null : "no GFNI with 512-bit registers (AVX-512) in this process"
        : CamelliaGfniKernel.IsSupported256 ? null : "no GFNI with 256-bit registers in this process";

    public override void Setup()
    {
        byte[] perValue = RandomNumberGenerator.GetBytes(8);
        _fixed = new byte[InputLength];
        for (int i = 0; i < _fixed.Length; i++)
        {
            _fixed[i] = perValue[i / (_bits / 8)];
        }

        _key = RandomNumberGenerator.GetBytes(1)[0];
    }

    public override void WriteFixedInput(Span<byte> input) => _fixed.CopyTo(input);

    public override void Run(ReadOnlySpan<byte> input)
    {
        if (_bits == 512)
        {
            RunChains<CamelliaSlice512>(input, _key, _rounds, _sink);
        }
        else
        {
            RunChains<CamelliaSlice256>(input, _key, _rounds, _sink);
        }
    }

    // Over Camellia's own register types (the ones its GFNI kernels run on), so that the probe compiles to the
    // instructions the kernel's S-boxes compile to, at either width.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RunChains<TSlice>(ReadOnlySpan<byte> input, byte keyByte, int rounds, byte[] sink)
        where TSlice : struct, ICamelliaSlice<TSlice>
    {
        ref byte r = ref MemoryMarshal.GetReference(input);
        nuint width = (nuint)TSlice.Blocks;
        TSlice m = TSlice.Create(Vector128.Create(AesAffineMatrix).AsByte()), k = TSlice.Create(keyByte);
        TSlice a = TSlice.Load(ref r, 0), b = TSlice.Load(ref r, width), c = TSlice.Load(ref r, 2 * width),
            d = TSlice.Load(ref r, 3 * width), e = TSlice.Load(ref r, 4 * width), f = TSlice.Load(ref r, 5 * width),
            g = TSlice.Load(ref r, 6 * width), h = TSlice.Load(ref r, 7 * width);
        for (int i = 0; i < rounds; i++)
        {
            a = TSlice.GaloisFieldAffineTransformInverse(a ^ k, m, AesAffineConstant);
            b = TSlice.GaloisFieldAffineTransformInverse(b ^ k, m, AesAffineConstant);
            c = TSlice.GaloisFieldAffineTransformInverse(c ^ k, m, AesAffineConstant);
            d = TSlice.GaloisFieldAffineTransformInverse(d ^ k, m, AesAffineConstant);
            e = TSlice.GaloisFieldAffineTransformInverse(e ^ k, m, AesAffineConstant);
            f = TSlice.GaloisFieldAffineTransformInverse(f ^ k, m, AesAffineConstant);
            g = TSlice.GaloisFieldAffineTransformInverse(g ^ k, m, AesAffineConstant);
            h = TSlice.GaloisFieldAffineTransformInverse(h ^ k, m, AesAffineConstant);
        }

        TSlice.Store(a ^ b ^ c ^ d ^ e ^ f ^ g ^ h, ref MemoryMarshal.GetArrayDataReference(sink), 0);
    }
}
