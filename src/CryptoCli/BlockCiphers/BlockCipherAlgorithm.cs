using System;
using System.Diagnostics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The common base of CryptoCli's block ciphers: a <see cref="SymmetricAlgorithm"/> that behaves like the
/// runtime's <c>Aes</c> (ECB, CBC, CFB with any <see cref="SymmetricAlgorithm.FeedbackSize"/> from 8 bits to the block
/// size, OFB, and CBC with ciphertext stealing (CTS, variant CS3) through <see cref="SymmetricAlgorithm.Mode"/>;
/// the five paddings; <see cref="CryptoStream"/> through <see cref="CreateEncryptor(byte[], byte[])"/>; allocation-free
/// one-shots), and adds counter mode (<see cref="EncryptCtr(byte[], byte[])"/>, <see cref="TryTransformCtr"/>, and
/// <see cref="TransformCtr(ReadOnlySpan{byte}, Span{byte}, Span{byte})"/> for data in chunks).
/// </summary>
/// <remarks>
/// <para>The expanded key is computed once per key and cached. Every path that changes or drops the key
/// (<see cref="Key"/>, <see cref="KeySize"/> even when set to its current value, <see cref="GenerateKey"/>,
/// <see cref="SymmetricAlgorithm.Dispose()"/>) wipes the old key and expanded key; <see cref="BlockSize"/> changes
/// recompute it.</para>
/// <para>Arguments, exception types and outcomes follow the runtime's <c>Aes</c>, with one deliberate difference:
/// after <see cref="SymmetricAlgorithm.Dispose()"/> every member that needs the key throws
/// <see cref="ObjectDisposedException"/> (the key has been wiped), where <c>Aes</c> silently generates a new key and
/// keeps working. Transforms created before <c>Dispose</c> hold their own copy of the key until they are
/// disposed.</para>
/// <para>Counter mode: the counter is a big-endian integer as wide as the block (NIST SP 800-38A), incremented by one
/// per
/// block and wrapping around to zero; the caller must never reuse a counter value with the same key.</para>
/// <para>Constant-time: each derived type states which of its kernels are constant-time (hardware AES paths are,
/// table-driven paths are not). In the shared mode code, PKCS7 and ANSI X.923 padding bytes are checked without
/// branching on their values (only the final valid/invalid outcome is a branch), and the plaintext already written
/// is wiped before a padding error is thrown.</para>
/// <para>Instances are not thread-safe, as with the runtime's algorithms. The transforms of
/// <see cref="SymmetricAlgorithm.CreateEncryptor()"/> and <see cref="SymmetricAlgorithm.CreateDecryptor()"/> detect
/// misuse from several threads: a call that overlaps another call on the same transform throws
/// <see cref="CryptographicException"/> and changes nothing, and the message it overlapped is refused at
/// <see cref="ICryptoTransform.TransformFinalBlock"/> (it throws).</para>
/// </remarks>
public abstract partial class BlockCipherAlgorithm : SymmetricAlgorithm
{
    // Key, KeySize, GenerateKey, BlockSize, Dispose and the creation of the cached kernel change the key state under
    // this lock; operations take a reference on the kernel current when they start (RentKernel), so a re-key on
    // another thread gives them either the old key's or the new key's schedule whole, and its wipe waits for them.
    private readonly object _keyLock = new();
    private volatile BlockCipherKernel? _kernel;
    private volatile bool _disposed;
    private volatile string? _pinnedKernel;

    // Aes's default (CFB8); it is valid for every block size.
    private const int AesFeedbackSize = 8;

    // The FeedbackSize of a new instance: Aes's 8 bits unless the cipher's legacy producer says otherwise.
    private readonly int _defaultFeedbackSize;

    private protected BlockCipherAlgorithm(
        KeySizes[] legalKeySizes,
        KeySizes[] legalBlockSizes,
        int defaultKeySize,
        int defaultBlockSize,
        int defaultFeedbackSize = AesFeedbackSize)
    {
        LegalKeySizesValue = legalKeySizes;
        LegalBlockSizesValue = legalBlockSizes;
        KeySizeValue = defaultKeySize;
        BlockSizeValue = defaultBlockSize;
        _defaultFeedbackSize = defaultFeedbackSize;
        FeedbackSizeValue = defaultFeedbackSize;
        ModeValue = CipherMode.CBC;
        PaddingValue = PaddingMode.PKCS7;
    }

