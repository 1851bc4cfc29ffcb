using System;
using System.Security.Cryptography;

namespace CryptoCli.Tests.Legacy;

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

    /// <summary>Key and IV of <c>-pbkdf2 -iter N -md DIGEST</c>: one PBKDF2 output of key length + IV length, split.</summary>
    public static (byte[] Key, byte[] IV) Pbkdf2(byte[] password, byte[] salt, int iterations, HashAlgorithmName digest, int keyLength, int ivLength) =>
        Split(Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, digest, keyLength + ivLength), keyLength);

    /// <summary>
    /// Key and IV of OpenSSL's EVP_BytesToKey with one iteration (what `openssl enc` uses without <c>-pbkdf2</c>):
    /// D_1 = H(password || salt), D_i = H(D_{i-1} || password || salt), key || IV = the first bytes of D_1 || D_2 || ...
    /// An empty salt is the <c>-nosalt</c> case.
    /// </summary>
    public static (byte[] Key, byte[] IV) EvpBytesToKey(byte[] password, byte[] salt, HashAlgorithmName digest, int keyLength, int ivLength)
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

    private static byte[] Hash(HashAlgorithmName digest, byte[] data) => digest.Name switch
    {
        "MD5" => MD5.HashData(data),
        "SHA1" => SHA1.HashData(data),
        "SHA256" => SHA256.HashData(data),
        "SHA512" => SHA512.HashData(data),
        _ => throw new ArgumentException($"unsupported digest {digest.Name}", nameof(digest)),
    };

    private static (byte[] Key, byte[] IV) Split(byte[] derived, int keyLength) =>
        (derived.AsSpan(0, keyLength).ToArray(), derived.AsSpan(keyLength).ToArray());
}
