using System;
using System.Globalization;
using System.Numerics;

namespace CryptoCli.Tests.Ecdsa;

/// <summary>
/// Independent secp192r1 arithmetic on System.Numerics.BigInteger, affine coordinates, plain double-and-add:
/// slow and obviously correct, the yardstick for the fast limb code. Constants: FIPS 186-4 D.1.2.1.
/// </summary>
internal static class P192Reference
{
    public static readonly BigInteger P = Parse("fffffffffffffffffffffffffffffffeffffffffffffffff");
    public static readonly BigInteger N = Parse("ffffffffffffffffffffffff99def836146bc9b1b4d22831");
    public static readonly BigInteger B = Parse("64210519e59c80e70fa7e9ab72243049feb8deecc146b9b1");
    public static readonly BigInteger Gx = Parse("188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012");
    public static readonly BigInteger Gy = Parse("07192b95ffc8da78631011ed6b24cdd573f977a11e794811");

    public static BigInteger Parse(string hex) => BigInteger.Parse("0" + hex, NumberStyles.HexNumber, CultureInfo.InvariantCulture);

    public static BigInteger Mod(BigInteger value, BigInteger modulus)
    {
        BigInteger r = value % modulus;
        return r.Sign < 0 ? r + modulus : r;
    }

    public static BigInteger ToBig(ulong l0, ulong l1, ulong l2) =>
        (new BigInteger(l2) << 128) + (new BigInteger(l1) << 64) + new BigInteger(l0);

    public static BigInteger ToBig(in P192FieldElement a) => ToBig(a.L0, a.L1, a.L2);

    public static BigInteger ToBig(in P192Scalar a) => ToBig(a.L0, a.L1, a.L2);

    public static (ulong L0, ulong L1, ulong L2) Limbs(BigInteger value)
    {
        BigInteger mask = ulong.MaxValue;
        return ((ulong)(value & mask), (ulong)((value >> 64) & mask), (ulong)((value >> 128) & mask));
    }

    public static P192FieldElement Field(BigInteger value)
    {
        var (l0, l1, l2) = Limbs(value);
        return new P192FieldElement(l0, l1, l2);
    }

    public static P192Scalar Scalar(BigInteger value)
    {
        var (l0, l1, l2) = Limbs(value);
        return new P192Scalar(l0, l1, l2);
    }

    /// <summary>Affine point; null is infinity.</summary>
    public static (BigInteger X, BigInteger Y)? Add((BigInteger X, BigInteger Y)? a, (BigInteger X, BigInteger Y)? b)
    {
        if (a is null)
        {
            return b;
        }

        if (b is null)
        {
            return a;
        }

        var (x1, y1) = a.Value;
        var (x2, y2) = b.Value;
        BigInteger lambda;
        if (x1 == x2)
        {
            if (Mod(y1 + y2, P).IsZero)
            {
                return null;
            }

            lambda = Mod((3 * x1 * x1 - 3) * BigInteger.ModPow(2 * y1, P - 2, P), P);
        }
        else
        {
            lambda = Mod((y2 - y1) * BigInteger.ModPow(Mod(x2 - x1, P), P - 2, P), P);
        }

        BigInteger x3 = Mod(lambda * lambda - x1 - x2, P);
        BigInteger y3 = Mod(lambda * (x1 - x3) - y1, P);
        return (x3, y3);
    }

    public static (BigInteger X, BigInteger Y)? Multiply(BigInteger k, (BigInteger X, BigInteger Y)? point)
    {
        (BigInteger X, BigInteger Y)? result = null;
        for (int bit = (int)k.GetBitLength() - 1; bit >= 0; bit--)
        {
            result = Add(result, result);
            if (!(k >> bit).IsEven)
            {
                result = Add(result, point);
            }
        }

        return result;
    }

    public static BigInteger RandomBelow(Random random, BigInteger bound)
    {
        byte[] bytes = new byte[25];
        random.NextBytes(bytes);
        bytes[24] = 0;
        return new BigInteger(bytes) % bound;
    }
}
