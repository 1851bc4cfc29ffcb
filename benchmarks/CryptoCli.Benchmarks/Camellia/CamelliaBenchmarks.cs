using System;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Camellia-128 in the default run (44 cases): CTR for the default path, the 64-bit table kernel, the bulk
/// kernel and BouncyCastle; ECB and CBC-encrypt for the default path and BouncyCastle; all three for the system's
/// libcrypto through its EVP API (<c>OpenSSL</c>, <see cref="OpenSslCipher"/>). The full matrix with every
/// kernel and Camellia-256 is <see cref="CamelliaFull128Benchmarks"/> / <see cref="CamelliaFull256Benchmarks"/>.
/// </summary>
[Primitive("Camellia-128")]
public class CamelliaBenchmarks
{
    private CamelliaRivals _r = null!;

    [Params(16, 1024, 16 * 1024, 1024 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup() => _r = new CamelliaRivals(16, Size, openSsl: true);

    [GlobalCleanup]
    public void Cleanup() => _r.Dispose();

    [Benchmark, Row("CTR", "CryptoCli")]
    public int OursCtr() => _r.OursCtr();

    [Benchmark, Row("CTR", "CryptoCli-table64")]
    public void Table64Ctr() => _r.KernelCtr(_r.Table64);

    [Benchmark, Row("CTR", "CryptoCli-aesni")]
    public void AesNiCtr() => _r.KernelCtr(_r.AesNi);

    [Benchmark, Row("CTR", "BouncyCastle")]
    public void BouncyCastleCtr() => _r.BouncyCastleCtr();

    [Benchmark, Row("CTR", "OpenSSL"), OpenSsl("CAMELLIA-128-CTR")]
    public int OpenSslCtr() => _r.OpenSslCtr();

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public int OursEcb() => _r.OursEcb();

    [Benchmark, Row("ECB-encrypt", "BouncyCastle")]
    public void BouncyCastleEcb() => _r.BouncyCastleEcb();

    [Benchmark, Row("ECB-encrypt", "OpenSSL"), OpenSsl("CAMELLIA-128-ECB")]
    public int OpenSslEcb() => _r.OpenSslEcb();

    [Benchmark, Row("CBC-encrypt", "CryptoCli")]
    public int OursCbcEncrypt() => _r.OursCbcEncrypt();

    [Benchmark, Row("CBC-encrypt", "BouncyCastle")]
    public void BouncyCastleCbcEncrypt() => _r.BouncyCastleCbcEncrypt();

    [Benchmark, Row("CBC-encrypt", "OpenSSL"), OpenSsl("CAMELLIA-128-CBC")]
    public int OpenSslCbcEncrypt() => _r.OpenSslCbcEncrypt();
}

/// <summary>
/// Camellia-256 in the default run (8 cases, 16 KiB only): default path and BouncyCastle, and, in CTR and ECB, the
/// 512-bit GFNI kernel pinned by name (never the default; on a CPU without GFNI and AVX-512 those rows measure the
/// default kernel instead).
/// </summary>
[Primitive("Camellia-256")]
public class Camellia256Benchmarks
{
    private CamelliaRivals _r = null!;

    [Params(16 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup() => _r = new CamelliaRivals(32, Size);

    [GlobalCleanup]
    public void Cleanup() => _r.Dispose();

    [Benchmark, Row("CTR", "CryptoCli")]
    public int OursCtr() => _r.OursCtr();

    [Benchmark, Row("CTR", "CryptoCli-gfni-v512")]
    public void GfniV512Ctr() => _r.KernelCtr(_r.GfniV512);

    [Benchmark, Row("CTR", "BouncyCastle")]
    public void BouncyCastleCtr() => _r.BouncyCastleCtr();

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public int OursEcb() => _r.OursEcb();

    [Benchmark, Row("ECB-encrypt", "CryptoCli-gfni-v512")]
    public void GfniV512Ecb() => _r.KernelEcb(_r.GfniV512);

    [Benchmark, Row("ECB-encrypt", "BouncyCastle")]
    public void BouncyCastleEcb() => _r.BouncyCastleEcb();

    [Benchmark, Row("CBC-encrypt", "CryptoCli")]
    public int OursCbcEncrypt() => _r.OursCbcEncrypt();

    [Benchmark, Row("CBC-encrypt", "BouncyCastle")]
    public void BouncyCastleCbcEncrypt() => _r.BouncyCastleCbcEncrypt();
}

/// <summary>
/// Camellia key schedule in the default run (6 cases, operations/s): ours (the 64-bit schedule that every kernel
/// starts from) and BouncyCastle's <c>CamelliaEngine.Init</c>. Each next key is taken from the previous subkeys, as in P2.
/// </summary>
[Primitive("Camellia")]
public class CamelliaKeyScheduleBenchmarks
{
    private readonly byte[] _key128 = new byte[16], _key192 = new byte[24], _key256 = new byte[32];
    private readonly ulong[] _subkeys = new ulong[34];
    private readonly CamelliaEngine _engine = new();

    [Benchmark, Row("KeySchedule-128", "CryptoCli")]
    public ulong Ours128() => Expand(_key128);

    [Benchmark, Row("KeySchedule-192", "CryptoCli")]
    public ulong Ours192() => Expand(_key192);

    [Benchmark, Row("KeySchedule-256", "CryptoCli")]
    public ulong Ours256() => Expand(_key256);

    [Benchmark, Row("KeySchedule-128", "BouncyCastle")]
    public void BouncyCastle128() => _engine.Init(true, new KeyParameter(_key128));

    [Benchmark, Row("KeySchedule-192", "BouncyCastle")]
    public void BouncyCastle192() => _engine.Init(true, new KeyParameter(_key192));

    [Benchmark, Row("KeySchedule-256", "BouncyCastle")]
    public void BouncyCastle256() => _engine.Init(true, new KeyParameter(_key256));

    private ulong Expand(byte[] key)
    {
        int count = CamelliaKeySchedule.SubkeyCount(key.Length);
        CamelliaKeySchedule.Expand(key, _subkeys.AsSpan(0, count));
        MemoryMarshal.AsBytes(_subkeys.AsSpan(2, 4)).Slice(0, key.Length).CopyTo(key);
        return _subkeys[count - 1];
    }
}

/// <summary>The rivals shared by the default-run classes, checked against each other in the constructor.</summary>
internal sealed class CamelliaRivals : IDisposable
{
    private readonly Camellia _ours;
    private readonly IBlockCipher _bcEcb;
    private readonly IBlockCipherMode _bcCbc;
    private readonly SicBlockCipher _bcCtr;
    private readonly OpenSslCipher? _osslEcb, _osslCbc, _osslCtr;
    private readonly byte[] _iv, _input, _output, _chain = new byte[16];

    /// <param name="openSsl">Whether to key libcrypto's contexts too (where it has the cipher) and check them against ours.</param>
    public CamelliaRivals(int keyBytes, int size, bool openSsl = false)
    {
        var random = new Random(3713);
        byte[] key = new byte[keyBytes];
        _iv = new byte[16];
        _input = new byte[size];
        _output = new byte[size];
        random.NextBytes(key);
        random.NextBytes(_iv);
        random.NextBytes(_input);
        _ours = Camellia.Create();
        _ours.Key = key;
        Table64 = RegisteredKernel.Create(Camellia.Kernels, "table64", key);
        AesNi = RegisteredKernel.TryCreate(Camellia.Kernels, "aesni", key) ?? RegisteredKernel.Create(Camellia.Kernels, "table64", key);
        GfniV512 = RegisteredKernel.TryCreate(Camellia.Kernels, "gfni-v512", key) ?? Camellia.Kernels.CreateDefault(key, 16);
        _bcEcb = new CamelliaEngine();
        _bcEcb.Init(true, new KeyParameter(key));
        _bcCbc = new CbcBlockCipher(new CamelliaEngine());
        _bcCbc.Init(true, new ParametersWithIV(new KeyParameter(key), _iv));
        _bcCtr = new SicBlockCipher(new CamelliaEngine());
        _bcCtr.Init(true, new ParametersWithIV(new KeyParameter(key), _iv));

        BouncyCastleEcb();
        Check(() => OursEcb(), "ECB CryptoCli");
        BouncyCastleCbcEncrypt();
        Check(() => OursCbcEncrypt(), "CBC CryptoCli");
        BouncyCastleCtr();
        Check(() => OursCtr(), "CTR CryptoCli");
        Check(() => KernelCtr(Table64), "CTR table64");
        Check(() => KernelCtr(AesNi), "CTR aesni");
        Check(() => KernelCtr(GfniV512), "CTR gfni-v512");
        BouncyCastleEcb();
        Check(() => KernelEcb(GfniV512), "ECB gfni-v512");

        if (openSsl)
        {
            string name = $"CAMELLIA-{keyBytes * 8}";
            _osslEcb = OpenSslCipher.TryCreate(name + "-ECB", true, key);
            _osslCbc = OpenSslCipher.TryCreate(name + "-CBC", true, key);
            _osslCtr = OpenSslCipher.TryCreate(name + "-CTR", true, key);
            OpenSslCipher.Check(_osslEcb, () => OursEcb(), () => OpenSslEcb(), _output, name + "-ECB");
            OpenSslCipher.Check(_osslCbc, () => OursCbcEncrypt(), () => OpenSslCbcEncrypt(), _output, name + "-CBC");
            OpenSslCipher.Check(_osslCtr, () => OursCtr(), () => OpenSslCtr(), _output, name + "-CTR");
        }
    }

    public BlockCipherKernel Table64 { get; }

    public BlockCipherKernel AesNi { get; }

    /// <summary>The 512-bit GFNI kernel where it runs (never the public type's default), else the default kernel.</summary>
    public BlockCipherKernel GfniV512 { get; }

    private void Check(Action run, string what)
    {
        byte[] expected = (byte[])_output.Clone();
        Array.Clear(_output);
        run();
        if (!expected.AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException($"{what} differs from BouncyCastle");
        }
    }

    public int OursEcb() => _ours.EncryptEcb(_input, _output, PaddingMode.None);

    public int OursCbcEncrypt() => _ours.EncryptCbc(_input, _iv, _output, PaddingMode.None);

    public int OursCtr() => _ours.EncryptCtr(_input, _iv, _output);

    public void KernelEcb(BlockCipherKernel kernel) => kernel.EncryptBlocks(_input, _output);

    public void KernelCtr(BlockCipherKernel kernel)
    {
        _iv.CopyTo(_chain, 0);
        kernel.TransformCtr(_input, _output, _chain);
    }

    public int OpenSslEcb() => _osslEcb!.Transform(default, _input, _output);

    public int OpenSslCbcEncrypt() => _osslCbc!.Transform(_iv, _input, _output);

    public int OpenSslCtr() => _osslCtr!.Transform(_iv, _input, _output);

    public void BouncyCastleEcb() => ProcessBlocks(_bcEcb);

    public void BouncyCastleCbcEncrypt()
    {
        _bcCbc.Reset();
        ProcessBlocks(_bcCbc);
    }

    public void BouncyCastleCtr()
    {
        _bcCtr.Reset();
        ProcessBlocks(_bcCtr);
    }

    private void ProcessBlocks(IBlockCipher cipher)
    {
        for (int offset = 0; offset < _input.Length; offset += 16)
        {
            cipher.ProcessBlock(_input, offset, _output, offset);
        }
    }

    public void Dispose()
    {
        _ours.Dispose();
        Table64.Dispose();
        AesNi.Dispose();
        GfniV512.Dispose();
        _osslEcb?.Dispose();
        _osslCbc?.Dispose();
        _osslCtr?.Dispose();
    }
}
