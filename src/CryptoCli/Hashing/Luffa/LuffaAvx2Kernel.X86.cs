// Luffa v2 round function for Luffa-512 (w = 5) on AVX2 (net8.0 and net10.0, x64).
// Spec: "Hash Function Luffa, Specification Ver. 2.0" (Hitachi, 2009).
// The state is transposed as in the Vector128 kernel, but into 256-bit registers: vector x_k holds word k of all five
// sub-blocks V0..V4 (lane j = V_j; lanes 5..7 are idle). MI_5's neighbour mixes are lane permutations (VPERMD), the
// tweak is a per-lane variable rotation (VPSLLVD/VPSRLVD), and the five permutations Q_0..Q_4 run as one. Everything
// stays in vector registers: no word moves between the vector and integer units inside a round.
// Why this kernel exists: the Vector128 kernel runs Luffa-512's fifth sub-block in scalar registers, moving words
// between the units in every round, and that path's time varied with the message by a fraction of a nanosecond on
// AMD Zen 3 (docs/leakage-test.md). Luffa-224/256/384 fill a Vector128 and take the Vector128 kernel here too.
// Constant-time: no table lookups and no data-dependent branches.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace CryptoCli;

/// <summary>
/// The AVX2 Luffa kernel: Luffa-512 (width 5) in 256-bit registers; the other widths through
/// <see cref="LuffaVectorKernel"/>.
/// </summary>
internal sealed class LuffaAvx2Kernel : LuffaKernel
{
    public static readonly LuffaAvx2Kernel Instance = new();

    /// <summary>Step constants per lane: [2i] = (C_0[2i], ..., C_4[2i], 0, 0, 0) for word 0, [2i + 1] for word
    /// 4.</summary>
    private static readonly Vector256<uint>[] s_stepConstants = CreateStepConstants();

    private LuffaAvx2Kernel()
    {
    }

    public static bool IsSupported => Avx2.IsSupported;

    public override string Name => "avx2";

    public override void Compress(Span<uint> state, int width, ReadOnlySpan<byte> blocks)
    {
        if (width == 5)
        {
            CompressFiveSubBlocks(state, blocks);
        }
        else
        {
            LuffaVectorKernel.CompressBlocks(state, width, blocks);
        }
    }

    /// <summary>VPSHUFB control that reverses the bytes of each 32-bit word (the message words are
    /// big-endian).</summary>
    private static readonly Vector256<byte> s_bigEndianWords = Vector256.Create(
        (byte)3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13,
        12);

    private static Vector256<uint>[] CreateStepConstants()
    {
        uint[] c = LuffaConstants.Step;
        var constants = new Vector256<uint>[16];
        for (int i = 0; i < 16; i++)
        {
            constants[i] = Vector256.Create(c[i], c[16 + i], c[32 + i], c[48 + i], c[64 + i], 0u, 0u, 0u);
        }

        return constants;
    }

