// Camellia byte-sliced kernel, 32-block variant: the 16-block design of Camellia.X86.cs in 256-bit registers.
// AVX2 does the byte-wise work (affine maps, P, FL) for 32 blocks per instruction; AESENCLAST/AESDECLAST run on each
// 128-bit half, since .NET 10 exposes no 256-bit VAES intrinsics (libgcrypt's camellia-aesni-avx2 does the same).
// Register r holds blocks 2r and 2r+1 when loaded; every shuffle and unpack of AVX2 works within 128-bit halves,
// so the low halves carry the even blocks and the high halves the odd ones through the whole computation.
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli;

internal sealed partial class CamelliaAesNiKernel
{
    /// <summary>Encrypts (or decrypts, with decryption-ordered keys) 32 blocks; input and output may be the same memory.</summary>
    private static void Process32(ref Vector256<byte> k, int groups, ref byte input, ref byte output, System.Span<Vector256<byte>> state)
    {
        ref Vector256<byte> s = ref MemoryMarshal.GetReference(state);
        Transpose32(ref input, ref s);
        ref Vector256<byte> d1 = ref s;
        ref Vector256<byte> d2 = ref Unsafe.Add(ref s, 8);
        for (int j = 0; j < 8; j++)
        {
            Unsafe.Add(ref d1, j) ^= Unsafe.Add(ref k, j);
            Unsafe.Add(ref d2, j) ^= Unsafe.Add(ref k, 8 + j);
        }

        for (int j = 0; j < 8; j++)
        {
            Unsafe.Add(ref d2, j) = Avx2.Shuffle(Unsafe.Add(ref d2, j), Constants256.ShiftRows);
        }

        k = ref Unsafe.Add(ref k, 16);
        for (int group = 0; group < groups; group++)
        {
            if (group != 0)
            {
                FL(ref d1, ref k);
                FLInverse(ref d2, ref Unsafe.Add(ref k, 8));
                k = ref Unsafe.Add(ref k, 16);
            }

            Round(ref d1, ref d2, ref k, inverse: false);
            Round(ref d2, ref d1, ref Unsafe.Add(ref k, 8), inverse: true);
            Round(ref d1, ref d2, ref Unsafe.Add(ref k, 16), inverse: false);
            Round(ref d2, ref d1, ref Unsafe.Add(ref k, 24), inverse: true);
            Round(ref d1, ref d2, ref Unsafe.Add(ref k, 32), inverse: false);
            Round(ref d2, ref d1, ref Unsafe.Add(ref k, 40), inverse: true);
            k = ref Unsafe.Add(ref k, 48);
        }

        for (int j = 0; j < 8; j++)
        {
            Vector256<byte> left = Avx2.Shuffle(Unsafe.Add(ref d2, j), Constants256.InverseShiftRows) ^ Unsafe.Add(ref k, j);
            Vector256<byte> right = Unsafe.Add(ref d1, j) ^ Unsafe.Add(ref k, 8 + j);
            Unsafe.Add(ref d1, j) = left;
            Unsafe.Add(ref d2, j) = right;
        }

        Untranspose32(ref s, ref output);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref Vector256<byte> d1, ref Vector256<byte> d2, ref Vector256<byte> k, bool inverse)
    {
        Vector256<byte> high1 = inverse ? Constants256.PreDecHigh1 : Constants256.PreHigh1;
        Vector256<byte> high4 = inverse ? Constants256.PreDecHigh4 : Constants256.PreHigh4;
        Vector256<byte> postLow1 = inverse ? Constants256.PostDecLow1 : Constants256.PostLow1, postHigh1 = inverse ? Constants256.PostDecHigh1 : Constants256.PostHigh1;
        Vector256<byte> postLow2 = inverse ? Constants256.PostDecLow2 : Constants256.PostLow2, postHigh2 = inverse ? Constants256.PostDecHigh2 : Constants256.PostHigh2;
        Vector256<byte> postLow3 = inverse ? Constants256.PostDecLow3 : Constants256.PostLow3, postHigh3 = inverse ? Constants256.PostDecHigh3 : Constants256.PostHigh3;
        Vector256<byte> t0 = SBox(d1, k, high1, postLow1, postHigh1, inverse);
        Vector256<byte> t1 = SBox(Unsafe.Add(ref d1, 1), Unsafe.Add(ref k, 1), high1, postLow2, postHigh2, inverse);
        Vector256<byte> t2 = SBox(Unsafe.Add(ref d1, 2), Unsafe.Add(ref k, 2), high1, postLow3, postHigh3, inverse);
        Vector256<byte> t3 = SBox(Unsafe.Add(ref d1, 3), Unsafe.Add(ref k, 3), high4, postLow1, postHigh1, inverse);
        Vector256<byte> t4 = SBox(Unsafe.Add(ref d1, 4), Unsafe.Add(ref k, 4), high1, postLow2, postHigh2, inverse);
        Vector256<byte> t5 = SBox(Unsafe.Add(ref d1, 5), Unsafe.Add(ref k, 5), high1, postLow3, postHigh3, inverse);
        Vector256<byte> t6 = SBox(Unsafe.Add(ref d1, 6), Unsafe.Add(ref k, 6), high4, postLow1, postHigh1, inverse);
        Vector256<byte> t7 = SBox(Unsafe.Add(ref d1, 7), Unsafe.Add(ref k, 7), high1, postLow1, postHigh1, inverse);

        // P, as in the 16-block Round.
        Vector256<byte> sum = t0 ^ t1 ^ t2 ^ t3;
        Vector256<byte> q = t4 ^ t5 ^ t6 ^ t7;
        Vector256<byte> a0 = sum ^ t1, a1 = sum ^ t2, a2 = sum ^ t3, a3 = sum ^ t0;
        Vector256<byte> y0 = a0 ^ q ^ t4, y1 = a1 ^ q ^ t5, y2 = a2 ^ q ^ t6, y3 = a3 ^ q ^ t7;
        d2 ^= y0;
        Unsafe.Add(ref d2, 1) ^= y1;
        Unsafe.Add(ref d2, 2) ^= y2;
        Unsafe.Add(ref d2, 3) ^= y3;
        Unsafe.Add(ref d2, 4) ^= y0 ^ a3;
        Unsafe.Add(ref d2, 5) ^= y1 ^ a0;
        Unsafe.Add(ref d2, 6) ^= y2 ^ a1;
        Unsafe.Add(ref d2, 7) ^= y3 ^ a2;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<byte> SBox(Vector256<byte> x, Vector256<byte> keyedLow, Vector256<byte> preHigh, Vector256<byte> postLow, Vector256<byte> postHigh, bool inverse)
    {
        Vector256<byte> nibble = Vector256.Create((byte)0x0F);
        Vector256<byte> y = Avx2.Shuffle(keyedLow, x & nibble) ^ Avx2.Shuffle(preHigh, Avx2.ShiftRightLogical(x.AsUInt16(), 4).AsByte() & nibble);
        y = inverse
            ? Vector256.Create(X86Aes.DecryptLast(y.GetLower(), Vector128<byte>.Zero), X86Aes.DecryptLast(y.GetUpper(), Vector128<byte>.Zero))
            : Vector256.Create(X86Aes.EncryptLast(y.GetLower(), Vector128<byte>.Zero), X86Aes.EncryptLast(y.GetUpper(), Vector128<byte>.Zero));
        return Avx2.Shuffle(postLow, y & nibble) ^ Avx2.Shuffle(postHigh, Avx2.ShiftRightLogical(y.AsUInt16(), 4).AsByte() & nibble);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FL(ref Vector256<byte> x, ref Vector256<byte> k)
    {
        Vector256<byte> t0 = x & k, t1 = Unsafe.Add(ref x, 1) & Unsafe.Add(ref k, 1);
        Vector256<byte> t2 = Unsafe.Add(ref x, 2) & Unsafe.Add(ref k, 2), t3 = Unsafe.Add(ref x, 3) & Unsafe.Add(ref k, 3);
        Unsafe.Add(ref x, 4) ^= RotateBytePair(t0, t1);
        Unsafe.Add(ref x, 5) ^= RotateBytePair(t1, t2);
        Unsafe.Add(ref x, 6) ^= RotateBytePair(t2, t3);
        Unsafe.Add(ref x, 7) ^= RotateBytePair(t3, t0);
        x ^= Unsafe.Add(ref x, 4) | Unsafe.Add(ref k, 4);
        Unsafe.Add(ref x, 1) ^= Unsafe.Add(ref x, 5) | Unsafe.Add(ref k, 5);
        Unsafe.Add(ref x, 2) ^= Unsafe.Add(ref x, 6) | Unsafe.Add(ref k, 6);
        Unsafe.Add(ref x, 3) ^= Unsafe.Add(ref x, 7) | Unsafe.Add(ref k, 7);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FLInverse(ref Vector256<byte> y, ref Vector256<byte> k)
    {
        y ^= Unsafe.Add(ref y, 4) | Unsafe.Add(ref k, 4);
        Unsafe.Add(ref y, 1) ^= Unsafe.Add(ref y, 5) | Unsafe.Add(ref k, 5);
        Unsafe.Add(ref y, 2) ^= Unsafe.Add(ref y, 6) | Unsafe.Add(ref k, 6);
        Unsafe.Add(ref y, 3) ^= Unsafe.Add(ref y, 7) | Unsafe.Add(ref k, 7);
        Vector256<byte> t0 = y & k, t1 = Unsafe.Add(ref y, 1) & Unsafe.Add(ref k, 1);
        Vector256<byte> t2 = Unsafe.Add(ref y, 2) & Unsafe.Add(ref k, 2), t3 = Unsafe.Add(ref y, 3) & Unsafe.Add(ref k, 3);
        Unsafe.Add(ref y, 4) ^= RotateBytePair(t0, t1);
        Unsafe.Add(ref y, 5) ^= RotateBytePair(t1, t2);
        Unsafe.Add(ref y, 6) ^= RotateBytePair(t2, t3);
        Unsafe.Add(ref y, 7) ^= RotateBytePair(t3, t0);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<byte> RotateBytePair(Vector256<byte> high, Vector256<byte> next) =>
        Avx2.Add(high, high) | (Avx2.ShiftRightLogical(next.AsUInt16(), 7).AsByte() & Vector256.Create((byte)1));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose32(ref byte input, ref Vector256<byte> s)
    {
        Vector256<byte> mask = Constants256.Transpose4x4Bytes;
        for (int g = 0; g < 4; g++)
        {
            Transpose4x4Words(
                Vector256.LoadUnsafe(ref input, (nuint)(128 * g)), Vector256.LoadUnsafe(ref input, (nuint)(128 * g + 32)),
                Vector256.LoadUnsafe(ref input, (nuint)(128 * g + 64)), Vector256.LoadUnsafe(ref input, (nuint)(128 * g + 96)),
                out Vector256<byte> o0, out Vector256<byte> o1, out Vector256<byte> o2, out Vector256<byte> o3);
            Unsafe.Add(ref s, 4 * g) = Avx2.Shuffle(o0, mask);
            Unsafe.Add(ref s, 4 * g + 1) = Avx2.Shuffle(o1, mask);
            Unsafe.Add(ref s, 4 * g + 2) = Avx2.Shuffle(o2, mask);
            Unsafe.Add(ref s, 4 * g + 3) = Avx2.Shuffle(o3, mask);
        }

        Vector256<byte> r0 = s, r1 = Unsafe.Add(ref s, 1), r2 = Unsafe.Add(ref s, 2), r3 = Unsafe.Add(ref s, 3);
        Vector256<byte> r4 = Unsafe.Add(ref s, 4), r5 = Unsafe.Add(ref s, 5), r6 = Unsafe.Add(ref s, 6), r7 = Unsafe.Add(ref s, 7);
        Vector256<byte> r8 = Unsafe.Add(ref s, 8), r9 = Unsafe.Add(ref s, 9), r10 = Unsafe.Add(ref s, 10), r11 = Unsafe.Add(ref s, 11);
        Vector256<byte> r12 = Unsafe.Add(ref s, 12), r13 = Unsafe.Add(ref s, 13), r14 = Unsafe.Add(ref s, 14), r15 = Unsafe.Add(ref s, 15);
        Transpose4x4Words(r0, r4, r8, r12, out s, out Unsafe.Add(ref s, 1), out Unsafe.Add(ref s, 2), out Unsafe.Add(ref s, 3));
        Transpose4x4Words(r1, r5, r9, r13, out Unsafe.Add(ref s, 4), out Unsafe.Add(ref s, 5), out Unsafe.Add(ref s, 6), out Unsafe.Add(ref s, 7));
        Transpose4x4Words(r2, r6, r10, r14, out Unsafe.Add(ref s, 8), out Unsafe.Add(ref s, 9), out Unsafe.Add(ref s, 10), out Unsafe.Add(ref s, 11));
        Transpose4x4Words(r3, r7, r11, r15, out Unsafe.Add(ref s, 12), out Unsafe.Add(ref s, 13), out Unsafe.Add(ref s, 14), out Unsafe.Add(ref s, 15));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Untranspose32(ref Vector256<byte> s, ref byte output)
    {
        Vector256<byte> mask = Constants256.Transpose4x4Bytes;
        for (int g = 0; g < 4; g++)
        {
            Transpose4x4Words(Unsafe.Add(ref s, 4 * g), Unsafe.Add(ref s, 4 * g + 1), Unsafe.Add(ref s, 4 * g + 2), Unsafe.Add(ref s, 4 * g + 3),
                out Vector256<byte> o0, out Vector256<byte> o1, out Vector256<byte> o2, out Vector256<byte> o3);
            Unsafe.Add(ref s, 4 * g) = Avx2.Shuffle(o0, mask);
            Unsafe.Add(ref s, 4 * g + 1) = Avx2.Shuffle(o1, mask);
            Unsafe.Add(ref s, 4 * g + 2) = Avx2.Shuffle(o2, mask);
            Unsafe.Add(ref s, 4 * g + 3) = Avx2.Shuffle(o3, mask);
        }

        for (int k = 0; k < 4; k++)
        {
            Transpose4x4Words(Unsafe.Add(ref s, k), Unsafe.Add(ref s, 4 + k), Unsafe.Add(ref s, 8 + k), Unsafe.Add(ref s, 12 + k),
                out Vector256<byte> o0, out Vector256<byte> o1, out Vector256<byte> o2, out Vector256<byte> o3);
            o0.StoreUnsafe(ref output, (nuint)(128 * k));
            o1.StoreUnsafe(ref output, (nuint)(128 * k + 32));
            o2.StoreUnsafe(ref output, (nuint)(128 * k + 64));
            o3.StoreUnsafe(ref output, (nuint)(128 * k + 96));
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose4x4Words(Vector256<byte> a, Vector256<byte> b, Vector256<byte> c, Vector256<byte> d,
        out Vector256<byte> o0, out Vector256<byte> o1, out Vector256<byte> o2, out Vector256<byte> o3)
    {
        Vector256<uint> t0 = Avx2.UnpackLow(a.AsUInt32(), b.AsUInt32());
        Vector256<uint> t1 = Avx2.UnpackLow(c.AsUInt32(), d.AsUInt32());
        Vector256<uint> t2 = Avx2.UnpackHigh(a.AsUInt32(), b.AsUInt32());
        Vector256<uint> t3 = Avx2.UnpackHigh(c.AsUInt32(), d.AsUInt32());
        o0 = Avx2.UnpackLow(t0.AsUInt64(), t1.AsUInt64()).AsByte();
        o1 = Avx2.UnpackHigh(t0.AsUInt64(), t1.AsUInt64()).AsByte();
        o2 = Avx2.UnpackLow(t2.AsUInt64(), t3.AsUInt64()).AsByte();
        o3 = Avx2.UnpackHigh(t2.AsUInt64(), t3.AsUInt64()).AsByte();
    }

    /// <summary>The 128-bit constants repeated in both halves (AVX2 shuffles work within each half).</summary>
    internal static class Constants256
    {
        public static readonly Vector256<byte> PreLow1 = Wide(Constants.PreLow1);
        public static readonly Vector256<byte> PreHigh1 = Wide(Constants.PreHigh1);
        public static readonly Vector256<byte> PreLow4 = Wide(Constants.PreLow4);
        public static readonly Vector256<byte> PreHigh4 = Wide(Constants.PreHigh4);
        public static readonly Vector256<byte> PostLow1 = Wide(Constants.PostLow1);
        public static readonly Vector256<byte> PostHigh1 = Wide(Constants.PostHigh1);
        public static readonly Vector256<byte> PostLow2 = Wide(Constants.PostLow2);
        public static readonly Vector256<byte> PostHigh2 = Wide(Constants.PostHigh2);
        public static readonly Vector256<byte> PostLow3 = Wide(Constants.PostLow3);
        public static readonly Vector256<byte> PostHigh3 = Wide(Constants.PostHigh3);
        public static readonly Vector256<byte> PreDecHigh1 = Wide(Constants.PreDecHigh1);
        public static readonly Vector256<byte> PreDecHigh4 = Wide(Constants.PreDecHigh4);
        public static readonly Vector256<byte> PostDecLow1 = Wide(Constants.PostDecLow1);
        public static readonly Vector256<byte> PostDecHigh1 = Wide(Constants.PostDecHigh1);
        public static readonly Vector256<byte> PostDecLow2 = Wide(Constants.PostDecLow2);
        public static readonly Vector256<byte> PostDecHigh2 = Wide(Constants.PostDecHigh2);
        public static readonly Vector256<byte> PostDecLow3 = Wide(Constants.PostDecLow3);
        public static readonly Vector256<byte> PostDecHigh3 = Wide(Constants.PostDecHigh3);
        public static readonly Vector256<byte> ShiftRows = Wide(Constants.ShiftRows);
        public static readonly Vector256<byte> InverseShiftRows = Wide(Constants.InverseShiftRows);
        public static readonly Vector256<byte> Transpose4x4Bytes = Wide(Constants.Transpose4x4Bytes);

        private static Vector256<byte> Wide(Vector128<byte> half) => Vector256.Create(half, half);
    }
}
