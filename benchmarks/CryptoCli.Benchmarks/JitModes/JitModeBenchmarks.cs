using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoCli.Benchmarks;

/// <summary>
/// The small-input calls whose speed depends on how the code was compiled, ours beside BouncyCastle 2.7.0's: the
/// Haraka single calls (<c>Haraka256_X86</c>/<c>Haraka512_X86</c>), AES-128 on one 16-byte block (<c>EncryptBlock</c>
/// and the <c>EncryptEcb</c> one-shot against the AES-NI engine's <c>ProcessBlock</c>) and AES-128-GCM on 16 bytes
/// (against <c>GcmBlockCipher</c>, and the runtime's <c>AesGcm</c>). The same calls as
/// <see cref="HarakaBenchmarks"/>, <see cref="AesBlockCallBenchmarks"/> and <see cref="AesGcmBenchmarks"/> at 16 bytes.
/// Run by <c>--jit-modes</c> (<see cref="JitModeRun"/>) once per JIT setting, each in a process of its own; not part
/// of the default run.
/// </summary>
public class JitModeBenchmarks
{
    private readonly byte[] _input = new byte[64];
    private readonly byte[] _output = new byte[64];
    private readonly byte[] _tag = new byte[16];
    private readonly byte[] _nonce = new byte[12];
    private readonly byte[] _bcNonce = new byte[12];
    private readonly byte[] _bcBuffer = new byte[32];
    private RijndaelCipher _ours = null!;
    private BlockCipherGcm _oursGcm = null!;
    private AesGcm _builtInGcm = null!;
    private AesEngine_X86 _bcAes;
    private GcmBlockCipher _bcGcm = null!;
    private KeyParameter _bcKey = null!;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        random.NextBytes(_input);
        random.NextBytes(_nonce);
        byte[] key = new byte[16];
        random.NextBytes(key);
        _nonce.CopyTo(_bcNonce, 0);
        _ours = RijndaelCipher.Create();
        _ours.Key = key;
        _oursGcm = new BlockCipherGcm(_ours);
        _builtInGcm = new AesGcm(key, 16);
        _bcKey = new KeyParameter(key);
        if (AesEngine_X86.IsSupported)
        {
            _bcAes = new AesEngine_X86();
            _bcAes.Init(true, _bcKey);
        }

        _bcGcm = new GcmBlockCipher(AesUtilities.CreateEngine());
        // A zero nonce first: BouncyCastle refuses to encrypt twice in a row under the same nonce.
        _bcGcm.Init(true, new AeadParameters(_bcKey, 128, new byte[12]));

        // Every pair computes the same bytes before anything is timed.
        Same(Haraka256, Haraka256BouncyCastle, 32, "Haraka-256");
        Same(Haraka512, Haraka512BouncyCastle, 32, "Haraka-512");
        Same(AesEncryptBlock, () => AesEncryptEcb(), 16, "EncryptBlock and EncryptEcb");
        if (AesEngine_X86.IsSupported)
        {
            Same(AesEncryptBlock, () => AesBouncyCastle(), 16, "AES");
        }

