using System;
using System.Buffers;
using System.Diagnostics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// ECB and CBC one-shot encryption and decryption over a kernel, with the runtime's padding rules: a short
/// destination is not written, and a bad padding leaves no plaintext behind (as the runtime's internal <c>UniversalCryptoOneShot</c> does).
/// </summary>
internal static class BlockCipherOneShot
{
    private const int MaxBlockSize = 64;

    // iv: empty for ECB; the IV for CBC.
    public static bool TryEncrypt(BlockCipherKernel kernel, ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        int blockSize = kernel.BlockSizeInBytes;
        CheckIV(iv, blockSize);
        int ciphertextLength = CipherPadding.GetCiphertextLength(plaintext.Length, blockSize, paddingMode, nameof(plaintext));
        if (destination.Length < ciphertextLength)
        {
            bytesWritten = 0;
            return false;
        }

        if (SpanHelpers.PartiallyOverlaps(plaintext, destination))
        {
            ThrowHelper.ThrowOverlap(nameof(destination), nameof(plaintext));
        }

        int wholeLength = plaintext.Length - plaintext.Length % blockSize;
        Span<byte> finalBlock = stackalloc byte[MaxBlockSize];
        finalBlock = finalBlock.Slice(0, blockSize);
        // Read the tail before anything is written: the encryption may be in place.
        bool hasFinal = CipherPadding.PadFinalBlock(plaintext.Slice(wholeLength), finalBlock, paddingMode);
        Debug.Assert(wholeLength + (hasFinal ? blockSize : 0) == ciphertextLength);

        if (iv.IsEmpty)
        {
            kernel.EncryptBlocks(plaintext.Slice(0, wholeLength), destination.Slice(0, wholeLength));
            if (hasFinal)
            {
                kernel.EncryptBlocks(finalBlock, destination.Slice(wholeLength, blockSize));
            }
        }
        else
        {
            Span<byte> chaining = stackalloc byte[MaxBlockSize];
            chaining = chaining.Slice(0, blockSize);
            iv.CopyTo(chaining);
            kernel.EncryptCbc(plaintext.Slice(0, wholeLength), destination.Slice(0, wholeLength), chaining);
            if (hasFinal)
            {
                kernel.EncryptCbc(finalBlock, destination.Slice(wholeLength, blockSize), chaining);
            }
        }

        CryptographicOperations.ZeroMemory(finalBlock);
        bytesWritten = ciphertextLength;
        return true;
    }

    // iv: empty for ECB; the IV for CBC.
    public static bool TryDecrypt(BlockCipherKernel kernel, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination, PaddingMode paddingMode, out int bytesWritten)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        int blockSize = kernel.BlockSizeInBytes;
        CheckIV(iv, blockSize);
        if (ciphertext.Length % blockSize != 0)
        {
            ThrowHelper.ThrowPartialBlock();
        }

        if (SpanHelpers.PartiallyOverlaps(ciphertext, destination))
        {
            ThrowHelper.ThrowOverlap(nameof(destination), nameof(ciphertext));
        }

        bool depad = CipherPadding.DepadsOnDecrypt(paddingMode);
        if (depad && ciphertext.IsEmpty)
        {
            ThrowHelper.ThrowInvalidPadding();
        }

        if (!depad && destination.Length < ciphertext.Length)
        {
            bytesWritten = 0;
            return false;
        }

        if (destination.Length >= ciphertext.Length)
        {
            Span<byte> written = destination.Slice(0, ciphertext.Length);
            Decrypt(kernel, ciphertext, iv, written);
            int length = depad ? CipherPadding.GetUnpaddedLength(written.Slice(written.Length - blockSize), paddingMode) : blockSize;
            if (length < 0)
            {
                CryptographicOperations.ZeroMemory(written);
                ThrowHelper.ThrowInvalidPadding();
            }

            int plaintextLength = ciphertext.Length - blockSize + length;
            // Wipe the padding bytes: the caller sees only the plaintext length.
            CryptographicOperations.ZeroMemory(written.Slice(plaintextLength));
            bytesWritten = plaintextLength;
            return true;
        }

        // The destination may be just large enough for the unpadded plaintext: decrypt into a scratch buffer
        // so that nothing is written unless the whole plaintext fits.
        byte[] rented = ArrayPool<byte>.Shared.Rent(ciphertext.Length);
        try
        {
            Span<byte> scratch = rented.AsSpan(0, ciphertext.Length);
            Decrypt(kernel, ciphertext, iv, scratch);
            int length = CipherPadding.GetUnpaddedLength(scratch.Slice(scratch.Length - blockSize), paddingMode);
            if (length < 0)
            {
                ThrowHelper.ThrowInvalidPadding();
            }

            int plaintextLength = ciphertext.Length - blockSize + length;
            if (destination.Length < plaintextLength)
            {
                bytesWritten = 0;
                return false;
            }

            scratch.Slice(0, plaintextLength).CopyTo(destination);
            bytesWritten = plaintextLength;
            return true;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(rented.AsSpan(0, ciphertext.Length));
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    // The callers check the IV against BlockSize; this checks it against the kernel the operation runs with, which
    // differs only if BlockSize changed on another thread in between (then the IV must not be half-used).
    private static void CheckIV(ReadOnlySpan<byte> iv, int blockSize)
    {
        if (!iv.IsEmpty && iv.Length != blockSize)
        {
            ThrowHelper.ThrowInvalidIVSize();
        }
    }

    private static void Decrypt(BlockCipherKernel kernel, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> iv, Span<byte> destination)
    {
        if (iv.IsEmpty)
        {
            kernel.DecryptBlocks(ciphertext, destination);
        }
        else
        {
            Span<byte> chaining = stackalloc byte[MaxBlockSize];
            chaining = chaining.Slice(0, kernel.BlockSizeInBytes);
            iv.CopyTo(chaining);
            kernel.DecryptCbc(ciphertext, destination, chaining);
        }
    }

    /// <summary>CTR over any length; the output has the input's length.</summary>
    public static bool TryTransformCtr(BlockCipherKernel kernel, ReadOnlySpan<byte> input, ReadOnlySpan<byte> initialCounter, Span<byte> destination, out int bytesWritten)
    {
        if (initialCounter.Length != kernel.BlockSizeInBytes)
        {
            ThrowHelper.ThrowFixedLength(nameof(initialCounter), kernel.BlockSizeInBytes);
        }

        if (destination.Length < input.Length)
        {
            bytesWritten = 0;
            return false;
        }

        if (SpanHelpers.PartiallyOverlaps(input, destination))
        {
            ThrowHelper.ThrowOverlap(nameof(destination), nameof(input));
        }

        Span<byte> counter = stackalloc byte[MaxBlockSize];
        counter = counter.Slice(0, kernel.BlockSizeInBytes);
        initialCounter.CopyTo(counter);
        kernel.TransformCtr(input, destination.Slice(0, input.Length), counter);
        bytesWritten = input.Length;
        return true;
    }
}
