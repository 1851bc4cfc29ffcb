using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// AES-128 at 64 bytes (four blocks), the small-input goal's second size: the one-shots (<c>EncryptEcb</c>,
/// <c>EncryptCbc</c>, <c>DecryptCbc</c>, <c>EncryptCtr</c>) and the block call (<c>EncryptBlocks</c>) against
/// BouncyCastle.Cryptography 2.7.0 with the same engines and mode classes as <see cref="AesBenchmarks"/>
/// (<c>BouncyCastle</c>: its four-block call for ECB; <c>BouncyCastle-ProcessBlock</c>: four <c>ProcessBlock</c> calls,
/// against four <c>EncryptBlock</c> calls in <c>CryptoCli-EncryptBlock</c>).
/// The 16-byte rows are <see cref="AesBenchmarks"/>' and <see cref="AesBlockCallBenchmarks"/>'.
/// </summary>
[Primitive("Rijndael-128")]
public class AesSmallInputBenchmarks
{
    private RijndaelCipher _ours = null!;
    private AesEngine_X86 _bcEcb;
    private IBlockCipher _bcEngine = null!;
    private IBlockCipherMode _bcCbcEncrypt = null!;
    private IBlockCipherMode _bcCbcDecrypt = null!;
    private SicBlockCipher _bcCtr = null!;
    private byte[] _iv = null!, _input = null!, _output = null!;

    [Params(64)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        byte[] key = new byte[16];
        _iv = new byte[16];
        _input = new byte[Size];
        _output = new byte[Size];
        random.NextBytes(key);
        random.NextBytes(_iv);
        random.NextBytes(_input);
        _ours = RijndaelCipher.Create();
        _ours.Key = key;
        if (AesEngine_X86.IsSupported)
        {
            _bcEcb = new AesEngine_X86();
            _bcEcb.Init(true, new KeyParameter(key));
        }

        _bcEngine = AesUtilities.CreateEngine();
        _bcEngine.Init(true, new KeyParameter(key));
        _bcCbcEncrypt = new CbcBlockCipher(AesUtilities.CreateEngine());
        _bcCbcEncrypt.Init(true, new ParametersWithIV(new KeyParameter(key), _iv));
        _bcCbcDecrypt = new CbcBlockCipher(AesUtilities.CreateEngine());
        _bcCbcDecrypt.Init(false, new ParametersWithIV(new KeyParameter(key), _iv));
        _bcCtr = new SicBlockCipher(AesUtilities.CreateEngine());
        _bcCtr.Init(true, new ParametersWithIV(new KeyParameter(key), _iv));

        using var builtIn = System.Security.Cryptography.Aes.Create();
        builtIn.Key = key;
        Check(builtIn.EncryptEcb(_input, PaddingMode.None), OursEcb, BouncyCastleEcb, OursEncryptBlocks, OursEncryptBlock, BouncyCastleProcessBlock);
        Check(builtIn.EncryptCbc(_input, _iv, PaddingMode.None), OursCbcEncrypt, BouncyCastleCbcEncrypt);
        Check(builtIn.DecryptCbc(_input, _iv, PaddingMode.None), OursCbcDecrypt, BouncyCastleCbcDecrypt);
        Check(_ours.EncryptCtr(_input, _iv), BouncyCastleCtr);
    }