        GcmEncrypt();
        byte[] ours = _output.AsSpan(0, 16).ToArray(), oursTag = (byte[])_tag.Clone();
        GcmBuiltIn();
        GcmCheck.Same(ours, _output.AsSpan(0, 16), "GCM ciphertext, built-in");
        GcmCheck.Same(oursTag, _tag, "GCM tag, built-in");
        _bcGcm.Init(true, new AeadParameters(null, 128, _nonce));
        int written = _bcGcm.ProcessBytes(_input, 0, 16, _bcBuffer, 0);
        _bcGcm.DoFinal(_bcBuffer, written);
        GcmCheck.Same(ours, _bcBuffer.AsSpan(0, 16), "GCM ciphertext, BouncyCastle");
        GcmCheck.Same(oursTag, _bcBuffer.AsSpan(16), "GCM tag, BouncyCastle");
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _oursGcm.Dispose();
        _builtInGcm.Dispose();
        _ours.Dispose();
    }

    private void Same(Action ours, Action rival, int length, string what)
    {
        Array.Clear(_output);
        ours();
        byte[] expected = _output.AsSpan(0, length).ToArray();
        Array.Clear(_output);
        rival();
        GcmCheck.Same(expected, _output.AsSpan(0, length), what);
    }

    [Benchmark, Row("hash", "CryptoCli", Primitive = "Haraka-256")]
    public void Haraka256() => Haraka.Haraka256(_input.AsSpan(0, 32), _output);

    [Benchmark, Row("hash", "BouncyCastle", Primitive = "Haraka-256")]
    public void Haraka256BouncyCastle()
    {
        if (Haraka256_X86.IsSupported)
        {
            Haraka256_X86.Hash(_input.AsSpan(0, 32), _output);
        }
        else
        {
            var digest = new Haraka256Digest();
            digest.BlockUpdate(_input.AsSpan(0, 32));
            digest.DoFinal(_output);
        }
    }

    [Benchmark, Row("hash", "CryptoCli", Primitive = "Haraka-512")]
    public void Haraka512() => Haraka.Haraka512(_input, _output);

    [Benchmark, Row("hash", "BouncyCastle", Primitive = "Haraka-512")]
    public void Haraka512BouncyCastle()
    {
        if (Haraka512_X86.IsSupported)
        {
            Haraka512_X86.Hash(_input, _output);
        }
        else
        {
            var digest = new Haraka512Digest();
            digest.BlockUpdate(_input);
            digest.DoFinal(_output);
        }
    }

    /// <summary>The single-block call, the counterpart of one <c>ProcessBlock</c>.</summary>
    [Benchmark, Row("encrypt 16 B", "CryptoCli-EncryptBlock", Primitive = "AES-128")]
    public void AesEncryptBlock() => _ours.EncryptBlock(_input.AsSpan(0, 16), _output);

    /// <summary>The runtime-style one-shot on one block.</summary>
    [Benchmark, Row("encrypt 16 B", "CryptoCli", Primitive = "AES-128")]
    public int AesEncryptEcb() => _ours.EncryptEcb(_input.AsSpan(0, 16), _output, PaddingMode.None);

    /// <summary>BouncyCastle's AES-NI engine, one <c>ProcessBlock</c> (nothing where the CPU has no AES-NI).</summary>
    [Benchmark, Row("encrypt 16 B", "BouncyCastle", Primitive = "AES-128")]
    public int AesBouncyCastle() =>
        AesEngine_X86.IsSupported ? _bcAes.ProcessBlock(_input.AsSpan(0, 16), _output) : 0;

    [Benchmark, Row("GCM-encrypt 16 B", "CryptoCli", Primitive = "AES-128")]
    public void GcmEncrypt() => _oursGcm.Encrypt(_nonce, _input.AsSpan(0, 16), _output.AsSpan(0, 16), _tag);

    [Benchmark, Row("GCM-encrypt 16 B", "BuiltIn", Primitive = "AES-128")]
    public void GcmBuiltIn() => _builtInGcm.Encrypt(_nonce, _input.AsSpan(0, 16), _output.AsSpan(0, 16), _tag);

    /// <summary>BouncyCastle re-initialised with a fresh nonce per call, as it refuses a repeated one.</summary>
    [Benchmark, Row("GCM-encrypt 16 B", "BouncyCastle", Primitive = "AES-128")]
    public int GcmBouncyCastle()
    {
        GcmCheck.NextNonce(_bcNonce);
        _bcGcm.Init(true, new AeadParameters(null, 128, _bcNonce));
        int written = _bcGcm.ProcessBytes(_input, 0, 16, _bcBuffer, 0);
        return _bcGcm.DoFinal(_bcBuffer, written);
    }
}
