// Luffa v2 round function, Vector128 kernel (net10.0; SSE2/SSE4.1 on x64, AdvSimd on ARM64 through the
// cross-platform Vector128 API). Spec: "Hash Function Luffa, Specification Ver. 2.0" (Hitachi, 2009).
// Layout as in Hitachi's luffa_for_sse2.c: the state is transposed so that vector x_k holds word k of sub-blocks
// V0..V3 (one sub-block per lane). The bitsliced 4-bit S-box (SubCrumb) and MixWord then run on four
// permutations Q_0..Q_3 at once; the tweak is a per-lane rotation. Luffa-224/256 leave lane 3 idle; Luffa-512's
// fifth sub-block V4 runs in lane 0 of a second set of eight vectors (y0..y7), three lanes idle, and its words reach
// the other sub-blocks by shuffles and blends. An earlier version kept V4 in scalar registers, moving words between the
// integer and vector units in every round: faster on x64, but its time varied with the message on AMD Zen 3
// (docs/leakage-test.md). On x64 with AVX2, Luffa-512 takes LuffaAvx2Kernel instead, which is faster than both.
// Constant-time: no table lookups and no data-dependent branches.

using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace CryptoCli;

/// <summary>The Vector128 Luffa kernel (net8.0 and net10.0, where Vector128 is hardware accelerated).</summary>
internal sealed class LuffaVectorKernel : LuffaKernel
{
    public static readonly LuffaVectorKernel Instance = new();

    private LuffaVectorKernel()
    {
    }

    public override string Name => "vector128";

    public override void Compress(Span<uint> state, int width, ReadOnlySpan<byte> blocks)
        => CompressBlocks(state, width, blocks);

    /// <summary>Step constants per lane: [2i] = (C_0[2i], C_1[2i], C_2[2i], C_3[2i]) for word 0, [2i + 1] for word
    /// 4.</summary>
    private static readonly Vector128<uint>[] s_stepConstants = CreateStepConstants();

    /// <summary>Q_4's step constants (Luffa-512's fifth sub-block) in lane 0: [2i] for word 0, [2i + 1] for word
    /// 4.</summary>
    private static readonly Vector128<uint>[] s_fifthStepConstants = CreateFifthStepConstants();

    public static bool IsSupported => Vector128.IsHardwareAccelerated;

    private static Vector128<uint>[] CreateFifthStepConstants()
    {
        var constants = new Vector128<uint>[16];
        for (int i = 0; i < 16; i++)
        {
            constants[i] = Vector128.CreateScalar(LuffaConstants.Step[64 + i]);
        }

        return constants;
    }

    private static Vector128<uint>[] CreateStepConstants()
    {
        uint[] c = LuffaConstants.Step;
        var constants = new Vector128<uint>[16];
        for (int i = 0; i < 16; i++)
        {
            constants[i] = Vector128.Create(c[i], c[16 + i], c[32 + i], c[48 + i]);
        }

        return constants;
    }

