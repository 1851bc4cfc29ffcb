// The eight constructions of P5 as compile-time shapes for the AES-NI kernels: AES round count, one- or
// two-round steps, and the permutation with its inverse built from SIMD word moves (new word j = old word pi[j]):
//   pi8u  = (unpacklo32(s0, s1), unpackhi32(s0, s1));                pi8u^-1 = pi8u applied twice (pi8u has order 3)
//   pi8b  = (blend32(s0, s1, 1010b), blend32(s1, s0, 1010b));        an involution
//   pi16u = Haraka-512's MIX4 (eight unpacks);                       pi16u^-1 = four unpacks and four shufpd
//   pi16b: lane l takes word j from lane l + j: two rounds of vpblendd (1010b, then 1100b); the inverse the same
//   with l - j.
// Each is checked word by word against its table by the tests.
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace CryptoCli;

internal interface ILargeBlockShape
{
    /// <summary>AES rounds, the last one AESENCLAST.</summary>
    public static abstract int Rounds { get; }

    /// <summary>True: pi follows every second AES round; false: every round.</summary>
    public static abstract bool TwoRound { get; }
}

internal interface ILargeBlock256Shape : ILargeBlockShape
{
    public static abstract void Permute(ref Vector128<byte> s0, ref Vector128<byte> s1);

    public static abstract void InversePermute(ref Vector128<byte> s0, ref Vector128<byte> s1);
}

internal interface ILargeBlock512Shape : ILargeBlockShape
{
    public static abstract void Permute(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3);

    public static abstract void InversePermute(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3);
}

