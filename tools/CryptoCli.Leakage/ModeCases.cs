using System;
using System.Collections.Generic;
using System.Security.Cryptography;

namespace CryptoCli.Leakage;

/// <summary>
/// The 128-bit-block modes beside GCM, through their public types over AES-128 (AES-NI): XTS (the tweak arithmetic,
/// then whole data units), OCB3 (the data, then the key that the L table and the offsets come from) and CCM. Each
/// mode's docs call it constant-time exactly when the cipher's kernel is, so every row here is claimed constant-time.
/// Every row is skipped, with its reason, where AES-NI is missing.
/// </summary>
internal static class ModeCases
{
    private const string NoAesNi = "no AES-NI in this process";

    public static IEnumerable<LeakageCase> Create() =>
    [
        new XtsTweakCase(),
        new XtsDataCase("xts-aes128-encrypt-4096", 4096, decrypt: false),
        new XtsDataCase("xts-aes128-decrypt-4101", 4096 + 5, decrypt: true),
        new XtsDataUnitsCase(),
        new AeadCase("ocb-aes128-encrypt-1024", AeadMode.Ocb, decrypt: false),
        new AeadCase("ocb-aes128-decrypt-1024", AeadMode.Ocb, decrypt: true),
        new OcbKeyCase(),
        new AeadCase("ccm-aes128-encrypt-1024", AeadMode.Ccm, decrypt: false),
        new AeadCase("ccm-aes128-decrypt-1024", AeadMode.Ccm, decrypt: true),
    ];

    /// <summary>Null when the AES kernel the modes pick here is AES-NI, else why the row is skipped.</summary>
    internal static string? AesNi() => RijndaelAesNiKernel.IsSupported ? null : NoAesNi;

    /// <summary>The name of the kernel that <see cref="RijndaelCipher"/> picks for an AES-128 key in this process.</summary>
    internal static string KernelName(RijndaelCipher aes, ReadOnlySpan<byte> key)
    {
        using BlockCipherKernel kernel = aes.CreateKernelForKey(key);
        return kernel.Name;
    }
}

/// <summary>
/// XTS-AES-128's tweak arithmetic: fixed vs random 16-byte tweak through one 4096-byte data unit (256 blocks, so 256
/// multiplications by α) of fixed random data. The fixed tweak is the one whose encryption under the tweak key is
/// T = 1: the first 127 doublings then never fold a carry back (x^128 = x^7 + x^2 + x + 1) and the whole unit folds
/// two, where a random T folds one in two; a doubling that branched on the carry would be measurably faster.
/// </summary>
internal sealed class XtsTweakCase : LeakageCase
{
    private const int Length = 4096;
    private const string BasePath = "BlockCipherXts(RijndaelCipher, XTS-AES-128).Encrypt(tweak, ...), 4096-byte data unit (256 blocks: tweak encryption + 256 doublings in GF(2^128))";
    private readonly byte[] _fixedTweak = new byte[16];
    private readonly byte[] _destination = new byte[Length];
    private byte[] _data = Array.Empty<byte>();
    private BlockCipherXts? _xts;

    public XtsTweakCase()
        : base("xts-aes128-tweak-doubling", BasePath,
            "fixed tweak (encrypting to T = 1: no carry in the first 127 doublings) vs random tweak", 16, Claim.ConstantTime)
    {
    }

    public override string? Unavailable => ModeCases.AesNi();

    // A 4 KiB data unit takes about eight times as long as the GCM row's call: half the short run's count keeps the
    // CI step's time per row closer to the others' and still leaves the second-order test (which starts after 10,000
    // measurements) half of them. The full table uses the same count for every case.
    public override double ShortModeScale => 0.5;

    public override void Setup()
    {
        byte[] key = RandomNumberGenerator.GetBytes(32);
        using var aes = new RijndaelCipher();
        _xts = new BlockCipherXts(aes, key);
        _data = RandomNumberGenerator.GetBytes(Length);

        // The raw tweak whose encryption under the tweak key (the key's second half) is T = 1 (IEEE 1619 byte order:
        // byte 0 least significant).
        using (BlockCipherKernel tweakKernel = aes.CreateKernelForKey(key.AsSpan(16)))
        {
            Span<byte> one = stackalloc byte[16];
            one.Clear();
            one[0] = 1;
            tweakKernel.DecryptBlocks(one, _fixedTweak);
        }

        Path = $"{BasePath} -> kernel \"{ModeCases.KernelName(aes, key.AsSpan(0, 16))}\"";
        CryptographicOperations.ZeroMemory(key);
    }

