using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using Xunit;

namespace CryptoCli.Tests.Legacy;

/// <summary>
/// The bytes of the legacy producers that users' data comes from, written by the real producers: Mono's
/// <c>RijndaelManaged</c> (the .NET Framework class), libmcrypt as PHP's <c>mcrypt_encrypt</c> calls it, and the
/// <c>openssl enc</c> command line (tests/legacy/regenerate.sh drives them; the formats are in each file's header).
/// Every line of every file of Vectors/legacy is read (or of the folder named by CRYPTOCLI_LEGACY_VECTORS, which CI
/// fills with freshly generated vectors); a line that does not parse fails, and so does a file whose count differs
/// from its "# vectors: N". Both directions, byte for byte: our decryption of the producer's ciphertext gives its
/// plaintext, and our encryption gives its ciphertext (ISO 10126 pads with random bytes: decryption, and the length
/// of our own ciphertext). Each producer's modes must reach the minimum counts of <see cref="s_minimums"/>, so that a
/// generator that stops writing a mode is noticed. The key derivations of `openssl enc` are done here with the
/// runtime (<see cref="OpensslKeyDerivation"/>).
/// </summary>
public partial class LegacyProducerVectorTests
{
    /// <summary>A folder to read instead of the committed Vectors/legacy (CI: vectors the producers just wrote).</summary>
    public const string FolderVariable = "CRYPTOCLI_LEGACY_VECTORS";

    private const string Mono = "RijndaelManaged";
    private const string Mcrypt = "mcrypt";
    private const string Openssl = "openssl";

    /// <summary>
    /// The fewest vectors each producer's files must hold per mode (and per key derivation, block size and edge case),
    /// met by tests/legacy/regenerate.sh with its smallest --count, 3 (the committed files use 4).
    /// </summary>
    private static readonly Dictionary<string, int> s_minimums = new(StringComparer.Ordinal)
    {
        // 3 key sizes x 5 paddings x N per block size; CFB with FeedbackSize = 192 or 256 only at that block size.
        ["RijndaelManaged ECB"] = 120,
        ["RijndaelManaged CBC"] = 120,
        ["RijndaelManaged CFB8"] = 120,
        ["RijndaelManaged CFB128"] = 120,
        ["RijndaelManaged CFB192"] = 40,
        ["RijndaelManaged CFB256"] = 40,
        ["RijndaelManaged CFB, FeedbackSize left at its default"] = 120,
        ["RijndaelManaged ISO10126 (decryption only)"] = 100,
        ["RijndaelManaged BlockSize 128"] = 200,
        ["RijndaelManaged BlockSize 192"] = 200,
        ["RijndaelManaged BlockSize 256"] = 200,
        // 3 block sizes x 3 key sizes x 2N per mode.
        ["mcrypt ecb"] = 50,
        ["mcrypt cbc"] = 50,
        ["mcrypt cfb"] = 50,
        ["mcrypt ncfb"] = 50,
        ["mcrypt ofb"] = 50,
        ["mcrypt nofb"] = 50,
        ["mcrypt ctr"] = 50,
        ["mcrypt ctr, the counter carries"] = 10,
        ["mcrypt ctr, the counter wraps"] = 3,
        ["mcrypt rijndael-128"] = 120,
        ["mcrypt rijndael-192"] = 120,
        ["mcrypt rijndael-256"] = 120,
        ["mcrypt short key, zero-padded as PHP does"] = 100,
        // 3 key sizes x 5 keyings x N per cipher and mode; 2 x 15 x N per keying.
        ["openssl aes cbc"] = 40,
        ["openssl aes cfb"] = 40,
        ["openssl aes cfb8"] = 40,
        ["openssl aes ofb"] = 40,
        ["openssl aes ctr"] = 40,
        ["openssl camellia cbc"] = 40,
        ["openssl camellia cfb"] = 40,
        ["openssl camellia cfb8"] = 40,
        ["openssl camellia ofb"] = 40,
        ["openssl camellia ctr"] = 40,
        ["openssl -pbkdf2 -md sha256"] = 80,
        ["openssl -pbkdf2 -md sha256 -nosalt"] = 20,
        ["openssl -pbkdf2 -md sha1"] = 4,
        ["openssl -pbkdf2 -md sha512"] = 4,
        ["openssl -md md5 (EVP_BytesToKey)"] = 80,
        ["openssl -md md5 -nosalt (EVP_BytesToKey)"] = 50,
        ["openssl -md sha256 (EVP_BytesToKey)"] = 80,
        ["openssl -K -iv"] = 80,
        ["openssl ctr, the counter wraps"] = 3,
    };

