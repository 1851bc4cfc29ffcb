// Explicit straight-line formulas for the generic genus-3 addition and doubling over F_{p^2}, h = 0
// (docs/genus3.md G4: one Cantor composition plus one reduction step, derived there from Cantor and checked against
// it). Addition costs 1I + 84M + 5S, doubling 1I + 94M + 6S in F_{p^2}. Inputs outside the generic case
// (degree < 3, equal or opposite u, a zero resultant, deg s < 2) go to Cantor's algorithm.
using System.Runtime.CompilerServices;

namespace CryptoCli;

/// <summary>
/// The genus-3 group law: explicit generic formulas with Cantor's algorithm as fallback. Not constant-time.
/// </summary>
internal static class Genus3Arithmetic
{
    /// <summary>D1 + D2, with the dispatch of docs/genus3.md G4.</summary>
    public static Genus3Divisor Add(in Genus3Divisor d1, in Genus3Divisor d2)
    {
        if (d1.Degree == 3 && d2.Degree == 3)
        {
            if (d1.U0 == d2.U0 && d1.U1 == d2.U1 && d1.U2 == d2.U2)
            {
                if (d1.V0 == d2.V0 && d1.V1 == d2.V1 && d1.V2 == d2.V2)
                {
                    return Double(d1);
                }
            }
            else if (TryAddGeneric(d1, d2, out Genus3Divisor sum))
            {
                return sum;
            }
        }

        return Genus3Cantor.Add(d1, d2);
    }

    /// <summary>2D, explicit when generic, Cantor otherwise.</summary>
    public static Genus3Divisor Double(in Genus3Divisor d)
    {
        if (d.Degree == 3 && TryDoubleGeneric(d, out Genus3Divisor result))
        {
            return result;
        }

        return Genus3Cantor.Double(d);
    }

    /// <summary>
    /// Generic addition of two degree-3 divisors with different u; false when the input is not generic.
    /// </summary>
    internal static bool TryAddGeneric(in Genus3Divisor d1, in Genus3Divisor d2, out Genus3Divisor sum)
    {
        // m = U2, t = U1 − U2 = U1 mod U2, w = V2 − V1, K13 = f6 − u12.
        return TryCore(
            d1,
            d2.U2, d2.U1, d2.U0,
            d1.U2 - d2.U2, d1.U1 - d2.U1, d1.U0 - d2.U0,
            d2.V2 - d1.V2, d2.V1 - d1.V1, d2.V0 - d1.V0,
            Genus3Curve.F6 - d1.U2,
            out sum);
    }

    /// <summary>Generic doubling of a degree-3 divisor; false when the input is not generic.</summary>
    internal static bool TryDoubleGeneric(in Genus3Divisor d, out Genus3Divisor result)
    {
        Fp2 u12 = d.U2, u11 = d.U1, u10 = d.U0, v12 = d.V2, v11 = d.V1;

        // K1 = (f − V1²)/U1 = x^4 + k3x^3 + k2x^2 + k1x + k0, and w = K1 mod U1.
        Fp2 k3 = Genus3Curve.F6 - u12;
        Fp2 k2 = Fp2.MinusMul(Genus3Curve.F5 - u11, u12, k3);
        Fp2 k1 = Fp2.MinusMul(Genus3Curve.F4 - u10 - Fp2.MulAdd(u11, k3, u12, k2), v12, v12);
        Fp2 k0 = Fp2.MinusMul(Genus3Curve.F3 - Fp2.MulAdd(u11, k2, u12, k1) - (v12 * v11).Double(), u10, k3);
        Fp2 c = k3 - u12;
        Fp2 w2 = Fp2.MinusMul(k2 - u11, c, u12);
        Fp2 w1 = Fp2.MinusMul(k1 - u10, c, u11);
        Fp2 w0 = Fp2.MinusMul(k0, c, u10);

        // m = U1, t = 2·V1.
        return TryCore(
            d,
            u12, u11, u10,
            v12.Double(), v11.Double(), d.V0.Double(),
            w2, w1, w0,
            k3,
            out result);
    }

