// What Vectors/camellia/camellia-kerberos-*.txt means (RFC 6803 section 10): the Camellia Kerberos enctypes rebuilt
// from CryptoCli's Camellia CBC-CS3, CMAC and SP800108CmacKdf. Key derivation is KDF-FEEDBACK-CMAC (RFC 6803
// section 3, NIST SP 800-108 feedback mode): K(0) = 0^128, K(i) = CMAC(base key, K(i-1) | i | constant | 0x00 | k),
// the key is the first k bits of K(1) | K(2) | ..., i and k (the key length in bits) as 32-bit big-endian integers;
// the constant is the key usage (32-bit big-endian) followed by 0x99 (Kc), 0xAA (Ke) or 0x55 (Ki). Encryption of P
// with confounder C is Camellia-CBC-CS3(Ke, IV 0, C | P) followed by CMAC(Ki, C | P); a checksum is CMAC(Kc, data).

using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;

namespace CryptoCli.VectorChecks;

/// <summary>
/// RFC 6803's sample results: the derived keys; every encryption example in both directions, its CBC-CS3 part through
/// every kernel the caller passes and through the public <see cref="Camellia"/> one-shots
/// (<c>EncryptCts</c>/<c>DecryptCts</c>)
/// and transform, the integrity tag verified on decryption; and the checksums.
/// </summary>
internal static class KerberosCamelliaChecks
{
    /// <summary>True for a NAME = value file whose records are Kerberos records (MODE = KRB5-...).</summary>
    public static bool IsKerberosFile(VectorFile file)
    {
        IReadOnlyList<VectorRecord> records = file.ReadBlocks();
        return records.Count > 0 && records[0].Has("MODE")
            && records[0].Text("MODE").StartsWith("KRB5-", StringComparison.Ordinal);
    }

    public static int CheckFile(VectorFile file, BlockKernels kernels)
    {
        int count = 0;
        foreach (VectorRecord record in file.ReadBlocks())
        {
            byte[] baseKey = record.Bytes("BASEKEY");
            uint usage = (uint)record.Int("USAGE");
            switch (record.Text("MODE"))
            {
                case "KRB5-KDF":
                    VectorCheck.Equal(record.Bytes("KC"), DeriveKey(baseKey, usage, 0x99), $"{record.Where}: Kc");
                    VectorCheck.Equal(record.Bytes("KE"), DeriveKey(baseKey, usage, 0xAA), $"{record.Where}: Ke");
                    VectorCheck.Equal(record.Bytes("KI"), DeriveKey(baseKey, usage, 0x55), $"{record.Where}: Ki");
                    break;
                case "KRB5-ENC":
                    CheckEncryption(record, baseKey, usage, kernels);
                    break;
                case "KRB5-CHECKSUM":
                    byte[] checksum = Cmac(DeriveKey(baseKey, usage, 0x99), record.Bytes("PT"));
                    VectorCheck.Equal(record.Bytes("CHECKSUM"), checksum, $"{record.Where}: checksum");
                    break;
                default:
                    throw new VectorFormatException(
                        $"{record.Where}: MODE {record.Text("MODE")} is none of KRB5-KDF, KRB5-ENC, KRB5-CHECKSUM");
            }

            count++;
        }

        return count;
    }

    private static void CheckEncryption(VectorRecord record, byte[] baseKey, uint usage, BlockKernels kernels)
    {
        byte[] ke = DeriveKey(baseKey, usage, 0xAA), ki = DeriveKey(baseKey, usage, 0x55);
        byte[] confounded = record.Bytes("CONFOUNDER").Concat(record.Bytes("PT")).ToArray();
        byte[] expected = record.Bytes("CT");
        VectorCheck.True(expected.Length == confounded.Length + 16,
            $"{record.Where}: CT is not the confounded plaintext plus a 16-byte tag");
        byte[] expectedCts = expected.AsSpan(0, confounded.Length).ToArray();
        byte[] tag = expected.AsSpan(confounded.Length).ToArray();
        byte[] iv = new byte[16];

        // Encryption: CBC-CS3 through every kernel and the public type, then the tag.
        foreach (BlockCipherKernel kernel in kernels(ke, 16))
        {
            using (kernel)
            {
                byte[] actual = new byte[confounded.Length];
                Cts.EncryptFinal(kernel, confounded, actual, (byte[])iv.Clone());
                VectorCheck.Equal(expectedCts, actual, $"{record.Where} ({kernel.Name} kernel): CBC-CS3 encryption");
                Cts.DecryptFinal(kernel, expectedCts, actual, (byte[])iv.Clone());
                VectorCheck.Equal(confounded, actual, $"{record.Where} ({kernel.Name} kernel): CBC-CS3 decryption");
            }
        }

        using Camellia camellia = Camellia.Create();
        camellia.Key = ke;
        byte[] ciphertext = camellia.EncryptCts(confounded, iv).Concat(Cmac(ki, confounded)).ToArray();
        VectorCheck.Equal(expected, ciphertext, $"{record.Where}: encryption (Camellia.EncryptCts, CMAC)");
        camellia.Mode = CipherMode.CTS;
        camellia.Padding = PaddingMode.None;
        using (ICryptoTransform encryptor = camellia.CreateEncryptor(ke, iv))
        {
            VectorCheck.Equal(expectedCts, encryptor.TransformFinalBlock(confounded, 0, confounded.Length),
                $"{record.Where}: CTS encryptor");
        }

        // Decryption: recover confounder and plaintext, and verify the tag over them.
        byte[] decrypted = camellia.DecryptCts(expectedCts, iv);
        VectorCheck.Equal(confounded, decrypted, $"{record.Where}: decryption (Camellia.DecryptCts)");
        using (ICryptoTransform decryptor = camellia.CreateDecryptor(ke, iv))
        {
            VectorCheck.Equal(confounded, decryptor.TransformFinalBlock(expectedCts, 0, expectedCts.Length),
                $"{record.Where}: CTS decryptor");
        }

        VectorCheck.Equal(tag, Cmac(ki, decrypted), $"{record.Where}: integrity tag of the decrypted data");
    }

    /// <summary>
    /// KDF-FEEDBACK-CMAC(baseKey, usage | suffix), as long as the base key (RFC 6803 section 3): the public
    /// <see cref="SP800108CmacKdf"/> in feedback mode with a 16-byte zero IV, the label usage | suffix, no context.
    /// </summary>
    internal static byte[] DeriveKey(byte[] baseKey, uint usage, byte suffix)
    {
        byte[] label = { (byte)(usage >> 24), (byte)(usage >> 16), (byte)(usage >> 8), (byte)usage, suffix };
        using Camellia camellia = Camellia.Create();
        camellia.Key = baseKey;
        byte[] key = new byte[baseKey.Length];
        SP800108CmacKdf.DeriveBytesFeedback(camellia, new byte[16], label, default, key);
        return key;
    }

    private static byte[] Cmac(byte[] key, byte[] data)
    {
        using Camellia camellia = Camellia.Create();
        camellia.Key = key;
        return BlockCipherCmac.HashData(camellia, data);
    }
}
