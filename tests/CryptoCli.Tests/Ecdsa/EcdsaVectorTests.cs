using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests.Ecdsa;

/// <summary>
/// Every ECDSA P-192 vector file: RFC 6979 A.2.3 (exact r, s), NIST CAVP SigVer, Wycheproof with P1363 and DER
/// signatures, plus the selections and domain parameters in ecdsa-p192.txt.
/// </summary>
public class EcdsaVectorTests
{
    internal static byte[] Digest(string name, byte[] message, string where) => name switch
    {
        "SHA-1" => SHA1.HashData(message),
        "SHA-224" => BouncyDigest(new Org.BouncyCastle.Crypto.Digests.Sha224Digest(), message), // the runtime has no SHA-224
        "SHA-256" => SHA256.HashData(message),
        "SHA-384" => SHA384.HashData(message),
        "SHA-512" => SHA512.HashData(message),
        _ => throw new VectorFormatException($"{where}: unknown hash {name}"),
    };

    private static byte[] BouncyDigest(Org.BouncyCastle.Crypto.IDigest digest, byte[] message)
    {
        digest.BlockUpdate(message, 0, message.Length);
        byte[] output = new byte[digest.GetDigestSize()];
        digest.DoFinal(output, 0);
        return output;
    }

    internal static ECDsaSecp192r1? TryPublicKey(byte[] x, byte[] y)
    {
        try
        {
            return new ECDsaSecp192r1(new ECParameters { Curve = ECDsaSecp192r1.Curve, Q = new ECPoint { X = x, Y = y } });
        }
        catch (CryptographicException)
        {
            return null;
        }
    }

    [Fact]
    public void EveryFileOfTheFamily()
    {
        int files = 0;
        foreach (VectorFile file in VectorFile.ReadFamily("ecdsa"))
        {
            files++;
            if (file.Name.EndsWith("-p1363.txt", StringComparison.Ordinal))
            {
                RunWycheproof(file, der: false);
            }
            else if (file.Name.EndsWith("-der.txt", StringComparison.Ordinal))
            {
                RunWycheproof(file, der: true);
            }
            else if (file.Name.Contains("cavp", StringComparison.Ordinal))
            {
                RunCavp(file);
            }
            else
            {
                RunBlocks(file);
            }
        }

        Assert.Equal(4, files);
    }

    private static void RunWycheproof(VectorFile file, bool der)
    {
        int valid = 0, invalid = 0;
        foreach ((VectorLine line, string[] c) in file.ReadColumns(8))
        {
            string where = $"{file.Name}:{line.Number} tcId {c[0]}";
            byte[] message = c[5] == "-" ? Array.Empty<byte>() : VectorFile.Hex(c[5]);
            byte[] signature = c[6] == "-" ? Array.Empty<byte>() : VectorFile.Hex(c[6]); // "-": empty signature
            byte[] hash = Digest(c[4], message, where);
            using ECDsaSecp192r1? key = TryPublicKey(VectorFile.Hex(c[2]), VectorFile.Hex(c[3]));
            bool verified = key is not null && (der
                ? key.VerifyHash(hash, signature, DSASignatureFormat.Rfc3279DerSequence)
                : key.VerifyHash(hash, signature));
            if (key is not null && !der)
            {
                // The span and format overloads agree with the array one.
                Assert.Equal(verified, key.VerifyHash(hash.AsSpan(), signature.AsSpan(), DSASignatureFormat.IeeeP1363FixedFieldConcatenation));
            }

            switch (c[1])
            {
                case "valid":
                    Assert.True(verified, $"{where}: valid signature rejected ({c[7]})");
                    valid++;
                    break;
                case "invalid":
                    Assert.False(verified, $"{where}: invalid signature accepted ({c[7]})");
                    invalid++;
                    break;
                case "acceptable":
                    break; // either answer, but no exception (reaching here proves it)
                default:
                    throw file.Error(line, "unknown result");
            }
        }

        Assert.True(valid > 50 && invalid > 50, $"{file.Name}: {valid} valid, {invalid} invalid");
    }

