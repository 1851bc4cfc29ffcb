// Modular inversion by Bernstein and Yang's divsteps ("Fast constant-time gcd computation and modular inversion",
// CHES 2019, eprint 2019/266), in the variable-time form with batches of 62 divsteps described by the authors of
// libsecp256k1 (Wuille, "The safegcd implementation in libsecp256k1 explained"): each batch works on the low 64 bits
// of f and g only and yields a 2x2 matrix scaled by 2^62, which is then applied to the full values (f, g) and to the
// Bezout coefficients (d, e) modulo m. Numbers are in "signed62" form: four signed limbs of 62 bits
// (value = v0 + v1 2^62 + v2 2^124 + v3 2^186, v0..v2 in [0, 2^62) once normalised, v3 signed).
// VARIABLE-TIME: its branches and iteration count depend on the input (public or blinded values only). .NET only
// (128-bit products); the binary extended Euclidean algorithm in P192Scalar is the portable path and the reference.

#if NET
using System;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace CryptoCli;

/// <summary>
/// A modulus for <see cref="P192SafeGcd"/>: odd, below 2^192, in signed62 form, with its inverse modulo 2^62.
/// </summary>
internal sealed class P192SafeGcdModulus
{
    public P192SafeGcdModulus(ulong m0, ulong m1, ulong m2)
    {
        P192SafeGcd.ToSigned62(m0, m1, m2, out V0, out V1, out V2, out V3);

        // Newton's iteration: each step doubles the number of correct low bits (3 to start with, for odd m).
        ulong inverse = m0;
        for (int i = 0; i < 5; i++)
        {
            inverse *= 2 - (m0 * inverse);
        }

        Inverse62 = inverse & P192SafeGcd.Mask62;
    }

    public readonly long V0;
    public readonly long V1;
    public readonly long V2;
    public readonly long V3;

    /// <summary>m^-1 mod 2^62.</summary>
    public readonly ulong Inverse62;
}

internal static class P192SafeGcd
{
    internal const ulong Mask62 = ulong.MaxValue >> 2;

    public static readonly P192SafeGcdModulus FieldPrime =
        new(P192FieldElement.P0, P192FieldElement.P1, P192FieldElement.P2);

    public static readonly P192SafeGcdModulus GroupOrder = new(P192Scalar.N0, P192Scalar.N1, P192Scalar.N2);

    internal static void ToSigned62(ulong a0, ulong a1, ulong a2, out long v0, out long v1, out long v2, out long v3)
    {
        v0 = (long)(a0 & Mask62);
        v1 = (long)(((a0 >> 62) | (a1 << 2)) & Mask62);
        v2 = (long)(((a1 >> 60) | (a2 << 4)) & Mask62);
        v3 = (long)(a2 >> 58);
    }

