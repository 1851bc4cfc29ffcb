using System;
using System.Numerics;
using BenchmarkDotNet.Attributes;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Study (not in the default run; <c>--filter '*Genus3Study*'</c>): the pieces P4 blamed for its lost speed-up —
/// the scalar decomposition in fixed-width limbs against the same rounding in BigInteger, φ~ and the NAF recoding.
/// </summary>
public class Genus3StudyBenchmarks
{
    private readonly ulong[] _limbs = new ulong[3];
    private BigInteger _k;
    private Genus3Divisor _d;

    [GlobalSetup]
    public void Setup()
    {
        _k = Genus3Benchmarks.RandomScalar(new Random(7), 186) % Genus3Curve.Order;
        Genus3Curve.ToReducedLimbs(_k, _limbs);
        _d = Genus3Divisor.Parse("{\"u\":[[488087152,1010201609],[581677720,59684016],[1722120636,881462130],[1,0]],\"v\":[[1824930378,1471529343],[1414667667,397093268],[1304652362,529209531]]}");
        Genus3SkewFrobenius.Decompose(_limbs, out SignedScalar k0, out SignedScalar k1);
        (BigInteger b0, BigInteger b1) = DecomposeBigInteger(_k);
        if (k0.ToBigInteger() != b0 || k1.ToBigInteger() != b1)
        {
            throw new InvalidOperationException("decompositions differ");
        }
    }

    [Benchmark(Baseline = true)]
    public ulong DecomposeFixedWidth()
    {
        Genus3SkewFrobenius.Decompose(_limbs, out SignedScalar k0, out SignedScalar k1);
        return k0.Low ^ k1.Low;
    }

    [Benchmark]
    public BigInteger DecomposeBigIntegerReference() => DecomposeBigInteger(_k).K0;

    [Benchmark]
    public Genus3Divisor SkewFrobeniusMap() => Genus3Curve.SkewFrobenius(_d);

    [Benchmark]
    public int RecodeNaf186()
    {
        Span<ulong> work = stackalloc ulong[4];
        _limbs.CopyTo(work);
        Span<sbyte> digits = stackalloc sbyte[200];
        return Genus3ScalarMultiplication.RecodeNaf(work, digits);
    }

    private static (BigInteger K0, BigInteger K1) DecomposeBigInteger(BigInteger k)
    {
        BigInteger n = Genus3Curve.Order, ra = Genus3SkewFrobenius.RA, rb = Genus3SkewFrobenius.RB;
        BigInteger c1 = (2 * k * ra + n) / (2 * n);
        BigInteger d2 = (2 * k * rb + n) / (2 * n);
        return (k - c1 * ra - d2 * rb, d2 * ra - c1 * rb);
    }
}
