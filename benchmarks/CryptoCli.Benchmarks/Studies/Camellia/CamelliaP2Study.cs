using System;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// P2's measurement method (Asahi et al. 2010, Tables 4 and 5), not in the default run (<c>--filter '*CamelliaP2*'</c>):
/// encryption of one block at a time with each ciphertext fed back as the next plaintext (key 0, P0 = 0), so the
/// figure is the latency of one block; and the key schedule with each next key taken from the previous subkeys.
/// Both report the time per block or per schedule (OperationsPerInvoke); cycles = ns x the clock measured in-process.
/// 15 iterations and the Min column: on a shared machine the minimum is the figure closest to an idle core.
/// </summary>
[MinColumn, MedianColumn, IterationCount(15), WarmupCount(2)]
public class CamelliaP2StudyBenchmarks
{
    private const int Chain = 1000;
    private CamelliaTable32Kernel _table32 = null!;
    private CamelliaTable64Kernel _table64 = null!;
    private CamelliaEngine _engine = null!;
    private byte[] _key = null!;
    private readonly byte[] _block = new byte[16];
    private readonly uint[] _words = new uint[68];
    private readonly ulong[] _subkeys = new ulong[34];

    [Params(128, 192, 256)]
    public int KeyBits { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _key = new byte[KeyBits / 8]; // key 0, as P2
        _table32 = new CamelliaTable32Kernel(_key);
        _table64 = new CamelliaTable64Kernel(_key);
        _engine = new CamelliaEngine();
        _engine.Init(true, new KeyParameter(_key));

        // The three chains must agree (BouncyCastle is the reference).
        Array.Clear(_block);
        BouncyCastleLatency();
        byte[] expected = (byte[])_block.Clone();
        Array.Clear(_block);
        Table32Latency();
        Require(expected, "table32");
        Array.Clear(_block);
        Table64Latency();
        Require(expected, "table64");
        Console.WriteLine($"// Clock measured in-process: {Clock.GigaHertz:F3} GHz");
    }

    private void Require(byte[] expected, string what)
    {
        if (!expected.AsSpan().SequenceEqual(_block))
        {
            throw new InvalidOperationException($"{what} feedback chain differs from BouncyCastle");
        }
    }

    [Benchmark(OperationsPerInvoke = Chain)]
    public void Table32Latency()
    {
        for (int i = 0; i < Chain; i++)
        {
            _table32.EncryptBlocks(_block, _block);
        }
    }

    [Benchmark(OperationsPerInvoke = Chain)]
    public void Table64Latency()
    {
        for (int i = 0; i < Chain; i++)
        {
            _table64.EncryptBlocks(_block, _block);
        }
    }

    [Benchmark(OperationsPerInvoke = Chain)]
    public void BouncyCastleLatency()
    {
        for (int i = 0; i < Chain; i++)
        {
            _engine.ProcessBlock(_block, 0, _block, 0);
        }
    }

    /// <summary>P2 "32-bit fast" key schedule: the subkeys as 32-bit words (computed on 64-bit words, then split).</summary>
    [Benchmark(OperationsPerInvoke = Chain)]
    public uint Table32KeySchedule()
    {
        byte[] key = _key;
        int words = 2 * CamelliaKeySchedule.SubkeyCount(key.Length);
        for (int i = 0; i < Chain; i++)
        {
            CamelliaTable32Kernel.ExpandKey(key, _words.AsSpan(0, words));
            MemoryMarshal.AsBytes(_words.AsSpan(4, 8)).Slice(0, key.Length).CopyTo(key);
        }

        return _words[0];
    }

    /// <summary>P2 "64-bit fast" key schedule: 64-bit subkeys, coinciding ones copied.</summary>
    [Benchmark(OperationsPerInvoke = Chain)]
    public ulong Table64KeySchedule()
    {
        byte[] key = _key;
        int count = CamelliaKeySchedule.SubkeyCount(key.Length);
        for (int i = 0; i < Chain; i++)
        {
            CamelliaKeySchedule.Expand(key, _subkeys.AsSpan(0, count));
            MemoryMarshal.AsBytes(_subkeys.AsSpan(2, 4)).Slice(0, key.Length).CopyTo(key);
        }

        return _subkeys[0];
    }

    /// <summary>BouncyCastle's key schedule (<c>Init</c>, including its KeyParameter).</summary>
    [Benchmark(OperationsPerInvoke = Chain)]
    public void BouncyCastleKeySchedule()
    {
        for (int i = 0; i < Chain; i++)
        {
            _engine.Init(true, new KeyParameter(_key));
        }
    }
}
