// What Vectors/legacy means: the bytes of the legacy producers that users' data comes from, written by the real
// producers (tests/legacy/regenerate.sh drives them; the formats are in each file's header). Shared by the xunit suite
// (net10.0, tests/CryptoCli.Tests/Legacy) and the Mono runner (net48 over the netstandard2.0 build: what .NET Framework
// code that used RijndaelManaged runs), so plain C# for both: no records (no IsExternalInit on net48), ranges,
// collection expressions, GeneratedRegex or Dictionary.GetValueOrDefault.

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using System.Text;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Vectors/legacy, written by Mono's <c>RijndaelManaged</c> (the .NET Framework class), libmcrypt as PHP's
/// <c>mcrypt_encrypt</c> calls it, and the <c>openssl enc</c> command line. Every line of a file must parse (every
/// field named, known and of the right size). Both directions, byte for byte: our decryption of the producer's
/// ciphertext gives its plaintext, and our encryption gives its ciphertext (ISO 10126 pads with random bytes:
/// decryption, and the length of our own ciphertext). The key derivations of `openssl enc` are done with the runtime
/// (<see cref="OpensslKeyDerivation"/>). All mismatches of a file are reported together. Each producer's modes must
/// reach the minimum counts of <see cref="Shortfalls"/> over the whole folder, so that a generator that stops writing
/// a mode is noticed (the xunit suite checks that; the Mono runner checks file by file).
/// </summary>
internal sealed class LegacyProducerVectorChecks : VectorFamilyCheck
{
    /// <summary>A folder to read instead of the committed Vectors/legacy (CI: what the producers just wrote).</summary>
    public const string FolderVariable = "CRYPTOCLI_LEGACY_VECTORS";

    public const string Mono = "RijndaelManaged";
    public const string Mcrypt = "mcrypt";
    public const string Openssl = "openssl";

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

    public LegacyProducerVectorChecks()
        : base("legacy")
    {
    }

    /// <summary>The producers, as the first token of each line names them.</summary>
    public static IReadOnlyList<string> Producers { get; } = new[] { Mono, Mcrypt, Openssl };

    /// <summary>The folder named by <see cref="FolderVariable"/>, or the committed Vectors/legacy.</summary>
    public static string VectorDirectory =>
        Environment.GetEnvironmentVariable(FolderVariable) is { Length: > 0 } folder
            ? folder
            : VectorFile.FamilyDirectory("legacy");

    /// <summary>Every vector of the file, both directions; all the file's mismatches in one failure.</summary>
    public override int CheckFile(VectorFile file)
    {
        var failures = new Failures();
        int count = CheckFile(file, producer: null, failures, counts: null);
        VectorCheck.True(failures.Count == 0, $"{file.Name}: {failures.Report()}");
        return count;
    }

    /// <summary>
    /// Parses every line of the file and checks the vectors of <paramref name="producer"/> (of every producer when
    /// null), adding each mismatch to <paramref name="failures"/> and each vector to the counts of its categories (the
    /// keys of <see cref="Shortfalls"/>); returns the vectors checked. A line that does not parse throws
    /// <see cref="VectorFormatException"/>.
    /// </summary>
    public static int CheckFile(VectorFile file, string? producer, Failures failures, IDictionary<string, int>? counts)
    {
        int checkedCount = 0;
        foreach (VectorRecord record in file.ReadTokenLines())
        {
            ILegacyVector vector = Parse(record);
            if (producer is not null && vector.Producer != producer)
            {
                continue;
            }

            failures.Run(record.Where, () => vector.Check(failures.At(record.Where)));
            checkedCount++;
            if (counts is not null)
            {
                foreach (string category in vector.Categories)
                {
                    counts[category] = (counts.TryGetValue(category, out int n) ? n : 0) + 1;
                }
            }
        }

        return checkedCount;
    }

    /// <summary>The producer's categories whose counts fall short of their minimum, one message each.</summary>
    public static string[] Shortfalls(string producer, IDictionary<string, int> counts) =>
        s_minimums
            .Where(m => m.Key.StartsWith(producer + " ", StringComparison.Ordinal) && Count(counts, m.Key) < m.Value)
            .Select(m => $"{m.Key}: {Count(counts, m.Key)} vectors, at least {m.Value} expected")
            .ToArray();