    public override void WriteFixedInput(Span<byte> input) => _fixedTweak.CopyTo(input);

    public override void Run(ReadOnlySpan<byte> input) => _xts!.Encrypt(input, _data, _destination);

    protected override void Dispose(bool disposing)
    {
        _xts?.Dispose();
        _xts = null;
        base.Dispose(disposing);
    }
}

/// <summary>
/// XTS-AES-128 on one data unit under a fixed random key and sector number: fixed vs random plaintext (encryption)
/// or ciphertext (decryption). A length that is not a whole number of blocks runs ciphertext stealing on the last
/// 16 + r bytes.
/// </summary>
internal sealed class XtsDataCase : LeakageCase
{
    private readonly bool _decrypt;
    private readonly string _basePath;
    private readonly byte[] _destination;
    private ulong _sector;
    private BlockCipherXts? _xts;

    public XtsDataCase(string name, int length, bool decrypt)
        : base(name, Describe(length, decrypt), decrypt ? "fixed ciphertext (0x5A) vs random ciphertext" : "fixed plaintext (0x5A) vs random plaintext",
            length, Claim.ConstantTime)
    {
        _decrypt = decrypt;
        _basePath = Path;
        _destination = new byte[length];
    }

    private static string Describe(int length, bool decrypt)
    {
        int remainder = length % 16;
        string shape = remainder == 0
            ? $"{length / 16} blocks"
            : $"{length / 16 - 1} blocks + ciphertext stealing over the last {16 + remainder} bytes";
        return $"BlockCipherXts(RijndaelCipher, XTS-AES-128).{(decrypt ? "Decrypt" : "Encrypt")}(sector, ...), {length}-byte data unit ({shape})";
    }

    public override string? Unavailable => ModeCases.AesNi();

    // As the tweak row: half the short run's count.
    public override double ShortModeScale => 0.5;

    public override void Setup()
    {
        byte[] key = RandomNumberGenerator.GetBytes(32);
        using var aes = new RijndaelCipher();
        _xts = new BlockCipherXts(aes, key);
        _sector = BitConverter.ToUInt64(RandomNumberGenerator.GetBytes(8));
        Path = $"{_basePath} -> kernel \"{ModeCases.KernelName(aes, key.AsSpan(0, 16))}\"";
        CryptographicOperations.ZeroMemory(key);
    }

    public override void WriteFixedInput(Span<byte> input) => input.Fill(0x5A);

    public override void Run(ReadOnlySpan<byte> input)
    {
        if (_decrypt)
        {
            _xts!.Decrypt(_sector, input, _destination);
        }
        else
        {
            _xts!.Encrypt(_sector, input, _destination);
        }
    }

    protected override void Dispose(bool disposing)
    {
        _xts?.Dispose();
        _xts = null;
        base.Dispose(disposing);
    }
}

/// <summary>
/// XTS-Camellia-128 over four 512-byte data units in one <c>EncryptDataUnits</c> call, under a fixed random key and
/// first sector number: fixed vs random plaintext. With a byte-sliced Camellia kernel the four units run as one
/// stream of batches, the whitening restarting each unit's tweak chain inside a batch.
/// </summary>
internal sealed class XtsDataUnitsCase : LeakageCase
{
    private const int UnitBytes = 512;
    private const string BasePath = "BlockCipherXts(Camellia, XTS-Camellia-128).EncryptDataUnits(sector, 512, ...), four 512-byte data units (the kernel's data-units loop)";
    private readonly byte[] _destination = new byte[4 * UnitBytes];
    private ulong _sector;
    private BlockCipherXts? _xts;

    public XtsDataUnitsCase()
        : base("xts-camellia128-encrypt-4x512", BasePath, "fixed plaintext (0x5A) vs random plaintext", 4 * UnitBytes,
            Claim.ConstantTime)
    {
    }

    // The byte-sliced Camellia kernels need AES-NI or GFNI; without them Camellia runs its table kernels.
    public override string? Unavailable => ModeCases.AesNi();

    public override double ShortModeScale => 0.5;

