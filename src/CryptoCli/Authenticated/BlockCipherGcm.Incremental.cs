using System;
using System.Buffers.Binary;
using System.Security.Cryptography;

namespace CryptoCli;

// The incremental API, for messages that do not fit in memory. Encryption streams: it never releases anything
// unauthenticated. Decryption cannot both stream and check the tag first (the tag covers the whole ciphertext), so it
// takes two passes: the first only authenticates, and plaintext is released only in the second pass, after the tag
// was verified. BouncyCastle's GcmBlockCipher instead releases plaintext while decrypting and checks the tag at the
// end; Go's crypto/cipher offers no streaming GCM at all. Two passes keep the one-shot's guarantee for callers who
// can read their ciphertext twice (a file), which is the case the incremental API is for.
public sealed partial class BlockCipherGcm
{
    /// <summary>
    /// Starts an incremental encryption: feed the plaintext in pieces of any size, then take the tag.
    /// </summary>
    /// <param name="nonce">The nonce, at least one byte; never reuse one with the same key.</param>
    /// <param name="associatedData">Data authenticated but not encrypted.</param>
    /// <exception cref="ArgumentException"><paramref name="nonce"/> is empty.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public BlockCipherGcmEncryptor CreateEncryptor(ReadOnlySpan<byte> nonce,
        ReadOnlySpan<byte> associatedData = default)
    {
        CheckNonce(nonce);
        return new BlockCipherGcmEncryptor(this, nonce, associatedData);
    }

    /// <summary>
    /// Starts a two-pass incremental decryption: first feed the whole ciphertext to
    /// <see cref="BlockCipherGcmDecryptor.Authenticate"/> and call <see cref="BlockCipherGcmDecryptor.VerifyTag"/>;
    /// only then does <see cref="BlockCipherGcmDecryptor.Decrypt"/> release plaintext, from the same ciphertext
    /// fed again.
    /// </summary>
    /// <param name="nonce">The nonce used for encryption.</param>
    /// <param name="tag">The tag; exactly <see cref="TagSizeInBytes"/> long.</param>
    /// <param name="associatedData">The associated data given to encryption.</param>
    /// <exception cref="ArgumentException"><paramref name="nonce"/> is empty, or <paramref name="tag"/> has the
    /// wrong length.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public BlockCipherGcmDecryptor CreateDecryptor(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> tag,
        ReadOnlySpan<byte> associatedData = default)
    {
        CheckNonce(nonce);
        CheckTagLength(tag.Length);
        return new BlockCipherGcmDecryptor(this, nonce, tag, associatedData);
    }
}

/// <summary>
/// Counter-mode and GHASH state of one incremental GCM message: keystream and hash input carried across calls whose
/// lengths are not whole blocks.
/// </summary>
internal sealed class GcmStreamState : IDisposable
{
    private const int BlockSize = 16;
    private const int ChunkBytes = 8 * 1024;

    // SP 800-38D: the text is at most 2^39 - 256 bits.
    private const long MaxTextBytes = (1L << 36) - 32;

    private readonly BlockCipherGcm _gcm;
    private readonly byte[] _state = new byte[5 * BlockSize];   // J0 | counter | Y | keystream | pending hash input
    private readonly long _associatedDataLength;
    private int _keystreamUsed = BlockSize;
    private int _pending;

    public GcmStreamState(BlockCipherGcm gcm, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData)
    {
        _gcm = gcm;
        _associatedDataLength = associatedData.Length;
        gcm.Begin(nonce, associatedData, J0, Counter, Y);
    }

    /// <summary>The text bytes counted so far. Only tests set it, to reach the length limit without feeding 64 GiB
    /// (the counter and the hash still stand where the text fed so far left them).</summary>
    public long TextLength { get; set; }

    private Span<byte> J0 => _state.AsSpan(0, BlockSize);

    private Span<byte> Counter => _state.AsSpan(BlockSize, BlockSize);

