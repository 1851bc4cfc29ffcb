using System;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;

namespace CryptoCli;

public abstract partial class BlockCipherAlgorithm
{
#if NET
    // The runtime's SymmetricAlgorithm validates the arguments of every public one-shot (padding mode, IV
    // length, destination length) and calls these template methods.

    /// <inheritdoc/>
    protected override bool TryEncryptEcbCore(
        ReadOnlySpan<byte> plaintext,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        if (TryEcbAesBlock(plaintext, destination, paddingMode, encrypting: true))
        {
            bytesWritten = 16;
            return true;
        }

        return TryEncryptOneShot(Ecb.Instance, plaintext, default, destination, paddingMode, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptEcbCore(
        ReadOnlySpan<byte> ciphertext,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        if (TryEcbAesBlock(ciphertext, destination, paddingMode, encrypting: false))
        {
            bytesWritten = 16;
            return true;
        }

        return TryDecryptOneShot(Ecb.Instance, ciphertext, default, destination, paddingMode, out bytesWritten);
    }

    /// <summary>
    /// The ECB one-shots' short path for one block of AES on the AES instructions with nothing to pad, the same as
    /// <see cref="EncryptBlock(ReadOnlySpan{byte}, Span{byte})"/>'s: the kernel's rounds inline here, so that the call
    /// costs no virtual calls in any JIT mode (without dynamic PGO, the general path's layers are several calls, which
    /// cost more than the block). False when the general path must run: another kernel or input length, padding to
    /// add or remove, overlapping buffers, a short destination, or a lost race with a re-key (then the block written
    /// under the wiped schedule is cleared first).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryEcbAesBlock(
        ReadOnlySpan<byte> source, Span<byte> destination, PaddingMode paddingMode, bool encrypting)
    {
        if (paddingMode is not (PaddingMode.None or PaddingMode.Zeros))
        {
            return false;
        }

        BlockCipherKernel? kernel = _kernel;
        bool done;
        bool written;
        if (AesRoundX86.IsSupported && kernel is RijndaelAesNiKernel aesNi)
        {
            done = TryAesBlock(aesNi, source, destination, encrypting, out written);
        }
        else if (AesRoundArm.IsSupported && kernel is RijndaelArmKernel arm)
        {
            done = TryAesBlock(arm, source, destination, encrypting, out written);
        }
        else
        {
            return false;
        }

        if (!done && written)
        {
            CryptographicOperations.ZeroMemory(destination.Slice(0, 16));
        }

        return done;
    }

    /// <inheritdoc/>
    protected override bool TryEncryptCbcCore(
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        return TryEncryptOneShot(Cbc.Instance, plaintext, iv, destination, paddingMode, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptCbcCore(
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        return TryDecryptOneShot(Cbc.Instance, ciphertext, iv, destination, paddingMode, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryEncryptCfbCore(
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode,
        int feedbackSizeInBits,
        out int bytesWritten)
    {
        return TryEncryptOneShot(
            Cfb.Get(feedbackSizeInBits / 8),
            plaintext,
            iv,
            destination,
            paddingMode,
            out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptCfbCore(
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode,
        int feedbackSizeInBits,
        out int bytesWritten)
    {
        return TryDecryptOneShot(
            Cfb.Get(feedbackSizeInBits / 8),
            ciphertext,
            iv,
            destination,
            paddingMode,
            out bytesWritten);
    }
#else
    // netstandard2.0's SymmetricAlgorithm has no one-shots: the same signatures as the modern runtime's.

    /// <summary>Gets the length of a ciphertext with a given padding mode and plaintext length in ECB mode.</summary>
    public int GetCiphertextLengthEcb(int plaintextLength, PaddingMode paddingMode) =>
        CipherPadding.GetCiphertextLength(plaintextLength, BlockSizeValue / 8, paddingMode);

    /// <summary>Gets the length of a ciphertext with a given padding mode and plaintext length in CBC mode.</summary>
    public int GetCiphertextLengthCbc(int plaintextLength, PaddingMode paddingMode = PaddingMode.PKCS7) =>
        CipherPadding.GetCiphertextLength(plaintextLength, BlockSizeValue / 8, paddingMode);

    /// <summary>Encrypts data using ECB mode with the specified padding mode.</summary>
    public byte[] EncryptEcb(byte[] plaintext, PaddingMode paddingMode)
    {
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        return EncryptEcb(new ReadOnlySpan<byte>(plaintext), paddingMode);
    }

    /// <summary>Encrypts data using ECB mode with the specified padding mode.</summary>
    public byte[] EncryptEcb(ReadOnlySpan<byte> plaintext, PaddingMode paddingMode) =>
        EncryptToArray(Ecb.Instance, plaintext, default, paddingMode);

    /// <summary>Encrypts data into the specified buffer, using ECB mode with the specified padding mode.</summary>
    public int EncryptEcb(ReadOnlySpan<byte> plaintext, Span<byte> destination, PaddingMode paddingMode) =>
        EncryptToSpan(Ecb.Instance, plaintext, default, destination, paddingMode);

    /// <summary>Attempts to encrypt data into the specified buffer, using ECB mode with the specified padding
    /// mode.</summary>
    public bool TryEncryptEcb(
        ReadOnlySpan<byte> plaintext,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        return TryEncryptOneShot(Ecb.Instance, plaintext, default, destination, paddingMode, out bytesWritten);
    }

    /// <summary>Decrypts data using ECB mode with the specified padding mode.</summary>
    public byte[] DecryptEcb(byte[] ciphertext, PaddingMode paddingMode)
    {
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        return DecryptEcb(new ReadOnlySpan<byte>(ciphertext), paddingMode);
    }

    /// <summary>Decrypts data using ECB mode with the specified padding mode.</summary>
    public byte[] DecryptEcb(ReadOnlySpan<byte> ciphertext, PaddingMode paddingMode) =>
        DecryptToArray(Ecb.Instance, ciphertext, default, paddingMode);

    /// <summary>Decrypts data into the specified buffer, using ECB mode with the specified padding mode.</summary>
    public int DecryptEcb(ReadOnlySpan<byte> ciphertext, Span<byte> destination, PaddingMode paddingMode) =>
        DecryptToSpan(Ecb.Instance, ciphertext, default, destination, paddingMode);

    /// <summary>Attempts to decrypt data into the specified buffer, using ECB mode with the specified padding
    /// mode.</summary>
    public bool TryDecryptEcb(
        ReadOnlySpan<byte> ciphertext,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        return TryDecryptOneShot(Ecb.Instance, ciphertext, default, destination, paddingMode, out bytesWritten);
    }

    /// <summary>Encrypts data using CBC mode with the specified padding mode.</summary>
    public byte[] EncryptCbc(byte[] plaintext, byte[] iv, PaddingMode paddingMode = PaddingMode.PKCS7)
    {
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        ThrowHelper.ThrowIfNull(iv, nameof(iv));
        return EncryptCbc(new ReadOnlySpan<byte>(plaintext), new ReadOnlySpan<byte>(iv), paddingMode);
    }

    /// <summary>Encrypts data using CBC mode with the specified padding mode.</summary>
    public byte[] EncryptCbc(
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        PaddingMode paddingMode = PaddingMode.PKCS7) =>
        EncryptToArray(Cbc.Instance, plaintext, CheckIV(iv), paddingMode);

    /// <summary>Encrypts data into the specified buffer, using CBC mode with the specified padding mode.</summary>
    public int EncryptCbc(
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode = PaddingMode.PKCS7) =>
        EncryptToSpan(Cbc.Instance, plaintext, CheckIV(iv), destination, paddingMode);

    /// <summary>Attempts to encrypt data into the specified buffer, using CBC mode with the specified padding
    /// mode.</summary>
    public bool TryEncryptCbc(
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        out int bytesWritten,
        PaddingMode paddingMode = PaddingMode.PKCS7)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        return TryEncryptOneShot(Cbc.Instance, plaintext, CheckIV(iv), destination, paddingMode, out bytesWritten);
    }

    /// <summary>Decrypts data using CBC mode with the specified padding mode.</summary>
    public byte[] DecryptCbc(byte[] ciphertext, byte[] iv, PaddingMode paddingMode = PaddingMode.PKCS7)
    {
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        ThrowHelper.ThrowIfNull(iv, nameof(iv));
        return DecryptCbc(new ReadOnlySpan<byte>(ciphertext), new ReadOnlySpan<byte>(iv), paddingMode);
    }

    /// <summary>Decrypts data using CBC mode with the specified padding mode.</summary>
    public byte[] DecryptCbc(
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        PaddingMode paddingMode = PaddingMode.PKCS7) =>
        DecryptToArray(Cbc.Instance, ciphertext, CheckIV(iv), paddingMode);

    /// <summary>Decrypts data into the specified buffer, using CBC mode with the specified padding mode.</summary>
    public int DecryptCbc(
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode = PaddingMode.PKCS7) =>
        DecryptToSpan(Cbc.Instance, ciphertext, CheckIV(iv), destination, paddingMode);

    /// <summary>Attempts to decrypt data into the specified buffer, using CBC mode with the specified padding
    /// mode.</summary>
    public bool TryDecryptCbc(
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        out int bytesWritten,
        PaddingMode paddingMode = PaddingMode.PKCS7)
    {
        return TryDecryptOneShot(Cbc.Instance, ciphertext, CheckIV(iv), destination, paddingMode, out bytesWritten);
    }

    /// <summary>Gets the length of a ciphertext with a given padding mode and plaintext length in CFB mode.</summary>
    /// <remarks>As the runtime's method does, this accepts any whole number of bytes as the feedback size, whether or
    /// not this cipher's CFB supports it.</remarks>
#pragma warning disable CA1822 // an instance method, as the runtime's SymmetricAlgorithm.GetCiphertextLengthCfb is
    public int GetCiphertextLengthCfb(
        int plaintextLength,
        PaddingMode paddingMode = PaddingMode.None,
        int feedbackSizeInBits = 8)
    {
        // The runtime's checks in its order: the length, then the feedback size (positive, whole bytes).
        ThrowHelper.ThrowIfNegative(plaintextLength, nameof(plaintextLength));
        ThrowHelper.ThrowIfNegativeOrZero(feedbackSizeInBits, nameof(feedbackSizeInBits));
        if (feedbackSizeInBits % 8 != 0)
        {
            throw new ArgumentException(SR.BitsMustBeWholeBytes, nameof(feedbackSizeInBits));
        }

        return CipherPadding.GetCiphertextLength(
            plaintextLength, feedbackSizeInBits / 8, paddingMode, partialMessage: SR.PlaintextSizeNotValidForFeedback);
    }
#pragma warning restore CA1822

    /// <summary>Encrypts data using CFB mode with the specified padding mode and feedback size.</summary>
    public byte[] EncryptCfb(
        byte[] plaintext,
        byte[] iv,
        PaddingMode paddingMode = PaddingMode.None,
        int feedbackSizeInBits = 8)
    {
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        ThrowHelper.ThrowIfNull(iv, nameof(iv));
        return EncryptCfb(
            new ReadOnlySpan<byte>(plaintext),
            new ReadOnlySpan<byte>(iv),
            paddingMode,
            feedbackSizeInBits);
    }

    /// <summary>Encrypts data using CFB mode with the specified padding mode and feedback size.</summary>
    public byte[] EncryptCfb(
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        PaddingMode paddingMode = PaddingMode.None,
        int feedbackSizeInBits = 8) =>
        EncryptToArray(CfbMode(feedbackSizeInBits), plaintext, CheckIV(iv), paddingMode);

    /// <summary>Encrypts data into the specified buffer, using CFB mode with the specified padding mode and feedback
    /// size.</summary>
    public int EncryptCfb(
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode = PaddingMode.None,
        int feedbackSizeInBits = 8) =>
        EncryptToSpan(CfbMode(feedbackSizeInBits), plaintext, CheckIV(iv), destination, paddingMode);

    /// <summary>Attempts to encrypt data into the specified buffer, using CFB mode with the specified padding mode and
    /// feedback size.</summary>
    public bool TryEncryptCfb(
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        out int bytesWritten,
        PaddingMode paddingMode = PaddingMode.None,
        int feedbackSizeInBits = 8)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        return TryEncryptOneShot(
            CfbMode(feedbackSizeInBits),
            plaintext,
            CheckIV(iv),
            destination,
            paddingMode,
            out bytesWritten);
    }

    /// <summary>Decrypts data using CFB mode with the specified padding mode and feedback size.</summary>
    public byte[] DecryptCfb(
        byte[] ciphertext,
        byte[] iv,
        PaddingMode paddingMode = PaddingMode.None,
        int feedbackSizeInBits = 8)
    {
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        ThrowHelper.ThrowIfNull(iv, nameof(iv));
        return DecryptCfb(
            new ReadOnlySpan<byte>(ciphertext),
            new ReadOnlySpan<byte>(iv),
            paddingMode,
            feedbackSizeInBits);
    }

    /// <summary>Decrypts data using CFB mode with the specified padding mode and feedback size.</summary>
    public byte[] DecryptCfb(
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        PaddingMode paddingMode = PaddingMode.None,
        int feedbackSizeInBits = 8) =>
        DecryptToArray(CfbMode(feedbackSizeInBits), ciphertext, CheckIV(iv), paddingMode);

    /// <summary>Decrypts data into the specified buffer, using CFB mode with the specified padding mode and feedback
    /// size.</summary>
    public int DecryptCfb(
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode = PaddingMode.None,
        int feedbackSizeInBits = 8) =>
        DecryptToSpan(CfbMode(feedbackSizeInBits), ciphertext, CheckIV(iv), destination, paddingMode);

    /// <summary>Attempts to decrypt data into the specified buffer, using CFB mode with the specified padding mode and
    /// feedback size.</summary>
    public bool TryDecryptCfb(
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        out int bytesWritten,
        PaddingMode paddingMode = PaddingMode.None,
        int feedbackSizeInBits = 8)
    {
        return TryDecryptOneShot(
            CfbMode(feedbackSizeInBits),
            ciphertext,
            CheckIV(iv),
            destination,
            paddingMode,
            out bytesWritten);
    }

    // As the runtime's one-shots: a feedback size that is not a whole number of bytes up to the block size is out of
    // range.
    private Cfb CfbMode(int feedbackSizeInBits)
    {
        // In the runtime's order, with its exceptions: not positive, not whole bytes, then more than a block.
        ThrowHelper.ThrowIfNegativeOrZero(feedbackSizeInBits, nameof(feedbackSizeInBits));
        if (feedbackSizeInBits % 8 != 0)
        {
            throw new ArgumentException(SR.BitsMustBeWholeBytes, nameof(feedbackSizeInBits));
        }

        if (feedbackSizeInBits > BlockSizeValue)
        {
            string message = string.Format(
                System.Globalization.CultureInfo.InvariantCulture, SR.FeedbackSizeNotSupported, feedbackSizeInBits,
                CipherMode.CFB);
            throw new ArgumentOutOfRangeException(nameof(feedbackSizeInBits), message);
        }

        return Cfb.Get(feedbackSizeInBits / 8);
    }
#endif

    // ---- Ciphertext stealing (CBC-CS3), for both targets: the runtime has no CTS one-shots ----

    /// <summary>Encrypts data with CBC and ciphertext stealing (CBC-CS3, as Kerberos uses it): the ciphertext is as
    /// long as the plaintext.</summary>
    /// <param name="plaintext">At least one block.</param>
    /// <param name="iv">One block.</param>
    /// <returns>The ciphertext.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="iv"/> is not one block long.</exception>
    /// <exception cref="CryptographicException"><paramref name="plaintext"/> is shorter than one block.</exception>
    public byte[] EncryptCts(byte[] plaintext, byte[] iv)
    {
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        ThrowHelper.ThrowIfNull(iv, nameof(iv));
        return EncryptCts(new ReadOnlySpan<byte>(plaintext), new ReadOnlySpan<byte>(iv));
    }

    /// <inheritdoc cref="EncryptCts(byte[], byte[])"/>
    public byte[] EncryptCts(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv) =>
        EncryptToArray(Cts.Instance, plaintext, CheckIV(iv), PaddingMode.None);

    /// <summary>Encrypts data with CBC and ciphertext stealing (CBC-CS3) into <paramref name="destination"/>.</summary>
    /// <returns>The number of bytes written (the length of <paramref name="plaintext"/>).</returns>
    /// <exception cref="ArgumentException"><paramref name="iv"/> is not one block long, or <paramref
    /// name="destination"/> is too short.</exception>
    /// <exception cref="CryptographicException"><paramref name="plaintext"/> is shorter than one block.</exception>
    public int EncryptCts(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination) =>
        EncryptToSpan(Cts.Instance, plaintext, CheckIV(iv), destination, PaddingMode.None);

    /// <summary>Decrypts data encrypted with CBC and ciphertext stealing (CBC-CS3).</summary>
    /// <param name="ciphertext">At least one block.</param>
    /// <param name="iv">One block.</param>
    /// <returns>The plaintext.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="iv"/> is not one block long.</exception>
    /// <exception cref="CryptographicException"><paramref name="ciphertext"/> is shorter than one block.</exception>
    public byte[] DecryptCts(byte[] ciphertext, byte[] iv)
    {
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        ThrowHelper.ThrowIfNull(iv, nameof(iv));
        return DecryptCts(new ReadOnlySpan<byte>(ciphertext), new ReadOnlySpan<byte>(iv));
    }

    /// <inheritdoc cref="DecryptCts(byte[], byte[])"/>
    public byte[] DecryptCts(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv) =>
        DecryptToArray(Cts.Instance, ciphertext, CheckIV(iv), PaddingMode.None);

    /// <summary>Decrypts data encrypted with CBC and ciphertext stealing (CBC-CS3) into <paramref
    /// name="destination"/>.</summary>
    /// <returns>The number of bytes written (the length of <paramref name="ciphertext"/>).</returns>
    /// <exception cref="ArgumentException"><paramref name="iv"/> is not one block long, or <paramref
    /// name="destination"/> is too short.</exception>
    /// <exception cref="CryptographicException"><paramref name="ciphertext"/> is shorter than one block.</exception>
    public int DecryptCts(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination) =>
        DecryptToSpan(Cts.Instance, ciphertext, CheckIV(iv), destination, PaddingMode.None);

    private ReadOnlySpan<byte> CheckIV(ReadOnlySpan<byte> iv)
    {
        if (iv.Length != BlockSizeValue / 8)
        {
            ThrowHelper.ThrowInvalidIVSize();
        }

        return iv;
    }

    private byte[] EncryptToArray(
        BlockCipherMode mode,
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        PaddingMode paddingMode)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        using KernelLease lease = RentKernel();
        // The kernel's block size, not BlockSizeValue: it is the one this operation runs with.
        byte[] result = new byte[BlockCipherOneShot.GetCiphertextLength(
            mode, lease.Kernel.BlockSizeInBytes, plaintext.Length, paddingMode, nameof(plaintext))];
        BlockCipherOneShot.TryEncrypt(lease.Kernel, mode, plaintext, iv, result, paddingMode, out _);
        return result;
    }

    private int EncryptToSpan(
        BlockCipherMode mode,
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        if (!TryEncryptOneShot(mode, plaintext, iv, destination, paddingMode, out int written))
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        return written;
    }

    private byte[] DecryptToArray(
        BlockCipherMode mode,
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        PaddingMode paddingMode)
    {
        byte[] buffer = new byte[ciphertext.Length];
        TryDecryptOneShot(mode, ciphertext, iv, buffer, paddingMode, out int written);
        if (written == buffer.Length)
        {
            return buffer;
        }

        byte[] result = buffer.AsSpan(0, written).ToArray();
        CryptographicOperations.ZeroMemory(buffer);
        return result;
    }

    private int DecryptToSpan(
        BlockCipherMode mode,
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode)
    {
        if (!TryDecryptOneShot(mode, ciphertext, iv, destination, paddingMode, out int written))
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        return written;
    }
}
