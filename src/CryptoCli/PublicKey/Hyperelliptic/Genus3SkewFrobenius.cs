// The skew-Frobenius map φ~ = ψ^(−1) ∘ φ_p ∘ ψ of the twist C_t (docs/genus3.md G5) and the scalar decomposition
// k ≡ k0 + k1·s (mod N) by Babai rounding in the lattice with reduced basis (RA, RB), (−RB, RA) (§6), done in
// fixed-width 64-bit limbs: P4 lost most of its speed-up to a generic big-integer library at this step.
// |k0|, |k1| ≤ (RA + RB)/2 < 2^93.
using System;
using System.Globalization;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace CryptoCli;

/// <summary>A signed integer of up to 127 bits in two's complement over two limbs (the halves k0, k1).</summary>
internal readonly struct SignedScalar
{
    public readonly ulong Low;
    public readonly ulong High;

    public SignedScalar(ulong low, ulong high)
    {
        Low = low;
        High = high;
    }

    public bool IsNegative => (long)High < 0;

    /// <summary>|value| as two limbs.</summary>
    public void Magnitude(Span<ulong> limbs)
    {
        ulong low = Low, high = High;
        if (IsNegative)
        {
            low = ~low + 1;
            high = ~high + (low == 0 ? 1UL : 0UL);
        }

        limbs[0] = low;
        limbs[1] = high;
    }

    public BigInteger ToBigInteger() =>
        (new BigInteger(High) << 64 | Low) - (IsNegative ? BigInteger.One << 128 : BigInteger.Zero);
}

/// <summary>φ~ on Mumford coordinates and the fixed-width decomposition of scalars.</summary>
internal static class Genus3SkewFrobenius
{
    // φ~(x, y) = (CX·conj(x), CY·conj(y)); CX = conj(λ)/λ, CY = λ^(7(p−1)/2), λ = 1622772037 + 1721520009·a
    // (docs/genus3.md G1, G5). Tests re-derive both from λ and all powers from CX (CX^(−1) = conj(CX)).
    internal static readonly Fp2 CX = new(393045212, 777415085);
    internal static readonly Fp2 CY = new(380420013, 515054919);
    private static readonly Fp2 s_cx2 = CX * CX;
    private static readonly Fp2 s_cx3 = s_cx2 * CX;
    private static readonly Fp2 s_cyOverCx = CY * CX.Conjugate();
    private static readonly Fp2 s_cyOverCx2 = s_cyOverCx * CX.Conjugate();

    /// <summary>
    /// u'_j = CX^(d−j)·conj(u_j), v'_j = CY·CX^(−j)·conj(v_j): six multiplications by constants for d = 3.
    /// </summary>
    public static Genus3Divisor Apply(in Genus3Divisor d)
    {
        switch (d.Degree)
        {
            case 3:
                return new Genus3Divisor(
                    3,
                    s_cx3 * d.U0.Conjugate(),
                    s_cx2 * d.U1.Conjugate(),
                    CX * d.U2.Conjugate(),
                    CY * d.V0.Conjugate(),
                    s_cyOverCx * d.V1.Conjugate(),
                    s_cyOverCx2 * d.V2.Conjugate());
            case 2:
                return new Genus3Divisor(
                    2,
                    s_cx2 * d.U0.Conjugate(),
                    CX * d.U1.Conjugate(),
                    Fp2.Zero,
                    CY * d.V0.Conjugate(),
                    s_cyOverCx * d.V1.Conjugate(),
                    Fp2.Zero);
            case 1:
                return new Genus3Divisor(
                    1,
                    CX * d.U0.Conjugate(),
                    Fp2.Zero,
                    Fp2.Zero,
                    CY * d.V0.Conjugate(),
                    Fp2.Zero,
                    Fp2.Zero);
            default:
                return d;
        }
    }

    // Lattice constants (docs/genus3.md G6). The limb forms and the rounding reciprocals 2^256·R/N are computed once
    // here, at start-up; the decomposition itself uses only 64-bit limb arithmetic.
    internal static readonly BigInteger RA =
        BigInteger.Parse("9903520295686216149936425748", CultureInfo.InvariantCulture);
    internal static readonly BigInteger RB = BigInteger.Parse("267454730309882866094387", CultureInfo.InvariantCulture);

