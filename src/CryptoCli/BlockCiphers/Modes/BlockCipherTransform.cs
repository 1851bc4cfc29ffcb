using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The <see cref="ICryptoTransform"/> behind <c>CreateEncryptor</c>/<c>CreateDecryptor</c> for every
/// <see cref="BlockCipherMode"/>, so that <see cref="CryptoStream"/> works. As the runtime's transforms, its input
/// block is the cipher's block in every mode (CFB-8 included); padding fills the mode's segment (the block, or the
/// CFB/OFB feedback size). Some input is held back until <see cref="TransformFinalBlock"/>: the last block when
/// decryption removes padding (as the runtime's transforms do), the last two blocks for ciphertext stealing.
/// In CFB and OFB a segment may end inside one call and continue in the next: a feedback size that does not divide
/// the block (a 192-bit block with 128-bit feedback, <c>RijndaelManaged</c>'s default at that block size) gives
/// the one-shots' bytes through every chunking. The stream form (<see cref="CreateStream"/>) runs CFB and OFB as
/// stream ciphers: one-byte blocks, no padding, nothing held back, the last segment cut short.
/// </summary>
internal sealed class BlockCipherTransform : ICryptoTransform
{
    private readonly BlockCipherKernel _kernel;
    private readonly BlockCipherMode _mode;
    private readonly bool _encrypting;
    private readonly PaddingMode _paddingMode;
    private readonly int _segment;
    private readonly bool _streaming;   // CFB or OFB of any length, with one-byte blocks and no padding
    private readonly byte[] _iv;        // the IV, for Reset (zeros for ECB, unused)
    private readonly byte[] _state;     // the mode's running value
    private readonly byte[] _held;      // input held back, not yet output
    private readonly byte[]? _keystream; // CFB and OFB: E(R) of the segment in progress
    private readonly byte[]? _feedback;  // CFB: the ciphertext of the segment in progress, shifted into R when whole
    private int _heldCount;
    private int _position;               // CFB and OFB: bytes of the segment in progress already processed
    private bool _disposed;

    // Overlapping calls from several threads throw, and the message they overlapped is refused at its final block.
    private ConcurrencyGuard _guard;

    public BlockCipherTransform(
        BlockCipherKernel kernel,
        BlockCipherMode mode,
        bool encrypting,
        PaddingMode paddingMode,
        byte[]? iv)
        : this(kernel, mode, encrypting, paddingMode, iv, streaming: false)
    {
    }

    private BlockCipherTransform(
        BlockCipherKernel kernel,
        BlockCipherMode mode,
        bool encrypting,
        PaddingMode paddingMode,
        byte[]? iv,
        bool streaming)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        int blockSize = kernel.BlockSizeInBytes;
        _kernel = kernel;
        _mode = mode;
        _encrypting = encrypting;
        _paddingMode = paddingMode;
        _segment = mode.GetSegmentSize(blockSize);
        _streaming = streaming;
        _iv = new byte[blockSize];
        if (mode.UsesIV)
        {
            iv!.AsSpan().CopyTo(_iv);
        }

        _state = (byte[])_iv.Clone();
        if (mode.Mode is CipherMode.CFB or CipherMode.OFB)
        {
            _keystream = new byte[blockSize];
            _feedback = mode.Mode == CipherMode.CFB ? new byte[_segment] : null;
        }

