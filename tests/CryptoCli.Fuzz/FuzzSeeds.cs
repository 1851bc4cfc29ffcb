using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;

namespace CryptoCli.Fuzz;

/// <summary>
/// The starting corpora: for every target a few inputs that decode to valid calls (real keys, ciphertexts, tags,
/// signatures, divisors), so that the fuzzer starts on the success paths and mutates from there.
/// </summary>
internal static class FuzzSeeds
{
    public static void Write(string directory)
    {
        foreach ((string target, IEnumerable<byte[]> seeds) in All())
        {
            string folder = Path.Combine(directory, target);
            Directory.CreateDirectory(folder);
            int i = 0;
            foreach (byte[] seed in seeds)
            {
                File.WriteAllBytes(Path.Combine(folder, $"seed-{i++:D2}"), seed);
            }
        }
    }

    private static IEnumerable<(string, IEnumerable<byte[]>)> All() =>
    [
        ("EcdsaImport", EcdsaImport()),
        ("EcdsaVerify", EcdsaVerify()),
        ("KeyWrap", KeyWrap()),
        ("AeadDecrypt", AeadDecrypt()),
        ("CryptoStreamDecrypt", CryptoStreamDecrypt()),
        ("Ctr", Ctr()),
        ("Genus3Parse", Genus3Parse()),
        ("XtsDecrypt", XtsDecrypt()),
        ("CmacKdf", CmacKdf()),
    ];

    private static byte[] Cat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();

    private static byte[] B(params int[] values) => values.Select(v => (byte)v).ToArray();

    private static byte[] Pattern(int length, int start = 0) =>
        Enumerable.Range(start, length).Select(i => (byte)(i * 7 + 3)).ToArray();

    private static byte[] Prefixed(byte[] bytes) => Cat(B(bytes.Length), bytes);

    private static IEnumerable<byte[]> EcdsaImport()
    {
        byte[] d = Pattern(24);
        using var key = new ECDsaSecp192r1(new ECParameters { Curve = ECDsaSecp192r1.Curve, D = d });
        ECParameters p = key.ExportParameters(true);
        yield return Cat(B(0), Encoding.ASCII.GetBytes(key.ExportSubjectPublicKeyInfoPem()));
        yield return Cat(B(0), Encoding.ASCII.GetBytes(key.ExportPkcs8PrivateKeyPem()));
        yield return Cat(B(1), key.ExportSubjectPublicKeyInfo());
        yield return Cat(B(2), key.ExportPkcs8PrivateKey());
        var pbe = new PbeParameters(PbeEncryptionAlgorithm.Aes128Cbc, HashAlgorithmName.SHA256, 1);
        yield return Cat(B(3), key.ExportEncryptedPkcs8PrivateKey("fuzz"u8, pbe));
        yield return Cat(B(4), key.ExportECPrivateKey());
        yield return Cat(B(5, 0), Prefixed(p.Q.X!), Prefixed(p.Q.Y!), Prefixed(p.D!));
        yield return Cat(B(5, 0), Prefixed(p.Q.X!), Prefixed(p.Q.Y!), B(0));
        yield return Cat(B(5, 3), B(0), B(0), Prefixed(p.D!));
    }

    private static IEnumerable<byte[]> EcdsaVerify()
    {
        byte[] hash = SHA256.HashData("seed"u8);
        yield return Cat(B(0x80, 0), Prefixed(hash));
        yield return Cat(B(0x81, 0), Prefixed(hash.AsSpan(0, 24).ToArray()));
        yield return Cat(B(0x82, 1), Prefixed(Pattern(40)));
        yield return Cat(B(0x83, 2), Prefixed(Pattern(5)));
        yield return Cat(B(0, 0), Prefixed(hash), Pattern(48));
        yield return Cat(B(1, 0), Prefixed(hash), B(0x30, 6, 2, 1, 1, 2, 1, 1));
    }

    private static IEnumerable<byte[]> KeyWrap()
    {
        for (int c = 0; c < 5; c++)
        {
            using BlockCipherAlgorithm cipher = FuzzCiphers.Create((byte)c);
            byte[] key = Pattern(16, c);
            cipher.Key = key;
            yield return Cat(B(c, 0), key, B(0, 0), cipher.EncryptKeyWrap(Pattern(24)));
            yield return Cat(B(c, 0), key, B(1, 0), cipher.EncryptKeyWrapPadded(Pattern(5 + c)));
        }

        using BlockCipherAlgorithm aes = FuzzCiphers.Create(0);
        aes.Key = Pattern(32);
        yield return Cat(B(0, 2), Pattern(32), B(2, 0), aes.EncryptKeyWrap(Pattern(16)));
        yield return Cat(B(0, 2), Pattern(32), B(3, 0xF8), aes.EncryptKeyWrapPadded(Pattern(20)));
    }

    private static IEnumerable<byte[]> AeadDecrypt()
    {
        byte[] key = Pattern(16);
        for (int mode = 0; mode < 4; mode++)
        {
            int tagSize = mode == 2 ? 12 : 16;
            byte[] nonce = Pattern(mode == 2 ? 11 : 12, 1);
            byte[] aad = Pattern(mode, 2);
            byte[] plaintext = Pattern(37 + mode, 3);
            yield return Cat(B(0x80 | mode, 0, 0), key, B(tagSize), Prefixed(nonce), Prefixed(aad),
                Prefixed(new byte[tagSize]), B(15), plaintext);

            // A genuine ciphertext and tag to decrypt.
            using BlockCipherAlgorithm cipher = FuzzCiphers.Create(0);
            cipher.Key = key;
            byte[] ciphertext = new byte[plaintext.Length];
            byte[] tag = new byte[tagSize];
            switch (mode)
            {
                case 0:
                case 1:
                    using (var gcm = new BlockCipherGcm(cipher, tagSize))
                    {
                        gcm.Encrypt(nonce, plaintext, ciphertext, tag, aad);
                    }

                    break;
                case 2:
                    using (var ccm = new BlockCipherCcm(cipher))
                    {
                        ccm.Encrypt(nonce, plaintext, ciphertext, tag, aad);
                    }

                    break;
                default:
                    using (var ocb = new BlockCipherOcb(cipher, tagSize))
                    {
                        ocb.Encrypt(nonce, plaintext, ciphertext, tag, aad);
                    }

                    break;
            }

            yield return Cat(B(mode, 0, 0), key, B(tagSize), Prefixed(nonce), Prefixed(aad), Prefixed(tag), B(7),
                ciphertext);
        }
    }

