// What Vectors/gcm, Vectors/cmac and Vectors/keywrap mean: NIST CAVP GCM response files (gcmEncryptExtIV*, gcmDecrypt*,
// with FAIL records), other published GCM vectors in the same layout (Mbed TLS's selection of NIST's AES-GCM validation
// vectors for 192- and 256-bit keys, the Camellia-GCM examples of draft-kato-ipsec-camellia-gcm in camellia-* files),
// Wycheproof tests converted to one "name=value" line per test (aes_gcm, aes_cmac, camellia_cmac, aes_wrap, aes_kwp,
// camellia_wrap), and the RFC 4493 / SP 800-38B, RFC 3394, RFC 5649 and RFC 3657 examples. Plain C# shared by the xunit
// suite (every block-cipher kernel and every GHASH kernel) and the Mono runner (the portable ones).

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Security.Cryptography;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Vectors/gcm: every CAVP record and every Wycheproof test through <see cref="BlockCipherGcm"/> on every AES kernel and
/// every GHASH kernel the caller passes, and through the public constructor over <see cref="RijndaelCipher"/>; the
/// camellia-* files the same way over the Camellia kernels and <see cref="Camellia"/>.
/// Encryption must give the ciphertext and tag; decryption the plaintext, or for FAIL and invalid records an exception
/// with the plaintext destination zeroed.
/// </summary>
internal sealed class GcmVectorChecks : VectorFamilyCheck
{
    private readonly Func<byte[], IEnumerable<BlockCipherKernel>> _aesKernels;
    private readonly Func<byte[], IEnumerable<BlockCipherKernel>> _camelliaKernels;
    private readonly IReadOnlyList<Func<byte[], GHashKernel>> _ghashKernels;

    public GcmVectorChecks(
        Func<byte[], IEnumerable<BlockCipherKernel>> aesKernels,
        Func<byte[], IEnumerable<BlockCipherKernel>> camelliaKernels,
        IReadOnlyList<Func<byte[], GHashKernel>> ghashKernels)
        : base("gcm")
    {
        _aesKernels = aesKernels;
        _camelliaKernels = camelliaKernels;
        _ghashKernels = ghashKernels;
    }

    public override int CheckFile(VectorFile file)
    {
        if (file.Name.StartsWith("wycheproof", StringComparison.Ordinal))
        {
            return CheckWycheproof(file);
        }

        bool camellia = file.Name.StartsWith("camellia-", StringComparison.Ordinal);
        return CheckCavp(file, camellia ? _camelliaKernels : _aesKernels, camellia ? Camellia.Create : RijndaelCipher.Create);
    }

    /// <summary>
    /// Every GCM instance for a key, then the public type; each is disposed by the caller. With
    /// <paramref name="everyPair"/> (the Wycheproof file: its edge cases) every pair of block-cipher kernel and GHASH
    /// kernel; otherwise (the large CAVP files) each block-cipher kernel and each GHASH kernel at least once, paired
    /// round-robin: the two halves are independent, and the cross product over thousands of records tripled the time.
    /// </summary>
    private IEnumerable<(string Name, BlockCipherGcm Gcm)> Instances(
        byte[] key, int tagBytes, Func<byte[], IEnumerable<BlockCipherKernel>> kernels, Func<BlockCipherAlgorithm> createCipher, bool everyPair)
    {
        bool shortTag = tagBytes < 12;
        if (everyPair)
        {
            foreach (Func<byte[], GHashKernel> ghash in _ghashKernels)
            {
                foreach (BlockCipherKernel kernel in kernels(key))
                {
                    var gcm = new BlockCipherGcm(kernel, ghash, tagBytes, shortTag);
                    yield return ($"{kernel.Name}+{gcm.GHashKernelName}", gcm);
                }
            }
        }
        else
        {
            var cipherKernels = new List<BlockCipherKernel>(kernels(key));
            int pairs = Math.Max(cipherKernels.Count, _ghashKernels.Count);
            for (int i = 0; i < pairs; i++)
            {
                // More GHASH kernels than block-cipher kernels: a fresh block-cipher kernel for each extra pair.
                BlockCipherKernel kernel = i < cipherKernels.Count ? cipherKernels[i] : Fresh(i % cipherKernels.Count);
                var gcm = new BlockCipherGcm(kernel, _ghashKernels[i % _ghashKernels.Count], tagBytes, shortTag);
                yield return ($"{kernel.Name}+{gcm.GHashKernelName}", gcm);
            }
        }

        BlockCipherKernel Fresh(int index)
        {
            BlockCipherKernel? chosen = null;
            int j = 0;
            foreach (BlockCipherKernel candidate in kernels(key))
            {
                if (j++ == index)
                {
                    chosen = candidate;
                }
                else
                {
                    candidate.Dispose();
                }
            }

            return chosen!;
        }

        using BlockCipherAlgorithm cipher = createCipher();
        cipher.Key = key;
        yield return ("public type", new BlockCipherGcm(cipher, tagBytes, shortTag));
    }