        int holdBack = mode.StealsCiphertext ? 2 * blockSize
            : !encrypting && CipherPadding.DepadsOnDecrypt(paddingMode) ? blockSize
            : 0;
        _held = new byte[holdBack];
    }

    /// <summary>The stream form of CFB or OFB (<paramref name="mode"/>): any length, no padding.</summary>
    public static BlockCipherTransform CreateStream(
        BlockCipherKernel kernel,
        BlockCipherMode mode,
        bool encrypting,
        byte[] iv)
    {
        System.Diagnostics.Debug.Assert(mode.Mode is CipherMode.CFB or CipherMode.OFB);
        return new BlockCipherTransform(kernel, mode, encrypting, PaddingMode.None, iv, streaming: true);
    }

    public int InputBlockSize => _streaming ? 1 : _kernel.BlockSizeInBytes;

    public int OutputBlockSize => _streaming ? 1 : _kernel.BlockSizeInBytes;

    public bool CanTransformMultipleBlocks => true;

    public bool CanReuseTransform => true;

    public int TransformBlock(
        byte[] inputBuffer,
        int inputOffset,
        int inputCount,
        byte[] outputBuffer,
        int outputOffset)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        CheckTransformBlockArguments(inputBuffer, inputOffset, inputCount, outputBuffer, outputOffset, InputBlockSize);
        _guard.Enter();
        try
        {
            return TransformBlockCore(inputBuffer.AsSpan(inputOffset, inputCount), outputBuffer.AsSpan(outputOffset));
        }
        finally
        {
            _guard.Exit();
        }
    }

    private int TransformBlockCore(ReadOnlySpan<byte> input, Span<byte> output)
    {
        int inputCount = input.Length;
        int holdBack = _held.Length;
        int total = _heldCount + inputCount;
        int emit = Math.Max(0, total - holdBack); // at most inputCount, for which the output has room

        // What stays held: the last (total - emit) bytes of held || input, read before any in-place write.
        int keep = total - emit;
        Span<byte> kept = stackalloc byte[2 * BlockCipherMode.MaxBlockSize];
        kept = kept.Slice(0, keep);
        if (keep <= inputCount)
        {
            input.Slice(inputCount - keep).CopyTo(kept);
        }
        else
        {
            _held.AsSpan(_heldCount - (keep - inputCount), keep - inputCount).CopyTo(kept);
            input.CopyTo(kept.Slice(keep - inputCount));
        }

        int fromHeld = Math.Min(emit, _heldCount);
        int fromInput = emit - fromHeld;
        byte[]? copy = null;
        if (fromHeld > 0 && fromInput > 0 && SpanHelpers.Overlaps(input, output))
        {
            // The held bytes go out first and would overwrite input not yet read.
            copy = input.Slice(0, fromInput).ToArray();
            input = copy;
        }

        Process(_held.AsSpan(0, fromHeld), output.Slice(0, fromHeld));
        Process(input.Slice(0, fromInput), output.Slice(fromHeld, fromInput));
        kept.CopyTo(_held);
        _heldCount = keep;
        CryptographicOperations.ZeroMemory(kept);
        if (copy is not null)
        {
            CryptographicOperations.ZeroMemory(copy);
        }

        return emit;
    }

    public byte[] TransformFinalBlock(byte[] inputBuffer, int inputOffset, int inputCount)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        CheckTransformFinalBlockArguments(inputBuffer, inputOffset, inputCount);
        _guard.Enter();
        try
        {
            if (_guard.TakeOverlapped())
            {
                // Another thread's call overlapped this message: refuse its end rather than return it.
                Reset();
                ThrowHelper.ThrowConcurrentUse();
            }

            return TransformFinalBlockCore(inputBuffer.AsSpan(inputOffset, inputCount));
        }
        finally
        {
            _guard.Exit();
        }
    }

    private byte[] TransformFinalBlockCore(ReadOnlySpan<byte> input)
    {
        byte[] rest = new byte[_heldCount + input.Length];
        try
        {
            _held.AsSpan(0, _heldCount).CopyTo(rest);
            input.CopyTo(rest.AsSpan(_heldCount));
            if (_mode.StealsCiphertext)
            {
                return FinalCts(rest);
            }

            if (_streaming)
            {
                byte[] output = new byte[rest.Length];
                Process(rest, output);
                return output;
            }

            return _encrypting ? EncryptFinal(rest) : DecryptFinal(rest);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(rest);
            Reset();
        }
    }

    private byte[] FinalCts(byte[] rest)
    {
        if (rest.Length < _kernel.BlockSizeInBytes)
        {
            throw new CryptographicException(SR.CtsInputTooShort);
        }

        byte[] output = new byte[rest.Length];
        if (_encrypting)
        {
            Cts.EncryptFinal(_kernel, rest, output, _state);
        }
        else
        {
            Cts.DecryptFinal(_kernel, rest, output, _state);
        }

        return output;
    }

    private byte[] EncryptFinal(ReadOnlySpan<byte> input)
    {
        int segment = _segment;
        // The final segment: `tail` bytes long, of which `earlier` went through Process in earlier calls (CFB and OFB
        // only: elsewhere a segment never ends inside a call). Padding depends on the tail's length, not its bytes.
        int tail = (_position + input.Length) % segment;
        if (_paddingMode == PaddingMode.None && tail != 0)
        {
            ThrowHelper.ThrowPartialBlock(); // the transform's error, where the one-shots throw ArgumentException
        }

        int earlier = Math.Max(0, tail - input.Length);
        int whole = input.Length - (tail - earlier);
        Span<byte> tailBytes = stackalloc byte[BlockCipherMode.MaxBlockSize];
        Span<byte> finalSegment = stackalloc byte[BlockCipherMode.MaxBlockSize];
        tailBytes.Slice(0, earlier).Clear();
        input.Slice(whole).CopyTo(tailBytes.Slice(earlier));
        finalSegment = finalSegment.Slice(0, segment);
        bool padded = CipherPadding.PadFinalBlock(tailBytes.Slice(0, tail), finalSegment, _paddingMode);
        byte[] output = new byte[padded ? checked(whole + segment - earlier) : whole];
        Process(input.Slice(0, whole), output.AsSpan(0, whole));
        if (padded)
        {
            Process(finalSegment.Slice(earlier), output.AsSpan(whole));
        }

        CryptographicOperations.ZeroMemory(tailBytes);
        CryptographicOperations.ZeroMemory(finalSegment);
        return output;
    }

    private byte[] DecryptFinal(ReadOnlySpan<byte> input)
    {
        int segment = _segment;
        if ((_position + input.Length) % segment != 0)
        {
            ThrowHelper.ThrowPartialBlock();
        }

        byte[] plaintext = new byte[input.Length];
        Process(input, plaintext);
        if (!CipherPadding.DepadsOnDecrypt(_paddingMode))
        {
            return plaintext;
        }

        if (plaintext.Length == 0)
        {
            return plaintext; // nothing at all to decrypt: the runtime returns no bytes rather than a padding error
        }

        int length = CipherPadding.GetUnpaddedLength(plaintext.AsSpan(plaintext.Length - segment), _paddingMode);
        if (length < 0)
        {
            CryptographicOperations.ZeroMemory(plaintext);
            ThrowHelper.ThrowInvalidPadding();
        }

        byte[] result = plaintext.AsSpan(0, plaintext.Length - segment + length).ToArray();
        CryptographicOperations.ZeroMemory(plaintext);
        return result;
    }

    private void Process(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.IsEmpty)
        {
            return;
        }

        if (_keystream is null)
        {
            ProcessSegments(source, destination);
            return;
        }

        // CFB and OFB: finish the segment in progress, whole segments through the mode, then start the next one.
        int segment = _segment;
        int done = 0;
        if (_position > 0)
        {
            done = Math.Min(segment - _position, source.Length);
            ContinueSegment(source.Slice(0, done), destination.Slice(0, done));
        }

        int rest = source.Length - done;
        int whole = rest - rest % segment;
        ProcessSegments(source.Slice(done, whole), destination.Slice(done, whole));
        done += whole;
        if (done < source.Length)
        {
            _kernel.EncryptBlocks(_state, _keystream);
            if (_feedback is null)
            {
                Cfb.ShiftIn(_state, _keystream, segment); // OFB feeds the keystream back: R is known at once
            }

            ContinueSegment(source.Slice(done), destination.Slice(done));
        }
    }

    // Part of a CFB or OFB segment, with the keystream of the segment in progress.
    private void ContinueSegment(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int length = source.Length;
        byte[]? feedback = _feedback;
        if (feedback is not null && !_encrypting)
        {
            source.CopyTo(feedback.AsSpan(_position)); // the ciphertext, read before an in-place write
        }

        SpanHelpers.Xor(source, _keystream.AsSpan(_position, length), destination.Slice(0, length));
        if (feedback is not null && _encrypting)
        {
            destination.Slice(0, length).CopyTo(feedback.AsSpan(_position));
        }

        _position += length;
        if (_position == _segment)
        {
            if (feedback is not null)
            {
                Cfb.ShiftIn(_state, feedback, _segment);
            }

            _position = 0;
        }
    }

    // Whole segments.
    private void ProcessSegments(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.IsEmpty)
        {
            return;
        }

        if (_encrypting)
        {
            _mode.Encrypt(_kernel, source, destination, _state);
        }
        else
        {
            _mode.Decrypt(_kernel, source, destination, _state);
        }
    }

    private void Reset()
    {
        _iv.CopyTo(_state, 0);
        CryptographicOperations.ZeroMemory(_held);
        CryptographicOperations.ZeroMemory(_keystream);
        CryptographicOperations.ZeroMemory(_feedback);
        _heldCount = 0;
        _position = 0;
    }

    // The runtime's argument checks, in the runtime's order, with its exception types and parameter names: the
    // input must be whole blocks, at least one, and the output must have room for all of them (decryption included,
    // although it holds one block back).
    private static void CheckTransformBlockArguments(
        byte[] inputBuffer,
        int inputOffset,
        int inputCount,
        byte[] outputBuffer,
        int outputOffset,
        int blockSize)
    {
        ThrowHelper.ThrowIfNull(inputBuffer, nameof(inputBuffer));
        ThrowHelper.ThrowIfNegative(inputOffset, nameof(inputOffset));
        ThrowHelper.ThrowIfGreaterThan(inputOffset, inputBuffer.Length, nameof(inputOffset));
        ThrowHelper.ThrowIfNegativeOrZero(inputCount, nameof(inputCount));
        if (inputCount % blockSize != 0)
        {
            throw new ArgumentOutOfRangeException(nameof(inputCount), SR.MustTransformWholeBlock);
        }

        if (inputCount > inputBuffer.Length - inputOffset)
        {
            throw new ArgumentOutOfRangeException(nameof(inputCount), SR.ArgumentOffsetLength);
        }

        ThrowHelper.ThrowIfNull(outputBuffer, nameof(outputBuffer));
        ThrowHelper.ThrowIfGreaterThan(outputOffset, outputBuffer.Length, nameof(outputOffset));
        if (inputCount > outputBuffer.Length - outputOffset)
        {
            throw new ArgumentOutOfRangeException(nameof(outputOffset), SR.ArgumentOffsetLength);
        }

        if (outputOffset < 0)
        {
            // No parameter name on purpose: the runtime's transform throws this one from AsSpan(outputOffset).
#pragma warning disable CA2208
            throw new ArgumentOutOfRangeException();
#pragma warning restore CA2208
        }
    }

    private static void CheckTransformFinalBlockArguments(byte[] inputBuffer, int inputOffset, int inputCount)
    {
        ThrowHelper.ThrowIfNull(inputBuffer, nameof(inputBuffer));
        ThrowHelper.ThrowIfNegative(inputOffset, nameof(inputOffset));
        ThrowHelper.ThrowIfNegative(inputCount, nameof(inputCount));
        ThrowHelper.ThrowIfGreaterThan(inputOffset, inputBuffer.Length, nameof(inputOffset));
        if (inputCount > inputBuffer.Length - inputOffset)
        {
            throw new ArgumentOutOfRangeException(nameof(inputCount), SR.ArgumentOffsetLength);
        }
    }

    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _kernel.Dispose();
        CryptographicOperations.ZeroMemory(_held);
        CryptographicOperations.ZeroMemory(_keystream);
        CryptographicOperations.ZeroMemory(_feedback);
        CryptographicOperations.ZeroMemory(_state);
        CryptographicOperations.ZeroMemory(_iv);
    }
}
