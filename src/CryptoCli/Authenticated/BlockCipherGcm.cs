using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Galois/Counter Mode (NIST SP 800-38D) over any <see cref="BlockCipherAlgorithm"/> with a 128-bit block: AES
/// (<see cref="RijndaelCipher"/>), <see cref="Camellia"/> (RFC 6367), <see cref="Hierocrypt3"/>, <see cref="SC2000"/>,
/// <see cref="CipherUnicornA"/>. The API is the runtime's <c>AesGcm</c>:
/// <see cref="Encrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, Span{byte}, ReadOnlySpan{byte})"/> writes the
/// ciphertext and the tag,
/// <see cref="Decrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte})"/>
/// checks the tag and writes the plaintext; unlike <c>AesGcm</c> the nonce may have any length from one byte (12 bytes
/// is the recommended and fastest length; other lengths are hashed into the initial counter, as SP 800-38D specifies).
/// </summary>
/// <remarks>
/// <para>Security: never encrypt two messages with the same key and nonce; with random nonces, stay below 2^32 messages
/// per key. Tags of 12 to 16 bytes are accepted; 4- and 8-byte tags only through
/// <see cref="BlockCipherGcm(BlockCipherAlgorithm, int, bool)"/> with <c>allowShortTags</c>, and then only within the
/// limits of SP 800-38D Appendix C (short messages, few decryption attempts per key).</para>
/// <para>Failed decryption: the whole plaintext destination is zeroed before the exception
/// (<c>AuthenticationTagMismatchException</c> on .NET, <see cref="CryptographicException"/> on .NET Standard), so
/// nothing unauthenticated is ever returned. Destinations are checked before anything is written.</para>
/// <para>Constant-time: GHASH is constant-time on every path (carry-less multiply instructions, PCLMULQDQ/VPCLMULQDQ
/// on x86 and PMULL on ARM64, or the table-free portable multiplication elsewhere) and the tag comparison has no
/// branch or loop on the tags' contents (two 64-bit words xored and ored); the whole mode is constant-time exactly when
/// the cipher's kernel is (AES on AES-NI or ARMv8, Camellia's byte-sliced kernel for bulk data; table-driven kernels
/// are not).</para>
/// <para>Messages that do not fit in memory: <see cref="CreateEncryptor"/> streams encryption;
/// <see cref="CreateDecryptor"/> decrypts in two passes over the ciphertext, releasing plaintext only after the tag was
/// verified in the first (see <see cref="BlockCipherGcmDecryptor"/> for what the caller must guarantee).</para>
/// <para>The instance holds its own copy of the cipher's key at construction (later key changes on the cipher do not
/// affect it) and wipes it on <see cref="Dispose"/>. Instances are not thread-safe.</para>
/// </remarks>
public sealed partial class BlockCipherGcm : IDisposable
{
    private const int BlockSize = 16;

    // Counter mode and GHASH alternate per chunk so that the data is still in the L1 cache for the second pass.
    private const int ChunkBytes = 8 * 1024;

    private readonly BlockCipherKernel _kernel;
    private readonly GHashKernel _ghash;
    private readonly bool _stitched;
    private bool _disposed;

    /// <summary>
    /// Creates GCM over a copy of <paramref name="cipher"/>'s current key, with tags of 12 to 16 bytes.
    /// </summary>
    /// <param name="cipher">A block cipher with a 128-bit block; its key is copied (a key is generated first if it
    /// has none).</param>
    /// <param name="tagSizeInBytes">The tag length, 12 to 16 bytes (16 recommended).</param>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits, or
    /// <paramref name="tagSizeInBytes"/> is not 12 to 16.</exception>
    public BlockCipherGcm(BlockCipherAlgorithm cipher, int tagSizeInBytes = 16)
        : this(cipher, tagSizeInBytes, allowShortTags: false)
    {
    }

