using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text;
using CryptoCli;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.AotTiming;

/// <summary>
/// The small-input calls of CryptoCli.Benchmarks' JitModeBenchmarks, CryptoCli beside BouncyCastle 2.7.0, timed with
/// a Stopwatch so that a NativeAOT build can run them: the Haraka single calls (BouncyCastle's AES-NI
/// <c>Haraka256_X86.Hash</c> and its <c>Haraka256Digest</c>), AES-128 on one block (<c>EncryptBlock</c>, the
/// <c>EncryptEcb</c> one-shot, BouncyCastle's AES-NI <c>ProcessBlock</c>) and AES-128-GCM on 16 bytes (ours, the
/// runtime's <c>AesGcm</c>, BouncyCastle's <c>GcmBlockCipher</c>). Each case is timed as the best of many 1000-call
/// bursts, the cases in rotation so that a disturbance hits them all alike; prints ns per call and the speed-ups, and
/// with <c>--csv PATH</c> writes the rows as <c>primitive,operation,size_bytes,implementation,mean_ns,min_ns</c>
/// (mean: the mean of each rotation's best burst). Checks first that each group gives the same bytes.
/// </summary>
public static class Program
{
    private const int CallsPerBurst = 1000;
    private static readonly byte[] s_input = new byte[64];
    private static readonly byte[] s_output = new byte[64];
    private static readonly byte[] s_tag = new byte[16];
    private static readonly byte[] s_nonce = new byte[12];
    private static readonly byte[] s_bcNonce = new byte[12];
    private static readonly byte[] s_bcBuffer = new byte[32];
    private static readonly Haraka256Digest s_digest256 = new();
    private static readonly Haraka512Digest s_digest512 = new();
    private static RijndaelCipher s_aes = null!;
    private static BlockCipherGcm s_gcm = null!;
    private static AesGcm s_builtInGcm = null!;
    private static AesEngine_X86 s_bcAes;
    private static GcmBlockCipher s_bcGcm = null!;

    public static int Main(string[] args)
    {
        string? csvPath = null;
        int rotations = 40;
        for (int i = 0; i < args.Length; i++)
        {
            if (args[i] == "--csv" && i + 1 < args.Length)
            {
                csvPath = args[++i];
            }
            else
            {
                rotations = int.Parse(args[i], CultureInfo.InvariantCulture);
            }
        }

        Setup();
        Case[] cases =
        {
            new("Haraka-256", "hash", "CryptoCli", Ours256, 0),
            new("Haraka-256", "hash", "BouncyCastle", BouncyCastle256, 0),
            new("Haraka-256", "hash", "BouncyCastle-digest", BouncyCastleDigest256, 0),
            new("Haraka-512", "hash", "CryptoCli", Ours512, 1),
            new("Haraka-512", "hash", "BouncyCastle", BouncyCastle512, 1),
            new("Haraka-512", "hash", "BouncyCastle-digest", BouncyCastleDigest512, 1),
            new("AES-128", "encrypt 16 B", "CryptoCli-EncryptBlock", AesEncryptBlock, 2),
            new("AES-128", "encrypt 16 B", "CryptoCli", AesEncryptEcb, 2),
            new("AES-128", "encrypt 16 B", "BouncyCastle", AesBouncyCastle, 2),
            new("AES-128", "GCM-encrypt 16 B", "CryptoCli", GcmEncrypt, 3),
            new("AES-128", "GCM-encrypt 16 B", "BuiltIn", GcmBuiltIn, 3),
            new("AES-128", "GCM-encrypt 16 B", "BouncyCastle", GcmBouncyCastle, 3),
        };
        if (!OutputsAgree(cases))
        {
            return 1;
        }

        double[] best = new double[cases.Length];
        double[] sum = new double[cases.Length];
        Array.Fill(best, double.MaxValue);
        for (int rotation = 0; rotation < rotations; rotation++)
        {
            for (int i = 0; i < cases.Length; i++)
            {
                double time = BestBurst(cases[i].Run, 25);
                best[i] = Math.Min(best[i], time);
                sum[i] += time;
            }
        }

        Console.WriteLine($"{RuntimeInformation.FrameworkDescription}, {(IsNativeAot ? "NativeAOT" : "JIT")}, {RuntimeInformation.OSArchitecture}; Haraka on AES instructions: {Haraka.IsHardwareAccelerated}");
        Console.WriteLine("| primitive | operation | implementation | ns per call (best burst) | speed-up over BouncyCastle |");
        Console.WriteLine("|---|---|---|---:|---:|");
        var csv = new StringBuilder();
        for (int i = 0; i < cases.Length; i++)
        {
            Case c = cases[i];
            int rival = Array.FindIndex(cases, x => x.Group == c.Group && x.Implementation == "BouncyCastle");
            string ratio = i == rival ? "-" : (best[rival] / best[i]).ToString("F2", CultureInfo.InvariantCulture) + "x";
            Console.WriteLine($"| {c.Primitive} | {c.Operation} | {c.Implementation} | {best[i].ToString("F2", CultureInfo.InvariantCulture)} | {ratio} |");
            csv.Append(CultureInfo.InvariantCulture, $"{c.Primitive},{c.Operation},0,{c.Implementation},{sum[i] / rotations:F3},{best[i]:F3}\n");
        }

        if (csvPath is not null)
        {
            File.WriteAllText(csvPath, csv.ToString());
        }

        return 0;
    }