    private static int Count(IDictionary<string, int> counts, string category) =>
        counts.TryGetValue(category, out int n) ? n : 0;

    // ---- parsing: every field named, known and of the right size ----

    /// <summary>One line of a legacy file, parsed (<see cref="VectorFormatException"/> unless it parses).</summary>
    public static ILegacyVector Parse(VectorRecord record) => record.Tag switch
    {
        Mono => MonoVector.Parse(record),
        Mcrypt => McryptVector.Parse(record),
        Openssl => OpensslVector.Parse(record),
        _ => throw new VectorFormatException(
            $"{record.Where}: the first token must name the producer ({Mono}, {Mcrypt} or {Openssl}), "
            + $"found '{record.Tag}'"),
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
            if (!required.Contains(name, StringComparer.OrdinalIgnoreCase)
                && !optional.Contains(name, StringComparer.OrdinalIgnoreCase))
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

    /// <summary>One parsed line: its producer, the categories it counts for, and its checks.</summary>
    internal interface ILegacyVector
    {
        public string Producer { get; }

        /// <summary>The categories (keys of the minimum counts) the vector counts for.</summary>
        public IEnumerable<string> Categories { get; }

        public void Check(Failures.Vector check);
    }

    // ---- Mono's RijndaelManaged ----

    private sealed class MonoVector : ILegacyVector
    {
        private readonly CipherMode _mode;
        private readonly int _blockBits;
        private readonly int? _feedbackBits;
        private readonly PaddingMode _padding;
        private readonly byte[] _key;
        private readonly byte[]? _iv;
        private readonly byte[] _plaintext;
        private readonly byte[] _ciphertext;

        private MonoVector(CipherMode mode, int blockBits, int? feedbackBits, PaddingMode padding, byte[] key,
            byte[]? iv, byte[] plaintext, byte[] ciphertext)
        {
            _mode = mode;
            _blockBits = blockBits;
            _feedbackBits = feedbackBits;
            _padding = padding;
            _key = key;
            _iv = iv;
            _plaintext = plaintext;
            _ciphertext = ciphertext;
        }

        public string Producer => Mono;

        public IEnumerable<string> Categories
        {
            get
            {
                yield return _mode != CipherMode.CFB ? $"{Mono} {_mode}"
                    : _feedbackBits is int feedback ? $"{Mono} CFB{feedback}"
                    : $"{Mono} CFB, FeedbackSize left at its default";
                yield return $"{Mono} BlockSize {_blockBits}";
                if (_padding == PaddingMode.ISO10126)
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
                    throw new VectorFormatException(
                        $"{record.Where}: feedback={feedback} for {mode} with a {block}-bit block");
                }
            }

            PaddingMode padding = OneOf(record, "padding",
                PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.None, PaddingMode.ISO10126);
            if ((mode == CipherMode.ECB) == record.Has("iv"))
            {
                throw new VectorFormatException($"{record.Where}: an iv goes with CBC and CFB, and only with them");
            }

            byte[]? iv = mode == CipherMode.ECB ? null : Bytes(record, "iv", block / 8);
            return new MonoVector(mode, block, feedback, padding, Bytes(record, "key", keyBits / 8), iv,
                Bytes(record, "pt"), Bytes(record, "ct"));
        }

        public void Check(Failures.Vector check)
        {
            using RijndaelCipher cipher = RijndaelCipher.Create();
            cipher.BlockSize = _blockBits;
            cipher.Key = _key;
            int feedback = _feedbackBits ?? cipher.FeedbackSize;
            byte[] expected = _padding == PaddingMode.Zeros ? WithZeros(_plaintext, _ciphertext.Length) : _plaintext;

            // The one-shots.
            byte[] decrypted = _mode switch
            {
                CipherMode.ECB => cipher.DecryptEcb(_ciphertext, _padding),
                CipherMode.CBC => cipher.DecryptCbc(_ciphertext, _iv!, _padding),
                _ => cipher.DecryptCfb(_ciphertext, _iv!, _padding, feedback),
            };
            check.Equal(expected, decrypted, $"Decrypt{_mode} one-shot");
            byte[] encrypted = _mode switch
            {
                CipherMode.ECB => cipher.EncryptEcb(_plaintext, _padding),
                CipherMode.CBC => cipher.EncryptCbc(_plaintext, _iv!, _padding),
                _ => cipher.EncryptCfb(_plaintext, _iv!, _padding, feedback),
            };
            CheckEncryption(encrypted, $"Encrypt{_mode} one-shot");

            // The transforms, set up as code written for RijndaelManaged sets them up (FeedbackSize untouched for
            // "default").
            cipher.Mode = _mode;
            cipher.Padding = _padding;
            if (_feedbackBits is int bits)
            {
                cipher.FeedbackSize = bits;
            }

            if (_iv is not null)
            {
                cipher.IV = _iv;
            }

            using (ICryptoTransform decryptor = cipher.CreateDecryptor())
            {
                check.Equal(expected, decryptor.TransformFinalBlock(_ciphertext, 0, _ciphertext.Length),
                    "CreateDecryptor().TransformFinalBlock");
            }

            using (ICryptoTransform encryptor = cipher.CreateEncryptor())
            {
                CheckEncryption(encryptor.TransformFinalBlock(_plaintext, 0, _plaintext.Length),
                    "CreateEncryptor().TransformFinalBlock");
            }

            void CheckEncryption(byte[] ours, string what)
            {
                if (_padding != PaddingMode.ISO10126)
                {
                    check.Equal(_ciphertext, ours, what);
                    return;
                }

                // Random padding: the producer's length, and our own ciphertext decrypts.
                check.True(ours.Length == _ciphertext.Length,
                    $"{what}: {ours.Length} bytes, RijndaelManaged wrote {_ciphertext.Length}");
                byte[] back = _mode switch
                {
                    CipherMode.ECB => cipher.DecryptEcb(ours, _padding),
                    CipherMode.CBC => cipher.DecryptCbc(ours, _iv!, _padding),
                    _ => cipher.DecryptCfb(ours, _iv!, _padding, feedback),
                };
                check.Equal(_plaintext, back, $"{what}, decrypted again");
            }
        }
    }