    public static TheoryData<string> Producers() => new() { Mono, Mcrypt, Openssl };

    private static string Folder =>
        Environment.GetEnvironmentVariable(FolderVariable) is { Length: > 0 } folder ? folder : VectorFile.FamilyDirectory("legacy");

    [Fact]
    public void EveryLineOfEveryFile_Parses_AndEachFileHoldsItsDeclaredCount()
    {
        IReadOnlyList<VectorFile> files = VectorFile.ReadFolder(Folder);
        foreach (VectorFile file in files)
        {
            IReadOnlyList<VectorRecord> records = file.ReadTokenLines();
            foreach (VectorRecord record in records)
            {
                Parse(record);
            }

            Assert.True(file.DeclaredCount is not null, $"{file.Name}: the header declares no vector count ('# vectors: N')");
            Assert.True(file.DeclaredCount == records.Count, $"{file.Name}: {records.Count} vectors, the header declares {file.DeclaredCount}");
        }
    }

    [Theory]
    [MemberData(nameof(Producers))]
    public void EveryVectorOfTheProducer_BothDirections(string producer)
    {
        var counts = new Dictionary<string, int>(StringComparer.Ordinal);
        var failures = new Failures();
        foreach (VectorFile file in VectorFile.ReadFolder(Folder))
        {
            foreach (VectorRecord record in file.ReadTokenLines())
            {
                ILegacyVector vector = Parse(record);
                if (vector.Producer != producer)
                {
                    continue;
                }

                failures.Run(record.Where, () => vector.Check(failures.At(record.Where)));
                foreach (string category in vector.Categories)
                {
                    counts[category] = counts.GetValueOrDefault(category) + 1;
                }
            }
        }

        Assert.True(failures.Count == 0, failures.Report());
        var shortfalls = s_minimums
            .Where(m => m.Key.StartsWith(producer + " ", StringComparison.Ordinal) && counts.GetValueOrDefault(m.Key) < m.Value)
            .Select(m => $"{m.Key}: {counts.GetValueOrDefault(m.Key)} vectors, at least {m.Value} expected")
            .ToArray();
        Assert.True(shortfalls.Length == 0, $"{Folder}:{Environment.NewLine}{string.Join(Environment.NewLine, shortfalls)}");
    }