    private Span<byte> Y => _state.AsSpan(2 * BlockSize, BlockSize);

    private Span<byte> Keystream => _state.AsSpan(3 * BlockSize, BlockSize);

    private Span<byte> Pending => _state.AsSpan(4 * BlockSize, BlockSize);

    /// <summary>
    /// Encrypts or decrypts (counter mode), hashing the ciphertext: <paramref name="hashOutput"/> says which side
    /// it is.
    /// </summary>
    public void Transform(ReadOnlySpan<byte> source, Span<byte> destination, bool hashOutput)
    {
        _gcm.ThrowIfDisposed();
        if (source.Length != destination.Length)
        {
            throw new ArgumentException(SR.PlaintextCiphertextLengthMismatch);
        }

        if (SpanHelpers.PartiallyOverlaps(source, destination))
        {
            ThrowHelper.ThrowOverlap("destination", "source");
        }

        AddLength(source.Length);
        int start = 0;
        if (_pending == 0 && _keystreamUsed == BlockSize)
        {
            // On a block boundary (no buffered hash input or keystream): whole 128-byte groups go through the
            // one-shot's stitched loop where it runs.
            start = _gcm.TransformStitched(Counter, Y, source, destination, encrypt: hashOutput);
        }

        for (int offset = start; offset < source.Length; offset += ChunkBytes)
        {
            int length = Math.Min(ChunkBytes, source.Length - offset);
            ReadOnlySpan<byte> input = source.Slice(offset, length);
            Span<byte> output = destination.Slice(offset, length);
            if (!hashOutput)
            {
                Hash(input); // before decrypting: the buffers may be the same
            }

            Crypt(input, output);
            if (hashOutput)
            {
                Hash(output);
            }
        }
    }

    /// <summary>Only hashes ciphertext (the first decryption pass).</summary>
    public void HashOnly(ReadOnlySpan<byte> ciphertext)
    {
        _gcm.ThrowIfDisposed();
        AddLength(ciphertext.Length);
        Hash(ciphertext);
    }

    /// <summary>The full 16-byte tag of everything fed so far.</summary>
    public void ComputeTag(Span<byte> tag)
    {
        _gcm.ThrowIfDisposed();
        if (_pending != 0)
        {
            Pending.Slice(_pending).Clear();
            _gcm.HashBlocks(Y, Pending);
            _pending = 0;
        }

        _gcm.ComputeTag(J0, Y, _associatedDataLength, TextLength, tag);
    }

    private void AddLength(int length)
    {
        if (TextLength + length > MaxTextBytes)
        {
            throw new CryptographicException(SR.MessageTooLong);
        }

        TextLength += length;
    }

    private void Hash(ReadOnlySpan<byte> data)
    {
        if (_pending != 0)
        {
            int take = Math.Min(BlockSize - _pending, data.Length);
            data.Slice(0, take).CopyTo(Pending.Slice(_pending));
            _pending += take;
            data = data.Slice(take);
            if (_pending < BlockSize)
            {
                return;
            }

            _gcm.HashBlocks(Y, Pending);
            _pending = 0;
        }

        int whole = data.Length & ~(BlockSize - 1);
        if (whole != 0)
        {
            _gcm.HashBlocks(Y, data.Slice(0, whole));
        }

        data.Slice(whole).CopyTo(Pending);
        _pending = data.Length - whole;
    }

    private void Crypt(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Span<byte> keystream = Keystream;
        int i = 0;
        for (; _keystreamUsed < BlockSize && i < source.Length; i++)
        {
            destination[i] = (byte)(source[i] ^ keystream[_keystreamUsed++]);
        }

        int whole = (source.Length - i) & ~(BlockSize - 1);
        if (whole != 0)
        {
            _gcm.TransformCtr32(Counter, source.Slice(i, whole), destination.Slice(i, whole));
            i += whole;
        }

        if (i < source.Length)
        {
            // A partial last block: keep the rest of its keystream for the next call.
            Span<byte> counter = Counter;
            _gcm.EncryptBlock(counter, keystream);
            BinaryPrimitives.WriteUInt32BigEndian(counter.Slice(12),
                BinaryPrimitives.ReadUInt32BigEndian(counter.Slice(12)) + 1);
            _keystreamUsed = 0;
            for (; i < source.Length; i++)
            {
                destination[i] = (byte)(source[i] ^ keystream[_keystreamUsed++]);
            }
        }
    }

