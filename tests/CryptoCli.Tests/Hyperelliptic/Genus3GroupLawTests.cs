using System;
using System.Numerics;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>Curve data identities, the group law, and explicit formulas against Cantor (docs/genus3.md G9).</summary>
public class Genus3GroupLawTests
{
    private const uint P = MersenneField.P;

    private static readonly Fp2 Lambda = new(1622772037, 1721520009); // docs/genus3.md G1

    private static readonly Fp2[] F =
    {
        Genus3Curve.F0, Genus3Curve.F1, Genus3Curve.F2, Genus3Curve.F3, Genus3Curve.F4, Genus3Curve.F5, Genus3Curve.F6, Fp2.One,
    };

    [Fact]
    public void CurveData_Identities()
    {
        Fp2 cx = Genus3SkewFrobenius.CX, cy = Genus3SkewFrobenius.CY;
        Fp2 minusOne = -Fp2.One;
        Assert.Equal(Fp2.One, cx.Pow(P + 1));
        Assert.Equal(minusOne, cy.Pow(P + 1));
        Assert.Equal(cx.Pow(7), cy.Square());
        for (int i = 0; i <= 7; i++)
        {
            Assert.True(cy.Square() * F[i].Conjugate() == F[i] * cx.Pow(i), $"CY^2·conj(f_{i}) = f_{i}·CX^{i}");
        }

        // CX = λ^(p−1) = conj(λ)/λ and CY = λ^(7(p−1)/2): the constants come from the twist parameter.
        Assert.Equal(Lambda.Conjugate() * Lambda.Invert(), cx);
        Assert.Equal(Lambda.Pow(7 * (BigInteger)(P - 1) / 2), cy);

        // The precomputed powers of docs/genus3.md G5.
        Assert.Equal(new Fp2(784111001, 1264388996), cx * cx);
        Assert.Equal(new Fp2(83421877, 747815570), cx * cx * cx);
        Assert.Equal(new Fp2(2082977862, 126316650), cy * cx.Invert());
        Assert.Equal(new Fp2(43853355, 1794012119), cy * cx.Invert() * cx.Invert());

        // N = RA^2 + RB^2, s^2 ≡ −1 and s = −RA/RB (mod N).
        BigInteger n = Genus3Curve.Order, s = Genus3Curve.SkewFrobeniusEigenvalue;
        Assert.Equal(n, Genus3SkewFrobenius.RA * Genus3SkewFrobenius.RA + Genus3SkewFrobenius.RB * Genus3SkewFrobenius.RB);
        Assert.Equal(n - 1, s * s % n);
        Assert.Equal(s, (n - Genus3SkewFrobenius.RA * BigInteger.ModPow(Genus3SkewFrobenius.RB, n - 2, n) % n) % n);
        Assert.Equal(186, (int)Math.Ceiling(BigInteger.Log(n, 2)));
    }

    [Fact]
    public void GroupLaw_Properties()
    {
        var random = TestRandom.Create(3201);
        for (int i = 0; i < 30; i++)
        {
            Genus3Divisor a = Genus3TestData.RandomDivisor(random, 1 + (i % 3));
            Genus3Divisor b = Genus3TestData.RandomDivisor(random, 1 + (i / 3 % 3));
            Genus3Divisor c = Genus3TestData.RandomDivisor(random);
            foreach (Genus3Divisor d in new[] { a, b, c })
            {
                Assert.True(d.IsValid(), d.ToString());
                Assert.Equal(d, d + Genus3Divisor.Identity);
                Assert.Equal(d, Genus3Divisor.Identity + d);
                Assert.Equal(Genus3Divisor.Identity, d + (-d));
                Assert.Equal(Genus3Divisor.Identity, Genus3Cantor.Add(d, d.Negate()));
                Assert.Equal(Genus3Cantor.Add(d, d), Genus3Curve.Twice(d));
                Assert.Equal(d + d, Genus3Curve.Twice(d));
            }

            Genus3Divisor ab = a + b;
            Assert.True(ab.IsValid());
            Assert.Equal(ab, b + a);
            Assert.Equal(Genus3Cantor.Add(a, b), ab);
            Assert.Equal((a + b) + c, a + (b + c));
            Assert.Equal(Genus3Cantor.Add(Genus3Cantor.Add(a, b), c), Genus3Cantor.Add(a, Genus3Cantor.Add(b, c)));
            Assert.Equal(a, ab - b);
        }
    }