    [Fact]
    public void KeyDerivations_MatchWhatOpensslPrints()
    {
        // `openssl enc -P` prints the key and IV it derives (OpenSSL 3.0), e.g.
        // openssl enc -aes-256-cbc -md md5 -S 0102030405060708 -pass pass:password -P
        static void Same(string expectedKey, string expectedIV, (byte[] Key, byte[] IV) derived)
        {
            Assert.Equal(expectedKey, Convert.ToHexString(derived.Key));
            Assert.Equal(expectedIV, Convert.ToHexString(derived.IV));
        }

        Same("E7B0971E52CA5CC8D0539FB3412F6316F7BA2E6EE293D9F3457B99436B51CE02", "8D450E2ED75A84A923D4EAC9FE49226B",
            OpensslKeyDerivation.EvpBytesToKey("password"u8.ToArray(), Convert.FromHexString("0102030405060708"), HashAlgorithmName.MD5, 32, 16));
        // -camellia-192-ctr -md sha256 -S a0a1a2a3a4a5a6a7 -pass pass:CryptoCli
        Same("8A475CF556E36CCC8D2E0158C99FC12A842BB6D5705C113B", "69B6F25CD3C1564B96275F6C84ADE643",
            OpensslKeyDerivation.EvpBytesToKey("CryptoCli"u8.ToArray(), Convert.FromHexString("a0a1a2a3a4a5a6a7"), HashAlgorithmName.SHA256, 24, 16));
        // -aes-128-cfb -md md5 -nosalt -pass pass:x
        Same("9DD4E461268C8034F5C8564E155C67A6", "C655CFB544097EF213C59DB9889488AB",
            OpensslKeyDerivation.EvpBytesToKey("x"u8.ToArray(), Array.Empty<byte>(), HashAlgorithmName.MD5, 16, 16));
        // -aes-256-ofb -pbkdf2 -iter 3 -md sha512 -S 0001020304050607 -pass pass:abc
        Same("6F07E4C3C58A5047D009AA0770FC7B03D4908A94E2D8A8E10AA239B0C06FD2BC", "289414DA58E1B0D25CABEE92EE55C398",
            OpensslKeyDerivation.Pbkdf2("abc"u8.ToArray(), Convert.FromHexString("0001020304050607"), 3, HashAlgorithmName.SHA512, 32, 16));
    }

    // ---- parsing: every field named, known and of the right size ----

    private static ILegacyVector Parse(VectorRecord record) => record.Tag switch
    {
        Mono => MonoVector.Parse(record),
        Mcrypt => McryptVector.Parse(record),
        Openssl => OpensslVector.Parse(record),
        _ => throw new VectorFormatException($"{record.Where}: the first token must name the producer ({Mono}, {Mcrypt} or {Openssl}), found '{record.Tag}'"),
    };

    /// <summary>Throws unless the record has every required field and no field outside required and optional.</summary>
    private static void RequireFields(VectorRecord record, string[] required, params string[] optional)
    {
        foreach (string name in required)
        {
            _ = record.Text(name);
        }

        foreach (string name in record.FieldNames)
        {
            if (!required.Contains(name, StringComparer.OrdinalIgnoreCase) && !optional.Contains(name, StringComparer.OrdinalIgnoreCase))
            {
                throw new VectorFormatException($"{record.Where}: unexpected field '{name}'");
            }
        }
    }

    private static T OneOf<T>(VectorRecord record, string name, params T[] values)
    {
        string text = record.Text(name);
        foreach (T value in values)
        {
            if (string.Equals(value!.ToString(), text, StringComparison.Ordinal))
            {
                return value;
            }
        }

        throw new VectorFormatException($"{record.Where}: {name}={text} is not one of {string.Join(", ", values)}");
    }

    private static byte[] Bytes(VectorRecord record, string name, int? length = null)
    {
        byte[] bytes = record.Bytes(name);
        return length is null || bytes.Length == length
            ? bytes
            : throw new VectorFormatException($"{record.Where}: {name} has {bytes.Length} bytes, {length} expected");
    }

    private interface ILegacyVector
    {
        public string Producer { get; }

        /// <summary>The entries of <see cref="s_minimums"/> the vector counts for.</summary>
        public IEnumerable<string> Categories { get; }

        public void Check(Failures.Vector check);
    }

    // ---- Mono's RijndaelManaged ----

