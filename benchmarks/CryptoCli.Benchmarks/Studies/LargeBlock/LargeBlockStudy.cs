#pragma warning disable CRYPTOCLI001 // the research constructions are [Experimental] on purpose
using System;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace CryptoCli.Benchmarks;

/// <summary>
/// P5's Tables 6 and 7 on this machine: CBC encryption and CTR over 100,000-byte messages for the eight
/// constructions, in cycles per byte at the clock measured in-process (the "cycles/byte" column). CBC uses PKCS7
/// padding, as a 100,000-byte message is not a whole number of 512-bit blocks (one extra block, 0.06%).
/// Not in the default run: <c>--filter '*LargeBlockStudy*' --short</c>.
/// </summary>
[Config(typeof(CyclesPerByteConfig))]
public class LargeBlockStudy
{
    private readonly BlockCipherAlgorithm[] _ciphers = LargeBlockSetup.CreateAll();
    private byte[] _input = null!, _output = null!, _iv = null!, _iv512 = null!;

    [Params(100_000)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        _input = new byte[Size];
        _output = new byte[Size + 64];
        _iv = new byte[32];
        _iv512 = new byte[64];
        random.NextBytes(_input);
        random.NextBytes(_iv);
        random.NextBytes(_iv512);
        LargeBlockSetup.CheckAgainstPortable(_ciphers, _input.AsSpan(0, 4096).ToArray(), checkCbc: true);
    }

    [Benchmark] public int Cbc256OneRoundBlend() => _ciphers[1].EncryptCbc(_input, _iv, _output, PaddingMode.PKCS7);

    [Benchmark] public int Cbc256OneRoundUnpack() => _ciphers[0].EncryptCbc(_input, _iv, _output, PaddingMode.PKCS7);

    [Benchmark] public int Cbc256TwoRoundBlend() => _ciphers[3].EncryptCbc(_input, _iv, _output, PaddingMode.PKCS7);

    [Benchmark] public int Cbc256TwoRoundUnpack() => _ciphers[2].EncryptCbc(_input, _iv, _output, PaddingMode.PKCS7);

    [Benchmark] public int Ctr256OneRoundBlend() => _ciphers[1].EncryptCtr(_input, _iv, _output.AsSpan(0, Size));

    [Benchmark] public int Ctr256OneRoundUnpack() => _ciphers[0].EncryptCtr(_input, _iv, _output.AsSpan(0, Size));

    [Benchmark] public int Ctr256TwoRoundBlend() => _ciphers[3].EncryptCtr(_input, _iv, _output.AsSpan(0, Size));

    [Benchmark] public int Ctr256TwoRoundUnpack() => _ciphers[2].EncryptCtr(_input, _iv, _output.AsSpan(0, Size));

    [Benchmark] public int Cbc512OneRoundBlend() => _ciphers[5].EncryptCbc(_input, _iv512, _output, PaddingMode.PKCS7);

    [Benchmark] public int Cbc512OneRoundUnpack() => _ciphers[4].EncryptCbc(_input, _iv512, _output, PaddingMode.PKCS7);

    [Benchmark] public int Cbc512TwoRoundBlend() => _ciphers[7].EncryptCbc(_input, _iv512, _output, PaddingMode.PKCS7);

    [Benchmark] public int Cbc512TwoRoundUnpack() => _ciphers[6].EncryptCbc(_input, _iv512, _output, PaddingMode.PKCS7);

    [Benchmark] public int Ctr512OneRoundBlend() => _ciphers[5].EncryptCtr(_input, _iv512, _output.AsSpan(0, Size));

    [Benchmark] public int Ctr512OneRoundUnpack() => _ciphers[4].EncryptCtr(_input, _iv512, _output.AsSpan(0, Size));

    [Benchmark] public int Ctr512TwoRoundBlend() => _ciphers[7].EncryptCtr(_input, _iv512, _output.AsSpan(0, Size));

    [Benchmark] public int Ctr512TwoRoundUnpack() => _ciphers[6].EncryptCtr(_input, _iv512, _output.AsSpan(0, Size));
}
