using System;
using System.Security.Cryptography;

namespace CryptoCli.Leakage;

/// <summary>Scalars for the two classes of the ECDSA cases.</summary>
internal static class P192Scalars
{
    /// <summary>
    /// The fixed scalar 2^100 + 1: Hamming weight 2 and 91 leading zero bits, the kind of value that a
    /// double-and-add loop, a loop that skips leading zeros or a sliding window would process measurably faster.
    /// </summary>
    public static void WriteLowHammingWeight(Span<byte> bigEndian24)
    {
        bigEndian24.Clear();
        bigEndian24[23] = 0x01;
        bigEndian24[23 - 100 / 8] = 1 << (100 % 8);
    }

    /// <summary>A uniformly random scalar in [1, n - 1].</summary>
    public static void WriteRandom(Span<byte> bigEndian24)
    {
        do
        {
            RandomNumberGenerator.Fill(bigEndian24);
        }
        while (!P192Scalar.TryRead(bigEndian24, out P192Scalar value) || value.IsZeroVariableTime);
    }
}

/// <summary>
/// ECDSA P-192 signing through the public API (<see cref="ECDsa.TrySignHash(ReadOnlySpan{byte}, Span{byte}, out int)"/>:
/// RFC 6979 nonce from the key, k G, the blinded inversions, s), with the private key as the secret: a fixed
/// low-Hamming-weight key vs random keys. The key is imported into the same instance before every call (untimed), so
/// both classes use the same objects at the same addresses. With a fixed key and a fixed hash the RFC 6979 nonce is
/// fixed too, so class 0 also has a fixed nonce.
/// </summary>
internal sealed class EcdsaSigningKeyCase : LeakageCase
{
    private readonly byte[] _hash = new byte[32];
    private readonly byte[] _signature = new byte[48];
    private readonly byte[] _privateKey = new byte[24];
    private ECDsaSecp192r1? _ecdsa;
    private ECCurve _curve;

    public EcdsaSigningKeyCase()
        : base("ecdsa-p192-sign-key", "ECDsaSecp192r1.TrySignHash (SHA-256-sized hash, RFC 6979 nonce)",
            "fixed private key 2^100 + 1 (weight 2) vs random private key", 24, Claim.ConstantTime)
    {
    }

    // A signature costs about 35 us and the untimed import about as much again: 100 times a block-cipher call or more.
    public override double ShortModeScale => 0.05;

    public override void Setup()
    {
        _curve = ECDsaSecp192r1.Curve;
        _ecdsa = new ECDsaSecp192r1();
        RandomNumberGenerator.Fill(_hash);
    }

    public override void WriteFixedInput(Span<byte> input) => P192Scalars.WriteLowHammingWeight(input);

    public override void WriteRandomInput(Span<byte> input) => P192Scalars.WriteRandom(input);

    public override void Prepare(ReadOnlySpan<byte> input)
    {
        input.CopyTo(_privateKey);
        _ecdsa!.ImportParameters(new ECParameters { Curve = _curve, D = _privateKey });
    }

    protected override void Dispose(bool disposing)
    {
        _ecdsa?.Dispose();
        _ecdsa = null;
        base.Dispose(disposing);
    }

    public override void Run(ReadOnlySpan<byte> input)
    {
        if (!_ecdsa!.TrySignHash(_hash, _signature, out _))
        {
            throw new InvalidOperationException("signing failed");
        }
    }
}

/// <summary>
/// The signing equation with the nonce as the secret (internal <c>ECDsaSecp192r1.TrySign</c>: k G, the blinded
/// inversions, s = k^-1 (e + r d)), under a fixed random key and hash: a fixed low-Hamming-weight nonce vs random nonces.
/// </summary>
internal sealed class EcdsaNonceCase : LeakageCase
{
    private P192Scalar _privateKey;
    private P192Scalar _hash;

    public EcdsaNonceCase()
        : base("ecdsa-p192-nonce", "ECDsaSecp192r1.TrySign (k G, blinded inversions, s)",
            "fixed nonce 2^100 + 1 (weight 2) vs random nonce", 24, Claim.ConstantTime)
    {
    }

    public override double ShortModeScale => 0.1;

    public override void Setup()
    {
        Span<byte> bytes = stackalloc byte[24];
        P192Scalars.WriteRandom(bytes);
        P192Scalar.TryRead(bytes, out _privateKey);
        P192Scalars.WriteRandom(bytes);
        P192Scalar.TryRead(bytes, out _hash);
    }

    public override void WriteFixedInput(Span<byte> input) => P192Scalars.WriteLowHammingWeight(input);

    public override void WriteRandomInput(Span<byte> input) => P192Scalars.WriteRandom(input);

    public override void Run(ReadOnlySpan<byte> input)
    {
        P192Scalar nonce = P192Scalar.ReadRaw(input);
        ECDsaSecp192r1.TrySign(_privateKey, _hash, nonce, out _, out _);
    }
}
