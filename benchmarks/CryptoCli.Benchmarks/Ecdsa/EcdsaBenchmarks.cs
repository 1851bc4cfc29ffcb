using System;
using System.Diagnostics;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Asn1.X9;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.EC;
using Org.BouncyCastle.Crypto.Generators;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;

namespace CryptoCli.Benchmarks;

/// <summary>The three ECDSA P-192 implementations, set up with one key and one SHA-256 digest, checked against each other.</summary>
public abstract class EcdsaRivals
{
    protected static readonly ECCurve Curve = ECCurve.CreateFromValue("1.2.840.10045.3.1.1");

    protected ECDsaSecp192r1 Ours { get; set; } = null!;

    protected ECDsa BuiltIn { get; set; } = null!;

    protected ECDsaSigner BouncySigner { get; set; } = null!;

    protected ECDsaSigner BouncyVerifier { get; set; } = null!;

    protected ECKeyPairGenerator BouncyGenerator { get; set; } = null!;

    protected byte[] Hash { get; set; } = null!;

    protected byte[] Signature { get; set; } = new byte[48];

    protected byte[] OursSignature { get; set; } = null!;

    protected byte[] BuiltInSignature { get; set; } = null!;

    protected BcBigInteger BouncyR { get; set; } = null!;

    protected BcBigInteger BouncyS { get; set; } = null!;

    /// <summary>The public key, imported afresh by the "new key" rows before each verification.</summary>
    protected ECParameters PublicKey { get; set; }

    protected ECDsaSecp192r1 OursFresh { get; set; } = null!;

    protected ECDsa BuiltInFresh { get; set; } = null!;

    protected ECDomainParameters BouncyDomain { get; set; } = null!;

    protected BcBigInteger BouncyQx { get; set; } = null!;

    protected BcBigInteger BouncyQy { get; set; } = null!;

    protected void SetupRivals()
    {
        Ours = new ECDsaSecp192r1();
        ECParameters key = Ours.ExportParameters(true);
        BuiltIn = ECDsa.Create(key);
        Hash = SHA256.HashData("CryptoCli ECDSA P-192 benchmark"u8);

        X9ECParameters curve = CustomNamedCurves.GetByName("secp192r1");
        var domain = new ECDomainParameters(curve.Curve, curve.G, curve.N, curve.H);
        var bcPrivate = new ECPrivateKeyParameters(new BcBigInteger(1, key.D), domain);
        var bcPublic = new ECPublicKeyParameters(curve.Curve.CreatePoint(new BcBigInteger(1, key.Q.X), new BcBigInteger(1, key.Q.Y)), domain);
        BouncySigner = new ECDsaSigner(new HMacDsaKCalculator(new Sha256Digest())); // RFC 6979, as ours
        BouncySigner.Init(true, bcPrivate);
        BouncyVerifier = new ECDsaSigner();
        BouncyVerifier.Init(false, bcPublic);
        PublicKey = Ours.ExportParameters(false);
        OursFresh = new ECDsaSecp192r1(PublicKey);
        BuiltInFresh = ECDsa.Create(PublicKey);
        BouncyDomain = domain;
        (BouncyQx, BouncyQy) = (new BcBigInteger(1, key.Q.X), new BcBigInteger(1, key.Q.Y));
        BouncyGenerator = new ECKeyPairGenerator();
        BouncyGenerator.Init(new ECKeyGenerationParameters(domain, new Org.BouncyCastle.Security.SecureRandom()));

        // The rivals must agree before they are timed.
        OursSignature = Ours.SignHash(Hash);
        BcBigInteger[] rs = BouncySigner.GenerateSignature(Hash);
        (BouncyR, BouncyS) = (rs[0], rs[1]);
        byte[] bouncySignature = [.. Org.BouncyCastle.Utilities.BigIntegers.AsUnsignedByteArray(24, BouncyR), .. Org.BouncyCastle.Utilities.BigIntegers.AsUnsignedByteArray(24, BouncyS)];
        if (!bouncySignature.AsSpan().SequenceEqual(OursSignature))
        {
            throw new InvalidOperationException("BouncyCastle's RFC 6979 signature differs from ours");
        }

        BuiltInSignature = BuiltIn.SignHash(Hash);
        if (!BuiltIn.VerifyHash(Hash, OursSignature) || !Ours.VerifyHash(Hash, BuiltInSignature)
            || !BouncyVerifier.VerifySignature(Hash, new BcBigInteger(1, BuiltInSignature, 0, 24), new BcBigInteger(1, BuiltInSignature, 24, 24)))
        {
            throw new InvalidOperationException("the implementations do not verify each other's signatures");
        }
    }

