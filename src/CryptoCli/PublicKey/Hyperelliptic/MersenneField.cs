// F_p with p = 2^31 - 1 (a Mersenne prime), the base field of the genus-3 curve of Kozaki-Matsuo (docs/genus3.md G2).
// Elements are uint in the canonical range [0, p). Reduction uses 2^31 ≡ 1 (mod p): fold the high bits onto the low.
using System.Runtime.CompilerServices;

namespace CryptoCli;

/// <summary>
/// Arithmetic modulo the Mersenne prime p = 2^31 − 1 on canonical <see cref="uint"/> values. Not constant-time.
/// </summary>
internal static class MersenneField
{
    public const uint P = 0x7FFF_FFFF;

    /// <summary>
    /// Reduces any <see cref="ulong"/> to [0, p): two folds bring it below p + 8, one subtraction finishes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Reduce(ulong x)
    {
        x = (x & P) + (x >> 31);  // < 2^34
        uint r = (uint)(x & P) + (uint)(x >> 31);  // < p + 8
        return r >= P ? r - P : r;  // p itself must become 0
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Add(uint a, uint b)
    {
        uint t = a + b - P;
        return t + ((uint)((int)t >> 31) & P);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Sub(uint a, uint b)
    {
        uint t = a - b;
        return t + ((uint)((int)t >> 31) & P);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Negate(uint a) => a == 0 ? 0 : P - a;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Mul(uint a, uint b) => Reduce((ulong)a * b);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Square(uint a) => Reduce((ulong)a * a);

    private static uint SquareTimes(uint a, int count)
    {
        for (int i = 0; i < count; i++)
        {
            a = Square(a);
        }

        return a;
    }

    /// <summary>
    /// a·b reduced only to [0, p + 2] (two folds, no final subtraction): inputs up to p + 2 keep the product below
    /// 2^63. Shortens the dependency chain of the inversion, the one long serial computation of a group operation.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint MulLoose(uint a, uint b)
    {
        ulong x = (ulong)a * b;
        x = (x & P) + (x >> 31);
        return (uint)((x & P) + (x >> 31));
    }

    private static uint SquareTimesLoose(uint a, int count)
    {
        for (int i = 0; i < count; i++)
        {
            a = MulLoose(a, a);
        }

        return a;
    }

    /// <summary>
    /// a^(p−2) = a^(−1) by Fermat, with p − 2 = 4·(2^29 − 1) + 1: 30 squarings and 8 multiplications on loosely
    /// reduced values, one canonical reduction at the end. The inverse of 0 comes out as 0; callers rule that case
    /// out first.
    /// </summary>
    public static uint Invert(uint a)
    {
        uint t2 = MulLoose(MulLoose(a, a), a);              // a^(2^2 − 1)
        uint t3 = MulLoose(MulLoose(t2, t2), a);            // a^(2^3 − 1)
        uint t6 = MulLoose(SquareTimesLoose(t3, 3), t3);    // a^(2^6 − 1)
        uint t12 = MulLoose(SquareTimesLoose(t6, 6), t6);
        uint t24 = MulLoose(SquareTimesLoose(t12, 12), t12);
        uint t27 = MulLoose(SquareTimesLoose(t24, 3), t3);
        uint t29 = MulLoose(SquareTimesLoose(t27, 2), t2);  // a^(2^29 − 1)
        return Reduce((ulong)SquareTimesLoose(t29, 2) * a); // a^(2^31 − 3)
    }

    /// <summary>Square root by n^((p+1)/4) = n^(2^29) (p ≡ 3 mod 4); false when n is not a square.</summary>
    public static bool TrySqrt(uint n, out uint root)
    {
        root = SquareTimes(n, 29);
        return Square(root) == n;
    }
}
