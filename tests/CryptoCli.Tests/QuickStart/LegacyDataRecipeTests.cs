// <recipe:usings>
using System;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using CryptoCli;
// </recipe:usings>
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Text.RegularExpressions;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Paddings;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests.QuickStart;

/// <summary>
/// The recipes of docs/legacy-data.md, compiled and run. Every <c>```csharp</c> block of the document is one
/// <c>// &lt;recipe:NAME&gt;</c> … <c>// &lt;/recipe:NAME&gt;</c> region of this file (after removing common
/// indentation), and every region is in the document: <see cref="EveryDocumentBlockIsACompiledRecipe"/> fails when
/// the two drift apart. The assertions after each region check the values the document states: ciphertexts made by
/// the legacy producers themselves (RijndaelManaged on Mono, libmcrypt, the openssl command line), cross-checked with
/// BouncyCastle where it has the mode, and, when openssl is installed, every OpenSSL cipher and mode both ways.
/// </summary>
public sealed class LegacyDataRecipeTests
{
    private const string Document = "docs/legacy-data.md";

    // ----- RijndaelManaged -----

    [Fact]
    public void RijndaelManaged_Cbc256BitBlock()
    {
        // <recipe:rijndaelmanaged-cbc>
        // Written by RijndaelManaged { BlockSize = 256, KeySize = 256 } with its defaults, CBC and PKCS7
        byte[] key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
        byte[] iv = Convert.FromHexString("a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf");
        byte[] ciphertext = Convert.FromHexString(
            "3fdca4694a76c8f820785888a90d0b27c70136e4f40d2ae7ebe2291b7b0917b0" +
            "3364f2d2f4f128af89680940ad19c5e21b0c44dd994780d63a9efd385c80ffc7");

        using var rijndael = RijndaelCipher.Create();   // was: new RijndaelManaged()
        rijndael.BlockSize = 256;                       // set it first: the IV must have the block's size
        rijndael.Key = key;
        rijndael.IV = iv;
        rijndael.Mode = CipherMode.CBC;
        rijndael.Padding = PaddingMode.PKCS7;

        using ICryptoTransform decryptor = rijndael.CreateDecryptor();   // CryptoStream code works unchanged
        byte[] plaintext = decryptor.TransformFinalBlock(ciphertext, 0, ciphertext.Length);
        string text = Encoding.UTF8.GetString(plaintext);   // "Written by RijndaelManaged, 256-bit block"
        // </recipe:rijndaelmanaged-cbc>

        Assert.Equal("Written by RijndaelManaged, 256-bit block", text);
        Assert.Equal(plaintext, rijndael.DecryptCbc(ciphertext, iv));
        Assert.Equal(ciphertext, rijndael.EncryptCbc(plaintext, iv));
        Assert.Equal(ciphertext, BouncyCastle(new CbcBlockCipher(new RijndaelEngine(256)), key, iv, plaintext));
    }

    [Fact]
    public void RijndaelManaged_Cfb_FeedbackSize128()
    {
        // <recipe:rijndaelmanaged-cfb>
        // The same text, key and IV with Mode = CipherMode.CFB: RijndaelManaged used 128-bit segments and padded the
        // last one with PKCS7, so 41 bytes of text became 48.
        byte[] key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
        byte[] iv = Convert.FromHexString("a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf");
        byte[] ciphertext = Convert.FromHexString(
            "16b6e20197482d2c97cea9b74b08111feda08af4457e240948c5b7ed6e776f51" +
            "1bc8efa13fca50005eaf2d5a37cfba2e");

        using var rijndael = RijndaelCipher.Create();
        rijndael.BlockSize = 256;
        rijndael.Mode = CipherMode.CFB;                 // FeedbackSize is 128, as on RijndaelManaged
        rijndael.Padding = PaddingMode.PKCS7;

        using ICryptoTransform decryptor = rijndael.CreateDecryptor(key, iv);
        byte[] plaintext = decryptor.TransformFinalBlock(ciphertext, 0, ciphertext.Length);
        // or, in one call: rijndael.DecryptCfb(ciphertext, iv, PaddingMode.PKCS7, feedbackSizeInBits: 128)
        // </recipe:rijndaelmanaged-cfb>

        Assert.Equal("Written by RijndaelManaged, 256-bit block", Encoding.UTF8.GetString(plaintext));
        Assert.Equal(128, rijndael.FeedbackSize);
        rijndael.Key = key;
        Assert.Equal(plaintext, rijndael.DecryptCfb(ciphertext, iv, PaddingMode.PKCS7, feedbackSizeInBits: 128));
        Assert.Equal(ciphertext, BouncyCastle(new CfbBlockCipher(new RijndaelEngine(256), 128), key, iv, plaintext));

        // What the document warns about: with the modern Aes default (8-bit segments) only the first byte comes back.
        byte[] wrong = rijndael.DecryptCfb(ciphertext, iv, PaddingMode.None, feedbackSizeInBits: 8);
        Assert.Equal(plaintext[0], wrong[0]);
        Assert.NotEqual(plaintext[1..8], wrong[1..8]);
    }

