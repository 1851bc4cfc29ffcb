using System;
using System.Collections.Generic;
using System.Numerics;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>φ~, the fixed-width decomposition and the two scalar multiplications (docs/genus3.md G9).</summary>
public class Genus3ScalarTests
{
    private static readonly BigInteger N = Genus3Curve.Order;
    private static readonly BigInteger S = Genus3Curve.SkewFrobeniusEigenvalue;

    [Fact]
    public void SkewFrobenius_IsTheEigenvalueEndomorphism()
    {
        var random = TestRandom.Create(3301);
        for (int i = 0; i < 9; i++)
        {
            Genus3Divisor d = Genus3TestData.RandomDivisor(random, 1 + (i % 3));
            Genus3Divisor e = Genus3TestData.RandomDivisor(random);
            Genus3Divisor phi = Genus3Curve.SkewFrobenius(d);
            Assert.True(phi.IsValid(), $"φ~(D) valid, degree {d.Degree}");
            Assert.Equal(d.Degree, phi.Degree);
            Assert.Equal(d.Negate(), Genus3Curve.SkewFrobenius(phi));
            Assert.Equal(phi, Genus3ScalarMultiplication.MultiplyDoubleAndAddCantor(d, Genus3TestData.Limbs(S)));
            Assert.Equal(phi, Genus3Curve.MultiplyNaf(d, S));
            Assert.NotEqual(phi, Genus3Curve.MultiplyNaf(d, N - S));
            Assert.Equal(Genus3Curve.SkewFrobenius(d + e), phi + Genus3Curve.SkewFrobenius(e));
        }

        Assert.True(Genus3Curve.SkewFrobenius(Genus3Divisor.Identity).IsIdentity);
    }

    [Fact]
    public void Decomposition_MatchesBigIntegerBabaiRounding_AndBounds()
    {
        var random = TestRandom.Create(3302);
        var scalars = new List<BigInteger> { 0, 1, 2, N - 1, N - 2, S, N - S, (N - 1) / 2, (N + 1) / 2, Genus3SkewFrobenius.RA, Genus3SkewFrobenius.RB };
        for (int i = 0; i < 3000; i++)
        {
            scalars.Add(i % 3 == 0 ? Genus3TestData.RandomScalar(random, 160) : Genus3TestData.RandomBelowN(random));
        }

        BigInteger bound = BigInteger.One << 93;
        int maxBits = 0;
        foreach (BigInteger k in scalars)
        {
            Genus3SkewFrobenius.Decompose(Genus3TestData.Limbs(k), out SignedScalar k0, out SignedScalar k1);
            (BigInteger e0, BigInteger e1) = ReferenceDecomposition(k);
            Assert.True(e0 == k0.ToBigInteger() && e1 == k1.ToBigInteger(), $"k = {k}: expected ({e0}, {e1}), got ({k0.ToBigInteger()}, {k1.ToBigInteger()})");
            Assert.Equal(Mod(k), Mod(e0 + e1 * S));
            Assert.True(BigInteger.Abs(e0) < bound && BigInteger.Abs(e1) < bound, $"k = {k}: halves too long");
            Assert.True(BigInteger.Abs(e0) <= (Genus3SkewFrobenius.RA + Genus3SkewFrobenius.RB) / 2);
            Assert.True(BigInteger.Abs(e1) <= (Genus3SkewFrobenius.RA + Genus3SkewFrobenius.RB) / 2);
            maxBits = Math.Max(maxBits, (int)BigInteger.Abs(e0).GetBitLength());
        }

        Assert.InRange(maxBits, 92, 93);
    }

    [Fact]
    public void LimbMultiplication_PortableAndIntrinsicMatchBigInteger()
    {
        var random = TestRandom.Create(3306);
        byte[] buffer = new byte[16];
        for (int i = 0; i < 2000; i++)
        {
            random.NextBytes(buffer);
            ulong a = i == 0 ? ulong.MaxValue : BitConverter.ToUInt64(buffer, 0);
            ulong b = i == 0 ? ulong.MaxValue : BitConverter.ToUInt64(buffer, 8) >> random.Next(64);
            BigInteger expected = (BigInteger)a * b;
            ulong high = Limbs.MultiplyHighPortable(a, b, out ulong low);
            Assert.Equal(expected, ((BigInteger)high << 64) | low);
            high = Limbs.MultiplyHigh(a, b, out low);
            Assert.Equal(expected, ((BigInteger)high << 64) | low);
        }
    }

    [Fact]
    public void NafRecoding_IsAWidth5Naf()
    {
        var random = TestRandom.Create(3303);
        for (int i = 0; i < 500; i++)
        {
            BigInteger k = Genus3TestData.RandomScalar(random, 1 + random.Next(190));
            var work = new ulong[4];
            for (int j = 0; j < 3; j++)
            {
                work[j] = (ulong)((k >> (64 * j)) & ulong.MaxValue);
            }

            var digits = new sbyte[200];
            int length = Genus3ScalarMultiplication.RecodeNaf(work, digits);
            BigInteger value = 0;
            int lastNonZero = -10;
            for (int j = length - 1; j >= 0; j--)
            {
                value = value * 2 + digits[j];
            }

            for (int j = 0; j < length; j++)
            {
                if (digits[j] != 0)
                {
                    Assert.True((digits[j] & 1) != 0 && Math.Abs(digits[j]) < 16, $"digit {digits[j]}");
                    Assert.True(j - lastNonZero >= 5, "two non-zero digits closer than w");
                    lastNonZero = j;
                }
            }

            Assert.Equal(k, value);
            Assert.True(k.IsZero ? length == 0 : digits[length - 1] > 0 && length <= (int)k.GetBitLength() + 1);
        }
    }