    /// <summary>The cipher's ordered kernel list; the first supported entry its preference allows is the
    /// default.</summary>
    private protected abstract BlockCipherKernelRegistry KernelRegistry { get; }

    /// <summary>True when the user has opted in to variable-time kernels (entries marked <see
    /// cref="KernelPreference.VariableTimeOptIn"/>).</summary>
    private protected virtual bool AllowsVariableTimeKernels => false;

    /// <summary>
    /// Pins one registered kernel by name (tests and benchmarks run every kernel through the public API); null for the
    /// default. At a block size the pinned kernel does not support, the default kernel runs.
    /// </summary>
    internal string? PinnedKernel
    {
        get => _pinnedKernel;
        set
        {
            _pinnedKernel = value;
            ResetKernel();
        }
    }

    /// <summary>Creates the kernel bound to <paramref name="key"/> (already checked against the legal key
    /// sizes).</summary>
    private protected BlockCipherKernel CreateKernel(ReadOnlySpan<byte> key, int blockSizeInBytes)
    {
        string? pinned = _pinnedKernel;
        BlockCipherKernelEntry? entry = pinned is null ? null : KernelRegistry.Get(pinned);
        if (entry is null || !entry.IsSupported(blockSizeInBytes))
        {
            // No pin, or a pinned kernel that does not run at this block size (a 128-bit-only hardware kernel).
            entry = KernelRegistry.Select(blockSizeInBytes, AllowsVariableTimeKernels);
        }

        return entry.Create(key, blockSizeInBytes);
    }

    /// <inheritdoc/>
    public override byte[] Key
    {
        get
        {
            lock (_keyLock)
            {
                ThrowHelper.ThrowIfDisposed(_disposed, this);
                return base.Key;
            }
        }

        set
        {
            // null is "not a valid size", as Aes says it (CryptographicException, not ArgumentNullException).
            if (value is null || !ValidKeySize(value.Length * 8L))
            {
                ThrowHelper.ThrowIfDisposed(_disposed, this);
                ThrowHelper.ThrowInvalidKeySize();
            }

            lock (_keyLock)
            {
                ThrowHelper.ThrowIfDisposed(_disposed, this);
                WipeKey();
                base.Key = value;
            }
        }
    }

    /// <inheritdoc/>
    public override int KeySize
    {
        get => base.KeySize;
        set
        {
            ThrowHelper.ThrowIfDisposed(_disposed, this);
            if (!ValidKeySize(value))
            {
                ThrowHelper.ThrowInvalidKeySize();
            }

            // Always a new key, even for the current size: the runtime's algorithms drop the key here, and Key then
            // generates a new one, so the cached schedule must go with it.
            lock (_keyLock)
            {
                ThrowHelper.ThrowIfDisposed(_disposed, this);
                WipeKey();
                base.KeySize = value;
            }
        }
    }

    /// <inheritdoc/>
    public override int BlockSize
    {
        get => base.BlockSize;
        set
        {
            ThrowHelper.ThrowIfDisposed(_disposed, this);
            if (value != BlockSizeValue)
            {
                lock (_keyLock)
                {
                    base.BlockSize = value; // validates, and drops the IV
                    if (FeedbackSizeValue > value)
                    {
                        // No longer valid for the smaller block.
                        FeedbackSizeValue = Math.Min(_defaultFeedbackSize, value);
                    }

                    ResetKernel();
                }
            }
        }
    }