    private static IEnumerable<byte[]> CryptoStreamDecrypt()
    {
        byte[] key = Pattern(16);
        byte[] iv = Pattern(16, 5);
        for (int mode = 0; mode < 5; mode++)
        {
            for (int padding = 0; padding < (mode == 4 ? 1 : 2); padding++)
            {
                using BlockCipherAlgorithm cipher = FuzzCiphers.Create(0);
                cipher.Key = key;
                cipher.IV = iv;
                cipher.Mode = (CipherMode)(mode + 1);
                cipher.Padding = padding == 0 ? PaddingMode.None : PaddingMode.PKCS7;
                cipher.FeedbackSize = 128;
                byte[] plaintext = Pattern(mode == 4 || padding == 1 ? 37 : 48);
                byte[] ciphertext;
                using (ICryptoTransform encryptor = cipher.CreateEncryptor())
                {
                    ciphertext = encryptor.TransformFinalBlock(plaintext, 0, plaintext.Length);
                }

                yield return Cat(B(0, 0, 0, mode, padding, 15, 9, 20), key, iv, ciphertext);
            }
        }

        yield return Cat(B(0, 0, 4, 0x80 + 2, 0, 0, 7, 3), Pattern(16), Pattern(32), Pattern(50));
        yield return Cat(B(1, 1, 0, 2, 1, 0, 1, 200), Pattern(24), Pattern(16), Pattern(33));
    }

    private static IEnumerable<byte[]> Ctr()
    {
        byte[] wrapping = Enumerable.Repeat((byte)0xFF, 15).Append((byte)0xFE).ToArray();
        yield return Cat(B(0, 0, 0, 0, 2, 16, 33), Pattern(16), wrapping, Pattern(100));
        yield return Cat(B(0, 2, 4, 3, 3, 32, 0, 64), Pattern(32), Pattern(32), Pattern(200));
        yield return Cat(B(1, 1, 0, 1, 1, 7), Pattern(24), Pattern(16), Pattern(20));
        yield return Cat(B(4, 0, 0, 0, 0), Pattern(16), Pattern(16), Pattern(129));
    }

    private static IEnumerable<byte[]> Genus3Parse()
    {
        // A degree-3 divisor from tests/CryptoCli.Tests/Vectors/hecc/hecc-g3.txt, its double and its negation.
        const string Divisor = "{\"u\":[[1444510250,5877950],[1111492206,1653702001],[1456522947,1126515292],[1,0]],"
            + "\"v\":[[708667916,278220319],[180341719,264897678],[93375004,1511622034]]}";
        Genus3Divisor d = Genus3Divisor.Parse(Divisor);
        yield return "{\"u\":[[1,0]],\"v\":[]}"u8.ToArray();
        yield return Encoding.ASCII.GetBytes(Divisor);
        yield return Encoding.ASCII.GetBytes(Genus3Curve.Twice(d).ToString());
        yield return Encoding.ASCII.GetBytes((-d).ToString());
        yield return "{\"u\":[[5,0],[1,0]],\"v\":[[7,3]]}"u8.ToArray();
    }

    private static IEnumerable<byte[]> XtsDecrypt()
    {
        for (int op = 0; op < 3; op++)
        {
            yield return Cat(B(0, 0, op), Pattern(32), Pattern(16, 9), B(0, 32), Pattern(64 + (op * 7)));
        }

        yield return Cat(B(1, 2, 0), Pattern(64), Pattern(16), B(0, 16), Pattern(17));
    }

    private static IEnumerable<byte[]> CmacKdf()
    {
        yield return Cat(B(0, 0), Pattern(16), B(0, 0, 32), Prefixed(Pattern(5)), Prefixed(Pattern(9)), B(0));
        yield return Cat(B(0, 2), Pattern(32), B(1, 0, 40), Prefixed(Pattern(3)), Prefixed(Pattern(4)),
            Prefixed(Pattern(16)));
        yield return Cat(B(2, 0), Pattern(16), B(3, 0, 17), Prefixed(Pattern(3)), Prefixed(Pattern(4)),
            Prefixed(Pattern(16)));

        // The fixed-input forms (operation bit 2; bits 3 and up pick counter, feedback or double-pipeline mode) with
        // an 8-bit counter after the fixed input, a 32-bit one before it, and a 16-bit one before the iteration
        // variable.
        yield return Cat(B(0, 0), Pattern(16), B(4, 0, 48), Prefixed(Pattern(20)), Prefixed(Pattern(7)), B(0), B(8, 1));
        yield return Cat(B(0, 0), Pattern(16), B(12, 0, 33), Prefixed(Pattern(20)), Prefixed(Pattern(7)),
            Prefixed(Pattern(16)), B(32, 0));
        yield return Cat(B(0, 0), Pattern(16), B(22, 0, 70), Prefixed(Pattern(20)), Prefixed(Pattern(7)), B(0),
            B(16, 2));
    }
}
