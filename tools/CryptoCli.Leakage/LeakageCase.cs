using System;
using System.Security.Cryptography;

namespace CryptoCli.Leakage;

/// <summary>What a case's documentation says about the path it measures, and so how its |t| is read.</summary>
internal enum Claim
{
    /// <summary>The docs call this path constant-time: |t| should stay below 4.5.</summary>
    ConstantTime,

    /// <summary>The positive control: a path known to leak, which the test must detect (|t| above the control threshold).</summary>
    Control,

    /// <summary>A path the docs say is not constant-time, measured for reference only.</summary>
    NotConstantTime,

    /// <summary>No library code: a probe of whether the CPU itself times identical instructions differently for different data.</summary>
    CpuProbe,
}

/// <summary>
/// One operation under test and its two input classes. The harness writes one input per measurement (class 0: the
/// fixed input, class 1: a fresh random one), calls <see cref="Prepare"/> untimed, then times <see cref="Run"/>.
/// Inputs of both classes live in the same buffer, at the measurement's position, so the memory the harness touches
/// does not depend on the class.
/// </summary>
internal abstract class LeakageCase : IDisposable
{
    protected LeakageCase(string name, string path, string classes, int inputLength, Claim claim)
    {
        Name = name;
        Path = path;
        Classes = classes;
        InputLength = inputLength;
        Claim = claim;
    }

    /// <summary>The name on the command line and in the table.</summary>
    public string Name { get; }

    /// <summary>Which code runs (kernel and call shape).</summary>
    public string Path { get; protected set; }

    /// <summary>What the two classes are.</summary>
    public string Classes { get; }

    public int InputLength { get; }

    public Claim Claim { get; protected set; }

    /// <summary>Why the case cannot run in this process (missing instructions), or null when it can.</summary>
    public virtual string? Unavailable => null;

    /// <summary>
    /// The short mode (CI) multiplies its measurement count by this: below 1 for cases much slower than a
    /// block-cipher call (ECDSA), so that each takes a few seconds; above 1 for the positive control, whose
    /// detection is the step's pass criterion. The full table uses the same count for every case.
    /// </summary>
    public virtual double ShortModeScale => 1;

    /// <summary>Creates keys and kernels (once, before the warm-up).</summary>
    public abstract void Setup();

    public abstract void WriteFixedInput(Span<byte> input);

    public virtual void WriteRandomInput(Span<byte> input) => RandomNumberGenerator.Fill(input);

    /// <summary>Untimed work just before the timed call (for example importing a key).</summary>
    public virtual void Prepare(ReadOnlySpan<byte> input)
    {
    }

    /// <summary>The timed operation.</summary>
    public abstract void Run(ReadOnlySpan<byte> input);

    /// <summary>
    /// Cache eviction before each timed call, after <see cref="Prepare"/>: by default the whole L1 data cache, so that
    /// every call starts from the same cache state whatever the previous call touched. The positive control
    /// overrides it with a targeted eviction.
    /// </summary>
    public virtual void Evict(CacheEvictor evictor) => evictor.EvictAll();

    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Releases the keys and kernels made by <see cref="Setup"/>.</summary>
    protected virtual void Dispose(bool disposing)
    {
    }
}

/// <summary>Fixed vs random plaintext (or ciphertext) through one kernel under one fixed random key.</summary>
internal sealed class BlockKernelCase : LeakageCase
{
    private readonly Func<byte[], BlockCipherKernel> _create;
    private readonly Func<string?> _unavailable;
    private readonly int _keyLength;
    private readonly bool _decrypt;
    private readonly bool _fixedIsWhiteningKey;
    private readonly Func<BlockCipherKernel, Claim>? _claimOf;
    private readonly bool _cbcEncrypt;
    private readonly byte[] _chain = new byte[64];
    private BlockCipherKernel? _kernel;
    private byte[] _key = Array.Empty<byte>();
    private byte[] _output = Array.Empty<byte>();

    /// <param name="fixedIsWhiteningKey">
    /// True when the first round key is the first block-length bytes of the key (AES/Rijndael with key length at
    /// least the block length; Camellia, whose pre-whitening key is the key's first 128 bits): the fixed plaintext is
    /// then that key material, so every first-round S-box input is zero. For a table kernel this is the most distinct
    /// fixed input (the first round reads one cache line per table); for a constant-time kernel it is just another value.
    /// </param>
    /// <param name="cbcEncrypt">True to time CBC encryption (the serial chain, through <see cref="Cbc"/>, all-zero IV)
    /// instead of <see cref="BlockCipherKernel.EncryptBlocks"/>; <paramref name="decrypt"/> is then false.</param>
    public BlockKernelCase(string name, string path, Claim claim, int keyLength, int blockLength, int blocks, bool decrypt,
        bool fixedIsWhiteningKey, Func<byte[], BlockCipherKernel> create, Func<string?> unavailable,
        Func<BlockCipherKernel, Claim>? claimOf = null, bool cbcEncrypt = false)
        : base(name, path, DescribeClasses(decrypt, fixedIsWhiteningKey), blockLength * blocks, claim)
    {
        _claimOf = claimOf;
        _create = create;
        _unavailable = unavailable;
        _keyLength = keyLength;
        _decrypt = decrypt;
        _fixedIsWhiteningKey = fixedIsWhiteningKey;
        _cbcEncrypt = cbcEncrypt;
    }

