using System;
using System.Numerics;
using BenchmarkDotNet.Attributes;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Genus-3 HECC over F_{p^2}, p = 2^31 − 1 (Kozaki–Matsuo 2010, P4): scalar multiplication with a 160-bit and a
/// 186-bit scalar by plain NAF₅ (<c>CryptoCli-naf</c>) and by the skew-Frobenius interleaved NAF₅
/// (<c>CryptoCli-skew</c>), and the group addition and doubling alone (explicit formulas; Cantor for reference).
/// No rival library implements this curve. Operations per second (no Size parameter).
/// </summary>
[Primitive("HECC-G3")]
public class Genus3Benchmarks
{
    private Genus3Divisor _d, _e;
    private BigInteger _k160, _k186;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        _d = Genus3Divisor.Parse("{\"u\":[[488087152,1010201609],[581677720,59684016],[1722120636,881462130],[1,0]],\"v\":[[1824930378,1471529343],[1414667667,397093268],[1304652362,529209531]]}");
        _e = Genus3Curve.MultiplyNaf(_d, 123456789);
        _k160 = RandomScalar(random, 160) | (BigInteger.One << 159);
        do
        {
            _k186 = RandomScalar(random, 186) | (BigInteger.One << 185);
        }
        while (_k186 >= Genus3Curve.Order);

        // The methods must agree before anything is timed.
        foreach (BigInteger k in new[] { _k160, _k186 })
        {
            if (Genus3Curve.MultiplyNaf(_d, k) != Genus3Curve.MultiplySkewFrobenius(_d, k))
            {
                throw new InvalidOperationException("plain NAF5 and skew-Frobenius NAF5 differ");
            }
        }

        if (Genus3Cantor.Add(_d, _e) != Genus3Curve.Add(_d, _e) || Genus3Cantor.Double(_d) != Genus3Curve.Twice(_d))
        {
            throw new InvalidOperationException("explicit formulas differ from Cantor");
        }
    }

    internal static BigInteger RandomScalar(Random random, int bits)
    {
        byte[] bytes = new byte[bits / 8 + 2];
        random.NextBytes(bytes);
        bytes[^1] = 0;
        return new BigInteger(bytes) & ((BigInteger.One << bits) - 1);
    }

    [Benchmark, Row("ScalarMul-160", "CryptoCli-naf")]
    public Genus3Divisor Naf160() => Genus3Curve.MultiplyNaf(_d, _k160);

    [Benchmark, Row("ScalarMul-160", "CryptoCli-skew")]
    public Genus3Divisor Skew160() => Genus3Curve.MultiplySkewFrobenius(_d, _k160);

    [Benchmark, Row("ScalarMul-186", "CryptoCli-naf")]
    public Genus3Divisor Naf186() => Genus3Curve.MultiplyNaf(_d, _k186);

    [Benchmark, Row("ScalarMul-186", "CryptoCli-skew")]
    public Genus3Divisor Skew186() => Genus3Curve.MultiplySkewFrobenius(_d, _k186);

    [Benchmark, Row("Add", "CryptoCli")]
    public Genus3Divisor Add() => Genus3Curve.Add(_d, _e);

    [Benchmark, Row("Add", "CryptoCli-cantor")]
    public Genus3Divisor AddCantor() => Genus3Cantor.Add(_d, _e);

    [Benchmark, Row("Double", "CryptoCli")]
    public Genus3Divisor Double() => Genus3Curve.Twice(_d);

    [Benchmark, Row("Double", "CryptoCli-cantor")]
    public Genus3Divisor DoubleCantor() => Genus3Cantor.Double(_d);
}
