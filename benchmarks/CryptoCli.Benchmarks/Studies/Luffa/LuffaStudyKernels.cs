// Luffa-512 round-function variants for the reproduction of Hamada (2009, P3 in docs/papers.md) in C#. Study-only code:
// the library keeps just the winners (LuffaPortableKernel = "both in locals", LuffaVectorKernel = SIMD).
// Spec: "Hash Function Luffa, Specification Ver. 2.0" (Hitachi, 2009); w = 5 sub-blocks of 8 x uint32.
//   Reference : chainv[40], t[40] and buffer[8] as arrays, every loop kept (Hitachi reference-code shape).
//   Unrolled  : the same arrays; the 8-step loop and the word loops of Q_j written out.
//   ChainvLocalsLoop: the arrays' message injection, Q_j with chainv in locals but the 8-step loop kept.
//   ChainvLocals: the arrays' message injection (t[40]) and the library's permutation (chainv in locals, unrolled).
//   TLocals   : Unrolled, plus message injection with t (and the saved sub-block) in locals.
//   Both      : is the library's LuffaPortableKernel itself (locals everywhere, unrolled).

using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace CryptoCli.Benchmarks;

internal static class LuffaStudyKernels
{
    private const int W = 5;
    private static readonly uint[] s_t = new uint[40];
    private static readonly uint[] s_buffer = new uint[8];
    private static readonly uint[] s_cns = LuffaConstants.Step;

    // ---- Reference: arrays and loops ----

    public static void Reference(uint[] chainv, ReadOnlySpan<byte> block)
    {
        uint[] buffer = s_buffer;
        for (int i = 0; i < 8; i++)
        {
            buffer[i] = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(4 * i));
        }