    private static void RunCavp(VectorFile file)
    {
        int count = 0;
        foreach ((VectorLine line, string[] c) in file.ReadColumns(7))
        {
            string where = $"{file.Name}:{line.Number}";
            bool expected = c[1].StartsWith('P');
            Assert.True(expected || c[1].StartsWith('F'), where);
            CheckSigVer(where, c[0], VectorFile.Hex(c[6]), VectorFile.Hex(c[2]), VectorFile.Hex(c[3]), VectorFile.Hex(c[4]), VectorFile.Hex(c[5]), expected);
            count++;
        }

        Assert.Equal(75, count);
    }

    private static void CheckSigVer(string where, string hashName, byte[] message, byte[] qx, byte[] qy, byte[] r, byte[] s, bool expected)
    {
        byte[] hash = Digest(hashName, message, where);
        using ECDsaSecp192r1? key = TryPublicKey(qx, qy);
        byte[] signature = new byte[48];
        r.CopyTo(signature, 24 - r.Length);
        s.CopyTo(signature, 48 - s.Length);
        bool verified = key is not null && key.VerifyHash(hash, signature);
        Assert.True(expected == verified, $"{where}: expected {expected}");
        if (key is not null)
        {
            // VerifyData hashes with the runtime (SHA-224 aside, which it lacks).
            if (hashName != "SHA-224")
            {
                Assert.Equal(expected, key.VerifyData(message, signature, new HashAlgorithmName(hashName.Replace("-", "", StringComparison.Ordinal))));
            }
        }
    }

    private static void RunBlocks(VectorFile file)
    {
        byte[]? privateKey = null, publicX = null, publicY = null;
        int rfc = 0, wycheproof = 0, cavp = 0;
        foreach (VectorRecord record in file.ReadBlocks())
        {
            if (record.Has("P"))
            {
                CheckDomainParameters(record);
            }
            else if (record.Has("PRIVATE_KEY"))
            {
                privateKey = record.Bytes("PRIVATE_KEY");
                publicX = record.Bytes("PUBLIC_X");
                publicY = record.Bytes("PUBLIC_Y");
            }
            else if (record.Has("K"))
            {
                Assert.NotNull(privateKey);
                CheckRfc6979(record, privateKey!, publicX!, publicY!);
                rfc++;
            }
            else if (record.Has("SIG"))
            {
                byte[] hash = Digest(record.Text("HASH"), record.Bytes("MSG"), record.Where);
                using ECDsaSecp192r1? key = TryPublicKey(record.Bytes("PUBLIC_X"), record.Bytes("PUBLIC_Y"));
                bool verified = key is not null && key.VerifyHash(hash, record.Bytes("SIG"));
                string result = record.Text("RESULT");
                Assert.True(result is "valid" or "invalid" or "acceptable", record.Where);
                if (result != "acceptable")
                {
                    Assert.True(verified == (result == "valid"), $"{record.Where}: expected {result}");
                }

                wycheproof++;
            }
            else if (record.Has("QX"))
            {
                string result = record.Text("RESULT");
                CheckSigVer(record.Where, record.Text("HASH"), record.Bytes("MSG"), record.Bytes("QX"), record.Bytes("QY"), record.Bytes("R"), record.Bytes("S"), result.StartsWith('P'));
                cavp++;
            }
            else
            {
                throw new VectorFormatException($"{record.Where}: unknown block");
            }
        }

        Assert.Equal(10, rfc);
        Assert.True(wycheproof > 0 && cavp > 0, file.Name);
    }

