using System;
using BenchmarkDotNet.Attributes;

namespace CryptoCli.Benchmarks;

/// <summary>
/// MUGI keystream (and XOR with data) from a running generator, 16 bytes and 16 KiB per call: the public type (fused
/// T0..T3 tables, index-rotated buffer) against the straightforward reference. No other .NET library has MUGI.
/// </summary>
[Primitive("MUGI"), Config(typeof(CryptrecColumnsConfig))]
public class MugiBenchmarks
{
    private Mugi _ours = null!;
    private MugiReference _reference = null!;
    private byte[] _input = null!, _output = null!;

    [Params(16, 16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        byte[] key = new byte[16], iv = new byte[16];
        random.NextBytes(key);
        random.NextBytes(iv);
        _input = new byte[Size];
        _output = new byte[Size];
        random.NextBytes(_input);

        // Agreement check on fresh generators, then the timed ones.
        using (var check = new Mugi(key, iv))
        {
            check.GenerateKeystream(_output);
            if (!_output.AsSpan().SequenceEqual(MugiReference.Keystream(key, iv, Size)))
            {
                throw new InvalidOperationException("MUGI fast keystream differs from the reference");
            }
        }

        _ours = new Mugi(key, iv);
        _reference = new MugiReference(key, iv);
        CryptrecWarmUp.Once(nameof(MugiBenchmarks) + Size, () =>
        {
            OursKeystream();
            ReferenceKeystream();
            OursTransform();
        });
    }

    [GlobalCleanup]
    public void Cleanup() => _ours.Dispose();

    [Benchmark, Row("keystream", "CryptoCli")]
    public void OursKeystream() => _ours.GenerateKeystream(_output);

    [Benchmark, Row("keystream", "CryptoCli-reference")]
    public void ReferenceKeystream() => _reference.Generate(_output);

    [Benchmark, Row("transform", "CryptoCli")]
    public void OursTransform() => _ours.Transform(_input, _output);
}
