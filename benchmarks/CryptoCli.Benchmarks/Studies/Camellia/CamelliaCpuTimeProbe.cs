using System;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// A cross-check for a shared, overloaded machine, not in the default run: <c>--filter '*CamelliaCpuTimeProbe*' --short</c>
/// prints its figures (lines starting with "// probe:") from the setup. Each figure is the best of many short runs
/// timed with the thread's own CPU clock (<c>CLOCK_THREAD_CPUTIME_ID</c>, Linux), so time slices given to other
/// processes are not counted; the clock rate comes from a chain of dependent additions timed the same way. Everything
/// runs twice and only the second pass is printed (tiered JIT). It covers the 16 KiB figures and P2's method
/// (latency with each ciphertext fed back, key 0, P0 = 0; key schedule with each next key taken from the subkeys).
/// </summary>
public unsafe class CamelliaCpuTimeProbe
{
    private const int ThreadCpuTimeClock = 3; // CLOCK_THREAD_CPUTIME_ID
    private const int Size = 16384;
    private static bool s_print;
    private static double s_gigahertz;

    [GlobalSetup]
    public void Setup()
    {
        if (!OperatingSystem.IsLinux())
        {
            Console.WriteLine("// probe: Linux only (CLOCK_THREAD_CPUTIME_ID)");
            return;
        }

        s_print = false;
        Run();
        s_print = true;
        Run();
    }

    [Benchmark]
    public int Nothing() => 0;

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [DllImport("libc", EntryPoint = "clock_gettime")]
    private static extern int ClockGetTime(int clock, TimeSpec* time);

