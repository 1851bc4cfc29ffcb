using System;
using System.Security.Cryptography;

namespace CryptoCli;

// The incremental API, for messages that do not fit in memory, with BlockCipherGcm's guarantees. Encryption streams:
// whole blocks are encrypted as they come, and up to 15 bytes are held back, because OCB treats a partial last block
// differently from a whole one. Decryption cannot stream and check the tag first: the tag covers the plaintext
// checksum, so the first pass must decrypt everything to compute it, and keeps none of that plaintext; plaintext is
// released only by the second pass, after the tag was verified.
public sealed partial class BlockCipherOcb
{
    /// <summary>Starts an incremental encryption: feed the plaintext in pieces of any size, then take the
    /// tag.</summary>
    /// <param name="nonce">The nonce, 1 to 15 bytes; never reuse one with the same key.</param>
    /// <param name="associatedData">Data authenticated but not encrypted.</param>
    /// <exception cref="ArgumentException"><paramref name="nonce"/> is empty or longer than 15 bytes.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public BlockCipherOcbEncryptor CreateEncryptor(
        ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData = default)
    {
        CheckNonce(nonce);
        return new BlockCipherOcbEncryptor(this, nonce, associatedData);
    }

    /// <summary>
    /// Starts a two-pass incremental decryption: first feed the whole ciphertext to
    /// <see cref="BlockCipherOcbDecryptor.Authenticate"/> and call <see cref="BlockCipherOcbDecryptor.VerifyTag"/>;
    /// only then does <see cref="BlockCipherOcbDecryptor.Decrypt"/> release plaintext, from the same ciphertext fed
    /// again.
    /// </summary>
    /// <param name="nonce">The nonce used for encryption.</param>
    /// <param name="tag">The tag; exactly <see cref="TagSizeInBytes"/> long.</param>
    /// <param name="associatedData">The associated data given to encryption.</param>
    /// <exception cref="ArgumentException"><paramref name="nonce"/> is empty or longer than 15 bytes, or
    /// <paramref name="tag"/> has the wrong length.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public BlockCipherOcbDecryptor CreateDecryptor(
        ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> tag, ReadOnlySpan<byte> associatedData = default)
    {
        CheckNonce(nonce);
        CheckTagLength(tag.Length);
        return new BlockCipherOcbDecryptor(this, nonce, tag, associatedData);
    }
}

/// <summary>
/// The state of one incremental OCB message: the cursor (Offset, Checksum, block index), HASH(K, A), and the last
/// 0 to 15 bytes of input, held until more data completes their block or the message ends.
/// </summary>
internal sealed class OcbStreamState : IDisposable
{
    private const int BlockSize = 16;

    private readonly BlockCipherOcb _ocb;
    private readonly byte[] _pending = new byte[BlockSize];
    private OcbCursor _cursor;
    private ulong _hashLo;
    private ulong _hashHi;
    private int _pendingLength;

    public OcbStreamState(BlockCipherOcb ocb, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData)
    {
        _ocb = ocb;
        ocb.Begin(nonce, ref _cursor);
        ocb.HashAssociatedData(associatedData, out _hashLo, out _hashHi);
    }

    /// <summary>The input fed so far.</summary>
    public long Length { get; private set; }

    /// <summary>The bytes of output the next <see cref="Process"/> of <paramref name="inputLength"/> bytes
    /// writes.</summary>
    public int OutputLength(int inputLength) => (int)((_pendingLength + (long)inputLength) & ~(long)(BlockSize - 1));

    /// <summary>The bytes held back, which <see cref="Finish"/> writes.</summary>
    public int PendingLength => _pendingLength;

    /// <summary>
    /// Encrypts or decrypts every whole block that <paramref name="source"/> completes, writing
    /// <see cref="OutputLength"/> bytes to the start of <paramref name="destination"/> (checked by the caller), and
    /// keeps the rest. Returns the bytes written.
    /// </summary>
    public int Process(ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        _ocb.ThrowIfDisposed();
        int written = 0;
        if (_pendingLength != 0)
        {
            int take = Math.Min(BlockSize - _pendingLength, source.Length);
            source.Slice(0, take).CopyTo(_pending.AsSpan(_pendingLength));
            _pendingLength += take;
            source = source.Slice(take);
            Length += take;
            if (_pendingLength < BlockSize)
            {
                return 0;
            }

            _ocb.ProcessBlocks(ref _cursor, _pending, destination.Slice(0, BlockSize), encrypt);
            _pendingLength = 0;
            written = BlockSize;
        }

        int whole = source.Length & ~(BlockSize - 1);
        // The tail first: in place, the whole blocks are written over the source before it.
        source.Slice(whole).CopyTo(_pending);
        _ocb.ProcessBlocks(ref _cursor, source.Slice(0, whole), destination.Slice(written, whole), encrypt);
        _pendingLength = source.Length - whole;
        Length += source.Length;
        return written + whole;
    }

