// Drives the `openssl enc` command line and writes one vector per line. Built with mcs and run with mono by
// tests/legacy/regenerate.sh; not part of CryptoCli.sln.
//
//   mono OpensslEncVectors.exe OUTFILE FAMILY COUNT "PRODUCER VERSION"
//
// FAMILY is aes or camellia. For each key size (128/192/256) and mode (cbc, cfb = full-block CFB, cfb8, ofb, ctr), COUNT
// vectors for each way of keying `openssl enc`: PBKDF2 (-pbkdf2 -iter N -md sha256), EVP_BytesToKey with -md md5 and with
// -md sha256 (no -pbkdf2; salted), -nosalt (EVP_BytesToKey with MD5 and PBKDF2 with SHA-256, alternately), and a raw key
// and IV (-K, -iv); per key size one PBKDF2 vector with SHA-1 and one with SHA-512 besides. Random passwords, keys, IVs
// and messages of varied lengths; some counter-mode IVs end in 0xff bytes or are all 0xff (the counter wraps). Every
// output is decrypted again by `openssl enc -d` before it is written.

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;

internal static class OpensslEncVectors
{
    private const string PasswordCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private static readonly RandomNumberGenerator s_random = RandomNumberGenerator.Create();

    private static readonly string[] s_modes = { "cbc", "cfb", "cfb8", "ofb", "ctr" };

    private static string s_work = "";

    private sealed class Keying
    {
        public string Kdf = "";     // pbkdf2, evp or raw
        public string Md = "";      // the -md digest (pbkdf2, evp)
        public int Iterations;      // pbkdf2
        public bool Salted;         // pbkdf2, evp
    }

