using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// P1 Figure 1 on today's runtime: Rijndael-128 ECB over 1 MB for Basic, Proposed, CryptoCli's portable kernel,
/// CryptoCli's default (AES-NI) path, the built-in Aes and BouncyCastle (category CliTechniques; not in the default run).
/// </summary>
[BenchmarkCategory("CliTechniques")]
public class CliFigureRijndaelBenchmarks
{
    private const int Size = 1 << 20;
    private readonly byte[] _input = new byte[Size];
    private readonly byte[] _output = new byte[Size];
    private RijndaelBasicKernel _basic = null!;
    private RijndaelProposedKernel _proposed = null!;
    private BlockCipherKernel _portable = null!;
    private RijndaelCipher _ours = null!;
    private System.Security.Cryptography.Aes _builtIn = null!;
    private AesEngine _bouncyCastle = null!;

    [GlobalSetup]
    public void Setup()
    {
        byte[] key = new byte[16];
        new Random(1).NextBytes(key);
        new Random(2).NextBytes(_input);
        _basic = new RijndaelBasicKernel(key);
        _proposed = new RijndaelProposedKernel(key);
        _portable = new RijndaelPortableKernel(key, 16);
        _ours = RijndaelCipher.Create();
        _ours.Key = key;
        _builtIn = System.Security.Cryptography.Aes.Create();
        _builtIn.Key = key;
        _bouncyCastle = new AesEngine();
        _bouncyCastle.Init(true, new KeyParameter(key));
        byte[] expected = _builtIn.EncryptEcb(_input, PaddingMode.None);
        foreach (Action run in new Action[] { Basic, Proposed, Portable, () => Default(), BouncyCastle })
        {
            Array.Clear(_output);
            run();
            if (!expected.AsSpan().SequenceEqual(_output))
            {
                throw new InvalidOperationException("a Rijndael study kernel differs from the built-in Aes");
            }
        }
    }

    [Benchmark(Baseline = true)]
    public void Basic() => _basic.EncryptEcb(_input, _output);

    [Benchmark]
    public void Proposed() => _proposed.EncryptEcb(_input, _output);

    [Benchmark]
    public void Portable() => _portable.EncryptBlocks(_input, _output);

    [Benchmark]
    public int Default() => _ours.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark]
    public int BuiltIn() => _builtIn.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark]
    public void BouncyCastle()
    {
        for (int offset = 0; offset < Size; offset += 16)
        {
            _bouncyCastle.ProcessBlock(_input, offset, _output, offset);
        }
    }
}

/// <summary>
/// P1 Figure 2 on today's runtime: Camellia-128 ECB over 1 MB for Basic, Proposed, CryptoCli's table kernels, its
/// default (byte-sliced AES-NI) path and BouncyCastle (category CliTechniques; not in the default run). .NET has no Camellia.
/// </summary>
[BenchmarkCategory("CliTechniques")]
public class CliFigureCamelliaBenchmarks
{
    private const int Size = 1 << 20;
    private readonly byte[] _input = new byte[Size];
    private readonly byte[] _output = new byte[Size];
    private CamelliaBasicKernel _basic = null!;
    private CamelliaProposedKernel _proposed = null!;
    private BlockCipherKernel _table32 = null!;
    private BlockCipherKernel _table64 = null!;
    private Camellia _ours = null!;
    private CamelliaEngine _bouncyCastle = null!;

    [GlobalSetup]
    public void Setup()
    {
        byte[] key = new byte[16];
        new Random(3).NextBytes(key);
        new Random(4).NextBytes(_input);
        _basic = new CamelliaBasicKernel(key);
        _proposed = new CamelliaProposedKernel(key);
        _table32 = new CamelliaTable32Kernel(key);
        _table64 = new CamelliaTable64Kernel(key);
        _ours = Camellia.Create();
        _ours.Key = key;
        _bouncyCastle = new CamelliaEngine();
        _bouncyCastle.Init(true, new KeyParameter(key));
        BouncyCastle();
        byte[] expected = (byte[])_output.Clone();
        foreach (Action run in new Action[] { Basic, Proposed, Table32, Table64, () => Default() })
        {
            Array.Clear(_output);
            run();
            if (!expected.AsSpan().SequenceEqual(_output))
            {
                throw new InvalidOperationException("a Camellia study kernel differs from BouncyCastle");
            }
        }
    }

    [Benchmark(Baseline = true)]
    public void Basic() => _basic.EncryptEcb(_input, _output);

    [Benchmark]
    public void Proposed() => _proposed.EncryptEcb(_input, _output);

    [Benchmark]
    public void Table32() => _table32.EncryptBlocks(_input, _output);

    [Benchmark]
    public void Table64() => _table64.EncryptBlocks(_input, _output);

    [Benchmark]
    public int Default() => _ours.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark]
    public void BouncyCastle()
    {
        for (int offset = 0; offset < Size; offset += 16)
        {
            _bouncyCastle.ProcessBlock(_input, offset, _output, offset);
        }
    }
}
