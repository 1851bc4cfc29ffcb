// DER signatures for the ECDSA vector checks on netstandard2.0, whose build of CryptoCli has no DER support (no
// System.Formats.Asn1 in netstandard2.0, and no DSASignatureFormat overloads): the runner decodes and encodes with
// System.Formats.Asn1 by the same strict rules as the library's .NET path and verifies with ECDsaSecp192r1.

using System;
using System.Formats.Asn1;
using System.Security.Cryptography;

namespace CryptoCli.MonoRunner;

/// <summary>The DER half of <see cref="EcdsaVectorChecks"/> on Mono.</summary>
internal static class EcdsaDer
{
    private const int FieldSize = 24;

    /// <summary>The RFC 6979 signature, encoded in DER here, must verify through <see cref="Verify"/>.</summary>
    public static void CheckSignature(ECDsaSecp192r1 key, byte[] digest, byte[] message, HashAlgorithmName hash, byte[] p1363, string where) =>
        VectorCheck.True(Verify(key, digest, ToDer(p1363)), $"{where}: the signature in DER");

    public static bool Verify(ECDsaSecp192r1 key, byte[] hash, byte[] der)
    {
        byte[] raw = new byte[2 * FieldSize];
        try
        {
            AsnDecoder.ReadSequence(der, AsnEncodingRules.DER, out int contentOffset, out int contentLength, out int consumed);
            if (consumed != der.Length)
            {
                return false;
            }

            ReadOnlySpan<byte> content = der.AsSpan(contentOffset, contentLength);
            ReadOnlySpan<byte> r = AsnDecoder.ReadIntegerBytes(content, AsnEncodingRules.DER, out int rLength);
            content = content.Slice(rLength);
            ReadOnlySpan<byte> s = AsnDecoder.ReadIntegerBytes(content, AsnEncodingRules.DER, out int sLength);
            if (content.Length != sLength || !TryCopyUnsigned(r, raw.AsSpan(0, FieldSize)) || !TryCopyUnsigned(s, raw.AsSpan(FieldSize)))
            {
                return false;
            }
        }
        catch (AsnContentException)
        {
            return false;
        }

        return key.VerifyHash(hash, raw);
    }

    private static bool TryCopyUnsigned(ReadOnlySpan<byte> integer, Span<byte> destination)
    {
        if (integer.IsEmpty || (integer[0] & 0x80) != 0)
        {
            return false;
        }

        if (integer.Length > 1 && integer[0] == 0)
        {
            integer = integer.Slice(1);
        }

        if (integer.Length > destination.Length)
        {
            return false;
        }

        destination.Clear();
        integer.CopyTo(destination.Slice(destination.Length - integer.Length));
        return true;
    }

    private static byte[] ToDer(byte[] p1363)
    {
        var writer = new AsnWriter(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            writer.WriteIntegerUnsigned(p1363.AsSpan(0, FieldSize));
            writer.WriteIntegerUnsigned(p1363.AsSpan(FieldSize));
        }

        return writer.Encode();
    }
}