    // ---- libmcrypt, as PHP's mcrypt_encrypt ----

    private sealed class McryptVector : ILegacyVector
    {
        private readonly string _algorithm;
        private readonly int _blockBits;
        private readonly string _mode;
        private readonly int _keyBytes;
        private readonly byte[] _key;
        private readonly byte[]? _iv;
        private readonly byte[] _plaintext;
        private readonly byte[] _ciphertext;

        private McryptVector(string algorithm, int blockBits, string mode, int keyBytes, byte[] key, byte[]? iv,
            byte[] plaintext, byte[] ciphertext)
        {
            _algorithm = algorithm;
            _blockBits = blockBits;
            _mode = mode;
            _keyBytes = keyBytes;
            _key = key;
            _iv = iv;
            _plaintext = plaintext;
            _ciphertext = ciphertext;
        }

        public string Producer => Mcrypt;

        public IEnumerable<string> Categories
        {
            get
            {
                yield return $"{Mcrypt} {_mode}";
                yield return $"{Mcrypt} {_algorithm}";
                if (_key.Length != _keyBytes)
                {
                    yield return $"{Mcrypt} short key, zero-padded as PHP does";
                }

                if (_mode == "ctr" && _plaintext.Length > _iv!.Length && _iv[_iv.Length - 1] == 0xff)
                {
                    yield return _iv.All(b => b == 0xff)
                        ? $"{Mcrypt} ctr, the counter wraps"
                        : $"{Mcrypt} ctr, the counter carries";
                }
            }
        }

        public static McryptVector Parse(VectorRecord record)
        {
            RequireFields(record, new[] { "algo", "mode", "keybytes", "key", "pt", "ct" }, "iv");
            string algorithm = OneOf(record, "algo", "rijndael-128", "rijndael-192", "rijndael-256");
            int block = algorithm switch { "rijndael-128" => 128, "rijndael-192" => 192, _ => 256 };
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

            return new McryptVector(algorithm, block, mode, keyBytes, key,
                mode == "ecb" ? null : Bytes(record, "iv", block / 8), Bytes(record, "pt"), Bytes(record, "ct"));
        }