    private int CheckCavp(VectorFile file, Func<byte[], IEnumerable<BlockCipherKernel>> kernels, Func<BlockCipherAlgorithm> createCipher)
    {
        bool decryptFile = file.Name.Contains("gcmDecrypt");
        int tagBits = 0;
        int count = 0;
        Dictionary<string, string>? record = null;
        VectorLine start = default;
        foreach (VectorLine line in file.Lines)
        {
            string text = line.Text;
            if (text.StartsWith('['))
            {
                Flush(); // a section header ends the last record of the previous section
                if (text.StartsWith("[Taglen = ", StringComparison.Ordinal))
                {
                    tagBits = int.Parse(text.Split('=')[1].Trim(' ', ']'), CultureInfo.InvariantCulture);
                }

                continue;
            }

            if (text.StartsWith("Count = ", StringComparison.Ordinal))
            {
                Flush();
                record = new Dictionary<string, string>(StringComparer.Ordinal);
                start = line;
                continue;
            }

            if (record is null || text.Length == 0)
            {
                continue;
            }

            if (text == "FAIL")
            {
                record["FAIL"] = "";
                continue;
            }

            int equals = text.IndexOf('=');
            if (equals <= 0)
            {
                throw file.Error(line, "expected NAME = value");
            }

            record[text.Substring(0, equals).Trim()] = text.Substring(equals + 1).Trim();
        }

        Flush();
        return count > 0 ? count : throw new VectorFormatException($"{file.Name}: no vector found");

        void Flush()
        {
            if (record is null)
            {
                return;
            }

            string where = file.Where(start);
            byte[] Field(string name) =>
                record.TryGetValue(name, out string? value) ? VectorFile.Hex(value) : throw new VectorFormatException($"{where}: field {name} is missing");

            byte[] key = Field("Key"), iv = Field("IV"), ct = Field("CT"), aad = Field("AAD"), tag = Field("Tag");
            VectorCheck.True(tag.Length * 8 == tagBits, $"{where}: Tag does not match Taglen {tagBits}");
            bool fail = record.ContainsKey("FAIL");
            byte[]? pt = fail ? null : Field("PT");
            if (decryptFile)
            {
                CheckDecrypt(where, key, iv, ct, aad, tag, pt, kernels, createCipher, everyPair: false);
            }
            else
            {
                VectorCheck.False(fail, $"{where}: FAIL in an encryption file");
                CheckEncryptDecrypt(where, key, iv, pt!, aad, ct, tag, kernels, createCipher, everyPair: false);
            }

            count++;
            record = null;
        }
    }

    private int CheckWycheproof(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord r in file.ReadTokenLines())
        {
            byte[] key = r.Bytes("key"), iv = r.Bytes("iv"), aad = r.Bytes("aad"), msg = r.Bytes("msg"), ct = r.Bytes("ct"), tag = r.Bytes("tag");
            string result = r.Text("result");
            VectorCheck.True(r.Int("tagSize") == tag.Length * 8 || result == "invalid", $"{r.Where}: tagSize does not match tag");
            if (result == "valid")
            {
                CheckEncryptDecrypt(r.Where, key, iv, msg, aad, ct, tag);
            }
            else if (iv.Length == 0)
            {
                // An empty nonce is rejected before anything else.
                using var aes = RijndaelCipher.Create();
                aes.Key = key;
                using var gcm = new BlockCipherGcm(aes, tag.Length);
                byte[] output = new byte[ct.Length];
                VectorCheck.True(Throws<ArgumentException>(() => gcm.Decrypt(iv, ct, tag, output, aad)), $"{r.Where}: empty nonce accepted");
            }
            else
            {
                CheckDecrypt(r.Where, key, iv, ct, aad, tag, null);
            }

            count++;
        }