    private static readonly ulong[] s_one = { 1 };
    private static readonly ulong[] s_n = Limbs.FromBigInteger(Genus3Curve.Order, 3);
    private static readonly ulong[] s_twoN = Limbs.FromBigInteger(2 * Genus3Curve.Order, 3);
    private static readonly ulong[] s_ra = Limbs.FromBigInteger(RA, 2);
    private static readonly ulong[] s_rb = Limbs.FromBigInteger(RB, 2);
    private static readonly ulong[] s_raReciprocal =
        Limbs.FromBigInteger((BigInteger.One << 256) * RA / Genus3Curve.Order, 3);
    private static readonly ulong[] s_rbReciprocal =
        Limbs.FromBigInteger((BigInteger.One << 256) * RB / Genus3Curve.Order, 3);

    /// <summary>
    /// k ≡ k0 + k1·s (mod N) for 0 ≤ k &lt; N (three limbs): c1 = round(k·RA/N), d2 = round(k·RB/N),
    /// k0 = k − c1·RA − d2·RB, k1 = d2·RA − c1·RB. Exactly the vectors' decomposition (round half up).
    /// </summary>
    public static void Decompose(ReadOnlySpan<ulong> k, out SignedScalar k0, out SignedScalar k1)
    {
        Span<ulong> c1 = stackalloc ulong[2];
        Span<ulong> d2 = stackalloc ulong[2];
        RoundedQuotient(k, s_ra, s_raReciprocal, c1);
        RoundedQuotient(k, s_rb, s_rbReciprocal, d2);

        // k0 and k1 fit in 94 signed bits, so arithmetic mod 2^128 gives them exactly.
        Span<ulong> t = stackalloc ulong[2];
        Span<ulong> a = stackalloc ulong[2];
        a[0] = k[0];
        a[1] = k[1];
        Limbs.MultiplyTruncated(c1, s_ra, t);
        Limbs.Subtract(a, t);
        Limbs.MultiplyTruncated(d2, s_rb, t);
        Limbs.Subtract(a, t);
        k0 = new SignedScalar(a[0], a[1]);

        Limbs.MultiplyTruncated(d2, s_ra, a);
        Limbs.MultiplyTruncated(c1, s_rb, t);
        Limbs.Subtract(a, t);
        k1 = new SignedScalar(a[0], a[1]);
    }

    /// <summary>
    /// q = floor((2·k·R + N) / (2N)) = round(k·R/N): estimated as (k·G + 2^255) >> 256 with G = floor(2^256·R/N)
    /// (off by at most one), then corrected with the exact remainder 2kR + N − 2N·q, computed mod 2^256
    /// (its true value is below 2^190 in magnitude, so its sign bit is reliable).
    /// </summary>
    private static void RoundedQuotient(ReadOnlySpan<ulong> k, ReadOnlySpan<ulong> r, ReadOnlySpan<ulong> reciprocal,
        Span<ulong> quotient)
    {
        Span<ulong> product = stackalloc ulong[6];
        Limbs.MultiplyTruncated(k, reciprocal, product);
        Limbs.AddAt(product, 3, 1UL << 63);
        quotient[0] = product[4];
        quotient[1] = product[5];

        Span<ulong> remainder = stackalloc ulong[4];
        Span<ulong> t = stackalloc ulong[4];
        Limbs.MultiplyTruncated(k, r, remainder);
        Limbs.Add(remainder, remainder);
        Limbs.Add(remainder, s_n);
        Limbs.MultiplyTruncated(quotient, s_twoN, t);
        Limbs.Subtract(remainder, t);
        while ((long)remainder[3] < 0)
        {
            Limbs.Add(remainder, s_twoN);
            Limbs.Subtract(quotient, s_one);
        }

        while (Limbs.Compare(remainder, s_twoN) >= 0)
        {
            Limbs.Subtract(remainder, s_twoN);
            Limbs.AddAt(quotient, 0, 1);
        }
    }
}

/// <summary>
/// Little-endian 64-bit limb arithmetic of fixed small widths, for the decomposition (no allocation).
/// </summary>
internal static class Limbs
{
    public static ulong[] FromBigInteger(BigInteger value, int count)
    {
        var limbs = new ulong[count];
        BigInteger mask = ulong.MaxValue;
        for (int i = 0; i < count; i++)
        {
            limbs[i] = (ulong)(value & mask);
            value >>= 64;
        }

        if (!value.IsZero)
        {
            throw new ArgumentOutOfRangeException(nameof(value));
        }

        return limbs;
    }

