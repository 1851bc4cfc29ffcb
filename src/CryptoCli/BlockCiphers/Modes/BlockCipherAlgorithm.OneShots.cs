using System;
using System.Security.Cryptography;

namespace CryptoCli;

public abstract partial class BlockCipherAlgorithm
{
#if NET
    // The runtime's SymmetricAlgorithm validates the arguments of every public one-shot (padding mode, IV
    // length, destination length) and calls these template methods.

    /// <inheritdoc/>
    protected override bool TryEncryptEcbCore(ReadOnlySpan<byte> plaintext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryEncrypt(lease.Kernel, plaintext, default, destination, paddingMode, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptEcbCore(ReadOnlySpan<byte> ciphertext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryDecrypt(lease.Kernel, ciphertext, default, destination, paddingMode, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryEncryptCbcCore(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryEncrypt(lease.Kernel, plaintext, iv, destination, paddingMode, out bytesWritten);
    }

    /// <inheritdoc/>
    protected override bool TryDecryptCbcCore(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryDecrypt(lease.Kernel, ciphertext, iv, destination, paddingMode, out bytesWritten);
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
        EncryptToArray(plaintext, default, paddingMode);

    /// <summary>Encrypts data into the specified buffer, using ECB mode with the specified padding mode.</summary>
    public int EncryptEcb(ReadOnlySpan<byte> plaintext, Span<byte> destination, PaddingMode paddingMode) =>
        EncryptToSpan(plaintext, default, destination, paddingMode);

    /// <summary>Attempts to encrypt data into the specified buffer, using ECB mode with the specified padding mode.</summary>
    public bool TryEncryptEcb(ReadOnlySpan<byte> plaintext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryEncrypt(lease.Kernel, plaintext, default, destination, paddingMode, out bytesWritten);
    }

    /// <summary>Decrypts data using ECB mode with the specified padding mode.</summary>
    public byte[] DecryptEcb(byte[] ciphertext, PaddingMode paddingMode)
    {
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        return DecryptEcb(new ReadOnlySpan<byte>(ciphertext), paddingMode);
    }

    /// <summary>Decrypts data using ECB mode with the specified padding mode.</summary>
    public byte[] DecryptEcb(ReadOnlySpan<byte> ciphertext, PaddingMode paddingMode) =>
        DecryptToArray(ciphertext, default, paddingMode);

    /// <summary>Decrypts data into the specified buffer, using ECB mode with the specified padding mode.</summary>
    public int DecryptEcb(ReadOnlySpan<byte> ciphertext, Span<byte> destination, PaddingMode paddingMode) =>
        DecryptToSpan(ciphertext, default, destination, paddingMode);

    /// <summary>Attempts to decrypt data into the specified buffer, using ECB mode with the specified padding mode.</summary>
    public bool TryDecryptEcb(ReadOnlySpan<byte> ciphertext, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryDecrypt(lease.Kernel, ciphertext, default, destination, paddingMode, out bytesWritten);
    }

    /// <summary>Encrypts data using CBC mode with the specified padding mode.</summary>
    public byte[] EncryptCbc(byte[] plaintext, byte[] iv, PaddingMode paddingMode = PaddingMode.PKCS7)
    {
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        ThrowHelper.ThrowIfNull(iv, nameof(iv));
        return EncryptCbc(new ReadOnlySpan<byte>(plaintext), new ReadOnlySpan<byte>(iv), paddingMode);
    }

    /// <summary>Encrypts data using CBC mode with the specified padding mode.</summary>
    public byte[] EncryptCbc(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, PaddingMode paddingMode = PaddingMode.PKCS7) =>
        EncryptToArray(plaintext, CheckIV(iv), paddingMode);

    /// <summary>Encrypts data into the specified buffer, using CBC mode with the specified padding mode.</summary>
    public int EncryptCbc(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode = PaddingMode.PKCS7) =>
        EncryptToSpan(plaintext, CheckIV(iv), destination, paddingMode);

    /// <summary>Attempts to encrypt data into the specified buffer, using CBC mode with the specified padding mode.</summary>
    public bool TryEncryptCbc(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, out int bytesWritten, PaddingMode paddingMode = PaddingMode.PKCS7)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryEncrypt(lease.Kernel, plaintext, CheckIV(iv), destination, paddingMode, out bytesWritten);
    }

    /// <summary>Decrypts data using CBC mode with the specified padding mode.</summary>
    public byte[] DecryptCbc(byte[] ciphertext, byte[] iv, PaddingMode paddingMode = PaddingMode.PKCS7)
    {
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        ThrowHelper.ThrowIfNull(iv, nameof(iv));
        return DecryptCbc(new ReadOnlySpan<byte>(ciphertext), new ReadOnlySpan<byte>(iv), paddingMode);
    }

    /// <summary>Decrypts data using CBC mode with the specified padding mode.</summary>
    public byte[] DecryptCbc(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, PaddingMode paddingMode = PaddingMode.PKCS7) =>
        DecryptToArray(ciphertext, CheckIV(iv), paddingMode);

    /// <summary>Decrypts data into the specified buffer, using CBC mode with the specified padding mode.</summary>
    public int DecryptCbc(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode = PaddingMode.PKCS7) =>
        DecryptToSpan(ciphertext, CheckIV(iv), destination, paddingMode);

    /// <summary>Attempts to decrypt data into the specified buffer, using CBC mode with the specified padding mode.</summary>
    public bool TryDecryptCbc(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, out int bytesWritten, PaddingMode paddingMode = PaddingMode.PKCS7)
    {
        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryDecrypt(lease.Kernel, ciphertext, CheckIV(iv), destination, paddingMode, out bytesWritten);
    }

    private ReadOnlySpan<byte> CheckIV(ReadOnlySpan<byte> iv)
    {
        if (iv.Length != BlockSizeValue / 8)
        {
            ThrowHelper.ThrowInvalidIVSize();
        }

        return iv;
    }

    private byte[] EncryptToArray(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, PaddingMode paddingMode)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        using KernelLease lease = RentKernel();
        // The kernel's block size, not BlockSizeValue: it is the one this operation runs with.
        byte[] result = new byte[CipherPadding.GetCiphertextLength(plaintext.Length, lease.Kernel.BlockSizeInBytes, paddingMode, nameof(plaintext))];
        BlockCipherOneShot.TryEncrypt(lease.Kernel, plaintext, iv, result, paddingMode, out _);
        return result;
    }

    private int EncryptToSpan(ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        using KernelLease lease = RentKernel();
        if (!BlockCipherOneShot.TryEncrypt(lease.Kernel, plaintext, iv, destination, paddingMode, out int written))
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        return written;
    }

    private byte[] DecryptToArray(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, PaddingMode paddingMode)
    {
        byte[] buffer = new byte[ciphertext.Length];
        using KernelLease lease = RentKernel();
        BlockCipherOneShot.TryDecrypt(lease.Kernel, ciphertext, iv, buffer, paddingMode, out int written);
        if (written == buffer.Length)
        {
            return buffer;
        }

        byte[] result = buffer.AsSpan(0, written).ToArray();
        CryptographicOperations.ZeroMemory(buffer);
        return result;
    }

    private int DecryptToSpan(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode)
    {
        using KernelLease lease = RentKernel();
        if (!BlockCipherOneShot.TryDecrypt(lease.Kernel, ciphertext, iv, destination, paddingMode, out int written))
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        return written;
    }
#endif
}