    private static void Setup()
    {
        var random = new Random(42);
        random.NextBytes(s_input);
        random.NextBytes(s_nonce);
        s_nonce.CopyTo(s_bcNonce, 0);
        byte[] key = new byte[16];
        random.NextBytes(key);
        s_aes = RijndaelCipher.Create();
        s_aes.Key = key;
        s_gcm = new BlockCipherGcm(s_aes);
        s_builtInGcm = new AesGcm(key, 16);
        if (AesEngine_X86.IsSupported)
        {
            s_bcAes = new AesEngine_X86();
            s_bcAes.Init(true, new KeyParameter(key));
        }

        s_bcGcm = new GcmBlockCipher(AesUtilities.CreateEngine());
        // A zero nonce first: BouncyCastle refuses to encrypt twice in a row under the same nonce, and the check below
        // encrypts under s_nonce.
        s_bcGcm.Init(true, new AeadParameters(new KeyParameter(key), 128, new byte[12]));
    }

    /// <summary>Within each group every case writes the same bytes (GCM: ciphertext and tag, for one nonce).</summary>
    private static bool OutputsAgree(Case[] cases)
    {
        foreach (IGrouping<int, Case> group in cases.GroupBy(c => c.Group))
        {
            byte[]? expected = null;
            foreach (Case c in group)
            {
                Array.Clear(s_output);
                Array.Clear(s_bcBuffer);
                byte[] actual;
                if (c.Group == 3 && c.Implementation == "BouncyCastle")
                {
                    // One encryption with the shared nonce (the timed calls step the nonce first).
                    s_bcGcm.Init(true, new AeadParameters(null, 128, s_nonce));
                    int written = s_bcGcm.ProcessBytes(s_input, 0, 16, s_bcBuffer, 0);
                    s_bcGcm.DoFinal(s_bcBuffer, written);
                    actual = s_bcBuffer.ToArray();
                }
                else
                {
                    c.Run(1);
                    actual = c.Group == 3 ? s_output.AsSpan(0, 16).ToArray().Concat(s_tag).ToArray()
                        : s_output.AsSpan(0, c.Group == 2 ? 16 : 32).ToArray();
                }

                if (c.Implementation == "BouncyCastle" && c.Group == 2 && !AesEngine_X86.IsSupported)
                {
                    continue;
                }

                expected ??= actual;
                if (!expected.AsSpan().SequenceEqual(actual))
                {
                    Console.WriteLine($"{c.Primitive} {c.Operation} {c.Implementation} gives different bytes");
                    return false;
                }
            }
        }

        return true;
    }