    /// <summary>The 128-bit product a·b as (high, low).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong MultiplyHigh(ulong a, ulong b, out ulong low)
    {
#if NET
        return Math.BigMul(a, b, out low);
#else
        return MultiplyHighPortable(a, b, out low);
#endif
    }

    /// <summary>
    /// The netstandard2.0 path of <see cref="MultiplyHigh"/>: four 32×32-bit products (tested on every target).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong MultiplyHighPortable(ulong a, ulong b, out ulong low)
    {
        ulong aLow = (uint)a, aHigh = a >> 32, bLow = (uint)b, bHigh = b >> 32;
        ulong ll = aLow * bLow, lh = aLow * bHigh, hl = aHigh * bLow, hh = aHigh * bHigh;
        ulong middle = (ll >> 32) + (uint)lh + (uint)hl;
        low = (middle << 32) | (uint)ll;
        return hh + (lh >> 32) + (hl >> 32) + (middle >> 32);
    }

    /// <summary>result = a·b mod 2^(64·result.Length) (schoolbook).</summary>
    public static void MultiplyTruncated(ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b, Span<ulong> result)
    {
        result.Clear();
        for (int i = 0; i < a.Length && i < result.Length; i++)
        {
            ulong carry = 0;
            int j = 0;
            for (; j < b.Length && i + j < result.Length; j++)
            {
                ulong high = MultiplyHigh(a[i], b[j], out ulong low);
                low += carry;
                high += low < carry ? 1UL : 0UL;
                ulong existing = result[i + j];
                low += existing;
                high += low < existing ? 1UL : 0UL;
                result[i + j] = low;
                carry = high;
            }

            if (i + j < result.Length)
            {
                result[i + j] = carry;
            }
        }
    }

    /// <summary>a += b mod 2^(64·a.Length) (b no longer than a); returns the carry out.</summary>
    public static ulong Add(Span<ulong> a, ReadOnlySpan<ulong> b)
    {
        ulong carry = 0;
        for (int i = 0; i < a.Length; i++)
        {
            ulong bi = i < b.Length ? b[i] : 0;
            ulong sum = a[i] + bi;
            ulong c1 = sum < bi ? 1UL : 0UL;
            sum += carry;
            ulong c2 = sum < carry ? 1UL : 0UL;
            a[i] = sum;
            carry = c1 | c2;
        }

        return carry;
    }

    /// <summary>a −= b mod 2^(64·a.Length) (b no longer than a).</summary>
    public static void Subtract(Span<ulong> a, ReadOnlySpan<ulong> b)
    {
        ulong borrow = 0;
        for (int i = 0; i < a.Length; i++)
        {
            ulong bi = i < b.Length ? b[i] : 0;
            ulong difference = a[i] - bi;
            ulong b1 = a[i] < bi ? 1UL : 0UL;
            ulong b2 = difference < borrow ? 1UL : 0UL;
            a[i] = difference - borrow;
            borrow = b1 | b2;
        }
    }

    /// <summary>
    /// a += value·2^(64·index), carrying through the higher limbs; returns the carry out of the top limb.
    /// </summary>
    public static ulong AddAt(Span<ulong> a, int index, ulong value)
    {
        for (int i = index; i < a.Length; i++)
        {
            ulong sum = a[i] + value;
            value = sum < value ? 1UL : 0UL;
            a[i] = sum;
            if (value == 0)
            {
                return 0;
            }
        }

        return value;
    }

    /// <summary>Compares a and b as unsigned numbers (b no longer than a).</summary>
    public static int Compare(ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b)
    {
        for (int i = a.Length - 1; i >= 0; i--)
        {
            ulong bi = i < b.Length ? b[i] : 0;
            if (a[i] != bi)
            {
                return a[i] < bi ? -1 : 1;
            }
        }

        return 0;
    }

    public static bool IsZero(ReadOnlySpan<ulong> a)
    {
        ulong any = 0;
        foreach (ulong limb in a)
        {
            any |= limb;
        }

        return any == 0;
    }
}
