using System;
using System.Security.Cryptography;

namespace CryptoCli.Fuzz;

/// <summary>
/// ECDsaSecp192r1 VerifyHash and VerifyData on arbitrary IEEE P1363 and DER signatures and hashes of any length,
/// under a fixed key. Input: operation, hash algorithm, hash or data (length-prefixed), then the signature; with the
/// operation's top bit set the signature is XORed onto a real signature of the hash, so that the fuzzer explores
/// near-valid ones. Documented: ArgumentException (a hash algorithm name the input made empty), CryptographicException
/// (an unknown hash algorithm). Checked: the verifier with the cached verification table and the one without agree,
/// and an unmodified real signature verifies.
/// </summary>
internal static class EcdsaVerifyTarget
{
    private static readonly HashAlgorithmName[] HashNames =
    [
        HashAlgorithmName.SHA256, HashAlgorithmName.SHA1, HashAlgorithmName.SHA384, HashAlgorithmName.SHA512,
        HashAlgorithmName.MD5, new HashAlgorithmName("NOPE"), new HashAlgorithmName(string.Empty),
    ];

    private static readonly ECDsaSecp192r1 Cached = CreateKey(cache: true);
    private static readonly ECDsaSecp192r1 Uncached = CreateKey(cache: false);

    public static void Run(ReadOnlySpan<byte> data)
    {
        var input = new FuzzInput(data);
        byte op = input.Byte();
        HashAlgorithmName hashName = HashNames[input.Byte() % HashNames.Length];
        byte[] message = input.Prefixed().ToArray();
        byte[] signature = input.TakeRest().ToArray();
        var format = (op & 1) == 0
            ? DSASignatureFormat.IeeeP1363FixedFieldConcatenation
            : DSASignatureFormat.Rfc3279DerSequence;
        bool overData = (op & 2) != 0;
        bool unmodified = false;
        try
        {
            if ((op & 0x80) != 0)
            {
                byte[] real = overData
                    ? Cached.SignData(message, hashName, format)
                    : Cached.SignHash(message, format);
                unmodified = signature.AsSpan().IndexOfAnyExcept((byte)0) < 0;
                byte[] mixed = new byte[Math.Max(real.Length, signature.Length)];
                real.CopyTo(mixed, 0);
                for (int i = 0; i < signature.Length; i++)
                {
                    mixed[i] ^= signature[i];
                }

                unmodified &= signature.Length <= real.Length;
                signature = unmodified ? real : mixed;
            }

            bool cached = Verify(Cached, message, signature, hashName, format, overData);
            bool uncached = Verify(Uncached, message, signature, hashName, format, overData);
            FuzzFindingException.Check(cached == uncached, "cached and uncached verification disagree");
            FuzzFindingException.Check(!unmodified || cached, "a real signature does not verify");
        }
        catch (ArgumentException) when (string.IsNullOrEmpty(hashName.Name))
        {
        }
        catch (CryptographicException) when (overData && !IsKnown(hashName))
        {
        }
    }

    private static bool IsKnown(HashAlgorithmName name) =>
        name == HashAlgorithmName.SHA256 || name == HashAlgorithmName.SHA1 || name == HashAlgorithmName.SHA384
        || name == HashAlgorithmName.SHA512 || name == HashAlgorithmName.MD5;

    private static bool Verify(ECDsaSecp192r1 key, byte[] message, byte[] signature, HashAlgorithmName hashName,
        DSASignatureFormat format, bool overData) =>
        overData
            ? key.VerifyData(message, signature, hashName, format)
            : key.VerifyHash(message, signature, format);

    private static ECDsaSecp192r1 CreateKey(bool cache)
    {
        byte[] d = new byte[24];
        for (int i = 0; i < d.Length; i++)
        {
            d[i] = (byte)(i + 1);
        }

        var key = new ECDsaSecp192r1(new ECParameters { Curve = ECDsaSecp192r1.Curve, D = d })
        {
            CacheVerificationTable = cache,
        };
        return key;
    }
}
