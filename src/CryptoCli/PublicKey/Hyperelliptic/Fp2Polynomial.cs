// Dense polynomials over F_{p^2} for Cantor's algorithm (docs/genus3.md G4): the always-correct baseline of the
// genus-3 group law. Degrees stay at most 10, so plain schoolbook arithmetic on small arrays is enough; this code
// runs only on special inputs of the fast path, in tests and on import.
using System;

namespace CryptoCli;

/// <summary>An immutable polynomial over F_{p^2}, lowest degree first, with no leading zero coefficients.</summary>
internal sealed class Fp2Polynomial
{
    public static readonly Fp2Polynomial Zero = new(Array.Empty<Fp2>());
    public static readonly Fp2Polynomial One = new(new[] { Fp2.One });

    private readonly Fp2[] _c;

    private Fp2Polynomial(Fp2[] coefficients) => _c = coefficients;

    /// <summary>Copies the coefficients (lowest degree first) and trims leading zeros.</summary>
    public static Fp2Polynomial FromCoefficients(ReadOnlySpan<Fp2> coefficients)
    {
        int length = coefficients.Length;
        while (length > 0 && coefficients[length - 1].IsZero)
        {
            length--;
        }

        return new Fp2Polynomial(coefficients.Slice(0, length).ToArray());
    }

    /// <summary>−1 for the zero polynomial.</summary>
    public int Degree => _c.Length - 1;

    public bool IsZero => _c.Length == 0;

    public Fp2 this[int index] => (uint)index < (uint)_c.Length ? _c[index] : Fp2.Zero;

    public Fp2 Leading => _c.Length == 0 ? Fp2.Zero : _c[_c.Length - 1];

    public static Fp2Polynomial operator +(Fp2Polynomial a, Fp2Polynomial b)
    {
        var r = new Fp2[Math.Max(a._c.Length, b._c.Length)];
        for (int i = 0; i < r.Length; i++)
        {
            r[i] = a[i] + b[i];
        }

        return FromCoefficients(r);
    }

    public static Fp2Polynomial operator -(Fp2Polynomial a, Fp2Polynomial b)
    {
        var r = new Fp2[Math.Max(a._c.Length, b._c.Length)];
        for (int i = 0; i < r.Length; i++)
        {
            r[i] = a[i] - b[i];
        }

        return FromCoefficients(r);
    }

    public static Fp2Polynomial operator -(Fp2Polynomial a) => Zero - a;

    public static Fp2Polynomial operator *(Fp2Polynomial a, Fp2Polynomial b)
    {
        if (a.IsZero || b.IsZero)
        {
            return Zero;
        }

        var r = new Fp2[a._c.Length + b._c.Length - 1];
        for (int i = 0; i < a._c.Length; i++)
        {
            for (int j = 0; j < b._c.Length; j++)
            {
                r[i + j] += a._c[i] * b._c[j];
            }
        }

        return FromCoefficients(r);
    }

    public Fp2Polynomial Scale(Fp2 factor)
    {
        var r = new Fp2[_c.Length];
        for (int i = 0; i < r.Length; i++)
        {
            r[i] = _c[i] * factor;
        }

        return FromCoefficients(r);
    }

    public Fp2Polynomial MakeMonic() => IsZero ? this : Scale(Leading.Invert());

    /// <summary>Euclidean division a = q·b + r with deg r &lt; deg b; b must not be zero.</summary>
    public static Fp2Polynomial DivRem(Fp2Polynomial a, Fp2Polynomial b, out Fp2Polynomial remainder)
    {
        if (b.IsZero)
        {
            throw new DivideByZeroException();
        }

        if (a.Degree < b.Degree)
        {
            remainder = a;
            return Zero;
        }

        Fp2[] r = (Fp2[])a._c.Clone();
        var q = new Fp2[a.Degree - b.Degree + 1];
        Fp2 inverseLead = b.Leading.Invert();
        for (int i = q.Length - 1; i >= 0; i--)
        {
            Fp2 factor = r[i + b.Degree] * inverseLead;
            q[i] = factor;
            for (int j = 0; j <= b.Degree; j++)
            {
                r[i + j] -= factor * b._c[j];
            }
        }

        remainder = FromCoefficients(r.AsSpan(0, b.Degree));
        return FromCoefficients(q);
    }

    public static Fp2Polynomial operator %(Fp2Polynomial a, Fp2Polynomial b)
    {
        DivRem(a, b, out Fp2Polynomial r);
        return r;
    }

    public static Fp2Polynomial operator /(Fp2Polynomial a, Fp2Polynomial b) => DivRem(a, b, out _);

    /// <summary>
    /// Extended Euclid: returns the monic d = gcd(a, b) with d = s·a + t·b. XGCD(a, 0) = (a/lc(a), 1/lc(a), 0);
    /// a and b must not both be zero.
    /// </summary>
    public static Fp2Polynomial ExtendedGcd(Fp2Polynomial a, Fp2Polynomial b, out Fp2Polynomial s, out Fp2Polynomial t)
    {
        Fp2Polynomial r0 = a, r1 = b, s0 = One, s1 = Zero, t0 = Zero, t1 = One;
        while (!r1.IsZero)
        {
            Fp2Polynomial q = DivRem(r0, r1, out Fp2Polynomial r2);
            (r0, r1) = (r1, r2);
            (s0, s1) = (s1, s0 - q * s1);
            (t0, t1) = (t1, t0 - q * t1);
        }

        Fp2 inverseLead = r0.Leading.Invert();
        s = s0.Scale(inverseLead);
        t = t0.Scale(inverseLead);
        return r0.Scale(inverseLead);
    }

    public bool Equals(Fp2Polynomial other) => _c.AsSpan().SequenceEqual(other._c);
}