    /// <summary>
    /// Ends the message: the held-back bytes (the final partial block) go to the start of
    /// <paramref name="destination"/> (at least <see cref="PendingLength"/> long), and the full 16-byte tag to
    /// <paramref name="tag"/>. Returns the bytes written to <paramref name="destination"/>.
    /// </summary>
    public int Finish(Span<byte> destination, Span<byte> tag, bool encrypt)
    {
        _ocb.ThrowIfDisposed();
        int length = _pendingLength;
        _ocb.ProcessLast(ref _cursor, _pending.AsSpan(0, length), destination.Slice(0, length), encrypt);
        _ocb.ComputeTag(ref _cursor, _hashLo, _hashHi, tag);
        _pendingLength = 0;
        return length;
    }

    public void Dispose()
    {
        CryptographicOperations.ZeroMemory(_pending);
        _cursor = default;
        _hashLo = 0;
        _hashHi = 0;
        _pendingLength = 0;
    }
}

/// <summary>
/// One OCB encryption fed in pieces (from <see cref="BlockCipherOcb.CreateEncryptor"/>): call <see cref="Encrypt"/>
/// for each piece of plaintext, of any length, then <see cref="Finish"/> for the last bytes and the tag. The
/// concatenated output equals the one-shot <c>Encrypt</c> of the concatenated pieces.
/// </summary>
/// <remarks>
/// <para>Output lags input by up to 15 bytes: each call writes the ciphertext of every whole block completed so far
/// and returns how many bytes it wrote; <see cref="Finish"/> writes the rest. When every piece but the last is a
/// multiple of 16 bytes, nothing is held back and each call writes exactly its own length (in place too).</para>
/// <para>Constant-time as <see cref="BlockCipherOcb"/>. Not thread-safe; the state is wiped by
/// <see cref="Dispose"/> and by <see cref="Finish"/>.</para>
/// </remarks>
public sealed class BlockCipherOcbEncryptor : IDisposable
{
    private readonly OcbStreamState _state;
    private readonly int _tagSize;
    private bool _finished;

    internal BlockCipherOcbEncryptor(BlockCipherOcb ocb, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData)
    {
        _tagSize = ocb.TagSizeInBytes;
        _state = new OcbStreamState(ocb, nonce, associatedData);
    }

    /// <summary>Encrypts the whole blocks completed by the next piece of plaintext.</summary>
    /// <param name="plaintext">Any length.</param>
    /// <param name="ciphertext">Receives the ciphertext of the completed blocks: at least as long as the held-back
    /// bytes plus <paramref name="plaintext"/>, rounded down to whole blocks. It may be the same memory as
    /// <paramref name="plaintext"/> only while nothing is held back.</param>
    /// <returns>The number of bytes written to <paramref name="ciphertext"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="ciphertext"/> is too short (nothing is written), or the
    /// buffers overlap other than exactly in place with nothing held back.</exception>
    /// <exception cref="InvalidOperationException"><see cref="Finish"/> was called.</exception>
    /// <exception cref="ObjectDisposedException">The <see cref="BlockCipherOcb"/> was disposed.</exception>
    public int Encrypt(ReadOnlySpan<byte> plaintext, Span<byte> ciphertext)
    {
        CheckOpen();
        OcbStreams.CheckPiece(_state, plaintext, ciphertext, nameof(ciphertext), nameof(plaintext));
        return _state.Process(plaintext, ciphertext, encrypt: true);
    }

