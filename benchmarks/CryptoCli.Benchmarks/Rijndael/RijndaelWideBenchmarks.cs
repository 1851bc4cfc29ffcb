using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Rijndael with a 256-bit block and key (not AES): ECB and CBC encryption against BouncyCastle's
/// <c>RijndaelEngine(256)</c>. The runtime has no wide-block Rijndael, so there is no BuiltIn row.
/// </summary>
[Primitive("Rijndael-256")]
public class RijndaelWideBenchmarks
{
    private RijndaelCipher _ours = null!;
    private BlockCipherKernel _portable = null!;
    private IBlockCipher _bcEcb = null!;
    private IBlockCipherMode _bcCbc = null!;
    private byte[] _iv = null!, _input = null!, _output = null!, _chain = null!;

    [Params(1024, 16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(7);
        byte[] key = new byte[32];
        _iv = new byte[32];
        _chain = new byte[32];
        _input = new byte[Size];
        _output = new byte[Size];
        random.NextBytes(key);
        random.NextBytes(_iv);
        random.NextBytes(_input);
        _ours = RijndaelCipher.Create();
        _ours.BlockSize = 256;
        _ours.Key = key;
        _portable = RegisteredKernel.Create(RijndaelCipher.Kernels, "portable", key, 32);
        _bcEcb = new RijndaelEngine(256);
        _bcEcb.Init(true, new KeyParameter(key));
        _bcCbc = new CbcBlockCipher(new RijndaelEngine(256));
        _bcCbc.Init(true, new ParametersWithIV(new KeyParameter(key), _iv));

        BouncyCastleEcb();
        byte[] expected = (byte[])_output.Clone();
        OursEcb();
        Check(expected, "ECB ours");
        PortableEcb();
        Check(expected, "ECB portable");
        BouncyCastleCbc();
        expected = (byte[])_output.Clone();
        OursCbc();
        Check(expected, "CBC ours");
    }

    private void Check(byte[] expected, string what)
    {
        if (!expected.AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException($"{what} differs from BouncyCastle");
        }
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public int OursEcb() => _ours.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark, Row("ECB-encrypt", "CryptoCli-portable")]
    public void PortableEcb() => _portable.EncryptBlocks(_input, _output);

    [Benchmark, Row("ECB-encrypt", "BouncyCastle")]
    public void BouncyCastleEcb()
    {
        for (int offset = 0; offset < Size; offset += 32)
        {
            _bcEcb.ProcessBlock(_input, offset, _output, offset);
        }
    }

    [Benchmark, Row("CBC-encrypt", "CryptoCli")]
    public int OursCbc() => _ours.EncryptCbc(_input, _iv, _output, PaddingMode.None);

    [Benchmark, Row("CBC-encrypt", "CryptoCli-portable")]
    public void PortableCbc()
    {
        _iv.CopyTo(_chain, 0);
        _portable.EncryptCbc(_input, _output, _chain);
    }

    [Benchmark, Row("CBC-encrypt", "BouncyCastle")]
    public void BouncyCastleCbc()
    {
        _bcCbc.Reset();
        for (int offset = 0; offset < Size; offset += 32)
        {
            _bcCbc.ProcessBlock(_input, offset, _output, offset);
        }
    }
}
