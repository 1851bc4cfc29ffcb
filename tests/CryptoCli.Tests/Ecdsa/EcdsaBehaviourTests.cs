using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Org.BouncyCastle.Asn1.X9;
using Org.BouncyCastle.Crypto.EC;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using Org.BouncyCastle.Math;
using Xunit;
using BigInteger = System.Numerics.BigInteger;

namespace CryptoCli.Tests.Ecdsa;

/// <summary>Interoperability with BouncyCastle and the runtime, key import validation, allocation, disposal.</summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class EcdsaBehaviourTests
{
    private static readonly X9ECParameters s_bouncyCurve = CustomNamedCurves.GetByName("secp192r1");
    private static readonly ECDomainParameters s_bouncyDomain = new(s_bouncyCurve.Curve, s_bouncyCurve.G, s_bouncyCurve.N, s_bouncyCurve.H);

    private static byte[] Pad24(Org.BouncyCastle.Math.BigInteger value) => Org.BouncyCastle.Utilities.BigIntegers.AsUnsignedByteArray(24, value);

    /// <summary>
    /// About one signature in 128 has an r or s below 2^184; DER needs those integers without their leading zero
    /// bytes (a bug found by CI: the DER signer threw for them). RFC 6979 nonces make each hash's signature fixed, so
    /// the loop walks hashes until it has met such signatures, and requires that it met some.
    /// </summary>
    [Fact]
    public void DerSignatures_OfShortIntegers_AreMinimalAndVerify()
    {
        using var ours = new ECDsaSecp192r1();
        using ECDsa builtIn = ECDsa.Create();
        bool builtInHasCurve = true;
        try
        {
            builtIn.ImportParameters(ours.ExportParameters(includePrivateParameters: false));
        }
        catch (Exception e) when (e is CryptographicException or PlatformNotSupportedException)
        {
            builtInHasCurve = false;
        }

        int shortIntegers = 0;
        for (int i = 0; i < 4000 && shortIntegers < 8; i++)
        {
            byte[] hash = SHA256.HashData(BitConverter.GetBytes(i));
            byte[] fixedSize = ours.SignHash(hash, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);
            if (fixedSize[0] != 0 && fixedSize[24] != 0)
            {
                continue;
            }

            shortIntegers++;
            byte[] der = ours.SignHash(hash, DSASignatureFormat.Rfc3279DerSequence);
            Assert.True(der.Length < 2 + 2 * (2 + 25), $"hash {i}: DER signature of {der.Length} bytes is not minimal");
            Assert.True(ours.VerifyHash(hash, der, DSASignatureFormat.Rfc3279DerSequence), $"hash {i}: our DER signature");
            Assert.True(ours.VerifyHash(hash, fixedSize, DSASignatureFormat.IeeeP1363FixedFieldConcatenation), $"hash {i}: P1363");
            if (builtInHasCurve)
            {
                Assert.True(builtIn.VerifyHash(hash, der, DSASignatureFormat.Rfc3279DerSequence), $"hash {i}: built-in ECDsa rejects our DER signature");
            }
        }

        Assert.True(shortIntegers >= 8, $"only {shortIntegers} signatures with a short r or s in 4000 hashes");
    }

    [Fact]
    public void InteroperatesWithBouncyCastleBothWays()
    {
        Random random = TestRandom.Create(1920);
        for (int i = 0; i < 24; i++)
        {
            using var ours = new ECDsaSecp192r1();
            ECParameters key = ours.ExportParameters(true);
            byte[] hash = TestRandom.Bytes(random, new[] { 20, 24, 28, 32, 48, 64, 16 }[i % 7]);

            var bcPublic = new ECPublicKeyParameters(s_bouncyCurve.Curve.CreatePoint(new Org.BouncyCastle.Math.BigInteger(1, key.Q.X), new Org.BouncyCastle.Math.BigInteger(1, key.Q.Y)), s_bouncyDomain);
            var bcPrivate = new ECPrivateKeyParameters(new Org.BouncyCastle.Math.BigInteger(1, key.D), s_bouncyDomain);

            // Ours -> BouncyCastle
            byte[] signature = ours.SignHash(hash);
            var verifier = new ECDsaSigner();
            verifier.Init(false, bcPublic);
            Assert.True(verifier.VerifySignature(hash, new Org.BouncyCastle.Math.BigInteger(1, signature, 0, 24), new Org.BouncyCastle.Math.BigInteger(1, signature, 24, 24)), $"case {i}");

            // BouncyCastle (RFC 6979 with HMAC-SHA-256) -> ours; BouncyCastle's deterministic k equals ours for 32-byte hashes.
            var signer = new ECDsaSigner(new HMacDsaKCalculator(new Org.BouncyCastle.Crypto.Digests.Sha256Digest()));
            signer.Init(true, bcPrivate);
            Org.BouncyCastle.Math.BigInteger[] rs = signer.GenerateSignature(hash);
            byte[] bcSignature = [.. Pad24(rs[0]), .. Pad24(rs[1])];
            Assert.True(ours.VerifyHash(hash, bcSignature), $"case {i}");
            if (hash.Length == 32)
            {
                Assert.Equal(bcSignature, signature);
            }

            bcSignature[random.Next(48)] ^= (byte)(1 << random.Next(8));
            Assert.False(ours.VerifyHash(hash, bcSignature), $"case {i}: corrupted");
        }
    }

    /// <summary>
    /// RFC 6979 nonces against BouncyCastle's HMacDsaKCalculator for every hash length: the HMAC is the hash the
    /// length names (SHA-1, SHA-256, SHA-384, SHA-512; SHA-256 for any other length), and a deterministic k gives
    /// the same (r, s), so the signatures are equal byte for byte.
    /// </summary>
    [Theory]
    [InlineData(20)]
    [InlineData(16)]
    [InlineData(24)]
    [InlineData(28)]
    [InlineData(32)]
    [InlineData(48)]
    [InlineData(64)]
    public void Rfc6979Nonces_MatchBouncyCastleHMacDsaKCalculator(int hashLength)
    {
        Random random = TestRandom.Create(6979 + hashLength);
        for (int i = 0; i < 16; i++)
        {
            using var ours = new ECDsaSecp192r1();
            ECParameters key = ours.ExportParameters(true);
            byte[] hash = TestRandom.Bytes(random, hashLength);
            Org.BouncyCastle.Crypto.IDigest hmacDigest = hashLength switch
            {
                20 => new Org.BouncyCastle.Crypto.Digests.Sha1Digest(),
                48 => new Org.BouncyCastle.Crypto.Digests.Sha384Digest(),
                64 => new Org.BouncyCastle.Crypto.Digests.Sha512Digest(),
                _ => new Org.BouncyCastle.Crypto.Digests.Sha256Digest(),
            };
            var signer = new ECDsaSigner(new HMacDsaKCalculator(hmacDigest));
            signer.Init(true, new ECPrivateKeyParameters(new Org.BouncyCastle.Math.BigInteger(1, key.D), s_bouncyDomain));
            Org.BouncyCastle.Math.BigInteger[] rs = signer.GenerateSignature(hash);
            byte[] expected = [.. Pad24(rs[0]), .. Pad24(rs[1])];
            Assert.Equal(expected, ours.SignHash(hash));
        }
    }

    [Fact]
    public void InteroperatesWithTheRuntimeBothWaysAndInEveryKeyFormat()
    {
        Random random = TestRandom.Create(4);
        for (int i = 0; i < 12; i++)
        {
            using ECDsa builtIn = ECDsa.Create(ECCurve.CreateFromValue("1.2.840.10045.3.1.1"));
            using var ours = new ECDsaSecp192r1();
            byte[] data = TestRandom.Bytes(random, random.Next(200));

            // Runtime key into ours, by parameters and by SubjectPublicKeyInfo.
            using var theirPublic = new ECDsaSecp192r1(builtIn.ExportParameters(false));
            using var theirSpki = new ECDsaSecp192r1(ECDsaSecp192r1Keys.FromSpki(builtIn.ExportSubjectPublicKeyInfo()));
            byte[] theirSignature = builtIn.SignData(data, HashAlgorithmName.SHA256);
            Assert.True(theirPublic.VerifyData(data, theirSignature, HashAlgorithmName.SHA256));
            Assert.True(theirSpki.VerifyData(data, theirSignature, HashAlgorithmName.SHA256));
            byte[] theirDer = builtIn.SignData(data, HashAlgorithmName.SHA384, DSASignatureFormat.Rfc3279DerSequence);
            Assert.True(theirPublic.VerifyData(data, theirDer, HashAlgorithmName.SHA384, DSASignatureFormat.Rfc3279DerSequence));

            // Our key into the runtime, by explicit parameters and by PKCS#8.
            using ECDsa ourPublic = ECDsa.Create(ours.ExportExplicitParameters(false));
            using ECDsa ourPkcs8 = ECDsa.Create();
            ourPkcs8.ImportPkcs8PrivateKey(ours.ExportPkcs8PrivateKey(), out _);
            byte[] ourSignature = ours.SignData(data, HashAlgorithmName.SHA512);
            Assert.True(ourPublic.VerifyData(data, ourSignature, HashAlgorithmName.SHA512));
            Assert.True(ourPkcs8.VerifyData(data, ourSignature, HashAlgorithmName.SHA512));
            byte[] ourDer = ours.SignData(data, HashAlgorithmName.SHA1, DSASignatureFormat.Rfc3279DerSequence);
            Assert.True(ourPublic.VerifyData(data, ourDer, HashAlgorithmName.SHA1, DSASignatureFormat.Rfc3279DerSequence));

            // PKCS#8 round trip through our own type and the runtime's private key into ours.
            using var roundTrip = new ECDsaSecp192r1();
            roundTrip.ImportPkcs8PrivateKey(ours.ExportPkcs8PrivateKey(), out _);
            Assert.Equal(ourSignature, roundTrip.SignData(data, HashAlgorithmName.SHA512));
            using var theirPrivate = new ECDsaSecp192r1(builtIn.ExportParameters(true));
            Assert.True(builtIn.VerifyData(data, theirPrivate.SignData(data, HashAlgorithmName.SHA256), HashAlgorithmName.SHA256));
        }
    }

    [Fact]
    public void ImportRejectsBadKeys()
    {
        using var valid = new ECDsaSecp192r1();
        ECParameters good = valid.ExportParameters(true);
        byte[] p = P192Reference.P.ToByteArray(isUnsigned: true, isBigEndian: true);
        byte[] n = P192Reference.N.ToByteArray(isUnsigned: true, isBigEndian: true);

        ECParameters With(Mutate change) => Change(good, change);
        var bad = new (string Name, ECParameters Parameters)[]
        {
            ("other curve", With((ref ECParameters k) => k.Curve = ECCurve.NamedCurves.nistP256)),
            ("other explicit curve", With((ref ECParameters k) => { k.Curve = valid.ExportExplicitParameters(false).Curve; k.Curve.B![0] ^= 1; })),
            ("Q off the curve", With((ref ECParameters k) => { k.D = null; k.Q.Y![23] ^= 1; })),
            ("Q.X = p", With((ref ECParameters k) => { k.D = null; k.Q.X = (byte[])p.Clone(); })),
            ("Q.Y + p (>= p)", With((ref ECParameters k) => { k.D = null; k.Q.Y = ToBytes(P192Reference.ToBig(Field(k.Q.Y!)) + P192Reference.P); })),
            ("Q at infinity (0, 0)", With((ref ECParameters k) => { k.D = null; k.Q.X = new byte[24]; k.Q.Y = new byte[24]; })),
            ("Q.X too short", With((ref ECParameters k) => { k.D = null; k.Q.X = k.Q.X![1..]; })),
            ("Q.Y of 25 bytes", With((ref ECParameters k) => { k.D = null; k.Q.Y = [.. k.Q.Y!, 0]; })),
            ("Q.X without Q.Y, beside D", With((ref ECParameters k) => k.Q.Y = null)),
            ("Q.Y without Q.X, beside D", With((ref ECParameters k) => k.Q.X = null)),
            ("D = 0", With((ref ECParameters k) => { k.Q = default; k.D = new byte[24]; })),
            ("D = n", With((ref ECParameters k) => { k.Q = default; k.D = (byte[])n.Clone(); })),
            ("D = 2^192 - 1", With((ref ECParameters k) => { k.Q = default; k.D = Enumerable24(0xFF); })),
            ("D of 23 bytes", With((ref ECParameters k) => { k.Q = default; k.D = k.D![1..]; })),
            ("D of 25 bytes, beside Q", With((ref ECParameters k) => k.D = [.. k.D!, 0])),
            ("D not matching Q", With((ref ECParameters k) => k.D![23] ^= 1)),
            ("D beside -Q (the same X)", With((ref ECParameters k) => k.Q.Y = ToBytes(P192Reference.P - P192Reference.ToBig(Field(k.Q.Y!))))),
            ("nothing", With((ref ECParameters k) => { k.Q = default; k.D = null; })),
        };
        foreach ((string name, ECParameters parameters) in bad)
        {
            var exception = Record.Exception(() => new ECDsaSecp192r1(parameters));
            Assert.True(exception is CryptographicException, $"{name}: {exception?.GetType().Name ?? "accepted"}");
        }

        // D alone derives Q; the explicit curve is accepted; friendly names too.
        using var fromD = new ECDsaSecp192r1(With((ref ECParameters k) => k.Q = default));
        Assert.Equal(good.Q.X, fromD.ExportParameters(false).Q.X);
        using var explicitCurve = new ECDsaSecp192r1(With((ref ECParameters k) => k.Curve = valid.ExportExplicitParameters(false).Curve));
        using var named = new ECDsaSecp192r1(With((ref ECParameters k) => k.Curve = ECCurve.CreateFromFriendlyName("secp192r1")));
        Assert.Throws<CryptographicException>(() => valid.GenerateKey(ECCurve.NamedCurves.nistP256));

        // A public-only key verifies but cannot sign or export D.
        using var publicOnly = new ECDsaSecp192r1(valid.ExportParameters(false));
        Assert.False(publicOnly.HasPrivateKey);
        Assert.Throws<CryptographicException>(() => publicOnly.SignHash(new byte[32]));
        Assert.Throws<CryptographicException>(() => publicOnly.ExportParameters(true));
        Assert.True(publicOnly.VerifyHash(new byte[32], valid.SignHash(new byte[32])));
    }

    [Fact]
    public void MalformedSignaturesReturnFalseAndShortDestinationsAreNotWritten()
    {
        using var key = new ECDsaSecp192r1();
        byte[] hash = new byte[32];
        byte[] signature = key.SignHash(hash);
        foreach (byte[] wrong in new[] { Array.Empty<byte>(), signature[..47], [.. signature, 0], new byte[48] })
        {
            Assert.False(key.VerifyHash(hash, wrong));
            Assert.False(key.VerifyHash(hash, wrong, DSASignatureFormat.Rfc3279DerSequence));
        }

        Random random = TestRandom.Create(99);
        byte[] der = key.SignHash(hash, DSASignatureFormat.Rfc3279DerSequence);
        for (int i = 0; i < 400; i++)
        {
            byte[] mangled = (byte[])der.Clone();
            mangled[random.Next(mangled.Length)] = (byte)random.Next(256);
            if (random.Next(4) == 0)
            {
                mangled = mangled[..random.Next(mangled.Length)];
            }

            bool verified = key.VerifyHash(hash, mangled, DSASignatureFormat.Rfc3279DerSequence); // never throws
            if (verified)
            {
                Assert.Equal(der, mangled);
            }
        }

        byte[] destination = new byte[47];
        Array.Fill(destination, (byte)0xA5);
        Assert.False(key.TrySignHash(hash, destination, out int written));
        Assert.Equal(0, written);
        Assert.All(destination, b => Assert.Equal(0xA5, b));
        Assert.False(key.TrySignHash(hash, destination.AsSpan(0, 10), DSASignatureFormat.Rfc3279DerSequence, out written));
        Assert.Equal(0, written);
        Assert.All(destination, b => Assert.Equal(0xA5, b));
        Assert.Throws<ArgumentNullException>(() => key.SignHash((byte[])null!));
        Assert.Throws<ArgumentNullException>(() => key.VerifyHash(hash, null!));
    }

    [Fact]
    public void SignAndVerifyAllocateNothing()
    {
        using var key = new ECDsaSecp192r1();
        byte[] hash = SHA256.HashData(new byte[] { 1, 2, 3 });
        byte[] signature = new byte[48];
        for (int i = 0; i < 20; i++)
        {
            key.TrySignHash(hash, signature, out _);
            key.VerifyHash(hash.AsSpan(), signature.AsSpan());
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        bool ok = true;
        for (int i = 0; i < 50; i++)
        {
            ok &= key.TrySignHash(hash, signature, out _);
            ok &= key.VerifyHash(hash.AsSpan(), signature.AsSpan());
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.True(ok);
        Assert.Equal(0, allocated);
    }

    [Fact]
    public void BlindingPoolRefillsAndConcurrentSignersGetTheDeterministicSignatures()
    {
        // RFC 6979 signatures do not depend on the blinding: many signatures on one instance, from several threads
        // at once (each taking the pool or a new one), must equal those of a second instance with the same key.
        using var key = new ECDsaSecp192r1();
        using var reference = new ECDsaSecp192r1(key.ExportParameters(true));
        byte[][] hashes = new byte[160][];
        for (int i = 0; i < hashes.Length; i++)
        {
            hashes[i] = SHA256.HashData(BitConverter.GetBytes(i));
        }

        byte[][] signatures = new byte[hashes.Length][];
        System.Threading.Tasks.Parallel.For(0, hashes.Length, new System.Threading.Tasks.ParallelOptions { MaxDegreeOfParallelism = 4 }, i =>
        {
            signatures[i] = key.SignHash(hashes[i]);
        });
        for (int i = 0; i < hashes.Length; i++)
        {
            Assert.Equal(reference.SignHash(hashes[i]), signatures[i]);
        }

        // Dispose wipes the pool's unused random bytes.
        var poolField = typeof(ECDsaSecp192r1).GetField("_blindingPool", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!;
        const System.Reflection.BindingFlags Private = System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance;
        object pool;
        do
        {
            key.SignHash(hashes[0]);
            pool = poolField.GetValue(key)!;
        }
        while ((int)pool.GetType().GetField("_next", Private)!.GetValue(pool)! == 16); // used up: nothing left to wipe
        byte[] bytes = (byte[])pool.GetType().GetField("_bytes", Private)!.GetValue(pool)!;
        Assert.Contains(bytes, b => b != 0);
        key.Dispose();
        Assert.All(bytes, b => Assert.Equal(0, b));
        Assert.Null(poolField.GetValue(key));
    }

    [Fact]
    public void DisposeWipesAndForbidsUse()
    {
        var key = new ECDsaSecp192r1();
        var field = typeof(ECDsaSecp192r1).GetField("_privateKey", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!;
        ulong[] limbs = (ulong[])field.GetValue(key)!;
        key.Dispose();
        Assert.All(limbs, l => Assert.Equal(0UL, l));
        Assert.Throws<ObjectDisposedException>(() => key.SignHash(new byte[32]));
        Assert.Throws<ObjectDisposedException>(() => key.VerifyHash(new byte[32], new byte[48]));
    }

    /// <summary>
    /// Null arguments name their parameter, and every call on a disposed instance throws
    /// <see cref="ObjectDisposedException"/>, as on the runtime's <see cref="ECDsa"/>: key generation, import and
    /// export, and a signature into a destination too short for it (refused for the disposal first).
    /// </summary>
    [Fact]
    public void NullArgumentsAndCallsOnADisposedKeyThrowAsTheRuntimes()
    {
        using var key = new ECDsaSecp192r1();
        byte[] hash = new byte[32];
        byte[] signature = key.SignHash(hash);
        Assert.Equal("hash", Assert.Throws<ArgumentNullException>(() => key.VerifyHash(null!, signature)).ParamName);
        Assert.Equal("signature", Assert.Throws<ArgumentNullException>(() => key.VerifyHash(hash, null!)).ParamName);
        Assert.Equal("hash", Assert.Throws<ArgumentNullException>(() => key.SignHash((byte[])null!)).ParamName);

        ECParameters parameters = key.ExportParameters(true);
        var disposed = new ECDsaSecp192r1(parameters);
        disposed.Dispose();
        Assert.False(disposed.HasPrivateKey);
        using ECDsa? runtime = TryRuntimeKey(parameters);
        runtime?.Dispose();
        var calls = new (string Name, Action<ECDsa> Call)[]
        {
            ("GenerateKey", k => k.GenerateKey(ECDsaSecp192r1.Curve)),
            ("ImportParameters", k => k.ImportParameters(parameters)),
            ("ExportParameters", k => k.ExportParameters(false)),
            ("ExportExplicitParameters", k => k.ExportExplicitParameters(false)),
            ("TrySignHash, short destination", k => k.TrySignHash(hash, new byte[47], out _)),
            ("SignHash", k => k.SignHash(hash)),
            ("VerifyHash", k => k.VerifyHash(hash, signature)),
        };
        foreach ((string name, Action<ECDsa> call) in calls)
        {
            Exception? ours = Record.Exception(() => call(disposed));
            Assert.True(ours is ObjectDisposedException, $"{name}: {ours?.GetType().Name ?? "no exception"}");
            if (runtime is not null)
            {
                Assert.IsType<ObjectDisposedException>(Record.Exception(() => call(runtime)), exactMatch: false);
            }
        }
    }

    /// <summary>
    /// A new key replaces the old one in place: <see cref="ECDsa.GenerateKey"/> writes the new scalar over the old
    /// one's limbs (no copy of the old key left in an abandoned array), an import wipes them, and a public-only
    /// instance can generate a key pair.
    /// </summary>
    [Fact]
    public void ReplacingTheKeyLeavesNoCopyOfTheOldPrivateKey()
    {
        var field = typeof(ECDsaSecp192r1).GetField("_privateKey", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!;
        using var key = new ECDsaSecp192r1();
        using var other = new ECDsaSecp192r1();
        ulong[] limbs = (ulong[])field.GetValue(key)!;
        ulong[] old = (ulong[])limbs.Clone();
        key.GenerateKey(ECDsaSecp192r1.Curve);
        Assert.NotEqual(old, limbs);

        limbs = (ulong[])field.GetValue(key)!;
        key.ImportParameters(other.ExportParameters(true));
        Assert.All(limbs, l => Assert.Equal(0UL, l));
        limbs = (ulong[])field.GetValue(key)!;
        key.ImportParameters(other.ExportParameters(false));
        Assert.All(limbs, l => Assert.Equal(0UL, l));
        Assert.False(key.HasPrivateKey);

        key.GenerateKey(ECDsaSecp192r1.Curve);
        Assert.True(key.HasPrivateKey);
        Assert.True(key.VerifyHash(new byte[32], key.SignHash(new byte[32])));
    }

    /// <summary>
    /// An explicit curve is P-192 only when every parameter is: a prime short Weierstrass curve with P-192's prime,
    /// a, b, generator, order and cofactor 1 (or none). Integers may carry leading zero bytes.
    /// </summary>
    [Fact]
    public void ExplicitCurvesAreCheckedParameterByParameter()
    {
        using var valid = new ECDsaSecp192r1();
        ECParameters publicKey = valid.ExportParameters(false);
        ECParameters WithCurve(Action<ECCurve> change, ECCurve.ECCurveType type = ECCurve.ECCurveType.PrimeShortWeierstrass)
        {
            ECCurve curve = valid.ExportExplicitParameters(false).Curve;
            curve.CurveType = type;
            change(curve);
            return new ECParameters { Curve = curve, Q = publicKey.Q };
        }

        var bad = new (string Name, ECParameters Parameters)[]
        {
            ("prime", WithCurve(c => c.Prime![23] ^= 1)),
            ("a", WithCurve(c => c.A![23] ^= 1)),
            ("b", WithCurve(c => c.B![0] ^= 1)),
            ("G.X", WithCurve(c => c.G.X![23] ^= 1)),
            ("G.Y", WithCurve(c => c.G.Y![23] ^= 1)),
            ("order", WithCurve(c => c.Order![23] ^= 1)),
            ("cofactor 2", WithCurve(c => c.Cofactor![0] = 2)),
            ("twisted Edwards", WithCurve(_ => { }, ECCurve.ECCurveType.PrimeTwistedEdwards)),
            ("Montgomery", WithCurve(_ => { }, ECCurve.ECCurveType.PrimeMontgomery)),
        };
        foreach ((string name, ECParameters parameters) in bad)
        {
            Exception? exception = Record.Exception(() => new ECDsaSecp192r1(parameters));
            Assert.True(exception is CryptographicException, $"{name}: {exception?.GetType().Name ?? "accepted"}");
        }

        // A parameter left out is refused too (only the cofactor may be missing, below).
        foreach (string missing in new[] { "prime", "a", "b", "G.X", "G.Y", "order" })
        {
            ECCurve curve = valid.ExportExplicitParameters(false).Curve;
            switch (missing)
            {
                case "prime": curve.Prime = null; break;
                case "a": curve.A = null; break;
                case "b": curve.B = null; break;
                case "G.X": curve.G.X = null; break;
                case "G.Y": curve.G.Y = null; break;
                default: curve.Order = null; break;
            }

            Exception? exception = Record.Exception(
                () => new ECDsaSecp192r1(new ECParameters { Curve = curve, Q = publicKey.Q }));
            Assert.True(exception is CryptographicException, $"no {missing}: {exception?.GetType().Name ?? "accepted"}");
        }

        ECCurve noCofactor = valid.ExportExplicitParameters(false).Curve;
        noCofactor.Cofactor = null;
        ECCurve leadingZeros = valid.ExportExplicitParameters(false).Curve;
        leadingZeros.Prime = [0, .. leadingZeros.Prime!];
        leadingZeros.Order = [0, 0, .. leadingZeros.Order!];
        leadingZeros.Cofactor = [0, 1];
        foreach (ECCurve curve in new[] { noCofactor, leadingZeros })
        {
            using var imported = new ECDsaSecp192r1(new ECParameters { Curve = curve, Q = publicKey.Q });
            Assert.Equal(publicKey.Q.X, imported.ExportParameters(false).Q.X);
        }
    }

    /// <summary>
    /// A named curve whose OID has no value is recognised by any of P-192's names; a value, when present, decides
    /// (another curve's OID named "secp192r1" is refused).
    /// </summary>
    [Fact]
    public void NamedCurvesWithoutAnOidValueAreRecognisedByEveryNameOfP192()
    {
        using var valid = new ECDsaSecp192r1();
        ECParameters publicKey = valid.ExportParameters(false);
        foreach (string name in new[] { "nistP192", "secp192r1", "prime192v1", "ECDSA_P192" })
        {
            var parameters = new ECParameters { Curve = ECCurve.CreateFromOid(new Oid(null, name)), Q = publicKey.Q };
            using var imported = new ECDsaSecp192r1(parameters);
            Assert.Equal(publicKey.Q.Y, imported.ExportParameters(false).Q.Y);
        }

        foreach (Oid oid in new[] { new Oid(null, "nistP256"), new Oid("1.2.840.10045.3.1.7", "secp192r1") })
        {
            var parameters = new ECParameters { Curve = ECCurve.CreateFromOid(oid), Q = publicKey.Q };
            Assert.Throws<CryptographicException>(() => new ECDsaSecp192r1(parameters));
        }
    }

    /// <summary>
    /// The stream forms of SignData and VerifyData read the stream to its end, whatever each read returns, and give
    /// the signatures of the byte-array forms; the offset-and-count form signs exactly that range.
    /// </summary>
    [Fact]
    public void StreamsAndRangesAreHashedAsTheWholeArrays()
    {
        using var key = new ECDsaSecp192r1();
        byte[] data = TestRandom.Bytes(TestRandom.Create(4097), 10_000);
        byte[] expected = key.SignData(data, HashAlgorithmName.SHA256);
        Assert.Equal(expected, key.SignData(new System.IO.MemoryStream(data), HashAlgorithmName.SHA256));
        Assert.Equal(expected, key.SignData(new TrickleStream(data), HashAlgorithmName.SHA256));
        Assert.True(key.VerifyData(new TrickleStream(data), expected, HashAlgorithmName.SHA256));
        Assert.False(key.VerifyData(new TrickleStream(data[1..]), expected, HashAlgorithmName.SHA256));
        Assert.Equal(key.SignData(Array.Empty<byte>(), HashAlgorithmName.SHA384), key.SignData(System.IO.Stream.Null, HashAlgorithmName.SHA384));
        Assert.Equal(key.SignData(data[100..5000], HashAlgorithmName.SHA512), key.SignData(data, 100, 4900, HashAlgorithmName.SHA512));
        Assert.Equal("data", Assert.Throws<ArgumentNullException>(() => key.SignData((System.IO.Stream)null!, HashAlgorithmName.SHA256)).ParamName);
        Assert.Equal("hashAlgorithm", Assert.Throws<ArgumentException>(() => key.SignData(data, new HashAlgorithmName(""))).ParamName);
        Assert.Equal("hashAlgorithm", Assert.Throws<ArgumentNullException>(() => key.SignData(System.IO.Stream.Null, default)).ParamName);
    }

    /// <summary>A stream that returns at most 1,000 bytes a read, fewer than a buffer's worth.</summary>
    private sealed class TrickleStream(byte[] data) : System.IO.MemoryStream(data)
    {
        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, 1000));
    }

    /// <summary>
    /// DER signatures are strict: nothing after the SEQUENCE, nothing after the second INTEGER; a 24-byte integer
    /// with its high bit set takes a leading zero byte, and one without is a negative number.
    /// </summary>
    [Fact]
    public void DerSignaturesAreStrict()
    {
        using var key = new ECDsaSecp192r1();
        byte[] hash = SHA256.HashData("strict DER"u8);
        byte[] p1363 = key.SignHash(hash);
        var writer = new System.Formats.Asn1.AsnWriter(System.Formats.Asn1.AsnEncodingRules.DER);
        byte[] Der(bool extra)
        {
            writer.Reset();
            using (writer.PushSequence())
            {
                writer.WriteIntegerUnsigned(p1363.AsSpan(0, 24));
                writer.WriteIntegerUnsigned(p1363.AsSpan(24));
                if (extra)
                {
                    writer.WriteInteger(0);
                }
            }

            return writer.Encode();
        }

        byte[] der = Der(extra: false);
        Assert.True(key.VerifyHash(hash, der, DSASignatureFormat.Rfc3279DerSequence));
        Assert.False(key.VerifyHash(hash, (byte[])[.. der, 0], DSASignatureFormat.Rfc3279DerSequence), "a byte after the sequence");
        Assert.False(key.VerifyHash(hash, Der(extra: true), DSASignatureFormat.Rfc3279DerSequence), "a third integer");
    }

    /// <summary>
    /// Later nonce candidates continue the HMAC_DRBG as RFC 6979 3.2 step h.3 says (K = HMAC_K(V || 0x00),
    /// V = HMAC_K(V), then T again), computed here from the RFC's steps with the runtime's HMAC. The scratch for K
    /// and V is given dirty (the netstandard2.0 build's stack is not cleared for it), with and without the reusable
    /// zero-key HMAC of step d, which is left reset.
    /// </summary>
    [Theory]
    [InlineData(20)]
    [InlineData(32)]
    [InlineData(48)]
    [InlineData(64)]
    public void Rfc6979Nonce_LaterCandidatesFollowStepH3(int hashLength)
    {
        Random random = TestRandom.Create(63 + hashLength);
        byte[] x = Pad24(new Org.BouncyCastle.Math.BigInteger(1, TestRandom.Bytes(random, 24)).Mod(s_bouncyCurve.N));
        byte[] h1 = TestRandom.Bytes(random, hashLength);
        HashAlgorithmName name = Rfc6979Nonce.HashForDigestLength(hashLength);
        Func<byte[], byte[], byte[]> hmac = hashLength switch
        {
            20 => HMACSHA1.HashData,
            48 => HMACSHA384.HashData,
            64 => HMACSHA512.HashData,
            _ => HMACSHA256.HashData,
        };

        // Steps b to f, with bits2octets(h1) = (leftmost 192 bits of h1) mod n.
        int hlen = hashLength is 20 or 48 or 64 ? hashLength : 32;
        byte[] h1Octets = ToBytes(BigInteger.Remainder(
            new BigInteger(h1.AsSpan(0, Math.Min(24, hashLength)), isUnsigned: true, isBigEndian: true), P192Reference.N));
        byte[] v = new byte[hlen];
        Array.Fill(v, (byte)1);
        byte[] k = new byte[hlen];
        foreach (byte separator in new byte[] { 0, 1 })
        {
            k = hmac(k, [.. v, separator, .. x, .. h1Octets]);
            v = hmac(k, v);
        }

        var expected = new List<byte[]>();
        for (int candidate = 0; candidate < 3; candidate++)
        {
            byte[] t = [];
            while (t.Length < 24)
            {
                v = hmac(k, v);
                t = [.. t, .. v];
            }

            expected.Add(t[..24]); // each in [1, n-1], but for a probability of about 2^-96
            k = hmac(k, [.. v, 0]);
            v = hmac(k, v);
        }

        using IncrementalHash zeroKeyHmac = IncrementalHash.CreateHMAC(name, new byte[hlen]);
        foreach (IncrementalHash? reusable in new[] { null, zeroKeyHmac })
        {
            byte[] kScratch = new byte[64], vScratch = new byte[64];
            Array.Fill(kScratch, (byte)0xA5);
            Array.Fill(vScratch, (byte)0x5A);
            var nonces = new Rfc6979Nonce(name, x, P192Scalar.FromHash(h1), kScratch, vScratch, reusable);
            foreach (byte[] candidate in expected)
            {
                nonces.Next(out P192Scalar nonce);
                byte[] actual = new byte[24];
                nonce.Write(actual);
                Assert.Equal(candidate, actual);
            }
        }

        Assert.Equal(hmac(new byte[hlen], []), zeroKeyHmac.GetHashAndReset());
    }

    /// <summary>
    /// Each signature takes the next 48 bytes of the instance's pool of blinding bytes and wipes them there; bytes
    /// that make a blinding factor zero or out of range (c = 0 or c &gt;= p, b = 0 or b &gt;= n) are drawn again,
    /// and the signature is RFC 6979's whatever the blinding.
    /// </summary>
    [Fact]
    public void EachSignatureWipesItsBlindingBytesAndRedrawsOutOfRangeOnes()
    {
        const System.Reflection.BindingFlags Private = System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance;
        using var key = new ECDsaSecp192r1();
        using var reference = new ECDsaSecp192r1(key.ExportParameters(true));
        byte[] hash = SHA256.HashData("blinding"u8);
        byte[] expected = reference.SignHash(hash);
        Assert.Equal(expected, key.SignHash(hash)); // the first signature fills the pool and takes slot 0
        var poolField = typeof(ECDsaSecp192r1).GetField("_blindingPool", Private)!;
        object pool = poolField.GetValue(key)!;
        var nextField = pool.GetType().GetField("_next", Private)!;
        byte[] bytes = (byte[])pool.GetType().GetField("_bytes", Private)!.GetValue(pool)!;
        for (int used = 1; used <= 3; used++)
        {
            Assert.Equal(used, (int)nextField.GetValue(pool)!);
            Assert.All(bytes[..(used * 48)], b => Assert.Equal(0, b));
            Assert.Contains(bytes[(used * 48)..], b => b != 0);
            Assert.Equal(expected, key.SignHash(hash));
        }

        foreach (byte fill in new byte[] { 0x00, 0xFF })
        {
            Array.Fill(bytes, fill);
            nextField.SetValue(pool, 0);
            Assert.Equal(expected, key.SignHash(hash));
            Assert.Same(pool, poolField.GetValue(key));
            Assert.Equal(1, (int)nextField.GetValue(pool)!);
        }
    }

    /// <summary>
    /// One instance signing with digests of every length in turn gives each length's RFC 6979 signature: the
    /// reusable zero-key HMAC of a previous length is not used for another hash.
    /// </summary>
    [Fact]
    public void OneInstanceSigningWithEveryDigestLengthInTurnGivesTheirRfc6979Signatures()
    {
        using var key = new ECDsaSecp192r1();
        var bcPrivate = new ECPrivateKeyParameters(new Org.BouncyCastle.Math.BigInteger(1, key.ExportParameters(true).D), s_bouncyDomain);
        Random random = TestRandom.Create(6980);
        foreach (int hashLength in new[] { 32, 32, 20, 48, 64, 16, 64, 20, 32 })
        {
            byte[] hash = TestRandom.Bytes(random, hashLength);
            Org.BouncyCastle.Crypto.IDigest hmacDigest = hashLength switch
            {
                20 => new Org.BouncyCastle.Crypto.Digests.Sha1Digest(),
                48 => new Org.BouncyCastle.Crypto.Digests.Sha384Digest(),
                64 => new Org.BouncyCastle.Crypto.Digests.Sha512Digest(),
                _ => new Org.BouncyCastle.Crypto.Digests.Sha256Digest(),
            };
            var signer = new ECDsaSigner(new HMacDsaKCalculator(hmacDigest));
            signer.Init(true, bcPrivate);
            Org.BouncyCastle.Math.BigInteger[] rs = signer.GenerateSignature(hash);
            Assert.Equal([.. Pad24(rs[0]), .. Pad24(rs[1])], key.SignHash(hash));
        }
    }

    /// <summary>The key size is 192 bits from either constructor, and no other size is legal.</summary>
    [Fact]
    public void KeySizeIs192AndNoOtherSizeIsLegal()
    {
        using var generated = new ECDsaSecp192r1();
        using var imported = new ECDsaSecp192r1(generated.ExportParameters(false));
        foreach (ECDsaSecp192r1 key in new[] { generated, imported })
        {
            Assert.Equal(192, key.KeySize);
            KeySizes legal = Assert.Single(key.LegalKeySizes);
            Assert.Equal((192, 192, 0), (legal.MinSize, legal.MaxSize, legal.SkipSize));
            key.KeySize = 192;
            Assert.Throws<CryptographicException>(() => key.KeySize = 256);
        }
    }

    /// <summary>
    /// The reusable zero-key HMAC object of RFC 6979 step d is disposed when a digest of another length replaces
    /// it and when the instance is disposed.
    /// </summary>
    [Fact]
    public void TheReusableZeroKeyHmacIsDisposedWhenReplacedAndOnDispose()
    {
        var field = typeof(ECDsaSecp192r1).GetField("_zeroKeyHmac", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!;
        var key = new ECDsaSecp192r1();
        key.SignHash(new byte[32]);
        var sha256 = (IncrementalHash)field.GetValue(key)!;
        Assert.Equal(32, sha256.HashLengthInBytes);
        key.SignHash(new byte[20]);
        var sha1 = (IncrementalHash)field.GetValue(key)!;
        Assert.Equal(20, sha1.HashLengthInBytes);
        Assert.Throws<ObjectDisposedException>(() => sha256.AppendData(new byte[1]));
        key.Dispose();
        Assert.Null(field.GetValue(key));
        Assert.Throws<ObjectDisposedException>(() => sha1.AppendData(new byte[1]));
    }

    private static ECDsa? TryRuntimeKey(ECParameters parameters)
    {
        try
        {
            return ECDsa.Create(parameters);
        }
        catch (Exception e) when (e is CryptographicException or PlatformNotSupportedException)
        {
            return null; // a runtime without P-192
        }
    }

    private delegate void Mutate(ref ECParameters parameters);

    private static ECParameters Change(ECParameters original, Mutate change)
    {
        var copy = new ECParameters
        {
            Curve = original.Curve,
            D = (byte[]?)original.D?.Clone(),
            Q = new ECPoint { X = (byte[]?)original.Q.X?.Clone(), Y = (byte[]?)original.Q.Y?.Clone() },
        };
        change(ref copy);
        return copy;
    }

    private static P192FieldElement Field(byte[] bytes)
    {
        P192FieldElement.TryRead(bytes, out P192FieldElement value);
        return value;
    }

    private static byte[] ToBytes(BigInteger value)
    {
        byte[] raw = value.ToByteArray(isUnsigned: true, isBigEndian: true);
        return raw.Length >= 24 ? raw : [.. new byte[24 - raw.Length], .. raw];
    }

    private static byte[] Enumerable24(byte value)
    {
        byte[] bytes = new byte[24];
        Array.Fill(bytes, value);
        return bytes;
    }
}

internal static class ECDsaSecp192r1Keys
{
    public static ECParameters FromSpki(byte[] spki)
    {
        using var key = new ECDsaSecp192r1();
        key.ImportSubjectPublicKeyInfo(spki, out _);
        return key.ExportParameters(false);
    }
}
