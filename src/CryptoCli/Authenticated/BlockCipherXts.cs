using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
#if NET
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
#endif

namespace CryptoCli;

/// <summary>
/// XTS (IEEE Std 1619-2018, NIST SP 800-38E) over any <see cref="BlockCipherAlgorithm"/> with a 128-bit block: AES
/// (<see cref="RijndaelCipher"/>), <see cref="Camellia"/>, <see cref="Hierocrypt3"/>, <see cref="SC2000"/>,
/// <see cref="CipherUnicornA"/>. XTS encrypts the sectors of a disk: every data unit (sector) is encrypted on its
/// own, in place and without growing, under a tweak that is its sector number, as dm-crypt, BitLocker and VeraCrypt
/// do with <c>aes-xts-plain64</c>.
/// </summary>
/// <remarks>
/// <para>Key: the constructor takes the double-length XTS key, data key followed by tweak key (VeraCrypt's and
/// OpenSSL's <c>-aes-256-xts -K</c> layout: 64 bytes for XTS-AES-256). Each half must be a legal key size of the
/// cipher, and the halves must differ (SP 800-38E). The cipher object only names the algorithm (and its pinned
/// kernel); its own key is not used.</para>
/// <para>Tweak: <see cref="Encrypt(ulong, ReadOnlySpan{byte}, Span{byte})"/> takes the data unit (sector) number and
/// encodes it as a 128-bit little-endian integer, as IEEE 1619 and VeraCrypt do; the
/// <see cref="Encrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/> overload takes the 16-byte tweak
/// itself (OpenSSL's <c>-iv</c>). A data unit is 16 bytes to 2^20 blocks (16 MiB) long; a last partial block is
/// handled by ciphertext stealing, so the ciphertext is exactly as long as the plaintext.</para>
/// <para>XTS gives confidentiality only: it does not detect changes, and equal plaintext at the same position
/// under the same key gives equal ciphertext.</para>
/// <para>Constant-time: the tweak arithmetic (multiplication by α in GF(2^128)) never branches on or indexes by
/// tweak bits, and ciphertext stealing depends only on lengths; the whole mode is constant-time exactly when the
/// cipher's kernel is (AES on AES-NI or ARMv8, Camellia's byte-sliced kernel; table-driven kernels are not).</para>
/// <para>Nothing is allocated per call. The key schedules are wiped by <see cref="Dispose"/>. The instance has no
/// mutable state: calls may run on several threads at once, but not while it is being disposed.</para>
/// </remarks>
public sealed class BlockCipherXts : IDisposable
{
    private const int BlockSize = 16;

    /// <summary>The longest data unit IEEE 1619 allows: 2^20 blocks.</summary>
    public const int MaxDataUnitSizeInBytes = BlockSize << 20;

    /// <summary>The shortest data unit: one block.</summary>
    public const int MinDataUnitSizeInBytes = BlockSize;

    // Blocks per kernel call: the tweaks of a batch are computed first (stack scratch), then the batch is whitened,
    // encrypted in one EncryptBlocks call and whitened again.
    private const int BatchBytes = 256 * BlockSize;

    /// <summary>
    /// The data units whose tweaks <see cref="EncryptDataUnits"/> and <see cref="DecryptDataUnits"/> encrypt in one
    /// kernel call, and then give to one call of a kernel with <see cref="IXtsDataUnitsKernel"/>.
    /// </summary>
    internal const int DataUnitsPerKernelCall = 16;

    private readonly BlockCipherKernel _dataKernel;
    private readonly BlockCipherKernel _tweakKernel;
    private bool _disposed;

    /// <summary>Creates XTS over <paramref name="cipher"/>'s algorithm with a double-length key.</summary>
    /// <param name="cipher">A block cipher with a 128-bit block; only its algorithm is used, not its key.</param>
    /// <param name="key">The XTS key: data key then tweak key, each a legal key size of the cipher (32 bytes
    /// for XTS-AES-128, 64 for XTS-AES-256), the two halves different.</param>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> or <paramref name="key"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits.</exception>
    /// <exception cref="CryptographicException">A half of <paramref name="key"/> is not a legal key size, or the two
    /// halves are equal.</exception>
    public BlockCipherXts(BlockCipherAlgorithm cipher, byte[] key)
        : this(cipher, new ReadOnlySpan<byte>(key ?? throw new ArgumentNullException(nameof(key))))
    {
    }

