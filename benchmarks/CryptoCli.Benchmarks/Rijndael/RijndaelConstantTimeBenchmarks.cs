using System;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// The constant-time bitsliced kernel (<c>CryptoCli-ct</c> rows), the default wherever the hardware is not used, at
/// 16 KiB only: 128-bit blocks beside the T-table (<c>CryptoCli-portable</c>) and BouncyCastle rows of
/// <see cref="AesBenchmarks"/>, 256-bit blocks beside those of <see cref="RijndaelWideBenchmarks"/> (BouncyCastle's
/// <c>RijndaelEngine(256)</c>). The kernel runs at the widest lane width this machine accelerates.
/// The <c>CryptoCli-vperm</c> rows are the vector-permute kernel, the default for 128-bit blocks where SSSE3 (or Arm
/// AdvSimd) is present but AES instructions are not (<c>DOTNET_EnableAES=0</c>, CPUs without AES-NI): pinned by name,
/// so they time that path on any machine with SSSE3, AES-NI or not; their yardstick is BouncyCastle's table
/// <c>AesEngine</c> (the <c>BouncyCastle-portable</c> rows of <see cref="AesBenchmarks"/>), with its CBC-encrypt row
/// repeated here so that <c>--filter '*RijndaelConstantTime*'</c> alone shows the ratio.
/// </summary>
[Primitive("Rijndael-128")]
public class RijndaelConstantTimeBenchmarks
{
    private BlockCipherKernel _aes = null!;
    private BlockCipherKernel _wide = null!;
    private BlockCipherKernel? _vperm;
    private Org.BouncyCastle.Crypto.Modes.IBlockCipherMode _bcTableCbcEncrypt = null!;
    private byte[] _key128 = null!;
    private byte[] _iv128 = null!, _iv256 = null!, _chain128 = null!, _chain256 = null!, _input = null!, _output = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        byte[] key128 = new byte[16];
        byte[] key256 = new byte[32];
        _iv128 = new byte[16];
        _iv256 = new byte[32];
        _chain128 = new byte[16];
        _chain256 = new byte[32];
        _input = new byte[Size];
        _output = new byte[Size];
        random.NextBytes(key128);
        random.NextBytes(key256);
        random.NextBytes(_iv128);
        random.NextBytes(_iv256);
        random.NextBytes(_input);
        _aes = new RijndaelBitslicedKernel(key128, 16);
        _wide = new RijndaelBitslicedKernel(key256, 32);
        _vperm = RegisteredKernel.TryCreate(RijndaelCipher.Kernels, "vperm", key128);
        _key128 = key128;
        _bcTableCbcEncrypt = new Org.BouncyCastle.Crypto.Modes.CbcBlockCipher(new AesEngine());

        // Check against BouncyCastle before timing.
        Check(new AesEngine(), key128, 16, "128-bit");
        Check(new RijndaelEngine(256), key256, 32, "256-bit");
        if (_vperm is not null)
        {
            byte[] expected = new byte[Size];
            _aes.EncryptCbc(_input, expected, (byte[])_iv128.Clone());
            CbcEncryptVperm();
            if (!expected.AsSpan().SequenceEqual(_output))
            {
                throw new InvalidOperationException("vperm CBC differs from the bitsliced kernel");
            }

            BouncyCastlePortableCbcEncrypt();
            if (!expected.AsSpan().SequenceEqual(_output))
            {
                throw new InvalidOperationException("BouncyCastle's CBC differs from the bitsliced kernel");
            }
        }
    }

    private void Check(Org.BouncyCastle.Crypto.IBlockCipher engine, byte[] key, int blockBytes, string what)
    {
        engine.Init(true, new KeyParameter(key));
        byte[] expected = new byte[Size];
        for (int offset = 0; offset < Size; offset += blockBytes)
        {
            engine.ProcessBlock(_input, offset, expected, offset);
        }

        (blockBytes == 16 ? _aes : _wide).EncryptBlocks(_input, _output);
        if (!expected.AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException($"bitsliced {what} ECB differs from BouncyCastle");
        }
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli-ct")]
    public void Ecb128() => _aes.EncryptBlocks(_input, _output);

    [Benchmark, Row("CTR", "CryptoCli-ct")]
    public void Ctr128()
    {
        _iv128.CopyTo(_chain128, 0);
        _aes.TransformCtr(_input, _output, _chain128);
    }

    [Benchmark, Row("CBC-decrypt", "CryptoCli-ct")]
    public void CbcDecrypt128()
    {
        _iv128.CopyTo(_chain128, 0);
        _aes.DecryptCbc(_input, _output, _chain128);
    }

    [Benchmark, Row("CBC-encrypt", "CryptoCli-ct")]
    public void CbcEncrypt128()
    {
        _iv128.CopyTo(_chain128, 0);
        _aes.EncryptCbc(_input, _output, _chain128);
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli-ct", Primitive = "Rijndael-256")]
    public void Ecb256() => _wide.EncryptBlocks(_input, _output);

    [Benchmark, Row("CBC-encrypt", "CryptoCli-ct", Primitive = "Rijndael-256")]
    public void CbcEncrypt256()
    {
        _iv256.CopyTo(_chain256, 0);
        _wide.EncryptCbc(_input, _output, _chain256);
    }

    // The vector-permute kernel: where this process cannot run it (no SSSE3 or AdvSimd), these rows time nothing.

    [Benchmark, Row("CBC-encrypt", "CryptoCli-vperm")]
    public void CbcEncryptVperm()
    {
        _iv128.CopyTo(_chain128, 0);
        _vperm?.EncryptCbc(_input, _output, _chain128);
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli-vperm")]
    public void EcbVperm() => _vperm?.EncryptBlocks(_input, _output);

    [Benchmark, Row("CTR", "CryptoCli-vperm")]
    public void CtrVperm()
    {
        _iv128.CopyTo(_chain128, 0);
        _vperm?.TransformCtr(_input, _output, _chain128);
    }

    [Benchmark, Row("CBC-decrypt", "CryptoCli-vperm")]
    public void CbcDecryptVperm()
    {
        _iv128.CopyTo(_chain128, 0);
        _vperm?.DecryptCbc(_input, _output, _chain128);
    }

    /// <summary>BouncyCastle's table <c>AesEngine</c> under its CBC class, as in <see cref="AesBenchmarks"/>.</summary>
    [Benchmark, Row("CBC-encrypt", "BouncyCastle-portable")]
    public void BouncyCastlePortableCbcEncrypt()
    {
        _bcTableCbcEncrypt.Init(true, new ParametersWithIV(new KeyParameter(_key128), _iv128));
        for (int offset = 0; offset < Size; offset += 16)
        {
            _bcTableCbcEncrypt.ProcessBlock(_input, offset, _output, offset);
        }
    }
}