    /// <summary>
    /// The common core: s ≡ w/t (mod m), then u' = (s~²U1 + 2z·s~V1 − z²K1)/m, v' = −s2·((s~U1 + zV1) mod u'),
    /// u'' = (f − v'²)/u', v'' = −v' mod u''. U1 and V1 come from <paramref name="d1"/>. Steps 1–2 and 3 stay out of
    /// line, so that the JIT inlines every field operation inside each part (one method of this size exhausts its
    /// inlining budget and calls the operators instead).
    /// </summary>
    private static bool TryCore(
        in Genus3Divisor d1,
        Fp2 m2, Fp2 m1, Fp2 m0,
        Fp2 a2, Fp2 a1, Fp2 a0,
        Fp2 w2, Fp2 w1, Fp2 w0,
        Fp2 k13,
        out Genus3Divisor result)
    {
        if (!TrySolve(m2, m1, m0, a2, a1, a0, w2, w1, w0, out Fp2 s1, out Fp2 s0, out Fp2 z, out Fp2 bigS2))
        {
            result = default;
            return false;
        }

        Quartic q = NewU(d1, m2, m1, m0, s1, s0, z, k13);
        result = Finish(d1, q, s1, s0, z, bigS2);
        return true;
    }

    /// <summary>u' = x^4 + Q3x^3 + Q2x^2 + Q1x + Q0.</summary>
    private struct Quartic
    {
        public Fp2 Q3, Q2, Q1, Q0;
    }