        /// <summary>PHP's mcrypt_encrypt zero-pads a key to the next size it takes: 16, 24 or 32 bytes.</summary>
        private static byte[] PhpKey(byte[] key) =>
            WithZeros(key, key.Length <= 16 ? 16 : key.Length <= 24 ? 24 : 32);

        public void Check(Failures.Vector check)
        {
            byte[] key = PhpKey(_key);
            check.True(key.Length == _keyBytes,
                $"PHP's key padding gives {key.Length} bytes, libmcrypt was given {_keyBytes}");
            using RijndaelCipher cipher = RijndaelCipher.Create();
            cipher.BlockSize = _blockBits;
            cipher.Key = key;
            switch (_mode)
            {
                case "ecb":
                case "cbc":
                    // Block modes: PHP zero-pads the data; mcrypt_decrypt returns the zeros.
                    byte[] padded = WithZeros(_plaintext, _ciphertext.Length);
                    bool ecb = _mode == "ecb";
                    PaddingMode zeros = PaddingMode.Zeros;
                    check.Equal(_ciphertext,
                        ecb ? cipher.EncryptEcb(_plaintext, zeros) : cipher.EncryptCbc(_plaintext, _iv!, zeros),
                        "one-shot encryption, PaddingMode.Zeros");
                    check.Equal(padded,
                        ecb ? cipher.DecryptEcb(_ciphertext, zeros) : cipher.DecryptCbc(_ciphertext, _iv!, zeros),
                        "one-shot decryption, PaddingMode.Zeros");
                    cipher.Mode = ecb ? CipherMode.ECB : CipherMode.CBC;
                    cipher.Padding = PaddingMode.Zeros;
                    using (ICryptoTransform encryptor = cipher.CreateEncryptor(key, _iv))
                    {
                        check.Equal(_ciphertext, encryptor.TransformFinalBlock(_plaintext, 0, _plaintext.Length),
                            "CreateEncryptor().TransformFinalBlock");
                    }

                    using (ICryptoTransform decryptor = cipher.CreateDecryptor(key, _iv))
                    {
                        check.Equal(padded, decryptor.TransformFinalBlock(_ciphertext, 0, _ciphertext.Length),
                            "CreateDecryptor().TransformFinalBlock");
                    }

                    break;
                case "ctr":
                    check.Equal(_ciphertext, cipher.EncryptCtr(_plaintext, _iv!), "EncryptCtr");
                    check.Equal(_plaintext, cipher.DecryptCtr(_ciphertext, _iv!), "DecryptCtr");
                    break;
                default:
                    // cfb and ofb: 8-bit segments; ncfb and nofb: full-block ones, the last one partial.
                    CipherMode streamMode =
                        _mode.EndsWith("cfb", StringComparison.Ordinal) ? CipherMode.CFB : CipherMode.OFB;
                    int feedback = _mode.StartsWith('n') ? _blockBits : 8;
                    CheckStream(check, cipher, streamMode, feedback, key, _iv!, _plaintext, _ciphertext);
                    break;
            }
        }
    }

    // ---- openssl enc ----

    private sealed class OpensslVector : ILegacyVector
    {
        private static readonly byte[] s_saltedMagic = Encoding.ASCII.GetBytes("Salted__");

        private readonly string _family;
        private readonly int _keyBits;
        private readonly string _mode;
        private readonly string _kdf;
        private readonly string? _md;
        private readonly int _iterations;
        private readonly bool _salted;
        private readonly string? _password;
        private readonly byte[]? _key;
        private readonly byte[]? _iv;
        private readonly byte[] _plaintext;
        private readonly byte[] _output;

        private OpensslVector(string family, int keyBits, string mode, string kdf, string? md, int iterations,
            bool salted, string? password, byte[]? key, byte[]? iv, byte[] plaintext, byte[] output)
        {
            _family = family;
            _keyBits = keyBits;
            _mode = mode;
            _kdf = kdf;
            _md = md;
            _iterations = iterations;
            _salted = salted;
            _password = password;
            _key = key;
            _iv = iv;
            _plaintext = plaintext;
            _output = output;
        }