    [Fact]
    public void ScalarMultiplications_AgreeWithEachOtherAndDoubleAndAdd()
    {
        var random = TestRandom.Create(3304);
        var scalars = new List<BigInteger> { 0, 1, 2, 3, 4, 15, 16, 17, 31, 33, N - 1, N, N + 1, N + 2, N - 3, 2 * N + 5, -1, -7, S, N - S };
        for (int i = 0; i < 12; i++)
        {
            scalars.Add(i % 2 == 0 ? Genus3TestData.RandomScalar(random, 160) : Genus3TestData.RandomBelowN(random));
        }

        Genus3Divisor[] bases =
        {
            Genus3TestData.RandomDivisor(random, 3), Genus3TestData.RandomDivisor(random, 2), Genus3TestData.RandomDivisor(random, 1),
        };
        foreach (Genus3Divisor d in bases)
        {
            foreach (BigInteger k in scalars)
            {
                Genus3Divisor expected = Genus3ScalarMultiplication.MultiplyDoubleAndAddCantor(d, Genus3TestData.Limbs(k));
                Assert.True(expected == Genus3Curve.MultiplyNaf(d, k), $"NAF, k = {k}, degree {d.Degree}");
                Assert.True(expected == Genus3Curve.MultiplySkewFrobenius(d, k), $"skew, k = {k}, degree {d.Degree}");
                Assert.Equal(expected, Genus3Curve.Multiply(d, k));
            }

            Assert.True(Genus3Curve.Multiply(Genus3Divisor.Identity, 12345).IsIdentity);
        }

        // More random scalars between the two fast methods only.
        Genus3Divisor b = bases[0];
        for (int i = 0; i < 150; i++)
        {
            BigInteger k = Genus3TestData.RandomBelowN(random);
            Assert.True(Genus3Curve.MultiplyNaf(b, k) == Genus3Curve.MultiplySkewFrobenius(b, k), $"k = {k}");
        }
    }

    [Fact]
    public void Parse_RoundTripsAndRejectsInvalidInput()
    {
        var random = TestRandom.Create(3305);
        for (int degree = 0; degree <= 3; degree++)
        {
            Genus3Divisor d = degree == 0 ? Genus3Divisor.Identity : Genus3TestData.RandomDivisor(random, degree);
            Assert.Equal(d, Genus3Divisor.Parse(d.ToString()));
        }

        Assert.Equal("{\"u\":[[1,0]],\"v\":[]}", Genus3Divisor.Identity.ToString());
        Assert.Equal(Genus3Divisor.Identity, Genus3Divisor.Parse(" { \"v\" : [ ] , \"u\" : [ [1, 0] ] } "));
        Genus3Divisor g = Genus3TestData.RandomDivisor(random);
        string text = g.ToString();

        Assert.Throws<ArgumentNullException>(() => Genus3Divisor.Parse(null!));
        foreach (string bad in new[] { "", "{}", "{\"u\":[[1,0]]}", text + "x", text.Replace("]]}", "]}", StringComparison.Ordinal), "{\"u\":[[2147483647,0],[1,0]],\"v\":[[0,0]]}", "{\"u\":[[-1,0],[1,0]],\"v\":[[0,0]]}", "{\"w\":[]}" })
        {
            Assert.Throws<FormatException>(() => Genus3Divisor.Parse(bad));
        }

        // Well-formed but not a divisor: wrong v, non-monic u, deg v ≥ deg u, deg u > 3.
        string wrongV = Genus3Divisor.Parse(text).Negate().ToString().Replace("\"v\":[[", "\"v\":[[1", StringComparison.Ordinal);
        var ex = Assert.Throws<System.Security.Cryptography.CryptographicException>(() => Genus3Divisor.Parse(FixUp(wrongV)));
        Assert.Contains("u does not divide f", ex.Message, StringComparison.Ordinal);
        Assert.Throws<System.Security.Cryptography.CryptographicException>(() => Genus3Divisor.Parse("{\"u\":[[5,0],[2,0]],\"v\":[[1,0]]}"));
        Assert.Throws<System.Security.Cryptography.CryptographicException>(() => Genus3Divisor.Parse("{\"u\":[[5,0],[1,0]],\"v\":[[1,0],[0,0]]}"));
        Assert.Throws<System.Security.Cryptography.CryptographicException>(() => Genus3Divisor.Parse("{\"u\":[[5,0],[1,0],[1,0],[1,0],[1,0]],\"v\":[[1,0]]}"));

        static string FixUp(string s)
        {
            // Keep the first coefficient a residue below p after prefixing a digit.
            int start = s.IndexOf("\"v\":[[", StringComparison.Ordinal) + 6;
            int end = s.IndexOf(',', start);
            string digits = s.Substring(start, end - start);
            ulong value = ulong.Parse(digits, System.Globalization.CultureInfo.InvariantCulture) % MersenneField.P;
            return string.Concat(s.AsSpan(0, start), value.ToString(System.Globalization.CultureInfo.InvariantCulture), s.AsSpan(end));
        }
    }

    /// <summary>docs/genus3.md G6 with BigInteger: the reference the vector checks also use.</summary>
    internal static (BigInteger K0, BigInteger K1) ReferenceDecomposition(BigInteger k) => HeccVectorChecks.ReferenceDecomposition(k);

    private static BigInteger Mod(BigInteger x)
    {
        x %= N;
        return x.Sign < 0 ? x + N : x;
    }
}