    /// <summary>Creates XTS over <paramref name="cipher"/>'s algorithm with a double-length key.</summary>
    /// <param name="cipher">A block cipher with a 128-bit block; only its algorithm is used, not its key.</param>
    /// <param name="key">The XTS key: data key then tweak key, each a legal key size of the cipher, the two halves
    /// different.</param>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits.</exception>
    /// <exception cref="CryptographicException">A half of <paramref name="key"/> is not a legal key size, or the two
    /// halves are equal.</exception>
    public BlockCipherXts(BlockCipherAlgorithm cipher, ReadOnlySpan<byte> key)
    {
        ThrowHelper.ThrowIfNull(cipher, nameof(cipher));
        if (cipher.BlockSize != 128)
        {
            throw new ArgumentException(SR.Requires128BitBlock, nameof(cipher));
        }

        if (key.IsEmpty || (key.Length & 1) != 0)
        {
            ThrowHelper.ThrowInvalidKeySize();
        }

        int half = key.Length / 2;
        BlockCipherKernel dataKernel = cipher.CreateKernelForKey(key.Slice(0, half));
        try
        {
            if (CryptographicOperations.FixedTimeEquals(key.Slice(0, half), key.Slice(half)))
            {
                throw new CryptographicException(SR.XtsEqualKeyHalves);
            }

            _tweakKernel = cipher.CreateKernelForKey(key.Slice(half));
        }
        catch
        {
            dataKernel.Dispose();
            throw;
        }

        _dataKernel = dataKernel;
    }

    /// <summary>XTS over two given kernels (owned from now on), with no check of the keys: the tests' way to run
    /// every kernel, and IEEE 1619's first vector, whose key halves are equal.</summary>
    internal BlockCipherXts(BlockCipherKernel dataKernel, BlockCipherKernel tweakKernel)
    {
        _dataKernel = dataKernel;
        _tweakKernel = tweakKernel;
    }

    /// <summary>Encrypts one data unit (sector) whose tweak is its number.</summary>
    /// <param name="dataUnitNumber">The sector number, encoded as a 128-bit little-endian tweak.</param>
    /// <param name="source">The plaintext of the data unit: 16 bytes to <see cref="MaxDataUnitSizeInBytes"/>.</param>
    /// <param name="destination">Receives as many bytes as <paramref name="source"/> has; it may be the same
    /// memory.</param>
    /// <exception cref="ArgumentException"><paramref name="source"/> is shorter than a block or longer than 2^20
    /// blocks, <paramref name="destination"/> is too short (nothing is written), or the two overlap
    /// partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Encrypt(ulong dataUnitNumber, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(dataUnitNumber, source, destination, encrypt: true);

    /// <summary>Decrypts one data unit (sector) whose tweak is its number.</summary>
    /// <param name="dataUnitNumber">The sector number given to encryption.</param>
    /// <param name="source">The ciphertext of the data unit: 16 bytes to <see cref="MaxDataUnitSizeInBytes"/>.</param>
    /// <param name="destination">Receives as many bytes as <paramref name="source"/> has; it may be the same
    /// memory.</param>
    /// <exception cref="ArgumentException"><paramref name="source"/> is shorter than a block or longer than 2^20
    /// blocks, <paramref name="destination"/> is too short (nothing is written), or the two overlap
    /// partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Decrypt(ulong dataUnitNumber, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(dataUnitNumber, source, destination, encrypt: false);

    /// <summary>Encrypts one data unit under a raw 16-byte tweak (OpenSSL's <c>-iv</c> for <c>aes-*-xts</c>).</summary>
    /// <param name="tweak">The 16-byte tweak value; sector number n is the tweak n as a 128-bit little-endian
    /// integer.</param>
    /// <param name="source">The plaintext of the data unit: 16 bytes to <see cref="MaxDataUnitSizeInBytes"/>.</param>
    /// <param name="destination">Receives as many bytes as <paramref name="source"/> has; it may be the same
    /// memory.</param>
    /// <exception cref="ArgumentException"><paramref name="tweak"/> is not 16 bytes, <paramref name="source"/> is
    /// shorter than a block or longer than 2^20 blocks, <paramref name="destination"/> is too short (nothing is
    /// written), or the two overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Encrypt(ReadOnlySpan<byte> tweak, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(tweak, source, destination, encrypt: true);

