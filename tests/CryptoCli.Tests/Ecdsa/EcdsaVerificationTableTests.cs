using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Threading;
using Org.BouncyCastle.Asn1.X9;
using Org.BouncyCastle.Crypto.EC;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using Xunit;
using static CryptoCli.Tests.Ecdsa.P192Reference;
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;
using BigInteger = System.Numerics.BigInteger;

namespace CryptoCli.Tests.Ecdsa;

/// <summary>
/// Verification with the per-key comb table of Q (built on the second verification with a key) and without it:
/// the same answers as BouncyCastle and the runtime, a table never outliving its key, concurrent builds.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class EcdsaVerificationTableTests
{
    private static readonly X9ECParameters s_bouncyCurve = CustomNamedCurves.GetByName("secp192r1");
    private static readonly ECDomainParameters s_bouncyDomain =
        new(s_bouncyCurve.Curve, s_bouncyCurve.G, s_bouncyCurve.N, s_bouncyCurve.H);

    // The curve arithmetic (P192Curve) alone, which the mutation run leaves unmutated: skipped there.
    [Fact]
    [Trait(TestCategories.MutationRun, TestCategories.Skip)]
    public void CombTableEntriesAreTheOddMultiplesOfEachRow()
    {
        Random random = TestRandom.Create(192);
        BigInteger qScalar = RandomBelow(random, N - 1) + 1;
        var q = Multiply(qScalar, (Gx, Gy))!.Value;
        P192AffinePoint[] table = P192Curve.BuildCombTableVariableTime(new P192AffinePoint(Field(q.X), Field(q.Y)));
        Assert.Equal(P192Curve.CombTableLength, table.Length);
        foreach (int row in new[] { 0, 1, 17, 31 })
        {
            foreach (int j in new[] { 0, 1, 2, 30, 31 })
            {
                BigInteger multiplier = Mod((2 * j + 1) * BigInteger.Pow(64, row) * qScalar, N);
                var expected = Multiply(multiplier, (Gx, Gy))!.Value;
                P192AffinePoint entry = table[(row * 32) + j];
                Assert.True(expected.X == ToBig(entry.X) && expected.Y == ToBig(entry.Y), $"row {row} entry {j}");
            }
        }
    }

    // The curve arithmetic (P192Curve) alone, which the mutation run leaves unmutated: skipped there.
    [Fact]
    [Trait(TestCategories.MutationRun, TestCategories.Skip)]
    public void CombMultiplicationMatchesTheWNafPath()
    {
        Random random = TestRandom.Create(1921);
        BigInteger qScalar = RandomBelow(random, N - 1) + 1;
        var q = Multiply(qScalar, (Gx, Gy))!.Value;
        var qPoint = new P192AffinePoint(Field(q.X), Field(q.Y));
        P192AffinePoint[] table = P192Curve.BuildCombTableVariableTime(qPoint);
        var multipliers = new List<BigInteger> { 1, 2, 3, 64, 65, N - 1, N - 2, N - 64, (N - 1) / 2, (N + 1) / 2 };
        for (int i = 0; i < 12; i++)
        {
            multipliers.Add(RandomBelow(random, N - 1) + 1);
        }

        var firstMultipliers = new List<BigInteger>(multipliers) { 0 };
        foreach (BigInteger u1 in firstMultipliers)
        {
            BigInteger u2 = multipliers[random.Next(multipliers.Count)];
            AssertSamePoint(u1, u2, qPoint, table);
            AssertSamePoint(u1, N - 1, qPoint, table);
        }

        // The exceptional cases of the additions: u2 Q = +-u1 G, and sums reaching infinity, with Q = G.
        var g = new P192AffinePoint(Field(Gx), Field(Gy));
        P192AffinePoint[] gTable = P192Curve.BuildCombTableVariableTime(g);
        foreach ((BigInteger u1, BigInteger u2) in new[]
        {
            (BigInteger.One, N - 1), (new BigInteger(5), new BigInteger(5)), (new BigInteger(7), N - 7),
            (N - 1, N - 1), (N - 64, new BigInteger(64)), (BigInteger.One << 100, BigInteger.One << 100),
        })
        {
            AssertSamePoint(u1, u2, g, gTable);
        }
    }

    private static void AssertSamePoint(BigInteger u1, BigInteger u2, in P192AffinePoint q, P192AffinePoint[] table)
    {
        P192Curve.MultiplyTwoVariableTime(Scalar(u1), Scalar(u2), q, out P192JacobianPoint expected);
        P192Curve.MultiplyTwoCombVariableTime(Scalar(u1), Scalar(u2), table, out P192JacobianPoint actual);
        Assert.Equal(expected.IsInfinity, actual.IsInfinity);
        if (!expected.IsInfinity)
        {
            expected.TryToAffine(out P192AffinePoint e);
            actual.TryToAffine(out P192AffinePoint a);
            Assert.True(ToBig(e.X) == ToBig(a.X) && ToBig(e.Y) == ToBig(a.Y), $"u1={u1:x} u2={u2:x}");
        }
    }

    /// <summary>
    /// Random keys and messages, signed by the runtime (random nonces) and by us; each signature, and the same with a
    /// flipped bit in r, in s or in the hash, verified by an instance with the table (after warming it up), one
    /// without, BouncyCastle and the runtime, which must all agree.
    /// </summary>
    [Fact]
    public void CachedAndUncachedVerificationAgreeWithBouncyCastleAndTheRuntime()
    {
        Random random = TestRandom.Create(1922);
        for (int k = 0; k < 4; k++)
        {
            using var signer = new ECDsaSecp192r1();
            ECParameters publicKey = signer.ExportParameters(false);
            using var cached = new ECDsaSecp192r1(publicKey);
            using var uncached = new ECDsaSecp192r1(publicKey) { CacheVerificationTable = false };
            ECDsa? runtime = TryRuntime(signer.ExportParameters(true));
            var bouncy = new ECDsaSigner();
            bouncy.Init(false, new ECPublicKeyParameters(s_bouncyCurve.Curve.CreatePoint(
                new BcBigInteger(1, publicKey.Q.X), new BcBigInteger(1, publicKey.Q.Y)), s_bouncyDomain));

            // Two verifications build the table; the rest of the cases use it.
            byte[] warmHash = SHA256.HashData(BitConverter.GetBytes(k));
            byte[] warmSignature = signer.SignHash(warmHash);
            Assert.True(cached.VerifyHash(warmHash, warmSignature));
            Assert.False(cached.HasVerificationTable);
            Assert.True(cached.VerifyHash(warmHash, warmSignature));
            Assert.True(cached.HasVerificationTable);

            for (int m = 0; m < 6; m++)
            {
                byte[] hash = TestRandom.Bytes(random, new[] { 32, 20, 48, 24 }[m % 4]);
                byte[] signature = runtime is not null && m % 2 == 1 ? runtime.SignHash(hash) : signer.SignHash(hash);
                AssertAllAgree(true, hash, signature, cached, uncached, runtime, bouncy, $"key {k} message {m}");
                foreach (int half in new[] { 0, 24 })
                {
                    byte[] corrupted = (byte[])signature.Clone();
                    corrupted[half + random.Next(24)] ^= (byte)(1 << random.Next(8));
                    AssertAllAgree(false, hash, corrupted, cached, uncached, runtime, bouncy,
                        $"key {k} message {m}: {(half == 0 ? "r" : "s")} corrupted");
                }

                byte[] otherHash = (byte[])hash.Clone();
                // Only the leftmost 192 bits of a longer hash count.
                otherHash[random.Next(Math.Min(24, otherHash.Length))] ^= (byte)(1 << random.Next(8));
                AssertAllAgree(false, otherHash, signature, cached, uncached, runtime, bouncy,
                    $"key {k} message {m}: hash corrupted");
            }

            Assert.True(cached.HasVerificationTable);
            Assert.False(uncached.HasVerificationTable);
            runtime?.Dispose();
        }
    }

    private static void AssertAllAgree(bool expected, byte[] hash, byte[] signature, ECDsaSecp192r1 cached,
        ECDsaSecp192r1 uncached, ECDsa? runtime, ECDsaSigner bouncy, string message)
    {
        Assert.True(expected == cached.VerifyHash(hash, signature), message + ": with the table");
        Assert.True(expected == uncached.VerifyHash(hash, signature), message + ": without the table");
        Assert.True(expected == bouncy.VerifySignature(hash, new BcBigInteger(1, signature, 0, 24),
            new BcBigInteger(1, signature, 24, 24)), message + ": BouncyCastle");
        if (runtime is not null)
        {
            Assert.True(expected == runtime.VerifyHash(hash, signature), message + ": runtime");
        }
    }

    private static ECDsa? TryRuntime(ECParameters key)
    {
        try
        {
            return ECDsa.Create(key);
        }
        catch (Exception e) when (e is CryptographicException or PlatformNotSupportedException)
        {
            return null; // a runtime without P-192
        }
    }

    /// <summary>
    /// A table built for one key must not survive ImportParameters or GenerateKey: a signature under the old key
    /// would verify with a stale table, and the new key's would not.
    /// </summary>
    [Fact]
    public void TheTableIsDroppedAndRebuiltWhenTheKeyChanges()
    {
        using var first = new ECDsaSecp192r1();
        using var second = new ECDsaSecp192r1();
        byte[] hash = SHA256.HashData("stale table"u8);
        byte[] firstSignature = first.SignHash(hash);
        byte[] secondSignature = second.SignHash(hash);

        using var verifier = new ECDsaSecp192r1(first.ExportParameters(false));
        for (int i = 0; i < 3; i++)
        {
            Assert.True(verifier.VerifyHash(hash, firstSignature));
            Assert.False(verifier.VerifyHash(hash, secondSignature));
        }

        Assert.True(verifier.HasVerificationTable);
        verifier.ImportParameters(second.ExportParameters(false));
        Assert.False(verifier.HasVerificationTable);
        for (int i = 0; i < 3; i++)
        {
            Assert.False(verifier.VerifyHash(hash, firstSignature), $"round {i}: the old key's signature verified");
            // The count starts again with the new key: its first verification builds no table.
            Assert.True(i > 0 || !verifier.HasVerificationTable, "the first verification with the new key built the table");
            Assert.True(verifier.VerifyHash(hash, secondSignature), $"round {i}: the new key's signature failed");
        }

        Assert.True(verifier.HasVerificationTable);

        verifier.GenerateKey(ECDsaSecp192r1.Curve);
        Assert.False(verifier.HasVerificationTable);
        byte[] ownSignature = verifier.SignHash(hash);
        for (int i = 0; i < 3; i++)
        {
            Assert.False(verifier.VerifyHash(hash, secondSignature), $"round {i}: after GenerateKey");
            Assert.True(verifier.VerifyHash(hash, ownSignature), $"round {i}: after GenerateKey");
        }

        Assert.True(verifier.HasVerificationTable);
        verifier.CacheVerificationTable = false;
        Assert.False(verifier.HasVerificationTable);
        Assert.True(verifier.VerifyHash(hash, ownSignature));
        Assert.True(verifier.VerifyHash(hash, ownSignature));
        Assert.False(verifier.HasVerificationTable);
        verifier.CacheVerificationTable = true;
        Assert.True(verifier.VerifyHash(hash, ownSignature));
        Assert.True(verifier.VerifyHash(hash, ownSignature));
        Assert.True(verifier.HasVerificationTable);

        verifier.Dispose();
        Assert.False(verifier.HasVerificationTable);
        Assert.Throws<ObjectDisposedException>(() => verifier.VerifyHash(hash, ownSignature));
    }

    /// <summary>
    /// Several threads verify good and bad signatures on one fresh instance at once, so that the table is built
    /// while others verify (with it, without it, or while it is being published).
    /// </summary>
    [Fact]
    public void ConcurrentVerificationIsCorrectWhileTheTableIsBuilt()
    {
        using var signer = new ECDsaSecp192r1();
        var hashes = new byte[16][];
        var signatures = new byte[16][];
        for (int i = 0; i < hashes.Length; i++)
        {
            hashes[i] = SHA256.HashData(BitConverter.GetBytes(i));
            signatures[i] = signer.SignHash(hashes[i]);
            if (i % 3 == 2)
            {
                signatures[i][i] ^= 1; // a bad signature
            }
        }

        const int Threads = 6;
        for (int round = 0; round < 3; round++)
        {
            using var verifier = new ECDsaSecp192r1(signer.ExportParameters(false));
            using var start = new Barrier(Threads);
            int failures = 0;
            var threads = new Thread[Threads];
            for (int t = 0; t < Threads; t++)
            {
                int offset = t;
                threads[t] = new Thread(() =>
                {
                    start.SignalAndWait();
                    for (int n = 0; n < hashes.Length; n++)
                    {
                        int i = (n + offset) % hashes.Length;
                        if (verifier.VerifyHash(hashes[i], signatures[i]) != (i % 3 != 2))
                        {
                            Interlocked.Increment(ref failures);
                        }
                    }
                });
                threads[t].Start();
            }

            foreach (Thread thread in threads)
            {
                thread.Join();
            }

            Assert.Equal(0, failures);
            Assert.True(verifier.HasVerificationTable);
        }
    }
}
