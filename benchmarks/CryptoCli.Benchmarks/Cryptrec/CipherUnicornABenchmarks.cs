using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;

namespace CryptoCli.Benchmarks;

/// <summary>
/// CIPHERUNICORN-A-128, ECB and CTR over 16 KiB: the public type (fused 8->32 table kernel) against the straightforward
/// reference kernel. No other .NET library implements the cipher, so there is no built-in or BouncyCastle rival.
/// </summary>
[Primitive("CIPHERUNICORN-A-128"), Config(typeof(CryptrecColumnsConfig))]
public class CipherUnicornABenchmarks
{
    private CipherUnicornA _ours = null!;
    private BlockCipherKernel _reference = null!;
    private byte[] _key = null!, _counter = null!, _counterCopy = null!, _input = null!, _output = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        _key = new byte[16];
        _counter = new byte[16];
        _counterCopy = new byte[16];
        _input = new byte[Size];
        _output = new byte[Size];
        random.NextBytes(_key);
        random.NextBytes(_counter);
        random.NextBytes(_input);
        _ours = CipherUnicornA.Create();
        _ours.Key = _key;
        _reference = RegisteredKernel.Create(CipherUnicornA.Kernels, "reference", _key);

        // The rivals must agree before they are timed.
        ReferenceEcb();
        byte[] expected = (byte[])_output.Clone();
        OursEcb();
        Check(expected, "ECB");
        ReferenceCtr();
        expected = (byte[])_output.Clone();
        OursCtr();
        Check(expected, "CTR");

        CryptrecWarmUp.Once(nameof(CipherUnicornABenchmarks), () =>
        {
            OursEcb();
            ReferenceEcb();
            OursCtr();
            ReferenceCtr();
        });
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _ours.Dispose();
        _reference.Dispose();
    }

    private void Check(byte[] expected, string what)
    {
        if (!expected.AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException($"{what}: the fast kernel differs from the reference");
        }
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public int OursEcb() => _ours.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark, Row("ECB-encrypt", "CryptoCli-reference")]
    public void ReferenceEcb() => _reference.EncryptBlocks(_input, _output);

    [Benchmark, Row("CTR", "CryptoCli")]
    public int OursCtr() => _ours.EncryptCtr(_input, _counter, _output);

    [Benchmark, Row("CTR", "CryptoCli-reference")]
    public void ReferenceCtr()
    {
        _counter.CopyTo(_counterCopy, 0);
        _reference.TransformCtr(_input, _output, _counterCopy);
    }
}

/// <summary>CIPHERUNICORN-A-128 key schedule (encryption and decryption layouts): fast against reference, keys per second.</summary>
[Primitive("CIPHERUNICORN-A-128"), Config(typeof(CryptrecColumnsConfig))]
public class CipherUnicornAKeyScheduleBenchmarks
{
    private readonly byte[] _key = new byte[16];
    private readonly uint[] _encryptionKey = new uint[CipherUnicornAKeySchedule.ExpandedWords];
    private readonly uint[] _decryptionKey = new uint[CipherUnicornAKeySchedule.ExpandedWords];

    [GlobalSetup]
    public void Setup()
    {
        new Random(42).NextBytes(_key);
        uint[] raw = new uint[CipherUnicornAKeySchedule.ExpandedWords];
        CipherUnicornAKeySchedule.ExpandRaw(_key, raw);
        if (!raw.AsSpan().SequenceEqual(CipherUnicornAReferenceKernel.ExpandKey(_key)))
        {
            throw new InvalidOperationException("key schedules differ");
        }

        CryptrecWarmUp.Once(nameof(CipherUnicornAKeyScheduleBenchmarks), () =>
        {
            Ours();
            Reference();
        });
    }

    [Benchmark, Row("key-schedule", "CryptoCli")]
    public uint Ours()
    {
        CipherUnicornAKeySchedule.Expand(_key, _encryptionKey, _decryptionKey);
        return _encryptionKey[5];
    }

    [Benchmark, Row("key-schedule", "CryptoCli-reference")]
    public uint Reference() => CipherUnicornAReferenceKernel.ExpandKey(_key)[5];
}
