// Luffa v2 round function, portable scalar kernel (every target framework).
// Spec: "Hash Function Luffa, Specification Ver. 2.0" (Hitachi, 2009). State: w sub-blocks V_j of 8 x uint32
// (w = 3, 4, 5 for Luffa-224/256, -384, -512); message block: 32 bytes as 8 big-endian uint32.
// One round = message injection MI_w, then the permutations Q_0 .. Q_{w-1} (tweak, 8 steps each).
// Written as Hamada (2009, P3 in docs/papers.md) found fastest: the eight chaining words of a sub-block (his chainv[8])
// live in locals for the whole of Q_j, and the 8-step loop is unrolled. The message injection also keeps its
// temporaries (his t[40]) in locals: in C# that is a further 10-15% (benchmarks/results/luffa.md). Constant-time: no
// table lookups and no data-dependent branches.

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli;

/// <summary>The portable scalar Luffa kernel (every target framework), the registry's last entry.</summary>
internal sealed class LuffaPortableKernel : LuffaKernel
{
    public const int BlockSizeInBytes = 32;

    public static readonly LuffaPortableKernel Instance = new();

    private LuffaPortableKernel()
    {
    }

    public override string Name => "portable";

    public override void Compress(Span<uint> state, int width, ReadOnlySpan<byte> blocks)
        => CompressBlocks(state, width, blocks);

    /// <summary>Runs one round per 32-byte block of <paramref name="blocks"/> on <paramref name="state"/> (8w
    /// words).</summary>
    public static void CompressBlocks(Span<uint> state, int width, ReadOnlySpan<byte> blocks)
    {
        if (state.Length < 8 * width)
        {
            throw new ArgumentException("The state is too short for the width.", nameof(state));
        }

        ref uint v = ref MemoryMarshal.GetReference(state);
        for (int offset = 0; offset + BlockSizeInBytes <= blocks.Length; offset += BlockSizeInBytes)
        {
            InjectMessage(ref v, width, blocks.Slice(offset, BlockSizeInBytes));
            for (int j = 0; j < width; j++)
            {
                Permute(ref Unsafe.Add(ref v, 8 * j), j);
            }
        }
    }

    /// <summary>
    /// MI_w (spec 3.2) with its temporaries in locals (the reference code's t[40] array made scalars): mix the
    /// sub-blocks with each other, then XOR in M, M*2, M*4, ... The neighbour mixes run in place, in an order that
    /// reads every neighbour before it changes, so only one sub-block needs saving.
    /// </summary>
    internal static void InjectMessage(ref uint v, int width, ReadOnlySpan<byte> block)
    {
        Debug.Assert(block.Length >= BlockSizeInBytes);
        int words = 8 * width;
        uint t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0;
        for (int o = 0; o < words; o += 8)
        {
            t0 ^= Unsafe.Add(ref v, o); t1 ^= Unsafe.Add(ref v, o + 1); t2 ^= Unsafe.Add(ref v, o + 2);
            t3 ^= Unsafe.Add(ref v, o + 3);
            t4 ^= Unsafe.Add(ref v, o + 4); t5 ^= Unsafe.Add(ref v, o + 5); t6 ^= Unsafe.Add(ref v, o + 6);
            t7 ^= Unsafe.Add(ref v, o + 7);
        }

        MultiplyBy2(ref t0, ref t1, ref t2, ref t3, ref t4, ref t5, ref t6, ref t7);
        for (int o = 0; o < words; o += 8)
        {
            Xor(ref Unsafe.Add(ref v, o), t0, t1, t2, t3, t4, t5, t6, t7);
        }

        if (width == 4)
        {
            // V_j = V_j*2 ^ old V_{j+3 mod 4} = old V_{j-1}: descending j; V0 takes the saved V3.
            MixFromPrevious(ref v, 24);
        }
        else if (width == 5)
        {
            // V_j = V_j*2 ^ old V_{j+1}: ascending j; V4 takes the saved V0.
            t0 = v; t1 = Unsafe.Add(ref v, 1); t2 = Unsafe.Add(ref v, 2); t3 = Unsafe.Add(ref v, 3);
            t4 = Unsafe.Add(ref v, 4); t5 = Unsafe.Add(ref v, 5); t6 = Unsafe.Add(ref v, 6); t7 = Unsafe.Add(ref v, 7);
            for (int o = 0; o < 32; o += 8)
            {
                ref uint next = ref Unsafe.Add(ref v, o + 8);
                MultiplyBy2Xor(ref Unsafe.Add(ref v, o), next, Unsafe.Add(ref next, 1), Unsafe.Add(ref next, 2),
                    Unsafe.Add(ref next, 3),
                    Unsafe.Add(ref next, 4), Unsafe.Add(ref next, 5), Unsafe.Add(ref next, 6), Unsafe.Add(ref next, 7));
            }

            MultiplyBy2Xor(ref Unsafe.Add(ref v, 32), t0, t1, t2, t3, t4, t5, t6, t7);

            // Then V_j = V_j*2 ^ old V_{j-1} (mod 5).
            MixFromPrevious(ref v, 32);
        }

        ref byte m = ref MemoryMarshal.GetReference(block);
        uint m0 = ByteOrder.ReadUInt32BigEndian(ref m, 0), m1 = ByteOrder.ReadUInt32BigEndian(ref m, 4);
        uint m2 = ByteOrder.ReadUInt32BigEndian(ref m, 8), m3 = ByteOrder.ReadUInt32BigEndian(ref m, 12);
        uint m4 = ByteOrder.ReadUInt32BigEndian(ref m, 16), m5 = ByteOrder.ReadUInt32BigEndian(ref m, 20);
        uint m6 = ByteOrder.ReadUInt32BigEndian(ref m, 24), m7 = ByteOrder.ReadUInt32BigEndian(ref m, 28);
        for (int o = 0; o < words; o += 8)
        {
            Xor(ref Unsafe.Add(ref v, o), m0, m1, m2, m3, m4, m5, m6, m7);
            MultiplyBy2(ref m0, ref m1, ref m2, ref m3, ref m4, ref m5, ref m6, ref m7);
        }
    }

