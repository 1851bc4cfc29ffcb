// The file format of `openssl enc` with a password, for EncryptFile --openssl (docs/legacy-data.md explains it):
//   "Salted__" | salt (8 bytes) | ciphertext
// The key and IV come from the password and the salt, by PBKDF2 (openssl enc -pbkdf2 -iter N -md DIGEST; key || IV
// are its first bytes) or by EVP_BytesToKey with one iteration (openssl enc without -pbkdf2). The cipher is named as
// OpenSSL names it: aes-256-cbc, camellia-128-ctr, aes-192-cfb8, ... The format has no integrity check: with a wrong
// password CBC and ECB usually fail at the padding, the other modes give garbage.
using System;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;

namespace CryptoCli.Samples;

/// <summary>How a password becomes key and IV, and with which cipher: the options of <c>openssl enc</c>.</summary>
/// <param name="Cipher">OpenSSL's cipher name, e.g. <c>aes-256-cbc</c>.</param>
/// <param name="Digest">The <c>-md</c> digest: sha256 (OpenSSL's default since 1.1.0), sha1, sha512 or md5.</param>
/// <param name="Iterations">PBKDF2's <c>-iter</c> (OpenSSL's default with -pbkdf2: 10000).</param>
/// <param name="EvpBytesToKey">True for EVP_BytesToKey (openssl enc without -pbkdf2) instead of PBKDF2.</param>
internal sealed record OpenSslSettings(string Cipher, string Digest, int Iterations, bool EvpBytesToKey);

internal static partial class OpenSslEnc
{
    public const int DefaultIterations = 10_000;
    private const int SaltSize = 8, IVSize = 16, ChunkSize = 64 * 1024;
    private static readonly byte[] s_magic = "Salted__"u8.ToArray();

    /// <summary>The cipher names this sample knows, as <c>openssl enc -list</c> spells them.</summary>
    public const string CipherNames =
        "aes-{128,192,256}-{cbc,ecb,cfb,cfb8,ofb,ctr}, camellia-{128,192,256}-{same}";

    [GeneratedRegex("^(aes|camellia)-(128|192|256)-(cbc|ecb|cfb|cfb8|ofb|ctr)$")]
    private static partial Regex CipherName();

    public static bool IsCipherName(string name) => CipherName().IsMatch(name);

    /// <summary>Writes <c>Salted__</c>, a fresh salt and the ciphertext of <paramref name="input"/>.</summary>
    public static void Encrypt(
        Stream input, Stream output, string password, OpenSslSettings settings, Progress progress)
    {
        byte[] salt = RandomNumberGenerator.GetBytes(SaltSize);
        using BlockCipherAlgorithm cipher = CreateCipher(settings, password, salt, out string mode, out byte[] iv);
        output.Write(s_magic);
        output.Write(salt);
        if (mode == "ctr")
        {
            Ctr(cipher, iv, input, output, progress);
            return;
        }

        using (var stream = new CryptoStream(output, CreateTransform(cipher, mode, iv, encrypting: true),
            CryptoStreamMode.Write, leaveOpen: true))
        {
            Copy(input, stream, progress);
        }
    }

    /// <summary>Checks the header of <paramref name="input"/> and writes the plaintext of what follows it.</summary>
    /// <exception cref="UsageException">No <c>Salted__</c> header.</exception>
    /// <exception cref="VerificationFailedException">CBC or ECB: bad padding (wrong password or cipher).</exception>
    public static void Decrypt(
        Stream input, Stream output, string password, OpenSslSettings settings, string inputPath, Progress progress)
    {
        byte[] header = new byte[s_magic.Length + SaltSize];
        int read = input.ReadAtLeast(header, header.Length, throwOnEndOfStream: false);
        if (read < header.Length || !header.AsSpan(0, s_magic.Length).SequenceEqual(s_magic))
        {
            throw new UsageException(
                $"{inputPath}: not an openssl enc file with a salt (no Salted__ header; -nosalt is not supported)");
        }

        byte[] salt = header[s_magic.Length..];
        using BlockCipherAlgorithm cipher = CreateCipher(settings, password, salt, out string mode, out byte[] iv);
        if (mode == "ctr")
        {
            Ctr(cipher, iv, input, output, progress);
            return;
        }

        try
        {
            using var stream = new CryptoStream(
                input, CreateTransform(cipher, mode, iv, encrypting: false), CryptoStreamMode.Read, leaveOpen: true);
            Copy(stream, output, progress);
        }
        catch (CryptographicException e)
        {
            throw new VerificationFailedException(
                $"{inputPath}: wrong password, cipher or key derivation, or a damaged file ({e.Message})");
        }
    }