        public string Producer => Openssl;

        public IEnumerable<string> Categories
        {
            get
            {
                yield return $"{Openssl} {_family} {_mode}";
                string nosalt = _salted ? "" : " -nosalt";
                yield return _kdf switch
                {
                    "pbkdf2" => $"{Openssl} -pbkdf2 -md {_md}{nosalt}",
                    "evp" => $"{Openssl} -md {_md}{nosalt} (EVP_BytesToKey)",
                    _ => $"{Openssl} -K -iv",
                };
                if (_mode == "ctr" && _iv is not null && _iv.All(b => b == 0xff) && _plaintext.Length > 16)
                {
                    yield return $"{Openssl} ctr, the counter wraps";
                }
            }
        }

        public static OpensslVector Parse(VectorRecord record)
        {
            // (aes|camellia)-(128|192|256)-(cbc|cfb|cfb8|ofb|ctr)
            string name = record.Text("cipher");
            string[] parts = name.Split('-');
            if (parts.Length != 3
                || !new[] { "aes", "camellia" }.Contains(parts[0], StringComparer.Ordinal)
                || !new[] { "128", "192", "256" }.Contains(parts[1], StringComparer.Ordinal)
                || !new[] { "cbc", "cfb", "cfb8", "ofb", "ctr" }.Contains(parts[2], StringComparer.Ordinal))
            {
                throw new VectorFormatException(
                    $"{record.Where}: cipher={name} is not (aes|camellia)-(128|192|256)-(cbc|cfb|cfb8|ofb|ctr)");
            }

            string family = parts[0], mode = parts[2];
            int keyBits = int.Parse(parts[1], CultureInfo.InvariantCulture);
            string kdf = OneOf(record, "kdf", "pbkdf2", "evp", "raw");
            byte[] plaintext = Bytes(record, "pt"), output = Bytes(record, "out");
            switch (kdf)
            {
                case "raw":
                    RequireFields(record, new[] { "cipher", "kdf", "key", "iv", "pt", "out" });
                    return new OpensslVector(family, keyBits, mode, kdf, null, 0, false, null,
                        Bytes(record, "key", keyBits / 8), Bytes(record, "iv", 16), plaintext, output);
                case "pbkdf2":
                    RequireFields(record, new[] { "cipher", "kdf", "md", "iter", "salted", "pass", "pt", "out" });
                    int iterations = record.Int("iter");
                    if (iterations <= 0)
                    {
                        throw new VectorFormatException($"{record.Where}: iter={iterations}");
                    }

                    string pbkdf2Md = OneOf(record, "md", "sha1", "sha256", "sha512");
                    bool pbkdf2Salted = OneOf(record, "salted", "yes", "no") == "yes";
                    return new OpensslVector(family, keyBits, mode, kdf, pbkdf2Md, iterations, pbkdf2Salted,
                        record.Text("pass"), null, null, plaintext, output);
                default:
                    RequireFields(record, new[] { "cipher", "kdf", "md", "salted", "pass", "pt", "out" });
                    string evpMd = OneOf(record, "md", "md5", "sha256");
                    bool salted = OneOf(record, "salted", "yes", "no") == "yes";
                    return new OpensslVector(family, keyBits, mode, kdf, evpMd, 0, salted, record.Text("pass"),
                        null, null, plaintext, output);
            }
        }

