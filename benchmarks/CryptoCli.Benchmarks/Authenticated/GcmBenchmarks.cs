using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// AES-128-GCM encryption and decryption (12-byte nonce, 16-byte tag, no associated data) against the runtime's
/// <c>AesGcm</c> (OpenSSL) and BouncyCastle 2.7's <c>GcmBlockCipher</c> over <c>AesUtilities.CreateEngine()</c> (AES-NI
/// here; BouncyCastle re-initialises with a fresh nonce per encryption, as it refuses a repeated one), and the
/// system's libcrypto called directly through its EVP API (<c>OpenSSL</c>, <see cref="OpenSslCipher"/>).
/// </summary>
[Primitive("AES-128-GCM")]
public class AesGcmBenchmarks
{
    private BlockCipherGcm _ours = null!;
    private AesGcm _builtIn = null!;
    private GcmBlockCipher _bc = null!;
    private OpenSslCipher? _osslEncrypt, _osslDecrypt;
    private byte[] _nonce = null!, _bcNonce = null!, _input = null!, _output = null!, _ciphertext = null!, _tag = null!, _bcBuffer = null!;

    [Params(16, 1024, 16 * 1024, 1024 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        byte[] key = new byte[16];
        random.NextBytes(key);
        _nonce = new byte[12];
        random.NextBytes(_nonce);
        _bcNonce = (byte[])_nonce.Clone();
        _input = new byte[Size];
        random.NextBytes(_input);
        _output = new byte[Size];
        _ciphertext = new byte[Size];
        _tag = new byte[16];
        _bcBuffer = new byte[Size + 16];

        using var aes = RijndaelCipher.Create();
        aes.Key = key;
        _ours = new BlockCipherGcm(aes);
        _builtIn = new AesGcm(key, 16);
        _bc = new GcmBlockCipher(AesUtilities.CreateEngine());
        _bc.Init(true, new AeadParameters(new KeyParameter(key), 128, new byte[12]));

        // Same ciphertext and tag from all three before timing.
        _builtIn.Encrypt(_nonce, _input, _ciphertext, _tag);
        byte[] ct = new byte[Size], tag = new byte[16];
        _ours.Encrypt(_nonce, _input, ct, tag);
        GcmCheck.Same(_ciphertext, ct, "ciphertext, ours");
        GcmCheck.Same(_tag, tag, "tag, ours");
        _bc.Init(true, new AeadParameters(null, 128, _nonce));
        int written = _bc.ProcessBytes(_input, 0, _input.Length, _bcBuffer, 0);
        _bc.DoFinal(_bcBuffer, written);
        GcmCheck.Same(_ciphertext, _bcBuffer.AsSpan(0, Size), "ciphertext, BouncyCastle");
        GcmCheck.Same(_tag, _bcBuffer.AsSpan(Size), "tag, BouncyCastle");
        BouncyCastleDecrypt();
        GcmCheck.Same(_input, _bcBuffer.AsSpan(0, Size), "decryption, BouncyCastle");
        OursDecrypt();
        GcmCheck.Same(_input, _output, "decryption, ours");

        // OpenSSL's rows, where libcrypto has the cipher, against ours.
        _osslEncrypt = OpenSslCipher.TryCreate("AES-128-GCM", true, key, _nonce.Length);
        _osslDecrypt = OpenSslCipher.TryCreate("AES-128-GCM", false, key, _nonce.Length);
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

    [Benchmark, Row("GCM-encrypt", "CryptoCli")]
    public void OursEncrypt() => _ours.Encrypt(_nonce, _input, _output, _tag);

    [Benchmark, Row("GCM-encrypt", "BuiltIn")]
    public void BuiltInEncrypt() => _builtIn.Encrypt(_nonce, _input, _output, _tag);

    [Benchmark, Row("GCM-encrypt", "BouncyCastle")]
    public int BouncyCastleEncrypt()
    {
        GcmCheck.NextNonce(_bcNonce);
        _bc.Init(true, new AeadParameters(null, 128, _bcNonce));
        int written = _bc.ProcessBytes(_input, 0, _input.Length, _bcBuffer, 0);
        return _bc.DoFinal(_bcBuffer, written);
    }

    [Benchmark, Row("GCM-encrypt", "OpenSSL"), OpenSsl("AES-128-GCM")]
    public void OpenSslEncrypt() => _osslEncrypt!.AeadEncrypt(_nonce, _input, _output, _tag);

    [Benchmark, Row("GCM-decrypt", "CryptoCli")]
    public void OursDecrypt() => _ours.Decrypt(_nonce, _ciphertext, _tag, _output);

    [Benchmark, Row("GCM-decrypt", "BuiltIn")]
    public void BuiltInDecrypt() => _builtIn.Decrypt(_nonce, _ciphertext, _tag, _output);

    [Benchmark, Row("GCM-decrypt", "BouncyCastle")]
    public int BouncyCastleDecrypt()
    {
        _bc.Init(false, new AeadParameters(null, 128, _nonce));
        int written = _bc.ProcessBytes(_ciphertext, 0, _ciphertext.Length, _bcBuffer, 0);
        written += _bc.ProcessBytes(_tag, 0, _tag.Length, _bcBuffer, written);
        return _bc.DoFinal(_bcBuffer, written);
    }

    [Benchmark, Row("GCM-decrypt", "OpenSSL"), OpenSsl("AES-128-GCM")]
    public void OpenSslDecrypt() => _osslDecrypt!.AeadDecrypt(_nonce, _ciphertext, _tag, _output);
}

/// <summary>Camellia-128-GCM (RFC 6367) at 16 KiB against BouncyCastle's <c>GcmBlockCipher</c> over <c>CamelliaEngine</c>.</summary>
[Primitive("Camellia-128-GCM")]
public class CamelliaGcmBenchmarks
{
    private BlockCipherGcm _ours = null!;
    private GcmBlockCipher _bc = null!;
    private byte[] _nonce = null!, _bcNonce = null!, _input = null!, _output = null!, _ciphertext = null!, _tag = null!, _bcBuffer = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(43);
        byte[] key = new byte[16];
        random.NextBytes(key);
        _nonce = new byte[12];
        random.NextBytes(_nonce);
        _bcNonce = (byte[])_nonce.Clone();
        _input = new byte[Size];
        random.NextBytes(_input);
        _output = new byte[Size];
        _ciphertext = new byte[Size];
        _tag = new byte[16];
        _bcBuffer = new byte[Size + 16];

        using var camellia = Camellia.Create();
        camellia.Key = key;
        _ours = new BlockCipherGcm(camellia);
        _ours.Encrypt(_nonce, _input, _ciphertext, _tag);
        _bc = new GcmBlockCipher(new CamelliaEngine());
        _bc.Init(true, new AeadParameters(new KeyParameter(key), 128, _nonce));
        int written = _bc.ProcessBytes(_input, 0, _input.Length, _bcBuffer, 0);
        _bc.DoFinal(_bcBuffer, written);
        GcmCheck.Same(_ciphertext, _bcBuffer.AsSpan(0, Size), "ciphertext, BouncyCastle");
        GcmCheck.Same(_tag, _bcBuffer.AsSpan(Size), "tag, BouncyCastle");
        OursDecrypt();
        GcmCheck.Same(_input, _output, "decryption, ours");
    }

    [GlobalCleanup]
    public void Cleanup() => _ours.Dispose();

    [Benchmark, Row("GCM-encrypt", "CryptoCli")]
    public void OursEncrypt() => _ours.Encrypt(_nonce, _input, _output, _tag);

    [Benchmark, Row("GCM-encrypt", "BouncyCastle")]
    public int BouncyCastleEncrypt()
    {
        GcmCheck.NextNonce(_bcNonce);
        _bc.Init(true, new AeadParameters(null, 128, _bcNonce));
        int written = _bc.ProcessBytes(_input, 0, _input.Length, _bcBuffer, 0);
        return _bc.DoFinal(_bcBuffer, written);
    }

    [Benchmark, Row("GCM-decrypt", "CryptoCli")]
    public void OursDecrypt() => _ours.Decrypt(_nonce, _ciphertext, _tag, _output);

    [Benchmark, Row("GCM-decrypt", "BouncyCastle")]
    public int BouncyCastleDecrypt()
    {
        _bc.Init(false, new AeadParameters(null, 128, _nonce));
        int written = _bc.ProcessBytes(_ciphertext, 0, _ciphertext.Length, _bcBuffer, 0);
        written += _bc.ProcessBytes(_tag, 0, _tag.Length, _bcBuffer, written);
        return _bc.DoFinal(_bcBuffer, written);
    }
}

/// <summary>AES-128-CMAC at 16 KiB: the static one-shot against BouncyCastle's <c>CMac</c> over <c>AesUtilities.CreateEngine()</c>.</summary>
[Primitive("AES-128-CMAC")]
public class AesCmacBenchmarks
{
    private RijndaelCipher _aes = null!;
    private CMac _bc = null!;
    private byte[] _input = null!, _mac = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(44);
        byte[] key = new byte[16];
        random.NextBytes(key);
        _input = new byte[Size];
        random.NextBytes(_input);
        _mac = new byte[16];
        _aes = RijndaelCipher.Create();
        _aes.Key = key;
        _bc = new CMac(AesUtilities.CreateEngine());
        _bc.Init(new KeyParameter(key));
        BouncyCastle();
        byte[] expected = (byte[])_mac.Clone();
        Ours();
        GcmCheck.Same(expected, _mac, "CMAC, ours");
    }

    [GlobalCleanup]
    public void Cleanup() => _aes.Dispose();

    [Benchmark, Row("CMAC", "CryptoCli")]
    public int Ours() => BlockCipherCmac.HashData(_aes, _input, _mac);

    [Benchmark, Row("CMAC", "BouncyCastle")]
    public int BouncyCastle()
    {
        _bc.BlockUpdate(_input, 0, _input.Length);
        return _bc.DoFinal(_mac, 0);
    }
}

internal static class GcmCheck
{
    public static void Same(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string what)
    {
        if (!expected.SequenceEqual(actual))
        {
            throw new InvalidOperationException($"{what} differs");
        }
    }

    /// <summary>Adds one to the nonce (big-endian), so that BouncyCastle never sees a repeated encryption nonce.</summary>
    public static void NextNonce(byte[] nonce)
    {
        for (int i = nonce.Length - 1; i >= 0 && ++nonce[i] == 0; i--)
        {
        }
    }
}
