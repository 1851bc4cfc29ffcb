// What Vectors/kbkdf means: one SP 800-108 CMAC derivation per line of name=value tokens (cipher, mode, ki, iv, fixed
// or label and context, L, ko; format in each file's header): NIST CAVP KBKDF records for CMAC-AES in counter and
// feedback modes, and RFC 6803's Camellia key derivations. Plain C# shared by the xunit suite (every kernel) and the
// Mono runner (the portable ones).

using System;
using System.Collections.Generic;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Vectors/kbkdf: every derivation through <see cref="SP800108CmacKdf"/> on every kernel of its cipher the caller
/// passes, through the public constructor and through the static one-shots where the line has a label and a context.
/// </summary>
internal sealed class KbkdfVectorChecks : VectorFamilyCheck
{
    private readonly Func<string, byte[], IEnumerable<BlockCipherKernel>> _kernels;

    /// <param name="kernels">Every kernel to run for a cipher name ("aes" or "camellia") and a key.</param>
    public KbkdfVectorChecks(Func<string, byte[], IEnumerable<BlockCipherKernel>> kernels)
        : base("kbkdf")
    {
        _kernels = kernels;
    }

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord r in file.ReadTokenLines())
        {
            string cipherName = r.Text("cipher");
            if (cipherName != "aes" && cipherName != "camellia")
            {
                throw new VectorFormatException($"{r.Where}: cipher {cipherName} is neither aes nor camellia");
            }

            string mode = r.Text("mode");
            bool feedback = mode is "feedback" or "feedback-nocounter";
            if (!feedback && mode != "counter")
            {
                throw new VectorFormatException(
                    $"{r.Where}: mode {mode} is none of counter, feedback, feedback-nocounter");
            }

            bool counter = mode != "feedback-nocounter";
            byte[] ki = r.Bytes("ki"), ko = r.Bytes("ko");
            byte[] iv = feedback ? r.Bytes("iv") : Array.Empty<byte>();
            byte[]? fixedInput = r.OptionalBytes("fixed");
            byte[]? label = fixedInput is null ? r.Bytes("label") : null;
            byte[]? context = fixedInput is null ? r.Bytes("context") : null;
            VectorCheck.True(r.Int("L") == ko.Length * 8, $"{r.Where}: L does not match ko");

            foreach (BlockCipherKernel kernel in _kernels(cipherName, ki))
            {
                using var kdf = new SP800108CmacKdf(kernel);
                VectorCheck.Equal(ko, Derive(kdf), $"{r.Where} ({kernel.Name} kernel)");
            }

            using BlockCipherAlgorithm cipher = cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
            cipher.Key = ki;
            using (var kdf = new SP800108CmacKdf(cipher))
            {
                VectorCheck.Equal(ko, Derive(kdf), $"{r.Where} (public type)");
            }

            if (label is not null && context is not null)
            {
                byte[] oneShot = new byte[ko.Length];
                if (feedback)
                {
                    SP800108CmacKdf.DeriveBytesFeedback(cipher, iv, label, context, oneShot, counter);
                }
                else
                {
                    oneShot = SP800108CmacKdf.DeriveBytes(cipher, label, context, ko.Length);
                }

                VectorCheck.Equal(ko, oneShot, $"{r.Where} (static one-shot)");
            }

            count++;

            byte[] Derive(SP800108CmacKdf kdf)
            {
                byte[] output = new byte[ko.Length];
                if (fixedInput is not null)
                {
                    if (feedback)
                    {
                        kdf.DeriveKeyFeedbackFromFixedInput(iv, fixedInput, output, counter);
                    }
                    else
                    {
                        kdf.DeriveKeyFromFixedInput(fixedInput, output);
                    }
                }
                else if (feedback)
                {
                    kdf.DeriveKeyFeedback(iv, label, context, output, counter);
                }
                else
                {
                    kdf.DeriveKey(label, context, output);
                }

                return output;
            }
        }

        return count;
    }
}
