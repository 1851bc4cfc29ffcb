using System;
using System.Collections.Generic;
using System.Diagnostics;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// <c>-- --ct-probe [rounds]</c>: the rows of <see cref="RijndaelConstantTimeBenchmarks"/> and their rivals at 16 KiB,
/// timed round-robin (one operation of each case per round) and reported as the minimum over the rounds. A check of the
/// BenchmarkDotNet figures for a shared, overloaded machine: load that comes and goes hits every case alike instead of
/// whichever case was running, and the minimum keeps the undisturbed runs.
/// </summary>
public static class RijndaelConstantTimeProbe
{
    private const int Size = 16 * 1024;

    public static void Run(int rounds)
    {
        var random = new Random(42);
        byte[] input = new byte[Size], output = new byte[Size];
        byte[] key128 = new byte[16], key256 = new byte[32], iv128 = new byte[16], iv256 = new byte[32];
        byte[] chain128 = new byte[16], chain256 = new byte[32];
        random.NextBytes(input);
        random.NextBytes(key128);
        random.NextBytes(key256);
        random.NextBytes(iv128);
        random.NextBytes(iv256);
        using var ct = new RijndaelBitslicedKernel(key128, 16);
        using var ct64 = new RijndaelBitslicedKernel(key128, 16, lanes: 1);
        using var table = new RijndaelPortableKernel(key128, 16);
        using var ctWide = new RijndaelBitslicedKernel(key256, 32);
        using BlockCipherKernel? vperm = RegisteredKernel.TryCreate(RijndaelCipher.Kernels, "vperm", key128);
        using var ctWide64 = new RijndaelBitslicedKernel(key256, 32, lanes: 1);
        var bcEcb = new AesEngine();
        bcEcb.Init(true, new KeyParameter(key128));
        var bcCtr = new SicBlockCipher(new AesEngine());
        var bcCbcDecrypt = new CbcBlockCipher(new AesEngine());
        var bcCbcEncrypt = new CbcBlockCipher(new AesEngine());
        var bcWideEcb = new RijndaelEngine(256);
        bcWideEcb.Init(true, new KeyParameter(key256));
        var bcWideCbc = new CbcBlockCipher(new RijndaelEngine(256));

        void Blocks(IBlockCipher cipher, int blockBytes)
        {
            for (int offset = 0; offset < Size; offset += blockBytes)
            {
                cipher.ProcessBlock(input, offset, output, offset);
            }
        }

        var cases = new List<(string Name, Action Run)>
        {
            ($"Rijndael-128 ECB-encrypt CryptoCli-ct ({ct.Lanes} lanes)", () => ct.EncryptBlocks(input, output)),
            ("Rijndael-128 ECB-encrypt CryptoCli-ct (64-bit words)", () => ct64.EncryptBlocks(input, output)),
            ("Rijndael-128 ECB-encrypt CryptoCli-portable", () => table.EncryptBlocks(input, output)),
            ("Rijndael-128 ECB-encrypt BouncyCastle-portable", () => Blocks(bcEcb, 16)),
            ("Rijndael-128 CTR CryptoCli-ct", () => { iv128.CopyTo(chain128, 0); ct.TransformCtr(input, output, chain128); }),
            ("Rijndael-128 CTR CryptoCli-ct (64-bit words)", () => { iv128.CopyTo(chain128, 0); ct64.TransformCtr(input, output, chain128); }),
            ("Rijndael-128 CTR CryptoCli-portable", () => { iv128.CopyTo(chain128, 0); table.TransformCtr(input, output, chain128); }),
            ("Rijndael-128 CTR BouncyCastle-portable", () => { bcCtr.Init(true, new ParametersWithIV(new KeyParameter(key128), iv128)); Blocks(bcCtr, 16); }),
            ("Rijndael-128 CBC-decrypt CryptoCli-ct", () => { iv128.CopyTo(chain128, 0); ct.DecryptCbc(input, output, chain128); }),
            ("Rijndael-128 CBC-decrypt CryptoCli-ct (64-bit words)", () => { iv128.CopyTo(chain128, 0); ct64.DecryptCbc(input, output, chain128); }),
            ("Rijndael-128 CBC-decrypt CryptoCli-portable", () => { iv128.CopyTo(chain128, 0); table.DecryptCbc(input, output, chain128); }),
            ("Rijndael-128 CBC-decrypt BouncyCastle-portable", () => { bcCbcDecrypt.Init(false, new ParametersWithIV(new KeyParameter(key128), iv128)); Blocks(bcCbcDecrypt, 16); }),
            ("Rijndael-128 CBC-encrypt CryptoCli-ct", () => { iv128.CopyTo(chain128, 0); ct.EncryptCbc(input, output, chain128); }),
            ("Rijndael-128 CBC-encrypt CryptoCli-portable", () => { iv128.CopyTo(chain128, 0); table.EncryptCbc(input, output, chain128); }),
            ("Rijndael-128 CBC-encrypt BouncyCastle-portable", () => { bcCbcEncrypt.Init(true, new ParametersWithIV(new KeyParameter(key128), iv128)); Blocks(bcCbcEncrypt, 16); }),
            ($"Rijndael-256 ECB-encrypt CryptoCli-ct ({ctWide.Lanes} lanes)", () => ctWide.EncryptBlocks(input, output)),
            ("Rijndael-256 ECB-encrypt CryptoCli-ct (64-bit words)", () => ctWide64.EncryptBlocks(input, output)),
            ("Rijndael-256 ECB-encrypt BouncyCastle", () => Blocks(bcWideEcb, 32)),
            ("Rijndael-256 CBC-encrypt CryptoCli-ct", () => { iv256.CopyTo(chain256, 0); ctWide.EncryptCbc(input, output, chain256); }),
            ("Rijndael-256 CBC-encrypt BouncyCastle", () => { bcWideCbc.Init(true, new ParametersWithIV(new KeyParameter(key256), iv256)); Blocks(bcWideCbc, 32); }),
        };

        if (vperm is not null)
        {
            cases.Add(("Rijndael-128 CBC-encrypt CryptoCli-vperm", () => { iv128.CopyTo(chain128, 0); vperm.EncryptCbc(input, output, chain128); }));
            cases.Add(("Rijndael-128 ECB-encrypt CryptoCli-vperm", () => vperm.EncryptBlocks(input, output)));
            cases.Add(("Rijndael-128 CTR CryptoCli-vperm", () => { iv128.CopyTo(chain128, 0); vperm.TransformCtr(input, output, chain128); }));
            cases.Add(("Rijndael-128 CBC-decrypt CryptoCli-vperm", () => { iv128.CopyTo(chain128, 0); vperm.DecryptCbc(input, output, chain128); }));
        }

        foreach ((string _, Action run) in cases)
        {
            for (int i = 0; i < 40; i++)
            {
                run(); // past tiering
            }
        }

        double[] best = new double[cases.Count];
        Array.Fill(best, double.MaxValue);
        for (int round = 0; round < rounds; round++)
        {
            for (int c = 0; c < cases.Count; c++)
            {
                long start = Stopwatch.GetTimestamp();
                cases[c].Run();
                long end = Stopwatch.GetTimestamp();
                best[c] = Math.Min(best[c], (end - start) * 1e6 / Stopwatch.Frequency);
            }
        }

        Console.WriteLine($"{Size} bytes per operation, minimum of {rounds} round-robin rounds; {Environment.ProcessorCount} logical cores, .NET {Environment.Version}");
        Console.WriteLine("| case | min time (us) | MB/s |");
        Console.WriteLine("|---|---:|---:|");
        for (int c = 0; c < cases.Count; c++)
        {
            Console.WriteLine(FormattableString.Invariant($"| {cases[c].Name} | {best[c]:F1} | {Size / best[c]:F1} |"));
        }
    }
}