        return count;
    }

    private void CheckEncryptDecrypt(string where, byte[] key, byte[] iv, byte[] pt, byte[] aad, byte[] ct, byte[] tag) =>
        CheckEncryptDecrypt(where, key, iv, pt, aad, ct, tag, _aesKernels, RijndaelCipher.Create, everyPair: true);

    private void CheckEncryptDecrypt(
        string where, byte[] key, byte[] iv, byte[] pt, byte[] aad, byte[] ct, byte[] tag,
        Func<byte[], IEnumerable<BlockCipherKernel>> kernels, Func<BlockCipherAlgorithm> createCipher, bool everyPair)
    {
        foreach ((string name, BlockCipherGcm gcm) in Instances(key, tag.Length, kernels, createCipher, everyPair))
        {
            using (gcm)
            {
                byte[] actualCt = new byte[pt.Length], actualTag = new byte[tag.Length];
                gcm.Encrypt(iv, pt, actualCt, actualTag, aad);
                VectorCheck.Equal(ct, actualCt, $"{where} ({name}): ciphertext");
                VectorCheck.Equal(tag, actualTag, $"{where} ({name}): tag");
                byte[] actualPt = new byte[ct.Length];
                gcm.Decrypt(iv, ct, tag, actualPt, aad);
                VectorCheck.Equal(pt, actualPt, $"{where} ({name}): decryption");
            }
        }
    }

    /// <summary>Decryption must give <paramref name="pt"/>, or when it is null throw with the destination zeroed.</summary>
    private void CheckDecrypt(string where, byte[] key, byte[] iv, byte[] ct, byte[] aad, byte[] tag, byte[]? pt) =>
        CheckDecrypt(where, key, iv, ct, aad, tag, pt, _aesKernels, RijndaelCipher.Create, everyPair: true);

    private void CheckDecrypt(
        string where, byte[] key, byte[] iv, byte[] ct, byte[] aad, byte[] tag, byte[]? pt,
        Func<byte[], IEnumerable<BlockCipherKernel>> kernels, Func<BlockCipherAlgorithm> createCipher, bool everyPair)
    {
        foreach ((string name, BlockCipherGcm gcm) in Instances(key, tag.Length, kernels, createCipher, everyPair))
        {
            using (gcm)
            {
                byte[] actual = new byte[ct.Length];
                if (pt is not null)
                {
                    gcm.Decrypt(iv, ct, tag, actual, aad);
                    VectorCheck.Equal(pt, actual, $"{where} ({name}): decryption");
                    continue;
                }

                for (int i = 0; i < actual.Length; i++)
                {
                    actual[i] = 0x5A;
                }

                VectorCheck.True(Throws<CryptographicException>(() => gcm.Decrypt(iv, ct, tag, actual, aad)), $"{where} ({name}): a bad tag was accepted");
                VectorCheck.True(Array.TrueForAll(actual, b => b == 0), $"{where} ({name}): the plaintext destination was not zeroed");
            }
        }
    }

    internal static bool Throws<TException>(Action action)
        where TException : Exception
    {
        try
        {
            action();
            return false;
        }
        catch (TException)
        {
            return true;
        }
    }
}

/// <summary>
/// Vectors/cmac: the RFC 4493 / SP 800-38B examples and Wycheproof's AES-CMAC and Camellia-CMAC tests, through
/// <see cref="BlockCipherCmac"/>'s static one-shot and the instance API fed in two uneven chunks. A Wycheproof test is
/// valid when the (possibly truncated) MAC matches; invalid tests must mismatch or be rejected (bad key sizes).
/// </summary>
internal sealed class CmacVectorChecks : VectorFamilyCheck
{

    public CmacVectorChecks()
        : base("cmac")
    {
    }

    public override int CheckFile(VectorFile file)
    {
        bool wycheproof = file.Name.StartsWith("wycheproof", StringComparison.Ordinal);
        string? fileCipher = wycheproof ? (file.Name.Contains("camellia") ? "camellia" : "aes") : null;
        int count = 0;
        foreach (VectorRecord r in file.ReadTokenLines())
        {
            string cipherName = fileCipher ?? r.Text("cipher");
            byte[] key = r.Bytes("key"), msg = r.Bytes("msg"), tag = r.Bytes("tag");
            bool valid = !wycheproof || r.Text("result") == "valid";
            byte[]? mac = Compute(cipherName, key, msg, r.Where);
            if (valid)
            {
                VectorCheck.True(mac is not null, $"{r.Where}: the key was rejected");
                VectorCheck.Equal(tag, mac.AsSpan(0, tag.Length), $"{r.Where}: MAC");
            }
            else
            {
                VectorCheck.True(mac is null || !mac.AsSpan().SequenceEqual(tag), $"{r.Where}: an invalid test verified");
            }

            count++;
        }

        return count;
    }