    protected void CleanupRivals()
    {
        Ours.Dispose();
        BuiltIn.Dispose();
        OursFresh.Dispose();
        BuiltInFresh.Dispose();
    }
}

/// <summary>
/// ECDSA over secp192r1 with SHA-256 digests: sign, verify and key generation (operations per second) for
/// CryptoCli, the runtime's <c>ECDsa</c> (OpenSSL's generic prime-curve code) and BouncyCastle's
/// <c>ECDsaSigner</c> on its custom <c>SecP192R1</c> curve (RFC 6979 nonces on both deterministic rows).
/// </summary>
[Primitive("ECDSA-P192")]
public class EcdsaBenchmarks : EcdsaRivals
{
    [GlobalSetup]
    public void Setup() => SetupRivals();

    [GlobalCleanup]
    public void Cleanup() => CleanupRivals();

    [Benchmark, Row("Sign", "CryptoCli")]
    public bool OursSign() => Ours.TrySignHash(Hash, Signature, out _);

    [Benchmark, Row("Sign", "BuiltIn")]
    public bool BuiltInSign() => BuiltIn.TrySignHash(Hash, Signature, out _);

    [Benchmark, Row("Sign", "BouncyCastle")]
    public BcBigInteger[] BouncyCastleSign() => BouncySigner.GenerateSignature(Hash);

    [Benchmark, Row("Verify", "CryptoCli")]
    public bool OursVerify() => Ours.VerifyHash(Hash.AsSpan(), OursSignature.AsSpan());

    [Benchmark, Row("Verify", "BuiltIn")]
    public bool BuiltInVerify() => BuiltIn.VerifyHash(Hash.AsSpan(), OursSignature.AsSpan());

    [Benchmark, Row("Verify", "BouncyCastle")]
    public bool BouncyCastleVerify() => BouncyVerifier.VerifySignature(Hash, BouncyR, BouncyS);

    // "Verify": the instance has verified with its key before, so CryptoCli's row uses its per-key table of Q (built on
    // the second verification). "Verify (new key)": each call imports the public key (checked on the curve) and
    // verifies once, the cost of a key seen once; BouncyCastle's point is created afresh, since it caches its
    // precomputation on the point object.
    [Benchmark, Row("Verify (new key)", "CryptoCli")]
    public bool OursVerifyNewKey()
    {
        OursFresh.ImportParameters(PublicKey);
        return OursFresh.VerifyHash(Hash.AsSpan(), OursSignature.AsSpan());
    }

    [Benchmark, Row("Verify (new key)", "BuiltIn")]
    public bool BuiltInVerifyNewKey()
    {
        BuiltInFresh.ImportParameters(PublicKey);
        return BuiltInFresh.VerifyHash(Hash.AsSpan(), OursSignature.AsSpan());
    }

    [Benchmark, Row("Verify (new key)", "BouncyCastle")]
    public bool BouncyCastleVerifyNewKey()
    {
        var verifier = new ECDsaSigner();
        var point = BouncyDomain.Curve.CreatePoint(BouncyQx, BouncyQy);
        verifier.Init(false, new ECPublicKeyParameters(point, BouncyDomain));
        return verifier.VerifySignature(Hash, BouncyR, BouncyS);
    }

    [Benchmark, Row("KeyGen", "CryptoCli")]
    public void OursGenerateKey() => Ours.GenerateKey(Curve);

    [Benchmark, Row("KeyGen", "BuiltIn")]
    public void BuiltInGenerateKey() => BuiltIn.GenerateKey(Curve);

    [Benchmark, Row("KeyGen", "BouncyCastle")]
    public AsymmetricCipherKeyPair BouncyCastleGenerateKey() => BouncyGenerator.GenerateKeyPair();
}

