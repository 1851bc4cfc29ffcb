// What Vectors/ecdsa means (P-192: RFC 6979 A.2.3 deterministic signatures, NIST CAVP SigVer, Wycheproof with raw
// r||s and DER signatures, domain parameters), one file format per name. Shared by the xunit suite and the Mono
// runner; DER signatures are the one thing the two builds do differently (the netstandard2.0 build has no
// DSASignatureFormat overloads), so the caller passes how to verify and produce them.

using System;
using System.Globalization;
using System.Security.Cryptography;

namespace CryptoCli.VectorChecks;

/// <summary>Verifies a signature over a hash with a public key; false for any malformed signature, never an exception.</summary>
internal delegate bool EcdsaVerify(ECDsaSecp192r1 key, byte[] hash, byte[] signature);

/// <summary>
/// Checks that the RFC 6979 signature <paramref name="p1363"/> (r || s) is also produced and accepted in DER by the
/// build under test; throws <see cref="VectorCheckException"/> naming <paramref name="where"/> otherwise.
/// </summary>
internal delegate void EcdsaDerSignatureCheck(ECDsaSecp192r1 key, byte[] digest, byte[] message, HashAlgorithmName hash, byte[] p1363, string where);

/// <summary>
/// Every file of the family, dispatched by name: *-p1363.txt and *-der.txt (Wycheproof columns), *cavp* (SigVer
/// columns), anything else NAME = value blocks (domain parameters, RFC 6979 with exact r and s, nonce, SignHash,
/// SignData, and selections of Wycheproof and CAVP). Any number of files; each declares its own vector count.
/// </summary>
internal sealed class EcdsaVectorChecks : VectorFamilyCheck
{
    private const int FieldSize = 24;
    private readonly EcdsaVerify _verifyDer;
    private readonly EcdsaVerify? _verifyP1363Again;
    private readonly EcdsaDerSignatureCheck _checkDerSignature;

    /// <param name="verifyDer">Verification of a DER (Rfc3279DerSequence) signature, strict.</param>
    /// <param name="checkDerSignature">The RFC 6979 signature in DER, produced and verified by the build under test.</param>
    /// <param name="verifyP1363Again">Optionally, another verification path for r || s signatures (span and format
    /// overloads on .NET) that must give the same answer as <see cref="ECDsaSecp192r1.VerifyHash(byte[], byte[])"/>.</param>
    public EcdsaVectorChecks(EcdsaVerify verifyDer, EcdsaDerSignatureCheck checkDerSignature, EcdsaVerify? verifyP1363Again = null)
        : base("ecdsa")
    {
        _verifyDer = verifyDer;
        _checkDerSignature = checkDerSignature;
        _verifyP1363Again = verifyP1363Again;
    }

    public override int CheckFile(VectorFile file)
    {
        if (file.Name.EndsWith("-p1363.txt", StringComparison.Ordinal))
        {
            return Wycheproof(file, der: false);
        }

        if (file.Name.EndsWith("-der.txt", StringComparison.Ordinal))
        {
            return Wycheproof(file, der: true);
        }

        return file.Name.Contains("cavp") ? Cavp(file) : Blocks(file);
    }

    private static byte[] Digest(string name, byte[] message, string where)
    {
        switch (name)
        {
            case "SHA-1":
                using (var sha1 = SHA1.Create())
                {
                    return sha1.ComputeHash(message);
                }

            case "SHA-224": // the runtime has no SHA-224
                var digest = new Org.BouncyCastle.Crypto.Digests.Sha224Digest();
                digest.BlockUpdate(message, 0, message.Length);
                byte[] output = new byte[digest.GetDigestSize()];
                digest.DoFinal(output, 0);
                return output;
            case "SHA-256":
                using (var sha256 = SHA256.Create())
                {
                    return sha256.ComputeHash(message);
                }

            case "SHA-384":
                using (var sha384 = SHA384.Create())
                {
                    return sha384.ComputeHash(message);
                }

            case "SHA-512":
                using (var sha512 = SHA512.Create())
                {
                    return sha512.ComputeHash(message);
                }

            default:
                throw new VectorFormatException($"{where}: unknown hash {name}");
        }
    }

    private static ECDsaSecp192r1? TryPublicKey(byte[] x, byte[] y)
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

