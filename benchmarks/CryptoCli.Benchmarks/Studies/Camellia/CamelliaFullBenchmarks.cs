using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Camellia bulk operations: the public type's default path, each kernel called directly, and BouncyCastle's
/// <c>CamelliaEngine</c> with its mode classes (.NET has no Camellia). The setup checks that all agree first.
/// </summary>
public abstract class CamelliaBenchmarkBase
{
    private Camellia _ours = null!;
    private BlockCipherKernel _table32 = null!;
    private BlockCipherKernel _table64 = null!;
    private BlockCipherKernel? _aesni;
    private IBlockCipher _bcEcb = null!;
    private IBlockCipherMode _bcCbc = null!;
    private SicBlockCipher _bcCtr = null!;
    private byte[] _key = null!, _iv = null!, _input = null!, _output = null!, _chain = null!;

    protected abstract int KeyBytes { get; }

    public abstract int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(3713);
        _key = new byte[KeyBytes];
        _iv = new byte[16];
        _input = new byte[Size];
        _output = new byte[Size];
        _chain = new byte[16];
        random.NextBytes(_key);
        random.NextBytes(_iv);
        random.NextBytes(_input);
        _ours = Camellia.Create();
        _ours.Key = _key;
        _table32 = RegisteredKernel.Create(Camellia.Kernels, "table32", _key);
        _table64 = RegisteredKernel.Create(Camellia.Kernels, "table64", _key);
        _aesni = RegisteredKernel.TryCreate(Camellia.Kernels, "aesni", _key);
        _bcEcb = new CamelliaEngine();
        _bcEcb.Init(true, new KeyParameter(_key));
        _bcCbc = new CbcBlockCipher(new CamelliaEngine());
        _bcCbc.Init(true, new ParametersWithIV(new KeyParameter(_key), _iv));
        _bcCtr = new SicBlockCipher(new CamelliaEngine());
        _bcCtr.Init(true, new ParametersWithIV(new KeyParameter(_key), _iv));

        // Every rival must compute the same output before anything is timed.
        BouncyCastleEcb();
        byte[] expected = (byte[])_output.Clone();
        Check(expected, OursEcb, "ECB CryptoCli");
        Check(expected, Table32Ecb, "ECB table32");
        Check(expected, Table64Ecb, "ECB table64");
        Check(expected, AesNiEcb, "ECB aesni");
        BouncyCastleCbcEncrypt();
        expected = (byte[])_output.Clone();
        Check(expected, OursCbcEncrypt, "CBC CryptoCli");
        Check(expected, Table32CbcEncrypt, "CBC table32");
        Check(expected, Table64CbcEncrypt, "CBC table64");
        Check(expected, AesNiCbcEncrypt, "CBC aesni");
        BouncyCastleCtr();
        expected = (byte[])_output.Clone();
        Check(expected, OursCtr, "CTR CryptoCli");
        Check(expected, Table32Ctr, "CTR table32");
        Check(expected, Table64Ctr, "CTR table64");
        Check(expected, AesNiCtr, "CTR aesni");
    }

    private void Check(byte[] expected, Action run, string what)
    {
        Array.Clear(_output);
        run();
        if (!expected.AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException($"{what} differs from BouncyCastle");
        }
    }

    private void Check(byte[] expected, Func<int> run, string what) => Check(expected, () => { run(); }, what);

    [GlobalCleanup]
    public void Cleanup()
    {
        _ours.Dispose();
        _table32.Dispose();
        _table64.Dispose();
        _aesni?.Dispose();
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public int OursEcb() => _ours.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark, Row("ECB-encrypt", "CryptoCli-table32")]
    public void Table32Ecb() => _table32.EncryptBlocks(_input, _output);

    [Benchmark, Row("ECB-encrypt", "CryptoCli-table64")]
    public void Table64Ecb() => _table64.EncryptBlocks(_input, _output);

    [Benchmark, Row("ECB-encrypt", "CryptoCli-aesni")]
    public void AesNiEcb() => (_aesni ?? _table64).EncryptBlocks(_input, _output);

    [Benchmark, Row("ECB-encrypt", "BouncyCastle")]
    public void BouncyCastleEcb() => ProcessBlocks(_bcEcb);

    [Benchmark, Row("CBC-encrypt", "CryptoCli")]
    public int OursCbcEncrypt() => _ours.EncryptCbc(_input, _iv, _output, PaddingMode.None);

    [Benchmark, Row("CBC-encrypt", "CryptoCli-table32")]
    public void Table32CbcEncrypt() => KernelCbc(_table32);

    [Benchmark, Row("CBC-encrypt", "CryptoCli-table64")]
    public void Table64CbcEncrypt() => KernelCbc(_table64);

    /// <summary>CBC encryption is serial: the bulk kernel hands it to its table kernel (listed for completeness).</summary>
    [Benchmark, Row("CBC-encrypt", "CryptoCli-aesni")]
    public void AesNiCbcEncrypt() => KernelCbc(_aesni ?? _table64);

    [Benchmark, Row("CBC-encrypt", "BouncyCastle")]
    public void BouncyCastleCbcEncrypt()
    {
        _bcCbc.Reset();
        ProcessBlocks(_bcCbc);
    }

    [Benchmark, Row("CTR", "CryptoCli")]
    public int OursCtr() => _ours.EncryptCtr(_input, _iv, _output);

    [Benchmark, Row("CTR", "CryptoCli-table32")]
    public void Table32Ctr() => KernelCtr(_table32);

    [Benchmark, Row("CTR", "CryptoCli-table64")]
    public void Table64Ctr() => KernelCtr(_table64);

    [Benchmark, Row("CTR", "CryptoCli-aesni")]
    public void AesNiCtr() => KernelCtr(_aesni ?? _table64);

    [Benchmark, Row("CTR", "BouncyCastle")]
    public void BouncyCastleCtr()
    {
        _bcCtr.Reset();
        ProcessBlocks(_bcCtr);
    }

    private void KernelCbc(BlockCipherKernel kernel)
    {
        _iv.CopyTo(_chain, 0);
        kernel.EncryptCbc(_input, _output, _chain);
    }

    private void KernelCtr(BlockCipherKernel kernel)
    {
        _iv.CopyTo(_chain, 0);
        kernel.TransformCtr(_input, _output, _chain);
    }

    private void ProcessBlocks(IBlockCipher cipher)
    {
        for (int offset = 0; offset < _input.Length; offset += 16)
        {
            cipher.ProcessBlock(_input, offset, _output, offset);
        }
    }
}

/// <summary>
/// The full matrix the issue asks for (Camellia-128 and -256; ECB, CBC-encrypt, CTR; 16 B to 1 MiB; every kernel
/// and BouncyCastle): 120 cases, too many for the default run, so only through <c>--filter '*CamelliaFull*'</c>.
/// </summary>
[MinColumn, MedianColumn, IterationCount(9)]
public class CamelliaFull128Benchmarks : CamelliaBenchmarkBase
{
    protected override int KeyBytes => 16;

    [Params(16, 1024, 16 * 1024, 1024 * 1024)]
    public override int Size { get; set; }
}

/// <summary>Camellia-256 half of the full matrix (see <see cref="CamelliaFull128Benchmarks"/>).</summary>
[MinColumn, MedianColumn, IterationCount(9)]
public class CamelliaFull256Benchmarks : CamelliaBenchmarkBase
{
    protected override int KeyBytes => 32;

    [Params(16, 1024, 16 * 1024, 1024 * 1024)]
    public override int Size { get; set; }
}
