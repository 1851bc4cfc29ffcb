using System;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests.Ecdsa;

/// <summary>
/// Every ECDSA P-192 vector file: RFC 6979 A.2.3 (exact r, s), NIST CAVP SigVer, Wycheproof with P1363 and DER
/// signatures, plus the selections and domain parameters in ecdsa-p192.txt: the checks shared with the Mono runner
/// (tests/CryptoCli.VectorChecks/EcdsaVectorChecks.cs), given this build's DER support and span overloads.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class EcdsaVectorTests
{
    [Fact]
    public void EveryFileOfTheFamily() =>
        new EcdsaVectorChecks(VerifyDer, CheckDerSignature, VerifyP1363ThroughSpanOverload).CheckEveryFile();

    /// <summary>The domain parameters of the vector file against the BigInteger reference the arithmetic tests use.</summary>
    [Fact]
    public void DomainParameters_MatchTheReference()
    {
        int blocks = 0;
        foreach (VectorFile file in VectorFile.ReadFamily("ecdsa"))
        {
            if (file.Name != "ecdsa-p192.txt")
            {
                continue;
            }

            foreach (VectorRecord record in file.ReadBlocks())
            {
                if (record.Has("P"))
                {
                    Assert.Equal(P192Reference.P, P192Reference.Parse(record.Text("P")));
                    Assert.Equal(P192Reference.N, P192Reference.Parse(record.Text("N")));
                    blocks++;
                }
            }
        }

        Assert.Equal(1, blocks);
    }

    internal static bool VerifyDer(ECDsaSecp192r1 key, byte[] hash, byte[] signature) =>
        key.VerifyHash(hash, signature, DSASignatureFormat.Rfc3279DerSequence);

    internal static bool VerifyP1363ThroughSpanOverload(ECDsaSecp192r1 key, byte[] hash, byte[] signature) =>
        key.VerifyHash(hash.AsSpan(), signature.AsSpan(), DSASignatureFormat.IeeeP1363FixedFieldConcatenation);

    /// <summary>The library signs in DER; the runtime's ECDsa and the library's VerifyData accept it.</summary>
    internal static void CheckDerSignature(ECDsaSecp192r1 key, byte[] digest, byte[] message, HashAlgorithmName hash, byte[] p1363, string where)
    {
        byte[] der = key.SignHash(digest, DSASignatureFormat.Rfc3279DerSequence);
        using ECDsa builtIn = ECDsa.Create(key.ExportParameters(false));
        Assert.True(builtIn.VerifyHash(digest, der, DSASignatureFormat.Rfc3279DerSequence), $"{where}: DER by the runtime");
        Assert.True(builtIn.VerifyHash(digest, p1363), $"{where}: r || s by the runtime");
        Assert.True(key.VerifyData(message, der, hash, DSASignatureFormat.Rfc3279DerSequence), $"{where}: DER");
    }
}
