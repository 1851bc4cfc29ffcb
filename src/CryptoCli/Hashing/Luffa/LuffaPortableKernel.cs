// Luffa v2 round function, portable scalar kernel (every target framework).
// Spec: "Hash Function Luffa, Specification Ver. 2.0" (Hitachi, 2009). State: w sub-blocks V_j of 8 x uint32
// (w = 3, 4, 5 for Luffa-224/256, -384, -512); message block: 32 bytes as 8 big-endian uint32.
// One round = message injection MI_w, then the permutations Q_0 .. Q_{w-1} (tweak, 8 steps each).
// Written as Hamada (2009, PAPERS.md P3) found fastest: the eight chaining words of a sub-block (his chainv[8])
// live in locals for the whole of Q_j, and the 8-step loop is unrolled. Constant-time: no table lookups and no
// data-dependent branches.

using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli;

internal static class LuffaPortableKernel
{
    public const int BlockSizeInBytes = 32;

    /// <summary>Runs one round per 32-byte block of <paramref name="blocks"/> on <paramref name="state"/> (8w words).</summary>
    public static void CompressBlocks(Span<uint> state, int width, ReadOnlySpan<byte> blocks)
    {
        Span<uint> scratch = stackalloc uint[48]; // t[40] of the reference code, then the message words
        for (int offset = 0; offset + BlockSizeInBytes <= blocks.Length; offset += BlockSizeInBytes)
        {
            Span<uint> message = scratch.Slice(40, 8);
            for (int k = 0; k < 8; k++)
            {
                message[k] = BinaryPrimitives.ReadUInt32BigEndian(blocks.Slice(offset + 4 * k));
            }

            InjectMessage(state, width, message, scratch.Slice(0, 40));
            ref uint v = ref MemoryMarshal.GetReference(state);
            for (int j = 0; j < width; j++)
            {
                Permute(ref Unsafe.Add(ref v, 8 * j), j);
            }
        }
    }

    /// <summary>MI_w (spec 3.2): mix the sub-blocks with each other, then XOR in M, M*2, M*4, ...</summary>
    internal static void InjectMessage(Span<uint> state, int width, Span<uint> message, Span<uint> t)
    {
        for (int k = 0; k < 8; k++)
        {
            uint sum = state[k] ^ state[8 + k] ^ state[16 + k];
            for (int j = 3; j < width; j++)
            {
                sum ^= state[8 * j + k];
            }

            t[k] = sum;
        }

        MultiplyBy2(t);
        for (int j = 0; j < width; j++)
        {
            for (int k = 0; k < 8; k++)
            {
                state[8 * j + k] ^= t[k];
            }
        }

        if (width == 4)
        {
            MixWithNeighbour(state, width, 3, t);
        }
        else if (width == 5)
        {
            MixWithNeighbour(state, width, 1, t);
            MixWithNeighbour(state, width, 4, t);
        }

        for (int j = 0; j < width; j++)
        {
            for (int k = 0; k < 8; k++)
            {
                state[8 * j + k] ^= message[k];
            }

            if (j + 1 < width)
            {
                MultiplyBy2(message);
            }
        }
    }

    /// <summary>V_j = V_j * 2 XOR old V_{(j + shift) mod w}, for every j.</summary>
    private static void MixWithNeighbour(Span<uint> state, int width, int shift, Span<uint> old)
    {
        state.Slice(0, 8 * width).CopyTo(old);
        for (int j = 0; j < width; j++)
        {
            Span<uint> sub = state.Slice(8 * j, 8);
            MultiplyBy2(sub);
            Span<uint> neighbour = old.Slice(8 * ((j + shift) % width), 8);
            for (int k = 0; k < 8; k++)
            {
                sub[k] ^= neighbour[k];
            }
        }
    }

    /// <summary>Multiplication by x in GF(2^32)^8 (spec 3.2): (a7, a0^a7, a1, a2^a7, a3^a7, a4, a5, a6).</summary>
    internal static void MultiplyBy2(Span<uint> a)
    {
        uint a7 = a[7];
        a[7] = a[6];
        a[6] = a[5];
        a[5] = a[4];
        a[4] = a[3] ^ a7;
        a[3] = a[2] ^ a7;
        a[2] = a[1];
        a[1] = a[0] ^ a7;
        a[0] = a7;
    }

    /// <summary>Q_j on V_j = v[0..7]: the tweak (words 4..7 rotated left by j), then 8 steps.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
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
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 2), Unsafe.Add(ref c, 3));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 4), Unsafe.Add(ref c, 5));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 6), Unsafe.Add(ref c, 7));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 8), Unsafe.Add(ref c, 9));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 10), Unsafe.Add(ref c, 11));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 12), Unsafe.Add(ref c, 13));
        Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, Unsafe.Add(ref c, 14), Unsafe.Add(ref c, 15));

        v = x0;
        Unsafe.Add(ref v, 1) = x1;
        Unsafe.Add(ref v, 2) = x2;
        Unsafe.Add(ref v, 3) = x3;
        Unsafe.Add(ref v, 4) = x4;
        Unsafe.Add(ref v, 5) = x5;
        Unsafe.Add(ref v, 6) = x6;
        Unsafe.Add(ref v, 7) = x7;
    }

    /// <summary>One step: SubCrumb on (x0..x3) and (x5, x6, x7, x4), MixWord on the four column pairs, constants.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Step(
        ref uint x0, ref uint x1, ref uint x2, ref uint x3, ref uint x4, ref uint x5, ref uint x6, ref uint x7, uint c0, uint c1)
    {
        SubCrumb(ref x0, ref x1, ref x2, ref x3);
        SubCrumb(ref x5, ref x6, ref x7, ref x4);
        MixWord(ref x0, ref x4);
        MixWord(ref x1, ref x5);
        MixWord(ref x2, ref x6);
        MixWord(ref x3, ref x7);
        x0 ^= c0;
        x4 ^= c1;
    }

    /// <summary>The 4-bit S-box of Luffa v2, bitsliced over 32 columns (the v2 gate sequence of the reference code).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void SubCrumb(ref uint a0, ref uint a1, ref uint a2, ref uint a3)
    {
        uint tmp = a0;
        a0 |= a1;
        a2 ^= a3;
        a1 = ~a1;
        a0 ^= a3;
        a3 &= tmp;
        a1 ^= a3;
        a3 ^= a2;
        a2 &= a0;
        a0 = ~a0;
        a2 ^= a1;
        a1 |= a3;
        tmp ^= a1;
        a3 ^= a2;
        a2 &= a1;
        a1 ^= a0;
        a0 = tmp;
    }

    /// <summary>The linear MixWord of a column pair (rotations 2, 14, 10, 1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void MixWord(ref uint u, ref uint v)
    {
        v ^= u;
        u = Bits.RotateLeft(u, 2) ^ v;
        v = Bits.RotateLeft(v, 14) ^ u;
        u = Bits.RotateLeft(u, 10) ^ v;
        v = Bits.RotateLeft(v, 1);
    }
}
