using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;

namespace CryptoCli.Benchmarks;

/// <summary>
/// SC2000 in the default run: ECB (encrypt and decrypt) and CTR at 16 KiB with a 128-bit key, and ECB with a
/// 256-bit key. Nothing in .NET or BouncyCastle implements SC2000, so there is no rival; setup checks every timed
/// path against the reference kernel.
/// </summary>
[Primitive("SC2000-128")]
[MinColumn]
public class SC2000Benchmarks
{
    private SC2000 _ours = null!;
    private SC2000 _ours256 = null!;
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
        _ours = SC2000.Create();
        _ours.Key = key;
        _ours256 = SC2000.Create();
        _ours256.Key = key256;

        using BlockCipherKernel reference = RegisteredKernel.Create(SC2000.Kernels, "reference", key);
        byte[] expected = new byte[Size];
        reference.EncryptBlocks(_input, expected);
        Check(expected, OursEcb, "ECB");
        reference.DecryptBlocks(_input, expected);
        Check(expected, OursEcbDecrypt, "ECB decrypt");
        reference.TransformCtr(_input, expected, (byte[])_counter.Clone());
        Check(expected, OursCtr, "CTR");
        using BlockCipherKernel reference256 = RegisteredKernel.Create(SC2000.Kernels, "reference", key256);
        reference256.EncryptBlocks(_input, expected);
        Check(expected, OursEcb256, "ECB 256-bit key");
    }

    private void Check(byte[] expected, Action run, string what)
    {
        Array.Clear(_output);
        run();
        if (!expected.AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException($"SC2000 {what} differs from the reference kernel");
        }
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public void OursEcb() => _ours.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark, Row("ECB-decrypt", "CryptoCli")]
    public void OursEcbDecrypt() => _ours.DecryptEcb(_input, _output, PaddingMode.None);

    [Benchmark, Row("CTR", "CryptoCli")]
    public void OursCtr() => _ours.EncryptCtr(_input, _counter, _output);

    [Benchmark, Row("ECB-encrypt", "CryptoCli", Primitive = "SC2000-256")]
    public void OursEcb256() => _ours256.EncryptEcb(_input, _output, PaddingMode.None);

    [GlobalCleanup]
    public void Cleanup()
    {
        _ours.Dispose();
        _ours256.Dispose();
    }
}

/// <summary>SC2000 key schedule (extended key and its reversed copy, as the public type computes them), ops/s.</summary>
[Primitive("SC2000-128")]
[MinColumn]
public class SC2000KeyScheduleBenchmarks
{
    private static readonly BlockCipherKernelEntry Fused = SC2000.Kernels.Get("fused");
    private readonly byte[] _key128 = new byte[16];
    private readonly byte[] _key256 = new byte[32];

    [Benchmark, Row("key-schedule", "CryptoCli-fused")]
    public void KeySchedule128()
    {
        using BlockCipherKernel kernel = Fused.Create(_key128, 16);
    }

    [Benchmark, Row("key-schedule", "CryptoCli-fused", Primitive = "SC2000-256")]
    public void KeySchedule256()
    {
        using BlockCipherKernel kernel = Fused.Create(_key256, 16);
    }
}
