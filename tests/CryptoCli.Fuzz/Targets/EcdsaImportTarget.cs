using System;
using System.Security.Cryptography;
using System.Text;

namespace CryptoCli.Fuzz;

/// <summary>
/// ECDsaSecp192r1 key import from every format: PEM, SubjectPublicKeyInfo, PKCS#8 plain and encrypted, SEC 1
/// ECPrivateKey, and ECParameters with arbitrary coordinates and scalar (off-curve and out-of-range points, wrong
/// lengths, other curves). Input: format, then the encoded key, or for ECParameters: curve, then Q.X, Q.Y and D
/// (length-prefixed, a zero length meaning absent). Documented: CryptographicException, and ArgumentException from
/// ImportFromPem when the text has no single key. Checked: an imported key exports and re-imports to the same
/// parameters, and a private key signs a hash that its public key verifies.
/// </summary>
internal static class EcdsaImportTarget
{
    private static readonly byte[] Password = "fuzz"u8.ToArray();
    private static readonly byte[] Hash = new byte[24];

    public static void Run(ReadOnlySpan<byte> data)
    {
        var input = new FuzzInput(data);
        byte format = input.Byte();
        using var key = new ECDsaSecp192r1();
        try
        {
            switch (format % 6)
            {
                case 0:
                    key.ImportFromPem(Encoding.UTF8.GetString(input.TakeRest()));
                    break;
                case 1:
                    key.ImportSubjectPublicKeyInfo(input.TakeRest(), out _);
                    break;
                case 2:
                    key.ImportPkcs8PrivateKey(input.TakeRest(), out _);
                    break;
                case 3:
                    key.ImportEncryptedPkcs8PrivateKey(Password, input.TakeRest(), out _);
                    break;
                case 4:
                    key.ImportECPrivateKey(input.TakeRest(), out _);
                    break;
                default:
                    key.ImportParameters(Parameters(ref input));
                    break;
            }
        }
        catch (CryptographicException)
        {
            return;
        }
        catch (ArgumentException) when (format % 6 == 0)
        {
            return;
        }

        ECParameters exported = key.ExportParameters(key.HasPrivateKey);
        using var again = new ECDsaSecp192r1(exported);
        ECParameters reexported = again.ExportParameters(key.HasPrivateKey);
        FuzzFindingException.Check(
            Same(exported.Q.X, reexported.Q.X) && Same(exported.Q.Y, reexported.Q.Y) && Same(exported.D, reexported.D),
            "key does not round-trip through ECParameters");
        if (key.HasPrivateKey)
        {
            byte[] signature = key.SignHash(Hash);
            FuzzFindingException.Check(again.VerifyHash(Hash, signature), "own signature does not verify");
        }
    }

    private static bool Same(byte[]? a, byte[]? b) =>
        a is null ? b is null : b is not null && a.AsSpan().SequenceEqual(b);

    private static ECParameters Parameters(ref FuzzInput input)
    {
        byte curve = input.Byte();
        var parameters = new ECParameters
        {
            Curve = (curve % 5) switch
            {
                0 => ECDsaSecp192r1.Curve,
                1 => ECCurve.NamedCurves.nistP256,
                2 => ECCurve.CreateFromFriendlyName("secp192r1"),
                3 => ExplicitCurve(),
                _ => ECCurve.CreateFromValue("1.2.840.10045.3.1.7"),
            },
        };
        parameters.Q.X = Optional(input.Prefixed());
        parameters.Q.Y = Optional(input.Prefixed());
        parameters.D = Optional(input.Prefixed());
        return parameters;
    }

    private static byte[]? Optional(ReadOnlySpan<byte> bytes) => bytes.IsEmpty ? null : bytes.ToArray();

    private static ECCurve ExplicitCurve()
    {
        using var key = new ECDsaSecp192r1();
        key.ImportParameters(new ECParameters { Curve = ECDsaSecp192r1.Curve, D = OneScalar() });
        return key.ExportExplicitParameters(false).Curve;
    }

    private static byte[] OneScalar()
    {
        byte[] d = new byte[24];
        d[23] = 1;
        return d;
    }
}
