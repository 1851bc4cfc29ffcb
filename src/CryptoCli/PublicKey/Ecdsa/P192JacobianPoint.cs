// Points of secp192r1, y^2 = x^3 - 3x + b over GF(p) (FIPS 186-4 D.1.2.1), in three coordinate systems:
// - affine (x, y): table entries and keys;
// - homogeneous projective (X:Y:Z), x = X/Z, used by signing with the complete formulas of Renes, Costello and
//   Batina, "Complete addition formulas for prime order elliptic curves" (EUROCRYPT 2016, eprint 2015/1060),
//   Algorithms 5 (mixed addition, a = -3) and 6 (doubling, a = -3): no exceptional cases, so no branches;
// - Jacobian (X:Y:Z), x = X/Z^2, used by verification (variable-time): doubling "dbl-2001-b" (3M + 5S) and
//   additions "madd"/"add-1998-cmo-2" of the Explicit-Formulas Database, with the special cases checked explicitly.

using System.Runtime.CompilerServices;
using static CryptoCli.P192FieldElement;

namespace CryptoCli;

/// <summary>An affine point (never the point at infinity).</summary>
internal struct P192AffinePoint
{
    public P192FieldElement X;
    public P192FieldElement Y;

    public P192AffinePoint(in P192FieldElement x, in P192FieldElement y)
    {
        X = x;
        Y = y;
    }
}

/// <summary>A point in homogeneous projective coordinates; infinity is (0:1:0).</summary>
#if NET
[SkipLocalsInit]
#endif
internal struct P192ProjectivePoint
{
    public P192FieldElement X;
    public P192FieldElement Y;
    public P192FieldElement Z;

    public static P192ProjectivePoint FromAffine(in P192AffinePoint point)
    {
        P192ProjectivePoint result;
        result.X = point.X;
        result.Y = point.Y;
        result.Z = P192FieldElement.One;
        return result;
    }

    /// <summary>Affine coordinates (one inversion, constant-time); false for the point at infinity.</summary>
    public readonly bool TryToAffine(out P192AffinePoint result)
    {
        Invert(Z, out P192FieldElement zInverse);
        Multiply(X, zInverse, out result.X);
        Multiply(Y, zInverse, out result.Y);
        return !Z.IsZeroVariableTime;
    }

    /// <summary>
    /// Affine coordinates of a point that is not at infinity, by a variable-time inversion (public points only).
    /// </summary>
    public readonly void ToAffineVariableTime(out P192AffinePoint result)
    {
        InvertVariableTime(Z, out P192FieldElement zInverse);
        Multiply(X, zInverse, out result.X);
        Multiply(Y, zInverse, out result.Y);
    }

    /// <summary>
    /// RCB Algorithm 5: complete mixed addition for a = -3 (11M + 2 products by b); <paramref name="q"/> is affine.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void AddMixed(in P192ProjectivePoint p, in P192AffinePoint q, out P192ProjectivePoint result)
    {
        Multiply(p.X, q.X, out P192FieldElement xx);
        Multiply(p.Y, q.Y, out P192FieldElement yy);
        Add(p.X, p.Y, out P192FieldElement t0);
        Add(q.X, q.Y, out P192FieldElement t1);
        Multiply(t0, t1, out P192FieldElement xyPairs);
        Add(xx, yy, out t0);
        Sub(xyPairs, t0, out xyPairs);                 // X1*Y2 + X2*Y1

        Multiply(q.Y, p.Z, out P192FieldElement yzPairs);
        Add(yzPairs, p.Y, out yzPairs);                // Y2*Z1 + Y1
        Multiply(q.X, p.Z, out P192FieldElement xzPairs);
        Add(xzPairs, p.X, out xzPairs);                // X2*Z1 + X1

        Multiply(P192Curve.B, p.Z, out t0);
        Sub(xzPairs, t0, out P192FieldElement bz);
        Triple(bz, out P192FieldElement bz3);
        Sub(yy, bz3, out P192FieldElement yyMinusBz3);
        Add(yy, bz3, out P192FieldElement yyPlusBz3);

        Triple(p.Z, out P192FieldElement z3);          // 3*Z1
        Multiply(P192Curve.B, xzPairs, out t0);
        Add(z3, xx, out t1);
        Sub(t0, t1, out P192FieldElement bxz);
        Triple(bxz, out P192FieldElement bxz3);
        Triple(xx, out t0);
        Sub(t0, z3, out P192FieldElement xx3MinusZ3);

        Multiply(yyPlusBz3, xyPairs, out t0);
        Multiply(yzPairs, bxz3, out t1);
        Sub(t0, t1, out result.X);
        Multiply(yyPlusBz3, yyMinusBz3, out t0);
        Multiply(xx3MinusZ3, bxz3, out t1);
        Add(t0, t1, out result.Y);
        Multiply(yyMinusBz3, yzPairs, out t0);
        Multiply(xyPairs, xx3MinusZ3, out t1);
        Add(t0, t1, out result.Z);
    }

