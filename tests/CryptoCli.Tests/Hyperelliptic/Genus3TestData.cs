using System;
using System.Numerics;

namespace CryptoCli.Tests;

/// <summary>Seeded random field elements, points and divisors of the genus-3 curve (docs/genus3.md G9).</summary>
internal static class Genus3TestData
{
    public const uint P = MersenneField.P;

    public static BigInteger N => Genus3Curve.Order;

    public static uint RandomResidue(Random random) => (uint)random.Next(0, int.MaxValue); // [0, p)

    public static Fp2 RandomFp2(Random random) => new(RandomResidue(random), RandomResidue(random));

    public static Genus3Divisor RandomPoint(Random random)
    {
        while (true)
        {
            Fp2 x = RandomFp2(random);
            if (Genus3Curve.EvaluateF(x).TrySqrt(out Fp2 y))
            {
                if (random.Next(2) == 1)
                {
                    y = -y;
                }

                if (!Genus3Curve.TryFromPoint(x, y, out Genus3Divisor point))
                {
                    throw new InvalidOperationException("square root is wrong");
                }

                return point;
            }
        }
    }

    /// <summary>A divisor of the given degree: the sum of that many random points (Cantor only).</summary>
    public static Genus3Divisor RandomDivisor(Random random, int degree = 3)
    {
        while (true)
        {
            Genus3Divisor d = Genus3Divisor.Identity;
            for (int i = 0; i < degree; i++)
            {
                d = Genus3Cantor.Add(d, RandomPoint(random));
            }

            if (d.Degree == degree)
            {
                return d;
            }
        }
    }

    public static BigInteger RandomScalar(Random random, int bits)
    {
        byte[] bytes = new byte[(bits + 7) / 8 + 1];
        random.NextBytes(bytes);
        bytes[^1] = 0;
        return new BigInteger(bytes) & ((BigInteger.One << bits) - 1);
    }

    public static BigInteger RandomBelowN(Random random) => RandomScalar(random, 186) % N;

    public static ulong[] Limbs(BigInteger k) => HeccVectorChecks.Limbs(k);
}