    /// <summary>The MAC by the one-shot and by the instance (which must agree), or null when the key size is rejected.</summary>
    private static byte[]? Compute(string cipherName, byte[] key, byte[] msg, string where)
    {
        if (key.Length is not (16 or 24 or 32))
        {
            return null; // AES and Camellia keys only (RijndaelCipher would also take 160- and 224-bit keys)
        }

        using BlockCipherAlgorithm cipher = KeyWrapVectorChecks.CreateCipher(cipherName, where);
        try
        {
            cipher.Key = key;
        }
        catch (CryptographicException)
        {
            return null;
        }

        byte[] oneShot = BlockCipherCmac.HashData(cipher, msg);
        using var cmac = new BlockCipherCmac(cipher);
        int split = msg.Length / 3;
        cmac.TransformBlock(msg, 0, split, null, 0);
        cmac.TransformFinalBlock(msg, split, msg.Length - split);
        VectorCheck.Equal(oneShot, cmac.Hash, $"{where}: instance in two chunks vs one-shot");
        return oneShot;
    }
}

/// <summary>
/// Vectors/keywrap: RFC 3394, RFC 5649 and RFC 3657 examples and Wycheproof's AES-KW, AES-KWP and Camellia-KW tests, on
/// the public key-wrap methods of <see cref="RijndaelCipher"/> and <see cref="Camellia"/>: valid tests wrap to the
/// expected bytes and unwrap back; invalid ones fail to unwrap (an exception, nothing returned); acceptable ones (8-byte
/// keys, which RFC 3394 does not wrap) either round-trip exactly or are rejected.
/// </summary>
internal sealed class KeyWrapVectorChecks : VectorFamilyCheck
{

    public KeyWrapVectorChecks()
        : base("keywrap")
    {
    }

    internal static BlockCipherAlgorithm CreateCipher(string name, string where) => name switch
    {
        "aes" => RijndaelCipher.Create(),
        "camellia" => Camellia.Create(),
        _ => throw new VectorFormatException($"{where}: unknown cipher {name}"),
    };

    public override int CheckFile(VectorFile file)
    {
        bool wycheproof = file.Name.StartsWith("wycheproof", StringComparison.Ordinal);
        int count = 0;
        foreach (VectorRecord r in file.ReadTokenLines())
        {
            string cipherName = wycheproof ? (file.Name.Contains("camellia") ? "camellia" : "aes") : r.Text("cipher");
            bool padded = wycheproof ? file.Name.EndsWith("-kwp.txt", StringComparison.Ordinal) : r.Text("padded") == "true";
            byte[] kek = wycheproof ? r.Bytes("key") : r.Bytes("kek");
            byte[] key = wycheproof ? r.Bytes("msg") : r.Bytes("key");
            byte[] wrapped = wycheproof ? r.Bytes("ct") : r.Bytes("wrapped");
            string result = wycheproof ? r.Text("result") : "valid";
            using BlockCipherAlgorithm cipher = CreateCipher(cipherName, r.Where);
            cipher.Key = kek;
            string what = $"{r.Where} ({cipherName} {(padded ? "KWP" : "KW")})";

            byte[]? unwrapped = null;
            Exception? unwrapError = null;
            try
            {
                unwrapped = padded ? cipher.DecryptKeyWrapPadded(wrapped) : cipher.DecryptKeyWrap(wrapped);
            }
            catch (Exception e) when (e is CryptographicException or ArgumentException)
            {
                unwrapError = e;
            }

            switch (result)
            {
                case "valid":
                    VectorCheck.True(unwrapped is not null, $"{what}: unwrap failed: {unwrapError?.Message}");
                    VectorCheck.Equal(key, unwrapped, $"{what}: unwrap");
                    VectorCheck.Equal(wrapped, padded ? cipher.EncryptKeyWrapPadded(key) : cipher.EncryptKeyWrap(key), $"{what}: wrap");
                    break;
                case "invalid":
                    VectorCheck.True(unwrapped is null, $"{what}: an invalid wrapped key was unwrapped");
                    break;
                case "acceptable":
                    VectorCheck.True(unwrapped is null || unwrapped.AsSpan().SequenceEqual(key), $"{what}: acceptable test unwrapped to other bytes");
                    break;
                default:
                    throw new VectorFormatException($"{r.Where}: unknown result {result}");
            }

            count++;
        }

        return count;
    }
}