    /// <summary>Runs one round per 32-byte block of <paramref name="blocks"/> on the 40-word state of
    /// Luffa-512.</summary>
    private static void CompressFiveSubBlocks(Span<uint> state, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(IsSupported);
        if (state.Length < 40)
        {
            throw new ArgumentException("The state is too short for the width.", nameof(state));
        }

        Vector256<uint> x0 = Column(state, 0), x1 = Column(state, 1), x2 = Column(state, 2), x3 = Column(state, 3);
        Vector256<uint> x4 = Column(state, 4), x5 = Column(state, 5), x6 = Column(state, 6), x7 = Column(state, 7);

        Vector256<uint> subBlocks = Vector256.Create(~0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u);
        Vector256<uint> fromNext = Vector256.Create(1u, 2u, 3u, 4u, 0u, 5u, 6u, 7u); // lane j takes V_{j+1 mod 5}
        Vector256<uint> fromPrevious = Vector256.Create(4u, 0u, 1u, 2u, 3u, 5u, 6u, 7u); // lane j takes V_{j-1 mod 5}
        Vector256<uint> tweakLeft = Vector256.Create(0u, 1u, 2u, 3u, 4u, 0u, 0u, 0u); // V_j's words 4..7 rotate by j
        Vector256<uint> tweakRight = Vector256.Create(32u) - tweakLeft;
        ref Vector256<uint> constants = ref MemoryMarshal.GetArrayDataReference(s_stepConstants);

        for (int offset = 0; offset + 32 <= blocks.Length; offset += 32)
        {
            // MI step 1: t = XOR_j V_j, V_j ^= MULT2(t). MULT2(t) = (t7, t0^t7, t1, t2^t7, t3^t7, t4, t5, t6).
            Vector256<uint> t7 = SumLanes(x7 & subBlocks);
            Vector256<uint> t0 = SumLanes(x0 & subBlocks), t1 = SumLanes(x1 & subBlocks), t2 = SumLanes(x2 & subBlocks);
            Vector256<uint> t3 = SumLanes(x3 & subBlocks), t4 = SumLanes(x4 & subBlocks), t5 = SumLanes(x5 & subBlocks);
            Vector256<uint> t6 = SumLanes(x6 & subBlocks);
            x0 ^= t7; x1 ^= t0 ^ t7; x2 ^= t1; x3 ^= t2 ^ t7; x4 ^= t3 ^ t7; x5 ^= t4; x6 ^= t5; x7 ^= t6;

            // V_j = V_j * 2 ^ old V_{j+1}, then V_j = V_j * 2 ^ old V_{j-1} (indices mod 5).
            MultiplyBy2Xor(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, fromNext);
            MultiplyBy2Xor(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, fromPrevious);

            // MI step 2: V_j ^= M * 2^j. Word k of M goes to every lane, then lanes j >= 1, 2, 3, 4 are multiplied by
            // two in turn, so lane j ends with M * 2^j.
            Vector256<uint> message = Avx2.Shuffle(Vector256.Create(blocks.Slice(offset, 32)),
                s_bigEndianWords).AsUInt32();
            Vector256<uint> m0 = Avx2.PermuteVar8x32(message, Vector256.Create(0u)),
                m1 = Avx2.PermuteVar8x32(message, Vector256.Create(1u));
            Vector256<uint> m2 = Avx2.PermuteVar8x32(message, Vector256.Create(2u)),
                m3 = Avx2.PermuteVar8x32(message, Vector256.Create(3u));
            Vector256<uint> m4 = Avx2.PermuteVar8x32(message, Vector256.Create(4u)),
                m5 = Avx2.PermuteVar8x32(message, Vector256.Create(5u));
            Vector256<uint> m6 = Avx2.PermuteVar8x32(message, Vector256.Create(6u)),
                m7 = Avx2.PermuteVar8x32(message, Vector256.Create(7u));
            MultiplyBy2Where(ref m0, ref m1, ref m2, ref m3, ref m4, ref m5, ref m6, ref m7,
                Vector256.Create(0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u));
            MultiplyBy2Where(ref m0, ref m1, ref m2, ref m3, ref m4, ref m5, ref m6, ref m7,
                Vector256.Create(0u, 0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u));
            MultiplyBy2Where(ref m0, ref m1, ref m2, ref m3, ref m4, ref m5, ref m6, ref m7,
                Vector256.Create(0u, 0u, 0u, ~0u, ~0u, ~0u, ~0u, ~0u));
            MultiplyBy2Where(ref m0, ref m1, ref m2, ref m3, ref m4, ref m5, ref m6, ref m7,
                Vector256.Create(0u, 0u, 0u, 0u, ~0u, ~0u, ~0u, ~0u));
            x0 ^= m0; x1 ^= m1; x2 ^= m2; x3 ^= m3; x4 ^= m4; x5 ^= m5; x6 ^= m6; x7 ^= m7;

            // Tweak: words 4..7 of V_j rotated left by j.
            x4 = RotateLanes(x4, tweakLeft, tweakRight); x5 = RotateLanes(x5, tweakLeft, tweakRight);
            x6 = RotateLanes(x6, tweakLeft, tweakRight); x7 = RotateLanes(x7, tweakLeft, tweakRight);

            // The 8 steps of Q_0..Q_4 in the lanes.
            for (int i = 0; i < 16; i += 2)
            {
                Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref constants, i),
                    Unsafe.Add(ref constants, i + 1));
            }
        }

        StoreColumn(state, 0, x0); StoreColumn(state, 1, x1); StoreColumn(state, 2, x2); StoreColumn(state, 3, x3);
        StoreColumn(state, 4, x4); StoreColumn(state, 5, x5); StoreColumn(state, 6, x6); StoreColumn(state, 7, x7);
    }

    /// <summary>Word <paramref name="k"/> of V0..V4 as lanes 0..4 (lanes 5..7 zero).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Column(Span<uint> state, int k) =>
        Vector256.Create(state[k], state[8 + k], state[16 + k], state[24 + k], state[32 + k], 0u, 0u, 0u);

    /// <summary>Lanes 0..4 of <paramref name="column"/> back to word <paramref name="k"/> of V0..V4.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreColumn(Span<uint> state, int k, Vector256<uint> column)
    {
        state[k] = column.GetElement(0);
        state[8 + k] = column.GetElement(1);
        state[16 + k] = column.GetElement(2);
        state[24 + k] = column.GetElement(3);
        state[32 + k] = column.GetElement(4);
    }

    /// <summary>XOR of the eight lanes, in every lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> SumLanes(Vector256<uint> v)
    {
        v ^= Avx2.Permute2x128(v, v, 0x01);
        v ^= Avx2.Shuffle(v, 0b01_00_11_10);
        return v ^ Avx2.Shuffle(v, 0b10_11_00_01);
    }

    /// <summary>V_j = V_j * 2 ^ old V_{p(j)}, where lane j of <paramref name="source"/> names p(j).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MultiplyBy2Xor(
        ref Vector256<uint> a0, ref Vector256<uint> a1, ref Vector256<uint> a2, ref Vector256<uint> a3,
        ref Vector256<uint> a4, ref Vector256<uint> a5, ref Vector256<uint> a6, ref Vector256<uint> a7,
        Vector256<uint> source)
    {
        Vector256<uint> n0 = Avx2.PermuteVar8x32(a0, source), n1 = Avx2.PermuteVar8x32(a1, source);
        Vector256<uint> n2 = Avx2.PermuteVar8x32(a2, source), n3 = Avx2.PermuteVar8x32(a3, source);
        Vector256<uint> n4 = Avx2.PermuteVar8x32(a4, source), n5 = Avx2.PermuteVar8x32(a5, source);
        Vector256<uint> n6 = Avx2.PermuteVar8x32(a6, source), n7 = Avx2.PermuteVar8x32(a7, source);
        Vector256<uint> top = a7;
        a7 = a6 ^ n7; a6 = a5 ^ n6; a5 = a4 ^ n5; a4 = a3 ^ top ^ n4; a3 = a2 ^ top ^ n3; a2 = a1 ^ n2;
        a1 = a0 ^ top ^ n1; a0 = top ^ n0;
    }

    /// <summary>MULT2 (a7, a0^a7, a1, a2^a7, a3^a7, a4, a5, a6) in the lanes set in <paramref name="lanes"/>; the
    /// others kept.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MultiplyBy2Where(
        ref Vector256<uint> a0, ref Vector256<uint> a1, ref Vector256<uint> a2, ref Vector256<uint> a3,
        ref Vector256<uint> a4, ref Vector256<uint> a5, ref Vector256<uint> a6, ref Vector256<uint> a7,
        Vector256<uint> lanes)
    {
        Vector256<uint> top = a7;
        a7 = Vector256.ConditionalSelect(lanes, a6, a7);
        a6 = Vector256.ConditionalSelect(lanes, a5, a6);
        a5 = Vector256.ConditionalSelect(lanes, a4, a5);
        a4 = Vector256.ConditionalSelect(lanes, a3 ^ top, a4);
        a3 = Vector256.ConditionalSelect(lanes, a2 ^ top, a3);
        a2 = Vector256.ConditionalSelect(lanes, a1, a2);
        a1 = Vector256.ConditionalSelect(lanes, a0 ^ top, a1);
        a0 = Vector256.ConditionalSelect(lanes, top, a0);
    }

    /// <summary>Lane j rotated left by lane j of <paramref name="left"/> (<paramref name="right"/> = 32 -
    /// left).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> RotateLanes(Vector256<uint> v, Vector256<uint> left, Vector256<uint> right) =>
        Avx2.ShiftLeftLogicalVariable(v, left) | Avx2.ShiftRightLogicalVariable(v, right);

    /// <summary>One step of five permutations at once: the Vector128 kernel's step (SubCrumb, MixWord, constants) on
    /// 256-bit registers.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Step(
        ref Vector256<uint> x0, ref Vector256<uint> x1, ref Vector256<uint> x2, ref Vector256<uint> x3,
        ref Vector256<uint> x4, ref Vector256<uint> x5, ref Vector256<uint> x6, ref Vector256<uint> x7,
        Vector256<uint> c0, Vector256<uint> c1)
    {
        Vector256<uint> tmp = x0;
        x0 |= x1; x2 ^= x3; x1 = ~x1; x0 ^= x3; x3 &= tmp; x1 ^= x3; x3 ^= x2; x2 &= x0;
        x0 = ~x0; x2 ^= x1; x1 |= x3; tmp ^= x1; x3 ^= x2; x2 &= x1; x1 ^= x0; x0 = tmp;

        tmp = x5;
        x5 |= x6; x7 ^= x4; x6 = ~x6; x5 ^= x4; x4 &= tmp; x6 ^= x4; x4 ^= x7; x7 &= x5;
        x5 = ~x5; x7 ^= x6; x6 |= x4; tmp ^= x6; x4 ^= x7; x7 &= x6; x6 ^= x5; x5 = tmp;

        x4 ^= x0; x5 ^= x1; x6 ^= x2; x7 ^= x3;
        x0 = Rotate(x0, 2) ^ x4; x1 = Rotate(x1, 2) ^ x5; x2 = Rotate(x2, 2) ^ x6; x3 = Rotate(x3, 2) ^ x7;
        x4 = Rotate(x4, 14) ^ x0; x5 = Rotate(x5, 14) ^ x1; x6 = Rotate(x6, 14) ^ x2; x7 = Rotate(x7, 14) ^ x3;
        x0 = Rotate(x0, 10) ^ x4; x1 = Rotate(x1, 10) ^ x5; x2 = Rotate(x2, 10) ^ x6; x3 = Rotate(x3, 10) ^ x7;
        x4 = (x4 + x4) | Vector256.ShiftRightLogical(x4, 31); x5 = (x5 + x5) | Vector256.ShiftRightLogical(x5, 31);
        x6 = (x6 + x6) | Vector256.ShiftRightLogical(x6, 31); x7 = (x7 + x7) | Vector256.ShiftRightLogical(x7, 31);

        x0 ^= c0;
        x4 ^= c1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Rotate(Vector256<uint> v,
        [System.Diagnostics.CodeAnalysis.ConstantExpected(Min = 1, Max = 31)] int count) =>
        Vector256.ShiftLeft(v, count) | Vector256.ShiftRightLogical(v, 32 - count);
}