    private sealed record MonoVector(CipherMode Mode, int BlockBits, int? FeedbackBits, PaddingMode Padding, byte[] Key, byte[]? IV, byte[] Plaintext, byte[] Ciphertext)
        : ILegacyVector
    {
        public string Producer => Mono;

        public IEnumerable<string> Categories
        {
            get
            {
                yield return Mode != CipherMode.CFB ? $"{Mono} {Mode}"
                    : FeedbackBits is int feedback ? $"{Mono} CFB{feedback}"
                    : $"{Mono} CFB, FeedbackSize left at its default";
                yield return $"{Mono} BlockSize {BlockBits}";
                if (Padding == PaddingMode.ISO10126)
                {
                    yield return $"{Mono} ISO10126 (decryption only)";
                }
            }
        }

        public static MonoVector Parse(VectorRecord record)
        {
            RequireFields(record, new[] { "mode", "block", "keybits", "feedback", "padding", "key", "pt", "ct" }, "iv");
            CipherMode mode = OneOf(record, "mode", CipherMode.ECB, CipherMode.CBC, CipherMode.CFB);
            int block = OneOf(record, "block", 128, 192, 256);
            int keyBits = OneOf(record, "keybits", 128, 192, 256);
            int? feedback = null;
            if (record.Text("feedback") != "default")
            {
                feedback = record.Int("feedback");
                if (mode != CipherMode.CFB || feedback % 8 != 0 || feedback < 8 || feedback > block)
                {
                    throw new VectorFormatException($"{record.Where}: feedback={feedback} for {mode} with a {block}-bit block");
                }
            }

            PaddingMode padding = OneOf(record, "padding", PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.None, PaddingMode.ISO10126);
            if ((mode == CipherMode.ECB) == record.Has("iv"))
            {
                throw new VectorFormatException($"{record.Where}: an iv goes with CBC and CFB, and only with them");
            }

            return new MonoVector(mode, block, feedback, padding, Bytes(record, "key", keyBits / 8),
                mode == CipherMode.ECB ? null : Bytes(record, "iv", block / 8), Bytes(record, "pt"), Bytes(record, "ct"));
        }

        public void Check(Failures.Vector check)
        {
            using RijndaelCipher cipher = RijndaelCipher.Create();
            cipher.BlockSize = BlockBits;
            cipher.Key = Key;
            int feedback = FeedbackBits ?? cipher.FeedbackSize;
            byte[] expected = Padding == PaddingMode.Zeros ? WithZeros(Plaintext, Ciphertext.Length) : Plaintext;

            // The one-shots.
            byte[] decrypted = Mode switch
            {
                CipherMode.ECB => cipher.DecryptEcb(Ciphertext, Padding),
                CipherMode.CBC => cipher.DecryptCbc(Ciphertext, IV!, Padding),
                _ => cipher.DecryptCfb(Ciphertext, IV!, Padding, feedback),
            };
            check.Equal(expected, decrypted, $"Decrypt{Mode} one-shot");
            byte[] encrypted = Mode switch
            {
                CipherMode.ECB => cipher.EncryptEcb(Plaintext, Padding),
                CipherMode.CBC => cipher.EncryptCbc(Plaintext, IV!, Padding),
                _ => cipher.EncryptCfb(Plaintext, IV!, Padding, feedback),
            };
            CheckEncryption(check, encrypted, $"Encrypt{Mode} one-shot");

            // The transforms, set up as code written for RijndaelManaged sets them up (FeedbackSize untouched for "default").
            cipher.Mode = Mode;
            cipher.Padding = Padding;
            if (FeedbackBits is int bits)
            {
                cipher.FeedbackSize = bits;
            }

            if (IV is not null)
            {
                cipher.IV = IV;
            }

            using (ICryptoTransform decryptor = cipher.CreateDecryptor())
            {
                check.Equal(expected, decryptor.TransformFinalBlock(Ciphertext, 0, Ciphertext.Length), "CreateDecryptor().TransformFinalBlock");
            }

            using (ICryptoTransform encryptor = cipher.CreateEncryptor())
            {
                CheckEncryption(check, encryptor.TransformFinalBlock(Plaintext, 0, Plaintext.Length), "CreateEncryptor().TransformFinalBlock");
            }

            void CheckEncryption(Failures.Vector check, byte[] encrypted, string what)
            {
                if (Padding != PaddingMode.ISO10126)
                {
                    check.Equal(Ciphertext, encrypted, what);
                    return;
                }

                // Random padding: the producer's length, and our own ciphertext decrypts.
                check.True(encrypted.Length == Ciphertext.Length, $"{what}: {encrypted.Length} bytes, RijndaelManaged wrote {Ciphertext.Length}");
                byte[] back = Mode switch
                {
                    CipherMode.ECB => cipher.DecryptEcb(encrypted, Padding),
                    CipherMode.CBC => cipher.DecryptCbc(encrypted, IV!, Padding),
                    _ => cipher.DecryptCfb(encrypted, IV!, Padding, feedback),
                };
                check.Equal(Plaintext, back, $"{what}, decrypted again");
            }
        }
    }

