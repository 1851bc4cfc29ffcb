using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// AES-128-CCM encryption and decryption of 16 KiB (12-byte nonce, 16-byte tag, no associated data) against the
/// runtime's <c>AesCcm</c> (OpenSSL) and BouncyCastle's <c>CcmBlockCipher</c> over <c>AesUtilities.CreateEngine()</c>
/// (initialised once: its packet calls keep the nonce), and the system's libcrypto called directly through its EVP API
/// (<c>OpenSSL</c>, <see cref="OpenSslCipher"/>).
/// </summary>
[Primitive("AES-128-CCM")]
public class AesCcmBenchmarks
{
    private BlockCipherCcm _ours = null!;
    private AesCcm _builtIn = null!;
    private CcmBlockCipher _bcEncrypt = null!, _bcDecrypt = null!;
    private OpenSslCipher? _osslEncrypt, _osslDecrypt;
    private byte[] _nonce = null!, _input = null!, _output = null!, _ciphertext = null!, _tag = null!;
    private byte[] _bcSealed = null!, _bcBuffer = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(44);
        byte[] key = new byte[16];
        random.NextBytes(key);
        _nonce = new byte[12];
        random.NextBytes(_nonce);
        _input = new byte[Size];
        random.NextBytes(_input);
        _output = new byte[Size];
        _ciphertext = new byte[Size];
        _tag = new byte[16];
        _bcSealed = new byte[Size + 16];
        _bcBuffer = new byte[Size + 16];

        using var aes = RijndaelCipher.Create();
        aes.Key = key;
        _ours = new BlockCipherCcm(aes);
        _builtIn = new AesCcm(key);
        _bcEncrypt = new CcmBlockCipher(AesUtilities.CreateEngine());
        _bcEncrypt.Init(true, new AeadParameters(new KeyParameter(key), 128, _nonce));
        _bcDecrypt = new CcmBlockCipher(AesUtilities.CreateEngine());
        _bcDecrypt.Init(false, new AeadParameters(new KeyParameter(key), 128, _nonce));

        // Same ciphertext and tag from all three before timing.
        _builtIn.Encrypt(_nonce, _input, _ciphertext, _tag);
        byte[] ct = new byte[Size], tag = new byte[16];
        _ours.Encrypt(_nonce, _input, ct, tag);
        GcmCheck.Same(_ciphertext, ct, "ciphertext, ours");
        GcmCheck.Same(_tag, tag, "tag, ours");
        BouncyCastleEncrypt();
        GcmCheck.Same(_ciphertext, _bcBuffer.AsSpan(0, Size), "ciphertext, BouncyCastle");
        GcmCheck.Same(_tag, _bcBuffer.AsSpan(Size, 16), "tag, BouncyCastle");
        _bcBuffer.AsSpan().CopyTo(_bcSealed);
        BouncyCastleDecrypt();
        GcmCheck.Same(_input, _bcBuffer.AsSpan(0, Size), "decryption, BouncyCastle");
        OursDecrypt();
        GcmCheck.Same(_input, _output, "decryption, ours");

        // OpenSSL's rows, where libcrypto has the cipher, against ours.
        _osslEncrypt = OpenSslCipher.TryCreate("AES-128-CCM", true, key, _nonce.Length, _tag.Length);
        _osslDecrypt = OpenSslCipher.TryCreate("AES-128-CCM", false, key, _nonce.Length, _tag.Length);
        if (_osslEncrypt is not null)
        {
            Array.Clear(_output);
            Array.Clear(_tag);
            OpenSslEncrypt();
            GcmCheck.Same(ct, _output, "ciphertext, OpenSSL");
            GcmCheck.Same(tag, _tag, "tag, OpenSSL");
        }

        if (_osslDecrypt is not null)
        {
            Array.Clear(_output);
            OpenSslDecrypt();
            GcmCheck.Same(_input, _output, "decryption, OpenSSL");
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _ours.Dispose();
        _builtIn.Dispose();
        _osslEncrypt?.Dispose();
        _osslDecrypt?.Dispose();
    }

    [Benchmark, Row("CCM-encrypt", "CryptoCli")]
    public void OursEncrypt() => _ours.Encrypt(_nonce, _input, _output, _tag);

    [Benchmark, Row("CCM-encrypt", "BuiltIn")]
    public void BuiltInEncrypt() => _builtIn.Encrypt(_nonce, _input, _output, _tag);

    [Benchmark, Row("CCM-encrypt", "BouncyCastle")]
    public int BouncyCastleEncrypt() => _bcEncrypt.ProcessPacket(_input, 0, _input.Length, _bcBuffer, 0);

    [Benchmark, Row("CCM-encrypt", "OpenSSL"), OpenSsl("AES-128-CCM")]
    public void OpenSslEncrypt() => _osslEncrypt!.AeadEncrypt(_nonce, _input, _output, _tag);

    [Benchmark, Row("CCM-decrypt", "CryptoCli")]
    public void OursDecrypt() => _ours.Decrypt(_nonce, _ciphertext, _tag, _output);

    [Benchmark, Row("CCM-decrypt", "BuiltIn")]
    public void BuiltInDecrypt() => _builtIn.Decrypt(_nonce, _ciphertext, _tag, _output);

    [Benchmark, Row("CCM-decrypt", "BouncyCastle")]
    public int BouncyCastleDecrypt() => _bcDecrypt.ProcessPacket(_bcSealed, 0, _bcSealed.Length, _bcBuffer, 0);

    [Benchmark, Row("CCM-decrypt", "OpenSSL"), OpenSsl("AES-128-CCM")]
    public void OpenSslDecrypt() => _osslDecrypt!.AeadDecrypt(_nonce, _ciphertext, _tag, _output);
}