    // ----- PHP mcrypt -----

    // <recipe:mcrypt>
    // PHP's mcrypt_encrypt($cipher, $key, $data, $mode, $iv) and mcrypt_decrypt for MCRYPT_RIJNDAEL_128/192/256.
    private static byte[] McryptEncrypt(string cipher, byte[] key, byte[] data, string mode, byte[] iv)
    {
        using RijndaelCipher rijndael = McryptCipher(cipher, key, mode, iv);
        return mode switch
        {
            "ecb" => rijndael.EncryptEcb(data, PaddingMode.Zeros),       // zero padding to the block size
            "cbc" => rijndael.EncryptCbc(data, iv, PaddingMode.Zeros),
            "ctr" => rijndael.EncryptCtr(data, iv),                      // the IV is the whole-block counter
            _ => TransformAll(rijndael.CreateStreamEncryptor(), data),   // cfb, ofb, ncfb, nofb: no padding
        };
    }

    private static byte[] McryptDecrypt(string cipher, byte[] key, byte[] data, string mode, byte[] iv)
    {
        using RijndaelCipher rijndael = McryptCipher(cipher, key, mode, iv);
        return mode switch
        {
            "ecb" => rijndael.DecryptEcb(data, PaddingMode.Zeros),       // the zeros stay, as in PHP: rtrim them
            "cbc" => rijndael.DecryptCbc(data, iv, PaddingMode.Zeros),
            "ctr" => rijndael.DecryptCtr(data, iv),
            _ => TransformAll(rijndael.CreateStreamDecryptor(), data),
        };
    }

    private static RijndaelCipher McryptCipher(string cipher, byte[] key, string mode, byte[] iv)
    {
        var rijndael = RijndaelCipher.Create();
        rijndael.BlockSize = cipher switch   // rijndael-N: N is the BLOCK size; the key is 16, 24 or 32 bytes
        {
            "rijndael-128" => 128,
            "rijndael-192" => 192,
            "rijndael-256" => 256,
            _ => throw new NotSupportedException(cipher),
        };

        // Before PHP 5.6 a shorter key was zero-padded to the next of 16, 24 and 32 bytes (5.6 refuses it).
        byte[] padded = new byte[key.Length <= 16 ? 16 : key.Length <= 24 ? 24 : 32];
        key.AsSpan(0, Math.Min(key.Length, padded.Length)).CopyTo(padded);
        rijndael.Key = padded;
        if (mode != "ecb")
        {
            rijndael.IV = iv;                // ecb has no IV: PHP ignored it
        }

        switch (mode)
        {
            case "ecb" or "cbc" or "ctr":
                break;
            case "cfb" or "ofb":             // 8-bit segments
                rijndael.Mode = mode == "cfb" ? CipherMode.CFB : CipherMode.OFB;
                rijndael.FeedbackSize = 8;
                break;
            case "ncfb" or "nofb":           // segments of the block size
                rijndael.Mode = mode == "ncfb" ? CipherMode.CFB : CipherMode.OFB;
                rijndael.FeedbackSize = rijndael.BlockSize;
                break;
            default:
                rijndael.Dispose();
                throw new NotSupportedException(mode);
        }

        return rijndael;
    }

    private static byte[] TransformAll(ICryptoTransform transform, byte[] data)
    {
        using (transform)
        {
            return transform.TransformFinalBlock(data, 0, data.Length);
        }
    }
    // </recipe:mcrypt>

