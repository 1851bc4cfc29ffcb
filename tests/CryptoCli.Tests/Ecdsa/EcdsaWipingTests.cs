using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Signing leaves no copy of its secrets behind on the stack: the private key (as bytes and as limbs), the
/// RFC 6979 nonce, the state (K, V) it was drawn from and the point k·G. The check reads the stack memory the signing
/// frames just used (<see cref="StackResidue"/>) and looks for each secret's bytes; a positive control shows the scan
/// finds a secret that is left behind.
/// </summary>
[Collection(StackScanGroup.Name)]
public class EcdsaWipingTests
{
    [Fact]
    public void TheScanFindsASecretLeftOnTheStack()
    {
        WarmUp();
        byte[] secret = RandomNumberGenerator.GetBytes(24);
        StackResidue.Scrub();
        StackResidue.Leave(secret);
        Assert.True(StackResidue.Contains(secret), "the stack scan is blind: it did not find a secret left on purpose");
    }

    [OptimizedLibraryFact]
    public void SigningLeavesNoPrivateKeyNonceOrNoncePointOnTheStack()
    {
        WarmUp();
        Span<byte> k = stackalloc byte[64];
        Span<byte> v = stackalloc byte[64];
        for (int attempt = 0; attempt < 4; attempt++)
        {
            using var key = new ECDsaSecp192r1();
            byte[] d = key.ExportParameters(true).D!;
            byte[] hash = RandomNumberGenerator.GetBytes(32);

            // The secrets the signature will compute, worked out here first (this leaves copies, scrubbed below).
            P192Scalar privateKey = P192Scalar.ReadRaw(d);
            P192Scalar e = P192Scalar.FromHash(hash);
            var nonces = new Rfc6979Nonce(Rfc6979Nonce.HashForDigestLength(hash.Length), d, e, k, v);
            nonces.Next(out P192Scalar nonce);
            P192Curve.MultiplyBase(nonce, out P192ProjectivePoint point);
            byte[] nonceBytes = new byte[24];
            nonce.Write(nonceBytes);
            var secrets = new (string What, byte[] Bytes)[]
            {
                ("private key (big-endian bytes)", d),
                ("private key (limbs)", AsBytes(privateKey)),
                ("nonce (big-endian bytes)", nonceBytes),
                ("nonce (limbs)", AsBytes(nonce)),
                ("k·G X", AsBytes(point.X)),
                ("k·G Y", AsBytes(point.Y)),
                ("k·G Z", AsBytes(point.Z)),
                ("RFC 6979 K", k.Slice(0, hash.Length).ToArray()),
                ("RFC 6979 V", v.Slice(0, hash.Length).ToArray()),
            };
            k.Clear();
            v.Clear();
            nonce = default;
            privateKey = default;
            point = default;
            StackResidue.Scrub();

            Sign(key, hash);
            foreach ((string what, byte[] bytes) in secrets)
            {
                Assert.False(StackResidue.Contains(bytes), $"signing left the {what} on the stack");
            }

            // The same scan, in the same state, sees a secret that is left behind.
            StackResidue.Leave(nonceBytes);
            Assert.True(StackResidue.Contains(nonceBytes), "the stack scan is blind");
        }
    }

    /// <summary>
    /// Compiles everything the scan runs, before it runs: the first call of a method compiles it on this thread's
    /// stack, which would overwrite (and so hide) what the previous call left there.
    /// </summary>
    private static void WarmUp()
    {
        using var key = new ECDsaSecp192r1();
        byte[] hash = new byte[32];
        for (int i = 0; i < 3; i++)
        {
            StackResidue.Scrub();
            Sign(key, hash);
            StackResidue.Leave(hash);
            StackResidue.Contains(hash);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Sign(ECDsaSecp192r1 key, byte[] hash) => key.SignHash(hash);

    private static byte[] AsBytes<T>(T value)
        where T : struct => MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref value, 1)).ToArray();
}
