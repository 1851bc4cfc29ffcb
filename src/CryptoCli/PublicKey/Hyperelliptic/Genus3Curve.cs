// The genus-3 hyperelliptic curve C_t: y^2 = x^7 + f5x^5 + f4x^4 + f3x^3 + f2x^2 + f1x + f0 over F_{p^2},
// p = 2^31 − 1, of Kozaki and Matsuo, "Scalar multiplication on genus-3 hyperelliptic curves using skew-Frobenius
// maps" (2010). Parameters, group order and eigenvalue as recomputed and checked in docs/genus3.md G1 and G6.
// Group order N: 186 bits, prime. Scalars of any size are reduced mod N.
using System;
using System.Globalization;
using System.Numerics;

namespace CryptoCli;

/// <summary>
/// The Jacobian of the genus-3 hyperelliptic curve C_t: y² = f(x) over F_{p²}, p = 2³¹ − 1, of Kozaki and Matsuo
/// (2010), whose prime group order is <see cref="Order"/> (186 bits): the group law and scalar multiplication by
/// width-5 NAF, plain or with the skew-Frobenius map φ~ (φ~² = −1), which halves the doublings.
/// </summary>
/// <remarks>
/// <para>Research primitive: it reproduces the paper's scalar multiplication for study and benchmarking. Index-calculus
/// attacks weaken genus-3 curves well below the generic square-root bound, and the group order is only 186 bits:
/// do not use this curve to protect data.</para>
/// <para>Not constant-time: the NAF recoding, the data-dependent additions, and the branches of the explicit formulas
/// and of Cantor's algorithm all leak the scalar through timing. Use it with public scalars only.</para>
/// <para>The group law uses explicit generic formulas derived from Cantor's algorithm (docs/genus3.md G4), falling back
/// to Cantor's algorithm on the rare non-generic inputs.</para>
/// </remarks>
public static class Genus3Curve
{
    // Curve coefficients f_0..f_5 (f_6 = 0, f_7 = 1), from docs/genus3.md G1 and the vector file's [params] block.
    internal static readonly Fp2 F0 = new(1352297621, 545614834);
    internal static readonly Fp2 F1 = new(1064534894, 1994659678);
    internal static readonly Fp2 F2 = new(1088566058, 1890525800);
    internal static readonly Fp2 F3 = new(1922630011, 1004370797);
    internal static readonly Fp2 F4 = new(147978801, 1115837825);
    internal static readonly Fp2 F5 = new(1102784164, 2099349210);
    internal static readonly Fp2 F6 = Fp2.Zero;

    /// <summary>f as a polynomial, for Cantor's algorithm and validity checks.</summary>
    internal static readonly Fp2Polynomial FPolynomial =
        Fp2Polynomial.FromCoefficients(new[] { F0, F1, F2, F3, F4, F5, F6, Fp2.One });

    /// <summary>N = #J_{C_t}(F_{p²}), prime, 186 bits (docs/genus3.md G1).</summary>
    private static readonly BigInteger s_order =
        BigInteger.Parse("98079714318600830925907379976418932363002686240710265273", CultureInfo.InvariantCulture);

    /// <summary>s with φ~(D) = [s]D, s² ≡ −1 (mod N) (docs/genus3.md G6).</summary>
    private static readonly BigInteger s_eigenvalue =
        BigInteger.Parse("1616436919428963319651668591802486325352246272708711039", CultureInfo.InvariantCulture);

    /// <summary>The group order N = #J(F_{p²}), a 186-bit prime.</summary>
    public static BigInteger Order => s_order;

    /// <summary>The eigenvalue s of the skew-Frobenius map: φ~(D) = [s]D for every D, s² ≡ −1 (mod N).</summary>
    public static BigInteger SkewFrobeniusEigenvalue => s_eigenvalue;

    /// <summary>The group law D1 + D2 (explicit formulas, Cantor's algorithm on special inputs).</summary>
    public static Genus3Divisor Add(Genus3Divisor left, Genus3Divisor right) => Genus3Arithmetic.Add(left, right);

    /// <summary>The doubling 2D.</summary>
    public static Genus3Divisor Twice(Genus3Divisor value) => Genus3Arithmetic.Double(value);