    [Fact]
    public void Mcrypt_Rijndael256Cbc()
    {
        // <recipe:mcrypt-usage>
        // $data = mcrypt_encrypt(MCRYPT_RIJNDAEL_256, "legacy key",
        //     "Written by PHP mcrypt_encrypt, rijndael-256", MCRYPT_MODE_CBC, "0123456789abcdef0123456789abcdef");
        byte[] data = Convert.FromHexString(
            "481c541bbe093854d9675e4379ad4eb114f4fd956df6941704c9a519938752c4" +
            "4c4351569709c5507ef0a9603ab04eefbaac0fca30c243793a583d9b0b5b9559");
        byte[] key = Encoding.ASCII.GetBytes("legacy key");   // 10 bytes: used as 16, zero-padded
        byte[] iv = Encoding.ASCII.GetBytes("0123456789abcdef0123456789abcdef");

        byte[] plain = McryptDecrypt("rijndael-256", key, data, "cbc", iv);
        string text = Encoding.UTF8.GetString(plain).TrimEnd('\0');   // PHP: rtrim($plain, "\0")
        // </recipe:mcrypt-usage>

        Assert.Equal(McryptText, text);
        Assert.Equal(64, plain.Length);
        Assert.Equal(data, McryptEncrypt("rijndael-256", key, Encoding.ASCII.GetBytes(McryptText), "cbc", iv));
    }

    private const string McryptText = "Written by PHP mcrypt_encrypt, rijndael-256";

    /// <summary>
    /// libmcrypt 2.5.8's output (the library PHP's mcrypt extension calls) for every mode, key "legacy key" padded to
    /// 16 bytes and ecb/cbc data zero-padded as PHP's mcrypt_encrypt did; the document says how it was made.
    /// </summary>
    public static TheoryData<string, string, string> McryptVectors => new()
    {
        {
            "rijndael-256", "ecb", "afbf01cfbf948edd7b174c3a6020730152a7a816ac1baae7f8f5b1e392c07d26"
                + "fa5c25d661fd737415196311a941a4e133f923d7b738e64c5ce734178bec00bf"
        },
        {
            "rijndael-256", "cbc", "481c541bbe093854d9675e4379ad4eb114f4fd956df6941704c9a519938752c4"
                + "4c4351569709c5507ef0a9603ab04eefbaac0fca30c243793a583d9b0b5b9559"
        },
        {
            "rijndael-256", "cfb", "0eea23603c5eb1e7152a6f929cf2a4779611378a6092c43324a7ee81870e665e"
                + "37726fc835449528717954"
        },
        {
            "rijndael-256", "ncfb", "0eb1d6da19e7934a2b9fba44c3e65146bfebb138215d36099d9df8accf4cece1"
                + "e662d6ff416b3269aea896"
        },
        {
            "rijndael-256", "ofb", "0edd08b51e1aa75adbd09f2879e9efad7da14d3b935fd813b8aabdeae14cf0ea"
                + "b94cfceb4d5ee06e6a87ab"
        },
        {
            "rijndael-256", "nofb", "0eb1d6da19e7934a2b9fba44c3e65146bfebb138215d36099d9df8accf4cece1"
                + "ad01cf64b71252b184e0a2"
        },
        {
            "rijndael-256", "ctr", "0eb1d6da19e7934a2b9fba44c3e65146bfebb138215d36099d9df8accf4cece1"
                + "3ca561efa1eb0fcce03a4f"
        },
    };

    [Theory]
    [MemberData(nameof(McryptVectors))]
    public void Mcrypt_EveryMode_MatchesLibmcrypt(string cipher, string mode, string hex)
    {
        byte[] key = Encoding.ASCII.GetBytes("legacy key");
        byte[] iv = Encoding.ASCII.GetBytes("0123456789abcdef0123456789abcdef");
        byte[] data = Convert.FromHexString(hex);
        Assert.Equal(McryptText, Encoding.UTF8.GetString(McryptDecrypt(cipher, key, data, mode, iv)).TrimEnd('\0'));
        Assert.Equal(data, McryptEncrypt(cipher, key, Encoding.ASCII.GetBytes(McryptText), mode, iv));
    }