    /// <summary>RCB Algorithm 6: exception-free doubling for a = -3.</summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void Double(in P192ProjectivePoint p, out P192ProjectivePoint result)
    {
        Square(p.X, out P192FieldElement xx);
        Square(p.Y, out P192FieldElement yy);
        Square(p.Z, out P192FieldElement zz);
        Multiply(p.X, p.Y, out P192FieldElement xy2);
        P192FieldElement.Double(xy2, out xy2);
        Multiply(p.X, p.Z, out P192FieldElement xz2);
        P192FieldElement.Double(xz2, out xz2);

        Multiply(P192Curve.B, zz, out P192FieldElement t0);
        Sub(t0, xz2, out P192FieldElement bzz);
        Triple(bzz, out P192FieldElement bzz3);
        Sub(yy, bzz3, out P192FieldElement yyMinus);
        Add(yy, bzz3, out P192FieldElement yyPlus);
        Multiply(yyPlus, yyMinus, out P192FieldElement yFragment);
        Multiply(yyMinus, xy2, out P192FieldElement xFragment);

        Triple(zz, out P192FieldElement zz3);
        Multiply(P192Curve.B, xz2, out t0);
        Add(zz3, xx, out P192FieldElement t1);
        Sub(t0, t1, out P192FieldElement bxz2);
        Triple(bxz2, out P192FieldElement bxz6);
        Triple(xx, out t0);
        Sub(t0, zz3, out P192FieldElement xx3MinusZz3);

        // p is read to the end, and may be the same variable as result: write result last.
        Multiply(xx3MinusZz3, bxz6, out t0);
        Add(yFragment, t0, out P192FieldElement y3);
        Multiply(p.Y, p.Z, out P192FieldElement yz2);
        P192FieldElement.Double(yz2, out yz2);
        Multiply(bxz6, yz2, out t0);
        Sub(xFragment, t0, out result.X);
        result.Y = y3;
        Multiply(yz2, yy, out t0);
        P192FieldElement.Double(t0, out t0);
        P192FieldElement.Double(t0, out result.Z);
    }
}

/// <summary>
/// A point in Jacobian coordinates (x = X/Z^2, y = Y/Z^3); infinity has Z = 0. Variable-time operations.
/// </summary>
#if NET
[SkipLocalsInit]
#endif
internal struct P192JacobianPoint
{
    public P192FieldElement X;
    public P192FieldElement Y;
    public P192FieldElement Z;

    public readonly bool IsInfinity => Z.IsZeroVariableTime;

    public static P192JacobianPoint FromAffine(in P192AffinePoint point)
    {
        P192JacobianPoint result;
        result.X = point.X;
        result.Y = point.Y;
        result.Z = P192FieldElement.One;
        return result;
    }

    public readonly bool TryToAffine(out P192AffinePoint result)
    {
        Invert(Z, out P192FieldElement zInverse);
        Square(zInverse, out P192FieldElement zInverse2);
        Multiply(zInverse2, zInverse, out P192FieldElement zInverse3);
        Multiply(X, zInverse2, out result.X);
        Multiply(Y, zInverse3, out result.Y);
        return !IsInfinity;
    }

    /// <summary>
    /// dbl-2001-b for a = -3 written on Y' = 2Y (4M + 4S): with gamma' = Y'^2 = 4 gamma and beta' = X gamma' = 4 beta,
    /// X3 = alpha^2 - 2 beta', Z3 = Y' Z, Y3 = alpha (beta' - X3) - gamma'^2 / 2. Infinity doubles to infinity.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Double(in P192JacobianPoint p, out P192JacobianPoint result)
    {
        P192FieldElement.Double(p.Y, out P192FieldElement y2);
        Square(p.Z, out P192FieldElement delta);
        Square(y2, out P192FieldElement gamma4);
        Multiply(p.X, gamma4, out P192FieldElement beta4);
        Sub(p.X, delta, out P192FieldElement t0);
        Add(p.X, delta, out P192FieldElement t1);
        Multiply(t0, t1, out t0);
        Triple(t0, out P192FieldElement alpha);        // 3(X - delta)(X + delta)
        Multiply(y2, p.Z, out P192FieldElement z3);    // 2YZ

        // p is not read below: result may be the same variable
        Square(alpha, out t0);
        P192FieldElement.Double(beta4, out t1);
        Sub(t0, t1, out result.X);                     // alpha^2 - 8 beta
        result.Z = z3;

        Sub(beta4, result.X, out t0);
        Multiply(alpha, t0, out t0);
        Square(gamma4, out t1);
        Halve(t1, out t1);                             // 8 gamma^2
        Sub(t0, t1, out result.Y);                     // alpha(4 beta - X3) - 8 gamma^2
    }