    /// <summary>a^-1 mod m for a in [0, m-1] (0 maps to 0) and m prime. VARIABLE-TIME.</summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void InvertVariableTime(ulong a0, ulong a1, ulong a2, P192SafeGcdModulus m, out ulong r0,
        out ulong r1, out ulong r2)
    {
        // Invariants (mod m): d * a = f and e * a = g, up to the common factor 2^(-62 * batches) that the matrix
        // application removes from d and e along the way. Start: d = 0, e = 1, f = m, g = a, eta = -1.
        long d0 = 0, d1 = 0, d2 = 0, d3 = 0;
        long e0 = 1, e1 = 0, e2 = 0, e3 = 0;
        long f0 = m.V0, f1 = m.V1, f2 = m.V2, f3 = m.V3;
        ToSigned62(a0, a1, a2, out long g0, out long g1, out long g2, out long g3);
        long eta = -1;
        while (true)
        {
            eta = DivSteps62(eta, (ulong)f0, (ulong)g0, out long u, out long v, out long q, out long r);
            UpdateDe(ref d0, ref d1, ref d2, ref d3, ref e0, ref e1, ref e2, ref e3, u, v, q, r, m);
            UpdateFg(ref f0, ref f1, ref f2, ref f3, ref g0, ref g1, ref g2, ref g3, u, v, q, r);
            if ((g0 | g1 | g2 | g3) == 0)
            {
                break;
            }
        }

        // Now f = +-gcd(m, a) = +-1 and d = +-a^-1: d in (-2m, m), brought to [0, m) with the sign of f.
        Normalize(ref d0, ref d1, ref d2, ref d3, f3, m);
        r0 = (ulong)d0 | ((ulong)d1 << 62);
        r1 = ((ulong)d1 >> 2) | ((ulong)d2 << 60);
        r2 = ((ulong)d2 >> 4) | ((ulong)d3 << 58);
    }

    /// <summary>
    /// 62 divsteps on the low 64 bits of f (odd) and g: returns the new eta and the transition matrix [u v; q r],
    /// scaled by 2^62, such that 2^62 [f'; g'] = [u v; q r] [f; g]. Runs of zeros in g are skipped at once, and up to
    /// 6 (or 4) bits of g are cancelled per step with a small inverse of f modulo 2^6 (2^4).
    /// </summary>
    private static long DivSteps62(long eta, ulong f, ulong g, out long uOut, out long vOut, out long qOut,
        out long rOut)
    {
        ulong u = 1, v = 0, q = 0, r = 1;
        int i = 62;
        while (true)
        {
            // A sentinel bit makes the count stop at i.
            int zeros = BitOperations.TrailingZeroCount(g | (ulong.MaxValue << i));
            g >>= zeros;
            u <<= zeros;
            v <<= zeros;
            eta -= zeros;
            i -= zeros;
            if (i == 0)
            {
                break;
            }

            ulong w;
            int limit;
            if (eta < 0)
            {
                // Swap: f, g = g, -f (and the matrix rows alike), eta = -eta.
                eta = -eta;
                ulong t = f;
                f = g;
                g = 0 - t;
                t = u;
                u = q;
                q = 0 - t;
                t = v;
                v = r;
                r = 0 - t;
                limit = (int)eta + 1 > i ? i : (int)eta + 1;
                ulong mask = (ulong.MaxValue >> (64 - limit)) & 63;
                w = (f * g * ((f * f) - 2)) & mask; // -g / f mod 2^6
            }
            else
            {
                limit = (int)eta + 1 > i ? i : (int)eta + 1;
                ulong mask = (ulong.MaxValue >> (64 - limit)) & 15;
                w = f + (((f + 1) & 4) << 1); // f^-1 mod 2^4
                w = (0 - (w * g)) & mask;
            }

            g += f * w;
            q += u * w;
            r += v * w;
        }

        uOut = (long)u;
        vOut = (long)v;
        qOut = (long)q;
        rOut = (long)r;
        return eta;
    }

    /// <summary>
    /// A signed 128-bit accumulator: hi:lo in two's complement (the runtime's Int128 operators are calls here).
    /// </summary>
    private struct Accumulator
    {
        public ulong Lo;
        public long Hi;

        /// <summary>+= a * b (signed): the unsigned product, corrected in its high word for negative factors.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Add(long a, long b)
        {
            ulong high = P192FieldElement.Multiply64((ulong)a, (ulong)b, out ulong low);
            long signedHigh = (long)high - ((a >> 63) & b) - ((b >> 63) & a);
            ulong sum = Lo + low;
            Hi += signedHigh + (sum < low ? 1L : 0L);
            Lo = sum;
        }

        /// <summary>The low 62 bits, then the value shifted right by 62 (arithmetic).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public long TakeLow62()
        {
            long low = (long)(Lo & Mask62);
            Lo = (Lo >> 62) | ((ulong)Hi << 2);
            Hi >>= 62;
            return low;
        }
    }

    /// <summary>
    /// [d; e] = [u v; q r] [d; e] / 2^62 mod m, the division made exact by adding multiples of m; keeps d, e in
    /// (-2m, m).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void UpdateDe(ref long d0, ref long d1, ref long d2, ref long d3, ref long e0, ref long e1,
        ref long e2, ref long e3, long u, long v, long q, long r, P192SafeGcdModulus m)
    {
        // md, me start as [u, q] when d < 0 plus [v, r] when e < 0, which keeps the results in range.
        long sd = d3 >> 63, se = e3 >> 63;
        long md = (u & sd) + (v & se);
        long me = (q & sd) + (r & se);
        Accumulator cd = default, ce = default;
        cd.Add(u, d0);
        cd.Add(v, e0);
        ce.Add(q, d0);
        ce.Add(r, e0);

        // Choose md, me so that the low 62 bits of t [d; e] + m [md; me] vanish.
        md -= (long)(((m.Inverse62 * cd.Lo) + (ulong)md) & Mask62);
        me -= (long)(((m.Inverse62 * ce.Lo) + (ulong)me) & Mask62);
        cd.Add(m.V0, md);
        ce.Add(m.V0, me);
        cd.TakeLow62(); // zero
        ce.TakeLow62();

        cd.Add(u, d1);
        cd.Add(v, e1);
        cd.Add(m.V1, md);
        ce.Add(q, d1);
        ce.Add(r, e1);
        ce.Add(m.V1, me);
        long nd0 = cd.TakeLow62(), ne0 = ce.TakeLow62();

        cd.Add(u, d2);
        cd.Add(v, e2);
        cd.Add(m.V2, md);
        ce.Add(q, d2);
        ce.Add(r, e2);
        ce.Add(m.V2, me);
        long nd1 = cd.TakeLow62(), ne1 = ce.TakeLow62();

        cd.Add(u, d3);
        cd.Add(v, e3);
        cd.Add(m.V3, md);
        ce.Add(q, d3);
        ce.Add(r, e3);
        ce.Add(m.V3, me);
        d0 = nd0;
        d1 = nd1;
        d2 = cd.TakeLow62();
        d3 = (long)cd.Lo;
        e0 = ne0;
        e1 = ne1;
        e2 = ce.TakeLow62();
        e3 = (long)ce.Lo;
    }

    /// <summary>[f; g] = [u v; q r] [f; g] / 2^62 (exact).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void UpdateFg(ref long f0, ref long f1, ref long f2, ref long f3, ref long g0, ref long g1,
        ref long g2, ref long g3, long u, long v, long q, long r)
    {
        Accumulator cf = default, cg = default;
        cf.Add(u, f0);
        cf.Add(v, g0);
        cg.Add(q, f0);
        cg.Add(r, g0);
        cf.TakeLow62(); // zero
        cg.TakeLow62();
        cf.Add(u, f1);
        cf.Add(v, g1);
        cg.Add(q, f1);
        cg.Add(r, g1);
        long nf0 = cf.TakeLow62(), ng0 = cg.TakeLow62();
        cf.Add(u, f2);
        cf.Add(v, g2);
        cg.Add(q, f2);
        cg.Add(r, g2);
        long nf1 = cf.TakeLow62(), ng1 = cg.TakeLow62();
        cf.Add(u, f3);
        cf.Add(v, g3);
        cg.Add(q, f3);
        cg.Add(r, g3);
        f0 = nf0;
        f1 = nf1;
        f2 = cf.TakeLow62();
        f3 = (long)cf.Lo;
        g0 = ng0;
        g1 = ng1;
        g2 = cg.TakeLow62();
        g3 = (long)cg.Lo;
    }

    /// <summary>d in (-2m, m) to [0, m), negated first when <paramref name="sign"/> is negative.</summary>
    private static void Normalize(ref long r0, ref long r1, ref long r2, ref long r3, long sign, P192SafeGcdModulus m)
    {
        // Add m if negative, then negate if asked: (-2m, m) to (-m, m).
        long add = r3 >> 63;
        r0 += m.V0 & add;
        r1 += m.V1 & add;
        r2 += m.V2 & add;
        r3 += m.V3 & add;
        long negate = sign >> 63;
        r0 = (r0 ^ negate) - negate;
        r1 = (r1 ^ negate) - negate;
        r2 = (r2 ^ negate) - negate;
        r3 = (r3 ^ negate) - negate;
        Propagate(ref r0, ref r1, ref r2, ref r3);

        // Add m again if still negative: [0, m).
        add = r3 >> 63;
        r0 += m.V0 & add;
        r1 += m.V1 & add;
        r2 += m.V2 & add;
        r3 += m.V3 & add;
        Propagate(ref r0, ref r1, ref r2, ref r3);
    }

    private static void Propagate(ref long r0, ref long r1, ref long r2, ref long r3)
    {
        r1 += r0 >> 62;
        r0 = (long)((ulong)r0 & Mask62);
        r2 += r1 >> 62;
        r1 = (long)((ulong)r1 & Mask62);
        r3 += r2 >> 62;
        r2 = (long)((ulong)r2 & Mask62);
    }
}
#endif
