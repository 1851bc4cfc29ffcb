using System;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Digests;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Haraka-256 and Haraka-512 (Haraka v2): one call, and the 4-way and 8-way batched calls timed per output
/// (<c>OperationsPerInvoke</c>), on the default path (AES-NI here) and the portable kernel. Goals (the designers'
/// AES-NI C code on Zen 3): Haraka-256 5.6 ns per call, 5.1 ns per output batched; Haraka-512 15.8 / 13.0 ns.
/// <c>BouncyCastle</c> is BouncyCastle.Cryptography 2.7.0's fastest call: its AES-NI <c>Haraka256_X86.Hash</c> /
/// <c>Haraka512_X86.Hash</c> where the CPU has AES-NI; <c>BouncyCastle-digest</c> its <c>Haraka256Digest</c> /
/// <c>Haraka512Digest</c> (the <c>IDigest</c> API, update then finish).
/// </summary>
[Primitive("Haraka-256")]
[Config(typeof(CyclesPerByteConfig))]
public class HarakaBenchmarks
{
    private readonly byte[] _input = new byte[8 * 64];
    private readonly byte[] _output = new byte[8 * 32];
    // The registry's portable entry ("CryptoCli-portable"); "CryptoCli" is the public functions' default entry.
    private static readonly HarakaKernel Portable = Haraka.Kernels.Get("portable").Create();

    private readonly Haraka256Digest _bc256 = new();
    private readonly Haraka512Digest _bc512 = new();

    [GlobalSetup]
    public void Setup()
    {
        new Random(42).NextBytes(_input);
        foreach (int inputSize in new[] { 32, 64 })
        {
            byte[] expected = new byte[8 * 32];
            for (int i = 0; i < 8; i++)
            {
                Portable.Hash(_input.AsSpan(i * inputSize, inputSize), expected.AsSpan(i * 32, 32), 1, inputSize);
            }

            byte[] actual = new byte[8 * 32];
            if (inputSize == 32)
            {
                Haraka.Haraka256x8(_input.AsSpan(0, 256), actual);
            }
            else
            {
                Haraka.Haraka512x8(_input, actual);
            }

            if (!expected.AsSpan().SequenceEqual(actual))
            {
                throw new InvalidOperationException($"Haraka input {inputSize} bytes: batched default path differs from the portable kernel");
            }

            foreach (Action bouncyCastle in inputSize == 32 ? new Action[] { Haraka256BouncyCastle, Haraka256BouncyCastleDigest } : new Action[] { Haraka512BouncyCastle, Haraka512BouncyCastleDigest })
            {
                Array.Clear(_output);
                bouncyCastle();
                if (!expected.AsSpan(0, 32).SequenceEqual(_output.AsSpan(0, 32)))
                {
                    throw new InvalidOperationException($"Haraka input {inputSize} bytes: BouncyCastle differs from the portable kernel");
                }
            }
        }
    }

    [Benchmark, Row("hash", "CryptoCli")]
    public void Haraka256() => Haraka.Haraka256(_input.AsSpan(0, 32), _output);

    [Benchmark, Row("hash", "CryptoCli-portable")]
    public void Haraka256Portable() => Portable.Haraka256(_input.AsSpan(0, 32), _output);

    [Benchmark, Row("hash", "BouncyCastle")]
    public void Haraka256BouncyCastle()
    {
        if (Haraka256_X86.IsSupported)
        {
            Haraka256_X86.Hash(_input.AsSpan(0, 32), _output);
        }
        else
        {
            Haraka256BouncyCastleDigest();
        }
    }

    [Benchmark, Row("hash", "BouncyCastle-digest")]
    public void Haraka256BouncyCastleDigest()
    {
        _bc256.BlockUpdate(_input.AsSpan(0, 32));
        _bc256.DoFinal(_output);
    }

    [Benchmark(OperationsPerInvoke = 4), Row("hash-4x (per output)", "CryptoCli")]
    public void Haraka256x4() => Haraka.Haraka256x4(_input.AsSpan(0, 128), _output);

    [Benchmark(OperationsPerInvoke = 8), Row("hash-8x (per output)", "CryptoCli")]
    public void Haraka256x8() => Haraka.Haraka256x8(_input.AsSpan(0, 256), _output);

    [Benchmark, Row("hash", "CryptoCli", Primitive = "Haraka-512")]
    public void Haraka512() => Haraka.Haraka512(_input.AsSpan(0, 64), _output);

    [Benchmark, Row("hash", "CryptoCli-portable", Primitive = "Haraka-512")]
    public void Haraka512Portable() => Portable.Haraka512(_input.AsSpan(0, 64), _output);

    [Benchmark, Row("hash", "BouncyCastle", Primitive = "Haraka-512")]
    public void Haraka512BouncyCastle()
    {
        if (Haraka512_X86.IsSupported)
        {
            Haraka512_X86.Hash(_input.AsSpan(0, 64), _output);
        }
        else
        {
            Haraka512BouncyCastleDigest();
        }
    }

    [Benchmark, Row("hash", "BouncyCastle-digest", Primitive = "Haraka-512")]
    public void Haraka512BouncyCastleDigest()
    {
        _bc512.BlockUpdate(_input.AsSpan(0, 64));
        _bc512.DoFinal(_output);
    }

    [Benchmark(OperationsPerInvoke = 4), Row("hash-4x (per output)", "CryptoCli", Primitive = "Haraka-512")]
    public void Haraka512x4() => Haraka.Haraka512x4(_input.AsSpan(0, 256), _output);

    [Benchmark(OperationsPerInvoke = 8), Row("hash-8x (per output)", "CryptoCli", Primitive = "Haraka-512")]
    public void Haraka512x8() => Haraka.Haraka512x8(_input, _output);
}
