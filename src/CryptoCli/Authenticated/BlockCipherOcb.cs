using System;
using System.Buffers.Binary;
using System.Security.Cryptography;
#if NET
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
#endif

namespace CryptoCli;

/// <summary>
/// OCB3 (RFC 7253) over any <see cref="BlockCipherAlgorithm"/> with a 128-bit block: AES
/// (<see cref="RijndaelCipher"/>), <see cref="Camellia"/>, <see cref="Hierocrypt3"/>, <see cref="SC2000"/>,
/// <see cref="CipherUnicornA"/>. The API is the runtime's <c>AesGcm</c>:
/// <see cref="Encrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, Span{byte}, ReadOnlySpan{byte})"/> writes the
/// ciphertext and the tag,
/// <see cref="Decrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte})"/>
/// checks the tag and writes the plaintext. Nonces are 1 to 15 bytes (RFC 7253: up to 120 bits; 12 bytes is usual).
/// </summary>
/// <remarks>
/// <para>Security: never encrypt two messages with the same key and nonce. Tags of 16, 12 or 8 bytes are accepted;
/// other lengths from 1 to 16 bytes only through <see cref="BlockCipherOcb(BlockCipherAlgorithm, int, bool)"/> with
/// <c>allowShortTags</c>. The tag length is part of the nonce encoding, so the same key and nonce with two tag lengths
/// give unrelated results.</para>
/// <para>Failed decryption: the whole plaintext destination is zeroed before the exception
/// (<c>AuthenticationTagMismatchException</c> on .NET, <see cref="CryptographicException"/> on .NET Standard), so
/// nothing unauthenticated is ever returned. Destinations are checked before anything is written.</para>
/// <para>Constant-time: the offsets never depend on secret data through a branch or a memory index. The table
/// L_*, L_$, L_0, L_1, ... is computed once per key by doublings written with masks and stored a 16-byte entry at a
/// time, the width the kernels read it with (docs/security.md). Block i uses L_ntz(i), an index
/// that depends only on the block's position (public); Offset_0 is a bit-shift of Stretch by the nonce's last six bits
/// (public). The tag comparison has no branch on the tags' contents. The whole mode is constant-time exactly when the
/// cipher's kernel is (AES on AES-NI or ARMv8, Camellia's byte-sliced kernel; table-driven kernels are not).</para>
/// <para>Messages that do not fit in memory: <see cref="CreateEncryptor"/> streams encryption;
/// <see cref="CreateDecryptor"/> decrypts in two passes, releasing plaintext only after the tag was verified in the
/// first (see <see cref="BlockCipherOcbDecryptor"/>).</para>
/// <para>The instance holds its own copy of the cipher's key at construction (later key changes on the cipher do not
/// affect it) and wipes it and the L table on <see cref="Dispose"/>. Nothing is allocated per one-shot call. Instances
/// are not thread-safe.</para>
/// </remarks>
public sealed partial class BlockCipherOcb : IDisposable
{
    private const int BlockSize = 16;

    // Blocks per kernel call: the offsets of a batch are computed first (stack scratch), then the batch goes through
    // the kernel in one EncryptBlocks/DecryptBlocks call.
    private const int BatchBytes = 64 * BlockSize;

    // L_0 .. L_63: enough for any block index of a long (ntz of a positive long is at most 62).
    private const int LCount = 64;

    private readonly BlockCipherKernel _kernel;

    // Two words per 128-bit value (bytes 0-7 and 8-15 read as little-endian words; XOR does not care about the
    // order as long as every value uses the same): L_* at 0, L_$ at 2, L_i at 4 + 2i.
    private readonly ulong[] _table = new ulong[2 * (LCount + 2)];
    private bool _disposed;

    /// <summary>Creates OCB over a copy of <paramref name="cipher"/>'s current key, with tags of 16, 12 or 8
    /// bytes.</summary>
    /// <param name="cipher">A block cipher with a 128-bit block; its key is copied (a key is generated first if it
    /// has none).</param>
    /// <param name="tagSizeInBytes">The tag length: 16 (recommended), 12 or 8 bytes.</param>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits, or
    /// <paramref name="tagSizeInBytes"/> is not 16, 12 or 8.</exception>
    public BlockCipherOcb(BlockCipherAlgorithm cipher, int tagSizeInBytes = 16)
        : this(cipher, tagSizeInBytes, allowShortTags: false)
    {
    }

