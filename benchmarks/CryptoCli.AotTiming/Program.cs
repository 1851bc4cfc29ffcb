using System;
using System.Diagnostics;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using CryptoCli;
using Org.BouncyCastle.Crypto.Digests;

namespace CryptoCli.AotTiming;

/// <summary>
/// Haraka-256 and Haraka-512 one calls of CryptoCli and BouncyCastle 2.7.0 (its AES-NI <c>Haraka256_X86.Hash</c> and
/// its <c>Haraka256Digest</c>), each timed as the best of many 1000-call bursts, the cases in rotation so that a
/// disturbance hits them all alike; prints ns per call and the ratios. Checks first that all give the same hash.
/// </summary>
public static class Program
{
    private const int CallsPerBurst = 1000;
    private static readonly byte[] s_input = new byte[64];
    private static readonly byte[] s_output = new byte[32];
    private static readonly Haraka256Digest s_digest256 = new();
    private static readonly Haraka512Digest s_digest512 = new();

    public static int Main(string[] args)
    {
        int rotations = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 40;
        new Random(42).NextBytes(s_input);
        (string Name, Action Run)[] cases =
        {
            ("Haraka-256 CryptoCli", Ours256),
            ("Haraka-256 BouncyCastle (Haraka256_X86)", BouncyCastle256),
            ("Haraka-256 BouncyCastle-digest", BouncyCastleDigest256),
            ("Haraka-512 CryptoCli", Ours512),
            ("Haraka-512 BouncyCastle (Haraka512_X86)", BouncyCastle512),
            ("Haraka-512 BouncyCastle-digest", BouncyCastleDigest512),
        };
        for (int group = 0; group < 2; group++)
        {
            byte[]? expected = null;
            for (int i = 3 * group; i < 3 * group + 3; i++)
            {
                Array.Clear(s_output);
                cases[i].Run();
                expected ??= (byte[])s_output.Clone();
                if (!expected.AsSpan().SequenceEqual(s_output))
                {
                    Console.WriteLine($"{cases[i].Name} gives a different hash");
                    return 1;
                }
            }
        }

        double[] best = new double[cases.Length];
        Array.Fill(best, double.MaxValue);
        for (int rotation = 0; rotation < rotations; rotation++)
        {
            for (int i = 0; i < cases.Length; i++)
            {
                best[i] = Math.Min(best[i], BestBurst(cases[i].Run, 25));
            }
        }

        Console.WriteLine($"{RuntimeInformation.FrameworkDescription}, {(RuntimeFeature.IsDynamicCodeSupported ? "JIT" : "NativeAOT")}, {RuntimeInformation.OSArchitecture}; AES-NI: {Haraka.IsHardwareAccelerated}");
        Console.WriteLine("| case | ns per call (best burst) | CryptoCli speed-up |");
        Console.WriteLine("|---|---:|---:|");
        for (int i = 0; i < cases.Length; i++)
        {
            int ours = i < 3 ? 0 : 3;
            string ratio = i == ours ? "-" : (best[i] / best[ours]).ToString("F2", CultureInfo.InvariantCulture) + "x";
            Console.WriteLine($"| {cases[i].Name} | {best[i].ToString("F2", CultureInfo.InvariantCulture)} | {ratio} |");
        }

        return 0;
    }

    private static double BestBurst(Action run, int bursts)
    {
        double best = double.MaxValue;
        for (int burst = 0; burst < bursts; burst++)
        {
            long start = Stopwatch.GetTimestamp();
            for (int call = 0; call < CallsPerBurst; call++)
            {
                run();
            }

            best = Math.Min(best, (Stopwatch.GetTimestamp() - start) * 1e9 / Stopwatch.Frequency / CallsPerBurst);
        }

        return best;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Ours256() => Haraka.Haraka256(s_input.AsSpan(0, 32), s_output);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Ours512() => Haraka.Haraka512(s_input, s_output);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void BouncyCastle256()
    {
        if (Haraka256_X86.IsSupported)
        {
            Haraka256_X86.Hash(s_input.AsSpan(0, 32), s_output);
        }
        else
        {
            BouncyCastleDigest256();
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void BouncyCastle512()
    {
        if (Haraka512_X86.IsSupported)
        {
            Haraka512_X86.Hash(s_input, s_output);
        }
        else
        {
            BouncyCastleDigest512();
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void BouncyCastleDigest256()
    {
        s_digest256.BlockUpdate(s_input.AsSpan(0, 32));
        s_digest256.DoFinal(s_output);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void BouncyCastleDigest512()
    {
        s_digest512.BlockUpdate(s_input);
        s_digest512.DoFinal(s_output);
    }
}
