using System;
using System.Buffers.Binary;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// AES-128-XTS over 16 KiB as four 4096-byte sectors (<c>EncryptDataUnits</c>), beside our AES-128 ECB over the
/// same bytes: XTS costs the ECB pass plus the tweak arithmetic and two whitening passes. Neither the runtime nor
/// BouncyCastle 2.7 has XTS; the system's libcrypto (<c>OpenSSL</c>, <see cref="OpenSslCipher"/>) does, one data unit per
/// call.
/// </summary>
[Primitive("AES-128-XTS")]
public class AesXtsBenchmarks
{
    private BlockCipherXts _xts = null!;
    private OpenSslCipher? _osslEncrypt, _osslDecrypt;
    private RijndaelCipher _aes = null!;
    private byte[] _input = null!, _output = null!, _ciphertext = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(45);
        byte[] key = new byte[32];
        random.NextBytes(key);
        _input = new byte[Size];
        random.NextBytes(_input);
        _output = new byte[Size];
        _ciphertext = new byte[Size];
        _aes = RijndaelCipher.Create();
        _aes.Key = key.AsSpan(0, 16).ToArray();
        using (var cipher = RijndaelCipher.Create())
        {
            _xts = new BlockCipherXts(cipher, key);
        }

        XtsOcbCheck.XtsRoundTrip(_xts, _input, _ciphertext, _output);

        // OpenSSL's rows, where libcrypto has the cipher, against ours.
        _osslEncrypt = OpenSslCipher.TryCreate("AES-128-XTS", true, key);
        _osslDecrypt = OpenSslCipher.TryCreate("AES-128-XTS", false, key);
        if (_osslEncrypt is not null)
        {
            Array.Clear(_output);
            OpenSslEncrypt();
            GcmCheck.Same(_ciphertext, _output, "ciphertext, OpenSSL");
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
        _xts.Dispose();
        _aes.Dispose();
        _osslEncrypt?.Dispose();
        _osslDecrypt?.Dispose();
    }

    [Benchmark, Row("XTS-encrypt", "CryptoCli")]
    public void OursEncrypt() => _xts.EncryptDataUnits(0, 4096, _input, _output);

    [Benchmark, Row("XTS-encrypt", "OpenSSL"), OpenSsl("AES-128-XTS")]
    public void OpenSslEncrypt() => XtsOcbCheck.OpenSslDataUnits(_osslEncrypt!, 4096, _input, _output);

    [Benchmark, Row("XTS-decrypt", "CryptoCli")]
    public void OursDecrypt() => _xts.DecryptDataUnits(0, 4096, _ciphertext, _output);

    [Benchmark, Row("XTS-decrypt", "OpenSSL"), OpenSsl("AES-128-XTS")]
    public void OpenSslDecrypt() => XtsOcbCheck.OpenSslDataUnits(_osslDecrypt!, 4096, _ciphertext, _output);

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public int OursEcb() => _aes.EncryptEcb(_input, _output, PaddingMode.None);
}

/// <summary>Camellia-128-XTS over 16 KiB as four 4096-byte sectors, beside our Camellia-128 ECB over the same
/// bytes.</summary>
[Primitive("Camellia-128-XTS")]
public class CamelliaXtsBenchmarks
{
    private BlockCipherXts _xts = null!;
    private Camellia _camellia = null!;
    private byte[] _input = null!, _output = null!, _ciphertext = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(46);
        byte[] key = new byte[32];
        random.NextBytes(key);
        _input = new byte[Size];
        random.NextBytes(_input);
        _output = new byte[Size];
        _ciphertext = new byte[Size];
        _camellia = Camellia.Create();
        _camellia.Key = key.AsSpan(0, 16).ToArray();
        using (var cipher = Camellia.Create())
        {
            _xts = new BlockCipherXts(cipher, key);
        }

        XtsOcbCheck.XtsRoundTrip(_xts, _input, _ciphertext, _output);