    public override void Setup()
    {
        byte[] key = RandomNumberGenerator.GetBytes(32);
        using var camellia = Camellia.Create();
        _xts = new BlockCipherXts(camellia, key);
        _sector = BitConverter.ToUInt64(RandomNumberGenerator.GetBytes(8)) >> 1;
        using (BlockCipherKernel kernel = camellia.CreateKernelForKey(key.AsSpan(0, 16)))
        {
            Path = $"{BasePath} -> kernel \"{kernel.Name}\"";
        }

        CryptographicOperations.ZeroMemory(key);
    }

    public override void WriteFixedInput(Span<byte> input) => input.Fill(0x5A);

    public override void Run(ReadOnlySpan<byte> input) => _xts!.EncryptDataUnits(_sector, UnitBytes, input, _destination);

    protected override void Dispose(bool disposing)
    {
        _xts?.Dispose();
        _xts = null;
        base.Dispose(disposing);
    }
}

internal enum AeadMode
{
    Ocb,
    Ccm,
}

/// <summary>
/// AES-128-OCB3 or AES-128-CCM through the public type, 1024 bytes, 12-byte nonce, 16-byte tag, under a fixed random
/// key and nonce: fixed vs random plaintext. Encryption times Encrypt on it; decryption encrypts it untimed (so every
/// call has a valid tag) and times Decrypt, tag check included.
/// </summary>
internal sealed class AeadCase : LeakageCase
{
    private const int Length = 1024;
    private readonly AeadMode _mode;
    private readonly bool _decrypt;
    private readonly string _basePath;
    private readonly byte[] _nonce = new byte[12];
    private readonly byte[] _ciphertext = new byte[Length];
    private readonly byte[] _plaintext = new byte[Length];
    private readonly byte[] _tag = new byte[16];
    private BlockCipherOcb? _ocb;
    private BlockCipherCcm? _ccm;

    public AeadCase(string name, AeadMode mode, bool decrypt)
        : base(name, Describe(mode, decrypt),
            decrypt
                ? "fixed plaintext (0x5A) vs random plaintext, encrypted untimed before each call (valid tag)"
                : "fixed plaintext (0x5A) vs random plaintext",
            Length, Claim.ConstantTime)
    {
        _mode = mode;
        _decrypt = decrypt;
        _basePath = Path;
    }

    private static string Describe(AeadMode mode, bool decrypt)
    {
        string type = mode == AeadMode.Ocb ? "BlockCipherOcb" : "BlockCipherCcm";
        return decrypt
            ? $"{type}(RijndaelCipher, AES-128).Decrypt, {Length} bytes, 12-byte nonce, 16-byte tag (valid: the tag check passes)"
            : $"{type}(RijndaelCipher, AES-128).Encrypt, {Length} bytes, 12-byte nonce, 16-byte tag";
    }

    public override string? Unavailable => ModeCases.AesNi();

    public override void Setup()
    {
        using var aes = new RijndaelCipher { KeySize = 128 };
        aes.Key = RandomNumberGenerator.GetBytes(16);
        if (_mode == AeadMode.Ocb)
        {
            _ocb = new BlockCipherOcb(aes);
        }
        else
        {
            _ccm = new BlockCipherCcm(aes);
        }

        RandomNumberGenerator.Fill(_nonce);
        Path = $"{_basePath} -> kernel \"{aes.Kernel.Name}\"";
    }

    public override void WriteFixedInput(Span<byte> input) => input.Fill(0x5A);

    public override void Prepare(ReadOnlySpan<byte> input)
    {
        if (_decrypt)
        {
            Encrypt(input);
        }
    }

    public override void Run(ReadOnlySpan<byte> input)
    {
        if (!_decrypt)
        {
            Encrypt(input);
        }
        else if (_ocb is not null)
        {
            _ocb.Decrypt(_nonce, _ciphertext, _tag, _plaintext);
        }
        else
        {
            _ccm!.Decrypt(_nonce, _ciphertext, _tag, _plaintext);
        }
    }

    private void Encrypt(ReadOnlySpan<byte> plaintext)
    {
        if (_ocb is not null)
        {
            _ocb.Encrypt(_nonce, plaintext, _ciphertext, _tag);
        }
        else
        {
            _ccm!.Encrypt(_nonce, plaintext, _ciphertext, _tag);
        }
    }

    protected override void Dispose(bool disposing)
    {
        _ocb?.Dispose();
        _ocb = null;
        _ccm?.Dispose();
        _ccm = null;
        base.Dispose(disposing);
    }
}

