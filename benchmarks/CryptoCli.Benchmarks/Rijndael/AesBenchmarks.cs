using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// AES-128 (Rijndael with a 128-bit block and key): ECB, CBC encrypt/decrypt and CTR against the runtime's
/// <c>Aes</c> (OpenSSL) and BouncyCastle's <c>AesEngine</c> with its mode classes.
/// </summary>
[Primitive("Rijndael-128")]
public class AesBenchmarks
{
    private RijndaelCipher _ours = null!;
    private BlockCipherKernel _portable = null!;
    private System.Security.Cryptography.Aes _builtIn = null!;
    private IBlockCipher _bcEcbEncrypt = null!;
    private IBlockCipherMode _bcCbcEncrypt = null!;
    private IBlockCipherMode _bcCbcDecrypt = null!;
    private SicBlockCipher _bcCtr = null!;
    private byte[] _key = null!, _iv = null!, _input = null!, _output = null!, _counterBlocks = null!, _chain = null!;

    [Params(16, 1024, 16 * 1024, 1024 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        _key = new byte[16];
        _iv = new byte[16];
        _input = new byte[Size];
        _output = new byte[Size];
        _counterBlocks = new byte[Size];
        _chain = new byte[16];
        random.NextBytes(_key);
        random.NextBytes(_iv);
        random.NextBytes(_input);
        _ours = RijndaelCipher.Create();
        _ours.Key = _key;
        _portable = new RijndaelPortableKernel(_key, 16);
        _builtIn = System.Security.Cryptography.Aes.Create();
        _builtIn.Key = _key;
        _bcEcbEncrypt = new AesEngine();
        _bcEcbEncrypt.Init(true, new KeyParameter(_key));
        _bcCbcEncrypt = new CbcBlockCipher(new AesEngine());
        _bcCbcEncrypt.Init(true, new ParametersWithIV(new KeyParameter(_key), _iv));
        _bcCbcDecrypt = new CbcBlockCipher(new AesEngine());
        _bcCbcDecrypt.Init(false, new ParametersWithIV(new KeyParameter(_key), _iv));
        _bcCtr = new SicBlockCipher(new AesEngine());
        _bcCtr.Init(true, new ParametersWithIV(new KeyParameter(_key), _iv));

        // Check that the rivals compute the same thing before timing them.
        byte[] expected = _builtIn.EncryptEcb(_input, PaddingMode.None);
        OursEcb();
        Check(expected, "ECB ours");
        BouncyCastleEcb();
        Check(expected, "ECB BouncyCastle");
        PortableEcb();
        Check(expected, "ECB portable");
        expected = _builtIn.EncryptCbc(_input, _iv, PaddingMode.None);
        OursCbcEncrypt();
        Check(expected, "CBC ours");
        expected = _ours.EncryptCtr(_input, _iv);
        BuiltInCtr();
        Check(expected, "CTR built-in emulation");
    }

    private void Check(byte[] expected, string what)
    {
        if (!expected.AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException($"{what} differs from the built-in");
        }
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public int OursEcb() => _ours.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark, Row("ECB-encrypt", "CryptoCli-portable")]
    public void PortableEcb() => _portable.EncryptBlocks(_input, _output);

    [Benchmark, Row("ECB-encrypt", "BuiltIn")]
    public int BuiltInEcb() => _builtIn.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark, Row("ECB-encrypt", "BouncyCastle")]
    public void BouncyCastleEcb() => ProcessBlocks(_bcEcbEncrypt);

    [Benchmark, Row("CBC-encrypt", "CryptoCli")]
    public int OursCbcEncrypt() => _ours.EncryptCbc(_input, _iv, _output, PaddingMode.None);

    [Benchmark, Row("CBC-encrypt", "CryptoCli-portable")]
    public void PortableCbcEncrypt()
    {
        _iv.CopyTo(_chain, 0);
        _portable.EncryptCbc(_input, _output, _chain);
    }

    [Benchmark, Row("CBC-encrypt", "BuiltIn")]
    public int BuiltInCbcEncrypt() => _builtIn.EncryptCbc(_input, _iv, _output, PaddingMode.None);

    [Benchmark, Row("CBC-encrypt", "BouncyCastle")]
    public void BouncyCastleCbcEncrypt()
    {
        _bcCbcEncrypt.Reset();
        ProcessBlocks(_bcCbcEncrypt);
    }

    [Benchmark, Row("CBC-decrypt", "CryptoCli")]
    public int OursCbcDecrypt() => _ours.DecryptCbc(_input, _iv, _output, PaddingMode.None);

    [Benchmark, Row("CBC-decrypt", "CryptoCli-portable")]
    public void PortableCbcDecrypt()
    {
        _iv.CopyTo(_chain, 0);
        _portable.DecryptCbc(_input, _output, _chain);
    }

    [Benchmark, Row("CBC-decrypt", "BuiltIn")]
    public int BuiltInCbcDecrypt() => _builtIn.DecryptCbc(_input, _iv, _output, PaddingMode.None);

    [Benchmark, Row("CBC-decrypt", "BouncyCastle")]
    public void BouncyCastleCbcDecrypt()
    {
        _bcCbcDecrypt.Reset();
        ProcessBlocks(_bcCbcDecrypt);
    }

    [Benchmark, Row("CTR", "CryptoCli")]
    public int OursCtr() => _ours.EncryptCtr(_input, _iv, _output);

    [Benchmark, Row("CTR", "CryptoCli-portable")]
    public void PortableCtr()
    {
        _iv.CopyTo(_chain, 0);
        _portable.TransformCtr(_input, _output, _chain);
    }

    /// <summary>The runtime has no CTR mode: ECB over counter blocks, then XOR (the usual emulation).</summary>
    [Benchmark, Row("CTR", "BuiltIn")]
    public void BuiltInCtr()
    {
        _iv.CopyTo(_chain, 0);
        for (int offset = 0; offset < Size; offset += 16)
        {
            _chain.CopyTo(_counterBlocks, offset);
            for (int i = 15; i >= 0 && ++_chain[i] == 0; i--)
            {
            }
        }

        _builtIn.EncryptEcb(_counterBlocks, _output, PaddingMode.None);
        for (int i = 0; i < Size; i++)
        {
            _output[i] ^= _input[i];
        }
    }

    [Benchmark, Row("CTR", "BouncyCastle")]
    public void BouncyCastleCtr()
    {
        _bcCtr.Reset();
        ProcessBlocks(_bcCtr);
    }

    private void ProcessBlocks(IBlockCipher cipher)
    {
        for (int offset = 0; offset < Size; offset += 16)
        {
            cipher.ProcessBlock(_input, offset, _output, offset);
        }
    }
}
