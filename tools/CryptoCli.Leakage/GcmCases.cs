using System;
using System.Security.Cryptography;

namespace CryptoCli.Leakage;

/// <summary>
/// GHASH through one kernel with the data as the secret: fixed vs random blocks under a fixed random hash key H.
/// Nine blocks per call cover the eight-block aggregation and the one-block tail.
/// </summary>
internal sealed class GHashDataCase : LeakageCase
{
    private const int Blocks = 9;
    private readonly Func<byte[], GHashKernel> _create;
    private readonly Func<string?> _unavailable;
    private readonly byte[] _y = new byte[GHashKernel.BlockSize];
    private GHashKernel? _kernel;

    public GHashDataCase(string name, string kernel, Func<byte[], GHashKernel> create, Func<string?> unavailable)
        : base(name, $"GHASH, {kernel} kernel, Update, {Blocks} blocks (8-block aggregation + tail)",
            "fixed data blocks (0x5A) vs random data blocks", Blocks * GHashKernel.BlockSize, Claim.ConstantTime)
    {
        _create = create;
        _unavailable = unavailable;
    }

    public override string? Unavailable => _unavailable();

    public override void Setup() => _kernel = _create(RandomNumberGenerator.GetBytes(GHashKernel.BlockSize));

    public override void WriteFixedInput(Span<byte> input) => input.Fill(0x5A);

    // Y starts from zero on every call, so each call's work depends on its own input only.
    public override void Prepare(ReadOnlySpan<byte> input) => _y.AsSpan().Clear();

    public override void Run(ReadOnlySpan<byte> input) => _kernel!.Update(_y, input);

    protected override void Dispose(bool disposing)
    {
        _kernel?.Dispose();
        _kernel = null;
        base.Dispose(disposing);
    }
}

/// <summary>
/// GHASH through one kernel with the hash key H as the secret: a fixed H of Hamming weight 1 (the field element 1)
/// vs random H, the kernel made for each call's H untimed, then one timed Update of nine fixed random blocks.
/// </summary>
internal sealed class GHashKeyCase : LeakageCase
{
    private const int Blocks = 9;
    private readonly Func<byte[], GHashKernel> _create;
    private readonly Func<string?> _unavailable;
    private readonly byte[] _y = new byte[GHashKernel.BlockSize];
    private readonly byte[] _hashKey = new byte[GHashKernel.BlockSize];
    private byte[] _data = Array.Empty<byte>();
    private GHashKernel? _kernel;

    public GHashKeyCase(string name, string kernel, Func<byte[], GHashKernel> create, Func<string?> unavailable)
        : base(name, $"GHASH, {kernel} kernel, Update, {Blocks} blocks, kernel made for each H (untimed)",
            "fixed hash key H = 1 (GCM bit order: 0x80 then zeros) vs random H", GHashKernel.BlockSize, Claim.ConstantTime)
    {
        _create = create;
        _unavailable = unavailable;
    }

    public override string? Unavailable => _unavailable();

    public override void Setup() => _data = RandomNumberGenerator.GetBytes(Blocks * GHashKernel.BlockSize);

    public override void WriteFixedInput(Span<byte> input)
    {
        input.Clear();
        input[0] = 0x80;
    }

    public override void Prepare(ReadOnlySpan<byte> input)
    {
        _kernel?.Dispose();
        input.CopyTo(_hashKey);
        _kernel = _create(_hashKey);
        _y.AsSpan().Clear();
    }

    public override void Run(ReadOnlySpan<byte> input) => _kernel!.Update(_y, _data);

    protected override void Dispose(bool disposing)
    {
        _kernel?.Dispose();
        _kernel = null;
        base.Dispose(disposing);
    }
}

/// <summary>AES-128-GCM encryption through the public <see cref="BlockCipherGcm"/>: fixed vs random plaintext.</summary>
internal sealed class GcmEncryptCase : LeakageCase
{
    private const int Length = 256;
    private readonly byte[] _nonce = new byte[12];
    private readonly byte[] _ciphertext = new byte[Length];
    private readonly byte[] _tag = new byte[16];
    private BlockCipherGcm? _gcm;

    public GcmEncryptCase()
        : base("gcm-aes128-encrypt", "BlockCipherGcm(RijndaelCipher, AES-128).Encrypt, 256 bytes, 12-byte nonce (AES-NI CTR + GHASH)",
            "fixed plaintext (0x5A) vs random plaintext", Length, Claim.ConstantTime)
    {
    }

    public override string? Unavailable => RijndaelAesNiKernel.IsSupported ? null : "no AES-NI in this process";

    public override void Setup()
    {
        using var aes = new RijndaelCipher { KeySize = 128 };
        aes.Key = RandomNumberGenerator.GetBytes(16);
        _gcm = new BlockCipherGcm(aes);
        RandomNumberGenerator.Fill(_nonce);
    }

    public override void WriteFixedInput(Span<byte> input) => input.Fill(0x5A);

    public override void Run(ReadOnlySpan<byte> input) => _gcm!.Encrypt(_nonce, input, _ciphertext, _tag);

    protected override void Dispose(bool disposing)
    {
        _gcm?.Dispose();
        _gcm = null;
        base.Dispose(disposing);
    }
}