        public void Check(Failures.Vector check)
        {
            // "Salted__", the salt, the ciphertext; or the ciphertext alone (-nosalt, -K/-iv).
            byte[] salt = Array.Empty<byte>();
            byte[] header = Array.Empty<byte>();
            if (_salted)
            {
                if (_output.Length < 16 || !_output.AsSpan(0, 8).SequenceEqual(s_saltedMagic))
                {
                    check.True(false, "the output does not start with Salted__ and a salt");
                    return;
                }

                header = _output.AsSpan(0, 16).ToArray();
                salt = _output.AsSpan(8, 8).ToArray();
            }

            byte[] ciphertext = _output.AsSpan(header.Length).ToArray();
            byte[] password = _password is null ? Array.Empty<byte>() : Encoding.UTF8.GetBytes(_password);
            (byte[] key, byte[] iv) = _kdf switch
            {
                "pbkdf2" => OpensslKeyDerivation.Pbkdf2(
                    password, salt, _iterations, OpensslKeyDerivation.Digest(_md!), _keyBits / 8, 16),
                "evp" => OpensslKeyDerivation.EvpBytesToKey(
                    password, salt, OpensslKeyDerivation.Digest(_md!), _keyBits / 8, 16),
                _ => (_key!, _iv!),
            };

            using BlockCipherAlgorithm cipher = _family == "aes" ? RijndaelCipher.Create() : Camellia.Create();
            cipher.Key = key;
            switch (_mode)
            {
                case "cbc":
                    check.Equal(_output, Concat(header, cipher.EncryptCbc(_plaintext, iv, PaddingMode.PKCS7)),
                        "EncryptCbc, PKCS7 (with openssl's header)");
                    check.Equal(_plaintext, cipher.DecryptCbc(ciphertext, iv, PaddingMode.PKCS7), "DecryptCbc, PKCS7");
                    break;
                case "ctr":
                    check.Equal(_output, Concat(header, cipher.EncryptCtr(_plaintext, iv)),
                        "EncryptCtr (with openssl's header)");
                    check.Equal(_plaintext, cipher.DecryptCtr(ciphertext, iv), "DecryptCtr");
                    break;
                default:
                    // cfb is full-block CFB, cfb8 has 8-bit segments, ofb is full-block OFB: streams, any length.
                    CipherMode streamMode = _mode == "ofb" ? CipherMode.OFB : CipherMode.CFB;
                    int feedback = _mode == "cfb8" ? 8 : 128;
                    CheckStream(check, cipher, streamMode, feedback, key, iv, _plaintext, ciphertext);
                    break;
            }
        }

        private static byte[] Concat(byte[] first, byte[] second)
        {
            byte[] both = new byte[first.Length + second.Length];
            first.CopyTo(both, 0);
            second.CopyTo(both, first.Length);
            return both;
        }
    }

    // ---- shared ----

    /// <summary>
    /// CFB or OFB as a stream (no padding, the last segment truncated), both directions: the stream transforms over
    /// the whole input in one TransformFinalBlock, and again in two calls split inside a segment.
    /// </summary>
    private static void CheckStream(Failures.Vector check, BlockCipherAlgorithm cipher, CipherMode mode,
        int feedbackBits, byte[] key, byte[] iv, byte[] plaintext, byte[] ciphertext)
    {
        cipher.Mode = mode;
        cipher.FeedbackSize = feedbackBits;
        string name = $"{mode}{feedbackBits}";
        check.Equal(ciphertext, Run(cipher.CreateStreamEncryptor(key, iv), plaintext, split: false),
            $"CreateStreamEncryptor, {name}");
        check.Equal(plaintext, Run(cipher.CreateStreamDecryptor(key, iv), ciphertext, split: false),
            $"CreateStreamDecryptor, {name}");
        check.Equal(ciphertext, Run(cipher.CreateStreamEncryptor(key, iv), plaintext, split: true),
            $"CreateStreamEncryptor, {name}, in two calls");
        check.Equal(plaintext, Run(cipher.CreateStreamDecryptor(key, iv), ciphertext, split: true),
            $"CreateStreamDecryptor, {name}, in two calls");

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
                check.True(last.Length == input.Length - first,
                    $"{name}: TransformFinalBlock of {input.Length - first} bytes gave {last.Length}");
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

    /// <summary>Every mismatch of a run, so that one failure lists all the vectors that differ.</summary>
    internal sealed class Failures
    {
        private readonly List<string> _messages = new();

        public int Count => _messages.Count;

        public Vector At(string where) => new(this, where);

        /// <summary>Runs one vector's checks; an exception from the library is a failure of that vector.</summary>
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
            $"{_messages.Count} mismatches:{Environment.NewLine}"
            + string.Join(Environment.NewLine, _messages.Take(40)) +
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
                    _failures._messages.Add(
                        $"{_where}: {what}: expected {VectorFile.ToHex(expected)}, got {VectorFile.ToHex(actual)}");
                }
            }
        }
    }
}