        // The XTS passes are generic methods first compiled here, while the ECB passes were optimised in earlier
        // classes: the short job would time XTS's unoptimised code against ECB's optimised code.
        TieredWarmUp.Once(nameof(CamelliaXtsBenchmarks), OursEncrypt, OursDecrypt, () => OursEcb());
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _xts.Dispose();
        _camellia.Dispose();
    }

    [Benchmark, Row("XTS-encrypt", "CryptoCli")]
    public void OursEncrypt() => _xts.EncryptDataUnits(0, 4096, _input, _output);

    [Benchmark, Row("XTS-decrypt", "CryptoCli")]
    public void OursDecrypt() => _xts.DecryptDataUnits(0, 4096, _ciphertext, _output);

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public int OursEcb() => _camellia.EncryptEcb(_input, _output, PaddingMode.None);
}

/// <summary>
/// AES-128-OCB3 (12-byte nonce, 16-byte tag, no associated data) at 16 KiB against BouncyCastle 2.7's
/// <c>OcbBlockCipher</c> over two <c>AesUtilities.CreateEngine()</c> instances (re-initialised with the key and a
/// fresh nonce per call) and the system's libcrypto (<c>OpenSSL</c>, <see cref="OpenSslCipher"/>), beside our AES-128
/// CTR over the same bytes (the runtime has no OCB).
/// </summary>
[Primitive("AES-128-OCB3")]
public class AesOcbBenchmarks
{
    private BlockCipherOcb _ours = null!;
    private RijndaelCipher _aes = null!;
    private OcbBlockCipher _bc = null!;
    private OpenSslCipher? _osslEncrypt, _osslDecrypt;
    private KeyParameter _bcKey = null!;
    private byte[] _nonce = null!, _bcNonce = null!, _counter = null!, _input = null!, _output = null!;
    private byte[] _ciphertext = null!, _tag = null!, _bcBuffer = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(47);
        byte[] key = new byte[16];
        random.NextBytes(key);
        _nonce = new byte[12];
        random.NextBytes(_nonce);
        _bcNonce = (byte[])_nonce.Clone();
        _counter = new byte[16];
        _input = new byte[Size];
        random.NextBytes(_input);
        _output = new byte[Size];
        _ciphertext = new byte[Size];
        _tag = new byte[16];
        _bcBuffer = new byte[Size + 16];

        _aes = RijndaelCipher.Create();
        _aes.Key = key;
        _ours = new BlockCipherOcb(_aes);
        _bcKey = new KeyParameter(key);
        IBlockCipher hashEngine = AesUtilities.CreateEngine(), mainEngine = AesUtilities.CreateEngine();
        _bc = new OcbBlockCipher(hashEngine, mainEngine);

        // Same ciphertext and tag from both before timing.
        _ours.Encrypt(_nonce, _input, _ciphertext, _tag);
        _bc.Init(true, new AeadParameters(_bcKey, 128, _nonce));
        int written = _bc.ProcessBytes(_input, 0, _input.Length, _bcBuffer, 0);
        _bc.DoFinal(_bcBuffer, written);
        GcmCheck.Same(_ciphertext, _bcBuffer.AsSpan(0, Size), "ciphertext, BouncyCastle");
        GcmCheck.Same(_tag, _bcBuffer.AsSpan(Size), "tag, BouncyCastle");
        BouncyCastleDecrypt();
        GcmCheck.Same(_input, _bcBuffer.AsSpan(0, Size), "decryption, BouncyCastle");
        OursDecrypt();
        GcmCheck.Same(_input, _output, "decryption, ours");

