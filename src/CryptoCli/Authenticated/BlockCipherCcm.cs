using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Counter with CBC-MAC (NIST SP 800-38C, RFC 3610) over any <see cref="BlockCipherAlgorithm"/> with a 128-bit block:
/// AES (<see cref="RijndaelCipher"/>), <see cref="Camellia"/> (RFC 5528), <see cref="Hierocrypt3"/>,
/// <see cref="SC2000"/>, <see cref="CipherUnicornA"/>. The API is the runtime's <c>AesCcm</c>:
/// <see cref="Encrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, Span{byte}, ReadOnlySpan{byte})"/> writes
/// the ciphertext and the tag,
/// <see cref="Decrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte})"/>
/// checks the tag and writes the plaintext. The nonce has 7 to 13 bytes and the tag 4 to 16 bytes (an even number);
/// the tag length is the length of the tag buffer passed to each call.
/// </summary>
/// <remarks>
/// <para>Formatting: SP 800-38C Appendix A. The first block B0 carries the flags (associated data present, the tag
/// length, the width q = 15 − nonce length of the length field), the nonce and the message length; associated data
/// is prefixed with its length (2 bytes below 0xFF00, 0xFF 0xFE and 4 bytes below 2^32, 0xFF 0xFF and 8 bytes above).
/// A message may be at most 2^(8q) − 1 bytes long: 65535 bytes with a 13-byte nonce, 16 MiB − 1 with a 12-byte
/// nonce.</para>
/// <para>Security: never encrypt two messages with the same key and nonce. Short tags (4 to 8 bytes) give forgery
/// bounds of 2^-32 to 2^-64 per attempt; SP 800-38C Appendix B discusses when they are acceptable.</para>
/// <para>Failed decryption: the whole plaintext destination is zeroed before the exception
/// (<c>AuthenticationTagMismatchException</c> on .NET, <see cref="CryptographicException"/> on .NET Standard), so
/// nothing unauthenticated is ever returned. Arguments and destinations are checked before anything is written.</para>
/// <para>Constant-time: the formatting depends only on lengths, and the tag comparison has no branch or loop on the
/// tags' contents; the whole mode is constant-time exactly when the cipher's kernel is (AES on AES-NI or ARMv8,
/// Camellia's byte-sliced kernel for bulk data; table-driven kernels are not). One pass over the data: on AES-NI the
/// CBC-MAC chain and the counter-mode keystream run as one stitched loop; on other kernels they alternate per chunk,
/// so each chunk is read while it is still cached.</para>
/// <para>The instance holds its own copy of the cipher's key at construction (later key changes on the cipher do not
/// affect it) and wipes it on <see cref="Dispose"/>. Instances are not thread-safe. No call allocates.</para>
/// </remarks>
public sealed class BlockCipherCcm : IDisposable
{
    private const int BlockSize = 16;

    // The CBC-MAC and counter mode alternate per chunk, so that the second pass reads data still in the L1 cache.
    private const int ChunkBytes = 4 * 1024;

    // Whole blocks go through the kernel's CBC loop into a stack scratch buffer of this size when it has no MAC chain.
    private const int BatchBytes = 256;

    private readonly BlockCipherKernel _kernel;
    private readonly bool _stitched;
    private bool _disposed;

    /// <summary>Creates CCM over a copy of <paramref name="cipher"/>'s current key.</summary>
    /// <param name="cipher">A block cipher with a 128-bit block; its key is copied (a key is generated first if it
    /// has none).</param>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits.</exception>
    public BlockCipherCcm(BlockCipherAlgorithm cipher)
    {
        ThrowHelper.ThrowIfNull(cipher, nameof(cipher));
        if (cipher.BlockSize != 128)
        {
            throw new ArgumentException(SR.Requires128BitBlock, nameof(cipher));
        }

        _kernel = cipher.CreateKernelForCurrentKey();
        _stitched = CanStitch(_kernel);
    }

    /// <summary>CCM over a given 128-bit block-cipher kernel, owned from now on (the tests' way to run every
    /// kernel).</summary>
    internal BlockCipherCcm(BlockCipherKernel kernel)
    {
        Debug.Assert(kernel.BlockSizeInBytes == BlockSize);
        _kernel = kernel;
        _stitched = CanStitch(kernel);
    }

    /// <summary>True when the CBC-MAC and counter mode run as one stitched loop on this kernel (AES-NI); other
    /// kernels alternate the two per chunk.</summary>
    private static bool CanStitch(BlockCipherKernel kernel) =>
#if NET
        CcmStitchedX86.Supports(kernel);
#else
        false;
#endif

    /// <summary>The nonce lengths accepted: 7 to 13 bytes.</summary>
    public static KeySizes NonceByteSizes { get; } = new(7, 13, 1);