    /// <summary>Creates OCB over a copy of <paramref name="cipher"/>'s current key, optionally with any tag length
    /// from 1 to 16 bytes.</summary>
    /// <param name="cipher">A block cipher with a 128-bit block; its key is copied.</param>
    /// <param name="tagSizeInBytes">The tag length: 16, 12 or 8 bytes, or 1 to 16 when
    /// <paramref name="allowShortTags"/> is true.</param>
    /// <param name="allowShortTags">Accept every tag length from 1 to 16 bytes; a tag of t bits lets a forgery
    /// succeed with probability about 2^-t per attempt.</param>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits, or
    /// <paramref name="tagSizeInBytes"/> is not allowed.</exception>
    public BlockCipherOcb(BlockCipherAlgorithm cipher, int tagSizeInBytes, bool allowShortTags)
    {
        ThrowHelper.ThrowIfNull(cipher, nameof(cipher));
        if (cipher.BlockSize != 128)
        {
            throw new ArgumentException(SR.Requires128BitBlock, nameof(cipher));
        }

        CheckTagSize(tagSizeInBytes, allowShortTags);
        TagSizeInBytes = tagSizeInBytes;
        _kernel = cipher.CreateKernelForCurrentKey();
        ComputeTable();
    }

    /// <summary>OCB over a given kernel (owned from now on): the tests' way to run every kernel.</summary>
    internal BlockCipherOcb(BlockCipherKernel kernel, int tagSizeInBytes, bool allowShortTags)
    {
        CheckTagSize(tagSizeInBytes, allowShortTags);
        TagSizeInBytes = tagSizeInBytes;
        _kernel = kernel;
        ComputeTable();
    }

    /// <summary>The tag length of this instance, in bytes.</summary>
    public int TagSizeInBytes { get; }

    /// <summary>The tag lengths accepted by default: 8, 12 and 16 bytes (1 to 16 only with
    /// <c>allowShortTags</c>).</summary>
    public static KeySizes TagByteSizes { get; } = new(8, 16, 4);

    /// <summary>The nonce lengths accepted: 1 to 15 bytes (12 bytes is usual).</summary>
    public static KeySizes NonceByteSizes { get; } = new(1, 15, 1);

    private static void CheckTagSize(int tagSizeInBytes, bool allowShortTags)
    {
        bool valid = tagSizeInBytes is 8 or 12 or 16 || (allowShortTags && tagSizeInBytes is >= 1 and <= 16);
        if (!valid)
        {
            throw new ArgumentException(SR.InvalidTagSize, nameof(tagSizeInBytes));
        }
    }

