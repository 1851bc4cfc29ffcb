// How `openssl enc` derives a key and an IV from a password, for Vectors/legacy (LegacyProducerVectorChecks.cs):
// shared by the xunit suite (net10.0) and the Mono runner (net48), so there is no static HashData or
// Rfc2898DeriveBytes.Pbkdf2 on the net48 path.

using System;
using System.Security.Cryptography;

namespace CryptoCli.VectorChecks;

/// <summary>
/// How `openssl enc` turns a password into a key and an IV, on top of the runtime's primitives: PBKDF2 (<c>-pbkdf2</c>)
/// and EVP_BytesToKey (the older default, no <c>-pbkdf2</c>), both with the digest of <c>-md</c>.
/// </summary>
internal static class OpensslKeyDerivation
{
    /// <summary>The runtime's name of an <c>openssl -md</c> digest.</summary>
    /// <exception cref="ArgumentException">A digest the legacy vectors do not use.</exception>
    public static HashAlgorithmName Digest(string md) => md switch
    {
        "md5" => HashAlgorithmName.MD5,
        "sha1" => HashAlgorithmName.SHA1,
        "sha256" => HashAlgorithmName.SHA256,
        "sha512" => HashAlgorithmName.SHA512,
        _ => throw new ArgumentException($"unknown openssl digest '{md}'", nameof(md)),
    };

    /// <summary>Key and IV of <c>-pbkdf2 -iter N -md DIGEST</c>: one PBKDF2 output of both lengths, split.</summary>
    public static (byte[] Key, byte[] IV) Pbkdf2(
        byte[] password, byte[] salt, int iterations, HashAlgorithmName digest, int keyLength, int ivLength)
    {
#if NET
        return Split(Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, digest, keyLength + ivLength), keyLength);
#else
        if (salt.Length >= 8)
        {
            // The digest is the one `openssl enc -md` was given (sha1 included): reproducing it, not choosing it.
#pragma warning disable CA5379
            using var pbkdf2 = new Rfc2898DeriveBytes(password, salt, iterations, digest);
#pragma warning restore CA5379
            return Split(pbkdf2.GetBytes(keyLength + ivLength), keyLength);
        }

        // .NET Framework's Rfc2898DeriveBytes, and Mono's (6.8), throw "Salt is not at least eight bytes" for a salt
        // shorter than 8 bytes, and `openssl enc -pbkdf2 -nosalt` derives with an empty one: PBKDF2 over the
        // runtime's HMAC then (RFC 8018 section 5.2).
        return Split(Pbkdf2OverHmac(password, salt, iterations, digest, keyLength + ivLength), keyLength);
#endif
    }

    /// <summary>
    /// Key and IV of OpenSSL's EVP_BytesToKey with one iteration (what `openssl enc` uses without <c>-pbkdf2</c>):
    /// D_1 = H(password || salt), D_i = H(D_{i-1} || password || salt), key || IV = the first bytes of
    /// D_1 || D_2 || ...
    /// An empty salt is the <c>-nosalt</c> case.
    /// </summary>
    public static (byte[] Key, byte[] IV) EvpBytesToKey(
        byte[] password, byte[] salt, HashAlgorithmName digest, int keyLength, int ivLength)
    {
        byte[] derived = new byte[keyLength + ivLength];
        byte[] previous = Array.Empty<byte>();
        for (int filled = 0; filled < derived.Length;)
        {
            byte[] input = new byte[previous.Length + password.Length + salt.Length];
            previous.CopyTo(input, 0);
            password.CopyTo(input, previous.Length);
            salt.CopyTo(input, previous.Length + password.Length);
            previous = Hash(digest, input);
            int take = Math.Min(previous.Length, derived.Length - filled);
            previous.AsSpan(0, take).CopyTo(derived.AsSpan(filled));
            filled += take;
        }

        return Split(derived, keyLength);
    }

#if NET
    private static byte[] Hash(HashAlgorithmName digest, byte[] data) => digest.Name switch
    {
        "MD5" => MD5.HashData(data),
        "SHA1" => SHA1.HashData(data),
        "SHA256" => SHA256.HashData(data),
        "SHA512" => SHA512.HashData(data),
        _ => throw new ArgumentException($"unsupported digest {digest.Name}", nameof(digest)),
    };
#else
    private static byte[] Hash(HashAlgorithmName digest, byte[] data)
    {
        using HashAlgorithm hash = digest.Name switch
        {
            "MD5" => MD5.Create(),
            "SHA1" => SHA1.Create(),
            "SHA256" => SHA256.Create(),
            "SHA512" => SHA512.Create(),
            _ => throw new ArgumentException($"unsupported digest {digest.Name}", nameof(digest)),
        };
        return hash.ComputeHash(data);
    }

    /// <summary>
    /// PBKDF2 (RFC 8018 section 5.2): T_i = U_1 ^ ... ^ U_c, U_1 = PRF(P, S || INT(i)), U_j = PRF(P, U_{j-1}).
    /// </summary>
    private static byte[] Pbkdf2OverHmac(
        byte[] password, byte[] salt, int iterations, HashAlgorithmName digest, int length)
    {
        using HMAC hmac = digest.Name switch
        {
            "SHA1" => new HMACSHA1(password),
            "SHA256" => new HMACSHA256(password),
            "SHA512" => new HMACSHA512(password),
            _ => throw new ArgumentException($"unsupported PBKDF2 digest {digest.Name}", nameof(digest)),
        };
        byte[] derived = new byte[length];
        byte[] first = new byte[salt.Length + 4];
        salt.CopyTo(first, 0);
        for (int block = 1, filled = 0; filled < length; block++)
        {
            first[salt.Length] = (byte)(block >> 24);
            first[salt.Length + 1] = (byte)(block >> 16);
            first[salt.Length + 2] = (byte)(block >> 8);
            first[salt.Length + 3] = (byte)block;
            byte[] u = hmac.ComputeHash(first);
            byte[] t = (byte[])u.Clone();
            for (int i = 1; i < iterations; i++)
            {
                u = hmac.ComputeHash(u);
                for (int j = 0; j < t.Length; j++)
                {
                    t[j] ^= u[j];
                }
            }

            int take = Math.Min(t.Length, length - filled);
            Array.Copy(t, 0, derived, filled, take);
            filled += take;
        }

        return derived;
    }
#endif

    private static (byte[] Key, byte[] IV) Split(byte[] derived, int keyLength) =>
        (derived.AsSpan(0, keyLength).ToArray(), derived.AsSpan(keyLength).ToArray());
}