    private int Wycheproof(VectorFile file, bool der)
    {
        int count = 0;
        foreach ((VectorLine line, string[] c) in file.ReadColumns(8))
        {
            string where = $"{file.Name}:{line.Number} tcId {c[0]}";
            byte[] message = c[5] == "-" ? Array.Empty<byte>() : VectorFile.Hex(c[5]);
            byte[] signature = c[6] == "-" ? Array.Empty<byte>() : VectorFile.Hex(c[6]); // "-": empty signature
            byte[] hash = Digest(c[4], message, where);
            using ECDsaSecp192r1? key = TryPublicKey(VectorFile.Hex(c[2]), VectorFile.Hex(c[3]));
            bool verified = key is not null && (der ? _verifyDer(key, hash, signature) : key.VerifyHash(hash, signature));
            if (key is not null && !der && _verifyP1363Again is not null)
            {
                VectorCheck.True(verified == _verifyP1363Again(key, hash, signature), $"{where}: the other verification path disagrees");
            }

            switch (c[1])
            {
                case "valid":
                    VectorCheck.True(verified, $"{where}: valid signature rejected ({c[7]})");
                    break;
                case "invalid":
                    VectorCheck.False(verified, $"{where}: invalid signature accepted ({c[7]})");
                    break;
                case "acceptable":
                    break; // either answer, but no exception (reaching here proves it)
                default:
                    throw file.Error(line, "unknown result");
            }

            count++;
        }

        return count;
    }

    private static int Cavp(VectorFile file)
    {
        int count = 0;
        foreach ((VectorLine line, string[] c) in file.ReadColumns(7))
        {
            string where = $"{file.Name}:{line.Number}";
            bool expected = c[1].StartsWith('P');
            VectorCheck.True(expected || c[1].StartsWith('F'), $"{where}: result is neither P nor F");
            CheckSigVer(where, c[0], VectorFile.Hex(c[6]), VectorFile.Hex(c[2]), VectorFile.Hex(c[3]), VectorFile.Hex(c[4]), VectorFile.Hex(c[5]), expected);
            count++;
        }

        return count;
    }

    private static void CheckSigVer(string where, string hashName, byte[] message, byte[] qx, byte[] qy, byte[] r, byte[] s, bool expected)
    {
        byte[] hash = Digest(hashName, message, where);
        using ECDsaSecp192r1? key = TryPublicKey(qx, qy);
        byte[] signature = new byte[2 * FieldSize];
        r.CopyTo(signature, FieldSize - r.Length);
        s.CopyTo(signature, 2 * FieldSize - s.Length);
        bool verified = key is not null && key.VerifyHash(hash, signature);
        VectorCheck.True(expected == verified, $"{where}: expected {(expected ? "valid" : "invalid")}");
        if (key is not null && hashName != "SHA-224")
        {
            // VerifyData hashes with the runtime (SHA-224 aside, which it lacks).
            VectorCheck.True(expected == key.VerifyData(message, signature, new HashAlgorithmName(hashName.Replace("-", ""))), $"{where}: VerifyData");
        }
    }

