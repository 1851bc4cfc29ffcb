using System;
using System.Buffers.Binary;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// AES-128 (Rijndael with a 128-bit block and key): ECB, CBC encrypt/decrypt and CTR against the runtime's
/// <c>Aes</c> (OpenSSL) and BouncyCastle.Cryptography 2.7.0. <c>BouncyCastle</c> is its fastest path for each case:
/// the AES-NI <c>AesEngine_X86</c> with its four-block call for ECB, and the engine <c>AesUtilities.CreateEngine()</c>
/// picks (AES-NI here) under its CBC and SIC (counter) mode classes through the span API; <c>BouncyCastle-portable</c>
/// is its table-driven <c>AesEngine</c> under the same mode classes. <c>OpenSSL</c> is the system's libcrypto through
/// its EVP API (<see cref="OpenSslCipher"/>), called directly: the anchor for the AES-NI limit.
/// </summary>
[Primitive("Rijndael-128")]
public class AesBenchmarks
{
    private RijndaelCipher _ours = null!;
    private BlockCipherKernel _portable = null!;
    private System.Security.Cryptography.Aes _builtIn = null!;
    private AesEngine_X86 _bcEcbEncrypt;
    private IBlockCipher _bcEcbFallback = null!;
    private IBlockCipherMode _bcCbcEncrypt = null!;
    private IBlockCipherMode _bcCbcDecrypt = null!;
    private SicBlockCipher _bcCtr = null!;
    private IBlockCipher _bcTableEcbEncrypt = null!;
    private IBlockCipherMode _bcTableCbcEncrypt = null!;
    private IBlockCipherMode _bcTableCbcDecrypt = null!;
    private SicBlockCipher _bcTableCtr = null!;
    private OpenSslCipher? _osslEcb, _osslCbcEncrypt, _osslCbcDecrypt, _osslCtr;
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
        _portable = RegisteredKernel.Create(RijndaelCipher.Kernels, "portable", _key);
        _builtIn = System.Security.Cryptography.Aes.Create();
        _builtIn.Key = _key;
        if (AesEngine_X86.IsSupported)
        {
            _bcEcbEncrypt = new AesEngine_X86();
            _bcEcbEncrypt.Init(true, new KeyParameter(_key));
        }

        _bcEcbFallback = AesUtilities.CreateEngine();
        _bcEcbFallback.Init(true, new KeyParameter(_key));
        _bcCbcEncrypt = new CbcBlockCipher(AesUtilities.CreateEngine());
        _bcCbcEncrypt.Init(true, new ParametersWithIV(new KeyParameter(_key), _iv));
        _bcCbcDecrypt = new CbcBlockCipher(AesUtilities.CreateEngine());
        _bcCbcDecrypt.Init(false, new ParametersWithIV(new KeyParameter(_key), _iv));
        _bcCtr = new SicBlockCipher(AesUtilities.CreateEngine());
        _bcCtr.Init(true, new ParametersWithIV(new KeyParameter(_key), _iv));
        _bcTableEcbEncrypt = new AesEngine();
        _bcTableEcbEncrypt.Init(true, new KeyParameter(_key));
        _bcTableCbcEncrypt = new CbcBlockCipher(new AesEngine());
        _bcTableCbcEncrypt.Init(true, new ParametersWithIV(new KeyParameter(_key), _iv));
        _bcTableCbcDecrypt = new CbcBlockCipher(new AesEngine());
        _bcTableCbcDecrypt.Init(false, new ParametersWithIV(new KeyParameter(_key), _iv));
        _bcTableCtr = new SicBlockCipher(new AesEngine());
        _bcTableCtr.Init(true, new ParametersWithIV(new KeyParameter(_key), _iv));