    /// <summary>Decrypts one data unit under a raw 16-byte tweak.</summary>
    /// <param name="tweak">The 16-byte tweak value given to encryption.</param>
    /// <param name="source">The ciphertext of the data unit: 16 bytes to <see cref="MaxDataUnitSizeInBytes"/>.</param>
    /// <param name="destination">Receives as many bytes as <paramref name="source"/> has; it may be the same
    /// memory.</param>
    /// <exception cref="ArgumentException"><paramref name="tweak"/> is not 16 bytes, <paramref name="source"/> is
    /// shorter than a block or longer than 2^20 blocks, <paramref name="destination"/> is too short (nothing is
    /// written), or the two overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void Decrypt(ReadOnlySpan<byte> tweak, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(tweak, source, destination, encrypt: false);

    /// <summary>
    /// Encrypts consecutive data units (sectors) of <paramref name="dataUnitSize"/> bytes, the first numbered
    /// <paramref name="firstDataUnit"/>: the same bytes as <see cref="Encrypt(ulong, ReadOnlySpan{byte}, Span{byte})"/>
    /// called on each unit with its number (numbers above 2^64 - 1 carry into the tweak's upper half).
    /// </summary>
    /// <param name="firstDataUnit">The number of the first data unit.</param>
    /// <param name="dataUnitSize">The size of every data unit: 16 bytes to <see cref="MaxDataUnitSizeInBytes"/>
    /// (512 or 4096 for disk sectors).</param>
    /// <param name="source">Plaintext: a whole number of data units (none is allowed).</param>
    /// <param name="destination">Receives as many bytes as <paramref name="source"/> has; it may be the same
    /// memory.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="dataUnitSize"/> is below 16 or above 2^20
    /// blocks.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> is not a whole number of data units,
    /// <paramref name="destination"/> is too short (nothing is written), or the two overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void EncryptDataUnits(
        ulong firstDataUnit, int dataUnitSize, ReadOnlySpan<byte> source, Span<byte> destination) =>
        TransformDataUnits(firstDataUnit, dataUnitSize, source, destination, encrypt: true);

    /// <summary>
    /// Decrypts consecutive data units (sectors) of <paramref name="dataUnitSize"/> bytes, the first numbered
    /// <paramref name="firstDataUnit"/> (see <see cref="EncryptDataUnits"/>).
    /// </summary>
    /// <param name="firstDataUnit">The number of the first data unit.</param>
    /// <param name="dataUnitSize">The size of every data unit: 16 bytes to
    /// <see cref="MaxDataUnitSizeInBytes"/>.</param>
    /// <param name="source">Ciphertext: a whole number of data units (none is allowed).</param>
    /// <param name="destination">Receives as many bytes as <paramref name="source"/> has; it may be the same
    /// memory.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="dataUnitSize"/> is below 16 or above 2^20
    /// blocks.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> is not a whole number of data units,
    /// <paramref name="destination"/> is too short (nothing is written), or the two overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DecryptDataUnits(
        ulong firstDataUnit, int dataUnitSize, ReadOnlySpan<byte> source, Span<byte> destination) =>
        TransformDataUnits(firstDataUnit, dataUnitSize, source, destination, encrypt: false);

    /// <summary>Wipes both key schedules.</summary>
    public void Dispose()
    {
        if (!_disposed)
        {
            _disposed = true;
            _dataKernel.Dispose();
            _tweakKernel.Dispose();
        }
    }

    // ---- The mode ----

    // The per-call methods below are compiled optimised at once, like the kernels' loops: their span code is several
    // times slower before tiered compilation reaches it, which a program encrypting a few sectors at a time would
    // otherwise pay on every data unit until then.
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private void Transform(ulong dataUnitNumber, ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        CheckDataUnit(source, destination);
        Span<byte> tweak = stackalloc byte[BlockSize];
        BinaryPrimitives.WriteUInt64LittleEndian(tweak, dataUnitNumber);
        BinaryPrimitives.WriteUInt64LittleEndian(tweak.Slice(8), 0);
        _tweakKernel.EncryptBlock(tweak, tweak);
        TransformUnit(tweak, source, destination.Slice(0, source.Length), encrypt);
        CryptographicOperations.ZeroMemory(tweak);
    }

    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private void Transform(ReadOnlySpan<byte> tweak, ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        if (tweak.Length != BlockSize)
        {
            ThrowHelper.ThrowFixedLength(nameof(tweak), BlockSize);
        }

        CheckDataUnit(source, destination);
        Span<byte> encryptedTweak = stackalloc byte[BlockSize];
        _tweakKernel.EncryptBlock(tweak, encryptedTweak);
        TransformUnit(encryptedTweak, source, destination.Slice(0, source.Length), encrypt);
        CryptographicOperations.ZeroMemory(encryptedTweak);
    }

    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private void TransformDataUnits(
        ulong firstDataUnit, int dataUnitSize, ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        if (dataUnitSize is < MinDataUnitSizeInBytes or > MaxDataUnitSizeInBytes)
        {
            throw new ArgumentOutOfRangeException(nameof(dataUnitSize), dataUnitSize, SR.XtsDataUnitLength);
        }

        if (source.Length % dataUnitSize != 0)
        {
            throw new ArgumentException(SR.XtsDataUnitsLength, nameof(source));
        }

        CheckDestination(source, destination);
        int units = source.Length / dataUnitSize;
        IXtsDataUnitsKernel? fused = dataUnitSize % BlockSize == 0 ? FusedKernel as IXtsDataUnitsKernel : null;
        Span<byte> tweaks = stackalloc byte[DataUnitsPerKernelCall * BlockSize];
        for (int first = 0; first < units; first += DataUnitsPerKernelCall)
        {
            // The initial tweaks of up to 16 units in one kernel call: E_K2(n) for n = firstDataUnit + first + j, a
            // 128-bit little-endian integer (the upper half holds the carry out of 64 bits).
            int count = Math.Min(DataUnitsPerKernelCall, units - first);
            Span<byte> batch = tweaks.Slice(0, count * BlockSize);
            for (int j = 0; j < count; j++)
            {
                ulong number = unchecked(firstDataUnit + (ulong)(first + j));
                BinaryPrimitives.WriteUInt64LittleEndian(batch.Slice(j * BlockSize), number);
                ulong carry = number < firstDataUnit ? 1UL : 0UL;
                BinaryPrimitives.WriteUInt64LittleEndian(batch.Slice(j * BlockSize + 8), carry);
            }

            _tweakKernel.EncryptBlocks(batch, batch);
            if (fused is not null)
            {
                int start = first * dataUnitSize, length = count * dataUnitSize;
                fused.TransformXtsDataUnits(source.Slice(start, length), destination.Slice(start, length), dataUnitSize,
                    batch, encrypt);
                continue;
            }

            for (int j = 0; j < count; j++)
            {
                int offset = (first + j) * dataUnitSize;
                TransformUnit(batch.Slice(j * BlockSize, BlockSize), source.Slice(offset, dataUnitSize),
                    destination.Slice(offset, dataUnitSize), encrypt);
            }
        }

        CryptographicOperations.ZeroMemory(tweaks);
    }

    private void CheckDataUnit(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        if (source.Length is < MinDataUnitSizeInBytes or > MaxDataUnitSizeInBytes)
        {
            throw new ArgumentException(SR.XtsDataUnitLength, nameof(source));
        }

        CheckDestination(source, destination);
    }

    private static void CheckDestination(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (destination.Length < source.Length)
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        if (SpanHelpers.PartiallyOverlaps(source, destination.Slice(0, source.Length)))
        {
            ThrowHelper.ThrowOverlap(nameof(destination), nameof(source));
        }
    }

    /// <summary>
    /// One data unit (16 bytes to 2^20 blocks, <paramref name="destination"/> as long, disjoint or the same memory)
    /// under the encrypted tweak T = E_K2(i): XEX on every whole block, ciphertext stealing for a partial last block.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private void TransformUnit(
        ReadOnlySpan<byte> encryptedTweak, ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        ulong lo = BinaryPrimitives.ReadUInt64LittleEndian(encryptedTweak);
        ulong hi = BinaryPrimitives.ReadUInt64LittleEndian(encryptedTweak.Slice(8));
        int remainder = source.Length & (BlockSize - 1);
        // With a partial last block, the last whole block takes part in ciphertext stealing.
        int plain = remainder == 0 ? source.Length : source.Length - remainder - BlockSize;
        IXtsKernel? fused = FusedKernel;
        if (fused is not null)
        {
            fused.TransformXts(source.Slice(0, plain), destination.Slice(0, plain), ref lo, ref hi, encrypt);
            if (remainder != 0)
            {
                Span<byte> scratch = stackalloc byte[3 * BlockSize];
                StealCiphertext(ref lo, ref hi, source.Slice(plain), destination.Slice(plain), scratch, encrypt);
            }

            return;
        }

        Span<byte> tweaks = stackalloc byte[BatchBytes];
        int used = Math.Min(BatchBytes, plain);
        for (int offset = 0; offset < plain; offset += BatchBytes)
        {
            int length = Math.Min(BatchBytes, plain - offset);
            XexBlocks(ref lo, ref hi, source.Slice(offset, length), destination.Slice(offset, length), tweaks, encrypt);
        }

        if (remainder != 0)
        {
            StealCiphertext(ref lo, ref hi, source.Slice(plain), destination.Slice(plain), tweaks, encrypt);
        }

        CryptographicOperations.ZeroMemory(tweaks.Slice(0, used));
    }

    /// <summary>
    /// The data kernel's fused XTS loop (<see cref="IXtsKernel"/>), or null for the generic path: whitening around
    /// the kernel's ECB calls. The fused loop keeps the tweak as a vector of the tweak's bytes, so it runs on
    /// little-endian processes only.
    /// </summary>
    private IXtsKernel? FusedKernel => UseFusedKernel && ByteOrder.IsLittleEndianHost ? _dataKernel.Xts : null;

    /// <summary>False makes every call take the generic path (the tests' reference for the fused one).</summary>
    internal bool UseFusedKernel { get; set; } = true;

    /// <summary>
    /// Ciphertext stealing over the last whole block and the partial block after it (IEEE 1619 5.3.2 and 5.4.2):
    /// <paramref name="source"/> is 17 to 31 bytes; the tweak (<paramref name="lo"/>, <paramref name="hi"/>) is the
    /// last whole block's.
    /// </summary>
    private void StealCiphertext(
        ref ulong lo, ref ulong hi, ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> scratch, bool encrypt)
    {
        int remainder = source.Length - BlockSize;
        Span<byte> first = scratch.Slice(0, BlockSize), second = scratch.Slice(BlockSize, BlockSize);
        Span<byte> tweak = scratch.Slice(2 * BlockSize, BlockSize);
        ulong lastLo = lo, lastHi = hi;
        MultiplyByAlpha(ref lo, ref hi);
        if (encrypt)
        {
            // CC = XEX(P_{m-1}, T_{m-1}); C_m = CC[0..r]; C_{m-1} = XEX(P_m || CC[r..16], T_m).
            XexBlock(lastLo, lastHi, source.Slice(0, BlockSize), first, tweak, encrypt: true);
            source.Slice(BlockSize).CopyTo(second);
            first.Slice(remainder).CopyTo(second.Slice(remainder));
            first.Slice(0, remainder).CopyTo(destination.Slice(BlockSize));
            XexBlock(lo, hi, second, destination.Slice(0, BlockSize), tweak, encrypt: true);
        }
        else
        {
            // PP = XEX^-1(C_{m-1}, T_m); P_m = PP[0..r]; P_{m-1} = XEX^-1(C_m || PP[r..16], T_{m-1}).
            XexBlock(lo, hi, source.Slice(0, BlockSize), first, tweak, encrypt: false);
            source.Slice(BlockSize).CopyTo(second);
            first.Slice(remainder).CopyTo(second.Slice(remainder));
            first.Slice(0, remainder).CopyTo(destination.Slice(BlockSize));
            XexBlock(lastLo, lastHi, second, destination.Slice(0, BlockSize), tweak, encrypt: false);
        }

        CryptographicOperations.ZeroMemory(scratch.Slice(0, 3 * BlockSize));
    }

    private void XexBlock(
        ulong lo, ulong hi, ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> tweak, bool encrypt) =>
        XexBlocks(ref lo, ref hi, source, destination, tweak, encrypt);

    /// <summary>
    /// XEX over whole blocks (at most one batch): the tweaks T_j are written to <paramref name="tweaks"/> while
    /// the input is whitened into <paramref name="destination"/>, the batch goes through the kernel in one call, and
    /// is whitened again. Advances the tweak past the blocks.
    /// </summary>
    private void XexBlocks(
        ref ulong lo, ref ulong hi, ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> tweaks, bool encrypt)
    {
        int length = source.Length;
        IXtsKernel? fused = FusedKernel;
        if (fused is not null)
        {
            fused.TransformXts(source.Slice(0, length), destination.Slice(0, length), ref lo, ref hi, encrypt);
            return;
        }

        Span<byte> batchTweaks = tweaks.Slice(0, length);
        Span<byte> output = destination.Slice(0, length);
#if NET
        if (Vector128.IsHardwareAccelerated && ByteOrder.IsLittleEndianHost)
        {
            WhitenVector(ref lo, ref hi, source, output, batchTweaks);
            if (encrypt)
            {
                _dataKernel.EncryptBlocks(output, output);
            }
            else
            {
                _dataKernel.DecryptBlocks(output, output);
            }

            XorVector(output, batchTweaks);
            return;
        }
#endif

        for (int offset = 0; offset < length; offset += BlockSize)
        {
            ulong s0 = BinaryPrimitives.ReadUInt64LittleEndian(source.Slice(offset));
            ulong s1 = BinaryPrimitives.ReadUInt64LittleEndian(source.Slice(offset + 8));
            BinaryPrimitives.WriteUInt64LittleEndian(batchTweaks.Slice(offset), lo);
            BinaryPrimitives.WriteUInt64LittleEndian(batchTweaks.Slice(offset + 8), hi);
            BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(offset), s0 ^ lo);
            BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(offset + 8), s1 ^ hi);
            MultiplyByAlpha(ref lo, ref hi);
        }

        if (encrypt)
        {
            _dataKernel.EncryptBlocks(output, output);
        }
        else
        {
            _dataKernel.DecryptBlocks(output, output);
        }

        SpanHelpers.Xor(output, batchTweaks, output);
    }