    private int Blocks(VectorFile file)
    {
        byte[]? privateKey = null, publicX = null, publicY = null;
        int rfc = 0, wycheproof = 0, cavp = 0, parameters = 0;
        foreach (VectorRecord record in file.ReadBlocks())
        {
            if (record.Has("P"))
            {
                CheckDomainParameters(record);
                parameters++;
            }
            else if (record.Has("PRIVATE_KEY"))
            {
                privateKey = record.Bytes("PRIVATE_KEY");
                publicX = record.Bytes("PUBLIC_X");
                publicY = record.Bytes("PUBLIC_Y");
            }
            else if (record.Has("K"))
            {
                VectorCheck.True(privateKey is not null, $"{record.Where}: no PRIVATE_KEY block before this one");
                CheckRfc6979(record, privateKey!, publicX!, publicY!);
                rfc++;
            }
            else if (record.Has("SIG"))
            {
                byte[] hash = Digest(record.Text("HASH"), record.Bytes("MSG"), record.Where);
                using ECDsaSecp192r1? key = TryPublicKey(record.Bytes("PUBLIC_X"), record.Bytes("PUBLIC_Y"));
                bool verified = key is not null && key.VerifyHash(hash, record.Bytes("SIG"));
                string result = record.Text("RESULT");
                VectorCheck.True(result is "valid" or "invalid" or "acceptable", $"{record.Where}: unknown RESULT {result}");
                if (result != "acceptable")
                {
                    VectorCheck.True(verified == (result == "valid"), $"{record.Where}: expected {result}");
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

        return parameters + rfc + wycheproof + cavp;
    }

    private static void CheckDomainParameters(VectorRecord record)
    {
        using var key = new ECDsaSecp192r1();
        ECParameters explicitCurve = key.ExportExplicitParameters(false);
        VectorCheck.Equal(record.Bytes("P"), explicitCurve.Curve.Prime, $"{record.Where}: P");
        VectorCheck.Equal(record.Bytes("A"), explicitCurve.Curve.A, $"{record.Where}: A");
        VectorCheck.Equal(record.Bytes("B"), explicitCurve.Curve.B, $"{record.Where}: B");
        VectorCheck.Equal(record.Bytes("GX"), explicitCurve.Curve.G.X, $"{record.Where}: GX");
        VectorCheck.Equal(record.Bytes("GY"), explicitCurve.Curve.G.Y, $"{record.Where}: GY");
        VectorCheck.Equal(record.Bytes("N"), explicitCurve.Curve.Order, $"{record.Where}: N");
        VectorCheck.True(int.Parse(record.Text("H"), CultureInfo.InvariantCulture) == 1 && explicitCurve.Curve.Cofactor is { Length: 1 } cofactor && cofactor[0] == 1, $"{record.Where}: H");
    }

    private void CheckRfc6979(VectorRecord record, byte[] privateKey, byte[] publicX, byte[] publicY)
    {
        string hashName = record.Text("HASH");
        byte[] message = record.Bytes("MSG");
        byte[] digest = Digest(hashName, message, record.Where);
        VectorCheck.Equal(record.Bytes("DIGEST"), digest, $"{record.Where}: digest");
        byte[] expected = Concat(record.Bytes("R"), record.Bytes("S"));

        using var key = new ECDsaSecp192r1(new ECParameters { Curve = ECDsaSecp192r1.Curve, D = privateKey });
        ECParameters exported = key.ExportParameters(false);
        VectorCheck.Equal(publicX, exported.Q.X, $"{record.Where}: public X from the private key");
        VectorCheck.Equal(publicY, exported.Q.Y, $"{record.Where}: public Y from the private key");

        // The signing equation with RFC 6979's k: exact r and s for every hash.
        P192Scalar.TryRead(privateKey, out P192Scalar d);
        VectorCheck.True(ECDsaSecp192r1.TrySign(d, P192Scalar.FromHash(digest), P192Scalar.ReadRaw(record.Bytes("K")), out P192Scalar r, out P192Scalar s), $"{record.Where}: TrySign");
        byte[] fromK = new byte[2 * FieldSize];
        r.Write(fromK);
        s.Write(fromK.AsSpan(FieldSize));
        VectorCheck.Equal(expected, fromK, $"{record.Where}: (r, s) from K");
        VectorCheck.True(key.VerifyHash(digest, expected), $"{record.Where}: verify");
        expected[47] ^= 1;
        VectorCheck.False(key.VerifyHash(digest, expected), $"{record.Where}: one-bit change accepted");
        expected[47] ^= 1;

        if (hashName == "SHA-224")
        {
            // No HMAC-SHA-224 in the runtime: the nonce comes from HMAC-SHA-256, so only validity is checked.
            VectorCheck.True(key.VerifyHash(digest, key.SignHash(digest)), $"{record.Where}: SignHash then VerifyHash");
            return;
        }

        // The whole path: RFC 6979 nonce, SignHash, SignData, and the signature in DER.
        Span<byte> kBuffer = stackalloc byte[64], vBuffer = stackalloc byte[64];
        var nonces = new Rfc6979Nonce(Rfc6979Nonce.HashForDigestLength(digest.Length), privateKey, P192Scalar.FromHash(digest), kBuffer, vBuffer);
        nonces.Next(out P192Scalar k);
        byte[] nonce = new byte[FieldSize];
        k.Write(nonce);
        VectorCheck.Equal(LeftPad(record.Bytes("K")), nonce, $"{record.Where}: RFC 6979 nonce");
        VectorCheck.Equal(expected, key.SignHash(digest), $"{record.Where}: SignHash");
        var hashAlgorithm = new HashAlgorithmName(hashName.Replace("-", ""));
        VectorCheck.Equal(expected, key.SignData(message, hashAlgorithm), $"{record.Where}: SignData");
        VectorCheck.True(key.VerifyData(message, expected, hashAlgorithm), $"{record.Where}: VerifyData");
        _checkDerSignature(key, digest, message, hashAlgorithm, expected, record.Where);
    }

    /// <summary>Strict DER: SEQUENCE { INTEGER r, INTEGER s }, both positive and at most 24 bytes, nothing after.</summary>
    private static byte[] LeftPad(byte[] value)
    {
        byte[] padded = new byte[FieldSize];
        value.CopyTo(padded, FieldSize - value.Length);
        return padded;
    }

    private static byte[] Concat(byte[] a, byte[] b)
    {
        byte[] result = new byte[a.Length + b.Length];
        a.CopyTo(result, 0);
        b.CopyTo(result, a.Length);
        return result;
    }
}