    public override string? Unavailable => _unavailable();

    private static string DescribeClasses(bool decrypt, bool fixedIsWhiteningKey)
    {
        string data = decrypt ? "ciphertext" : "plaintext";
        return fixedIsWhiteningKey
            ? $"fixed {data} (= round key 0, so round 1's S-box inputs are all zero) vs random {data}"
            : $"fixed {data} vs random {data}";
    }

    public override void Setup()
    {
        _key = RandomNumberGenerator.GetBytes(_keyLength);
        _kernel = _create(_key);
        _output = new byte[InputLength];
        if (_claimOf is not null)
        {
            // A public type's default path: which kernel it picked, and so what its docs claim, is known only now.
            Claim = _claimOf(_kernel);
            Path += $" -> kernel \"{_kernel.Name}\"";
        }
    }

    public override void WriteFixedInput(Span<byte> input)
    {
        int blockLength = _kernel!.BlockSizeInBytes;
        for (int offset = 0; offset < input.Length; offset += blockLength)
        {
            Span<byte> block = input.Slice(offset, blockLength);
            if (_fixedIsWhiteningKey)
            {
                _key.AsSpan(0, blockLength).CopyTo(block);
            }
            else
            {
                block.Fill(0x5A);
            }
        }
    }

    protected override void Dispose(bool disposing)
    {
        _kernel?.Dispose();
        _kernel = null;
        base.Dispose(disposing);
    }

    public override void Run(ReadOnlySpan<byte> input)
    {
        if (_cbcEncrypt)
        {
            Span<byte> chain = _chain.AsSpan(0, _kernel!.BlockSizeInBytes);
            chain.Clear();
            Cbc.EncryptBlocks(_kernel, input, _output, chain);
        }
        else if (_decrypt)
        {
            _kernel!.DecryptBlocks(input, _output);
        }
        else
        {
            _kernel!.EncryptBlocks(input, _output);
        }
    }
}

/// <summary>Fixed vs random key through a kernel's constructor: the key expansion (and its wipe on Dispose).</summary>
internal sealed class KeyExpansionCase : LeakageCase
{
    private readonly Func<byte[], BlockCipherKernel> _create;
    private readonly Func<string?> _unavailable;
    private byte[] _key = Array.Empty<byte>();

    public KeyExpansionCase(string name, string path, Claim claim, int keyLength, Func<byte[], BlockCipherKernel> create, Func<string?> unavailable)
        : base(name, path, "fixed key (all zero) vs random key", keyLength, claim)
    {
        _create = create;
        _unavailable = unavailable;
    }

    public override string? Unavailable => _unavailable();

    public override void Setup() => _key = new byte[InputLength];

    public override void WriteFixedInput(Span<byte> input) => input.Clear();

    // The constructor takes the key as a span; copying it to one reused array keeps the timed call allocation-free
    // apart from the kernel's own arrays.
    public override void Prepare(ReadOnlySpan<byte> input) => input.CopyTo(_key);

    public override void Run(ReadOnlySpan<byte> input)
    {
        using BlockCipherKernel kernel = _create(_key);
    }
}

/// <summary>A keyless function of the input (hashes): fixed vs random message.</summary>
internal sealed class FunctionCase : LeakageCase
{
    private readonly SpanAction _run;
    private readonly Func<string?> _unavailable;
    private readonly int _outputLength;
    private byte[] _output = Array.Empty<byte>();

    public delegate void SpanAction(ReadOnlySpan<byte> input, Span<byte> output);

    public FunctionCase(string name, string path, Claim claim, int inputLength, int outputLength, SpanAction run, Func<string?> unavailable)
        : base(name, path, "fixed message (all zero) vs random message", inputLength, claim)
    {
        _run = run;
        _unavailable = unavailable;
        _outputLength = outputLength;
    }

    public override string? Unavailable => _unavailable();

    public override void Setup() => _output = new byte[_outputLength];

    public override void WriteFixedInput(Span<byte> input) => input.Clear();

    public override void Run(ReadOnlySpan<byte> input) => _run(input, _output);
}
