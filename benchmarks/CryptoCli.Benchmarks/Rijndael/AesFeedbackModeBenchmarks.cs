using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// AES-128 in CFB-128 (encrypt is serial, decrypt parallel) and full-block OFB (serial) at 16 KiB against the runtime's
/// <c>Aes</c> (CFB only: it has no OFB) and BouncyCastle.Cryptography 2.7.0's CfbBlockCipher and OfbBlockCipher over the
/// engine <c>AesUtilities.CreateEngine()</c> picks (AES-NI here), through the span API. Ours runs through the public
/// API: the CFB one-shots, and an OFB encryptor from <c>Mode = OFB</c> (one reused transform, whose keystream simply
/// continues from call to call; the work per call is the same).
/// </summary>
[Primitive("Rijndael-128")]
public class AesFeedbackModeBenchmarks
{
    private RijndaelCipher _ours = null!;
    private ICryptoTransform _oursOfb = null!;
    private System.Security.Cryptography.Aes _builtIn = null!;
    private IBlockCipherMode _bcCfbEncrypt = null!;
    private IBlockCipherMode _bcCfbDecrypt = null!;
    private IBlockCipherMode _bcOfb = null!;
    private byte[] _key = null!, _iv = null!, _input = null!, _output = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(43);
        _key = new byte[16];
        _iv = new byte[16];
        _input = new byte[Size];
        _output = new byte[Size];
        random.NextBytes(_key);
        random.NextBytes(_iv);
        random.NextBytes(_input);
        _ours = RijndaelCipher.Create();
        _ours.Key = _key;
        _builtIn = System.Security.Cryptography.Aes.Create();
        _builtIn.Key = _key;
        var parameters = new ParametersWithIV(new KeyParameter(_key), _iv);
        _bcCfbEncrypt = new CfbBlockCipher(AesUtilities.CreateEngine(), 128);
        _bcCfbEncrypt.Init(true, parameters);
        _bcCfbDecrypt = new CfbBlockCipher(AesUtilities.CreateEngine(), 128);
        _bcCfbDecrypt.Init(false, parameters);
        _bcOfb = new OfbBlockCipher(AesUtilities.CreateEngine(), 128);
        _bcOfb.Init(true, parameters);

        // Check that the rivals compute the same thing before timing them.
        byte[] expected = _builtIn.EncryptCfb(_input, _iv, PaddingMode.None, 128);
        OursCfbEncrypt();
        Check(expected, "CFB ours");
        BouncyCastleCfbEncrypt();
        Check(expected, "CFB BouncyCastle");
        expected = _builtIn.DecryptCfb(_input, _iv, PaddingMode.None, 128);
        OursCfbDecrypt();
        Check(expected, "CFB-decrypt ours");
        BouncyCastleCfbDecrypt();
        Check(expected, "CFB-decrypt BouncyCastle");
        BouncyCastleOfb();
        expected = (byte[])_output.Clone();
        _ours.Mode = CipherMode.OFB;
        _ours.FeedbackSize = 128;
        _ours.Padding = PaddingMode.None;
        _oursOfb = _ours.CreateEncryptor(_key, _iv);
        OursOfb();
        Check(expected, "OFB ours");
    }

    private void Check(byte[] expected, string what)
    {
        if (!expected.AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException($"{what} differs");
        }
    }

    [Benchmark, Row("CFB128-encrypt", "CryptoCli")]
    public int OursCfbEncrypt() => _ours.EncryptCfb(_input, _iv, _output, PaddingMode.None, 128);

    [Benchmark, Row("CFB128-encrypt", "BuiltIn")]
    public int BuiltInCfbEncrypt() => _builtIn.EncryptCfb(_input, _iv, _output, PaddingMode.None, 128);

    [Benchmark, Row("CFB128-encrypt", "BouncyCastle")]
    public void BouncyCastleCfbEncrypt()
    {
        _bcCfbEncrypt.Reset();
        ProcessBlocks(_bcCfbEncrypt);
    }

    [Benchmark, Row("CFB128-decrypt", "CryptoCli")]
    public int OursCfbDecrypt() => _ours.DecryptCfb(_input, _iv, _output, PaddingMode.None, 128);

    [Benchmark, Row("CFB128-decrypt", "BuiltIn")]
    public int BuiltInCfbDecrypt() => _builtIn.DecryptCfb(_input, _iv, _output, PaddingMode.None, 128);

    [Benchmark, Row("CFB128-decrypt", "BouncyCastle")]
    public void BouncyCastleCfbDecrypt()
    {
        _bcCfbDecrypt.Reset();
        ProcessBlocks(_bcCfbDecrypt);
    }

    [Benchmark, Row("OFB", "CryptoCli")]
    public int OursOfb() => _oursOfb.TransformBlock(_input, 0, Size, _output, 0);

    [Benchmark, Row("OFB", "BouncyCastle")]
    public void BouncyCastleOfb()
    {
        _bcOfb.Reset();
        ProcessBlocks(_bcOfb);
    }

    private void ProcessBlocks(IBlockCipher cipher)
    {
        for (int offset = 0; offset < Size; offset += 16)
        {
            cipher.ProcessBlock(_input.AsSpan(offset, 16), _output.AsSpan(offset, 16));
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _oursOfb.Dispose();
        _ours.Dispose();
        _builtIn.Dispose();
    }
}