    /// <summary>Runs one round per 32-byte block of <paramref name="blocks"/> on <paramref name="state"/> (8w words,
    /// normal layout).</summary>
    public static void CompressBlocks(Span<uint> state, int width, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(IsSupported);
        Debug.Assert(state.Length >= 8 * width);
        switch (width)
        {
            case 3:
                CompressBlocks<Width3>(state, blocks);
                break;
            case 4:
                CompressBlocks<Width4>(state, blocks);
                break;
            case 5:
                CompressBlocks<Width5>(state, blocks);
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(width));
        }
    }

    // One specialised copy per width: the JIT folds every "width ==" test, so Luffa-224/256/384 carry no trace of
    // the fifth sub-block (which would otherwise cost registers in the shared loop).
    private interface IWidth
    {
        public static abstract int Value { get; }
    }

    private readonly struct Width3 : IWidth
    {
        public static int Value => 3;
    }

    private readonly struct Width4 : IWidth
    {
        public static int Value => 4;
    }

    private readonly struct Width5 : IWidth
    {
        public static int Value => 5;
    }

    [SkipLocalsInit]
    private static void CompressBlocks<TWidth>(Span<uint> state, ReadOnlySpan<byte> blocks)
        where TWidth : struct, IWidth
    {
        int width = TWidth.Value;

        // Transpose V0..V3 into x0..x7 (lane j = V_j; lane 3 is zero for Luffa-224/256); V4 of Luffa-512 goes to lane 0
        // of y0..y7. The words go into the vectors by register moves, not through a stack buffer written word by word
        // and read as vectors: that pattern (and wiping the buffer afterwards) made the call's time depend on the data
        // by a fraction of a nanosecond on AMD Zen 3 (docs/leakage-test.md).
        bool fourLanes = width >= 4;
        Vector128<uint> x0 = Column(state, 0, fourLanes), x1 = Column(state, 1, fourLanes);
        Vector128<uint> x2 = Column(state, 2, fourLanes), x3 = Column(state, 3, fourLanes);
        Vector128<uint> x4 = Column(state, 4, fourLanes), x5 = Column(state, 5, fourLanes);
        Vector128<uint> x6 = Column(state, 6, fourLanes), x7 = Column(state, 7, fourLanes);
        Vector128<uint> y0 = default, y1 = default, y2 = default, y3 = default, y4 = default, y5 = default,
            y6 = default, y7 = default;
        if (width == 5)
        {
            y0 = Vector128.CreateScalar(state[32]); y1 = Vector128.CreateScalar(state[33]);
            y2 = Vector128.CreateScalar(state[34]); y3 = Vector128.CreateScalar(state[35]);
            y4 = Vector128.CreateScalar(state[36]); y5 = Vector128.CreateScalar(state[37]);
            y6 = Vector128.CreateScalar(state[38]); y7 = Vector128.CreateScalar(state[39]);
        }

        // Lane masks: which lanes take part in the sum of MI (lane 3 is idle for width 3), and the tweak's
        // rotation amount j = lane index as bit 0 / bit 1 selects.
        Vector128<uint> sumMask = width == 3 ? Vector128.Create(~0u, ~0u, ~0u, 0u) : Vector128<uint>.AllBitsSet;
        Vector128<uint> rotateBy1 = Vector128.Create(0u, ~0u, 0u, ~0u);
        Vector128<uint> rotateBy2 = Vector128.Create(0u, 0u, ~0u, ~0u);
        ref Vector128<uint> constants = ref MemoryMarshal.GetArrayDataReference(s_stepConstants);
        ref Vector128<uint> fifthConstants = ref MemoryMarshal.GetArrayDataReference(s_fifthStepConstants);

        for (int offset = 0; offset + 32 <= blocks.Length; offset += 32)
        {
            // MI step 1: t = XOR_j V_j, V_j ^= MULT2(t). MULT2(t)_k needs only t_{k-1} and t_7, so the sums are
            // formed one word at a time (SumLanes leaves the sum in every lane) and few vectors are live at once.
            Vector128<uint> t7 = SumLanes(x7 & sumMask);
            if (width == 5)
            {
                t7 ^= Lane0(y7);
            }

            Vector128<uint> tk = SumLanes(x0 & sumMask), tNext;
            if (width == 5)
            {
                tk ^= Lane0(y0);
                y0 ^= t7;
            }

            x0 ^= t7;
            tNext = NextSum(x1, y1, sumMask, width); x1 ^= tk ^ t7; if (width == 5) { y1 ^= tk ^ t7; } tk = tNext;
            tNext = NextSum(x2, y2, sumMask, width); x2 ^= tk; if (width == 5) { y2 ^= tk; } tk = tNext;
            tNext = NextSum(x3, y3, sumMask, width); x3 ^= tk ^ t7; if (width == 5) { y3 ^= tk ^ t7; } tk = tNext;
            tNext = NextSum(x4, y4, sumMask, width); x4 ^= tk ^ t7; if (width == 5) { y4 ^= tk ^ t7; } tk = tNext;
            tNext = NextSum(x5, y5, sumMask, width); x5 ^= tk; if (width == 5) { y5 ^= tk; } tk = tNext;
            tNext = NextSum(x6, y6, sumMask, width); x6 ^= tk; if (width == 5) { y6 ^= tk; } tk = tNext;
            x7 ^= tk;
            if (width == 5)
            {
                y7 ^= tk;
            }

            if (width == 4)
            {
                // V_j = V_j * 2 ^ old V_{j+3 mod 4}: lane j takes lane j - 1.
                Vector128<uint> o0 = x0, o1 = x1, o2 = x2, o3 = x3, o4 = x4, o5 = x5, o6 = x6, o7 = x7;
                MultiplyBy2(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7);
                Vector128<uint> fromLeft = Vector128.Create(3u, 0u, 1u, 2u);
                x0 ^= Vector128.Shuffle(o0, fromLeft); x1 ^= Vector128.Shuffle(o1, fromLeft);
                x2 ^= Vector128.Shuffle(o2, fromLeft); x3 ^= Vector128.Shuffle(o3, fromLeft);
                x4 ^= Vector128.Shuffle(o4, fromLeft); x5 ^= Vector128.Shuffle(o5, fromLeft);
                x6 ^= Vector128.Shuffle(o6, fromLeft); x7 ^= Vector128.Shuffle(o7, fromLeft);
            }
            else if (width == 5)
            {
                MixFive(ref x0, ref y0, ref x1, ref y1, ref x2, ref y2, ref x3, ref y3, ref x4, ref y4, ref x5, ref y5,
                    ref x6, ref y6, ref x7, ref y7);
            }

            // MI step 2: V_j ^= M * 2^j. The multiples are built in scalar registers and inserted into the lanes.
            uint m0 = BinaryPrimitives.ReadUInt32BigEndian(blocks.Slice(offset));
            uint m1 = BinaryPrimitives.ReadUInt32BigEndian(blocks.Slice(offset + 4));
            uint m2 = BinaryPrimitives.ReadUInt32BigEndian(blocks.Slice(offset + 8));
            uint m3 = BinaryPrimitives.ReadUInt32BigEndian(blocks.Slice(offset + 12));
            uint m4 = BinaryPrimitives.ReadUInt32BigEndian(blocks.Slice(offset + 16));
            uint m5 = BinaryPrimitives.ReadUInt32BigEndian(blocks.Slice(offset + 20));
            uint m6 = BinaryPrimitives.ReadUInt32BigEndian(blocks.Slice(offset + 24));
            uint m7 = BinaryPrimitives.ReadUInt32BigEndian(blocks.Slice(offset + 28));
            // The message for lane j is M times 2^j (MULT2 applied j times); V4 takes M times 2^4.
            uint a0 = m0, a1 = m1, a2 = m2, a3 = m3, a4 = m4, a5 = m5, a6 = m6, a7 = m7;
            MultiplyByTwo(ref m0, ref m1, ref m2, ref m3, ref m4, ref m5, ref m6, ref m7);
            uint b0 = m0, b1 = m1, b2 = m2, b3 = m3, b4 = m4, b5 = m5, b6 = m6, b7 = m7;
            MultiplyByTwo(ref m0, ref m1, ref m2, ref m3, ref m4, ref m5, ref m6, ref m7);
            uint c0 = m0, c1 = m1, c2 = m2, c3 = m3, c4 = m4, c5 = m5, c6 = m6, c7 = m7;
            MultiplyByTwo(ref m0, ref m1, ref m2, ref m3, ref m4, ref m5, ref m6, ref m7);
            uint keep = fourLanes ? ~0u : 0u; // Luffa-224/256 have no V3: their lane 3 stays zero
            x0 ^= Vector128.Create(a0, b0, c0, m0 & keep); x1 ^= Vector128.Create(a1, b1, c1, m1 & keep);
            x2 ^= Vector128.Create(a2, b2, c2, m2 & keep); x3 ^= Vector128.Create(a3, b3, c3, m3 & keep);
            x4 ^= Vector128.Create(a4, b4, c4, m4 & keep); x5 ^= Vector128.Create(a5, b5, c5, m5 & keep);
            x6 ^= Vector128.Create(a6, b6, c6, m6 & keep); x7 ^= Vector128.Create(a7, b7, c7, m7 & keep);
            if (width == 5)
            {
                MultiplyByTwo(ref m0, ref m1, ref m2, ref m3, ref m4, ref m5, ref m6, ref m7);
                y0 ^= Vector128.CreateScalar(m0); y1 ^= Vector128.CreateScalar(m1); y2 ^= Vector128.CreateScalar(m2);
                y3 ^= Vector128.CreateScalar(m3);
                y4 ^= Vector128.CreateScalar(m4); y5 ^= Vector128.CreateScalar(m5); y6 ^= Vector128.CreateScalar(m6);
                y7 ^= Vector128.CreateScalar(m7);
            }

            // Tweak: words 4..7 of V_j rotated left by j (lane j), and by 4 for V4.
            x4 = TweakLanes(x4, rotateBy1, rotateBy2); x5 = TweakLanes(x5, rotateBy1, rotateBy2);
            x6 = TweakLanes(x6, rotateBy1, rotateBy2); x7 = TweakLanes(x7, rotateBy1, rotateBy2);
            if (width == 5)
            {
                y4 = RotateLeft(y4, 4); y5 = RotateLeft(y5, 4); y6 = RotateLeft(y6, 4); y7 = RotateLeft(y7, 4);
            }

            // The 8 steps of Q_0..Q_3 in the lanes (and Q_4 in lane 0 of y0..y7 for Luffa-512), unrolled by two.
            for (int i = 0; i < 16; i += 4)
            {
                Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref constants, i),
                    Unsafe.Add(ref constants, i + 1));
                if (width == 5)
                {
                    Step(ref y0, ref y1, ref y2, ref y3, ref y4, ref y5, ref y6, ref y7,
                        Unsafe.Add(ref fifthConstants, i), Unsafe.Add(ref fifthConstants, i + 1));
                }

                Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref constants, i + 2),
                    Unsafe.Add(ref constants, i + 3));
                if (width == 5)
                {
                    Step(ref y0, ref y1, ref y2, ref y3, ref y4, ref y5, ref y6, ref y7,
                        Unsafe.Add(ref fifthConstants, i + 2), Unsafe.Add(ref fifthConstants, i + 3));
                }
            }
        }

        // Transpose back.
        StoreColumn(state, 0, x0, fourLanes); StoreColumn(state, 1, x1, fourLanes);
        StoreColumn(state, 2, x2, fourLanes); StoreColumn(state, 3, x3, fourLanes);
        StoreColumn(state, 4, x4, fourLanes); StoreColumn(state, 5, x5, fourLanes);
        StoreColumn(state, 6, x6, fourLanes); StoreColumn(state, 7, x7, fourLanes);
        if (width == 5)
        {
            state[32] = y0.ToScalar(); state[33] = y1.ToScalar(); state[34] = y2.ToScalar(); state[35] = y3.ToScalar();
            state[36] = y4.ToScalar(); state[37] = y5.ToScalar(); state[38] = y6.ToScalar(); state[39] = y7.ToScalar();
        }
    }

    /// <summary>Word <paramref name="k"/> of V0..V3 as the four lanes of one vector (lane 3 zero without V3).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Column(Span<uint> state, int k, bool fourLanes) =>
        Vector128.Create(state[k], state[8 + k], state[16 + k], fourLanes ? state[24 + k] : 0u);

    /// <summary>The lanes of <paramref name="column"/> back to word <paramref name="k"/> of V0..V3.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreColumn(Span<uint> state, int k, Vector128<uint> column, bool fourLanes)
    {
        state[k] = column.GetElement(0);
        state[8 + k] = column.GetElement(1);
        state[16 + k] = column.GetElement(2);
        if (fourLanes)
        {
            state[24 + k] = column.GetElement(3);
        }
    }

    /// <summary>MULT2 on eight words (multiplication by x in GF(2^32)^8, Luffa's message expansion).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MultiplyByTwo(ref uint m0, ref uint m1, ref uint m2, ref uint m3, ref uint m4, ref uint m5,
        ref uint m6, ref uint m7)
    {
        uint top = m7;
        m7 = m6; m6 = m5; m5 = m4; m4 = m3 ^ top; m3 = m2 ^ top; m2 = m1; m1 = m0 ^ top; m0 = top;
    }

    /// <summary>MI_5's two neighbour mixes: V_j = V_j * 2 ^ old V_{j+1}, then V_j = V_j * 2 ^ old V_{j-1} (mod 5).
    /// V0..V3 are the lanes of x0..x7, V4 is lane 0 of y0..y7; words move between them by shuffles and blends
    /// only.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MixFive(
        ref Vector128<uint> x0, ref Vector128<uint> y0, ref Vector128<uint> x1, ref Vector128<uint> y1,
        ref Vector128<uint> x2, ref Vector128<uint> y2,
        ref Vector128<uint> x3, ref Vector128<uint> y3, ref Vector128<uint> x4, ref Vector128<uint> y4,
        ref Vector128<uint> x5, ref Vector128<uint> y5,
        ref Vector128<uint> x6, ref Vector128<uint> y6, ref Vector128<uint> x7, ref Vector128<uint> y7)
    {
        // Lanes 0..2 take lanes 1..3, lane 3 takes V4; V4 takes lane 0 (already in place).
        Vector128<uint> lane3 = Vector128.Create(0u, 0u, 0u, ~0u);
        Vector128<uint> fromRight = Vector128.Create(1u, 2u, 3u, 3u);
        Vector128<uint> n0 = Vector128.ConditionalSelect(lane3, Lane0(y0), Vector128.Shuffle(x0, fromRight));
        Vector128<uint> n1 = Vector128.ConditionalSelect(lane3, Lane0(y1), Vector128.Shuffle(x1, fromRight));
        Vector128<uint> n2 = Vector128.ConditionalSelect(lane3, Lane0(y2), Vector128.Shuffle(x2, fromRight));
        Vector128<uint> n3 = Vector128.ConditionalSelect(lane3, Lane0(y3), Vector128.Shuffle(x3, fromRight));
        Vector128<uint> n4 = Vector128.ConditionalSelect(lane3, Lane0(y4), Vector128.Shuffle(x4, fromRight));
        Vector128<uint> n5 = Vector128.ConditionalSelect(lane3, Lane0(y5), Vector128.Shuffle(x5, fromRight));
        Vector128<uint> n6 = Vector128.ConditionalSelect(lane3, Lane0(y6), Vector128.Shuffle(x6, fromRight));
        Vector128<uint> n7 = Vector128.ConditionalSelect(lane3, Lane0(y7), Vector128.Shuffle(x7, fromRight));
        Vector128<uint> z0 = x0, z1 = x1, z2 = x2, z3 = x3, z4 = x4, z5 = x5, z6 = x6, z7 = x7;
        MultiplyBy2(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7);
        MultiplyBy2(ref y0, ref y1, ref y2, ref y3, ref y4, ref y5, ref y6, ref y7);
        x0 ^= n0; x1 ^= n1; x2 ^= n2; x3 ^= n3; x4 ^= n4; x5 ^= n5; x6 ^= n6; x7 ^= n7;
        y0 ^= z0; y1 ^= z1; y2 ^= z2; y3 ^= z3; y4 ^= z4; y5 ^= z5; y6 ^= z6; y7 ^= z7;

        // Lane 0 takes V4, lanes 1..3 take lanes 0..2; V4 takes lane 3.
        Vector128<uint> lane0 = Vector128.Create(~0u, 0u, 0u, 0u);
        Vector128<uint> fromLeft = Vector128.Create(0u, 0u, 1u, 2u);
        Vector128<uint> lastLane = Vector128.Create(3u);
        n0 = Vector128.ConditionalSelect(lane0, y0, Vector128.Shuffle(x0, fromLeft));
        n1 = Vector128.ConditionalSelect(lane0, y1, Vector128.Shuffle(x1, fromLeft));
        n2 = Vector128.ConditionalSelect(lane0, y2, Vector128.Shuffle(x2, fromLeft));
        n3 = Vector128.ConditionalSelect(lane0, y3, Vector128.Shuffle(x3, fromLeft));
        n4 = Vector128.ConditionalSelect(lane0, y4, Vector128.Shuffle(x4, fromLeft));
        n5 = Vector128.ConditionalSelect(lane0, y5, Vector128.Shuffle(x5, fromLeft));
        n6 = Vector128.ConditionalSelect(lane0, y6, Vector128.Shuffle(x6, fromLeft));
        n7 = Vector128.ConditionalSelect(lane0, y7, Vector128.Shuffle(x7, fromLeft));
        z0 = Vector128.Shuffle(x0, lastLane); z1 = Vector128.Shuffle(x1, lastLane);
        z2 = Vector128.Shuffle(x2, lastLane);
        z3 = Vector128.Shuffle(x3, lastLane);
        z4 = Vector128.Shuffle(x4, lastLane); z5 = Vector128.Shuffle(x5, lastLane);
        z6 = Vector128.Shuffle(x6, lastLane);
        z7 = Vector128.Shuffle(x7, lastLane);
        MultiplyBy2(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7);
        MultiplyBy2(ref y0, ref y1, ref y2, ref y3, ref y4, ref y5, ref y6, ref y7);
        x0 ^= n0; x1 ^= n1; x2 ^= n2; x3 ^= n3; x4 ^= n4; x5 ^= n5; x6 ^= n6; x7 ^= n7;
        y0 ^= z0; y1 ^= z1; y2 ^= z2; y3 ^= z3; y4 ^= z4; y5 ^= z5; y6 ^= z6; y7 ^= z7;
    }

    /// <summary>XOR of word k over all sub-blocks (lanes and, for Luffa-512, V4 in lane 0 of y), in every
    /// lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> NextSum(Vector128<uint> x, Vector128<uint> y, Vector128<uint> sumMask, int width)
    {
        Vector128<uint> sum = SumLanes(x & sumMask);
        return width == 5 ? sum ^ Lane0(y) : sum;
    }

    /// <summary>Lane 0 of <paramref name="v"/> in every lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Lane0(Vector128<uint> v) => Vector128.Shuffle(v, Vector128<uint>.Zero);

    /// <summary>XOR of the four lanes, in every lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> SumLanes(Vector128<uint> v)
    {
        v ^= Vector128.Shuffle(v, Vector128.Create(2u, 3u, 0u, 1u));
        return v ^ Vector128.Shuffle(v, Vector128.Create(1u, 0u, 3u, 2u));
    }

    /// <summary>Lane j rotated left by j: by 1 where bit 0 of j is set, then by 2 where bit 1 is.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> TweakLanes(Vector128<uint> v, Vector128<uint> rotateBy1, Vector128<uint> rotateBy2)
    {
        v = Vector128.ConditionalSelect(rotateBy1, RotateLeft(v, 1), v);
        return Vector128.ConditionalSelect(rotateBy2, RotateLeft(v, 2), v);
    }

    /// <summary>MULT2 on the eight words (lane-wise for vectors): (a7, a0^a7, a1, a2^a7, a3^a7, a4, a5, a6).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MultiplyBy2(
        ref Vector128<uint> a0, ref Vector128<uint> a1, ref Vector128<uint> a2, ref Vector128<uint> a3,
        ref Vector128<uint> a4, ref Vector128<uint> a5, ref Vector128<uint> a6, ref Vector128<uint> a7)
    {
        Vector128<uint> top = a7;
        a7 = a6; a6 = a5; a5 = a4; a4 = a3 ^ top; a3 = a2 ^ top; a2 = a1; a1 = a0 ^ top; a0 = top;
    }

    /// <summary>One step of four permutations at once (see <see cref="LuffaPortableKernel.Step"/>), written out in full
    /// for the same reason.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Step(
        ref Vector128<uint> x0, ref Vector128<uint> x1, ref Vector128<uint> x2, ref Vector128<uint> x3,
        ref Vector128<uint> x4, ref Vector128<uint> x5, ref Vector128<uint> x6, ref Vector128<uint> x7,
        Vector128<uint> c0, Vector128<uint> c1)
    {
        Vector128<uint> tmp = x0;
        x0 |= x1; x2 ^= x3; x1 = ~x1; x0 ^= x3; x3 &= tmp; x1 ^= x3; x3 ^= x2; x2 &= x0;
        x0 = ~x0; x2 ^= x1; x1 |= x3; tmp ^= x1; x3 ^= x2; x2 &= x1; x1 ^= x0; x0 = tmp;

        tmp = x5;
        x5 |= x6; x7 ^= x4; x6 = ~x6; x5 ^= x4; x4 &= tmp; x6 ^= x4; x4 ^= x7; x7 &= x5;
        x5 = ~x5; x7 ^= x6; x6 |= x4; tmp ^= x6; x4 ^= x7; x7 &= x6; x6 ^= x5; x5 = tmp;

        // MixWord(x_k, x_{k+4}); rotation by 1 as (v + v) | (v >> 31), the add runs on more ports than a shift.
        x4 ^= x0; x5 ^= x1; x6 ^= x2; x7 ^= x3;
        x0 = (Vector128.ShiftLeft(x0, 2) | Vector128.ShiftRightLogical(x0, 30)) ^ x4;
        x1 = (Vector128.ShiftLeft(x1, 2) | Vector128.ShiftRightLogical(x1, 30)) ^ x5;
        x2 = (Vector128.ShiftLeft(x2, 2) | Vector128.ShiftRightLogical(x2, 30)) ^ x6;
        x3 = (Vector128.ShiftLeft(x3, 2) | Vector128.ShiftRightLogical(x3, 30)) ^ x7;
        x4 = (Vector128.ShiftLeft(x4, 14) | Vector128.ShiftRightLogical(x4, 18)) ^ x0;
        x5 = (Vector128.ShiftLeft(x5, 14) | Vector128.ShiftRightLogical(x5, 18)) ^ x1;
        x6 = (Vector128.ShiftLeft(x6, 14) | Vector128.ShiftRightLogical(x6, 18)) ^ x2;
        x7 = (Vector128.ShiftLeft(x7, 14) | Vector128.ShiftRightLogical(x7, 18)) ^ x3;
        x0 = (Vector128.ShiftLeft(x0, 10) | Vector128.ShiftRightLogical(x0, 22)) ^ x4;
        x1 = (Vector128.ShiftLeft(x1, 10) | Vector128.ShiftRightLogical(x1, 22)) ^ x5;
        x2 = (Vector128.ShiftLeft(x2, 10) | Vector128.ShiftRightLogical(x2, 22)) ^ x6;
        x3 = (Vector128.ShiftLeft(x3, 10) | Vector128.ShiftRightLogical(x3, 22)) ^ x7;
        x4 = (x4 + x4) | Vector128.ShiftRightLogical(x4, 31);
        x5 = (x5 + x5) | Vector128.ShiftRightLogical(x5, 31);
        x6 = (x6 + x6) | Vector128.ShiftRightLogical(x6, 31);
        x7 = (x7 + x7) | Vector128.ShiftRightLogical(x7, 31);

        x0 ^= c0;
        x4 ^= c1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> RotateLeft(Vector128<uint> v, [ConstantExpected(Min = 1, Max = 31)] int count) =>
        Vector128.ShiftLeft(v, count) | Vector128.ShiftRightLogical(v, 32 - count);
}
