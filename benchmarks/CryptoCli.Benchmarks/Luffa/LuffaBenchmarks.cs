using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Luffa-256 and Luffa-512 one-shot hashing (default path, portable scalar kernel, Vector128 kernel) with the
/// runtime's SHA-256 and SHA-512 as yardsticks under the same primitive names. 8 methods x 3 sizes = 24 cases. The
/// kernels come from the registry (LuffaCore.Kernels): "CryptoCli-portable" is its "portable" entry, "CryptoCli-simd"
/// its "vector128" entry (the portable one where Vector128 is not accelerated).
/// </summary>
[Primitive("Luffa-256")]
public class LuffaBenchmarks
{
    private static readonly LuffaKernel Portable = LuffaCore.Kernels.Get("portable").Create();
    private static readonly LuffaKernel Simd = LuffaCore.Kernels.Get("vector128") is { IsSupported: true } simd ? simd.Create() : Portable;

    private byte[] _input = null!;
    private readonly byte[] _digest = new byte[64];

    [Params(64, 1024, 1024 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _input = new byte[Size];
        new Random(42).NextBytes(_input);

        // Every registered kernel must agree with the default path before anything is timed.
        foreach (int bits in new[] { 256, 512 })
        {
            byte[] expected = bits == 256 ? Luffa256.HashData(_input) : Luffa512.HashData(_input);
            byte[] actual = new byte[bits / 8];
            foreach (KernelEntry<Func<LuffaKernel>> entry in LuffaCore.Kernels.Entries)
            {
                if (entry.IsSupported)
                {
                    LuffaCore.Hash(bits, _input, actual, entry.Create());
                    Check(expected, actual, $"Luffa-{bits} {entry.Name}");
                }
            }
        }
    }

    private static void Check(byte[] expected, byte[] actual, string what)
    {
        if (!expected.AsSpan().SequenceEqual(actual))
        {
            throw new InvalidOperationException($"{what} differs from the default path");
        }
    }

    [Benchmark, Row("Hash", "CryptoCli")]
    public int Luffa256Default() => Luffa256.HashData(_input, _digest);

    [Benchmark, Row("Hash", "CryptoCli-portable")]
    public void Luffa256Portable() => LuffaCore.Hash(256, _input, _digest, Portable);

    [Benchmark, Row("Hash", "CryptoCli-simd")]
    public void Luffa256Simd() => LuffaCore.Hash(256, _input, _digest, Simd);

    [Benchmark, Row("Hash", "BuiltIn")]
    public int Sha256BuiltIn() => SHA256.HashData(_input, _digest);

    [Benchmark, Row("Hash", "CryptoCli", Primitive = "Luffa-512")]
    public int Luffa512Default() => Luffa512.HashData(_input, _digest);

    [Benchmark, Row("Hash", "CryptoCli-portable", Primitive = "Luffa-512")]
    public void Luffa512Portable() => LuffaCore.Hash(512, _input, _digest, Portable);

    [Benchmark, Row("Hash", "CryptoCli-simd", Primitive = "Luffa-512")]
    public void Luffa512Simd() => LuffaCore.Hash(512, _input, _digest, Simd);

    [Benchmark, Row("Hash", "BuiltIn", Primitive = "Luffa-512")]
    public int Sha512BuiltIn() => SHA512.HashData(_input, _digest);
}
