// Haraka v2 on 128-bit AES instructions, written once over an AES-round backend (AesRoundX86 = AES-NI,
// AesRoundArm = ARMv8 AESE/AESMC) and specialised by the JIT. One call has 2 (Haraka-256) or 4 (Haraka-512)
// independent lanes; AESENC has a latency of several cycles and cores with two AES units issue two per cycle, so
// the batched entry points interleave inputs to keep eight AES rounds in flight: four Haraka-256 or two Haraka-512
// inputs at a time (more would spill registers on x64). Haraka256x8 and Haraka512x4 are kept as kernels of their own
// for the tests and comparison. Constant-time.
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace CryptoCli;

/// <summary>The Haraka kernel over one AES-round backend (registered once per instruction set).</summary>
internal sealed class HarakaVectorKernel<TAes> : HarakaKernel
    where TAes : struct, IAesRound
{
    public static readonly HarakaVectorKernel<TAes> Instance = new();

    private HarakaVectorKernel()
    {
    }

    public override string Name => typeof(TAes) == typeof(AesRoundX86) ? "aesni" : "armv8";

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public override void Haraka256(ReadOnlySpan<byte> input, Span<byte> output) =>
        HarakaVector<TAes>.Haraka256(ref MemoryMarshal.GetReference(input), ref MemoryMarshal.GetReference(output));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public override void Haraka512(ReadOnlySpan<byte> input, Span<byte> output) =>
        HarakaVector<TAes>.Haraka512(ref MemoryMarshal.GetReference(input), ref MemoryMarshal.GetReference(output));

    public override void Hash(ReadOnlySpan<byte> input, Span<byte> output, int count, int inputSize) =>
        HarakaVector<TAes>.Hash(input, output, count, inputSize);
}