internal static class LargeBlockPermutationsX86
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Pi8Unpack(ref Vector128<byte> s0, ref Vector128<byte> s1)
    {
        Vector128<byte> low = AesRoundX86.UnpackLow32(s0, s1);
        s1 = AesRoundX86.UnpackHigh32(s0, s1);
        s0 = low;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Pi8UnpackInverse(ref Vector128<byte> s0, ref Vector128<byte> s1)
    {
        Pi8Unpack(ref s0, ref s1);
        Pi8Unpack(ref s0, ref s1);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Pi8Blend(ref Vector128<byte> s0, ref Vector128<byte> s1)
    {
        Vector128<byte> t0 = AesRoundX86.Blend32(s0, s1, 0b1010);
        s1 = AesRoundX86.Blend32(s1, s0, 0b1010);
        s0 = t0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Pi16Unpack(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
    {
        Vector128<byte> t01Low = AesRoundX86.UnpackLow32(s0, s1);
        Vector128<byte> t01High = AesRoundX86.UnpackHigh32(s0, s1);
        Vector128<byte> t23Low = AesRoundX86.UnpackLow32(s2, s3);
        Vector128<byte> t23High = AesRoundX86.UnpackHigh32(s2, s3);
        s3 = AesRoundX86.UnpackLow32(t01High, t23High);
        s0 = AesRoundX86.UnpackHigh32(t01High, t23High);
        s2 = AesRoundX86.UnpackHigh32(t23Low, t01Low);
        s1 = AesRoundX86.UnpackLow32(t23Low, t01Low);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Pi16UnpackInverse(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
    {
        // Old lanes from new words n: (n5, n9, n12, n0), (n7, n11, n14, n2), (n4, n8, n13, n1), (n6, n10, n15, n3).
        Vector128<byte> a = AesRoundX86.UnpackLow32(s1, s2);  // n4 n8 n5 n9
        Vector128<byte> b = AesRoundX86.UnpackHigh32(s1, s2); // n6 n10 n7 n11
        Vector128<byte> c = AesRoundX86.UnpackLow32(s3, s0);  // n12 n0 n13 n1
        Vector128<byte> d = AesRoundX86.UnpackHigh32(s3, s0); // n14 n2 n15 n3
        s0 = AesRoundX86.HighLow64(a, c);
        s1 = AesRoundX86.HighLow64(b, d);
        s2 = AesRoundX86.LowHigh64(a, c);
        s3 = AesRoundX86.LowHigh64(b, d);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Pi16Blend(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
    {
        // x_l word j comes from lane l + (j & 1); then words 2, 3 from x_{l+2}: lane l + j overall.
        Vector128<byte> x0 = AesRoundX86.Blend32(s0, s1, 0b1010);
        Vector128<byte> x1 = AesRoundX86.Blend32(s1, s2, 0b1010);
        Vector128<byte> x2 = AesRoundX86.Blend32(s2, s3, 0b1010);
        Vector128<byte> x3 = AesRoundX86.Blend32(s3, s0, 0b1010);
        s0 = AesRoundX86.Blend32(x0, x2, 0b1100);
        s1 = AesRoundX86.Blend32(x1, x3, 0b1100);
        s2 = AesRoundX86.Blend32(x2, x0, 0b1100);
        s3 = AesRoundX86.Blend32(x3, x1, 0b1100);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Pi16BlendInverse(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
    {
        // Old lane l word j is new lane l - j word j.
        Vector128<byte> x0 = AesRoundX86.Blend32(s0, s3, 0b1010);
        Vector128<byte> x1 = AesRoundX86.Blend32(s1, s0, 0b1010);
        Vector128<byte> x2 = AesRoundX86.Blend32(s2, s1, 0b1010);
        Vector128<byte> x3 = AesRoundX86.Blend32(s3, s2, 0b1010);
        s0 = AesRoundX86.Blend32(x0, x2, 0b1100);
        s1 = AesRoundX86.Blend32(x1, x3, 0b1100);
        s2 = AesRoundX86.Blend32(x2, x0, 0b1100);
        s3 = AesRoundX86.Blend32(x3, x1, 0b1100);
    }
}

internal readonly struct LargeBlock256OneRoundUnpackShape : ILargeBlock256Shape
{
    public static int Rounds => 6;

    public static bool TwoRound => false;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Permute(ref Vector128<byte> s0, ref Vector128<byte> s1)
        => LargeBlockPermutationsX86.Pi8Unpack(ref s0, ref s1);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void InversePermute(ref Vector128<byte> s0, ref Vector128<byte> s1)
        => LargeBlockPermutationsX86.Pi8UnpackInverse(ref s0, ref s1);
}

internal readonly struct LargeBlock256OneRoundBlendShape : ILargeBlock256Shape
{
    public static int Rounds => 6;

    public static bool TwoRound => false;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Permute(ref Vector128<byte> s0, ref Vector128<byte> s1)
        => LargeBlockPermutationsX86.Pi8Blend(ref s0, ref s1);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void InversePermute(ref Vector128<byte> s0, ref Vector128<byte> s1)
        => LargeBlockPermutationsX86.Pi8Blend(ref s0, ref s1);
}

internal readonly struct LargeBlock256TwoRoundUnpackShape : ILargeBlock256Shape
{
    public static int Rounds => 7;

    public static bool TwoRound => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Permute(ref Vector128<byte> s0, ref Vector128<byte> s1)
        => LargeBlockPermutationsX86.Pi8Unpack(ref s0, ref s1);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void InversePermute(ref Vector128<byte> s0, ref Vector128<byte> s1)
        => LargeBlockPermutationsX86.Pi8UnpackInverse(ref s0, ref s1);
}

internal readonly struct LargeBlock256TwoRoundBlendShape : ILargeBlock256Shape
{
    public static int Rounds => 7;

    public static bool TwoRound => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Permute(ref Vector128<byte> s0, ref Vector128<byte> s1)
        => LargeBlockPermutationsX86.Pi8Blend(ref s0, ref s1);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void InversePermute(ref Vector128<byte> s0, ref Vector128<byte> s1)
        => LargeBlockPermutationsX86.Pi8Blend(ref s0, ref s1);
}

internal readonly struct LargeBlock512OneRoundUnpackShape : ILargeBlock512Shape
{
    public static int Rounds => 10;

    public static bool TwoRound => false;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Permute(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
        => LargeBlockPermutationsX86.Pi16Unpack(ref s0, ref s1, ref s2, ref s3);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void InversePermute(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
        => LargeBlockPermutationsX86.Pi16UnpackInverse(ref s0, ref s1, ref s2, ref s3);
}

internal readonly struct LargeBlock512OneRoundBlendShape : ILargeBlock512Shape
{
    public static int Rounds => 8;

    public static bool TwoRound => false;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Permute(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
        => LargeBlockPermutationsX86.Pi16Blend(ref s0, ref s1, ref s2, ref s3);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void InversePermute(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
        => LargeBlockPermutationsX86.Pi16BlendInverse(ref s0, ref s1, ref s2, ref s3);
}

internal readonly struct LargeBlock512TwoRoundUnpackShape : ILargeBlock512Shape
{
    public static int Rounds => 9;

    public static bool TwoRound => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Permute(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
        => LargeBlockPermutationsX86.Pi16Unpack(ref s0, ref s1, ref s2, ref s3);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void InversePermute(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
        => LargeBlockPermutationsX86.Pi16UnpackInverse(ref s0, ref s1, ref s2, ref s3);
}

internal readonly struct LargeBlock512TwoRoundBlendShape : ILargeBlock512Shape
{
    public static int Rounds => 9;

    public static bool TwoRound => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Permute(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
        => LargeBlockPermutationsX86.Pi16Blend(ref s0, ref s1, ref s2, ref s3);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void InversePermute(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2,
        ref Vector128<byte> s3)
        => LargeBlockPermutationsX86.Pi16BlendInverse(ref s0, ref s1, ref s2, ref s3);
}