        // Check that the rivals compute the same thing before timing them.
        byte[] expected = _builtIn.EncryptEcb(_input, PaddingMode.None);
        OursEcb();
        Check(expected, "ECB ours");
        BouncyCastleEcb();
        Check(expected, "ECB BouncyCastle");
        BouncyCastlePortableEcb();
        Check(expected, "ECB BouncyCastle-portable");
        PortableEcb();
        Check(expected, "ECB portable");
        expected = _builtIn.EncryptCbc(_input, _iv, PaddingMode.None);
        OursCbcEncrypt();
        Check(expected, "CBC ours");
        BouncyCastleCbcEncrypt();
        Check(expected, "CBC BouncyCastle");
        BouncyCastlePortableCbcEncrypt();
        Check(expected, "CBC BouncyCastle-portable");
        expected = _builtIn.DecryptCbc(_input, _iv, PaddingMode.None);
        BouncyCastleCbcDecrypt();
        Check(expected, "CBC-decrypt BouncyCastle");
        BouncyCastlePortableCbcDecrypt();
        Check(expected, "CBC-decrypt BouncyCastle-portable");
        expected = _ours.EncryptCtr(_input, _iv);
        BuiltInCtr();
        Check(expected, "CTR built-in emulation");
        BouncyCastleCtr();
        Check(expected, "CTR BouncyCastle");
        BouncyCastlePortableCtr();
        Check(expected, "CTR BouncyCastle-portable");

        // OpenSSL's rows, where libcrypto has the cipher, against ours on the same input.
        _osslEcb = OpenSslCipher.TryCreate("AES-128-ECB", true, _key);
        _osslCbcEncrypt = OpenSslCipher.TryCreate("AES-128-CBC", true, _key);
        _osslCbcDecrypt = OpenSslCipher.TryCreate("AES-128-CBC", false, _key);
        _osslCtr = OpenSslCipher.TryCreate("AES-128-CTR", true, _key);
        OpenSslCipher.Check(_osslEcb, () => OursEcb(), () => OpenSslEcb(), _output, "AES-128-ECB");
        OpenSslCipher.Check(_osslCbcEncrypt, () => OursCbcEncrypt(), () => OpenSslCbcEncrypt(), _output, "AES-128-CBC encrypt");
        OpenSslCipher.Check(_osslCbcDecrypt, () => OursCbcDecrypt(), () => OpenSslCbcDecrypt(), _output, "AES-128-CBC decrypt");
        OpenSslCipher.Check(_osslCtr, () => OursCtr(), () => OpenSslCtr(), _output, "AES-128-CTR");

        // This class holds the default run's first case (ECB at 16 bytes), which would otherwise time unoptimised code.
        if (Size <= 1024)
        {
            TieredWarmUp.Once(nameof(AesBenchmarks), () => OursEcb(), () => OursCbcEncrypt(), () => OursCbcDecrypt(), () => OursCtr(),
                BouncyCastleEcb, BouncyCastleCbcEncrypt, BouncyCastleCbcDecrypt, BouncyCastleCtr);
        }