    /// <summary>
    /// The skew-Frobenius map φ~(x, y) = (CX·x^p, CY·y^p) on the Jacobian; φ~(φ~(D)) = −D and φ~(D) = [s]D.
    /// </summary>
    public static Genus3Divisor SkewFrobenius(Genus3Divisor value) => Genus3SkewFrobenius.Apply(value);

    /// <summary>
    /// [k]D by the fastest method, the skew-Frobenius interleaved NAF₅ (<see cref="MultiplySkewFrobenius"/>).
    /// Not constant-time.
    /// </summary>
    /// <param name="value">The divisor D.</param>
    /// <param name="scalar">k; any integer, reduced mod <see cref="Order"/> (negative k gives [−|k|]D).</param>
    public static Genus3Divisor Multiply(Genus3Divisor value, BigInteger scalar) =>
        MultiplySkewFrobenius(value, scalar);

    /// <summary>
    /// [k]D by plain width-5 NAF on the whole scalar reduced mod N: about 183 doublings and 30 additions for a
    /// 186-bit scalar. The baseline of the paper's comparison. Not constant-time.
    /// </summary>
    /// <param name="value">The divisor D.</param>
    /// <param name="scalar">k; any integer, reduced mod <see cref="Order"/>.</param>
    public static Genus3Divisor MultiplyNaf(Genus3Divisor value, BigInteger scalar)
    {
        Span<ulong> limbs = stackalloc ulong[Genus3ScalarMultiplication.ScalarLimbs];
        ToReducedLimbs(scalar, limbs);
        return Genus3ScalarMultiplication.MultiplyNaf(value, limbs);
    }

    /// <summary>
    /// [k]D by the skew-Frobenius method of Kozaki and Matsuo: k ≡ k0 + k1·s (mod N) with |k0|, |k1| &lt; 2⁹³
    /// (fixed-width lattice rounding), then [k0]D + [k1]φ~(D) by interleaved width-5 NAF, with the odd multiples of
    /// φ~(D) obtained by applying φ~ to those of D. About 91 doublings and 31 additions. Not constant-time.
    /// </summary>
    /// <param name="value">The divisor D.</param>
    /// <param name="scalar">k; any integer, reduced mod <see cref="Order"/>.</param>
    public static Genus3Divisor MultiplySkewFrobenius(Genus3Divisor value, BigInteger scalar)
    {
        Span<ulong> limbs = stackalloc ulong[Genus3ScalarMultiplication.ScalarLimbs];
        ToReducedLimbs(scalar, limbs);
        return Genus3ScalarMultiplication.MultiplySkewFrobenius(value, limbs);
    }

    /// <summary>The point P = (x, y) as the divisor P − ∞ = (x − x_P, y_P); false when P is not on the curve.</summary>
    internal static bool TryFromPoint(Fp2 x, Fp2 y, out Genus3Divisor divisor)
    {
        divisor = new Genus3Divisor(1, -x, Fp2.Zero, Fp2.Zero, y, Fp2.Zero, Fp2.Zero);
        return y.Square() == EvaluateF(x);
    }

    internal static Fp2 EvaluateF(Fp2 x)
    {
        Fp2 result = Fp2.One;
        foreach (Fp2 c in new[] { F6, F5, F4, F3, F2, F1, F0 })
        {
            result = result * x + c;
        }

        return result;
    }

    /// <summary>
    /// k mod N as little-endian 64-bit limbs. BigInteger is used only here, once per call, at the API boundary.
    /// </summary>
    internal static void ToReducedLimbs(BigInteger scalar, Span<ulong> limbs)
    {
        if (scalar.Sign < 0 || scalar >= s_order)
        {
            scalar %= s_order;
            if (scalar.Sign < 0)
            {
                scalar += s_order;
            }
        }

        byte[] bytes = scalar.ToByteArray(); // little-endian two's complement, at most 24 bytes + a sign byte
        limbs.Clear();
        for (int i = 0; i < bytes.Length && i < limbs.Length * 8; i++)
        {
            limbs[i >> 3] |= (ulong)bytes[i] << ((i & 7) * 8);
        }
    }
}