    private static int Main(string[] args)
    {
        if (args.Length != 4 || (args[1] != "aes" && args[1] != "camellia"))
        {
            Console.Error.WriteLine("usage: OpensslEncVectors.exe OUTFILE aes|camellia COUNT \"PRODUCER VERSION\"");
            return 2;
        }

        string outFile = args[0], family = args[1], version = args[3];
        int count = int.Parse(args[2], CultureInfo.InvariantCulture);
        s_work = Path.Combine(Path.GetTempPath(), "openssl-enc-vectors-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(s_work);
        try
        {
            var lines = new List<string>();
            foreach (int keyBits in new[] { 128, 192, 256 })
            {
                foreach (string mode in s_modes)
                {
                    string cipher = family + "-" + keyBits + "-" + mode;
                    for (int i = 0; i < count; i++)
                    {
                        lines.Add(Vector(cipher, new Keying { Kdf = "pbkdf2", Md = "sha256", Iterations = Iterations(i), Salted = true }, i));
                        lines.Add(Vector(cipher, new Keying { Kdf = "evp", Md = "md5", Salted = true }, i));
                        lines.Add(Vector(cipher, new Keying { Kdf = "evp", Md = "sha256", Salted = true }, i));
                        lines.Add(Vector(cipher, i % 2 == 0
                            ? new Keying { Kdf = "evp", Md = "md5", Salted = false }
                            : new Keying { Kdf = "pbkdf2", Md = "sha256", Iterations = Iterations(i), Salted = false }, i));
                        lines.Add(Vector(cipher, new Keying { Kdf = "raw" }, i));
                    }
                }

                lines.Add(Vector(family + "-" + keyBits + "-" + s_modes[RandomInt(s_modes.Length)], new Keying { Kdf = "pbkdf2", Md = "sha1", Iterations = Iterations(RandomInt(8)), Salted = true }, 0));
                lines.Add(Vector(family + "-" + keyBits + "-" + s_modes[RandomInt(s_modes.Length)], new Keying { Kdf = "pbkdf2", Md = "sha512", Iterations = Iterations(RandomInt(8)), Salted = true }, 0));
            }

            using (var writer = new StreamWriter(outFile, false, new UTF8Encoding(false)))
            {
                writer.NewLine = "\n";
                writer.WriteLine("# openssl enc vectors, " + (family == "aes" ? "AES" : "Camellia") + ": written by the `openssl enc` command line");
                writer.WriteLine("# producer: " + version);
                writer.WriteLine("# generator: tests/legacy/openssl/OpensslEncVectors.cs (tests/legacy/regenerate.sh); random passwords, keys, IVs, messages");
                writer.WriteLine("# format: one vector a line: openssl cipher=NAME-BITS-MODE kdf=pbkdf2|evp|raw [md=DIGEST] [iter=N] [salted=yes|no]");
                writer.WriteLine("#   [pass=TEXT] [key=HEX iv=HEX] pt=HEX out=HEX");
                writer.WriteLine("#   MODE: cbc (PKCS#7 padding), cfb (full-block CFB), cfb8, ofb, ctr (128-bit big-endian counter); no padding but cbc.");
                writer.WriteLine("#   kdf=pbkdf2: `openssl enc -pbkdf2 -iter N -md DIGEST -pass pass:TEXT`, key and IV = PBKDF2-HMAC-DIGEST(TEXT, salt, N).");
                writer.WriteLine("#   kdf=evp: `openssl enc -md DIGEST -pass pass:TEXT`, key and IV = EVP_BytesToKey(DIGEST, TEXT, salt, one iteration).");
                writer.WriteLine("#   salted=yes: out is \"Salted__\", the 8-byte salt openssl chose, then the ciphertext; salted=no (-nosalt): out is");
                writer.WriteLine("#   the ciphertext and the salt is empty. kdf=raw: `openssl enc -K key -iv iv`, out is the ciphertext.");
                writer.WriteLine("# vectors: " + lines.Count);
                foreach (string line in lines)
                {
                    writer.WriteLine(line);
                }
            }

            Console.WriteLine(outFile + ": " + lines.Count + " vectors");
            return 0;
        }
        finally
        {
            Directory.Delete(s_work, true);
        }
    }

    // openssl's default (10000), one iteration, and others.
    private static int Iterations(int index)
    {
        switch (index % 4)
        {
            case 0: return 10000;
            case 1: return 1;
            case 2: return 1000;
            default: return 2 + RandomInt(3000);
        }
    }

    private static string Vector(string cipher, Keying keying, int index)
    {
        int keyBytes = int.Parse(cipher.Split('-')[1], CultureInfo.InvariantCulture) / 8;
        bool ctr = cipher.EndsWith("-ctr", StringComparison.Ordinal);
        int length;
        switch (index % 5)
        {
            case 0: length = RandomInt(60); break;
            case 1: length = 16 * (1 + RandomInt(3)); break;
            case 2: length = 16 * (1 + RandomInt(3)) - 1; break;
            case 3: length = index < 5 ? 0 : 1 + RandomInt(16); break;
            default: length = 33 + RandomInt(40); break;
        }

        byte[] plaintext = Random(length);
        var options = new List<string> { "-" + cipher };
        var line = new StringBuilder("openssl cipher=" + cipher + " kdf=" + keying.Kdf);
        if (keying.Kdf == "raw")
        {
            byte[] key = Random(keyBytes), iv = Random(16);
            if (ctr && index % 3 == 1)
            {
                int ones = 1 + RandomInt(4);
                for (int i = 16 - ones; i < 16; i++)
                {
                    iv[i] = 0xff;
                }

                length = 17 + RandomInt(48);
                plaintext = Random(length);
            }
            else if (ctr && index == 2)
            {
                iv = Enumerable.Repeat((byte)0xff, 16).ToArray();
                length = 17 + RandomInt(48);
                plaintext = Random(length);
            }

            options.AddRange(new[] { "-K", Hex(key), "-iv", Hex(iv) });
            line.Append(" key=").Append(Hex(key)).Append(" iv=").Append(Hex(iv));
        }
        else
        {
            string password = new string(Random(1 + RandomInt(24)).Select(b => PasswordCharacters[b % PasswordCharacters.Length]).ToArray());
            if (keying.Kdf == "pbkdf2")
            {
                options.AddRange(new[] { "-pbkdf2", "-iter", keying.Iterations.ToString(CultureInfo.InvariantCulture) });
            }

            options.AddRange(new[] { "-md", keying.Md });
            if (!keying.Salted)
            {
                options.Add("-nosalt");
            }

            options.AddRange(new[] { "-pass", "pass:" + password });
            line.Append(" md=").Append(keying.Md);
            if (keying.Kdf == "pbkdf2")
            {
                line.Append(" iter=").Append(keying.Iterations);
            }

            line.Append(" salted=").Append(keying.Salted ? "yes" : "no");
            line.Append(" pass=").Append(password);
        }

        byte[] output = Openssl("-e", options, plaintext);
        byte[] decrypted = Openssl("-d", options, output);
        if (!decrypted.SequenceEqual(plaintext))
        {
            throw new InvalidOperationException("openssl enc -d did not decrypt its own output: " + string.Join(" ", options));
        }

        line.Append(" pt=").Append(Hex(plaintext));
        line.Append(" out=").Append(Hex(output));
        return line.ToString();
    }

    private static byte[] Openssl(string direction, List<string> options, byte[] input)
    {
        string inFile = Path.Combine(s_work, "in"), outFile = Path.Combine(s_work, "out");
        File.WriteAllBytes(inFile, input);
        File.Delete(outFile);
        var start = new ProcessStartInfo("openssl")
        {
            Arguments = "enc " + direction + " " + string.Join(" ", options) + " -in " + inFile + " -out " + outFile,
            UseShellExecute = false,
            RedirectStandardError = true,
        };
        using (Process process = Process.Start(start))
        {
            string errors = process.StandardError.ReadToEnd();
            process.WaitForExit();
            if (process.ExitCode != 0)
            {
                throw new InvalidOperationException("openssl " + start.Arguments + " failed (" + process.ExitCode + "): " + errors);
            }
        }

        return File.ReadAllBytes(outFile);
    }

    private static byte[] Random(int length)
    {
        byte[] bytes = new byte[length];
        s_random.GetBytes(bytes);
        return bytes;
    }

    private static int RandomInt(int bound)
    {
        return (int)(BitConverter.ToUInt32(Random(4), 0) % (uint)bound);
    }

    private static string Hex(byte[] bytes)
    {
        var text = new StringBuilder(bytes.Length * 2);
        foreach (byte b in bytes)
        {
            text.Append(b.ToString("x2", CultureInfo.InvariantCulture));
        }

        return text.ToString();
    }
}