        // The counter blocks wrap across the low 64 bits (and all 128) as our big-endian counter does.
        byte[] nearWrap = new byte[16];
        nearWrap.AsSpan(0, 15).Fill(0xFF);
        nearWrap[15] = 0xFE;
        byte[] fourBlocks = new byte[64];
        FillCounterBlocks(nearWrap, fourBlocks);
        if (fourBlocks[31] != 0xFF || fourBlocks[47] != 0 || fourBlocks[32] != 0 || fourBlocks[63] != 1)
        {
            throw new InvalidOperationException("the built-in CTR emulation's counter does not wrap as a 128-bit integer");
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _osslEcb?.Dispose();
        _osslCbcEncrypt?.Dispose();
        _osslCbcDecrypt?.Dispose();
        _osslCtr?.Dispose();
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

    /// <summary>BouncyCastle's AES-NI engine, four blocks per call (the rest one by one); its portable engine without AES-NI.</summary>
    [Benchmark, Row("ECB-encrypt", "BouncyCastle")]
    public void BouncyCastleEcb()
    {
        int offset = 0;
        if (AesEngine_X86.IsSupported)
        {
            for (; offset + 64 <= Size; offset += 64)
            {
                _bcEcbEncrypt.ProcessFourBlocks(_input.AsSpan(offset, 64), _output.AsSpan(offset, 64));
            }

            for (; offset < Size; offset += 16)
            {
                _bcEcbEncrypt.ProcessBlock(_input.AsSpan(offset, 16), _output.AsSpan(offset, 16));
            }
        }
        else
        {
            ProcessBlocks(_bcEcbFallback);
        }
    }

    [Benchmark, Row("ECB-encrypt", "BouncyCastle-portable")]
    public void BouncyCastlePortableEcb() => ProcessBlocks(_bcTableEcbEncrypt);

    [Benchmark, Row("ECB-encrypt", "OpenSSL"), OpenSsl("AES-128-ECB")]
    public int OpenSslEcb() => _osslEcb!.Transform(default, _input, _output);

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

    [Benchmark, Row("CBC-encrypt", "BouncyCastle-portable")]
    public void BouncyCastlePortableCbcEncrypt()
    {
        _bcTableCbcEncrypt.Reset();
        ProcessBlocks(_bcTableCbcEncrypt);
    }

    [Benchmark, Row("CBC-encrypt", "OpenSSL"), OpenSsl("AES-128-CBC")]
    public int OpenSslCbcEncrypt() => _osslCbcEncrypt!.Transform(_iv, _input, _output);

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

    [Benchmark, Row("CBC-decrypt", "BouncyCastle-portable")]
    public void BouncyCastlePortableCbcDecrypt()
    {
        _bcTableCbcDecrypt.Reset();
        ProcessBlocks(_bcTableCbcDecrypt);
    }

    [Benchmark, Row("CBC-decrypt", "OpenSSL"), OpenSsl("AES-128-CBC")]
    public int OpenSslCbcDecrypt() => _osslCbcDecrypt!.Transform(_iv, _input, _output);

    [Benchmark, Row("CTR", "CryptoCli")]
    public int OursCtr() => _ours.EncryptCtr(_input, _iv, _output);

    [Benchmark, Row("CTR", "CryptoCli-portable")]
    public void PortableCtr()
    {
        _iv.CopyTo(_chain, 0);
        _portable.TransformCtr(_input, _output, _chain);
    }

    /// <summary>
    /// The runtime has no CTR mode; this is the fastest emulation it allows: the counter blocks written as two
    /// 64-bit words each, one <c>EncryptEcb</c> call over all of them (OpenSSL's AES-NI pipeline), and a 256-bit
    /// vector XOR of the keystream into the output.
    /// </summary>
    [Benchmark, Row("CTR", "BuiltIn")]
    public void BuiltInCtr()
    {
        FillCounterBlocks(_iv, _counterBlocks);
        _builtIn.EncryptEcb(_counterBlocks, _output, PaddingMode.None);
        XorInto(_output, _input);
    }

    /// <summary>Counter blocks from <paramref name="initialCounter"/> on, as a 128-bit big-endian integer that wraps.</summary>
    private static void FillCounterBlocks(byte[] initialCounter, byte[] blocks)
    {
        ulong high = BinaryPrimitives.ReadUInt64BigEndian(initialCounter);
        ulong low = BinaryPrimitives.ReadUInt64BigEndian(initialCounter.AsSpan(8));
        Span<ulong> words = MemoryMarshal.Cast<byte, ulong>(blocks.AsSpan());
        for (int i = 0; i < words.Length; i += 2)
        {
            words[i] = BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(high) : high;
            words[i + 1] = BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(low) : low;
            if (++low == 0)
            {
                high++;
            }
        }
    }

    private static void XorInto(byte[] destination, byte[] source)
    {
        int i = 0;
        for (; i + Vector256<byte>.Count <= destination.Length; i += Vector256<byte>.Count)
        {
            (Vector256.Create<byte>(destination.AsSpan(i)) ^ Vector256.Create<byte>(source.AsSpan(i))).CopyTo(destination.AsSpan(i));
        }

        for (; i < destination.Length; i++)
        {
            destination[i] ^= source[i];
        }
    }

    [Benchmark, Row("CTR", "BouncyCastle")]
    public void BouncyCastleCtr()
    {
        _bcCtr.Reset();
        ProcessBlocks(_bcCtr);
    }

    [Benchmark, Row("CTR", "BouncyCastle-portable")]
    public void BouncyCastlePortableCtr()
    {
        _bcTableCtr.Reset();
        ProcessBlocks(_bcTableCtr);
    }

    /// <summary>OpenSSL's CTR: a 128-bit big-endian counter, as ours.</summary>
    [Benchmark, Row("CTR", "OpenSSL"), OpenSsl("AES-128-CTR")]
    public int OpenSslCtr() => _osslCtr!.Transform(_iv, _input, _output);

    private void ProcessBlocks(IBlockCipher cipher)
    {
        // BouncyCastle 2.x's span API (no per-call array offset checks).
        for (int offset = 0; offset < Size; offset += 16)
        {
            cipher.ProcessBlock(_input.AsSpan(offset, 16), _output.AsSpan(offset, 16));
        }
    }
}