    public void Dispose() => CryptographicOperations.ZeroMemory(_state);
}

/// <summary>
/// One GCM encryption fed in pieces (from <see cref="BlockCipherGcm.CreateEncryptor"/>): call <see cref="Encrypt"/> for
/// each piece of plaintext, of any length, then <see cref="Finish"/> for the tag. The result equals the one-shot
/// <see cref="BlockCipherGcm.Encrypt(ReadOnlySpan{byte},ReadOnlySpan{byte},Span{byte},Span{byte},ReadOnlySpan{byte})"/>
/// of the concatenated pieces.
/// </summary>
/// <remarks>Constant-time as <see cref="BlockCipherGcm"/>. Not thread-safe: a call that overlaps another call on the
/// same object throws <see cref="CryptographicException"/> and changes nothing, and <see cref="Finish"/> then refuses
/// the tag (it throws). The state is wiped by <see cref="Dispose"/> and by <see cref="Finish"/>.</remarks>
public sealed class BlockCipherGcmEncryptor : IDisposable
{
    private readonly GcmStreamState _state;
    private readonly int _tagSize;
    private bool _finished;

    // Overlapping calls from several threads throw, and the tag of the message they overlapped is refused.
    private ConcurrencyGuard _guard;

    internal BlockCipherGcmEncryptor(BlockCipherGcm gcm, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData)
    {
        _tagSize = gcm.TagSizeInBytes;
        _state = new GcmStreamState(gcm, nonce, associatedData);
    }

    /// <summary>Encrypts the next piece of plaintext.</summary>
    /// <param name="plaintext">Any length.</param>
    /// <param name="ciphertext">Exactly as long as <paramref name="plaintext"/> (the same memory is allowed).</param>
    /// <exception cref="ArgumentException">The lengths differ, or the buffers overlap partially.</exception>
    /// <exception cref="InvalidOperationException"><see cref="Finish"/> was called.</exception>
    /// <exception cref="CryptographicException">The message would exceed GCM's limit of 2^36 - 32 bytes.</exception>
    /// <exception cref="ObjectDisposedException">This object or its <see cref="BlockCipherGcm"/>
    /// was disposed.</exception>
    public void Encrypt(ReadOnlySpan<byte> plaintext, Span<byte> ciphertext)
    {
        _guard.Enter();
        try
        {
            CheckOpen();
            _state.Transform(plaintext, ciphertext, hashOutput: true);
        }
        finally
        {
            _guard.Exit();
        }
    }

    /// <summary>Ends the message and writes its tag; the object cannot be used afterwards.</summary>
    /// <param name="tag">Exactly <see cref="BlockCipherGcm.TagSizeInBytes"/> long.</param>
    /// <exception cref="ArgumentException"><paramref name="tag"/> has the wrong length.</exception>
    /// <exception cref="InvalidOperationException"><see cref="Finish"/> was called already.</exception>
    public void Finish(Span<byte> tag)
    {
        _guard.Enter();
        try
        {
            FinishCore(tag);
        }
        finally
        {
            _guard.Exit();
        }
    }