    /// <summary>
    /// L_* = E_K(0^128), L_$ = double(L_*), L_0 = double(L_$), L_i = double(L_{i-1}). After the one block the kernel
    /// writes, the value stays in two registers (big-endian words, doubled with the carry through a mask) and each
    /// L_i is stored once: the secret never goes back and forth through a stack buffer, whose timing can depend on the
    /// data on some processors (docs/security.md). Each entry is stored as one 16-byte vector, the width the fused
    /// kernels load it with: a 16-byte load that must gather two 8-byte stores is not forwarded from them, and on
    /// AMD Zen 4 that path's time depended on the values stored.
    /// </summary>
    private void ComputeTable()
    {
        Span<byte> value = stackalloc byte[BlockSize];
        value.Clear();
        _kernel.EncryptBlocks(value, value);
        ulong hi = BinaryPrimitives.ReadUInt64BigEndian(value);
        ulong lo = BinaryPrimitives.ReadUInt64BigEndian(value.Slice(8));
        CryptographicOperations.ZeroMemory(value);
        for (int i = 0; i < LCount + 2; i++)
        {
            // The table's words are the value's bytes read as little-endian words: the big-endian words reversed.
#if NET
            Vector128.Create(BinaryPrimitives.ReverseEndianness(hi), BinaryPrimitives.ReverseEndianness(lo))
                .StoreUnsafe(ref MemoryMarshal.GetArrayDataReference(_table), (nuint)(2 * i));
#else
            _table[2 * i] = BinaryPrimitives.ReverseEndianness(hi);
            _table[2 * i + 1] = BinaryPrimitives.ReverseEndianness(lo);
#endif
            ulong carry = hi >> 63;
            hi = (hi << 1) | (lo >> 63);
            lo = (lo << 1) ^ (0x87UL & (0UL - carry));
        }
    }

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> and writes the tag.</summary>
    /// <param name="nonce">The nonce, 1 to 15 bytes; never reuse one with the same key.</param>
    /// <param name="plaintext">The data to encrypt.</param>
    /// <param name="ciphertext">Receives the ciphertext; exactly as long as <paramref name="plaintext"/>.</param>
    /// <param name="tag">Receives the tag; exactly <see cref="TagSizeInBytes"/> long.</param>
    /// <param name="associatedData">Data authenticated but not encrypted.</param>
    /// <exception cref="ArgumentNullException"><paramref name="nonce"/>, <paramref name="plaintext"/>,
    /// <paramref name="ciphertext"/> or <paramref name="tag"/> is null.</exception>
    /// <exception cref="ArgumentException">See the span overload
    /// (<see cref="Encrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, Span{byte}, ReadOnlySpan{byte})"/>).
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
    /// <param name="nonce">The nonce, 1 to 15 bytes; never reuse one with the same key.</param>
    /// <param name="plaintext">The data to encrypt.</param>
    /// <param name="ciphertext">Receives the ciphertext; exactly as long as <paramref name="plaintext"/> (the same
    /// memory is allowed).</param>
    /// <param name="tag">Receives the tag; exactly <see cref="TagSizeInBytes"/> long.</param>
    /// <param name="associatedData">Data authenticated but not encrypted.</param>
    /// <exception cref="ArgumentException"><paramref name="nonce"/> is empty or longer than 15 bytes,
    /// <paramref name="tag"/> has the wrong length, the lengths of <paramref name="plaintext"/> and
    /// <paramref name="ciphertext"/> differ, or they overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag,
        ReadOnlySpan<byte> associatedData = default)
    {
        CheckParameters(nonce, plaintext, ciphertext, tag.Length, "ciphertext");
        var cursor = default(OcbCursor);
        Begin(nonce, ref cursor);
        HashAssociatedData(associatedData, out ulong hashLo, out ulong hashHi);
        int whole = plaintext.Length & ~(BlockSize - 1);
        ProcessBlocks(ref cursor, plaintext.Slice(0, whole), ciphertext.Slice(0, whole), encrypt: true);
        ProcessLast(ref cursor, plaintext.Slice(whole), ciphertext.Slice(whole), encrypt: true);
        Span<byte> fullTag = stackalloc byte[BlockSize];
        ComputeTag(ref cursor, hashLo, hashHi, fullTag);
        fullTag.Slice(0, TagSizeInBytes).CopyTo(tag);
        CryptographicOperations.ZeroMemory(fullTag);
        cursor = default;
    }

    /// <summary>Checks the tag and decrypts <paramref name="ciphertext"/> into <paramref name="plaintext"/>.</summary>
    /// <param name="nonce">The nonce used for encryption.</param>
    /// <param name="ciphertext">The data to decrypt.</param>
    /// <param name="tag">The tag; exactly <see cref="TagSizeInBytes"/> long.</param>
    /// <param name="plaintext">Receives the plaintext; exactly as long as <paramref name="ciphertext"/>.</param>
    /// <param name="associatedData">The associated data given to encryption.</param>
    /// <exception cref="ArgumentNullException"><paramref name="nonce"/>, <paramref name="ciphertext"/>,
    /// <paramref name="tag"/> or <paramref name="plaintext"/> is null.</exception>
    /// <exception cref="ArgumentException">See the span overload.</exception>
    /// <exception cref="CryptographicException">The tag does not match; <paramref name="plaintext"/> is
    /// zeroed.</exception>
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
    /// <exception cref="ArgumentException"><paramref name="nonce"/> is empty or longer than 15 bytes,
    /// <paramref name="tag"/> has the wrong length, the lengths of <paramref name="ciphertext"/> and
    /// <paramref name="plaintext"/> differ, or they overlap partially.</exception>
    /// <exception cref="CryptographicException">The tag does not match (on .NET an
    /// <c>AuthenticationTagMismatchException</c>); <paramref name="plaintext"/> is zeroed.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag,
        Span<byte> plaintext, ReadOnlySpan<byte> associatedData = default)
    {
        CheckParameters(nonce, ciphertext, plaintext, tag.Length, "plaintext");
        var cursor = default(OcbCursor);
        Begin(nonce, ref cursor);
        HashAssociatedData(associatedData, out ulong hashLo, out ulong hashHi);
        int whole = ciphertext.Length & ~(BlockSize - 1);
        ProcessBlocks(ref cursor, ciphertext.Slice(0, whole), plaintext.Slice(0, whole), encrypt: false);
        ProcessLast(ref cursor, ciphertext.Slice(whole), plaintext.Slice(whole), encrypt: false);
        Span<byte> fullTag = stackalloc byte[BlockSize];
        ComputeTag(ref cursor, hashLo, hashHi, fullTag);
        bool match = BlockCipherGcm.TagsEqual(fullTag.Slice(0, TagSizeInBytes), tag);
        CryptographicOperations.ZeroMemory(fullTag);
        cursor = default;
        if (!match)
        {
            CryptographicOperations.ZeroMemory(plaintext);
            BlockCipherGcm.ThrowTagMismatch();
        }
    }

    /// <summary>Wipes the key schedule and the L table.</summary>
    public void Dispose()
    {
        if (!_disposed)
        {
            _disposed = true;
            _kernel.Dispose();
            CryptographicOperationsHelper.ZeroWords(_table);
        }
    }

    // ---- The mode ----

    private void CheckParameters(
        ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, ReadOnlySpan<byte> output, int tagLength, string outputName)
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

    internal void ThrowIfDisposed() => ThrowHelper.ThrowIfDisposed(_disposed, this);

    internal void CheckNonce(ReadOnlySpan<byte> nonce)
    {
        ThrowIfDisposed();
        if (nonce.Length is < 1 or > 15)
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

    private void ThrowTagSizeMismatch() =>
        throw new ArgumentException(
            string.Format(System.Globalization.CultureInfo.InvariantCulture, SR.TagSizeMismatch, TagSizeInBytes),
            "tag");

    /// <summary>
    /// Offset_0 from the nonce (RFC 7253 4.2): Nonce = num2str(TAGLEN mod 128, 7) || zeros || 1 || N,
    /// Ktop = E_K(Nonce with its last six bits cleared), Stretch = Ktop || (Ktop[1..64] xor Ktop[9..72]),
    /// Offset_0 = Stretch[1 + bottom .. 128 + bottom], bottom = the nonce's last six bits (public: the shift reads
    /// fixed positions chosen by the nonce, never by Ktop). The checksum and block index start at zero.
    /// </summary>
    internal void Begin(ReadOnlySpan<byte> nonce, ref OcbCursor cursor)
    {
        Span<byte> ktop = stackalloc byte[BlockSize];
        ktop.Clear();
        ktop[0] = (byte)((TagSizeInBytes * 8 % 128) << 1);
        ktop[BlockSize - 1 - nonce.Length] |= 1;
        nonce.CopyTo(ktop.Slice(BlockSize - nonce.Length));
        int bottom = ktop[BlockSize - 1] & 63;
        ktop[BlockSize - 1] &= 0xC0;
        _kernel.EncryptBlock(ktop, ktop);
        // Stretch = k0 || k1 || k2 as big-endian words, k2 = Ktop[1..64] xor Ktop[9..72]; Offset_0 is the 128 bits
        // from bit `bottom`, taken by shifts of public amounts in registers (the double shift right is the word's
        // zero for bottom = 0, where a shift by 64 would not be).
        ulong k0 = BinaryPrimitives.ReadUInt64BigEndian(ktop);
        ulong k1 = BinaryPrimitives.ReadUInt64BigEndian(ktop.Slice(8));
        CryptographicOperations.ZeroMemory(ktop);
        ulong k2 = k0 ^ ((k0 << 8) | (k1 >> 56));
        ulong o0 = (k0 << bottom) | ((k1 >> 1) >> (63 - bottom));
        ulong o1 = (k1 << bottom) | ((k2 >> 1) >> (63 - bottom));
        cursor.OffsetLo = BinaryPrimitives.ReverseEndianness(o0);
        cursor.OffsetHi = BinaryPrimitives.ReverseEndianness(o1);
        cursor.SumLo = 0;
        cursor.SumHi = 0;
        cursor.Index = 0;
    }

    /// <summary>
    /// Whole blocks (any number): for each, Offset ^= L_ntz(i), then E_K or D_K of the block xored with Offset, xored
    /// with Offset again, the checksum taking the plaintext. The offsets of a batch are computed first, then the batch
    /// goes through the kernel in one call. <paramref name="destination"/> is as long, disjoint or the same memory.
    /// </summary>
    internal void ProcessBlocks(ref OcbCursor cursor, ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        if (source.IsEmpty)
        {
            return;
        }

        IOcbKernel? fused = UseFusedKernel && ByteOrder.IsLittleEndianHost ? _kernel.Ocb : null;
        if (fused is not null)
        {
            // The table's words are the values' bytes on a little-endian process; L_0 is at word 4.
            fused.TransformOcb(source, destination, new ReadOnlySpan<ulong>(_table, 4, 2 * LCount), ref cursor,
                encrypt);
            return;
        }

#if NET
        if (Vector128.IsHardwareAccelerated && ByteOrder.IsLittleEndianHost)
        {
            ProcessBlocksVector(ref cursor, source, destination, encrypt);
            return;
        }
#endif

        Span<byte> offsets = stackalloc byte[BatchBytes];
        for (int start = 0; start < source.Length; start += BatchBytes)
        {
            int length = Math.Min(BatchBytes, source.Length - start);
            ReadOnlySpan<byte> input = source.Slice(start, length);
            Span<byte> output = destination.Slice(start, length);
            for (int j = 0; j < length; j += BlockSize)
            {
                long index = ++cursor.Index;
                int l = 4 + 2 * TrailingZeros(index);
                cursor.OffsetLo ^= _table[l];
                cursor.OffsetHi ^= _table[l + 1];
                ulong s0 = BinaryPrimitives.ReadUInt64LittleEndian(input.Slice(j));
                ulong s1 = BinaryPrimitives.ReadUInt64LittleEndian(input.Slice(j + 8));
                if (encrypt)
                {
                    cursor.SumLo ^= s0;
                    cursor.SumHi ^= s1;
                }

                BinaryPrimitives.WriteUInt64LittleEndian(offsets.Slice(j), cursor.OffsetLo);
                BinaryPrimitives.WriteUInt64LittleEndian(offsets.Slice(j + 8), cursor.OffsetHi);
                BinaryPrimitives.WriteUInt64LittleEndian(output.Slice(j), s0 ^ cursor.OffsetLo);
                BinaryPrimitives.WriteUInt64LittleEndian(output.Slice(j + 8), s1 ^ cursor.OffsetHi);
            }

            if (encrypt)
            {
                _kernel.EncryptBlocks(output, output);
                SpanHelpers.Xor(output, offsets.Slice(0, length), output);
            }
            else
            {
                _kernel.DecryptBlocks(output, output);
                for (int j = 0; j < length; j += BlockSize)
                {
                    ulong p0 = BinaryPrimitives.ReadUInt64LittleEndian(output.Slice(j))
                        ^ BinaryPrimitives.ReadUInt64LittleEndian(offsets.Slice(j));
                    ulong p1 = BinaryPrimitives.ReadUInt64LittleEndian(output.Slice(j + 8))
                        ^ BinaryPrimitives.ReadUInt64LittleEndian(offsets.Slice(j + 8));
                    BinaryPrimitives.WriteUInt64LittleEndian(output.Slice(j), p0);
                    BinaryPrimitives.WriteUInt64LittleEndian(output.Slice(j + 8), p1);
                    cursor.SumLo ^= p0;
                    cursor.SumHi ^= p1;
                }
            }
        }

        CryptographicOperations.ZeroMemory(offsets.Slice(0, Math.Min(BatchBytes, source.Length)));
    }

#if NET
    /// <summary>
    /// <see cref="ProcessBlocks"/> on 128-bit vectors (little-endian processes only: a vector's two lanes are the
    /// table's two words): the offset, the checksum and each block are one vector.
    /// </summary>
    private void ProcessBlocksVector(
        ref OcbCursor cursor, ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        Span<byte> offsets = stackalloc byte[BatchBytes];
        ref byte stored = ref MemoryMarshal.GetReference(offsets);
        ref ulong table = ref MemoryMarshal.GetArrayDataReference(_table);
        Vector128<ulong> offset = Vector128.Create(cursor.OffsetLo, cursor.OffsetHi);
        Vector128<ulong> sum = Vector128.Create(cursor.SumLo, cursor.SumHi);
        long index = cursor.Index;
        for (int start = 0; start < source.Length; start += BatchBytes)
        {
            int length = Math.Min(BatchBytes, source.Length - start);
            ref byte input = ref Unsafe.Add(ref MemoryMarshal.GetReference(source), start);
            Span<byte> output = destination.Slice(start, length);
            ref byte written = ref MemoryMarshal.GetReference(output);
            for (nuint j = 0; j < (nuint)length; j += BlockSize)
            {
                offset ^= Vector128.LoadUnsafe(ref table, (nuint)(4 + 2 * TrailingZeros(++index)));
                Vector128<ulong> block = Vector128.LoadUnsafe(ref input, j).AsUInt64();
                if (encrypt)
                {
                    sum ^= block;
                }

                offset.AsByte().StoreUnsafe(ref stored, j);
                (block ^ offset).AsByte().StoreUnsafe(ref written, j);
            }

            if (encrypt)
            {
                _kernel.EncryptBlocks(output, output);
            }
            else
            {
                _kernel.DecryptBlocks(output, output);
            }

            for (nuint j = 0; j < (nuint)length; j += BlockSize)
            {
                Vector128<ulong> block = (Vector128.LoadUnsafe(ref written, j) ^ Vector128.LoadUnsafe(ref stored, j))
                    .AsUInt64();
                block.AsByte().StoreUnsafe(ref written, j);
                if (!encrypt)
                {
                    sum ^= block;
                }
            }
        }

        cursor.OffsetLo = offset.GetElement(0);
        cursor.OffsetHi = offset.GetElement(1);
        cursor.SumLo = sum.GetElement(0);
        cursor.SumHi = sum.GetElement(1);
        cursor.Index = index;
        CryptographicOperations.ZeroMemory(offsets.Slice(0, Math.Min(BatchBytes, source.Length)));
    }
#endif

    /// <summary>
    /// The final partial block (0 to 15 bytes; nothing for 0): Offset ^= L_*, Pad = E_K(Offset), the data xored with
    /// Pad, the checksum taking the plaintext padded with 1 and zeros.
    /// </summary>
    internal void ProcessLast(ref OcbCursor cursor, ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        int length = source.Length;
        if (length == 0)
        {
            return;
        }

        Span<byte> scratch = stackalloc byte[2 * BlockSize];
        Span<byte> pad = scratch.Slice(0, BlockSize), last = scratch.Slice(BlockSize, BlockSize);
        last.Clear();
        if (encrypt)
        {
            source.CopyTo(last); // before writing: the buffers may be the same
        }

        cursor.OffsetLo ^= _table[0];
        cursor.OffsetHi ^= _table[1];
        BinaryPrimitives.WriteUInt64LittleEndian(pad, cursor.OffsetLo);
        BinaryPrimitives.WriteUInt64LittleEndian(pad.Slice(8), cursor.OffsetHi);
        _kernel.EncryptBlock(pad, pad);
        for (int i = 0; i < length; i++)
        {
            destination[i] = (byte)(source[i] ^ pad[i]);
        }

        if (!encrypt)
        {
            destination.Slice(0, length).CopyTo(last);
        }

        last[length] = 0x80;
        cursor.SumLo ^= BinaryPrimitives.ReadUInt64LittleEndian(last);
        cursor.SumHi ^= BinaryPrimitives.ReadUInt64LittleEndian(last.Slice(8));
        CryptographicOperations.ZeroMemory(scratch);
    }

    /// <summary>The full 16-byte tag E_K(Checksum xor Offset xor L_$) xor HASH(K, A).</summary>
    internal void ComputeTag(ref OcbCursor cursor, ulong hashLo, ulong hashHi, Span<byte> tag)
    {
        BinaryPrimitives.WriteUInt64LittleEndian(tag, cursor.SumLo ^ cursor.OffsetLo ^ _table[2]);
        BinaryPrimitives.WriteUInt64LittleEndian(tag.Slice(8), cursor.SumHi ^ cursor.OffsetHi ^ _table[3]);
        _kernel.EncryptBlock(tag.Slice(0, BlockSize), tag.Slice(0, BlockSize));
        ulong t0 = BinaryPrimitives.ReadUInt64LittleEndian(tag) ^ hashLo;
        ulong t1 = BinaryPrimitives.ReadUInt64LittleEndian(tag.Slice(8)) ^ hashHi;
        BinaryPrimitives.WriteUInt64LittleEndian(tag, t0);
        BinaryPrimitives.WriteUInt64LittleEndian(tag.Slice(8), t1);
    }

    /// <summary>HASH(K, A) of RFC 7253 4.1, whole blocks in batches through the kernel.</summary>
    internal void HashAssociatedData(ReadOnlySpan<byte> associatedData, out ulong sumLo, out ulong sumHi)
    {
        sumLo = 0;
        sumHi = 0;
        if (associatedData.IsEmpty)
        {
            return;
        }

        ulong offsetLo = 0, offsetHi = 0;
        long index = 0;
        int whole = associatedData.Length & ~(BlockSize - 1);
        Span<byte> buffer = stackalloc byte[BatchBytes];
        for (int start = 0; start < whole; start += BatchBytes)
        {
            int length = Math.Min(BatchBytes, whole - start);
            ReadOnlySpan<byte> input = associatedData.Slice(start, length);
            Span<byte> batch = buffer.Slice(0, length);
            for (int j = 0; j < length; j += BlockSize)
            {
                int l = 4 + 2 * TrailingZeros(++index);
                offsetLo ^= _table[l];
                offsetHi ^= _table[l + 1];
                BinaryPrimitives.WriteUInt64LittleEndian(batch.Slice(j),
                    BinaryPrimitives.ReadUInt64LittleEndian(input.Slice(j)) ^ offsetLo);
                BinaryPrimitives.WriteUInt64LittleEndian(batch.Slice(j + 8),
                    BinaryPrimitives.ReadUInt64LittleEndian(input.Slice(j + 8)) ^ offsetHi);
            }

            _kernel.EncryptBlocks(batch, batch);
            for (int j = 0; j < length; j += BlockSize)
            {
                sumLo ^= BinaryPrimitives.ReadUInt64LittleEndian(batch.Slice(j));
                sumHi ^= BinaryPrimitives.ReadUInt64LittleEndian(batch.Slice(j + 8));
            }
        }

        if (whole != associatedData.Length)
        {
            Span<byte> last = buffer.Slice(0, BlockSize);
            last.Clear();
            associatedData.Slice(whole).CopyTo(last);
            last[associatedData.Length - whole] = 0x80;
            offsetLo ^= _table[0];
            offsetHi ^= _table[1];
            BinaryPrimitives.WriteUInt64LittleEndian(last, BinaryPrimitives.ReadUInt64LittleEndian(last) ^ offsetLo);
            BinaryPrimitives.WriteUInt64LittleEndian(last.Slice(8),
                BinaryPrimitives.ReadUInt64LittleEndian(last.Slice(8)) ^ offsetHi);
            _kernel.EncryptBlock(last, last);
            sumLo ^= BinaryPrimitives.ReadUInt64LittleEndian(last);
            sumHi ^= BinaryPrimitives.ReadUInt64LittleEndian(last.Slice(8));
        }

        CryptographicOperations.ZeroMemory(buffer.Slice(0, Math.Max(BlockSize, Math.Min(BatchBytes, whole))));
    }

    /// <summary>False makes every call take the generic path (the tests' reference for the kernel's fused
    /// one).</summary>
    internal bool UseFusedKernel { get; set; } = true;

    /// <summary>
    /// ntz(i), the number of trailing zero bits of a block index (i &gt; 0), without a branch or a loop: the index is
    /// a block position (public), but its time then does not even depend on that. TZCNT or RBIT+CLZ on .NET; on .NET
    /// Standard, each bit of the lowest set bit's position from masks.
    /// </summary>
    internal static int TrailingZeros(long index)
    {
#if NET
        return System.Numerics.BitOperations.TrailingZeroCount(index);
#else
        ulong lowest = (ulong)index & (0UL - (ulong)index);
        return (int)(NonZero(lowest & 0xAAAAAAAAAAAAAAAAUL)
            | (NonZero(lowest & 0xCCCCCCCCCCCCCCCCUL) << 1)
            | (NonZero(lowest & 0xF0F0F0F0F0F0F0F0UL) << 2)
            | (NonZero(lowest & 0xFF00FF00FF00FF00UL) << 3)
            | (NonZero(lowest & 0xFFFF0000FFFF0000UL) << 4)
            | (NonZero(lowest & 0xFFFFFFFF00000000UL) << 5));
#endif
    }

#if !NET
    /// <summary>1 when <paramref name="value"/> is not zero, else 0, without a branch.</summary>
    private static ulong NonZero(ulong value) => (value | (0UL - value)) >> 63;
#endif
}

/// <summary>The running state of one OCB message: Offset, Checksum (two words each) and the last block index.</summary>
internal struct OcbCursor
{
    public ulong OffsetLo;
    public ulong OffsetHi;
    public ulong SumLo;
    public ulong SumHi;
    public long Index;
}