    /// <summary>
    /// Creates GCM over a copy of <paramref name="cipher"/>'s current key, optionally with 4- or 8-byte tags.
    /// </summary>
    /// <param name="cipher">A block cipher with a 128-bit block; its key is copied.</param>
    /// <param name="tagSizeInBytes">The tag length: 12 to 16 bytes, or 4 or 8 when <paramref name="allowShortTags"/>
    /// is true.</param>
    /// <param name="allowShortTags">Accept 4- and 8-byte tags, which SP 800-38D Appendix C allows only for short
    /// messages and a bounded number of decryption attempts per key.</param>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits, or
    /// <paramref name="tagSizeInBytes"/> is not allowed.</exception>
    public BlockCipherGcm(BlockCipherAlgorithm cipher, int tagSizeInBytes, bool allowShortTags)
    {
        ThrowHelper.ThrowIfNull(cipher, nameof(cipher));
        if (cipher.BlockSize != 128)
        {
            throw new ArgumentException(SR.Requires128BitBlock, nameof(cipher));
        }

        CheckTagSize(tagSizeInBytes, allowShortTags);
        TagSizeInBytes = tagSizeInBytes;
        _kernel = cipher.CreateKernelForCurrentKey();
        _ghash = CreateGHash(_kernel, GHashKernel.Create);
        _stitched = CanStitch(_kernel, _ghash);
    }

    /// <summary>GCM over a given block-cipher kernel (owned from now on) and GHASH kernel factory: the tests' way to
    /// run every pair of kernels.</summary>
    internal BlockCipherGcm(BlockCipherKernel kernel, Func<byte[], GHashKernel> createGHash, int tagSizeInBytes,
        bool allowShortTags)
    {
        CheckTagSize(tagSizeInBytes, allowShortTags);
        TagSizeInBytes = tagSizeInBytes;
        _kernel = kernel;
        _ghash = CreateGHash(kernel, createGHash);
        _stitched = CanStitch(_kernel, _ghash);
    }

    /// <summary>True when counter mode and GHASH run as one stitched loop for this pair of kernels (AES-NI with
    /// PCLMULQDQ or VPCLMULQDQ); other pairs run them in two passes per chunk.</summary>
    private static bool CanStitch(BlockCipherKernel kernel, GHashKernel ghash) =>
#if NET
        GcmStitchedX86.Supports(kernel, ghash);
#else
        false;
#endif

    private static void CheckTagSize(int tagSizeInBytes, bool allowShortTags)
    {
        bool valid = tagSizeInBytes is >= 12 and <= 16 || (allowShortTags && tagSizeInBytes is 4 or 8);
        if (!valid)
        {
            throw new ArgumentException(SR.InvalidTagSize, nameof(tagSizeInBytes));
        }
    }

    /// <summary>The hash subkey H = E_K(0^128) and its GHASH kernel.</summary>
    private static GHashKernel CreateGHash(BlockCipherKernel kernel, Func<byte[], GHashKernel> create)
    {
        byte[] hashKey = new byte[BlockSize];
        kernel.EncryptBlocks(hashKey, hashKey);
        try
        {
            return create(hashKey);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(hashKey);
        }
    }

    /// <summary>The tag length of this instance, in bytes.</summary>
    public int TagSizeInBytes { get; }

    /// <summary>
    /// The tag lengths accepted by default: 12 to 16 bytes (4 and 8 only with <c>allowShortTags</c>).
    /// </summary>
    public static KeySizes TagByteSizes { get; } = new(12, 16, 1);

    /// <summary>The nonce lengths accepted: one byte and more (12 bytes recommended).</summary>
    public static KeySizes NonceByteSizes { get; } = new(1, int.MaxValue, 1);

    /// <summary>
    /// True when GHASH runs on carry-less multiply instructions in this process (PCLMULQDQ, VPCLMULQDQ or PMULL).
    /// </summary>
    public static bool IsHardwareAccelerated => GHashKernel.IsHardwareAccelerated;

    /// <summary>The GHASH kernel in use (for tests and benchmarks).</summary>
    internal string GHashKernelName => _ghash.Name;