    // ---- libmcrypt, as PHP's mcrypt_encrypt ----

    private sealed record McryptVector(string Algorithm, int BlockBits, string Mode, int KeyBytes, byte[] Key, byte[]? IV, byte[] Plaintext, byte[] Ciphertext)
        : ILegacyVector
    {
        public string Producer => Mcrypt;

        public IEnumerable<string> Categories
        {
            get
            {
                yield return $"{Mcrypt} {Mode}";
                yield return $"{Mcrypt} {Algorithm}";
                if (Key.Length != KeyBytes)
                {
                    yield return $"{Mcrypt} short key, zero-padded as PHP does";
                }

                if (Mode == "ctr" && Plaintext.Length > IV!.Length && IV[^1] == 0xff)
                {
                    yield return IV.All(b => b == 0xff) ? $"{Mcrypt} ctr, the counter wraps" : $"{Mcrypt} ctr, the counter carries";
                }
            }
        }

        public static McryptVector Parse(VectorRecord record)
        {
            RequireFields(record, new[] { "algo", "mode", "keybytes", "key", "pt", "ct" }, "iv");
            string algorithm = OneOf(record, "algo", "rijndael-128", "rijndael-192", "rijndael-256");
            int block = int.Parse(algorithm["rijndael-".Length..], CultureInfo.InvariantCulture);
            string mode = OneOf(record, "mode", "ecb", "cbc", "cfb", "ncfb", "ofb", "nofb", "ctr");
            int keyBytes = OneOf(record, "keybytes", 16, 24, 32);
            byte[] key = Bytes(record, "key");
            if (key.Length is 0 or > 32)
            {
                throw new VectorFormatException($"{record.Where}: a {key.Length}-byte key");
            }

            if ((mode == "ecb") == record.Has("iv"))
            {
                throw new VectorFormatException($"{record.Where}: an iv goes with every mode but ecb");
            }

            return new McryptVector(algorithm, block, mode, keyBytes, key, mode == "ecb" ? null : Bytes(record, "iv", block / 8),
                Bytes(record, "pt"), Bytes(record, "ct"));
        }

        /// <summary>PHP's mcrypt_encrypt: a key shorter than a size the algorithm takes is zero-padded to the next one.</summary>
        private static byte[] PhpKey(byte[] key) => WithZeros(key, key.Length <= 16 ? 16 : key.Length <= 24 ? 24 : 32);

        public void Check(Failures.Vector check)
        {
            byte[] key = PhpKey(Key);
            check.True(key.Length == KeyBytes, $"PHP's key padding gives {key.Length} bytes, libmcrypt was given {KeyBytes}");
            using RijndaelCipher cipher = RijndaelCipher.Create();
            cipher.BlockSize = BlockBits;
            cipher.Key = key;
            switch (Mode)
            {
                case "ecb":
                case "cbc":
                    // Block modes: PHP zero-pads the data; mcrypt_decrypt returns the zeros.
                    byte[] padded = WithZeros(Plaintext, Ciphertext.Length);
                    bool ecb = Mode == "ecb";
                    check.Equal(Ciphertext, ecb ? cipher.EncryptEcb(Plaintext, PaddingMode.Zeros) : cipher.EncryptCbc(Plaintext, IV!, PaddingMode.Zeros), "one-shot encryption, PaddingMode.Zeros");
                    check.Equal(padded, ecb ? cipher.DecryptEcb(Ciphertext, PaddingMode.Zeros) : cipher.DecryptCbc(Ciphertext, IV!, PaddingMode.Zeros), "one-shot decryption, PaddingMode.Zeros");
                    cipher.Mode = ecb ? CipherMode.ECB : CipherMode.CBC;
                    cipher.Padding = PaddingMode.Zeros;
                    using (ICryptoTransform encryptor = cipher.CreateEncryptor(key, IV))
                    {
                        check.Equal(Ciphertext, encryptor.TransformFinalBlock(Plaintext, 0, Plaintext.Length), "CreateEncryptor().TransformFinalBlock");
                    }

                    using (ICryptoTransform decryptor = cipher.CreateDecryptor(key, IV))
                    {
                        check.Equal(padded, decryptor.TransformFinalBlock(Ciphertext, 0, Ciphertext.Length), "CreateDecryptor().TransformFinalBlock");
                    }

                    break;
                case "ctr":
                    check.Equal(Ciphertext, cipher.EncryptCtr(Plaintext, IV!), "EncryptCtr");
                    check.Equal(Plaintext, cipher.DecryptCtr(Ciphertext, IV!), "DecryptCtr");
                    break;
                default:
                    // cfb and ofb: 8-bit segments; ncfb and nofb: full-block ones, the last one partial.
                    CipherMode streamMode = Mode.EndsWith("cfb", StringComparison.Ordinal) ? CipherMode.CFB : CipherMode.OFB;
                    int feedback = Mode.StartsWith('n') ? BlockBits : 8;
                    CheckStream(check, cipher, streamMode, feedback, key, IV!, Plaintext, Ciphertext);
                    break;
            }
        }
    }

