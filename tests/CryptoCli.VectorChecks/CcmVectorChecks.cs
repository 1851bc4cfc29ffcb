// What Vectors/ccm means: one CCM vector per line of name=value tokens (cipher, result, key, nonce, aad, pt, ct, tag;
// format in each file's header): RFC 3610's packet vectors, SP 800-38C's examples, NIST CAVP CCM records (DVPT,
// VADT, VNT, VPT, VTT as selected by Mbed TLS), RFC 5528's Camellia-CCM packet vectors and Wycheproof's AES-CCM and
// Camellia-CCM tests. Plain C# shared by the xunit suite (every kernel) and the Mono runner (the portable ones).

using System;
using System.Collections.Generic;
using System.Security.Cryptography;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Vectors/ccm: every vector through <see cref="BlockCipherCcm"/> on every kernel of its cipher the caller passes and
/// through the public constructor. Valid vectors must encrypt to the ciphertext and tag and decrypt back; invalid ones
/// must be rejected: an <see cref="ArgumentException"/> for a nonce or tag size CCM does not define, otherwise a tag
/// mismatch with the plaintext destination zeroed.
/// </summary>
internal sealed class CcmVectorChecks : VectorFamilyCheck
{
    private readonly Func<string, byte[], IEnumerable<BlockCipherKernel>> _kernels;

    /// <param name="kernels">Every kernel to run for a cipher name ("aes" or "camellia") and a key.</param>
    public CcmVectorChecks(Func<string, byte[], IEnumerable<BlockCipherKernel>> kernels)
        : base("ccm")
    {
        _kernels = kernels;
    }

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord r in file.ReadTokenLines())
        {
            string cipher = r.Text("cipher");
            if (cipher != "aes" && cipher != "camellia")
            {
                throw new VectorFormatException($"{r.Where}: cipher {cipher} is neither aes nor camellia");
            }

            byte[] key = r.Bytes("key"), nonce = r.Bytes("nonce"), aad = r.Bytes("aad");
            byte[] pt = r.Bytes("pt"), ct = r.Bytes("ct"), tag = r.Bytes("tag");
            string result = r.Text("result");
            if (result != "valid" && result != "invalid")
            {
                throw new VectorFormatException($"{r.Where}: result {result} is neither valid nor invalid");
            }

            foreach ((string name, BlockCipherCcm ccm) in Instances(cipher, key))
            {
                using (ccm)
                {
                    string where = $"{r.Where} ({name})";
                    if (result == "valid")
                    {
                        CheckValid(where, ccm, nonce, aad, pt, ct, tag);
                    }
                    else
                    {
                        CheckInvalid(where, ccm, nonce, aad, ct, tag);
                    }
                }
            }

            count++;
        }

        return count;
    }

    private IEnumerable<(string Name, BlockCipherCcm Ccm)> Instances(string cipherName, byte[] key)
    {
        foreach (BlockCipherKernel kernel in _kernels(cipherName, key))
        {
            yield return ($"{kernel.Name} kernel", new BlockCipherCcm(kernel));
        }

        using BlockCipherAlgorithm cipher = cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
        cipher.Key = key;
        yield return ("public type", new BlockCipherCcm(cipher));
    }

    private static void CheckValid(
        string where, BlockCipherCcm ccm, byte[] nonce, byte[] aad, byte[] pt, byte[] ct, byte[] tag)
    {
        byte[] actualCt = new byte[pt.Length], actualTag = new byte[tag.Length];
        ccm.Encrypt(nonce, pt, actualCt, actualTag, aad);
        VectorCheck.Equal(ct, actualCt, $"{where}: ciphertext");
        VectorCheck.Equal(tag, actualTag, $"{where}: tag");

        byte[] actualPt = new byte[ct.Length];
        ccm.Decrypt(nonce, ct, tag, actualPt, aad);
        VectorCheck.Equal(pt, actualPt, $"{where}: decryption");

        // In place, both directions.
        byte[] buffer = (byte[])pt.Clone();
        ccm.Encrypt(nonce, buffer, buffer, actualTag, aad);
        VectorCheck.Equal(ct, buffer, $"{where}: in-place encryption");
        ccm.Decrypt(nonce, buffer, tag, buffer, aad);
        VectorCheck.Equal(pt, buffer, $"{where}: in-place decryption");
    }

    private static void CheckInvalid(string where, BlockCipherCcm ccm, byte[] nonce, byte[] aad, byte[] ct, byte[] tag)
    {
        bool sizesDefined = nonce.Length is >= 7 and <= 13 && tag.Length is >= 4 and <= 16 && tag.Length % 2 == 0;
        byte[] plaintext = new byte[ct.Length];
        for (int i = 0; i < plaintext.Length; i++)
        {
            plaintext[i] = 0xA5;
        }

        try
        {
            ccm.Decrypt(nonce, ct, tag, plaintext, aad);
        }
        catch (ArgumentException) when (!sizesDefined)
        {
            VectorCheck.True(
                Array.TrueForAll(plaintext, b => b == 0xA5), $"{where}: sizes rejected, yet the destination written");
            byte[] text = new byte[ct.Length], output = new byte[ct.Length], tagOutput = new byte[tag.Length];
            VectorCheck.True(
                ThrowsArgumentException(() => ccm.Encrypt(nonce, text, output, tagOutput, aad)),
                $"{where}: encryption accepted sizes CCM does not define");
            return;
        }
        catch (CryptographicException) when (sizesDefined)
        {
            VectorCheck.True(
                Array.TrueForAll(plaintext, b => b == 0), $"{where}: the plaintext destination was not zeroed");
            return;
        }

        throw new VectorCheckException($"{where}: an invalid vector was accepted");
    }

    private static bool ThrowsArgumentException(Action action)
    {
        try
        {
            action();
            return false;
        }
        catch (ArgumentException)
        {
            return true;
        }
    }
}