    /// <summary>
    /// True in a NativeAOT build, where no method is ever JIT-compiled. (<c>RuntimeFeature.IsDynamicCodeSupported</c>
    /// cannot tell: <c>PublishAot</c> in the project turns it off under the JIT too, so that both behave alike.)
    /// </summary>
    private static bool IsNativeAot => System.Runtime.JitInfo.GetCompiledMethodCount() == 0;

    private static double BestBurst(Action<int> run, int bursts)
    {
        double best = double.MaxValue;
        for (int burst = 0; burst < bursts; burst++)
        {
            long start = Stopwatch.GetTimestamp();
            run(CallsPerBurst);
            best = Math.Min(best, (Stopwatch.GetTimestamp() - start) * 1e9 / Stopwatch.Frequency / CallsPerBurst);
        }

        return best;
    }

    // Each case loops over its call, so a burst times the calls and one delegate call per 1000.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Ours256(int calls)
    {
        for (int i = 0; i < calls; i++)
        {
            Haraka.Haraka256(s_input.AsSpan(0, 32), s_output);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Ours512(int calls)
    {
        for (int i = 0; i < calls; i++)
        {
            Haraka.Haraka512(s_input, s_output);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void BouncyCastle256(int calls)
    {
        if (!Haraka256_X86.IsSupported)
        {
            BouncyCastleDigest256(calls);
            return;
        }

        for (int i = 0; i < calls; i++)
        {
            Haraka256_X86.Hash(s_input.AsSpan(0, 32), s_output);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void BouncyCastle512(int calls)
    {
        if (!Haraka512_X86.IsSupported)
        {
            BouncyCastleDigest512(calls);
            return;
        }

        for (int i = 0; i < calls; i++)
        {
            Haraka512_X86.Hash(s_input, s_output);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void BouncyCastleDigest256(int calls)
    {
        for (int i = 0; i < calls; i++)
        {
            s_digest256.BlockUpdate(s_input.AsSpan(0, 32));
            s_digest256.DoFinal(s_output);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void BouncyCastleDigest512(int calls)
    {
        for (int i = 0; i < calls; i++)
        {
            s_digest512.BlockUpdate(s_input);
            s_digest512.DoFinal(s_output);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void AesEncryptBlock(int calls)
    {
        RijndaelCipher aes = s_aes;
        for (int i = 0; i < calls; i++)
        {
            aes.EncryptBlock(s_input.AsSpan(0, 16), s_output);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void AesEncryptEcb(int calls)
    {
        RijndaelCipher aes = s_aes;
        for (int i = 0; i < calls; i++)
        {
            aes.EncryptEcb(s_input.AsSpan(0, 16), s_output, PaddingMode.None);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void AesBouncyCastle(int calls)
    {
        if (!AesEngine_X86.IsSupported)
        {
            return;
        }

        for (int i = 0; i < calls; i++)
        {
            s_bcAes.ProcessBlock(s_input.AsSpan(0, 16), s_output);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void GcmEncrypt(int calls)
    {
        for (int i = 0; i < calls; i++)
        {
            s_gcm.Encrypt(s_nonce, s_input.AsSpan(0, 16), s_output.AsSpan(0, 16), s_tag);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void GcmBuiltIn(int calls)
    {
        for (int i = 0; i < calls; i++)
        {
            s_builtInGcm.Encrypt(s_nonce, s_input.AsSpan(0, 16), s_output.AsSpan(0, 16), s_tag);
        }
    }

    /// <summary>Re-initialised with a fresh nonce per call, as BouncyCastle refuses a repeated one.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void GcmBouncyCastle(int calls)
    {
        for (int i = 0; i < calls; i++)
        {
            for (int k = s_bcNonce.Length - 1; k >= 0 && ++s_bcNonce[k] == 0; k--)
            {
            }

            s_bcGcm.Init(true, new AeadParameters(null, 128, s_bcNonce));
            int written = s_bcGcm.ProcessBytes(s_input, 0, 16, s_bcBuffer, 0);
            s_bcGcm.DoFinal(s_bcBuffer, written);
        }
    }

    private sealed record Case(string Primitive, string Operation, string Implementation, Action<int> Run, int Group);
}