    /// <summary>
    /// Steps 1–2: solve t·s ≡ w (mod m) with the adjugate of the matrix of z ↦ t·z mod m (columns a = t,
    /// b = x·a mod m, c = x·b mod m), then one inversion gives the monic s~ = x^2 + s1·x + s0, z = 1/s2 and s2.
    /// False when the resultant r or s'2 is zero (not generic).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool TrySolve(
        Fp2 m2, Fp2 m1, Fp2 m0,
        Fp2 a2, Fp2 a1, Fp2 a0,
        Fp2 w2, Fp2 w1, Fp2 w0,
        out Fp2 s1, out Fp2 s0, out Fp2 z, out Fp2 bigS2)
    {
        Fp2 b0 = Fp2.MinusMul(Fp2.Zero, m0, a2), b1 = Fp2.MinusMul(a0, m1, a2), b2 = Fp2.MinusMul(a1, m2, a2);
        Fp2 c0 = Fp2.MinusMul(Fp2.Zero, m0, b2), c1 = Fp2.MinusMul(b0, m1, b2), c2 = Fp2.MinusMul(b1, m2, b2);
        Fp2 adj00 = Fp2.MulSub(b1, c2, b2, c1), adj01 = Fp2.MulSub(b2, c0, b0, c2), adj02 = Fp2.MulSub(b0, c1, b1, c0);
        Fp2 adj20 = Fp2.MulSub(a1, b2, a2, b1), adj21 = Fp2.MulSub(a2, b0, a0, b2), adj22 = Fp2.MulSub(a0, b1, a1, b0);
        Fp2 r = Fp2.MulPlus(a2, adj02, Fp2.MulAdd(a0, adj00, a1, adj01));
        Fp2 sp2 = Fp2.MulPlus(adj22, w2, Fp2.MulAdd(adj20, w0, adj21, w1));
        if (r.IsZero || sp2.IsZero)
        {
            s1 = s0 = z = bigS2 = default;
            return false;
        }

        // The inversion is one long dependency chain; s'1 and s'0 come after it in program order so that the
        // processor computes them while the chain is in flight.
        Fp2 i1 = (r * sp2).Invert();
        Fp2 adj10 = Fp2.MulSub(a2, c1, a1, c2), adj11 = Fp2.MulSub(a0, c2, a2, c0), adj12 = Fp2.MulSub(a1, c0, a0, c1);
        Fp2 sp1 = Fp2.MulPlus(adj12, w2, Fp2.MulAdd(adj10, w0, adj11, w1));
        Fp2 sp0 = Fp2.MulPlus(adj02, w2, Fp2.MulAdd(adj00, w0, adj01, w1));
        Fp2 i = i1 * r;             // 1/s'2
        s1 = sp1 * i;
        s0 = sp0 * i;
        z = r * i;                  // 1/s2
        bigS2 = i1 * sp2.Square();  // s2
        return true;
    }

    /// <summary>Step 3: u' from the top coefficients of s~²U1 + 2z·s~V1 − z²K1, divided by m.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static Quartic NewU(in Genus3Divisor d1, Fp2 m2, Fp2 m1, Fp2 m0, Fp2 s1, Fp2 s0, Fp2 z, Fp2 k13)
    {
        Fp2 u12 = d1.U2, u11 = d1.U1, u10 = d1.U0;
        Fp2 z2 = z.Square();
        Fp2 twoS1 = s1.Double();
        Fp2 e2 = s1.Square() + s0.Double();
        Fp2 e1 = (s0 * s1).Double();
        Fp2 e0 = s0.Square();
        Fp2 d6 = u12 + twoS1;
        Fp2 d5 = Fp2.MulPlus(twoS1, u12, u11 + e2);
        Fp2 d4 = u10 + Fp2.MulAdd(twoS1, u11, e2, u12) + e1;
        Fp2 d3 = Fp2.MulPlus(e1, u12, Fp2.MulAdd(twoS1, u10, e2, u11) + e0);
        Fp2 zv12 = z * d1.V2;
        Fp2 bigA4 = d4 + zv12.Double() - z2;
        Fp2 bigA3 = Fp2.MinusMul(d3 + Fp2.MulAdd(z, d1.V1, s1, zv12).Double(), z2, k13);
        Quartic q;
        q.Q3 = d6 - m2;
        q.Q2 = Fp2.MinusMul(d5 - m1, m2, q.Q3);
        q.Q1 = bigA4 - Fp2.MulAdd(m2, q.Q2, m1, q.Q3) - m0;
        q.Q0 = Fp2.MinusMul(bigA3 - Fp2.MulAdd(m2, q.Q1, m1, q.Q2), m0, q.Q3);
        return q;
    }

    /// <summary>Steps 4–6: v' = −s2·((s~U1 + zV1) mod u'), u'' = (f − v'²)/u', v'' = −(v' mod u'').</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Genus3Divisor Finish(in Genus3Divisor d1, in Quartic q, Fp2 s1, Fp2 s0, Fp2 z, Fp2 bigS2)
    {
        Fp2 u12 = d1.U2, u11 = d1.U1, u10 = d1.U0;
        Fp2 q3 = q.Q3, q2 = q.Q2, q1 = q.Q1, q0 = q.Q0;
        Fp2 g4 = u12 + s1;
        Fp2 g3 = Fp2.MulPlus(s1, u12, u11 + s0);
        Fp2 g2 = Fp2.MulPlus(z, d1.V2, u10 + Fp2.MulAdd(s1, u11, s0, u12));
        Fp2 g1 = Fp2.MulPlus(z, d1.V1, Fp2.MulAdd(s1, u10, s0, u11));
        Fp2 g0 = Fp2.MulAdd(s0, u10, z, d1.V0);
        Fp2 c = g4 - q3;
        Fp2 negS2 = -bigS2;
        Fp2 vp3 = negS2 * Fp2.MinusMul(g3 - q2, c, q3);
        Fp2 vp2 = negS2 * Fp2.MinusMul(g2 - q1, c, q2);
        Fp2 vp1 = negS2 * Fp2.MinusMul(g1 - q0, c, q1);
        Fp2 vp0 = negS2 * Fp2.MinusMul(g0, c, q0);

        Fp2 n6 = Fp2.MinusMul(Genus3Curve.F6, vp3, vp3);
        Fp2 n5 = Genus3Curve.F5 - (vp3 * vp2).Double();
        Fp2 n4 = Genus3Curve.F4 - Fp2.MulAdd(vp3.Double(), vp1, vp2, vp2);
        Fp2 p2 = n6 - q3;
        Fp2 p1 = Fp2.MinusMul(n5 - q2, q3, p2);
        Fp2 p0 = n4 - Fp2.MulAdd(q3, p1, q2, p2) - q1;

        return new Genus3Divisor(3, p0, p1, p2, Fp2.MulMinus(vp3, p0, vp0), Fp2.MulMinus(vp3, p1, vp1),
            Fp2.MulMinus(vp3, p2, vp2));
    }
}
