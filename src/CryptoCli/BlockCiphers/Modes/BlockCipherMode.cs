using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// A mode of operation over any kernel, as an immutable object (its running state, the chaining value or shift
/// register, belongs to the caller), so that the one-shots and the <see cref="ICryptoTransform"/> are written once
/// over every mode. The modes ask a kernel for its optional fused loops (<see cref="ICbcEncryptKernel"/>,
/// <see cref="ICbcDecryptKernel"/>, <see cref="ICfbEncryptKernel"/>, <see cref="ICounterModeKernel"/>) and fall back
/// to generic loops over <see cref="BlockCipherKernel.EncryptBlocks"/>.
/// </summary>
internal abstract class BlockCipherMode
{
    /// <summary>Batch size of the generic loops: big enough to let EncryptBlocks interleave, small enough for the
    /// stack.</summary>
    protected const int BatchBytes = 512;

    /// <summary>The largest block of any kernel.</summary>
    public const int MaxBlockSize = 64;

    // The shape of the mode is data, not virtual calls: the one-shots read it once per call, and a shared method
    // compiled with a profile of one mode (dynamic PGO guesses the hot type) stays fast for the others.
    private readonly int _segment;

    /// <param name="usesIV">False for ECB.</param>
    /// <param name="segment">The CFB/OFB segment in bytes; 0 for the whole block.</param>
    /// <param name="stealsCiphertext">True for ciphertext stealing.</param>
    private protected BlockCipherMode(bool usesIV = true, int segment = 0, bool stealsCiphertext = false)
    {
        UsesIV = usesIV;
        _segment = segment;
        StealsCiphertext = stealsCiphertext;
    }

    public abstract CipherMode Mode { get; }

    /// <summary>False for ECB.</summary>
    public bool UsesIV { get; }

    /// <summary>
    /// The bytes processed per step: the block, or the CFB/OFB feedback size. Padding pads to it, and the
    /// transform's input block size is it, as the runtime's transforms do.
    /// </summary>
    public int GetSegmentSize(int blockSize) => _segment == 0 ? blockSize : _segment;

    /// <summary>True for ciphertext stealing: the last two blocks are processed together, with no padding.</summary>
    public bool StealsCiphertext { get; }

    /// <summary>Encrypts whole segments, streaming: <paramref name="state"/> (one block) is the IV on the first call
    /// and
    /// carries the running value to the next. <paramref name="destination"/> is disjoint or the same memory.</summary>
    public abstract void Encrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state);

    /// <summary>Decrypts whole segments, streaming (see <see cref="Encrypt"/>).</summary>
    public abstract void Decrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state);

    /// <summary>
    /// Throws unless <paramref name="length"/> is whole segments. A loop that advanced by whole segments would make no
    /// progress on a partial one, so this is a real check, not an assertion: a caller that splits a segment (the
    /// transform does so only through its own segment cursor) gets an exception instead of a loop that never ends.
    /// </summary>
    protected static void CheckWholeSegments(int length, int segment)
    {
        if (CipherPadding.Remainder(length, segment) != 0)
        {
            throw new ArgumentException(SR.MustTransformWholeBlock, nameof(length));
        }
    }

    /// <summary>One instance per segment size, 1 to <see cref="MaxBlockSize"/> bytes, indexed by it (CFB and
    /// OFB).</summary>
    protected static T[] CreateForEverySegment<T>(Func<int, T> create)
    {
        var all = new T[MaxBlockSize + 1];
        for (int segment = 1; segment <= MaxBlockSize; segment++)
        {
            all[segment] = create(segment);
        }

        return all;
    }

    /// <summary>The mode object for <see cref="SymmetricAlgorithm.Mode"/> and <see
    /// cref="SymmetricAlgorithm.FeedbackSize"/>.</summary>
    /// <exception cref="CryptographicException">The mode is not one of ECB, CBC, CFB, OFB, CTS.</exception>
    public static BlockCipherMode Get(CipherMode mode, int feedbackSizeInBits) => mode switch
    {
        CipherMode.ECB => Ecb.Instance,
        CipherMode.CBC => Cbc.Instance,
        CipherMode.CFB => Cfb.Get(feedbackSizeInBits / 8),
        CipherMode.OFB => Ofb.Get(feedbackSizeInBits / 8),
        CipherMode.CTS => Cts.Instance,
        _ => throw new CryptographicException(SR.CipherModeNotSupported),
    };
}
