using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Hierocrypt-3 in the default run: ECB (both kernels, encrypt and decrypt) and CTR at 16 KiB, 128-bit key, and
/// ECB with a 256-bit key. Nothing in .NET or BouncyCastle implements Hierocrypt-3, so there is no rival; setup
/// checks every timed path against the reference kernel.
/// </summary>
[Primitive("Hierocrypt-3-128")]
[MinColumn]
public class Hierocrypt3Benchmarks
{
    private Hierocrypt3 _ours = null!;
    private Hierocrypt3 _ours256 = null!;
    private BlockCipherKernel _table32 = null!;
    private byte[] _input = null!, _output = null!, _counter = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        byte[] key = new byte[16], key256 = new byte[32];
        random.NextBytes(key);
        random.NextBytes(key256);
        _input = new byte[Size];
        _output = new byte[Size];
        _counter = new byte[16];
        random.NextBytes(_input);
        random.NextBytes(_counter);
        _ours = Hierocrypt3.Create();
        _ours.Key = key;
        _ours256 = Hierocrypt3.Create();
        _ours256.Key = key256;
        _table32 = RegisteredKernel.Create(Hierocrypt3.Kernels, "table32", key);

        using BlockCipherKernel reference = RegisteredKernel.Create(Hierocrypt3.Kernels, "reference", key);
        byte[] expected = new byte[Size];
        reference.EncryptBlocks(_input, expected);
        Check(expected, OursEcb, "ECB");
        Check(expected, Table32Ecb, "ECB table32");
        reference.DecryptBlocks(_input, expected);
        Check(expected, OursEcbDecrypt, "ECB decrypt");
        reference.TransformCtr(_input, expected, (byte[])_counter.Clone());
        Check(expected, OursCtr, "CTR");
        using BlockCipherKernel reference256 = RegisteredKernel.Create(Hierocrypt3.Kernels, "reference", key256);
        reference256.EncryptBlocks(_input, expected);
        Check(expected, OursEcb256, "ECB 256-bit key");
    }

    private void Check(byte[] expected, Action run, string what)
    {
        Array.Clear(_output);
        run();
        if (!expected.AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException($"Hierocrypt-3 {what} differs from the reference kernel");
        }
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public void OursEcb() => _ours.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark, Row("ECB-encrypt", "CryptoCli-table32")]
    public void Table32Ecb() => _table32.EncryptBlocks(_input, _output);

    [Benchmark, Row("ECB-decrypt", "CryptoCli")]
    public void OursEcbDecrypt() => _ours.DecryptEcb(_input, _output, PaddingMode.None);

    [Benchmark, Row("CTR", "CryptoCli")]
    public void OursCtr() => _ours.EncryptCtr(_input, _counter, _output);

    [Benchmark, Row("ECB-encrypt", "CryptoCli", Primitive = "Hierocrypt-3-256")]
    public void OursEcb256() => _ours256.EncryptEcb(_input, _output, PaddingMode.None);

    [GlobalCleanup]
    public void Cleanup()
    {
        _ours.Dispose();
        _ours256.Dispose();
        _table32.Dispose();
    }
}

/// <summary>Hierocrypt-3 key schedule (encryption and decryption round keys, as the public type computes them), ops/s.</summary>
[Primitive("Hierocrypt-3-128")]
[MinColumn]
public class Hierocrypt3KeyScheduleBenchmarks
{
    private static readonly BlockCipherKernelEntry Table64 = Hierocrypt3.Kernels.Get("table64");
    private readonly byte[] _key128 = new byte[16];
    private readonly byte[] _key256 = new byte[32];

    [Benchmark, Row("key-schedule", "CryptoCli-table64")]
    public void KeySchedule128()
    {
        using BlockCipherKernel kernel = Table64.Create(_key128, 16);
    }

    [Benchmark, Row("key-schedule", "CryptoCli-table64", Primitive = "Hierocrypt-3-256")]
    public void KeySchedule256()
    {
        using BlockCipherKernel kernel = Table64.Create(_key256, 16);
    }
}