    [Fact]
    public void Mcrypt_Rijndael128Cbc_IsAesWithZeroPadding()
    {
        // libmcrypt, rijndael-128, cbc: the same as the runtime's Aes with PaddingMode.Zeros.
        byte[] key = Encoding.ASCII.GetBytes("legacy key");
        byte[] iv = Encoding.ASCII.GetBytes("0123456789abcdef");
        byte[] data = Convert.FromHexString("cc70eea0b61ea090f64c638ed7cad1c3340baab0044cab193741fbf8dc3f7f5c"
            + "780daecc009bb1d55b53104b000409a7");
        byte[] plain = McryptDecrypt("rijndael-128", key, data, "cbc", iv);
        Assert.Equal("Written by PHP mcrypt_encrypt, rijndael-128", Encoding.UTF8.GetString(plain).TrimEnd('\0'));
        using var aes = Aes.Create();
        aes.Key = [.. key, 0, 0, 0, 0, 0, 0];
        Assert.Equal(data, aes.EncryptCbc(plain, iv, PaddingMode.Zeros));
    }

    // ----- openssl enc -----

    // <recipe:openssl-kdf>
    // Key ‖ IV from the password and the file's 8-byte salt. openssl enc -pbkdf2 [-iter N] [-md sha256]: PBKDF2 with
    // HMAC-SHA-256 (the default -md since OpenSSL 1.1.0) and 10000 iterations unless -iter says otherwise.
    private static byte[] OpenSslPbkdf2(string password, byte[] salt, int length, int iterations = 10000) =>
        Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, iterations, HashAlgorithmName.SHA256, length);

    // openssl enc without -pbkdf2: EVP_BytesToKey with one iteration, D1 = H(password ‖ salt),
    // Di = H(Di-1 ‖ password ‖ salt), key ‖ IV = D1 ‖ D2 ‖ ...; H is -md: MD5 before OpenSSL 1.1.0, SHA-256 since.
    private static byte[] EvpBytesToKey(string password, byte[] salt, int length, HashAlgorithm md)
    {
        byte[] pass = Encoding.UTF8.GetBytes(password);
        byte[] result = new byte[length];
        byte[] d = [];
        for (int done = 0; done < length; done += d.Length)
        {
            d = md.ComputeHash([.. d, .. pass, .. salt]);
            d.AsSpan(0, Math.Min(d.Length, length - done)).CopyTo(result.AsSpan(done));
        }

        return result;
    }
    // </recipe:openssl-kdf>

    // <recipe:openssl-cipher>
    // OpenSSL's names: aes-256-cbc, aes-128-ecb, aes-192-cfb, aes-128-cfb8, aes-256-ofb, aes-128-ctr; camellia-* alike.
    private static int OpenSslKeySize(string cipherName) =>
        int.Parse(cipherName.Split('-')[1], CultureInfo.InvariantCulture) / 8;

    private static byte[] OpenSslTransform(string cipherName, byte[] keyAndIv, byte[] data, bool encrypt)
    {
        string[] parts = cipherName.Split('-');          // algorithm, key bits, mode
        using BlockCipherAlgorithm cipher = parts[0] switch
        {
            "aes" => RijndaelCipher.Create(),            // a 128-bit block: AES
            "camellia" => Camellia.Create(),
            _ => throw new NotSupportedException(cipherName),
        };
        int keySize = OpenSslKeySize(cipherName);
        cipher.Key = keyAndIv[..keySize];
        byte[] iv = keyAndIv[keySize..(keySize + 16)];  // ecb ignores it
        switch (parts[2])
        {
            case "cbc":                                  // PKCS7 padding, as openssl enc without -nopad
                return encrypt ? cipher.EncryptCbc(data, iv) : cipher.DecryptCbc(data, iv);
            case "ecb":
                return encrypt
                    ? cipher.EncryptEcb(data, PaddingMode.PKCS7)
                    : cipher.DecryptEcb(data, PaddingMode.PKCS7);
            case "ctr":                                  // the IV is the first counter, one 128-bit big-endian number
                return cipher.EncryptCtr(data, iv);
            case "cfb" or "cfb8" or "ofb":               // no padding: the output has the input's length
                cipher.Mode = parts[2] == "ofb" ? CipherMode.OFB : CipherMode.CFB;
                cipher.FeedbackSize = parts[2] == "cfb8" ? 8 : 128;
                cipher.IV = iv;
                using (ICryptoTransform transform =
                    encrypt ? cipher.CreateStreamEncryptor() : cipher.CreateStreamDecryptor())
                {
                    return transform.TransformFinalBlock(data, 0, data.Length);
                }

            default:
                throw new NotSupportedException(cipherName);
        }
    }
    // </recipe:openssl-cipher>

    private const string OpenSslText = "Attack at dawn, written by openssl enc";

    [Fact]
    public void OpenSsl_Pbkdf2_Aes256Cbc()
    {
        // <recipe:openssl-read>
        // printf 'Attack at dawn, written by openssl enc' |
        //     openssl enc -aes-256-cbc -pbkdf2 -iter 10000 -md sha256 -pass pass:legacy > secret.enc
        byte[] file = Convert.FromHexString(                        // File.ReadAllBytes("secret.enc")
            "53616c7465645f5f00a6461a24256ebf2d74e530df037f07959928d2c752379a" +
            "82ce11ac46ac28bed7efeebc474f00b8d2203c5f96d12c3c537906b27a919fb1");
        if (file.Length < 16 || !file.AsSpan(0, 8).SequenceEqual("Salted__"u8))
        {
            throw new InvalidDataException("no Salted__ header: not from openssl enc, or written with -nosalt");
        }

        byte[] salt = file[8..16];
        byte[] keyAndIv = OpenSslPbkdf2("legacy", salt, OpenSslKeySize("aes-256-cbc") + 16);
        byte[] plaintext = OpenSslTransform("aes-256-cbc", keyAndIv, file[16..], encrypt: false);
        string text = Encoding.UTF8.GetString(plaintext);            // "Attack at dawn, written by openssl enc"
        // </recipe:openssl-read>

        Assert.Equal(OpenSslText, text);
    }

    [Fact]
    public void OpenSsl_EvpBytesToKey_And_Camellia()
    {
        // <recipe:openssl-read-more>
        // openssl enc -aes-128-ctr -md md5 -pass pass:legacy (no -pbkdf2: EVP_BytesToKey, as OpenSSL 1.0 wrote)
        byte[] ctrFile = Convert.FromHexString("53616c7465645f5feacf8e558de5b419b884a0733e127c8fa6c826572c54eaa1" +
            "e2828852e9de5ca3b368cd5df94328581ef281d8ffc7");
        using var md5 = MD5.Create();
        byte[] ctrKeyAndIv = EvpBytesToKey("legacy", ctrFile[8..16], 16 + 16, md5);
        byte[] ctrText = OpenSslTransform("aes-128-ctr", ctrKeyAndIv, ctrFile[16..], encrypt: false);

        // openssl enc -aes-192-cfb8 -md sha256 -pass pass:legacy (EVP_BytesToKey with SHA-256: OpenSSL 1.1.0 to 3.x)
        byte[] cfb8File = Convert.FromHexString("53616c7465645f5fe96f07fe337f0283d45219c9e494059c662e173713b5d127" +
            "10e2fc79d420f93458cba0bd17255b061ee57d284f63");
        using var sha256 = SHA256.Create();
        byte[] cfb8KeyAndIv = EvpBytesToKey("legacy", cfb8File[8..16], 24 + 16, sha256);
        byte[] cfb8Text = OpenSslTransform("aes-192-cfb8", cfb8KeyAndIv, cfb8File[16..], encrypt: false);

        // openssl enc -camellia-256-cfb -pbkdf2 -iter 20000 -pass pass:legacy
        byte[] camelliaFile = Convert.FromHexString("53616c7465645f5fb88cee82c8deaca5a5c539a4e3d466f04f44bfdd313ba00c" +
            "d27e17da277bbf2dfb20616cba32a76c0b3aa8fc01e1");
        byte[] camelliaKeyAndIv = OpenSslPbkdf2("legacy", camelliaFile[8..16], 32 + 16, iterations: 20000);
        byte[] camelliaText = OpenSslTransform("camellia-256-cfb", camelliaKeyAndIv, camelliaFile[16..], false);
        // all three: "Attack at dawn, written by openssl enc"
        // </recipe:openssl-read-more>

        Assert.Equal(OpenSslText, Encoding.UTF8.GetString(ctrText));
        Assert.Equal(OpenSslText, Encoding.UTF8.GetString(cfb8Text));
        Assert.Equal(OpenSslText, Encoding.UTF8.GetString(camelliaText));
    }

    [Fact]
    public void OpenSsl_Write()
    {
        // <recipe:openssl-write>
        // A file that openssl enc -d -aes-128-ofb -pbkdf2 -pass pass:legacy -in secret.enc decrypts.
        byte[] newSalt = RandomNumberGenerator.GetBytes(8);
        byte[] newKeyAndIv = OpenSslPbkdf2("legacy", newSalt, 16 + 16);
        byte[] message = Encoding.UTF8.GetBytes("For openssl enc -d");
        byte[] written = [.. "Salted__"u8, .. newSalt, .. OpenSslTransform("aes-128-ofb", newKeyAndIv, message, true)];
        // File.WriteAllBytes("secret.enc", written);
        // </recipe:openssl-write>

        Assert.Equal(16 + message.Length, written.Length);
        byte[] keyAndIv = OpenSslPbkdf2("legacy", written[8..16], 32);
        Assert.Equal(message, OpenSslTransform("aes-128-ofb", keyAndIv, written[16..], encrypt: false));
        if (OpenSslFactAttribute.Installed)
        {
            Assert.Equal(message, OpenSslCli(written, "-d", "-aes-128-ofb", "-pbkdf2"));
        }
    }

    /// <summary>Every cipher and mode the recipe knows, each way against the openssl command line.</summary>
    [OpenSslFact]
    public void OpenSsl_EveryCipherAndMode_BothWays_WithTheCommandLine()
    {
        byte[] plain = RandomNumberGenerator.GetBytes(1000 + 7);   // not a multiple of 16
        using var md5 = MD5.Create();
        using var sha256 = SHA256.Create();
        foreach (string algorithm in new[] { "aes", "camellia" })
        {
            foreach (int bits in new[] { 128, 192, 256 })
            {
                foreach (string mode in new[] { "cbc", "ecb", "cfb", "cfb8", "ofb", "ctr" })
                {
                    string name = $"{algorithm}-{bits}-{mode}";
                    int length = bits / 8 + 16;

                    // Ours → openssl: PBKDF2 with a few iterations.
                    byte[] salt = RandomNumberGenerator.GetBytes(8);
                    byte[] ours = [.. "Salted__"u8, .. salt,
                        .. OpenSslTransform(name, OpenSslPbkdf2("legacy", salt, length, 1000), plain, encrypt: true)];
                    byte[] back = OpenSslCli(ours, "-d", "-" + name, "-pbkdf2", "-iter", "1000");
                    Assert.True(plain.SequenceEqual(back), name);

                    // openssl → ours: EVP_BytesToKey with MD5 (the 128-bit keys) or SHA-256 (the others).
                    bool useMd5 = bits == 128;
                    byte[] theirs = OpenSslCli(plain, "-e", "-" + name, "-md", useMd5 ? "md5" : "sha256");
                    byte[] keyAndIv = EvpBytesToKey("legacy", theirs[8..16], length, useMd5 ? md5 : sha256);
                    byte[] decrypted = OpenSslTransform(name, keyAndIv, theirs[16..], encrypt: false);
                    Assert.True(plain.SequenceEqual(decrypted), name);
                }
            }
        }
    }

    // ----- Defaults -----

    [Fact]
    public void Defaults_RijndaelFollowsRijndaelManaged_OthersFollowAes()
    {
        // <recipe:defaults>
        using var rijndael = RijndaelCipher.Create();   // CBC, PKCS7, FeedbackSize 128: as RijndaelManaged
        using var camellia = Camellia.Create();         // CBC, PKCS7, FeedbackSize 8: as Aes.Create()
        // </recipe:defaults>

        using var aes = Aes.Create();
        Assert.Equal(
            (CipherMode.CBC, PaddingMode.PKCS7, 128), (rijndael.Mode, rijndael.Padding, rijndael.FeedbackSize));
        Assert.Equal(
            (aes.Mode, aes.Padding, aes.FeedbackSize), (camellia.Mode, camellia.Padding, camellia.FeedbackSize));
        Assert.Equal(8, camellia.FeedbackSize);
    }

    // ----- The document and this file agree -----

    [Fact]
    public void EveryDocumentBlockIsACompiledRecipe()
    {
        string root = RepositoryRoot.Find();
        List<string> blocks = CSharpBlocks(File.ReadAllText(Path.Combine(root, Document)));
        Dictionary<string, string> regions = RecipeRegions(File.ReadAllText(Path.Combine(
            root, "tests", "CryptoCli.Tests", "QuickStart", "LegacyDataRecipeTests.cs")));

        Assert.True(regions.Count >= 10, $"only {regions.Count} recipe regions");
        foreach (string block in blocks)
        {
            Assert.True(regions.ContainsValue(block), $"This {Document} block is not a recipe region here:\n{block}");
        }

        foreach ((string name, string region) in regions)
        {
            Assert.True(blocks.Contains(region), $"Recipe '{name}' is missing from {Document} (or differs)");
        }
    }

    private static List<string> CSharpBlocks(string markdown)
    {
        string[] lines = markdown.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        var blocks = new List<string>();
        for (int i = 0; i < lines.Length; i++)
        {
            if (lines[i].Trim() == "```csharp")
            {
                int close = Array.FindIndex(lines, i + 1, l => l.Trim() == "```");
                Assert.True(close > i, $"{Document} line {i + 1}: unclosed ```csharp block");
                blocks.Add(Dedent(lines[(i + 1)..close]));
                i = close;
            }
        }

        return blocks;
    }

    private static Dictionary<string, string> RecipeRegions(string source)
    {
        string[] lines = source.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        var regions = new Dictionary<string, string>(StringComparer.Ordinal);
        var open = new Regex(@"^\s*// <recipe:([a-z0-9-]+)>\s*$");
        for (int i = 0; i < lines.Length; i++)
        {
            Match match = open.Match(lines[i]);
            if (match.Success)
            {
                string name = match.Groups[1].Value;
                int close = Array.FindIndex(lines, i + 1, l => l.Trim() == $"// </recipe:{name}>");
                Assert.True(close > i, $"recipe region '{name}' is never closed");
                regions.Add(name, Dedent(lines[(i + 1)..close]));
                i = close;
            }
        }

        return regions;
    }

    /// <summary>Removes the common indentation, trailing spaces and the blank lines before and after.</summary>
    private static string Dedent(IReadOnlyList<string> lines)
    {
        List<string> trimmed = lines.Select(l => l.TrimEnd()).SkipWhile(l => l.Length == 0).ToList();
        while (trimmed.Count > 0 && trimmed[^1].Length == 0)
        {
            trimmed.RemoveAt(trimmed.Count - 1);
        }

        int indent = trimmed.Where(l => l.Length > 0)
            .Select(l => l.Length - l.TrimStart(' ').Length).DefaultIfEmpty(0).Min();
        return string.Join("\n", trimmed.Select(l => l.Length == 0 ? l : l[indent..]));
    }

    // ----- Helpers -----

    private static byte[] BouncyCastle(Org.BouncyCastle.Crypto.IBlockCipher mode, byte[] key, byte[] iv, byte[] plain)
    {
        var cipher = new PaddedBufferedBlockCipher(mode, new Pkcs7Padding());
        cipher.Init(true, new ParametersWithIV(new KeyParameter(key), iv));
        return cipher.DoFinal(plain);
    }

    /// <summary>Runs <c>openssl enc ARGS -pass pass:legacy</c> with <paramref name="input"/> on stdin.</summary>
    private static byte[] OpenSslCli(byte[] input, params string[] args)
    {
        var start = new ProcessStartInfo("openssl")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string arg in new[] { "enc" }.Concat(args).Concat(new[] { "-pass", "pass:legacy" }))
        {
            start.ArgumentList.Add(arg);
        }

        using Process process = Process.Start(start)!;
        var output = new MemoryStream();
        System.Threading.Tasks.Task copy = process.StandardOutput.BaseStream.CopyToAsync(output);
        System.Threading.Tasks.Task<string> error = process.StandardError.ReadToEndAsync();
        process.StandardInput.BaseStream.Write(input);
        process.StandardInput.Close();
        copy.Wait();
        process.WaitForExit();
        Assert.True(
            process.ExitCode == 0, $"openssl enc {string.Join(' ', args)}: exit {process.ExitCode}: {error.Result}");
        return output.ToArray();
    }
}

/// <summary>A fact skipped, visibly, when the openssl command line is not installed (CI installs it).</summary>
public sealed class OpenSslFactAttribute : FactAttribute
{
    public OpenSslFactAttribute()
    {
        if (!Installed)
        {
            Skip = "openssl is not installed (.ci/run installs it)";
        }
    }

    public static bool Installed =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator)
            .Any(folder => folder.Length > 0 && File.Exists(Path.Combine(folder, "openssl")));
}