#if NET
    /// <summary>
    /// The whitening pass of <see cref="XexBlocks"/> on 128-bit vectors: T_j stored to <paramref name="tweaks"/>,
    /// source xor T_j to <paramref name="destination"/>, and T·α computed on the vector by
    /// <see cref="Gf128.MultiplyByAlpha"/> (masks, no branch; little-endian processes only: the lanes are the tweak's
    /// bytes 0-7 and 8-15).
    /// </summary>
    private static void WhitenVector(
        ref ulong lo, ref ulong hi, ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> tweaks)
    {
        Vector128<byte> tweak = Vector128.Create(lo, hi).AsByte();
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        ref byte stored = ref MemoryMarshal.GetReference(tweaks);
        for (nuint offset = 0; offset < (nuint)source.Length; offset += BlockSize)
        {
            tweak.StoreUnsafe(ref stored, offset);
            (Vector128.LoadUnsafe(ref input, offset) ^ tweak).StoreUnsafe(ref output, offset);
            tweak = Gf128.MultiplyByAlpha(tweak);
        }

        lo = tweak.AsUInt64().GetElement(0);
        hi = tweak.AsUInt64().GetElement(1);
    }

    /// <summary><paramref name="data"/> ^= <paramref name="tweaks"/>, a block at a time (same length, whole
    /// blocks).</summary>
    private static void XorVector(Span<byte> data, ReadOnlySpan<byte> tweaks)
    {
        ref byte target = ref MemoryMarshal.GetReference(data);
        ref byte mask = ref MemoryMarshal.GetReference(tweaks);
        for (nuint offset = 0; offset < (nuint)data.Length; offset += BlockSize)
        {
            (Vector128.LoadUnsafe(ref target, offset) ^ Vector128.LoadUnsafe(ref mask, offset))
                .StoreUnsafe(ref target, offset);
        }
    }
#endif

    /// <summary>
    /// T = T·α in GF(2^128) with IEEE 1619's little-endian convention (byte 0 least significant; x^128 = x^7 + x^2
    /// + x + 1): a shift left by one bit with the carry folded back as 0x87 through a mask, never a branch.
    /// </summary>
    internal static void MultiplyByAlpha(ref ulong lo, ref ulong hi)
    {
        ulong carry = hi >> 63;
        hi = (hi << 1) | (lo >> 63);
        lo = (lo << 1) ^ (0x87UL & (0UL - carry));
    }
}
