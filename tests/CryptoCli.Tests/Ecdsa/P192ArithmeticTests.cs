using System;
using System.Collections.Generic;
using System.Numerics;
using Xunit;
using static CryptoCli.Tests.Ecdsa.P192Reference;

namespace CryptoCli.Tests.Ecdsa;

/// <summary>Field, scalar and point arithmetic of secp192r1 against BigInteger and a plain double-and-add.</summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class P192ArithmeticTests
{
    private static List<BigInteger> FieldValues(int seed, int randomCount)
    {
        BigInteger two64 = BigInteger.One << 64;
        var values = new List<BigInteger>
        {
            0, 1, 2, 3, P - 1, P - 2, P - 3, two64 - 1, two64, two64 + 1, (BigInteger.One << 128) - 1, BigInteger.One << 128,
            (BigInteger.One << 191), P - two64, P - (BigInteger.One << 128), (P - 1) / 2, (P + 1) / 2,
        };
        Random random = TestRandom.Create(seed);
        for (int i = 0; i < randomCount; i++)
        {
            values.Add(RandomBelow(random, P));
        }

        return values;
    }

    [Fact]
    public void FieldAddSubMultiplySquareMatchBigInteger()
    {
        List<BigInteger> values = FieldValues(1921, 60);
        foreach (BigInteger a in values)
        {
            foreach (BigInteger b in values)
            {
                P192FieldElement fa = Field(a), fb = Field(b);
                P192FieldElement.Add(fa, fb, out P192FieldElement sum);
                Assert.True(Mod(a + b, P) == ToBig(sum), $"add {a:x} {b:x}");
                P192FieldElement.Sub(fa, fb, out P192FieldElement difference);
                Assert.True(Mod(a - b, P) == ToBig(difference), $"sub {a:x} {b:x}");
                P192FieldElement.Multiply(fa, fb, out P192FieldElement product);
                Assert.True(Mod(a * b, P) == ToBig(product), $"mul {a:x} {b:x}");
            }

            P192FieldElement f = Field(a);
            P192FieldElement.Square(f, out P192FieldElement square);
            Assert.True(Mod(a * a, P) == ToBig(square), $"sqr {a:x}");
            P192FieldElement.Negate(f, out P192FieldElement negated);
            Assert.True(Mod(-a, P) == ToBig(negated), $"neg {a:x}");
            P192FieldElement.Invert(f, out P192FieldElement inverse);
            Assert.True(BigInteger.ModPow(a, P - 2, P) == ToBig(inverse), $"inv {a:x}");
            if (!a.IsZero)
            {
                P192FieldElement.InvertVariableTime(f, out P192FieldElement inverseVariableTime);
                Assert.True(BigInteger.ModPow(a, P - 2, P) == ToBig(inverseVariableTime), $"inv (variable-time) {a:x}");
            }

            P192FieldElement.Halve(f, out P192FieldElement half);
            Assert.True(Mod(2 * ToBig(half), P) == Mod(a, P), $"halve {a:x}");

            P192FieldElement.Double(f, out P192FieldElement doubled);
            Assert.True(Mod(2 * a, P) == ToBig(doubled), $"double {a:x}");
            P192FieldElement.Triple(f, out P192FieldElement tripled);
            Assert.True(Mod(3 * a, P) == ToBig(tripled), $"triple {a:x}");

            for (int shift = 1; shift <= 3; shift++)
            {
                P192FieldElement.ShiftLeft(f, shift, out P192FieldElement shifted);
                Assert.True(Mod(a << shift, P) == ToBig(shifted), $"shift {shift} {a:x}");
            }

            Assert.Equal(a.IsZero ? ulong.MaxValue : 0UL, f.ZeroMask());
        }
    }

    [Fact]
    public void FieldReductionOfUnreducedWideValues()
    {
        // Any 384-bit value, including those >= p^2 that no product reaches, and the all-ones edge.
        Random random = TestRandom.Create(384);
        var inputs = new List<BigInteger> { (BigInteger.One << 384) - 1, (P - 1) * (P - 1), P * P - 1, P * P, P, P + 1, BigInteger.One << 192 };
        for (int i = 0; i < 2000; i++)
        {
            byte[] bytes = TestRandom.Bytes(random, 49);
            bytes[48] = 0;
            inputs.Add(new BigInteger(bytes));
        }

        foreach (BigInteger c in inputs)
        {
            var (c0, c1, c2) = Limbs(c);
            var (c3, c4, c5) = Limbs(c >> 192);
            P192FieldElement.Reduce(c0, c1, c2, c3, c4, c5, out P192FieldElement r);
            Assert.True(Mod(c, P) == ToBig(r), $"reduce {c:x}");
        }
    }

    [Fact]
    public void FieldReadRejectsValuesNotBelowP()
    {
        byte[] bytes = new byte[24];
        foreach ((BigInteger value, bool ok) in new[] { (P - 1, true), (P, false), (P + 1, false), ((BigInteger.One << 192) - 1, false), (BigInteger.Zero, true) })
        {
            byte[] be = value.ToByteArray(isUnsigned: true, isBigEndian: true);
            Array.Clear(bytes);
            be.CopyTo(bytes, 24 - be.Length);
            Assert.Equal(ok, P192FieldElement.TryRead(bytes, out P192FieldElement read));
            if (ok)
            {
                Assert.Equal(value, ToBig(read));
            }
        }
    }

    [Fact]
    public void ScalarArithmeticMatchesBigInteger()
    {
        Random random = TestRandom.Create(6979);
        var values = new List<BigInteger> { 1, 2, 3, N - 1, N - 2, (BigInteger.One << 64), (BigInteger.One << 191), (N - 1) / 2 };
        for (int i = 0; i < 40; i++)
        {
            values.Add(RandomBelow(random, N - 1) + 1);
        }

        foreach (BigInteger a in values)
        {
            foreach (BigInteger b in values)
            {
                P192Scalar.Multiply(Scalar(a), Scalar(b), out P192Scalar product);
                Assert.True(Mod(a * b, N) == ToBig(product), $"mul {a:x} {b:x}");
                P192Scalar.Add(Scalar(a), Scalar(b), out P192Scalar sum);
                Assert.True(Mod(a + b, N) == ToBig(sum), $"add {a:x} {b:x}");
            }

            P192Scalar.InvertToMontgomery(Scalar(a), out P192Scalar inverseMontgomery);
            P192Scalar.FromMontgomery(inverseMontgomery, out P192Scalar inverse);
            Assert.True(BigInteger.ModPow(a, N - 2, N) == ToBig(inverse), $"inv {a:x}");
            P192Scalar.InvertVariableTime(Scalar(a), out P192Scalar inverseVariableTime);
            Assert.True(BigInteger.ModPow(a, N - 2, N) == ToBig(inverseVariableTime), $"inv (variable-time) {a:x}");
            P192Scalar.NegateNonZero(Scalar(a), out P192Scalar negated);
            Assert.Equal(N - a, ToBig(negated));
        }

        // Hash to integer: 24-byte values at and above n are reduced once.
        foreach (BigInteger h in new[] { N - 1, N, N + 5, (BigInteger.One << 192) - 1 })
        {
            byte[] hash = h.ToByteArray(isUnsigned: true, isBigEndian: true);
            Assert.Equal(Mod(h, N), ToBig(P192Scalar.FromHash(hash)));
        }
    }

    [Fact]
    public void DivstepInversionMatchesTheBinaryAlgorithmAndBigInteger()
    {
        // The .NET inversion (Bernstein-Yang divsteps) against the portable binary extended Euclidean algorithm
        // and BigInteger, modulo p and n, on edge values and random ones (random bit lengths too, for short inputs).
        Random random = TestRandom.Create(2019);
        foreach ((BigInteger modulus, P192SafeGcdModulus info) in new[] { (P, P192SafeGcd.FieldPrime), (N, P192SafeGcd.GroupOrder) })
        {
            var values = new List<BigInteger> { 1, 2, 3, modulus - 1, modulus - 2, (modulus - 1) / 2, (modulus + 1) / 2, BigInteger.One << 62, (BigInteger.One << 62) - 1, BigInteger.One << 124, BigInteger.One << 186, (BigInteger.One << 186) - 1, BigInteger.One << 191, ulong.MaxValue };
            for (int i = 0; i < 400; i++)
            {
                values.Add((RandomBelow(random, modulus - 1) + 1) >> random.Next(i % 4 == 0 ? 190 : 1));
            }

            (ulong m0, ulong m1, ulong m2) = Limbs(modulus);
            foreach (BigInteger a in values)
            {
                if (a.IsZero)
                {
                    continue;
                }

                (ulong a0, ulong a1, ulong a2) = Limbs(a);
                P192SafeGcd.InvertVariableTime(a0, a1, a2, info, out ulong r0, out ulong r1, out ulong r2);
                P192Scalar.InvertModOddVariableTime(a0, a1, a2, m0, m1, m2, out ulong b0, out ulong b1, out ulong b2);
                BigInteger expected = BigInteger.ModPow(a, modulus - 2, modulus);
                Assert.True(expected == ToBig(r0, r1, r2), $"divsteps {a:x} mod {modulus:x}");
                Assert.True(expected == ToBig(b0, b1, b2), $"binary {a:x} mod {modulus:x}");
            }
        }
    }

    private static IEnumerable<BigInteger> Multipliers(int seed, int count)
    {
        foreach (BigInteger k in new BigInteger[] { 1, 2, 3, 4, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, N - 1, N - 2, N - 3, N - 16, N - 17, N - 63, N - 64, N - 65, BigInteger.One << 186, (N - 1) / 2, (N + 1) / 2, BigInteger.One << 188, (BigInteger.One << 191) + 1 })
        {
            yield return k;
        }

        Random random = TestRandom.Create(seed);
        for (int i = 0; i < count; i++)
        {
            yield return RandomBelow(random, N - 1) + 1;
        }
    }

    [Fact]
    public void FixedBaseCombMatchesDoubleAndAdd()
    {
        var g = (Gx, Gy);
        foreach (BigInteger k in Multipliers(192, 25))
        {
            P192Curve.MultiplyBase(Scalar(k), out P192ProjectivePoint result);
            Assert.True(result.TryToAffine(out P192AffinePoint affine), $"k={k:x} gave infinity");
            var expected = Multiply(k, g)!.Value;
            Assert.True(expected.X == ToBig(affine.X) && expected.Y == ToBig(affine.Y), $"k*G, k={k:x}");
            Assert.True(P192Curve.IsOnCurve(affine));
        }
    }

    [Fact]
    public void FixedBaseCombAtBothEndsOfTheRange()
    {
        // k and n - k for k = 1..160: the multipliers whose comb sums come closest to the cases the incomplete
        // Jacobian additions exclude (accumulator = +-entry), and the smallest digits. Expected values by repeated addition.
        var g = (Gx, Gy);
        (BigInteger X, BigInteger Y)? expected = null;
        for (BigInteger k = 1; k <= 160; k++)
        {
            expected = Add(expected, g);
            foreach ((BigInteger multiplier, BigInteger y) in new[] { (k, expected!.Value.Y), (N - k, Mod(-expected.Value.Y, P)) })
            {
                P192Curve.MultiplyBase(Scalar(multiplier), out P192ProjectivePoint result);
                Assert.True(result.TryToAffine(out P192AffinePoint affine), $"k={multiplier:x} gave infinity");
                Assert.True(expected.Value.X == ToBig(affine.X) && y == ToBig(affine.Y), $"k*G, k={multiplier:x}");
            }
        }
    }

    [Fact]
    public void Rfc6979NonceWithTheReusedZeroKeyHmacMatchesTheOneShotPath()
    {
        Random random = TestRandom.Create(6979);
        foreach (int digestLength in new[] { 20, 32, 48, 64 })
        {
            System.Security.Cryptography.HashAlgorithmName hash = Rfc6979Nonce.HashForDigestLength(digestLength);
            using var zeroKeyHmac = System.Security.Cryptography.IncrementalHash.CreateHMAC(hash, new byte[Rfc6979Nonce.OutputLength(hash)]);
            for (int i = 0; i < 5; i++)
            {
                byte[] privateKey = Scalar(RandomBelow(random, N - 1) + 1) is var d ? ToBig(d).ToByteArray(isUnsigned: true, isBigEndian: true) : null!;
                byte[] key24 = new byte[24];
                privateKey.CopyTo(key24, 24 - privateKey.Length);
                P192Scalar e = Scalar(RandomBelow(random, N));
                var oneShot = new Rfc6979Nonce(hash, key24, e, new byte[64], new byte[64]);
                var reused = new Rfc6979Nonce(hash, key24, e, new byte[64], new byte[64], zeroKeyHmac);
                for (int candidate = 0; candidate < 2; candidate++)
                {
                    oneShot.Next(out P192Scalar expected);
                    reused.Next(out P192Scalar actual);
                    Assert.Equal(ToBig(expected), ToBig(actual));
                }
            }
        }
    }

    [Fact]

    [Trait(TestCategories.MutationRun, TestCategories.Skip)]
    public void InterleavedWNafMatchesDoubleAndAdd()
    {
        var g = (Gx, Gy);
        Random random = TestRandom.Create(5);
        var qScalar = RandomBelow(random, N - 1) + 1;
        var q = Multiply(qScalar, g)!.Value;
        var qPoint = new P192AffinePoint(Field(q.X), Field(q.Y));
        List<BigInteger> multipliers = new(Multipliers(7, 6));
        multipliers.Add(0);
        foreach (BigInteger u1 in multipliers)
        {
            foreach (BigInteger u2 in new[] { multipliers[random.Next(multipliers.Count - 1)], N - 1, 1 })
            {
                P192Curve.MultiplyTwoVariableTime(Scalar(u1), Scalar(u2), qPoint, out P192JacobianPoint result);
                // Q = qScalar*G, so u1*G + u2*Q = (u1 + u2*qScalar)*G: one plain double-and-add per case.
                var expected = Multiply(Mod(u1 + (u2 * qScalar), N), g);
                if (expected is null)
                {
                    Assert.True(result.IsInfinity, $"u1={u1:x} u2={u2:x}");
                    continue;
                }

                Assert.True(result.TryToAffine(out P192AffinePoint affine), $"u1={u1:x} u2={u2:x} gave infinity");
                Assert.True(expected.Value.X == ToBig(affine.X) && expected.Value.Y == ToBig(affine.Y), $"u1={u1:x} u2={u2:x}");
            }
        }

        // The exceptional cases of the incomplete formulas: u1*G + u2*Q with u2*Q = +-u1*G.
        var qIsG = new P192AffinePoint(Field(Gx), Field(Gy));
        foreach ((BigInteger u1, BigInteger u2) in new[] { (BigInteger.One, N - 1), (new BigInteger(5), new BigInteger(5)), (new BigInteger(7), N - 7), (N - 1, N - 1) })
        {
            P192Curve.MultiplyTwoVariableTime(Scalar(u1), Scalar(u2), qIsG, out P192JacobianPoint result);
            var expected = Multiply(Mod(u1 + u2, N), g);
            if (expected is null)
            {
                Assert.True(result.IsInfinity);
            }
            else
            {
                Assert.True(result.TryToAffine(out P192AffinePoint affine));
                Assert.True(expected.Value.X == ToBig(affine.X) && expected.Value.Y == ToBig(affine.Y), $"u1={u1:x} u2={u2:x} Q=G");
            }
        }
    }

    [Fact]
    public void WNafDigitsRecomposeAndAreSparse()
    {
        Span<short> digits = stackalloc short[194];
        foreach (BigInteger k in Multipliers(11, 20))
        {
            foreach (int width in new[] { 2, 5, 7, 10, 12 })
            {
                int length = P192Curve.ToWNaf(Scalar(k), width, digits);
                BigInteger sum = 0;
                int previousNonZero = int.MaxValue;
                for (int i = length - 1; i >= 0; i--)
                {
                    sum = (sum << 1) + digits[i];
                    if (digits[i] != 0)
                    {
                        Assert.True(digits[i] % 2 != 0 && Math.Abs((int)digits[i]) < (1 << (width - 1)));

                        // width-NAF: any two non-zero digits are at least width positions apart
                        Assert.True(previousNonZero == int.MaxValue || previousNonZero - i >= width, $"k={k:x} w={width} at {i}");
                        previousNonZero = i;
                    }
                }

                Assert.Equal(k, sum);
                Assert.True(length == 0 || digits[length - 1] != 0);
                for (int i = length; i < digits.Length; i++)
                {
                    Assert.Equal(0, digits[i]);
                }
            }
        }
    }
}