    /// <summary>
    /// p + q for affine q (madd-2004-hmv, 8M + 3S) without branches (constant-time), for callers that guarantee
    /// p is not infinity and p != +-q (the fixed-base comb of signing, which proves it for all its additions but
    /// the last). In the excluded cases the result is wrong, not an exception.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void AddMixedNoExceptions(in P192JacobianPoint p, in P192AffinePoint q, out P192JacobianPoint result)
    {
        Square(p.Z, out P192FieldElement z1z1);
        Multiply(q.X, z1z1, out P192FieldElement u2);
        Multiply(p.Z, z1z1, out P192FieldElement s2);
        Multiply(q.Y, s2, out s2);
        Sub(u2, p.X, out P192FieldElement h);
        Sub(s2, p.Y, out P192FieldElement r);
        Multiply(p.Z, h, out P192FieldElement z3);
        Finish(p.X, p.Y, h, r, out result.X, out result.Y);
        result.Z = z3;
    }

    /// <summary>
    /// The same point in homogeneous projective coordinates, (X Z : Y : Z^3) (2M + 1S; infinity stays Z = 0).
    /// </summary>
    public readonly void ToProjective(out P192ProjectivePoint result)
    {
        Square(Z, out P192FieldElement zz);
        Multiply(zz, Z, out result.Z);
        Multiply(X, Z, out result.X);
        result.Y = Y;
    }

    /// <summary>p + q for affine q (8M + 3S), with the cases p = infinity, p = q and p = -q handled.</summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void AddMixedVariableTime(in P192JacobianPoint p, in P192AffinePoint q, out P192JacobianPoint result)
    {
        if (p.IsInfinity)
        {
            result = FromAffine(q);
            return;
        }

        Square(p.Z, out P192FieldElement z1z1);
        Multiply(q.X, z1z1, out P192FieldElement u2);
        Multiply(p.Z, z1z1, out P192FieldElement s2);
        Multiply(q.Y, s2, out s2);
        Sub(u2, p.X, out P192FieldElement h);
        Sub(s2, p.Y, out P192FieldElement r);
        if (h.IsZeroVariableTime)
        {
            if (r.IsZeroVariableTime)
            {
                Double(p, out result);
            }
            else
            {
                result = default; // p = -q
            }

            return;
        }

        Finish(p.X, p.Y, h, r, out result.X, out result.Y);
        Multiply(p.Z, h, out result.Z);
    }

    /// <summary>
    /// p + q for a q that is not infinity, with q.Z^2 and q.Z^3 given (cached with a precomputed q: 11M + 3S);
    /// the cases p = infinity, p = q and p = -q are handled.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void AddCachedVariableTime(in P192JacobianPoint p, in P192JacobianPoint q, in P192FieldElement z2z2,
        in P192FieldElement z2z2z2, out P192JacobianPoint result)
    {
        if (p.IsInfinity)
        {
            result = q;
            return;
        }

        Square(p.Z, out P192FieldElement z1z1);
        Multiply(p.X, z2z2, out P192FieldElement u1);
        Multiply(q.X, z1z1, out P192FieldElement u2);
        Multiply(p.Y, z2z2z2, out P192FieldElement s1);
        Multiply(p.Z, z1z1, out P192FieldElement s2);
        Multiply(q.Y, s2, out s2);
        Sub(u2, u1, out P192FieldElement h);
        Sub(s2, s1, out P192FieldElement r);
        if (h.IsZeroVariableTime)
        {
            if (r.IsZeroVariableTime)
            {
                Double(p, out result);
            }
            else
            {
                result = default;
            }

            return;
        }

        Finish(u1, s1, h, r, out result.X, out result.Y);
        Multiply(p.Z, q.Z, out P192FieldElement z);
        Multiply(z, h, out result.Z);
    }

    /// <summary>X3 = r^2 - H^3 - 2 U1 H^2, Y3 = r (U1 H^2 - X3) - S1 H^3.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Finish(in P192FieldElement u1, in P192FieldElement s1, in P192FieldElement h,
        in P192FieldElement r, out P192FieldElement x3, out P192FieldElement y3)
    {
        Square(h, out P192FieldElement hh);
        Multiply(h, hh, out P192FieldElement hhh);
        Multiply(u1, hh, out P192FieldElement v);
        Square(r, out P192FieldElement t0);
        Sub(t0, hhh, out t0);
        P192FieldElement.Double(v, out P192FieldElement t1);
        Sub(t0, t1, out x3);
        Sub(v, x3, out t0);
        Multiply(r, t0, out t0);
        Multiply(s1, hhh, out t1);
        Sub(t0, t1, out y3);
    }

    /// <summary>-p.</summary>
    public static void Negate(in P192JacobianPoint p, out P192JacobianPoint result)
    {
        result.X = p.X;
        P192FieldElement.Negate(p.Y, out result.Y);
        result.Z = p.Z;
    }
}