    /// <summary>The tag lengths accepted: 4 to 16 bytes in steps of 2.</summary>
    public static KeySizes TagByteSizes { get; } = new(4, 16, 2);

    /// <summary>The kernel in use (for tests and benchmarks).</summary>
    internal string KernelName => _kernel.Name;

    /// <summary>True when this instance runs the stitched loop (for tests).</summary>
    internal bool IsStitched => _stitched;

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> and writes the tag.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="nonce"/>, <paramref name="plaintext"/>,
    /// <paramref name="ciphertext"/> or <paramref name="tag"/> is null.</exception>
    /// <exception cref="ArgumentException">See
    /// <see cref="Encrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, Span{byte}, ReadOnlySpan{byte})"/>.
    /// </exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Encrypt(byte[] nonce, byte[] plaintext, byte[] ciphertext, byte[] tag, byte[]? associatedData = null)
    {
        ThrowHelper.ThrowIfNull(nonce, nameof(nonce));
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        ThrowHelper.ThrowIfNull(tag, nameof(tag));
        Encrypt(new ReadOnlySpan<byte>(nonce), plaintext, ciphertext, tag, associatedData);
    }

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> and writes the tag.</summary>
    /// <param name="nonce">The nonce, 7 to 13 bytes; never reuse one with the same key.</param>
    /// <param name="plaintext">The data to encrypt, at most 2^(8(15 − nonce length)) − 1 bytes.</param>
    /// <param name="ciphertext">Receives the ciphertext; exactly as long as <paramref name="plaintext"/> (the same
    /// memory is allowed).</param>
    /// <param name="tag">Receives the tag; its length (4 to 16, even) is the tag length.</param>
    /// <param name="associatedData">Data authenticated but not encrypted.</param>
    /// <exception cref="ArgumentException"><paramref name="nonce"/> or <paramref name="tag"/> has a length not
    /// accepted, <paramref name="ciphertext"/> is not as long as <paramref name="plaintext"/> or overlaps it
    /// partially, or <paramref name="plaintext"/> is too long for the nonce length. The parameter name says
    /// which.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Encrypt(
        ReadOnlySpan<byte> nonce,
        ReadOnlySpan<byte> plaintext,
        Span<byte> ciphertext,
        Span<byte> tag,
        ReadOnlySpan<byte> associatedData = default)
    {
        CheckParameters(nonce, plaintext, ciphertext, tag.Length, "plaintext", "ciphertext");
        Span<byte> state = stackalloc byte[3 * BlockSize];
        Span<byte> mac = state.Slice(0, BlockSize), counter = state.Slice(BlockSize, BlockSize);
        Span<byte> s0 = state.Slice(2 * BlockSize, BlockSize);
        Begin(nonce, associatedData, plaintext.Length, tag.Length, mac, counter, s0);
        int start = TransformStitched(plaintext, ciphertext, mac, counter, encrypt: true);
        for (int offset = start; offset < plaintext.Length; offset += ChunkBytes)
        {
            // MAC before encrypting: encryption may be in place.
            int length = Math.Min(ChunkBytes, plaintext.Length - offset);
            ReadOnlySpan<byte> input = plaintext.Slice(offset, length);
            MacPadded(mac, input);
            Ctr.Transform(_kernel, input, ciphertext.Slice(offset, length), counter, CounterWidth.Bits32);
        }

        SpanHelpers.Xor(mac, s0, mac);
        mac.Slice(0, tag.Length).CopyTo(tag);
        CryptographicOperations.ZeroMemory(state);
    }

    /// <summary>Checks the tag and decrypts <paramref name="ciphertext"/> into <paramref name="plaintext"/>.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="nonce"/>, <paramref name="ciphertext"/>,
    /// <paramref name="tag"/> or <paramref name="plaintext"/> is null.</exception>
    /// <exception cref="ArgumentException">See
    /// <see cref="Decrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte},
    /// ReadOnlySpan{byte})"/>.</exception>
    /// <exception cref="CryptographicException">The tag does not match; <paramref name="plaintext"/> is
    /// zeroed.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Decrypt(byte[] nonce, byte[] ciphertext, byte[] tag, byte[] plaintext, byte[]? associatedData = null)
    {
        ThrowHelper.ThrowIfNull(nonce, nameof(nonce));
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        ThrowHelper.ThrowIfNull(tag, nameof(tag));
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        Decrypt(new ReadOnlySpan<byte>(nonce), ciphertext, tag, plaintext, associatedData);
    }

    /// <summary>Checks the tag and decrypts <paramref name="ciphertext"/> into <paramref name="plaintext"/>.</summary>
    /// <param name="nonce">The nonce used for encryption.</param>
    /// <param name="ciphertext">The data to decrypt.</param>
    /// <param name="tag">The tag; its length (4 to 16, even) is the tag length.</param>
    /// <param name="plaintext">Receives the plaintext; exactly as long as <paramref name="ciphertext"/> (the same
    /// memory is allowed).</param>
    /// <param name="associatedData">The associated data given to encryption.</param>
    /// <exception cref="ArgumentException"><paramref name="nonce"/> or <paramref name="tag"/> has a length not
    /// accepted, <paramref name="plaintext"/> is not as long as <paramref name="ciphertext"/> or overlaps it
    /// partially, or <paramref name="ciphertext"/> is too long for the nonce length. The parameter name says
    /// which.</exception>
    /// <exception cref="CryptographicException">The tag does not match (on .NET an
    /// <c>AuthenticationTagMismatchException</c>); <paramref name="plaintext"/> is zeroed.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Decrypt(
        ReadOnlySpan<byte> nonce,
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> tag,
        Span<byte> plaintext,
        ReadOnlySpan<byte> associatedData = default)
    {
        CheckParameters(nonce, ciphertext, plaintext, tag.Length, "ciphertext", "plaintext");
        Span<byte> state = stackalloc byte[3 * BlockSize];
        Span<byte> mac = state.Slice(0, BlockSize), counter = state.Slice(BlockSize, BlockSize);
        Span<byte> s0 = state.Slice(2 * BlockSize, BlockSize);
        Begin(nonce, associatedData, ciphertext.Length, tag.Length, mac, counter, s0);
        int start = TransformStitched(ciphertext, plaintext, mac, counter, encrypt: false);
        for (int offset = start; offset < ciphertext.Length; offset += ChunkBytes)
        {
            // The MAC covers the plaintext: decrypt the chunk, then MAC what was written.
            int length = Math.Min(ChunkBytes, ciphertext.Length - offset);
            Span<byte> output = plaintext.Slice(offset, length);
            Ctr.Transform(_kernel, ciphertext.Slice(offset, length), output, counter, CounterWidth.Bits32);
            MacPadded(mac, output);
        }

        SpanHelpers.Xor(mac, s0, mac);
        bool match = BlockCipherGcm.TagsEqual(mac.Slice(0, tag.Length), tag);
        CryptographicOperations.ZeroMemory(state);
        if (!match)
        {
            CryptographicOperations.ZeroMemory(plaintext);
            BlockCipherGcm.ThrowTagMismatch();
        }
    }

    /// <summary>Wipes the key schedule.</summary>
    public void Dispose()
    {
        if (!_disposed)
        {
            _disposed = true;
            _kernel.Dispose();
        }
    }

    // ---- The mode ----

    private void CheckParameters(
        ReadOnlySpan<byte> nonce,
        ReadOnlySpan<byte> input,
        ReadOnlySpan<byte> output,
        int tagLength,
        string inputName,
        string outputName)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        if (nonce.Length is < 7 or > 13)
        {
            throw new ArgumentException(SR.InvalidNonceSize, nameof(nonce));
        }

        if (tagLength is < 4 or > 16 || (tagLength & 1) != 0)
        {
            ThrowInvalidTagSize();
        }

        if (input.Length != output.Length)
        {
            throw new ArgumentException(SR.PlaintextCiphertextLengthMismatch, outputName);
        }

        // The length field has q = 15 - nonce length bytes; lengths are below 2^31, so only q < 4 limits them.
        int q = 15 - nonce.Length;
        if (q < 4 && input.Length >= 1 << (8 * q))
        {
            throw new ArgumentException(SR.MessageTooLong, inputName);
        }

        if (SpanHelpers.PartiallyOverlaps(input, output))
        {
            ThrowHelper.ThrowOverlap(outputName, inputName);
        }
    }

    private static void ThrowInvalidTagSize() => throw new ArgumentException(SR.InvalidTagSize, "tag");

    /// <summary>
    /// Starts a message: the MAC state after B0 and the formatted associated data, the first payload counter block
    /// A1, and S0 = E(A0), the keystream block that masks the tag.
    /// </summary>
    private void Begin(
        ReadOnlySpan<byte> nonce,
        ReadOnlySpan<byte> associatedData,
        int textLength,
        int tagLength,
        Span<byte> mac,
        Span<byte> counter,
        Span<byte> s0)
    {
        int q = 15 - nonce.Length;

        // B0 = flags | N | [text length]_q, flags = Adata·64 | ((t − 2) / 2)·8 | (q − 1).
        mac[0] = (byte)((associatedData.IsEmpty ? 0 : 0x40) | (((tagLength - 2) / 2) << 3) | (q - 1));
        nonce.CopyTo(mac.Slice(1));
        Span<byte> length = mac.Slice(1 + nonce.Length);
        length.Clear();
        for (int i = 0; i < Math.Min(q, 4); i++)
        {
            length[q - 1 - i] = (byte)(textLength >> (8 * i));
        }

        _kernel.EncryptBlocks(mac, mac);

        if (!associatedData.IsEmpty)
        {
            MacAssociatedData(mac, associatedData);
        }

        // A_i = (q − 1) | N | [i]_q; the payload starts at A1.
        counter[0] = (byte)(q - 1);
        nonce.CopyTo(counter.Slice(1));
        counter.Slice(1 + nonce.Length).Clear();
        _kernel.EncryptBlocks(counter, s0);
        counter[BlockSize - 1] = 1;
    }

    /// <summary>The associated data with its length prefix, zero-padded to whole blocks, into the MAC.</summary>
    private void MacAssociatedData(Span<byte> mac, ReadOnlySpan<byte> associatedData)
    {
        Span<byte> first = stackalloc byte[BlockSize];
        first.Clear();
        int prefix = EncodeAssociatedDataLength(associatedData.Length, first);
        int take = Math.Min(BlockSize - prefix, associatedData.Length);
        associatedData.Slice(0, take).CopyTo(first.Slice(prefix));
        SpanHelpers.Xor(mac, first, mac);
        _kernel.EncryptBlocks(mac, mac);
        CryptographicOperations.ZeroMemory(first);
        MacPadded(mac, associatedData.Slice(take));
    }

    /// <summary>
    /// Writes the length prefix of <paramref name="length"/> bytes of associated data (SP 800-38C A.2.2): two bytes
    /// below 2^16 − 2^8, else 0xFF 0xFE and four bytes below 2^32, else 0xFF 0xFF and eight bytes. Returns its size.
    /// </summary>
    internal static int EncodeAssociatedDataLength(long length, Span<byte> destination)
    {
        Debug.Assert(length > 0);
        if (length < 0xFF00)
        {
            BinaryPrimitives.WriteUInt16BigEndian(destination, (ushort)length);
            return 2;
        }

        if (length <= uint.MaxValue)
        {
            destination[0] = 0xFF;
            destination[1] = 0xFE;
            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(2), (uint)length);
            return 6;
        }

        destination[0] = 0xFF;
        destination[1] = 0xFF;
        BinaryPrimitives.WriteUInt64BigEndian(destination.Slice(2), (ulong)length);
        return 10;
    }

    /// <summary>Chains <paramref name="data"/> into the MAC, the last partial block padded with zeros.</summary>
    private void MacPadded(Span<byte> mac, ReadOnlySpan<byte> data)
    {
        int whole = data.Length & ~(BlockSize - 1);
        Chain(mac, data.Slice(0, whole));
        if (whole != data.Length)
        {
            Span<byte> last = stackalloc byte[BlockSize];
            last.Clear();
            data.Slice(whole).CopyTo(last);
            SpanHelpers.Xor(mac, last, mac);
            _kernel.EncryptBlocks(mac, mac);
            CryptographicOperations.ZeroMemory(last);
        }
    }

    /// <summary>
    /// The whole blocks of <paramref name="source"/> through the stitched loop, when this instance runs it: advances
    /// <paramref name="mac"/> and <paramref name="counter"/> and returns the number of bytes done (0 for other
    /// kernels, and for the partial last block, which the chunked loop finishes).
    /// </summary>
    private int TransformStitched(
        ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> mac, Span<byte> counter, bool encrypt)
    {
        if (!_stitched)
        {
            return 0;
        }

#if NET
        return encrypt
            ? CcmStitchedX86.Encrypt(_kernel, source, destination, mac, counter)
            : CcmStitchedX86.Decrypt(_kernel, source, destination, mac, counter);
#else
        return 0;
#endif
    }

    /// <summary>
    /// mac = E(... E(mac xor B1) xor B2 ...) over whole blocks: the kernel's CBC-MAC chain when it has one, else its
    /// CBC loop into a scratch buffer.
    /// </summary>
    private void Chain(Span<byte> mac, ReadOnlySpan<byte> blocks)
    {
        if (blocks.IsEmpty)
        {
            return;
        }

        if (_kernel.CbcMac is { } chain)
        {
            chain.MacCbc(blocks, mac);
            return;
        }

        Span<byte> scratch = stackalloc byte[BatchBytes];
        for (int offset = 0; offset < blocks.Length; offset += BatchBytes)
        {
            int length = Math.Min(BatchBytes, blocks.Length - offset);
            Cbc.EncryptBlocks(_kernel, blocks.Slice(offset, length), scratch.Slice(0, length), mac);
        }

        CryptographicOperations.ZeroMemory(scratch);
    }
}