/// <summary>The netstandard2.0 word primitives (32-bit multiplies, bit-arithmetic carries) against BigInteger and the .NET ones.</summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class P192PortableWordTests
{
    [Fact]
    public void PortableWordPrimitivesMatch()
    {
        Random random = TestRandom.Create(32);
        var words = new List<ulong> { 0, 1, 2, 0xFFFFFFFF, 0x100000000, ulong.MaxValue, ulong.MaxValue - 1, 1UL << 63, (1UL << 63) - 1 };
        for (int i = 0; i < 40; i++)
        {
            words.Add(BitConverter.ToUInt64(TestRandom.Bytes(random, 8)));
        }

        BigInteger two64 = BigInteger.One << 64;
        foreach (ulong a in words)
        {
            foreach (ulong b in words)
            {
                ulong hi = P192FieldElement.Multiply64Portable(a, b, out ulong lo);
                Assert.Equal(new BigInteger(a) * b, (new BigInteger(hi) << 64) + lo);
                foreach (ulong c in new ulong[] { 0, 1 })
                {
                    ulong sum = P192FieldElement.AddCarryPortable(a, b, c, out ulong carry);
                    BigInteger exact = new BigInteger(a) + b + c;
                    Assert.Equal(exact, (new BigInteger(carry) << 64) + sum);
                    Assert.Equal(sum, P192FieldElement.AddCarry(a, b, c, out ulong carryNet));
                    Assert.Equal(carry, carryNet);
                    ulong difference = P192FieldElement.SubBorrowPortable(a, b, c, out ulong borrow);
                    exact = new BigInteger(a) - b - c;
                    Assert.Equal(exact, new BigInteger(difference) - (borrow * two64));
                    Assert.Equal(difference, P192FieldElement.SubBorrow(a, b, c, out ulong borrowNet));
                    Assert.Equal(borrow, borrowNet);
                }
            }
        }
    }
}
