// What Vectors/kbkdf means: one SP 800-108 CMAC derivation per line of name=value tokens (cipher, mode, r, ctr, ki,
// iv, fixed or label and context, L, ko; format in each file's header): NIST CAVP KBKDF records for CMAC-AES in
// counter, feedback and double-pipeline modes, every counter width and location, and RFC 6803's Camellia key
// derivations. Plain C# shared by the xunit suite (every kernel) and the Mono runner (the portable ones).

using System;
using System.Collections.Generic;
using System.Linq;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Vectors/kbkdf: every derivation through <see cref="SP800108CmacKdf"/> on every kernel of its cipher the caller
/// passes and through the public constructor, in every public form that can express the line's layout (with and
/// without a counter location, the fixed input whole or in two parts), and through the static one-shots where the
/// line has a label and a context.
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
            bool pipeline = mode is "double-pipeline" or "double-pipeline-nocounter";
            if (!feedback && !pipeline && mode != "counter")
            {
                throw new VectorFormatException($"{r.Where}: mode {mode} is none of counter, feedback, "
                    + "feedback-nocounter, double-pipeline, double-pipeline-nocounter");
            }

            bool counter = !mode.EndsWith("-nocounter", StringComparison.Ordinal);
            if (!counter && (r.Has("r") || r.Has("ctr")))
            {
                throw new VectorFormatException($"{r.Where}: a mode without a counter has no r or ctr");
            }

            int counterBits = r.Has("r") ? r.Int("r") : 32;
            string location = r.Has("ctr") ? r.Text("ctr") : mode == "counter" ? "before-fixed" : "after-iter";
            bool valid = mode == "counter"
                ? location is "before-fixed" or "after-fixed" or "middle-fixed"
                : location is "before-iter" or "after-iter" or "after-fixed";
            if (!valid)
            {
                throw new VectorFormatException($"{r.Where}: ctr={location} is not a location of mode {mode}");
            }

            byte[] ki = r.Bytes("ki"), ko = r.Bytes("ko");
            byte[] iv = feedback ? r.Bytes("iv") : Array.Empty<byte>();
            byte[]? fixedInput = r.OptionalBytes("fixed");
            byte[]? afterCounter = r.OptionalBytes("fixed-after-ctr");
            if ((afterCounter is not null) != (location == "middle-fixed") || (fixedInput is null && r.Has("r")))
            {
                throw new VectorFormatException(
                    $"{r.Where}: fixed-after-ctr goes with ctr=middle-fixed, r and ctr with fixed");
            }

            byte[]? label = fixedInput is null ? r.Bytes("label") : null;
            byte[]? context = fixedInput is null ? r.Bytes("context") : null;
            VectorCheck.True(r.Int("L") == ko.Length * 8, $"{r.Where}: L does not match ko");

            // The forms differ only in how they lay out the PRF input, the kernels only in the cipher: every kernel
            // runs the most general form, the public type every form.
            foreach (BlockCipherKernel kernel in _kernels(cipherName, ki))
            {
                using var kdf = new SP800108CmacKdf(kernel);
                CheckForms(kdf, $"{r.Where} ({kernel.Name} kernel)", Forms(kdf).Last());
            }

            using BlockCipherAlgorithm cipher = cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
            cipher.Key = ki;
            using (var kdf = new SP800108CmacKdf(cipher))
            {
                CheckForms(kdf, $"{r.Where} (public type)", Forms(kdf).ToArray());
            }

            if (label is not null && context is not null && !pipeline)
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

            void CheckForms(SP800108CmacKdf kdf, string where, params (string, Action<byte[]>)[] forms)
            {
                foreach ((string form, Action<byte[]> derive) in forms)
                {
                    byte[] output = new byte[ko.Length];
                    derive(output);
                    VectorCheck.Equal(ko, output, $"{where}, {form}");
                }
            }

            // Every public form that can express the record's layout, the most general last: the 32-bit,
            // counter-before forms without a location too where the record has that layout.
            IEnumerable<(string, Action<byte[]>)> Forms(SP800108CmacKdf kdf)
            {
                if (fixedInput is null)
                {
                    yield return ("label and context", output =>
                    {
                        if (feedback)
                        {
                            kdf.DeriveKeyFeedback(iv, label, context, output, counter);
                        }
                        else if (pipeline)
                        {
                            kdf.DeriveKeyDoublePipeline(label, context, output, counter);
                        }
                        else
                        {
                            kdf.DeriveKey(label, context, output);
                        }
                    });
                    yield break;
                }

                bool defaultLayout = counterBits == 32 && location is "before-fixed" or "after-iter";
                if (!counter || defaultLayout)
                {
                    yield return ("fixed input", output =>
                    {
                        if (feedback)
                        {
                            kdf.DeriveKeyFeedbackFromFixedInput(iv, fixedInput, output, counter);
                        }
                        else if (pipeline)
                        {
                            kdf.DeriveKeyDoublePipelineFromFixedInput(fixedInput, output, counter);
                        }
                        else
                        {
                            kdf.DeriveKeyFromFixedInput(fixedInput, output);
                        }
                    });
                }

                if (!counter)
                {
                    yield break;
                }

                if (mode == "counter")
                {
                    // The counter between two parts of the fixed input; before or after it, one part is empty.
                    byte[] before = location == "before-fixed" ? Array.Empty<byte>() : fixedInput;
                    byte[] after = location switch
                    {
                        "before-fixed" => fixedInput,
                        "after-fixed" => Array.Empty<byte>(),
                        _ => afterCounter!,
                    };
                    yield return ("fixed input in two parts",
                        output => kdf.DeriveKeyFromFixedInput(before, after, output, counterBits));
                    if (location == "middle-fixed")
                    {
                        yield break;
                    }
                }

                SP800108CounterLocation where = location switch
                {
                    "before-iter" => SP800108CounterLocation.BeforeIterationVariable,
                    "after-fixed" => SP800108CounterLocation.AfterFixedInput,
                    _ => SP800108CounterLocation.BeforeFixedInput,
                };
                yield return ($"fixed input, {where}", output =>
                {
                    if (feedback)
                    {
                        kdf.DeriveKeyFeedbackFromFixedInput(iv, fixedInput, output, where, counterBits);
                    }
                    else if (pipeline)
                    {
                        kdf.DeriveKeyDoublePipelineFromFixedInput(fixedInput, output, where, counterBits);
                    }
                    else
                    {
                        kdf.DeriveKeyFromFixedInput(fixedInput, output, where, counterBits);
                    }
                });
            }
        }

        return count;
    }
}