/// <summary>
/// AES-128-OCB3 with the key as the secret: the AES kernel is made for each call's key untimed (its key expansion is
/// the row <c>aesni-128-key-expansion</c>); the timed call builds the instance on it (L_* = E_K(0), then L_$ and
/// L_0..L_63 by doubling) and encrypts 1024 bytes (64 blocks: offsets through L_0..L_6, and the tag) of fixed random
/// data. The fixed key is, of 1,024 random keys, the one whose L_* makes the fewest of the 65 doublings fold a carry
/// back, the most distinct table for a doubling that branched on the carry (and, its upper half mostly zero, a table
/// of low-weight values: stored as two 8-byte words and loaded as one 16-byte vector, such values made the row leak on
/// AMD Zen 4 until the table was stored a vector at a time; docs/security.md).
/// </summary>
internal sealed class OcbKeyCase : LeakageCase
{
    private const int Length = 1024;
    private const string BasePath = "new BlockCipherOcb(AES-128 kernel made untimed for each key) (L table) + Encrypt, 1024 bytes, 12-byte nonce, 16-byte tag";
    private readonly byte[] _nonce = new byte[12];
    private readonly byte[] _ciphertext = new byte[Length];
    private readonly byte[] _tag = new byte[16];
    private readonly byte[] _key = new byte[16];
    private byte[] _fixedKey = Array.Empty<byte>();
    private byte[] _data = Array.Empty<byte>();
    private RijndaelCipher? _aes;
    private BlockCipherKernel? _kernel;
    private BlockCipherOcb? _ocb;
    private int _fixedCarries;

    public OcbKeyCase()
        : base("ocb-aes128-offsets", BasePath,
            "fixed key (of 1,024 random keys, the one whose L table folds the fewest carries) vs random key", 16, Claim.ConstantTime)
    {
    }

    public override string? Unavailable => ModeCases.AesNi();

    public override void Setup()
    {
        _aes = new RijndaelCipher { KeySize = 128 };
        _data = RandomNumberGenerator.GetBytes(Length);
        RandomNumberGenerator.Fill(_nonce);
        _fixedCarries = int.MaxValue;
        for (int attempt = 0; attempt < 1024; attempt++)
        {
            byte[] key = RandomNumberGenerator.GetBytes(16);
            int carries = Carries(key);
            if (carries < _fixedCarries)
            {
                (_fixedKey, _fixedCarries) = (key, carries);
            }
        }

        Path = $"{BasePath} -> kernel \"{ModeCases.KernelName(_aes, _fixedKey)}\"; the fixed key's L table folds {_fixedCarries} carries in 65 doublings";
    }

    /// <summary>How many of the 65 doublings from L_* to L_63 have the top bit set (fold 0x87 back).</summary>
    private int Carries(byte[] key)
    {
        Span<byte> value = stackalloc byte[16];
        value.Clear();
        using (BlockCipherKernel kernel = _aes!.CreateKernelForKey(key))
        {
            kernel.EncryptBlocks(value, value);
        }

        int carries = 0;
        for (int i = 0; i < 65; i++)
        {
            carries += value[0] >> 7;
            Gf128.DoubleBigEndian(value);
        }

        CryptographicOperations.ZeroMemory(value);
        return carries;
    }

    public override void WriteFixedInput(Span<byte> input) => _fixedKey.CopyTo(input);

    // The previous call's instance is disposed here, untimed (it owns and wipes its kernel), and the new key's kernel
    // is made.
    public override void Prepare(ReadOnlySpan<byte> input)
    {
        _ocb?.Dispose();
        _ocb = null;
        _kernel?.Dispose();
        input.CopyTo(_key);
        _kernel = _aes!.CreateKernelForKey(_key);
    }

    public override void Run(ReadOnlySpan<byte> input)
    {
        _ocb = new BlockCipherOcb(_kernel!, 16, allowShortTags: false);
        _kernel = null; // owned by the instance from now on
        _ocb.Encrypt(_nonce, _data, _ciphertext, _tag);
    }

    protected override void Dispose(bool disposing)
    {
        _ocb?.Dispose();
        _ocb = null;
        _kernel?.Dispose();
        _kernel = null;
        _aes?.Dispose();
        _aes = null;
        CryptographicOperations.ZeroMemory(_key);
        base.Dispose(disposing);
    }
}