    /// <summary>V_j = V_j*2 ^ old V_{j-1} for j = last..1 (descending, so V_{j-1} is still old), then V0 with the saved
    /// last.</summary>
    private static void MixFromPrevious(ref uint v, int last)
    {
        ref uint l = ref Unsafe.Add(ref v, last);
        uint s0 = l, s1 = Unsafe.Add(ref l, 1), s2 = Unsafe.Add(ref l, 2), s3 = Unsafe.Add(ref l, 3);
        uint s4 = Unsafe.Add(ref l, 4), s5 = Unsafe.Add(ref l, 5), s6 = Unsafe.Add(ref l, 6), s7 = Unsafe.Add(ref l, 7);
        for (int o = last; o > 0; o -= 8)
        {
            ref uint previous = ref Unsafe.Add(ref v, o - 8);
            MultiplyBy2Xor(ref Unsafe.Add(ref v, o), previous, Unsafe.Add(ref previous, 1), Unsafe.Add(ref previous, 2),
                Unsafe.Add(ref previous, 3),
                Unsafe.Add(ref previous, 4), Unsafe.Add(ref previous, 5), Unsafe.Add(ref previous, 6),
                Unsafe.Add(ref previous, 7));
        }

        MultiplyBy2Xor(ref v, s0, s1, s2, s3, s4, s5, s6, s7);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Xor(ref uint a, uint b0, uint b1, uint b2, uint b3, uint b4, uint b5, uint b6, uint b7)
    {
        a ^= b0; Unsafe.Add(ref a, 1) ^= b1; Unsafe.Add(ref a, 2) ^= b2; Unsafe.Add(ref a, 3) ^= b3;
        Unsafe.Add(ref a, 4) ^= b4; Unsafe.Add(ref a, 5) ^= b5; Unsafe.Add(ref a, 6) ^= b6; Unsafe.Add(ref a, 7) ^= b7;
    }

    /// <summary>a = MULT2(a) ^ b, with b read (by the caller) before a is written.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MultiplyBy2Xor(ref uint a, uint b0, uint b1, uint b2, uint b3, uint b4, uint b5, uint b6,
        uint b7)
    {
        uint a0 = a, a1 = Unsafe.Add(ref a, 1), a2 = Unsafe.Add(ref a, 2), a3 = Unsafe.Add(ref a, 3);
        uint a4 = Unsafe.Add(ref a, 4), a5 = Unsafe.Add(ref a, 5), a6 = Unsafe.Add(ref a, 6), a7 = Unsafe.Add(ref a, 7);
        a = a7 ^ b0;
        Unsafe.Add(ref a, 1) = a0 ^ a7 ^ b1;
        Unsafe.Add(ref a, 2) = a1 ^ b2;
        Unsafe.Add(ref a, 3) = a2 ^ a7 ^ b3;
        Unsafe.Add(ref a, 4) = a3 ^ a7 ^ b4;
        Unsafe.Add(ref a, 5) = a4 ^ b5;
        Unsafe.Add(ref a, 6) = a5 ^ b6;
        Unsafe.Add(ref a, 7) = a6 ^ b7;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void MultiplyBy2(ref uint a0, ref uint a1, ref uint a2, ref uint a3, ref uint a4, ref uint a5,
        ref uint a6, ref uint a7)
    {
        uint top = a7;
        a7 = a6; a6 = a5; a5 = a4; a4 = a3 ^ top; a3 = a2 ^ top; a2 = a1; a1 = a0 ^ top; a0 = top;
    }

    /// <summary>Q_j on V_j = v[0..7]: the tweak (words 4..7 rotated left by j), then 8 steps.</summary>
    /// <remarks>Kept out of line on purpose: compiled on its own, it always has the inlining budget for its 8
    /// steps.</remarks>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static void Permute(ref uint v, int j)
    {
        uint x0 = v, x1 = Unsafe.Add(ref v, 1), x2 = Unsafe.Add(ref v, 2), x3 = Unsafe.Add(ref v, 3);
        uint x4 = Unsafe.Add(ref v, 4), x5 = Unsafe.Add(ref v, 5), x6 = Unsafe.Add(ref v, 6), x7 = Unsafe.Add(ref v, 7);
        if (j != 0)
        {
            x4 = Bits.RotateLeft(x4, j);
            x5 = Bits.RotateLeft(x5, j);
            x6 = Bits.RotateLeft(x6, j);
            x7 = Bits.RotateLeft(x7, j);
        }

        ref uint c = ref LuffaConstants.Step[16 * j];
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, c, Unsafe.Add(ref c, 1));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 2),
            Unsafe.Add(ref c, 3));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 4),
            Unsafe.Add(ref c, 5));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 6),
            Unsafe.Add(ref c, 7));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 8),
            Unsafe.Add(ref c, 9));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 10),
            Unsafe.Add(ref c, 11));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 12),
            Unsafe.Add(ref c, 13));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 14),
            Unsafe.Add(ref c, 15));

        v = x0;
        Unsafe.Add(ref v, 1) = x1;
        Unsafe.Add(ref v, 2) = x2;
        Unsafe.Add(ref v, 3) = x3;
        Unsafe.Add(ref v, 4) = x4;
        Unsafe.Add(ref v, 5) = x5;
        Unsafe.Add(ref v, 6) = x6;
        Unsafe.Add(ref v, 7) = x7;
    }

    /// <summary>
    /// One step: SubCrumb (the bitsliced 4-bit S-box, v2 gate sequence) on (x0..x3) and (x5, x6, x7, x4), MixWord
    /// (rotations 2, 14, 10, 1) on the four column pairs (x_k, x_{k+4}), then the step constants. Written out in full,
    /// with no nested calls: each call to a helper would spend the JIT's inlining budget, and a helper left out of
    /// line takes the eight words' addresses and sends them to memory.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Step(
        ref uint x0, ref uint x1, ref uint x2, ref uint x3, ref uint x4, ref uint x5, ref uint x6, ref uint x7, uint c0,
        uint c1)
    {
        uint tmp = x0;
        x0 |= x1; x2 ^= x3; x1 = ~x1; x0 ^= x3; x3 &= tmp; x1 ^= x3; x3 ^= x2; x2 &= x0;
        x0 = ~x0; x2 ^= x1; x1 |= x3; tmp ^= x1; x3 ^= x2; x2 &= x1; x1 ^= x0; x0 = tmp;

        tmp = x5;
        x5 |= x6; x7 ^= x4; x6 = ~x6; x5 ^= x4; x4 &= tmp; x6 ^= x4; x4 ^= x7; x7 &= x5;
        x5 = ~x5; x7 ^= x6; x6 |= x4; tmp ^= x6; x4 ^= x7; x7 &= x6; x6 ^= x5; x5 = tmp;

        x4 ^= x0; x0 = ((x0 << 2) | (x0 >> 30)) ^ x4; x4 = ((x4 << 14) | (x4 >> 18)) ^ x0;
        x0 = ((x0 << 10) | (x0 >> 22)) ^ x4; x4 = (x4 << 1) | (x4 >> 31);
        x5 ^= x1; x1 = ((x1 << 2) | (x1 >> 30)) ^ x5; x5 = ((x5 << 14) | (x5 >> 18)) ^ x1;
        x1 = ((x1 << 10) | (x1 >> 22)) ^ x5; x5 = (x5 << 1) | (x5 >> 31);
        x6 ^= x2; x2 = ((x2 << 2) | (x2 >> 30)) ^ x6; x6 = ((x6 << 14) | (x6 >> 18)) ^ x2;
        x2 = ((x2 << 10) | (x2 >> 22)) ^ x6; x6 = (x6 << 1) | (x6 >> 31);
        x7 ^= x3; x3 = ((x3 << 2) | (x3 >> 30)) ^ x7; x7 = ((x7 << 14) | (x7 >> 18)) ^ x3;
        x3 = ((x3 << 10) | (x3 >> 22)) ^ x7; x7 = (x7 << 1) | (x7 >> 31);

        x0 ^= c0;
        x4 ^= c1;
    }
}