    /// <summary>Ends the message: writes the held-back ciphertext (0 to 15 bytes) and the tag; the object cannot be
    /// used afterwards.</summary>
    /// <param name="ciphertext">Receives the last bytes of ciphertext: at least as long as the bytes held back.</param>
    /// <param name="tag">Exactly <see cref="BlockCipherOcb.TagSizeInBytes"/> long.</param>
    /// <returns>The number of bytes written to <paramref name="ciphertext"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="tag"/> has the wrong length, or
    /// <paramref name="ciphertext"/> is too short (nothing is written).</exception>
    /// <exception cref="InvalidOperationException"><see cref="Finish"/> was called already.</exception>
    public int Finish(Span<byte> ciphertext, Span<byte> tag)
    {
        CheckOpen();
        if (tag.Length != _tagSize)
        {
            throw new ArgumentException(
                string.Format(System.Globalization.CultureInfo.InvariantCulture, SR.TagSizeMismatch, _tagSize),
                nameof(tag));
        }

        if (ciphertext.Length < _state.PendingLength)
        {
            ThrowHelper.ThrowDestinationTooShort(nameof(ciphertext));
        }

        Span<byte> full = stackalloc byte[16];
        int written = _state.Finish(ciphertext, full, encrypt: true);
        full.Slice(0, _tagSize).CopyTo(tag);
        CryptographicOperations.ZeroMemory(full);
        _finished = true;
        _state.Dispose();
        return written;
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
/// One OCB decryption in two passes (from <see cref="BlockCipherOcb.CreateDecryptor"/>), so that no plaintext is
/// released before the tag is verified: pass 1 feeds the whole ciphertext to <see cref="Authenticate"/> and ends with
/// <see cref="VerifyTag"/>, which throws when the tag does not match; pass 2 feeds the same ciphertext again to
/// <see cref="Decrypt"/> and ends with <see cref="Finish"/>.
/// </summary>
/// <remarks>
/// <para>What is released when: pass 1 decrypts (OCB's checksum is over the plaintext) into internal scratch memory
/// that is wiped and never returned. Pass 2's <see cref="Decrypt"/> releases the plaintext of every whole block as its
/// ciphertext arrives (up to 15 bytes are held back, as in <see cref="BlockCipherOcbEncryptor"/>);
/// <see cref="Finish"/> recomputes the tag over pass 2, and releases the held-back last bytes only when pass 2 saw
/// exactly the ciphertext of pass 1 (the same length and the same tag). Otherwise it throws
/// <see cref="CryptographicException"/>, and the plaintext already released by pass 2 came from data that was not
/// authenticated: read the ciphertext from storage that nobody else can modify between the passes, and discard all
/// plaintext when <see cref="Finish"/> throws.</para>
/// <para>Constant-time as <see cref="BlockCipherOcb"/>. Not thread-safe; wiped by <see cref="Dispose"/>.</para>
/// </remarks>
public sealed class BlockCipherOcbDecryptor : IDisposable
{
    // Pass 1 decrypts into stack scratch in pieces of this size.
    private const int ScratchBytes = 1024;

    private readonly BlockCipherOcb _ocb;
    private readonly byte[] _tag;
    private readonly byte[] _nonce;
    private readonly byte[] _firstPassTag = new byte[16];
    private readonly byte[] _associatedData;
    private OcbStreamState _state;
    private Stage _stage;
    private long _verifiedLength;

    internal BlockCipherOcbDecryptor(
        BlockCipherOcb ocb, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> tag, ReadOnlySpan<byte> associatedData)
    {
        _ocb = ocb;
        _tag = tag.ToArray();
        _nonce = nonce.ToArray();
        _associatedData = associatedData.ToArray();
        _state = new OcbStreamState(ocb, nonce, associatedData);
    }

    private enum Stage
    {
        Authenticating,
        Decrypting,
        Done,
    }

    /// <summary>Pass 1: authenticates the next piece of ciphertext (its plaintext is computed for the checksum, then
    /// wiped; nothing is released).</summary>
    /// <exception cref="InvalidOperationException"><see cref="VerifyTag"/> was called already.</exception>
    /// <exception cref="ObjectDisposedException">The <see cref="BlockCipherOcb"/> was disposed.</exception>
    public void Authenticate(ReadOnlySpan<byte> ciphertext)
    {
        Expect(Stage.Authenticating);
        _ocb.ThrowIfDisposed(); // for an empty piece too, which reaches no Process
        Span<byte> scratch = stackalloc byte[ScratchBytes];
        const int piece = ScratchBytes - 16;
        for (int offset = 0; offset < ciphertext.Length; offset += piece)
        {
            int length = Math.Min(piece, ciphertext.Length - offset);
            _state.Process(ciphertext.Slice(offset, length), scratch, encrypt: false);
        }

        CryptographicOperations.ZeroMemory(scratch);
    }

    /// <summary>Ends pass 1: checks the tag over everything given to <see cref="Authenticate"/>, and opens
    /// pass 2.</summary>
    /// <exception cref="CryptographicException">The tag does not match (on .NET an
    /// <c>AuthenticationTagMismatchException</c>); the object cannot be used afterwards.</exception>
    /// <exception cref="InvalidOperationException">Called twice.</exception>
    public void VerifyTag()
    {
        Expect(Stage.Authenticating);
        Span<byte> last = stackalloc byte[16];
        _state.Finish(last, _firstPassTag, encrypt: false);
        CryptographicOperations.ZeroMemory(last);
        long length = _state.Length;
        _state.Dispose();
        if (!BlockCipherGcm.TagsEqual(_firstPassTag.AsSpan(0, _tag.Length), _tag))
        {
            _stage = Stage.Done;
            BlockCipherGcm.ThrowTagMismatch();
        }

        _verifiedLength = length;
        _state = new OcbStreamState(_ocb, _nonce, _associatedData);
        CryptographicOperations.ZeroMemory(_associatedData);
        _stage = Stage.Decrypting;
    }

    /// <summary>Pass 2: decrypts the whole blocks completed by the next piece of the same ciphertext.</summary>
    /// <param name="ciphertext">The next piece of the ciphertext given to pass 1.</param>
    /// <param name="plaintext">Receives the plaintext of the completed blocks: at least as long as the held-back
    /// bytes plus <paramref name="ciphertext"/>, rounded down to whole blocks. It may be the same memory as
    /// <paramref name="ciphertext"/> only while nothing is held back.</param>
    /// <returns>The number of bytes written to <paramref name="plaintext"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="plaintext"/> is too short (nothing is written), or the
    /// buffers overlap other than exactly in place with nothing held back.</exception>
    /// <exception cref="InvalidOperationException"><see cref="VerifyTag"/> has not succeeded, or
    /// <see cref="Finish"/> was called.</exception>
    /// <exception cref="CryptographicException">Pass 2 is longer than pass 1; nothing is written.</exception>
    public int Decrypt(ReadOnlySpan<byte> ciphertext, Span<byte> plaintext)
    {
        Expect(Stage.Decrypting);
        if (_state.Length + ciphertext.Length > _verifiedLength)
        {
            throw new CryptographicException(SR.AuthenticationTagMismatch);
        }

        OcbStreams.CheckPiece(_state, ciphertext, plaintext, nameof(plaintext), nameof(ciphertext));
        return _state.Process(ciphertext, plaintext, encrypt: false);
    }

    /// <summary>Ends pass 2: checks that it saw exactly the ciphertext authenticated in pass 1, then writes the
    /// held-back last bytes of plaintext (0 to 15).</summary>
    /// <param name="plaintext">Receives the last bytes of plaintext: at least as long as the bytes held back.</param>
    /// <returns>The number of bytes written to <paramref name="plaintext"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="plaintext"/> is too short (nothing is written).</exception>
    /// <exception cref="CryptographicException">Pass 2 differed from pass 1 (nothing is written): discard the
    /// plaintext it produced.</exception>
    /// <exception cref="InvalidOperationException"><see cref="VerifyTag"/> has not succeeded, or called
    /// twice.</exception>
    public int Finish(Span<byte> plaintext)
    {
        Expect(Stage.Decrypting);
        if (plaintext.Length < _state.PendingLength)
        {
            ThrowHelper.ThrowDestinationTooShort(nameof(plaintext));
        }

        _stage = Stage.Done;
        Span<byte> scratch = stackalloc byte[32];
        Span<byte> last = scratch.Slice(0, 16), secondPassTag = scratch.Slice(16, 16);
        int length = _state.Finish(last, secondPassTag, encrypt: false);
        bool same = _state.Length == _verifiedLength && BlockCipherGcm.TagsEqual(secondPassTag, _firstPassTag);
        if (same)
        {
            last.Slice(0, length).CopyTo(plaintext);
        }

        CryptographicOperations.ZeroMemory(scratch);
        _state.Dispose();
        if (!same)
        {
            throw new CryptographicException(SR.AuthenticationTagMismatch);
        }

        return length;
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

/// <summary>Argument checks shared by the two streaming classes.</summary>
internal static class OcbStreams
{
    public static void CheckPiece(
        OcbStreamState state, ReadOnlySpan<byte> source, Span<byte> destination, string destinationName,
        string sourceName)
    {
        if (destination.Length < state.OutputLength(source.Length))
        {
            ThrowHelper.ThrowDestinationTooShort(destinationName);
        }

        // Exactly in place only while nothing is held back: otherwise output lags input and would overwrite it.
        if (SpanHelpers.PartiallyOverlaps(source, destination)
            || (state.PendingLength != 0 && SpanHelpers.Overlaps(source, destination)))
        {
            ThrowHelper.ThrowOverlap(destinationName, sourceName);
        }
    }
}
