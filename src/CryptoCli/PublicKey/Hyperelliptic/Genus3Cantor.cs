// Cantor's algorithm for y^2 = f(x), h = 0, genus 3 (docs/genus3.md G4): composition by two extended GCDs, then
// reduction steps u ← (f − v²)/u until deg u ≤ 3. Correct for every input, slow (allocating polynomials):
// the fast path in Genus3Arithmetic falls back to it on non-generic inputs.
namespace CryptoCli;

/// <summary>The genus-3 group law by Cantor's algorithm: the always-correct baseline.</summary>
internal static class Genus3Cantor
{
    public static Genus3Divisor Add(in Genus3Divisor first, in Genus3Divisor second)
    {
        Fp2Polynomial u1 = first.UPolynomial(), v1 = first.VPolynomial();
        Fp2Polynomial u2 = second.UPolynomial(), v2 = second.VPolynomial();

        // Composition.
        Fp2Polynomial d1 = Fp2Polynomial.ExtendedGcd(u1, u2, out Fp2Polynomial e1, out Fp2Polynomial e2);
        Fp2Polynomial d = Fp2Polynomial.ExtendedGcd(d1, v1 + v2, out Fp2Polynomial c1, out Fp2Polynomial c2);
        Fp2Polynomial s1 = c1 * e1, s2 = c1 * e2, s3 = c2;
        Fp2Polynomial u = u1 * u2 / (d * d);
        Fp2Polynomial v = (s1 * u1 * v2 + s2 * u2 * v1 + s3 * (v1 * v2 + Genus3Curve.FPolynomial)) / d % u;

        // Reduction.
        while (u.Degree > 3)
        {
            u = (Genus3Curve.FPolynomial - v * v) / u;
            v = -v % u;
        }

        u = u.MakeMonic();
        return Genus3Divisor.FromPolynomials(u, v % u);
    }

    public static Genus3Divisor Double(in Genus3Divisor value) => Add(value, value);
}