    // The cipher with its key, and the mode and IV, from the settings, the password and the salt.
    private static BlockCipherAlgorithm CreateCipher(
        OpenSslSettings settings, string password, byte[] salt, out string mode, out byte[] iv)
    {
        Match name = CipherName().Match(settings.Cipher);
        if (!name.Success)
        {
            throw new UsageException($"--cipher {settings.Cipher}: not an OpenSSL cipher this sample knows");
        }

        int keySize = int.Parse(name.Groups[2].ValueSpan, CultureInfo.InvariantCulture) / 8;
        mode = name.Groups[3].Value;
        byte[] keyAndIv = Derive(settings, password, salt, keySize + IVSize);
        BlockCipherAlgorithm cipher = name.Groups[1].Value == "aes" ? RijndaelCipher.Create() : Camellia.Create();
        cipher.Key = keyAndIv[..keySize];
        iv = keyAndIv[keySize..];
        CryptographicOperations.ZeroMemory(keyAndIv);
        return cipher;
    }

    private static byte[] Derive(OpenSslSettings settings, string password, byte[] salt, int length)
    {
        byte[] secret = Encoding.UTF8.GetBytes(password);
        try
        {
            if (!settings.EvpBytesToKey)
            {
                HashAlgorithmName digest = DigestName(settings.Digest);
                return Rfc2898DeriveBytes.Pbkdf2(secret, salt, settings.Iterations, digest, length);
            }

            // EVP_BytesToKey, one iteration: D1 = H(password || salt), Di = H(Di-1 || password || salt).
            using HashAlgorithm md = CreateDigest(settings.Digest);
            byte[] result = new byte[length];
            byte[] d = [];
            for (int done = 0; done < length; done += d.Length)
            {
                d = md.ComputeHash([.. d, .. secret, .. salt]);
                d.AsSpan(0, Math.Min(d.Length, length - done)).CopyTo(result.AsSpan(done));
            }

            return result;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(secret);
        }
    }

    private static HashAlgorithmName DigestName(string digest) => digest switch
    {
        "sha1" => HashAlgorithmName.SHA1,
        "sha512" => HashAlgorithmName.SHA512,
        "md5" => HashAlgorithmName.MD5,
        _ => HashAlgorithmName.SHA256,
    };

#pragma warning disable CA5350, CA5351 // MD5 and SHA-1: only to read and write the files of old OpenSSL versions
    private static HashAlgorithm CreateDigest(string digest) => digest switch
    {
        "sha1" => SHA1.Create(),
        "sha512" => SHA512.Create(),
        "md5" => MD5.Create(),
        _ => SHA256.Create(),
    };
#pragma warning restore CA5350, CA5351

    // cbc and ecb: whole blocks with PKCS7 padding; cfb (128-bit segments), cfb8 and ofb: byte streams, no padding.
    private static ICryptoTransform CreateTransform(
        BlockCipherAlgorithm cipher, string mode, byte[] iv, bool encrypting)
    {
        switch (mode)
        {
            case "cbc" or "ecb":
                cipher.Mode = mode == "cbc" ? CipherMode.CBC : CipherMode.ECB;
                cipher.Padding = PaddingMode.PKCS7;
                return encrypting ? cipher.CreateEncryptor(cipher.Key, iv) : cipher.CreateDecryptor(cipher.Key, iv);
            default:
                cipher.Mode = mode == "ofb" ? CipherMode.OFB : CipherMode.CFB;
                cipher.FeedbackSize = mode == "cfb8" ? 8 : 128;
                return encrypting
                    ? cipher.CreateStreamEncryptor(cipher.Key, iv)
                    : cipher.CreateStreamDecryptor(cipher.Key, iv);
        }
    }

    // ctr: the IV is the first counter, incremented as one 128-bit big-endian number; TransformCtr advances it.
    private static void Ctr(BlockCipherAlgorithm cipher, byte[] counter, Stream input, Stream output, Progress progress)
    {
        byte[] buffer = new byte[ChunkSize];
        int read;
        while ((read = input.ReadAtLeast(buffer, buffer.Length, throwOnEndOfStream: false)) > 0)
        {
            cipher.TransformCtr(buffer.AsSpan(0, read), counter, buffer);
            output.Write(buffer, 0, read);
            progress.Advance(read);
        }

        progress.Done();
        CryptographicOperations.ZeroMemory(buffer);
    }

    private static void Copy(Stream input, Stream output, Progress progress)
    {
        byte[] buffer = new byte[ChunkSize];
        int read;
        while ((read = input.Read(buffer, 0, buffer.Length)) > 0)
        {
            output.Write(buffer, 0, read);
            progress.Advance(read);
        }

        progress.Done();
        CryptographicOperations.ZeroMemory(buffer);
    }
}