    /// <summary>True when this instance runs the stitched counter-mode and GHASH loop (for tests).</summary>
    internal bool IsStitched => _stitched;

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> and writes the tag.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="nonce"/>, <paramref name="plaintext"/>,
    /// <paramref name="ciphertext"/> or <paramref name="tag"/> is null.</exception>
    /// <exception cref="ArgumentException">See
    /// <see cref="Encrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, Span{byte}, ReadOnlySpan{byte})"/>.
    /// </exception>
    public void Encrypt(byte[] nonce, byte[] plaintext, byte[] ciphertext, byte[] tag, byte[]? associatedData = null)
    {
        ThrowHelper.ThrowIfNull(nonce, nameof(nonce));
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        ThrowHelper.ThrowIfNull(tag, nameof(tag));
        Encrypt(new ReadOnlySpan<byte>(nonce), plaintext, ciphertext, tag, associatedData);
    }

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> and writes the tag.</summary>
    /// <param name="nonce">The nonce, at least one byte; never reuse one with the same key.</param>
    /// <param name="plaintext">The data to encrypt.</param>
    /// <param name="ciphertext">Receives the ciphertext; exactly as long as <paramref name="plaintext"/> (the same
    /// memory is allowed).</param>
    /// <param name="tag">Receives the tag; exactly <see cref="TagSizeInBytes"/> long.</param>
    /// <param name="associatedData">Data authenticated but not encrypted.</param>
    /// <exception cref="ArgumentException"><paramref name="nonce"/> is empty, <paramref name="tag"/> has the wrong
    /// length, the lengths of <paramref name="plaintext"/> and <paramref name="ciphertext"/> differ, or they
    /// overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag,
        ReadOnlySpan<byte> associatedData = default)
    {
        CheckParameters(nonce, plaintext, ciphertext, tag.Length, "ciphertext");
        Span<byte> state = stackalloc byte[4 * BlockSize];
        Span<byte> j0 = state.Slice(0, BlockSize), counter = state.Slice(BlockSize, BlockSize);
        Span<byte> y = state.Slice(2 * BlockSize, BlockSize), fullTag = state.Slice(3 * BlockSize, BlockSize);
        Begin(nonce, associatedData, j0, counter, y);
        // Whole 128-byte groups in the stitched loop where it runs; the chunked two-pass loop below finishes the rest.
        int start = TransformStitched(counter, y, plaintext, ciphertext, encrypt: true);
        for (int offset = start; offset < plaintext.Length; offset += ChunkBytes)
        {
            int length = Math.Min(ChunkBytes, plaintext.Length - offset);
            Span<byte> output = ciphertext.Slice(offset, length);
            TransformCtr32(counter, plaintext.Slice(offset, length), output);
            HashPadded(y, output);
        }

        ComputeTag(j0, y, associatedData.Length, plaintext.Length, fullTag);
        fullTag.Slice(0, TagSizeInBytes).CopyTo(tag);
        CryptographicOperations.ZeroMemory(state);
    }

    /// <summary>Checks the tag and decrypts <paramref name="ciphertext"/> into <paramref name="plaintext"/>.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="nonce"/>, <paramref name="ciphertext"/>,
    /// <paramref name="tag"/> or <paramref name="plaintext"/> is null.</exception>
    /// <exception cref="ArgumentException">See
    /// <see cref="Decrypt(ReadOnlySpan{byte},ReadOnlySpan{byte},ReadOnlySpan{byte},Span{byte},ReadOnlySpan{byte})"/>.
    /// </exception>
    /// <exception cref="CryptographicException">The tag does not match; <paramref name="plaintext"/>
    /// is zeroed.</exception>
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
    /// <param name="tag">The tag; exactly <see cref="TagSizeInBytes"/> long.</param>
    /// <param name="plaintext">Receives the plaintext; exactly as long as <paramref name="ciphertext"/> (the same
    /// memory is allowed).</param>
    /// <param name="associatedData">The associated data given to encryption.</param>
    /// <exception cref="ArgumentException"><paramref name="nonce"/> is empty, <paramref name="tag"/> has the wrong
    /// length, the lengths of <paramref name="ciphertext"/> and <paramref name="plaintext"/> differ, or they
    /// overlap partially.</exception>
    /// <exception cref="CryptographicException">The tag does not match (on .NET an
    /// <c>AuthenticationTagMismatchException</c>); <paramref name="plaintext"/> is zeroed.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag,
        Span<byte> plaintext, ReadOnlySpan<byte> associatedData = default)
    {
        CheckParameters(nonce, ciphertext, plaintext, tag.Length, "plaintext");
        Span<byte> state = stackalloc byte[4 * BlockSize];
        Span<byte> j0 = state.Slice(0, BlockSize), counter = state.Slice(BlockSize, BlockSize);
        Span<byte> y = state.Slice(2 * BlockSize, BlockSize), fullTag = state.Slice(3 * BlockSize, BlockSize);
        Begin(nonce, associatedData, j0, counter, y);
        // Whole 128-byte groups in the stitched loop where it runs (the tag is still checked below, after everything).
        int start = TransformStitched(counter, y, ciphertext, plaintext, encrypt: false);
        for (int offset = start; offset < ciphertext.Length; offset += ChunkBytes)
        {
            // Hash before decrypting: decryption may be in place.
            int length = Math.Min(ChunkBytes, ciphertext.Length - offset);
            ReadOnlySpan<byte> input = ciphertext.Slice(offset, length);
            HashPadded(y, input);
            TransformCtr32(counter, input, plaintext.Slice(offset, length));
        }

        ComputeTag(j0, y, associatedData.Length, ciphertext.Length, fullTag);
        bool match = TagsEqual(fullTag.Slice(0, TagSizeInBytes), tag);
        CryptographicOperations.ZeroMemory(state);
        if (!match)
        {
            CryptographicOperations.ZeroMemory(plaintext);
            ThrowTagMismatch();
        }
    }

    /// <summary>
    /// Compares two tags of the same length, at most 16 bytes, in constant time: both are copied into zero-padded
    /// blocks and compared as two 64-bit words each, with no branch or loop on their contents. (The runtime's
    /// <c>FixedTimeEquals</c> is compiled without optimisation, so that no JIT can shortcut its loop, and costs more
    /// than the rest of a 16-byte decryption; docs/gcm.md.)
    /// </summary>
    internal static bool TagsEqual(ReadOnlySpan<byte> computed, ReadOnlySpan<byte> received)
    {
        Debug.Assert(computed.Length == received.Length && computed.Length <= BlockSize);
        Span<byte> blocks = stackalloc byte[2 * BlockSize];
        blocks.Clear();
        computed.CopyTo(blocks);
        received.CopyTo(blocks.Slice(BlockSize));
        ulong difference =
            (BinaryPrimitives.ReadUInt64LittleEndian(blocks)
                ^ BinaryPrimitives.ReadUInt64LittleEndian(blocks.Slice(16)))
            | (BinaryPrimitives.ReadUInt64LittleEndian(blocks.Slice(8))
                ^ BinaryPrimitives.ReadUInt64LittleEndian(blocks.Slice(24)));
        CryptographicOperations.ZeroMemory(blocks);
        return difference == 0;
    }

    /// <summary>Wipes the key schedule and the hash key.</summary>
    public void Dispose()
    {
        if (!_disposed)
        {
            _disposed = true;
            _kernel.Dispose();
            _ghash.Dispose();
        }
    }

    // ---- The mode ----

    private void CheckParameters(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, ReadOnlySpan<byte> output,
        int tagLength, string outputName)
    {
        CheckNonce(nonce);
        CheckTagLength(tagLength);

        if (input.Length != output.Length)
        {
            throw new ArgumentException(SR.PlaintextCiphertextLengthMismatch);
        }

        if (SpanHelpers.PartiallyOverlaps(input, output))
        {
            ThrowHelper.ThrowOverlap(outputName, outputName == "ciphertext" ? "plaintext" : "ciphertext");
        }
    }

    private void ThrowTagSizeMismatch() =>
        throw new ArgumentException(string.Format(System.Globalization.CultureInfo.InvariantCulture, SR.TagSizeMismatch,
            TagSizeInBytes), "tag");

    internal static void ThrowTagMismatch()
    {
#if NET
        throw new AuthenticationTagMismatchException(SR.AuthenticationTagMismatch);
#else
        throw new CryptographicException(SR.AuthenticationTagMismatch);
#endif
    }

    /// <summary>
    /// J0 from the nonce, the first data counter inc32(J0), and Y = GHASH of the padded associated data.
    /// </summary>
    internal void Begin(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, Span<byte> j0, Span<byte> counter,
        Span<byte> y)
    {
        if (nonce.Length == 12)
        {
            nonce.CopyTo(j0);
            BinaryPrimitives.WriteUInt32BigEndian(j0.Slice(12), 1);
        }
        else
        {
            // J0 = GHASH(nonce || 0-padding || 0^64 || [bit length of nonce]_64).
            j0.Clear();
            HashPadded(j0, nonce);
            Span<byte> lengths = stackalloc byte[BlockSize];
            lengths.Clear();
            BinaryPrimitives.WriteUInt64BigEndian(lengths.Slice(8), (ulong)nonce.Length * 8);
            _ghash.Update(j0, lengths);
        }

        j0.CopyTo(counter);
        BinaryPrimitives.WriteUInt32BigEndian(counter.Slice(12),
            BinaryPrimitives.ReadUInt32BigEndian(j0.Slice(12)) + 1);
        y.Clear();
        HashPadded(y, associatedData);
    }

    /// <summary>
    /// Counter mode and GHASH of the ciphertext over the whole 128-byte groups of <paramref name="source"/> in the
    /// stitched loop, when this instance runs it; advances <paramref name="counter"/> and <paramref name="y"/> and
    /// returns the number of bytes done (0 for other kernel pairs).
    /// </summary>
    internal int TransformStitched(Span<byte> counter, Span<byte> y, ReadOnlySpan<byte> source, Span<byte> destination,
        bool encrypt)
    {
        if (!_stitched)
        {
            return 0;
        }

#if NET
        return encrypt
            ? GcmStitchedX86.Encrypt(_kernel, _ghash, source, destination, counter, y)
            : GcmStitchedX86.Decrypt(_kernel, _ghash, source, destination, counter, y);
#else
        return 0;
#endif
    }

    /// <summary>Folds whole blocks into Y.</summary>
    internal void HashBlocks(Span<byte> y, ReadOnlySpan<byte> blocks) => _ghash.Update(y, blocks);

    /// <summary>E_K of one block (a keystream block of the incremental API).</summary>
    internal void EncryptBlock(ReadOnlySpan<byte> block, Span<byte> destination) =>
        _kernel.EncryptBlocks(block, destination);

    internal void ThrowIfDisposed() => ThrowHelper.ThrowIfDisposed(_disposed, this);

    internal void CheckNonce(ReadOnlySpan<byte> nonce)
    {
        ThrowIfDisposed();
        if (nonce.IsEmpty)
        {
            throw new ArgumentException(SR.InvalidNonceSize, nameof(nonce));
        }
    }

    internal void CheckTagLength(int tagLength)
    {
        if (tagLength != TagSizeInBytes)
        {
            ThrowTagSizeMismatch();
        }
    }

    /// <summary>Folds <paramref name="data"/> into Y, the last partial block padded with zeros.</summary>
    internal void HashPadded(Span<byte> y, ReadOnlySpan<byte> data)
    {
        int whole = data.Length & ~(BlockSize - 1);
        if (whole != 0)
        {
            _ghash.Update(y, data.Slice(0, whole));
        }

        if (whole != data.Length)
        {
            Span<byte> last = stackalloc byte[BlockSize];
            last.Clear();
            data.Slice(whole).CopyTo(last);
            _ghash.Update(y, last);
            CryptographicOperations.ZeroMemory(last);
        }
    }

    /// <summary>The full 16-byte tag E_K(J0) xor GHASH(... || [len(A)]_64 || [len(C)]_64).</summary>
    internal void ComputeTag(ReadOnlySpan<byte> j0, Span<byte> y, long associatedDataLength, long textLength,
        Span<byte> tag)
    {
        Span<byte> lengths = stackalloc byte[BlockSize];
        BinaryPrimitives.WriteUInt64BigEndian(lengths, (ulong)associatedDataLength * 8);
        BinaryPrimitives.WriteUInt64BigEndian(lengths.Slice(8), (ulong)textLength * 8);
        _ghash.Update(y, lengths);
        _kernel.EncryptBlocks(j0, tag);
        SpanHelpers.Xor(tag, y, tag);
    }

    /// <summary>
    /// Counter mode with GCM's 32-bit counter (inc32: the last four bytes count and wrap, the first twelve never
    /// change), through the kernel's fused counter loop at that width when it has one. <paramref name="counter"/> is
    /// advanced past the blocks used.
    /// </summary>
    internal void TransformCtr32(Span<byte> counter, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Ctr.Transform(_kernel, source, destination, counter, CounterWidth.Bits32);
}