        // OpenSSL's rows, where libcrypto has the cipher, against ours.
        _osslEncrypt = OpenSslCipher.TryCreate("AES-128-OCB", true, key, _nonce.Length);
        _osslDecrypt = OpenSslCipher.TryCreate("AES-128-OCB", false, key, _nonce.Length);
        if (_osslEncrypt is not null)
        {
            Array.Clear(_output);
            Array.Clear(_tag);
            OpenSslEncrypt();
            GcmCheck.Same(_ciphertext, _output, "ciphertext, OpenSSL");
            _ours.Encrypt(_nonce, _input, _output, _bcBuffer.AsSpan(0, 16));
            GcmCheck.Same(_bcBuffer.AsSpan(0, 16), _tag, "tag, OpenSSL");
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
        _aes.Dispose();
        _osslEncrypt?.Dispose();
        _osslDecrypt?.Dispose();
    }

    [Benchmark, Row("OCB-encrypt", "CryptoCli")]
    public void OursEncrypt() => _ours.Encrypt(_nonce, _input, _output, _tag);

    [Benchmark, Row("OCB-encrypt", "BouncyCastle")]
    public int BouncyCastleEncrypt()
    {
        GcmCheck.NextNonce(_bcNonce);
        _bc.Init(true, new AeadParameters(_bcKey, 128, _bcNonce));
        int written = _bc.ProcessBytes(_input, 0, _input.Length, _bcBuffer, 0);
        return _bc.DoFinal(_bcBuffer, written);
    }

    [Benchmark, Row("OCB-encrypt", "OpenSSL"), OpenSsl("AES-128-OCB")]
    public void OpenSslEncrypt() => _osslEncrypt!.AeadEncrypt(_nonce, _input, _output, _tag);

    [Benchmark, Row("OCB-decrypt", "CryptoCli")]
    public void OursDecrypt() => _ours.Decrypt(_nonce, _ciphertext, _tag, _output);

    [Benchmark, Row("OCB-decrypt", "BouncyCastle")]
    public int BouncyCastleDecrypt()
    {
        _bc.Init(false, new AeadParameters(_bcKey, 128, _nonce));
        int written = _bc.ProcessBytes(_ciphertext, 0, _ciphertext.Length, _bcBuffer, 0);
        written += _bc.ProcessBytes(_tag, 0, _tag.Length, _bcBuffer, written);
        return _bc.DoFinal(_bcBuffer, written);
    }

    [Benchmark, Row("OCB-decrypt", "OpenSSL"), OpenSsl("AES-128-OCB")]
    public void OpenSslDecrypt() => _osslDecrypt!.AeadDecrypt(_nonce, _ciphertext, _tag, _output);

    [Benchmark, Row("CTR-encrypt", "CryptoCli")]
    public int OursCtr()
    {
        _counter.AsSpan().Clear();
        return _aes.TransformCtr(_input, _counter, _output);
    }
}

internal static class XtsOcbCheck
{
    /// <summary>XTS through libcrypto, one call per data unit from data unit 0 (OpenSSL takes one data unit per
    /// initialisation, with the unit's number as a little-endian 16-byte tweak).</summary>
    public static void OpenSslDataUnits(OpenSslCipher cipher, int unitBytes, byte[] input, byte[] output)
    {
        Span<byte> tweak = stackalloc byte[16];
        for (int offset = 0, unit = 0; offset < input.Length; offset += unitBytes, unit++)
        {
            BinaryPrimitives.WriteInt64LittleEndian(tweak, unit);
            cipher.Transform(tweak, input.AsSpan(offset, unitBytes), output.AsSpan(offset, unitBytes));
        }
    }

    /// <summary>Encrypts and decrypts once before timing, so a broken setup fails instead of timing garbage.</summary>
    public static void XtsRoundTrip(BlockCipherXts xts, byte[] input, byte[] ciphertext, byte[] output)
    {
        xts.EncryptDataUnits(0, 4096, input, ciphertext);
        xts.DecryptDataUnits(0, 4096, ciphertext, output);
        GcmCheck.Same(input, output, "XTS round trip");
        if (input.AsSpan().SequenceEqual(ciphertext))
        {
            throw new InvalidOperationException("XTS left the data as it was");
        }
    }
}