        InjectArrays(chainv, buffer, s_t);
        for (int j = 0; j < W; j++)
        {
            for (int i = 4; i < 8 && j > 0; i++)
            {
                chainv[8 * j + i] = Bits.RotateLeft(chainv[8 * j + i], j);
            }

            for (int r = 0; r < 8; r++)
            {
                SubCrumb(chainv, 8 * j, 8 * j + 1, 8 * j + 2, 8 * j + 3);
                SubCrumb(chainv, 8 * j + 5, 8 * j + 6, 8 * j + 7, 8 * j + 4);
                for (int k = 0; k < 4; k++)
                {
                    MixWord(chainv, 8 * j + k, 8 * j + k + 4);
                }

                chainv[8 * j] ^= s_cns[16 * j + 2 * r];
                chainv[8 * j + 4] ^= s_cns[16 * j + 2 * r + 1];
            }
        }
    }

    private static void InjectArrays(uint[] chainv, uint[] buffer, uint[] t)
    {
        for (int i = 0; i < 8; i++)
        {
            t[i] = 0;
            for (int j = 0; j < W; j++)
            {
                t[i] ^= chainv[8 * j + i];
            }
        }

        Mult2(t, 0);
        for (int j = 0; j < W; j++)
        {
            for (int i = 0; i < 8; i++)
            {
                chainv[8 * j + i] ^= t[i];
            }
        }

        MixArrays(chainv, t, 1);
        MixArrays(chainv, t, 4);
        for (int j = 0; j < W; j++)
        {
            for (int i = 0; i < 8; i++)
            {
                chainv[8 * j + i] ^= buffer[i];
            }

            Mult2(buffer, 0);
        }
    }

    private static void MixArrays(uint[] chainv, uint[] t, int shift)
    {
        for (int i = 0; i < 8 * W; i++)
        {
            t[i] = chainv[i];
        }

        for (int j = 0; j < W; j++)
        {
            Mult2(chainv, 8 * j);
            for (int i = 0; i < 8; i++)
            {
                chainv[8 * j + i] ^= t[8 * ((j + shift) % W) + i];
            }
        }
    }

    private static void Mult2(uint[] a, int o)
    {
        uint top = a[o + 7];
        a[o + 7] = a[o + 6];
        a[o + 6] = a[o + 5];
        a[o + 5] = a[o + 4];
        a[o + 4] = a[o + 3] ^ top;
        a[o + 3] = a[o + 2] ^ top;
        a[o + 2] = a[o + 1];
        a[o + 1] = a[o] ^ top;
        a[o] = top;
    }

    private static void SubCrumb(uint[] a, int i0, int i1, int i2, int i3)
    {
        uint tmp = a[i0];
        a[i0] |= a[i1];
        a[i2] ^= a[i3];
        a[i1] = ~a[i1];
        a[i0] ^= a[i3];
        a[i3] &= tmp;
        a[i1] ^= a[i3];
        a[i3] ^= a[i2];
        a[i2] &= a[i0];
        a[i0] = ~a[i0];
        a[i2] ^= a[i1];
        a[i1] |= a[i3];
        tmp ^= a[i1];
        a[i3] ^= a[i2];
        a[i2] &= a[i1];
        a[i1] ^= a[i0];
        a[i0] = tmp;
    }

    private static void MixWord(uint[] a, int iu, int iv)
    {
        a[iv] ^= a[iu];
        a[iu] = Bits.RotateLeft(a[iu], 2) ^ a[iv];
        a[iv] = Bits.RotateLeft(a[iv], 14) ^ a[iu];
        a[iu] = Bits.RotateLeft(a[iu], 10) ^ a[iv];
        a[iv] = Bits.RotateLeft(a[iv], 1);
    }

    // ---- Unrolled: same arrays, straight-line permutation ----

    public static void Unrolled(uint[] chainv, ReadOnlySpan<byte> block)
    {
        uint[] buffer = s_buffer;
        for (int i = 0; i < 8; i++)
        {
            buffer[i] = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(4 * i));
        }

        InjectArrays(chainv, buffer, s_t);
        PermuteArraysUnrolled(chainv);
    }

    private static void PermuteArraysUnrolled(uint[] chainv)
    {
        for (int j = 0; j < W; j++)
        {
            int o = 8 * j;
            if (j > 0)
            {
                chainv[o + 4] = Bits.RotateLeft(chainv[o + 4], j);
                chainv[o + 5] = Bits.RotateLeft(chainv[o + 5], j);
                chainv[o + 6] = Bits.RotateLeft(chainv[o + 6], j);
                chainv[o + 7] = Bits.RotateLeft(chainv[o + 7], j);
            }

            int c = 16 * j;
            StepArray(chainv, o, s_cns[c], s_cns[c + 1]);
            StepArray(chainv, o, s_cns[c + 2], s_cns[c + 3]);
            StepArray(chainv, o, s_cns[c + 4], s_cns[c + 5]);
            StepArray(chainv, o, s_cns[c + 6], s_cns[c + 7]);
            StepArray(chainv, o, s_cns[c + 8], s_cns[c + 9]);
            StepArray(chainv, o, s_cns[c + 10], s_cns[c + 11]);
            StepArray(chainv, o, s_cns[c + 12], s_cns[c + 13]);
            StepArray(chainv, o, s_cns[c + 14], s_cns[c + 15]);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StepArray(uint[] a, int o, uint c0, uint c1)
    {
        SubCrumbInline(a, o, o + 1, o + 2, o + 3);
        SubCrumbInline(a, o + 5, o + 6, o + 7, o + 4);
        MixWordInline(a, o, o + 4);
        MixWordInline(a, o + 1, o + 5);
        MixWordInline(a, o + 2, o + 6);
        MixWordInline(a, o + 3, o + 7);
        a[o] ^= c0;
        a[o + 4] ^= c1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SubCrumbInline(uint[] a, int i0, int i1, int i2, int i3) => SubCrumb(a, i0, i1, i2, i3);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MixWordInline(uint[] a, int iu, int iv) => MixWord(a, iu, iv);

    // ---- t in locals ----

    public static void TLocals(uint[] chainv, ReadOnlySpan<byte> block)
    {
        InjectLocals(chainv, block);
        PermuteArraysUnrolled(chainv);
    }

    // ---- chainv in locals, step loop kept (P3's "chainv[8] made scalars" row, same code size as -O3) ----

    public static void ChainvLocalsLoop(uint[] chainv, ReadOnlySpan<byte> block)
    {
        uint[] buffer = s_buffer;
        for (int i = 0; i < 8; i++)
        {
            buffer[i] = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(4 * i));
        }

        InjectArrays(chainv, buffer, s_t);
        for (int j = 0; j < W; j++)
        {
            PermuteLocalsLoop(chainv, j);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void PermuteLocalsLoop(uint[] v, int j)
    {
        int o = 8 * j;
        uint x0 = v[o], x1 = v[o + 1], x2 = v[o + 2], x3 = v[o + 3], x4 = v[o + 4], x5 = v[o + 5], x6 = v[o + 6], x7 = v[o + 7];
        if (j > 0)
        {
            x4 = Bits.RotateLeft(x4, j);
            x5 = Bits.RotateLeft(x5, j);
            x6 = Bits.RotateLeft(x6, j);
            x7 = Bits.RotateLeft(x7, j);
        }

        for (int r = 0; r < 16; r += 2)
        {
            LuffaPortableKernel.Step(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, s_cns[16 * j + r], s_cns[16 * j + r + 1]);
        }

        v[o] = x0; v[o + 1] = x1; v[o + 2] = x2; v[o + 3] = x3; v[o + 4] = x4; v[o + 5] = x5; v[o + 6] = x6; v[o + 7] = x7;
    }

    // ---- chainv in locals, unrolled (t[40] still an array) ----

    public static void ChainvLocals(uint[] chainv, ReadOnlySpan<byte> block)
    {
        uint[] buffer = s_buffer;
        for (int i = 0; i < 8; i++)
        {
            buffer[i] = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(4 * i));
        }

        InjectArrays(chainv, buffer, s_t);
        for (int j = 0; j < W; j++)
        {
            LuffaPortableKernel.Permute(ref chainv[8 * j], j);
        }
    }

    /// <summary>MI_5 with t and the saved sub-block in locals (neighbour mixes done in place, in a safe order).</summary>
    private static void InjectLocals(uint[] v, ReadOnlySpan<byte> block)
    {
        uint t0 = v[0] ^ v[8] ^ v[16] ^ v[24] ^ v[32], t1 = v[1] ^ v[9] ^ v[17] ^ v[25] ^ v[33];
        uint t2 = v[2] ^ v[10] ^ v[18] ^ v[26] ^ v[34], t3 = v[3] ^ v[11] ^ v[19] ^ v[27] ^ v[35];
        uint t4 = v[4] ^ v[12] ^ v[20] ^ v[28] ^ v[36], t5 = v[5] ^ v[13] ^ v[21] ^ v[29] ^ v[37];
        uint t6 = v[6] ^ v[14] ^ v[22] ^ v[30] ^ v[38], t7 = v[7] ^ v[15] ^ v[23] ^ v[31] ^ v[39];
        Mult2(ref t0, ref t1, ref t2, ref t3, ref t4, ref t5, ref t6, ref t7);
        for (int o = 0; o < 40; o += 8)
        {
            v[o] ^= t0; v[o + 1] ^= t1; v[o + 2] ^= t2; v[o + 3] ^= t3;
            v[o + 4] ^= t4; v[o + 5] ^= t5; v[o + 6] ^= t6; v[o + 7] ^= t7;
        }

        // V_j = V_j*2 ^ old V_{j+1}: ascending j reads V_{j+1} before it changes; V4 takes the saved V0.
        t0 = v[0]; t1 = v[1]; t2 = v[2]; t3 = v[3]; t4 = v[4]; t5 = v[5]; t6 = v[6]; t7 = v[7];
        for (int o = 0; o < 32; o += 8)
        {
            Mult2Xor(v, o, v[o + 8], v[o + 9], v[o + 10], v[o + 11], v[o + 12], v[o + 13], v[o + 14], v[o + 15]);
        }

        Mult2Xor(v, 32, t0, t1, t2, t3, t4, t5, t6, t7);

        // V_j = V_j*2 ^ old V_{j-1}: descending j; V0 takes the saved V4.
        t0 = v[32]; t1 = v[33]; t2 = v[34]; t3 = v[35]; t4 = v[36]; t5 = v[37]; t6 = v[38]; t7 = v[39];
        for (int o = 32; o > 0; o -= 8)
        {
            Mult2Xor(v, o, v[o - 8], v[o - 7], v[o - 6], v[o - 5], v[o - 4], v[o - 3], v[o - 2], v[o - 1]);
        }

        Mult2Xor(v, 0, t0, t1, t2, t3, t4, t5, t6, t7);

        uint m0 = BinaryPrimitives.ReadUInt32BigEndian(block), m1 = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(4));
        uint m2 = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(8)), m3 = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(12));
        uint m4 = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(16)), m5 = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(20));
        uint m6 = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(24)), m7 = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(28));
        for (int o = 0; o < 40; o += 8)
        {
            v[o] ^= m0; v[o + 1] ^= m1; v[o + 2] ^= m2; v[o + 3] ^= m3;
            v[o + 4] ^= m4; v[o + 5] ^= m5; v[o + 6] ^= m6; v[o + 7] ^= m7;
            Mult2(ref m0, ref m1, ref m2, ref m3, ref m4, ref m5, ref m6, ref m7);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Mult2Xor(uint[] v, int o, uint b0, uint b1, uint b2, uint b3, uint b4, uint b5, uint b6, uint b7)
    {
        uint a0 = v[o], a1 = v[o + 1], a2 = v[o + 2], a3 = v[o + 3], a4 = v[o + 4], a5 = v[o + 5], a6 = v[o + 6], a7 = v[o + 7];
        v[o] = a7 ^ b0;
        v[o + 1] = a0 ^ a7 ^ b1;
        v[o + 2] = a1 ^ b2;
        v[o + 3] = a2 ^ a7 ^ b3;
        v[o + 4] = a3 ^ a7 ^ b4;
        v[o + 5] = a4 ^ b5;
        v[o + 6] = a5 ^ b6;
        v[o + 7] = a6 ^ b7;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Mult2(ref uint a0, ref uint a1, ref uint a2, ref uint a3, ref uint a4, ref uint a5, ref uint a6, ref uint a7)
    {
        uint top = a7;
        a7 = a6; a6 = a5; a5 = a4; a4 = a3 ^ top; a3 = a2 ^ top; a2 = a1; a1 = a0 ^ top; a0 = top;
    }
}