    /// <inheritdoc/>
    /// <remarks>Every mode of <see cref="CipherMode"/> is supported: ECB, CBC, CFB (with <see
    /// cref="SymmetricAlgorithm.FeedbackSize"/>),
    /// OFB (with <see cref="SymmetricAlgorithm.FeedbackSize"/>; full-block OFB when it equals the block size) and CTS
    /// (CBC with
    /// ciphertext stealing, variant CS3 as Kerberos uses it; <see cref="PaddingMode.None"/> only, at least one block of
    /// input).
    /// Counter mode has its own methods.</remarks>
    /// <exception cref="CryptographicException">The value is not a <see cref="CipherMode"/>.</exception>
    public override CipherMode Mode
    {
        get => base.Mode;
        set
        {
            if (value is not (CipherMode.ECB or CipherMode.CBC or CipherMode.CFB or CipherMode.OFB or CipherMode.CTS))
            {
                throw new CryptographicException(SR.CipherModeNotSupported);
            }

            // The modern runtime's base setter refuses OFB and CTS (its own algorithms lack them); these are ours.
            ModeValue = value;
        }
    }

    /// <inheritdoc/>
    /// <remarks>The segment size of CFB and OFB in bits: any multiple of 8 from 8 to the block size. The default is
    /// 8, as <c>Aes</c>'s, except for <see cref="RijndaelCipher"/>, whose default is 128 as <c>RijndaelManaged</c>'s.
    /// A segment need not divide the block: the transforms and the one-shots give the same bytes for every
    /// value.</remarks>
    /// <exception cref="CryptographicException">The value is not a multiple of 8 between 8 and the block
    /// size.</exception>
    public override int FeedbackSize
    {
        get => base.FeedbackSize;
        set => base.FeedbackSize = value; // the runtime validates, with its own wording
    }

    /// <summary>
    /// The cached kernel for the current key, created on first use, without a reference (tests and benchmarks; it is
    /// wiped when the key changes). Operations use <see cref="RentKernel"/>.
    /// </summary>
    internal BlockCipherKernel Kernel
    {
        get
        {
            using KernelLease lease = RentKernel();
            return lease.Kernel;
        }
    }

    /// <summary>
    /// The kernel of the current key with a reference held for one operation: a concurrent re-key or Dispose cannot
    /// wipe it until the lease is disposed. Lock-free when the kernel exists.
    /// </summary>
    private protected KernelLease RentKernel()
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        BlockCipherKernel? kernel = _kernel;
        if (kernel is not null && kernel.TryAddReference())
        {
            return new KernelLease(kernel);
        }

