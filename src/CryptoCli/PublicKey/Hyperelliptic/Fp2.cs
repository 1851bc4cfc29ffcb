// F_{p^2} = F_p[a]/(a^2 + 1), p = 2^31 − 1 (docs/genus3.md G2). An element is Re + Im·a with canonical
// coordinates. Products use the schoolbook form with lazy reduction: each coordinate is one sum of two
// 62-bit products (< 2^63) reduced once.
using System.Runtime.CompilerServices;

namespace CryptoCli;

/// <summary>An element of F_{p^2}, p = 2^31 − 1, as two canonical residues. Not constant-time.</summary>
internal readonly struct Fp2 : System.IEquatable<Fp2>
{
    private const uint P = MersenneField.P;

    public readonly uint Re;
    public readonly uint Im;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Fp2(uint re, uint im)
    {
        Re = re;
        Im = im;
    }

    public static Fp2 Zero => default;

    public static Fp2 One => new(1, 0);

    public bool IsZero
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => (Re | Im) == 0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Fp2 operator +(Fp2 x, Fp2 y) => new(MersenneField.Add(x.Re, y.Re), MersenneField.Add(x.Im, y.Im));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Fp2 operator -(Fp2 x, Fp2 y) => new(MersenneField.Sub(x.Re, y.Re), MersenneField.Sub(x.Im, y.Im));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Fp2 operator -(Fp2 x) => new(MersenneField.Negate(x.Re), MersenneField.Negate(x.Im));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Fp2 operator *(Fp2 x, Fp2 y) => new(
        MersenneField.Reduce((ulong)x.Re * y.Re + (ulong)(P - x.Im) * y.Im),
        MersenneField.Reduce((ulong)x.Re * y.Im + (ulong)x.Im * y.Re));

    /// <summary>x·y + z·w with one reduction per coordinate (four products; every sum stays below 2^64).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Fp2 MulAdd(Fp2 x, Fp2 y, Fp2 z, Fp2 w) => new(
        MersenneField.Reduce((ulong)x.Re * y.Re + (ulong)(P - x.Im) * y.Im + (ulong)z.Re * w.Re
            + (ulong)(P - z.Im) * w.Im),
        MersenneField.Reduce((ulong)x.Re * y.Im + (ulong)x.Im * y.Re + (ulong)z.Re * w.Im + (ulong)z.Im * w.Re));

    /// <summary>x·y − z·w with one reduction per coordinate.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Fp2 MulSub(Fp2 x, Fp2 y, Fp2 z, Fp2 w) => new(
        MersenneField.Reduce((ulong)x.Re * y.Re + (ulong)(P - x.Im) * y.Im + (ulong)(P - z.Re) * w.Re
            + (ulong)z.Im * w.Im),
        MersenneField.Reduce((ulong)x.Re * y.Im + (ulong)x.Im * y.Re + (ulong)(P - z.Re) * w.Im
            + (ulong)(P - z.Im) * w.Re));

    /// <summary>x·y + z with one reduction per coordinate (sums stay below 2^63).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Fp2 MulPlus(Fp2 x, Fp2 y, Fp2 z) => new(
        MersenneField.Reduce((ulong)x.Re * y.Re + (ulong)(P - x.Im) * y.Im + z.Re),
        MersenneField.Reduce((ulong)x.Re * y.Im + (ulong)x.Im * y.Re + z.Im));

    /// <summary>z − x·y with one reduction per coordinate: −(x·y) is formed from P − x (never negative).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Fp2 MinusMul(Fp2 z, Fp2 x, Fp2 y) => new(
        MersenneField.Reduce((ulong)(P - x.Re) * y.Re + (ulong)x.Im * y.Im + z.Re),
        MersenneField.Reduce((ulong)(P - x.Re) * y.Im + (ulong)(P - x.Im) * y.Re + z.Im));

    /// <summary>x·y − z with one reduction per coordinate.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Fp2 MulMinus(Fp2 x, Fp2 y, Fp2 z) => new(
        MersenneField.Reduce((ulong)x.Re * y.Re + (ulong)(P - x.Im) * y.Im + (P - z.Re)),
        MersenneField.Reduce((ulong)x.Re * y.Im + (ulong)x.Im * y.Re + (P - z.Im)));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Fp2 Square() => new(
        MersenneField.Reduce((ulong)(Re + Im) * (Re + P - Im)),
        MersenneField.Reduce(2 * (ulong)Re * Im));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Fp2 Double() => this + this;

    /// <summary>Frobenius x ↦ x^p = conj(x), since a^p = −a for p ≡ 3 (mod 4).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Fp2 Conjugate() => new(Re, MersenneField.Negate(Im));

    public uint Norm() => MersenneField.Reduce((ulong)Re * Re + (ulong)Im * Im);

    /// <summary>conj(x) / norm(x): one inversion in F_p. The inverse of 0 comes out as 0.</summary>
    public Fp2 Invert()
    {
        uint n = MersenneField.Invert(Norm());
        return new Fp2(MersenneField.Mul(Re, n), MersenneField.Mul(MersenneField.Negate(Im), n));
    }

    public Fp2 Pow(System.Numerics.BigInteger exponent)
    {
        Fp2 result = One, power = this;
        while (!exponent.IsZero)
        {
            if (!exponent.IsEven)
            {
                result *= power;
            }

            power = power.Square();
            exponent >>= 1;
        }

        return result;
    }

    /// <summary>
    /// A square root, for generating test points only (docs/genus3.md G2): x is a square iff norm(x) is a square
    /// in F_p.
    /// </summary>
    public bool TrySqrt(out Fp2 root)
    {
        root = default;
        if (Im == 0)
        {
            if (MersenneField.TrySqrt(Re, out uint r))
            {
                root = new Fp2(r, 0);
                return true;
            }

            // −1 is a non-square mod p, so −Re is a square and √Re = √(−Re)·a.
            MersenneField.TrySqrt(MersenneField.Negate(Re), out r);
            root = new Fp2(0, r);
            return true;
        }

        if (!MersenneField.TrySqrt(Norm(), out uint t))
        {
            return false;
        }

        uint half = MersenneField.Invert(2);
        foreach (uint sign in new[] { t, MersenneField.Negate(t) })
        {
            uint candidate = MersenneField.Mul(MersenneField.Add(Re, sign), half);
            if (candidate != 0 && MersenneField.TrySqrt(candidate, out uint r0))
            {
                uint r1 = MersenneField.Mul(Im, MersenneField.Invert(MersenneField.Add(r0, r0)));
                root = new Fp2(r0, r1);
                return true;
            }
        }

        return false;
    }

    public bool Equals(Fp2 other) => Re == other.Re && Im == other.Im;

    public override bool Equals(object? obj) => obj is Fp2 other && Equals(other);

    public override int GetHashCode() => (int)(Re * 31 + Im);

    public static bool operator ==(Fp2 x, Fp2 y) => x.Equals(y);

    public static bool operator !=(Fp2 x, Fp2 y) => !x.Equals(y);

    public override string ToString() =>
        "[" + Re.ToString(System.Globalization.CultureInfo.InvariantCulture) + ","
            + Im.ToString(System.Globalization.CultureInfo.InvariantCulture) + "]";
}