    private void FinishCore(Span<byte> tag)
    {
        CheckOpen();
        if (tag.Length != _tagSize)
        {
            throw new ArgumentException(string.Format(System.Globalization.CultureInfo.InvariantCulture,
                SR.TagSizeMismatch, _tagSize), nameof(tag));
        }

        if (_guard.TakeOverlapped())
        {
            // Another thread's call overlapped this message: refuse its tag.
            Dispose();
            ThrowHelper.ThrowConcurrentUse();
        }

        Span<byte> full = stackalloc byte[16];
        _state.ComputeTag(full);
        full.Slice(0, _tagSize).CopyTo(tag);
        CryptographicOperations.ZeroMemory(full);
        _finished = true;
        _state.Dispose();
    }

    private void CheckOpen()
    {
        if (_finished)
        {
            throw new InvalidOperationException(SR.GcmStreamOrder);
        }
    }

    /// <summary>Wipes the state.</summary>
    public void Dispose()
    {
        _finished = true;
        _state.Dispose();
    }
}

/// <summary>
/// One GCM decryption in two passes (from <see cref="BlockCipherGcm.CreateDecryptor"/>), so that no plaintext is
/// released before the tag is verified: pass 1 feeds the whole ciphertext to <see cref="Authenticate"/> and ends with
/// <see cref="VerifyTag"/>, which throws when the tag does not match; pass 2 feeds the same ciphertext again to
/// <see cref="Decrypt"/> and ends with <see cref="Finish"/>.
/// </summary>
/// <remarks>
/// <para>Pass 2 decrypts what it is given. <see cref="Finish"/> checks that pass 2 saw exactly the ciphertext of pass 1
/// (the same length and the same GHASH) and throws <see cref="CryptographicException"/> otherwise; but the plaintext
/// written during pass 2 then came from data that was not authenticated. So read the ciphertext from storage that
/// nobody else can modify between the passes, and discard all plaintext when <see cref="Finish"/> throws.</para>
/// <para>Constant-time as <see cref="BlockCipherGcm"/> (the tag comparison is
/// <see cref="CryptographicOperations.FixedTimeEquals"/>). Not thread-safe: a call that overlaps another call on the
/// same object throws <see cref="CryptographicException"/> and changes nothing, and the next <see cref="VerifyTag"/>
/// or <see cref="Finish"/> then refuses the message (it throws). Wiped by <see cref="Dispose"/>.</para>
/// </remarks>
public sealed class BlockCipherGcmDecryptor : IDisposable
{
    private readonly BlockCipherGcm _gcm;
    private readonly byte[] _tag;
    private readonly byte[] _nonce;
    private readonly byte[] _associatedData;
    private readonly byte[] _firstPassTag = new byte[16];
    private GcmStreamState _state;
    private Stage _stage;
    private long _verifiedLength;

    // Overlapping calls from several threads throw, and the message they overlapped is refused at VerifyTag/Finish.
    private ConcurrencyGuard _guard;

    internal BlockCipherGcmDecryptor(BlockCipherGcm gcm, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> tag,
        ReadOnlySpan<byte> associatedData)
    {
        _gcm = gcm;
        _tag = tag.ToArray();
        _nonce = nonce.ToArray();
        _associatedData = associatedData.ToArray();
        _state = new GcmStreamState(gcm, nonce, associatedData);
    }

    private enum Stage
    {
        Authenticating,
        Decrypting,
        Done,
    }

    /// <summary>Pass 1: authenticates the next piece of ciphertext (nothing is decrypted).</summary>
    /// <exception cref="InvalidOperationException"><see cref="VerifyTag"/> was called already.</exception>
    /// <exception cref="CryptographicException">The message would exceed GCM's limit of 2^36 - 32 bytes.</exception>
    public void Authenticate(ReadOnlySpan<byte> ciphertext)
    {
        _guard.Enter();
        try
        {
            Expect(Stage.Authenticating);
            _state.HashOnly(ciphertext);
        }
        finally
        {
            _guard.Exit();
        }
    }