        return RentKernelSlow();
    }

    private KernelLease RentKernelSlow()
    {
        lock (_keyLock)
        {
            ThrowHelper.ThrowIfDisposed(_disposed, this);
            BlockCipherKernel? kernel = _kernel;
            if (kernel is null)
            {
                KeyValue ??= SecureRandom.GetBytes(KeySizeValue / 8);
                kernel = CreateKernel(KeyValue, BlockSizeValue / 8);
                _kernel = kernel;
            }

            // Under the lock nobody else releases the owner's reference, so this cannot fail.
            bool added = kernel.TryAddReference();
            Debug.Assert(added);
            return new KernelLease(kernel);
        }
    }

    /// <summary>One operation's reference on a kernel; <see cref="Dispose"/> releases it.</summary>
    private protected readonly ref struct KernelLease
    {
        public KernelLease(BlockCipherKernel kernel) => Kernel = kernel;

        public BlockCipherKernel Kernel { get; }

        public void Dispose() => Kernel.Release();
    }

    /// <inheritdoc/>
    public override void GenerateKey()
    {
        lock (_keyLock)
        {
            ThrowHelper.ThrowIfDisposed(_disposed, this);
            WipeKey();
            KeyValue = SecureRandom.GetBytes(KeySizeValue / 8);
        }
    }

    /// <inheritdoc/>
    public override void GenerateIV()
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        IVValue = SecureRandom.GetBytes(BlockSizeValue / 8);
    }

    /// <inheritdoc/>
    /// <exception cref="ArgumentException"><paramref name="rgbKey"/> has an invalid size, or <paramref name="rgbIV"/>
    /// does not match the block size.</exception>
    public override ICryptoTransform CreateEncryptor(
        byte[] rgbKey,
        byte[]? rgbIV) =>
        CreateTransform(rgbKey, rgbIV, encrypting: true);

    /// <inheritdoc/>
    /// <exception cref="ArgumentException"><paramref name="rgbKey"/> has an invalid size, or <paramref name="rgbIV"/>
    /// does not match the block size.</exception>
    public override ICryptoTransform CreateDecryptor(
        byte[] rgbKey,
        byte[]? rgbIV) =>
        CreateTransform(rgbKey, rgbIV, encrypting: false);

    /// <summary>
    /// Creates an encryptor that runs CFB or OFB as a stream cipher, with the current <see cref="Key"/> and
    /// <see cref="SymmetricAlgorithm.IV"/>: any length, no padding, the last segment cut short.
    /// </summary>
    /// <returns>
    /// A transform with <see cref="ICryptoTransform.InputBlockSize"/> and <see
    /// cref="ICryptoTransform.OutputBlockSize"/>
    /// of 1, so that <see cref="CryptoStream"/> passes every byte through and the output is as long as the input.
    /// </returns>
    /// <remarks>
    /// <para><see cref="CreateEncryptor(byte[], byte[])"/> keeps the runtime's contract: its CFB and OFB take whole
    /// segments, or pad the last one. This form is how <c>openssl enc</c> (<c>-cfb</c>, <c>-cfb8</c>, <c>-ofb</c>),
    /// PHP mcrypt (<c>ncfb</c>, <c>nofb</c>, <c>cfb</c>, <c>ofb</c>), Go's <c>cipher.NewCFBEncrypter</c> and OpenPGP
    /// treat these modes: the keystream of the last segment is used only as far as the data goes. Its output is a
    /// prefix of what <see cref="CreateEncryptor(byte[], byte[])"/> with <see cref="PaddingMode.Zeros"/> gives.</para>
    /// <para><see cref="SymmetricAlgorithm.Padding"/> is ignored. <see cref="SymmetricAlgorithm.FeedbackSize"/> is
    /// the segment size.</para>
    /// </remarks>
    /// <exception cref="CryptographicException"><see cref="SymmetricAlgorithm.Mode"/> is neither CFB nor
    /// OFB.</exception>
    public ICryptoTransform CreateStreamEncryptor() => CreateStreamEncryptor(Key, IV);

    /// <summary>Creates an encryptor that runs CFB or OFB as a stream cipher (see <see
    /// cref="CreateStreamEncryptor()"/>).</summary>
    /// <param name="rgbKey">The key.</param>
    /// <param name="rgbIV">The initialization vector, one block long.</param>
    /// <returns>A transform of any length, with input and output blocks of one byte.</returns>
    /// <exception cref="ArgumentException"><paramref name="rgbKey"/> has an invalid size, or <paramref name="rgbIV"/>
    /// does not match the block size.</exception>
    /// <exception cref="CryptographicException"><see cref="SymmetricAlgorithm.Mode"/> is neither CFB nor OFB, or
    /// <paramref name="rgbIV"/> is null.</exception>
    public ICryptoTransform CreateStreamEncryptor(byte[] rgbKey, byte[]? rgbIV) =>
        CreateTransform(rgbKey, rgbIV, encrypting: true, streaming: true);

    /// <summary>
    /// Creates a decryptor that runs CFB or OFB as a stream cipher, with the current <see cref="Key"/> and
    /// <see cref="SymmetricAlgorithm.IV"/> (see <see cref="CreateStreamEncryptor()"/>).
    /// </summary>
    /// <returns>A transform of any length, with input and output blocks of one byte.</returns>
    /// <exception cref="CryptographicException"><see cref="SymmetricAlgorithm.Mode"/> is neither CFB nor
    /// OFB.</exception>
    public ICryptoTransform CreateStreamDecryptor() => CreateStreamDecryptor(Key, IV);

    /// <summary>Creates a decryptor that runs CFB or OFB as a stream cipher (see <see
    /// cref="CreateStreamEncryptor()"/>).</summary>
    /// <param name="rgbKey">The key.</param>
    /// <param name="rgbIV">The initialization vector, one block long.</param>
    /// <returns>A transform of any length, with input and output blocks of one byte.</returns>
    /// <exception cref="ArgumentException"><paramref name="rgbKey"/> has an invalid size, or <paramref name="rgbIV"/>
    /// does not match the block size.</exception>
    /// <exception cref="CryptographicException"><see cref="SymmetricAlgorithm.Mode"/> is neither CFB nor OFB, or
    /// <paramref name="rgbIV"/> is null.</exception>
    public ICryptoTransform CreateStreamDecryptor(byte[] rgbKey, byte[]? rgbIV) =>
        CreateTransform(rgbKey, rgbIV, encrypting: false, streaming: true);

    private BlockCipherTransform CreateTransform(byte[] rgbKey, byte[]? rgbIV, bool encrypting, bool streaming = false)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        ThrowHelper.ThrowIfNull(rgbKey, nameof(rgbKey));
        if (!ValidKeySize(rgbKey.Length * 8L))
        {
            ThrowHelper.ThrowInvalidKeySizeArgument(nameof(rgbKey));
        }

        int blockSizeInBytes = BlockSizeValue / 8;
        if (streaming && Mode is not (CipherMode.CFB or CipherMode.OFB))
        {
            throw new CryptographicException(SR.StreamTransformModeNotSupported);
        }

        BlockCipherMode mode = BlockCipherMode.Get(Mode, FeedbackSizeValue);
        // As Aes: an IV that is given must fit the block, even in ECB, which does not use it.
        if (rgbIV is not null && rgbIV.Length != blockSizeInBytes)
        {
            ThrowHelper.ThrowInvalidIVSize(nameof(rgbIV));
        }

        if (mode.UsesIV && rgbIV is null)
        {
            throw new CryptographicException(SR.IVRequired);
        }

        if (mode.StealsCiphertext && Padding != PaddingMode.None)
        {
            throw new CryptographicException(SR.CtsRequiresNoPadding);
        }

        BlockCipherKernel kernel = CreateKernel(rgbKey, blockSizeInBytes);
        return streaming
            ? BlockCipherTransform.CreateStream(kernel, mode, encrypting, rgbIV!)
            : new BlockCipherTransform(kernel, mode, encrypting, Padding, rgbIV);
    }

    private bool ValidKeySize(long bitLength)
    {
        if (bitLength > int.MaxValue)
        {
            return false;
        }

        foreach (KeySizes sizes in LegalKeySizesValue!)
        {
            int size = (int)bitLength;
            if (size >= sizes.MinSize && size <= sizes.MaxSize &&
                (sizes.SkipSize == 0 ? size == sizes.MinSize : (size - sizes.MinSize) % sizes.SkipSize == 0))
            {
                return true;
            }
        }

        return false;
    }

    // ---- Counter mode ----

    /// <summary>Encrypts data of any length in counter mode.</summary>
    /// <param name="plaintext">The data to encrypt.</param>
    /// <param name="initialCounter">The first counter block (a big-endian integer as wide as the block).</param>
    /// <returns>The ciphertext, as long as <paramref name="plaintext"/>.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="initialCounter"/> is not one block long.</exception>
    public byte[] EncryptCtr(byte[] plaintext, byte[] initialCounter)
    {
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        ThrowHelper.ThrowIfNull(initialCounter, nameof(initialCounter));
        return EncryptCtr(new ReadOnlySpan<byte>(plaintext), new ReadOnlySpan<byte>(initialCounter));
    }

    /// <inheritdoc cref="EncryptCtr(byte[], byte[])"/>
    public byte[] EncryptCtr(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> initialCounter)
    {
        byte[] result = new byte[plaintext.Length];
        TransformCtr(plaintext, initialCounter, result);
        return result;
    }

    /// <summary>Encrypts data of any length in counter mode into <paramref name="destination"/>.</summary>
    /// <returns>The number of bytes written (the length of <paramref name="plaintext"/>).</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short, the buffers overlap partially,
    /// or
    /// <paramref name="initialCounter"/> is not one block long.</exception>
    public int EncryptCtr(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> initialCounter, Span<byte> destination) =>
        TransformCtr(plaintext, initialCounter, destination);

    /// <summary>Decrypts data of any length in counter mode (the same operation as encryption).</summary>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="initialCounter"/> is not one block long.</exception>
    public byte[] DecryptCtr(byte[] ciphertext, byte[] initialCounter)
    {
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        ThrowHelper.ThrowIfNull(initialCounter, nameof(initialCounter));
        return EncryptCtr(new ReadOnlySpan<byte>(ciphertext), new ReadOnlySpan<byte>(initialCounter));
    }

    /// <inheritdoc cref="DecryptCtr(byte[], byte[])"/>
    public byte[] DecryptCtr(
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> initialCounter) =>
        EncryptCtr(ciphertext, initialCounter);

    /// <summary>Decrypts data of any length in counter mode into <paramref name="destination"/>.</summary>
    /// <returns>The number of bytes written (the length of <paramref name="ciphertext"/>).</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short, the buffers overlap partially,
    /// or
    /// <paramref name="initialCounter"/> is not one block long.</exception>
    public int DecryptCtr(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> initialCounter, Span<byte> destination) =>
        TransformCtr(ciphertext, initialCounter, destination);

    /// <summary>Encrypts or decrypts in counter mode, unless <paramref name="destination"/> is too short.</summary>
    /// <param name="input">Plaintext or ciphertext, any length.</param>
    /// <param name="initialCounter">The first counter block.</param>
    /// <param name="destination">Receives as many bytes as <paramref name="input"/> has; in-place is allowed.</param>
    /// <param name="bytesWritten">The number of bytes written.</param>
    /// <returns>False, with nothing written, when <paramref name="destination"/> is too short.</returns>
    /// <exception cref="ArgumentException"><paramref name="initialCounter"/> is not one block long, or the buffers
    /// overlap partially.</exception>
    public bool TryTransformCtr(
        ReadOnlySpan<byte> input,
        ReadOnlySpan<byte> initialCounter,
        Span<byte> destination,
        out int bytesWritten) =>
        TryTransformCtrOneShot(input, initialCounter, destination, out bytesWritten);

    /// <summary>
    /// Encrypts or decrypts one chunk of a longer message in counter mode, with a counter the caller keeps between
    /// chunks: <paramref name="counter"/> is read as the next counter block and, on return, advanced past every block
    /// used. Chunks whose lengths are multiples of the block size give the same bytes as one call over the whole
    /// message; a chunk that ends inside a block uses that block's counter value, so only the last chunk may end there.
    /// </summary>
    /// <param name="input">Plaintext or ciphertext, any length.</param>
    /// <param name="counter">The next counter block (a big-endian integer as wide as the block, wrapping around);
    /// updated.</param>
    /// <param name="destination">Receives as many bytes as <paramref name="input"/> has; in-place is allowed.</param>
    /// <returns>The number of bytes written (the length of <paramref name="input"/>).</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short (nothing is written and the
    /// counter is
    /// unchanged), <paramref name="counter"/> is not one block long, or the buffers overlap partially.</exception>
    public int TransformCtr(ReadOnlySpan<byte> input, Span<byte> counter, Span<byte> destination)
    {
        bool done;
        int written;
        using (KernelLease lease = RentKernel())
        {
            done = BlockCipherOneShot.TryTransformCtrStreaming(lease.Kernel, input, counter, destination, out written);
        }

        if (!done)
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        return written;
    }

    private int TransformCtr(ReadOnlySpan<byte> input, ReadOnlySpan<byte> initialCounter, Span<byte> destination)
    {
        if (!TryTransformCtr(input, initialCounter, destination, out int written))
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        return written;
    }

    // ---- Lifetime ----

    /// <summary>
    /// Drops the cached kernel: its expanded key is wiped now, or when the last operation still using it ends; the
    /// next operation creates a new one.
    /// </summary>
    private protected void ResetKernel()
    {
        lock (_keyLock)
        {
            BlockCipherKernel? kernel = _kernel;
            _kernel = null;
            kernel?.Dispose();
        }
    }

    // Callers hold _keyLock: RentKernelSlow reads KeyValue under it.
    private void WipeKey()
    {
        ResetKernel();
        if (KeyValue is not null)
        {
            CryptographicOperations.ZeroMemory(KeyValue);
            KeyValue = null;
        }
    }

    /// <summary>Wipes the key and the expanded key.</summary>
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            lock (_keyLock)
            {
                if (!_disposed)
                {
                    _disposed = true;
                    WipeKey();
                }
            }
        }

        base.Dispose(disposing);
    }
}