    // ---- openssl enc ----

    private sealed partial record OpensslVector(string Family, int KeyBits, string Mode, string Kdf, string? Md, int Iterations, bool Salted, string? Password,
        byte[]? Key, byte[]? IV, byte[] Plaintext, byte[] Output) : ILegacyVector
    {
        private static readonly byte[] s_saltedMagic = "Salted__"u8.ToArray();

        public string Producer => Openssl;

        public IEnumerable<string> Categories
        {
            get
            {
                yield return $"{Openssl} {Family} {Mode}";
                string nosalt = Salted ? "" : " -nosalt";
                yield return Kdf switch
                {
                    "pbkdf2" => $"{Openssl} -pbkdf2 -md {Md}{nosalt}",
                    "evp" => $"{Openssl} -md {Md}{nosalt} (EVP_BytesToKey)",
                    _ => $"{Openssl} -K -iv",
                };
                if (Mode == "ctr" && IV is not null && IV.All(b => b == 0xff) && Plaintext.Length > 16)
                {
                    yield return $"{Openssl} ctr, the counter wraps";
                }
            }
        }

        [GeneratedRegex("^(aes|camellia)-(128|192|256)-(cbc|cfb|cfb8|ofb|ctr)$")]
        private static partial Regex CipherName();

        public static OpensslVector Parse(VectorRecord record)
        {
            Match cipher = CipherName().Match(record.Text("cipher"));
            if (!cipher.Success)
            {
                throw new VectorFormatException($"{record.Where}: cipher={record.Text("cipher")} is not (aes|camellia)-(128|192|256)-(cbc|cfb|cfb8|ofb|ctr)");
            }

            string family = cipher.Groups[1].Value, mode = cipher.Groups[3].Value;
            int keyBits = int.Parse(cipher.Groups[2].Value, CultureInfo.InvariantCulture);
            string kdf = OneOf(record, "kdf", "pbkdf2", "evp", "raw");
            byte[] plaintext = Bytes(record, "pt"), output = Bytes(record, "out");
            switch (kdf)
            {
                case "raw":
                    RequireFields(record, new[] { "cipher", "kdf", "key", "iv", "pt", "out" });
                    return new OpensslVector(family, keyBits, mode, kdf, null, 0, false, null, Bytes(record, "key", keyBits / 8), Bytes(record, "iv", 16), plaintext, output);
                case "pbkdf2":
                    RequireFields(record, new[] { "cipher", "kdf", "md", "iter", "salted", "pass", "pt", "out" });
                    int iterations = record.Int("iter");
                    if (iterations <= 0)
                    {
                        throw new VectorFormatException($"{record.Where}: iter={iterations}");
                    }

                    return new OpensslVector(family, keyBits, mode, kdf, OneOf(record, "md", "sha1", "sha256", "sha512"), iterations,
                        OneOf(record, "salted", "yes", "no") == "yes", record.Text("pass"), null, null, plaintext, output);
                default:
                    RequireFields(record, new[] { "cipher", "kdf", "md", "salted", "pass", "pt", "out" });
                    return new OpensslVector(family, keyBits, mode, kdf, OneOf(record, "md", "md5", "sha256"), 0,
                        OneOf(record, "salted", "yes", "no") == "yes", record.Text("pass"), null, null, plaintext, output);
            }
        }

        public void Check(Failures.Vector check)
        {
            // "Salted__", the salt, the ciphertext; or the ciphertext alone (-nosalt, -K/-iv).
            byte[] salt = Array.Empty<byte>();
            byte[] header = Array.Empty<byte>();
            if (Salted)
            {
                if (Output.Length < 16 || !Output.AsSpan(0, 8).SequenceEqual(s_saltedMagic))
                {
                    check.True(false, "the output does not start with Salted__ and a salt");
                    return;
                }

                header = Output[..16];
                salt = Output[8..16];
            }

            byte[] ciphertext = Output[header.Length..];
            byte[] password = Password is null ? Array.Empty<byte>() : Encoding.UTF8.GetBytes(Password);
            (byte[] key, byte[] iv) = Kdf switch
            {
                "pbkdf2" => OpensslKeyDerivation.Pbkdf2(password, salt, Iterations, OpensslKeyDerivation.Digest(Md!), KeyBits / 8, 16),
                "evp" => OpensslKeyDerivation.EvpBytesToKey(password, salt, OpensslKeyDerivation.Digest(Md!), KeyBits / 8, 16),
                _ => (Key!, IV!),
            };

            using BlockCipherAlgorithm cipher = Family == "aes" ? RijndaelCipher.Create() : Camellia.Create();
            cipher.Key = key;
            switch (Mode)
            {
                case "cbc":
                    check.Equal(Output, [.. header, .. cipher.EncryptCbc(Plaintext, iv, PaddingMode.PKCS7)], "EncryptCbc, PKCS7 (with openssl's header)");
                    check.Equal(Plaintext, cipher.DecryptCbc(ciphertext, iv, PaddingMode.PKCS7), "DecryptCbc, PKCS7");
                    break;
                case "ctr":
                    check.Equal(Output, [.. header, .. cipher.EncryptCtr(Plaintext, iv)], "EncryptCtr (with openssl's header)");
                    check.Equal(Plaintext, cipher.DecryptCtr(ciphertext, iv), "DecryptCtr");
                    break;
                default:
                    // cfb is full-block CFB, cfb8 has 8-bit segments, ofb is full-block OFB: streams, any length.
                    CipherMode streamMode = Mode == "ofb" ? CipherMode.OFB : CipherMode.CFB;
                    int feedback = Mode == "cfb8" ? 8 : 128;
                    CheckStream(check, cipher, streamMode, feedback, key, iv, Plaintext, ciphertext);
                    break;
            }
        }
    }