    private void Check(byte[] expected, params Action[] runs)
    {
        foreach (Action run in runs)
        {
            Array.Clear(_output);
            run();
            if (!expected.AsSpan().SequenceEqual(_output))
            {
                throw new InvalidOperationException($"{run.Method.Name} differs from the built-in");
            }
        }
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli")]
    public void OursEcb() => _ours.EncryptEcb(_input, _output, PaddingMode.None);

    [Benchmark, Row("ECB-encrypt", "CryptoCli-blocks")]
    public void OursEncryptBlocks() => _ours.EncryptBlocks(_input, _output);

    /// <summary>Four single-block calls (<c>EncryptBlock</c>), as the <c>BouncyCastle-ProcessBlock</c> row calls its engine.</summary>
    [Benchmark, Row("ECB-encrypt", "CryptoCli-EncryptBlock")]
    public void OursEncryptBlock()
    {
        for (int offset = 0; offset < Size; offset += 16)
        {
            _ours.EncryptBlock(_input.AsSpan(offset, 16), _output.AsSpan(offset, 16));
        }
    }

    /// <summary>BouncyCastle's AES-NI engine, one four-block call (its portable engine block by block without AES-NI).</summary>
    [Benchmark, Row("ECB-encrypt", "BouncyCastle")]
    public void BouncyCastleEcb()
    {
        if (AesEngine_X86.IsSupported)
        {
            _bcEcb.ProcessFourBlocks(_input, _output);
        }
        else
        {
            ProcessBlocks(_bcEngine);
        }
    }

    /// <summary>The same AES-NI engine one block per call, as the 16-byte row calls it.</summary>
    [Benchmark, Row("ECB-encrypt", "BouncyCastle-ProcessBlock")]
    public void BouncyCastleProcessBlock()
    {
        if (!AesEngine_X86.IsSupported)
        {
            ProcessBlocks(_bcEngine);
            return;
        }

        for (int offset = 0; offset < Size; offset += 16)
        {
            _bcEcb.ProcessBlock(_input.AsSpan(offset, 16), _output.AsSpan(offset, 16));
        }
    }

    [Benchmark, Row("CBC-encrypt", "CryptoCli")]
    public void OursCbcEncrypt() => _ours.EncryptCbc(_input, _iv, _output, PaddingMode.None);

    [Benchmark, Row("CBC-encrypt", "BouncyCastle")]
    public void BouncyCastleCbcEncrypt()
    {
        _bcCbcEncrypt.Reset();
        ProcessBlocks(_bcCbcEncrypt);
    }

    [Benchmark, Row("CBC-decrypt", "CryptoCli")]
    public void OursCbcDecrypt() => _ours.DecryptCbc(_input, _iv, _output, PaddingMode.None);

    [Benchmark, Row("CBC-decrypt", "BouncyCastle")]
    public void BouncyCastleCbcDecrypt()
    {
        _bcCbcDecrypt.Reset();
        ProcessBlocks(_bcCbcDecrypt);
    }

    [Benchmark, Row("CTR", "CryptoCli")]
    public void OursCtr() => _ours.EncryptCtr(_input, _iv, _output);

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
            cipher.ProcessBlock(_input.AsSpan(offset, 16), _output.AsSpan(offset, 16));
        }
    }
}

/// <summary>
/// AES-128's block calls at 16 bytes (<c>EncryptBlocks</c> on one block, and the single-block <c>EncryptBlock</c>): their <c>BouncyCastle</c> counterpart is
/// <see cref="AesBenchmarks"/>' ECB row at 16 bytes, one <c>ProcessBlock</c> call on BouncyCastle's AES-NI engine.
/// </summary>
[Primitive("Rijndael-128")]
public class AesBlockCallBenchmarks
{
    private RijndaelCipher _ours = null!;
    private byte[] _input = null!, _output = null!;

    [Params(16)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        byte[] key = new byte[16];
        _input = new byte[Size];
        _output = new byte[Size];
        random.NextBytes(key);
        random.NextBytes(_input);
        _ours = RijndaelCipher.Create();
        _ours.Key = key;
        _ours.EncryptBlocks(_input, _output);
        if (!_ours.EncryptEcb(_input, PaddingMode.None).AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException("EncryptBlocks differs from EncryptEcb");
        }

        byte[] single = new byte[Size];
        _ours.EncryptBlock(_input, single);
        if (!single.AsSpan().SequenceEqual(_output))
        {
            throw new InvalidOperationException("EncryptBlock differs from EncryptEcb");
        }
    }

    [Benchmark, Row("ECB-encrypt", "CryptoCli-blocks")]
    public int OursEncryptBlocks() => _ours.EncryptBlocks(_input, _output);

    /// <summary>The single-block call, <c>EncryptBlock</c>, the counterpart of one <c>ProcessBlock</c>.</summary>
    [Benchmark, Row("ECB-encrypt", "CryptoCli-EncryptBlock")]
    public void OursEncryptBlock() => _ours.EncryptBlock(_input, _output);
}