    private static long Now()
    {
        TimeSpec time;
        if (ClockGetTime(ThreadCpuTimeClock, &time) != 0)
        {
            throw new InvalidOperationException("clock_gettime failed");
        }

        return time.Seconds * 1_000_000_000L + time.Nanoseconds;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long Chain(long iterations)
    {
        long x = 0;
        for (long i = 0; i < iterations; i++)
        {
            x += i;
            x += i ^ 1;
            x += i ^ 2;
            x += i ^ 3;
        }

        return x;
    }

    /// <summary>Best time of one call of <paramref name="action"/> in ns over <paramref name="repetitions"/> runs.</summary>
    private static double Best(Action action, int inner, int repetitions = 60)
    {
        action();
        double best = double.MaxValue;
        for (int r = 0; r < repetitions; r++)
        {
            long start = Now();
            for (int i = 0; i < inner; i++)
            {
                action();
            }

            best = Math.Min(best, (Now() - start) / (double)inner);
        }

        return best;
    }

    private static void Log(string line)
    {
        if (s_print)
        {
            Console.WriteLine("// probe: " + line);
        }
    }

    private static void Run()
    {
        s_gigahertz = 4 * 5_000_000 / Best(() => Chain(5_000_000), 1, 30);
        Log(string.Format(CultureInfo.InvariantCulture, "clock (dependent adds, thread CPU time): {0:F3} GHz", s_gigahertz));
        foreach (int keyBytes in new[] { 16, 32 })
        {
            Bulk(keyBytes);
        }

        foreach (int keyBytes in new[] { 16, 24, 32 })
        {
            P2(keyBytes);
        }
    }

    private static void Bulk(int keyBytes)
    {
        byte[] key = new byte[keyBytes];
        new Random(keyBytes).NextBytes(key);
        byte[] iv = new byte[16], counter = new byte[16], input = new byte[Size], output = new byte[Size];
        new Random(1).NextBytes(input);
        using var table32 = new CamelliaTable32Kernel(key);
        using var table64 = new CamelliaTable64Kernel(key);
        using BlockCipherKernel bulk = CamelliaAesNiKernel.IsSupported ? new CamelliaAesNiKernel(key) : new CamelliaTable64Kernel(key);
        using var ours = Camellia.Create();
        ours.Key = key;
        var bcCtr = new SicBlockCipher(new CamelliaEngine());
        bcCtr.Init(true, new ParametersWithIV(new KeyParameter(key), iv));
        var bcEcb = new CamelliaEngine();
        bcEcb.Init(true, new KeyParameter(key));
        var bcCbc = new CbcBlockCipher(new CamelliaEngine());
        bcCbc.Init(true, new ParametersWithIV(new KeyParameter(key), iv));

        void Row(string what, Action action)
        {
            double ns = Best(action, 4) / Size;
            Log(string.Format(CultureInfo.InvariantCulture, "Camellia-{0} {1,-22} {2:F3} ns/B {3,6:F2} c/B", keyBytes * 8, what, ns, ns * s_gigahertz));
        }

        Row("CTR CryptoCli", () => ours.EncryptCtr(input, iv, output));
        Row("CTR aesni", () => { iv.CopyTo(counter, 0); bulk.TransformCtr(input, output, counter); });
        Row("CTR table32", () => { iv.CopyTo(counter, 0); table32.TransformCtr(input, output, counter); });
        Row("CTR table64", () => { iv.CopyTo(counter, 0); table64.TransformCtr(input, output, counter); });
        Row("CTR BouncyCastle", () => { bcCtr.Reset(); Blocks(bcCtr.ProcessBlock, input, output); });
        Row("ECB CryptoCli", () => ours.EncryptEcb(input, output, PaddingMode.None));
        Row("ECB aesni", () => bulk.EncryptBlocks(input, output));
        Row("ECB table32", () => table32.EncryptBlocks(input, output));
        Row("ECB table64", () => table64.EncryptBlocks(input, output));
        Row("ECB BouncyCastle", () => Blocks(bcEcb.ProcessBlock, input, output));
        Row("CBC-dec CryptoCli", () => ours.DecryptCbc(input, iv, output, PaddingMode.None));
        Row("CBC-enc CryptoCli", () => ours.EncryptCbc(input, iv, output, PaddingMode.None));
        Row("CBC-enc table32", () => { iv.CopyTo(counter, 0); table32.EncryptCbc(input, output, counter); });
        Row("CBC-enc table64", () => { iv.CopyTo(counter, 0); table64.EncryptCbc(input, output, counter); });
        Row("CBC-enc BouncyCastle", () => { bcCbc.Reset(); Blocks(bcCbc.ProcessBlock, input, output); });
    }

    private static void Blocks(Func<byte[], int, byte[], int, int> process, byte[] input, byte[] output)
    {
        for (int offset = 0; offset < input.Length; offset += 16)
        {
            process(input, offset, output, offset);
        }
    }

    private static void P2(int keyBytes)
    {
        byte[] key = new byte[keyBytes];
        byte[] block = new byte[16];
        using var table32 = new CamelliaTable32Kernel(key);
        using var table64 = new CamelliaTable64Kernel(key);
        var engine = new CamelliaEngine();
        engine.Init(true, new KeyParameter(key));
        uint[] words = new uint[68];
        ulong[] subkeys = new ulong[34];
        int count = CamelliaKeySchedule.SubkeyCount(keyBytes);

        void Row(string what, Action action)
        {
            double ns = Best(() => { for (int i = 0; i < 1000; i++) { action(); } }, 1, 200) / 1000;
            Log(string.Format(CultureInfo.InvariantCulture, "P2 {0}-bit {1,-24} {2,7:F1} ns {3,6:F0} cycles", keyBytes * 8, what, ns, ns * s_gigahertz));
        }

        Row("latency table32", () => table32.EncryptBlocks(block, block));
        Row("latency table64", () => table64.EncryptBlocks(block, block));
        Row("latency BouncyCastle", () => engine.ProcessBlock(block, 0, block, 0));
        Row("key schedule table32", () =>
        {
            CamelliaTable32Kernel.ExpandKey(key, words.AsSpan(0, 2 * count));
            MemoryMarshal.AsBytes(words.AsSpan(4, 8)).Slice(0, keyBytes).CopyTo(key);
        });
        Row("key schedule table64", () =>
        {
            CamelliaKeySchedule.Expand(key, subkeys.AsSpan(0, count));
            MemoryMarshal.AsBytes(subkeys.AsSpan(2, 4)).Slice(0, keyBytes).CopyTo(key);
        });
        Row("key schedule BouncyCastle", () => engine.Init(true, new KeyParameter(key)));
    }
}