internal static class HarakaVector<TAes>
    where TAes : struct, IAesRound
{
    public static void Hash(ReadOnlySpan<byte> input, Span<byte> output, int count, int inputSize)
    {
        ref byte src = ref MemoryMarshal.GetReference(input);
        ref byte dst = ref MemoryMarshal.GetReference(output);
        int i = 0;
        if (inputSize == Haraka.Haraka256InputSizeInBytes)
        {
            // Four inputs = eight lanes fill both AES units; eight inputs (16 states) would spill on x64's
            // 16 registers.
            for (; i <= count - 4; i += 4)
            {
                Haraka256x4(ref Unsafe.Add(ref src, 32 * i), ref Unsafe.Add(ref dst, 32 * i));
            }

            for (; i < count; i++)
            {
                Haraka256(ref Unsafe.Add(ref src, 32 * i), ref Unsafe.Add(ref dst, 32 * i));
            }
        }
        else
        {
            // Two inputs = eight lanes fill both AES units; four (16 states plus temporaries) spill on x64's
            // 16 registers.
            for (; i <= count - 2; i += 2)
            {
                Haraka512x2(ref Unsafe.Add(ref src, 64 * i), ref Unsafe.Add(ref dst, 32 * i));
            }

            for (; i < count; i++)
            {
                Haraka512(ref Unsafe.Add(ref src, 64 * i), ref Unsafe.Add(ref dst, 32 * i));
            }
        }
    }

    /// <summary>
    /// One Haraka-256. Inlined into the public single call, and unrolled by hand (the JIT keeps a five-trip loop), so
    /// that a call is the 20 AESENCs with their constants as memory operands and nothing else.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Haraka256(ref byte input, ref byte output)
    {
        ref Vector128<byte> rc = ref RoundConstants;
        Vector128<byte> in0 = Load(ref input, 0), in1 = Load(ref input, 1);
        Vector128<byte> s0 = in0, s1 = in1;
        Round256(ref s0, ref s1, ref rc);
        Round256(ref s0, ref s1, ref Unsafe.Add(ref rc, 4));
        Round256(ref s0, ref s1, ref Unsafe.Add(ref rc, 8));
        Round256(ref s0, ref s1, ref Unsafe.Add(ref rc, 12));
        Round256(ref s0, ref s1, ref Unsafe.Add(ref rc, 16));
        Store(ref output, 0, s0 ^ in0);
        Store(ref output, 1, s1 ^ in1);
    }

    public static void Haraka256x4(ref byte input, ref byte output)
    {
        ref Vector128<byte> rc = ref RoundConstants;
        Vector128<byte> a0 = Load(ref input, 0), a1 = Load(ref input, 1), b0 = Load(ref input, 2),
            b1 = Load(ref input, 3);
        Vector128<byte> c0 = Load(ref input, 4), c1 = Load(ref input, 5), d0 = Load(ref input, 6),
            d1 = Load(ref input, 7);
        for (int t = 0; t < 5; t++)
        {
            ref Vector128<byte> k = ref Unsafe.Add(ref rc, 4 * t);
            for (int m = 0; m < 2; m++)
            {
                Vector128<byte> k0 = Unsafe.Add(ref k, 2 * m), k1 = Unsafe.Add(ref k, 2 * m + 1);
                a0 = TAes.Encrypt(a0, k0); b0 = TAes.Encrypt(b0, k0);
                c0 = TAes.Encrypt(c0, k0); d0 = TAes.Encrypt(d0, k0);
                a1 = TAes.Encrypt(a1, k1); b1 = TAes.Encrypt(b1, k1);
                c1 = TAes.Encrypt(c1, k1); d1 = TAes.Encrypt(d1, k1);
            }

            Mix2(ref a0, ref a1); Mix2(ref b0, ref b1); Mix2(ref c0, ref c1); Mix2(ref d0, ref d1);
        }

        // Feed-forward reloads the inputs (all were read before any store, so in-place works).
        Store(ref output, 0, a0 ^ Load(ref input, 0)); Store(ref output, 1, a1 ^ Load(ref input, 1));
        Store(ref output, 2, b0 ^ Load(ref input, 2)); Store(ref output, 3, b1 ^ Load(ref input, 3));
        Store(ref output, 4, c0 ^ Load(ref input, 4)); Store(ref output, 5, c1 ^ Load(ref input, 5));
        Store(ref output, 6, d0 ^ Load(ref input, 6)); Store(ref output, 7, d1 ^ Load(ref input, 7));
    }

    public static void Haraka256x8(ref byte input, ref byte output)
    {
        ref Vector128<byte> rc = ref RoundConstants;
        Vector128<byte> a0 = Load(ref input, 0), a1 = Load(ref input, 1), b0 = Load(ref input, 2),
            b1 = Load(ref input, 3);
        Vector128<byte> c0 = Load(ref input, 4), c1 = Load(ref input, 5), d0 = Load(ref input, 6),
            d1 = Load(ref input, 7);
        Vector128<byte> e0 = Load(ref input, 8), e1 = Load(ref input, 9), f0 = Load(ref input, 10),
            f1 = Load(ref input, 11);
        Vector128<byte> g0 = Load(ref input, 12), g1 = Load(ref input, 13), h0 = Load(ref input, 14),
            h1 = Load(ref input, 15);
        for (int t = 0; t < 5; t++)
        {
            ref Vector128<byte> k = ref Unsafe.Add(ref rc, 4 * t);
            for (int m = 0; m < 2; m++)
            {
                // Keys are read from memory at each use: AESENC takes a memory operand, and no register is spare.
                ref Vector128<byte> k0 = ref Unsafe.Add(ref k, 2 * m);
                ref Vector128<byte> k1 = ref Unsafe.Add(ref k, 2 * m + 1);
                a0 = TAes.Encrypt(a0, k0); b0 = TAes.Encrypt(b0, k0);
                c0 = TAes.Encrypt(c0, k0); d0 = TAes.Encrypt(d0, k0);
                e0 = TAes.Encrypt(e0, k0); f0 = TAes.Encrypt(f0, k0);
                g0 = TAes.Encrypt(g0, k0); h0 = TAes.Encrypt(h0, k0);
                a1 = TAes.Encrypt(a1, k1); b1 = TAes.Encrypt(b1, k1);
                c1 = TAes.Encrypt(c1, k1); d1 = TAes.Encrypt(d1, k1);
                e1 = TAes.Encrypt(e1, k1); f1 = TAes.Encrypt(f1, k1);
                g1 = TAes.Encrypt(g1, k1); h1 = TAes.Encrypt(h1, k1);
            }

            Mix2(ref a0, ref a1); Mix2(ref b0, ref b1); Mix2(ref c0, ref c1); Mix2(ref d0, ref d1);
            Mix2(ref e0, ref e1); Mix2(ref f0, ref f1); Mix2(ref g0, ref g1); Mix2(ref h0, ref h1);
        }

        Store(ref output, 0, a0 ^ Load(ref input, 0)); Store(ref output, 1, a1 ^ Load(ref input, 1));
        Store(ref output, 2, b0 ^ Load(ref input, 2)); Store(ref output, 3, b1 ^ Load(ref input, 3));
        Store(ref output, 4, c0 ^ Load(ref input, 4)); Store(ref output, 5, c1 ^ Load(ref input, 5));
        Store(ref output, 6, d0 ^ Load(ref input, 6)); Store(ref output, 7, d1 ^ Load(ref input, 7));
        Store(ref output, 8, e0 ^ Load(ref input, 8)); Store(ref output, 9, e1 ^ Load(ref input, 9));
        Store(ref output, 10, f0 ^ Load(ref input, 10)); Store(ref output, 11, f1 ^ Load(ref input, 11));
        Store(ref output, 12, g0 ^ Load(ref input, 12)); Store(ref output, 13, g1 ^ Load(ref input, 13));
        Store(ref output, 14, h0 ^ Load(ref input, 14)); Store(ref output, 15, h1 ^ Load(ref input, 15));
    }

    /// <summary>One Haraka-512, inlined and unrolled as <see cref="Haraka256"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Haraka512(ref byte input, ref byte output)
    {
        ref Vector128<byte> rc = ref RoundConstants;
        Vector128<byte> s0 = Load(ref input, 0), s1 = Load(ref input, 1), s2 = Load(ref input, 2),
            s3 = Load(ref input, 3);
        Round512(ref s0, ref s1, ref s2, ref s3, ref rc);
        Round512(ref s0, ref s1, ref s2, ref s3, ref Unsafe.Add(ref rc, 8));
        Round512(ref s0, ref s1, ref s2, ref s3, ref Unsafe.Add(ref rc, 16));
        Round512(ref s0, ref s1, ref s2, ref s3, ref Unsafe.Add(ref rc, 24));
        Round512(ref s0, ref s1, ref s2, ref s3, ref Unsafe.Add(ref rc, 32));
        Truncate(s0 ^ Load(ref input, 0), s1 ^ Load(ref input, 1), s2 ^ Load(ref input, 2), s3 ^ Load(ref input, 3),
            ref output);
    }

    public static void Haraka512x2(ref byte input, ref byte output)
    {
        ref Vector128<byte> rc = ref RoundConstants;
        Vector128<byte> a0 = Load(ref input, 0), a1 = Load(ref input, 1), a2 = Load(ref input, 2),
            a3 = Load(ref input, 3);
        Vector128<byte> b0 = Load(ref input, 4), b1 = Load(ref input, 5), b2 = Load(ref input, 6),
            b3 = Load(ref input, 7);
        for (int t = 0; t < 5; t++)
        {
            for (int m = 0; m < 2; m++)
            {
                ref Vector128<byte> k = ref Unsafe.Add(ref rc, 8 * t + 4 * m);
                a0 = TAes.Encrypt(a0, k); b0 = TAes.Encrypt(b0, k);
                a1 = TAes.Encrypt(a1, Unsafe.Add(ref k, 1)); b1 = TAes.Encrypt(b1, Unsafe.Add(ref k, 1));
                a2 = TAes.Encrypt(a2, Unsafe.Add(ref k, 2)); b2 = TAes.Encrypt(b2, Unsafe.Add(ref k, 2));
                a3 = TAes.Encrypt(a3, Unsafe.Add(ref k, 3)); b3 = TAes.Encrypt(b3, Unsafe.Add(ref k, 3));
            }

            Mix4(ref a0, ref a1, ref a2, ref a3);
            Mix4(ref b0, ref b1, ref b2, ref b3);
        }

        // All inputs are read before the first store, so outputs may start at the inputs.
        Vector128<byte> i0 = Load(ref input, 0), i1 = Load(ref input, 1), i2 = Load(ref input, 2),
            i3 = Load(ref input, 3);
        Vector128<byte> j0 = Load(ref input, 4), j1 = Load(ref input, 5), j2 = Load(ref input, 6),
            j3 = Load(ref input, 7);
        Truncate(a0 ^ i0, a1 ^ i1, a2 ^ i2, a3 ^ i3, ref output);
        Truncate(b0 ^ j0, b1 ^ j1, b2 ^ j2, b3 ^ j3, ref Unsafe.Add(ref output, 32));
    }

    public static void Haraka512x4(ref byte input, ref byte output)
    {
        ref Vector128<byte> rc = ref RoundConstants;
        Vector128<byte> a0 = Load(ref input, 0), a1 = Load(ref input, 1), a2 = Load(ref input, 2),
            a3 = Load(ref input, 3);
        Vector128<byte> b0 = Load(ref input, 4), b1 = Load(ref input, 5), b2 = Load(ref input, 6),
            b3 = Load(ref input, 7);
        Vector128<byte> c0 = Load(ref input, 8), c1 = Load(ref input, 9), c2 = Load(ref input, 10),
            c3 = Load(ref input, 11);
        Vector128<byte> d0 = Load(ref input, 12), d1 = Load(ref input, 13), d2 = Load(ref input, 14),
            d3 = Load(ref input, 15);
        for (int t = 0; t < 5; t++)
        {
            for (int m = 0; m < 2; m++)
            {
                ref Vector128<byte> k = ref Unsafe.Add(ref rc, 8 * t + 4 * m);
                a0 = TAes.Encrypt(a0, k); b0 = TAes.Encrypt(b0, k); c0 = TAes.Encrypt(c0, k); d0 = TAes.Encrypt(d0, k);
                k = ref Unsafe.Add(ref k, 1);
                a1 = TAes.Encrypt(a1, k); b1 = TAes.Encrypt(b1, k); c1 = TAes.Encrypt(c1, k); d1 = TAes.Encrypt(d1, k);
                k = ref Unsafe.Add(ref k, 1);
                a2 = TAes.Encrypt(a2, k); b2 = TAes.Encrypt(b2, k); c2 = TAes.Encrypt(c2, k); d2 = TAes.Encrypt(d2, k);
                k = ref Unsafe.Add(ref k, 1);
                a3 = TAes.Encrypt(a3, k); b3 = TAes.Encrypt(b3, k); c3 = TAes.Encrypt(c3, k); d3 = TAes.Encrypt(d3, k);
            }

            Mix4(ref a0, ref a1, ref a2, ref a3); Mix4(ref b0, ref b1, ref b2, ref b3);
            Mix4(ref c0, ref c1, ref c2, ref c3); Mix4(ref d0, ref d1, ref d2, ref d3);
        }

        // All inputs were read before the first store, so outputs may start at the inputs.
        Vector128<byte> i0 = Load(ref input, 0), i1 = Load(ref input, 1), i2 = Load(ref input, 2),
            i3 = Load(ref input, 3);
        Vector128<byte> j0 = Load(ref input, 4), j1 = Load(ref input, 5), j2 = Load(ref input, 6),
            j3 = Load(ref input, 7);
        Vector128<byte> l0 = Load(ref input, 8), l1 = Load(ref input, 9), l2 = Load(ref input, 10),
            l3 = Load(ref input, 11);
        Vector128<byte> n0 = Load(ref input, 12), n1 = Load(ref input, 13), n2 = Load(ref input, 14),
            n3 = Load(ref input, 15);
        Truncate(a0 ^ i0, a1 ^ i1, a2 ^ i2, a3 ^ i3, ref output);
        Truncate(b0 ^ j0, b1 ^ j1, b2 ^ j2, b3 ^ j3, ref Unsafe.Add(ref output, 32));
        Truncate(c0 ^ l0, c1 ^ l1, c2 ^ l2, c3 ^ l3, ref Unsafe.Add(ref output, 64));
        Truncate(d0 ^ n0, d1 ^ n1, d2 ^ n2, d3 ^ n3, ref Unsafe.Add(ref output, 96));
    }

    /// <summary>
    /// One Haraka-256 round: two AES rounds per lane with RC[4t..4t+3] at <paramref name="k"/>, then pi8u.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round256(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> k)
    {
        s0 = TAes.Encrypt(s0, k);
        s1 = TAes.Encrypt(s1, Unsafe.Add(ref k, 1));
        s0 = TAes.Encrypt(s0, Unsafe.Add(ref k, 2));
        s1 = TAes.Encrypt(s1, Unsafe.Add(ref k, 3));
        Mix2(ref s0, ref s1);
    }

    /// <summary>
    /// One Haraka-512 round: two AES rounds per lane with RC[8t..8t+7] at <paramref name="k"/>, then pi16u.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round512(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3, ref Vector128<byte> k)
    {
        s0 = TAes.Encrypt(s0, k); s1 = TAes.Encrypt(s1, Unsafe.Add(ref k, 1));
        s2 = TAes.Encrypt(s2, Unsafe.Add(ref k, 2)); s3 = TAes.Encrypt(s3, Unsafe.Add(ref k, 3));
        s0 = TAes.Encrypt(s0, Unsafe.Add(ref k, 4)); s1 = TAes.Encrypt(s1, Unsafe.Add(ref k, 5));
        s2 = TAes.Encrypt(s2, Unsafe.Add(ref k, 6)); s3 = TAes.Encrypt(s3, Unsafe.Add(ref k, 7));
        Mix4(ref s0, ref s1, ref s2, ref s3);
    }

    /// <summary>pi8u: (s0, s1) = (unpacklo32(s0, s1), unpackhi32(s0, s1)).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Mix2(ref Vector128<byte> s0, ref Vector128<byte> s1)
    {
        Vector128<byte> low = TAes.UnpackLow32(s0, s1);
        s1 = TAes.UnpackHigh32(s0, s1);
        s0 = low;
    }

    /// <summary>pi16u as the designers' MIX4 (eight unpacks).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Mix4(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
    {
        Vector128<byte> t01Low = TAes.UnpackLow32(s0, s1);
        Vector128<byte> t01High = TAes.UnpackHigh32(s0, s1);
        Vector128<byte> t23Low = TAes.UnpackLow32(s2, s3);
        Vector128<byte> t23High = TAes.UnpackHigh32(s2, s3);
        s3 = TAes.UnpackLow32(t01High, t23High);
        s0 = TAes.UnpackHigh32(t01High, t23High);
        s2 = TAes.UnpackHigh32(t23Low, t01Low);
        s1 = TAes.UnpackLow32(t23Low, t01Low);
    }

    /// <summary>Haraka-512's output: bytes 8..15 of s0 and s1, then bytes 0..7 of s2 and s3.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Truncate(Vector128<byte> s0, Vector128<byte> s1, Vector128<byte> s2, Vector128<byte> s3,
        ref byte output)
    {
        Unsafe.WriteUnaligned(ref output, s0.AsUInt64().GetElement(1));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref output, 8), s1.AsUInt64().GetElement(1));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref output, 16), s2.AsUInt64().GetElement(0));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref output, 24), s3.AsUInt64().GetElement(0));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Load(ref byte source, int lane) =>
        Vector128.LoadUnsafe(ref source, (nuint)(16 * lane));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store(ref byte destination, int lane, Vector128<byte> value) =>
        value.StoreUnsafe(ref destination, (nuint)(16 * lane));

    /// <summary>
    /// RC[0], followed by RC[1..39]: HarakaConstants' words read as vectors in memory order (RC[i] = words 4i..4i+3).
    /// Constant data of the assembly, so the address is a constant in optimised code at every tier and in NativeAOT,
    /// with no class-initialisation check; the AES instructions take the constants as (unaligned) memory operands.
    /// </summary>
    private static ref Vector128<byte> RoundConstants
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => ref Unsafe.As<uint, Vector128<byte>>(ref MemoryMarshal.GetReference(HarakaConstants.RoundConstants));
    }
}