    [Fact]
    public void GroupOrder_KillsDivisorsOfEveryDegree()
    {
        var random = TestRandom.Create(3202);
        BigInteger n = Genus3Curve.Order;
        for (int degree = 1; degree <= 3; degree++)
        {
            for (int i = 0; i < 2; i++)
            {
                Genus3Divisor d = Genus3TestData.RandomDivisor(random, degree);

                // Cantor-only double-and-add: independent of the explicit formulas and of the NAF code.
                Assert.True(Genus3ScalarMultiplication.MultiplyDoubleAndAddCantor(d, BigLimbs(n)).IsIdentity, $"[N]D = O, degree {degree}");
                Assert.Equal(d.Negate(), Genus3ScalarMultiplication.MultiplyDoubleAndAddCantor(d, BigLimbs(n - 1)));
                Assert.Equal(d.Negate(), Genus3Curve.MultiplyNaf(d, n - 1));
                Assert.Equal(d.Negate(), Genus3Curve.MultiplySkewFrobenius(d, n - 1));
                Assert.True(Genus3Curve.MultiplyNaf(d, n).IsIdentity);
            }
        }
    }

    [Fact]
    public void ExplicitFormulas_BitIdenticalToCantor_RandomGeneric()
    {
        var random = TestRandom.Create(3203);
        Genus3Divisor a = Genus3TestData.RandomDivisor(random), b = Genus3TestData.RandomDivisor(random);
        int generic = 0;
        for (int i = 0; i < 2000; i++)
        {
            // Walk through the group: each step is a fresh, unrelated-looking generic divisor.
            Assert.True(Genus3Arithmetic.TryAddGeneric(a, b, out Genus3Divisor sum), $"addition {i} not generic");
            Assert.Equal(Genus3Cantor.Add(a, b), sum);
            Assert.True(Genus3Arithmetic.TryDoubleGeneric(a, out Genus3Divisor twice), $"doubling {i} not generic");
            Assert.Equal(Genus3Cantor.Double(a), twice);
            Assert.True(sum.IsValid() && twice.IsValid());
            generic += 2;
            (a, b) = (sum, twice);
        }

        Assert.Equal(4000, generic);
    }

    [Fact]
    public void ExplicitFormulas_SpecialInputs_FallBackCorrectly()
    {
        var random = TestRandom.Create(3204);
        for (int i = 0; i < 20; i++)
        {
            Genus3Divisor pt = Genus3TestData.RandomPoint(random), q = Genus3TestData.RandomPoint(random);
            Genus3Divisor r = Genus3TestData.RandomPoint(random), s = Genus3TestData.RandomPoint(random);
            Genus3Divisor t = Genus3TestData.RandomPoint(random);
            Genus3Divisor pqr = Genus3Cantor.Add(Genus3Cantor.Add(pt, q), r);
            Genus3Divisor pst = Genus3Cantor.Add(Genus3Cantor.Add(pt, s), t);
            Genus3Divisor minusPst = Genus3Cantor.Add(Genus3Cantor.Add(pt.Negate(), s), t);
            Genus3Divisor ps = Genus3Cantor.Add(pt, s);
            Assert.Equal(3, pqr.Degree);

            // Shared point: Res(U1, U2) = 0, so the generic core must refuse, and Add must still be right.
            Assert.False(Genus3Arithmetic.TryAddGeneric(pqr, pst, out _));
            CheckAgainstCantor(pqr, pst);

            // Opposite points (P and −P): again a common factor of u.
            Assert.False(Genus3Arithmetic.TryAddGeneric(pqr, minusPst, out _));
            CheckAgainstCantor(pqr, minusPst);

            // Degree-1 and -2 inputs, D + D through the addition entry point, D + (−D).
            CheckAgainstCantor(pqr, ps);
            CheckAgainstCantor(ps, pqr);
            CheckAgainstCantor(pt, pqr);
            CheckAgainstCantor(pt, q);
            CheckAgainstCantor(pqr, pqr);
            Assert.Equal(Genus3Cantor.Double(pqr), Genus3Arithmetic.Add(pqr, pqr));
            Assert.True(Genus3Arithmetic.Add(pqr, pqr.Negate()).IsIdentity);
            CheckAgainstCantor(Genus3Divisor.Identity, pqr);
            CheckAgainstCantor(Genus3Divisor.Identity, Genus3Divisor.Identity);
            Assert.Equal(Genus3Cantor.Double(ps), Genus3Arithmetic.Double(ps));
            Assert.Equal(Genus3Cantor.Double(pt), Genus3Arithmetic.Double(pt));
        }
    }

    private static void CheckAgainstCantor(Genus3Divisor a, Genus3Divisor b)
    {
        Genus3Divisor expected = Genus3Cantor.Add(a, b);
        Genus3Divisor actual = Genus3Arithmetic.Add(a, b);
        Assert.True(expected == actual, $"{a} + {b}: expected {expected}, got {actual}");
        Assert.True(actual.IsValid());
    }

    private static ulong[] BigLimbs(BigInteger k)
    {
        var limbs = new ulong[3];
        for (int i = 0; i < 3; i++)
        {
            limbs[i] = (ulong)(k & ulong.MaxValue);
            k >>= 64;
        }

        return limbs;
    }
}