    private static void CheckDomainParameters(VectorRecord record)
    {
        ECParameters explicitCurve = new ECDsaSecp192r1().ExportExplicitParameters(false);
        Assert.Equal(record.Bytes("P"), explicitCurve.Curve.Prime);
        Assert.Equal(record.Bytes("A"), explicitCurve.Curve.A);
        Assert.Equal(record.Bytes("B"), explicitCurve.Curve.B);
        Assert.Equal(record.Bytes("GX"), explicitCurve.Curve.G.X);
        Assert.Equal(record.Bytes("GY"), explicitCurve.Curve.G.Y);
        Assert.Equal(record.Bytes("N"), explicitCurve.Curve.Order);
        Assert.Equal(P192Reference.P, P192Reference.Parse(record.Text("P")));
        Assert.Equal(P192Reference.N, P192Reference.Parse(record.Text("N")));
    }

    private static void CheckRfc6979(VectorRecord record, byte[] privateKey, byte[] publicX, byte[] publicY)
    {
        string hashName = record.Text("HASH");
        byte[] message = record.Bytes("MSG");
        byte[] digest = Digest(hashName, message, record.Where);
        Assert.True(record.Bytes("DIGEST").AsSpan().SequenceEqual(digest), $"{record.Where}: digest");
        byte[] expected = [.. record.Bytes("R"), .. record.Bytes("S")];

        using var key = new ECDsaSecp192r1(new ECParameters { Curve = ECDsaSecp192r1.Curve, D = privateKey });
        ECParameters exported = key.ExportParameters(false);
        Assert.Equal(publicX, exported.Q.X);
        Assert.Equal(publicY, exported.Q.Y);

        // The signing equation with RFC 6979's k: exact r and s for every hash.
        P192Scalar.TryRead(privateKey, out P192Scalar d);
        Assert.True(ECDsaSecp192r1.TrySign(d, P192Scalar.FromHash(digest), P192Scalar.ReadRaw(record.Bytes("K")), out P192Scalar r, out P192Scalar s), record.Where);
        byte[] fromK = new byte[48];
        r.Write(fromK);
        s.Write(fromK.AsSpan(24));
        Assert.True(expected.AsSpan().SequenceEqual(fromK), $"{record.Where}: (r, s) from K");
        Assert.True(key.VerifyHash(digest, expected), $"{record.Where}: verify");
        expected[47] ^= 1;
        Assert.False(key.VerifyHash(digest, expected), $"{record.Where}: one-bit change accepted");
        expected[47] ^= 1;

        if (hashName == "SHA-224")
        {
            // No HMAC-SHA-224 in the runtime: the nonce comes from HMAC-SHA-256, so only validity is checked.
            Assert.True(key.VerifyHash(digest, key.SignHash(digest)), record.Where);
            return;
        }

        // The whole path: RFC 6979 nonce, SignHash, SignData, the DER form.
        Span<byte> kBuffer = stackalloc byte[64], vBuffer = stackalloc byte[64];
        var nonces = new Rfc6979Nonce(Rfc6979Nonce.HashForDigestLength(digest.Length), privateKey, P192Scalar.FromHash(digest), kBuffer, vBuffer);
        nonces.Next(out P192Scalar k);
        Assert.Equal(P192Reference.Parse(record.Text("K")), P192Reference.ToBig(k));
        Assert.True(expected.AsSpan().SequenceEqual(key.SignHash(digest)), $"{record.Where}: SignHash");
        var hashAlgorithm = new HashAlgorithmName(hashName.Replace("-", "", StringComparison.Ordinal));
        Assert.True(expected.AsSpan().SequenceEqual(key.SignData(message, hashAlgorithm)), $"{record.Where}: SignData");
        byte[] der = key.SignHash(digest, DSASignatureFormat.Rfc3279DerSequence);
        using ECDsa builtIn = ECDsa.Create(key.ExportParameters(false));
        Assert.True(builtIn.VerifyHash(digest, der, DSASignatureFormat.Rfc3279DerSequence), $"{record.Where}: DER by the runtime");
        Assert.True(key.VerifyData(message, der, hashAlgorithm, DSASignatureFormat.Rfc3279DerSequence), $"{record.Where}: DER");
    }
}