    // ---- shared ----

    /// <summary>
    /// CFB or OFB as a stream (no padding, the last segment truncated), both directions: the stream transforms over
    /// the whole input in one TransformFinalBlock, and again in two calls split inside a segment.
    /// </summary>
    private static void CheckStream(Failures.Vector check, BlockCipherAlgorithm cipher, CipherMode mode, int feedbackBits, byte[] key, byte[] iv, byte[] plaintext, byte[] ciphertext)
    {
        cipher.Mode = mode;
        cipher.FeedbackSize = feedbackBits;
        string name = $"{mode}{feedbackBits}";
        check.Equal(ciphertext, Run(cipher.CreateStreamEncryptor(key, iv), plaintext, split: false), $"CreateStreamEncryptor, {name}");
        check.Equal(plaintext, Run(cipher.CreateStreamDecryptor(key, iv), ciphertext, split: false), $"CreateStreamDecryptor, {name}");
        check.Equal(ciphertext, Run(cipher.CreateStreamEncryptor(key, iv), plaintext, split: true), $"CreateStreamEncryptor, {name}, in two calls");
        check.Equal(plaintext, Run(cipher.CreateStreamDecryptor(key, iv), ciphertext, split: true), $"CreateStreamDecryptor, {name}, in two calls");

        byte[] Run(ICryptoTransform transform, byte[] input, bool split)
        {
            using (transform)
            {
                int first = split ? input.Length * 2 / 5 : 0;
                byte[] output = new byte[input.Length];
                if (first > 0)
                {
                    int written = transform.TransformBlock(input, 0, first, output, 0);
                    check.True(written == first, $"{name}: TransformBlock of {first} bytes wrote {written}");
                }

                byte[] last = transform.TransformFinalBlock(input, first, input.Length - first);
                check.True(last.Length == input.Length - first, $"{name}: TransformFinalBlock of {input.Length - first} bytes gave {last.Length}");
                last.AsSpan(0, Math.Min(last.Length, output.Length - first)).CopyTo(output.AsSpan(first));
                return output;
            }
        }
    }