    /// <summary>
    /// Ends pass 1: checks the tag over everything given to <see cref="Authenticate"/>, and opens pass 2.
    /// </summary>
    /// <exception cref="CryptographicException">The tag does not match (on .NET an
    /// <c>AuthenticationTagMismatchException</c>); the object cannot be used afterwards.</exception>
    /// <exception cref="InvalidOperationException">Called twice.</exception>
    public void VerifyTag()
    {
        _guard.Enter();
        try
        {
            VerifyTagCore();
        }
        finally
        {
            _guard.Exit();
        }
    }

    private void VerifyTagCore()
    {
        Expect(Stage.Authenticating);
        RefuseIfOverlapped();
        _state.ComputeTag(_firstPassTag);
        long length = _state.TextLength;
        _state.Dispose();
        if (!CryptographicOperations.FixedTimeEquals(_firstPassTag.AsSpan(0, _tag.Length), _tag))
        {
            _stage = Stage.Done;
            BlockCipherGcm.ThrowTagMismatch();
        }

        _verifiedLength = length;
        _state = new GcmStreamState(_gcm, _nonce, _associatedData);
        _stage = Stage.Decrypting;
    }

    /// <summary>Pass 2: decrypts the next piece of the same ciphertext.</summary>
    /// <param name="ciphertext">The next piece of the ciphertext given to pass 1.</param>
    /// <param name="plaintext">Exactly as long as <paramref name="ciphertext"/> (the same memory is allowed).</param>
    /// <exception cref="ArgumentException">The lengths differ, or the buffers overlap partially.</exception>
    /// <exception cref="InvalidOperationException"><see cref="VerifyTag"/> has not succeeded, or <see cref="Finish"/>
    /// was called.</exception>
    /// <exception cref="CryptographicException">Pass 2 is longer than pass 1; nothing is written.</exception>
    public void Decrypt(ReadOnlySpan<byte> ciphertext, Span<byte> plaintext)
    {
        _guard.Enter();
        try
        {
            Expect(Stage.Decrypting);
            if (_state.TextLength + ciphertext.Length > _verifiedLength)
            {
                throw new CryptographicException(SR.AuthenticationTagMismatch);
            }

            _state.Transform(ciphertext, plaintext, hashOutput: false);
        }
        finally
        {
            _guard.Exit();
        }
    }

    /// <summary>Ends pass 2: checks that it saw exactly the ciphertext authenticated in pass 1.</summary>
    /// <exception cref="CryptographicException">Pass 2 differed from pass 1: discard the plaintext
    /// it produced.</exception>
    /// <exception cref="InvalidOperationException"><see cref="VerifyTag"/> has not succeeded, or
    /// called twice.</exception>
    public void Finish()
    {
        _guard.Enter();
        try
        {
            FinishCore();
        }
        finally
        {
            _guard.Exit();
        }
    }

    private void FinishCore()
    {
        Expect(Stage.Decrypting);
        RefuseIfOverlapped();
        _stage = Stage.Done;
        Span<byte> secondPassTag = stackalloc byte[16];
        _state.ComputeTag(secondPassTag);
        bool same = _state.TextLength == _verifiedLength
            && CryptographicOperations.FixedTimeEquals(secondPassTag, _firstPassTag);
        CryptographicOperations.ZeroMemory(secondPassTag);
        _state.Dispose();
        if (!same)
        {
            throw new CryptographicException(SR.AuthenticationTagMismatch);
        }
    }

    // Another thread's call overlapped this message: refuse it (discard any plaintext released).
    private void RefuseIfOverlapped()
    {
        if (_guard.TakeOverlapped())
        {
            Dispose();
            ThrowHelper.ThrowConcurrentUse();
        }
    }

    private void Expect(Stage stage)
    {
        if (_stage != stage)
        {
            throw new InvalidOperationException(SR.GcmStreamOrder);
        }
    }

    /// <summary>Wipes the state.</summary>
    public void Dispose()
    {
        _stage = Stage.Done;
        _state.Dispose();
        CryptographicOperations.ZeroMemory(_firstPassTag);
        CryptographicOperations.ZeroMemory(_associatedData);
    }
}
