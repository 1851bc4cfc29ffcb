using System;
using System.Numerics;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>F_p (p = 2^31 − 1) and F_{p^2} = F_p[a]/(a^2 + 1) against BigInteger (docs/genus3.md G9).</summary>
public class Genus3FieldTests
{
    private const uint P = MersenneField.P;

    [Fact]
    public void Reduce_MatchesBigInteger_EdgesAndRandom()
    {
        var random = TestRandom.Create(3101);
        var inputs = new System.Collections.Generic.List<ulong>
        {
            0, 1, P - 1, P, P + 1, 2UL * P, 2UL * P - 1, (ulong)P * P, (1UL << 62) - 1, (1UL << 63) - 1, 1UL << 63, ulong.MaxValue, ulong.MaxValue - 1,
        };
        byte[] buffer = new byte[8];
        for (int i = 0; i < 5000; i++)
        {
            random.NextBytes(buffer);
            ulong x = BitConverter.ToUInt64(buffer, 0);
            inputs.Add(x);
            inputs.Add(x >> random.Next(64));
        }

        foreach (ulong x in inputs)
        {
            Assert.True((ulong)MersenneField.Reduce(x) == x % P, $"Reduce({x})");
        }
    }

    [Fact]
    public void FpOperations_MatchBigInteger()
    {
        var random = TestRandom.Create(3102);
        uint[] edge = { 0, 1, 2, P - 1, P - 2, 1u << 30 };
        for (int i = 0; i < 3000; i++)
        {
            uint a = i < edge.Length ? edge[i] : Genus3TestData.RandomResidue(random);
            uint b = i < edge.Length ? edge[edge.Length - 1 - i] : Genus3TestData.RandomResidue(random);
            Assert.Equal((a + (ulong)b) % P, MersenneField.Add(a, b));
            Assert.Equal((a + (ulong)P - b) % P, MersenneField.Sub(a, b));
            Assert.Equal((ulong)a * b % P, MersenneField.Mul(a, b));
            Assert.Equal(((ulong)P - a) % P, MersenneField.Negate(a));
            if (a != 0)
            {
                Assert.Equal(1u, MersenneField.Mul(a, MersenneField.Invert(a)));
                Assert.Equal((uint)BigInteger.ModPow(a, P - 2, P), MersenneField.Invert(a));
            }
        }
    }

    [Fact]
    public void Fp2Operations_MatchSchoolbookAndIdentities()
    {
        var random = TestRandom.Create(3103);
        BigInteger p = P;
        for (int i = 0; i < 3000; i++)
        {
            Fp2 x = i == 0 ? new Fp2(P - 1, P - 1) : Genus3TestData.RandomFp2(random);
            Fp2 y = i == 0 ? new Fp2(P - 1, 0) : Genus3TestData.RandomFp2(random);

            // (x0 + x1 a)(y0 + y1 a) = (x0y0 − x1y1) + (x0y1 + x1y0) a, checked in BigInteger.
            Fp2 product = x * y;
            Assert.Equal((uint)(((BigInteger)x.Re * y.Re - (BigInteger)x.Im * y.Im % p + p) % p), product.Re);
            Assert.Equal((uint)(((BigInteger)x.Re * y.Im + (BigInteger)x.Im * y.Re) % p), product.Im);
            Assert.Equal(x * x, x.Square());
            Assert.Equal(x * y + y * y, Fp2.MulAdd(x, y, y, y));
            Assert.Equal(x * y - y * y, Fp2.MulSub(x, y, y, y));
            Assert.Equal(x, x.Conjugate().Conjugate());
            Assert.Equal(Fp2.Zero, x + (-x));
            Assert.Equal(x, x + y - y);
            if (!x.IsZero)
            {
                Assert.Equal(Fp2.One, x * x.Invert());
            }

            if (i < 50)
            {
                Assert.Equal(x.Conjugate(), x.Pow(P)); // Frobenius: x^p = conj(x)
            }

            Fp2 square = x.Square();
            Assert.True(square.TrySqrt(out Fp2 root), $"sqrt of a square {square}");
            Assert.Equal(square, root.Square());
        }
    }

    [Fact]
    public void Fp2Sqrt_RejectsNonSquares()
    {
        var random = TestRandom.Create(3104);
        int nonSquares = 0;
        for (int i = 0; i < 400; i++)
        {
            Fp2 x = Genus3TestData.RandomFp2(random);
            bool isSquare = x.Pow((BigInteger.Pow(P, 2) - 1) / 2) == Fp2.One;
            Assert.Equal(isSquare, x.TrySqrt(out Fp2 root));
            if (isSquare)
            {
                Assert.Equal(x, root.Square());
            }
            else
            {
                nonSquares++;
            }
        }

        Assert.InRange(nonSquares, 100, 300);
    }
}