    private static byte[] WithZeros(byte[] data, int length)
    {
        byte[] padded = new byte[Math.Max(length, data.Length)];
        data.CopyTo(padded, 0);
        return padded;
    }

    /// <summary>Every mismatch of a run, so that one failure lists all the vectors that differ, not the first one.</summary>
    private sealed class Failures
    {
        private readonly List<string> _messages = new();

        public int Count => _messages.Count;

        public Vector At(string where) => new(this, where);

        /// <summary>Runs one vector's checks; an exception from the library counts as a failure of that vector.</summary>
        public void Run(string where, Action check)
        {
            try
            {
                check();
            }
            catch (Exception e) when (e is not VectorFormatException)
            {
                _messages.Add($"{where}: {e.GetType().Name}: {e.Message}");
            }
        }

        public string Report() =>
            $"{_messages.Count} mismatches:{Environment.NewLine}{string.Join(Environment.NewLine, _messages.Take(40))}" +
            (_messages.Count > 40 ? $"{Environment.NewLine}... and {_messages.Count - 40} more" : "");

        /// <summary>The checks of one vector.</summary>
        public sealed class Vector
        {
            private readonly Failures _failures;
            private readonly string _where;

            public Vector(Failures failures, string where)
            {
                _failures = failures;
                _where = where;
            }

            public void True(bool condition, string message)
            {
                if (!condition)
                {
                    _failures._messages.Add($"{_where}: {message}");
                }
            }

            public void Equal(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string what)
            {
                if (!expected.SequenceEqual(actual))
                {
                    _failures._messages.Add($"{_where}: {what}: expected {VectorFile.ToHex(expected)}, got {VectorFile.ToHex(actual)}");
                }
            }
        }
    }
}
