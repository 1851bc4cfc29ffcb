using System;
using System.Buffers;
using System.Diagnostics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// One-shot encryption and decryption over a kernel and a <see cref="BlockCipherMode"/>, with the runtime's padding
/// rules (padding fills the last segment: the block, or the CFB/OFB feedback size): a short destination is not
/// written, and a bad padding leaves no plaintext behind (as the runtime's internal <c>UniversalCryptoOneShot</c>
/// does). Ciphertext stealing
/// takes no padding and at least one block.
/// </summary>
internal static class BlockCipherOneShot
{
    private const int MaxBlockSize = BlockCipherMode.MaxBlockSize;

    /// <summary>The ciphertext length of <paramref name="plaintextLength"/> bytes in <paramref name="mode"/>.</summary>
    public static int GetCiphertextLength(
        BlockCipherMode mode,
        int blockSize,
        int plaintextLength,
        PaddingMode paddingMode,
        string paramName = "plaintextLength")
    {
        if (mode.StealsCiphertext)
        {
            CheckCts(plaintextLength, blockSize, paddingMode);
            return plaintextLength;
        }

        return CipherPadding.GetCiphertextLength(
            plaintextLength, mode.GetSegmentSize(blockSize), paddingMode, paramName,
            mode is Cfb ? SR.PlaintextSizeNotValidForFeedback : SR.PlaintextSizeNotValid);
    }

    // iv: ignored by ECB; one block otherwise, checked by the caller.
    public static bool TryEncrypt(
        BlockCipherKernel kernel,
        BlockCipherMode mode,
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        // ECB over whole blocks with nothing to pad (one block, typically): the kernel alone, with no state and no
        // final
        // block, so this part is small enough to inline into the caller.
        if (!mode.UsesIV && paddingMode is PaddingMode.None or PaddingMode.Zeros &&
            CipherPadding.Remainder(plaintext.Length, kernel.BlockSizeInBytes) == 0)
        {
            return TryTransformWholeBlocks(kernel, plaintext, destination, encrypting: true, out bytesWritten);
        }

        return TryEncryptSegments(kernel, mode, plaintext, iv, destination, paddingMode, out bytesWritten);
    }

    private static bool TryTransformWholeBlocks(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> input,
        Span<byte> destination,
        bool encrypting,
        out int bytesWritten)
    {
        // The same order of checks as the general paths: decryption refuses overlapping buffers before a short
        // destination, encryption after.
        bool overlaps = SpanHelpers.PartiallyOverlaps(input, destination);
        if (overlaps && !encrypting)
        {
            ThrowHelper.ThrowOverlap(nameof(destination), "ciphertext");
        }

        if (destination.Length < input.Length)
        {
            bytesWritten = 0;
            return false;
        }

        if (overlaps)
        {
            ThrowHelper.ThrowOverlap(nameof(destination), "plaintext");
        }

        if (encrypting)
        {
            kernel.EncryptBlocks(input, destination.Slice(0, input.Length));
        }
        else
        {
            kernel.DecryptBlocks(input, destination.Slice(0, input.Length));
        }

        bytesWritten = input.Length;
        return true;
    }

    private static bool TryEncryptSegments(
        BlockCipherKernel kernel,
        BlockCipherMode mode,
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        int blockSize = kernel.BlockSizeInBytes;
        bool usesIV = mode.UsesIV;
        CheckIV(usesIV, iv, blockSize);
        int segment = mode.GetSegmentSize(blockSize);
        int ciphertextLength = GetCiphertextLength(mode, blockSize, plaintext.Length, paddingMode, nameof(plaintext));
        if (destination.Length < ciphertextLength)
        {
            bytesWritten = 0;
            return false;
        }

        if (SpanHelpers.PartiallyOverlaps(plaintext, destination))
        {
            ThrowHelper.ThrowOverlap(nameof(destination), nameof(plaintext));
        }

        // ECB has no state: no stack buffer to clear and wipe on the one-block path.
        Span<byte> state = usesIV ? stackalloc byte[MaxBlockSize] : default;
        if (usesIV)
        {
            state = state.Slice(0, blockSize);
            SpanHelpers.CopyBlock(iv, state);
        }

        if (mode.StealsCiphertext)
        {
            Cts.EncryptFinal(kernel, plaintext, destination.Slice(0, ciphertextLength), state);
            CryptographicOperations.ZeroMemory(state);
            bytesWritten = ciphertextLength;
            return true;
        }

        int wholeLength = plaintext.Length - CipherPadding.Remainder(plaintext.Length, segment);
        // A final padded segment exists unless the input ends on a segment and the padding adds nothing there.
        bool hasFinal = wholeLength != plaintext.Length || paddingMode is not (PaddingMode.None or PaddingMode.Zeros);
        Span<byte> finalSegment = hasFinal ? stackalloc byte[MaxBlockSize] : default;
        if (hasFinal)
        {
            finalSegment = finalSegment.Slice(0, segment);
            // Read the tail before anything is written: the encryption may be in place.
            bool padded = CipherPadding.PadFinalBlock(plaintext.Slice(wholeLength), finalSegment, paddingMode);
            Debug.Assert(padded);
        }

        Debug.Assert(wholeLength + (hasFinal ? segment : 0) == ciphertextLength);
        mode.Encrypt(kernel, plaintext.Slice(0, wholeLength), destination.Slice(0, wholeLength), state);
        if (hasFinal)
        {
            mode.Encrypt(kernel, finalSegment, destination.Slice(wholeLength, segment), state);
            CryptographicOperations.ZeroMemory(finalSegment);
        }

        if (usesIV)
        {
            // ECB never writes the state; the other modes may leave keystream in it (OFB).
            CryptographicOperations.ZeroMemory(state);
        }

        bytesWritten = ciphertextLength;
        return true;
    }

    // iv: ignored by ECB; one block otherwise, checked by the caller.
    public static bool TryDecrypt(
        BlockCipherKernel kernel,
        BlockCipherMode mode,
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        // ECB over whole blocks with no padding to remove: the kernel alone (see TryEncrypt).
        if (!mode.UsesIV && paddingMode is PaddingMode.None or PaddingMode.Zeros &&
            CipherPadding.Remainder(ciphertext.Length, kernel.BlockSizeInBytes) == 0)
        {
            return TryTransformWholeBlocks(kernel, ciphertext, destination, encrypting: false, out bytesWritten);
        }

        return TryDecryptSegments(kernel, mode, ciphertext, iv, destination, paddingMode, out bytesWritten);
    }

    private static bool TryDecryptSegments(
        BlockCipherKernel kernel,
        BlockCipherMode mode,
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        int blockSize = kernel.BlockSizeInBytes;
        CheckIV(mode.UsesIV, iv, blockSize);
        int segment = mode.GetSegmentSize(blockSize);
        if (mode.StealsCiphertext)
        {
            CheckCts(ciphertext.Length, blockSize, paddingMode);
        }
        else if (CipherPadding.Remainder(ciphertext.Length, segment) != 0)
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
            Decrypt(kernel, mode, ciphertext, iv, written);
            int length = depad ? CipherPadding.GetUnpaddedLength(
                written.Slice(written.Length - segment), paddingMode) : segment;
            if (length < 0)
            {
                CryptographicOperations.ZeroMemory(written);
                ThrowHelper.ThrowInvalidPadding();
            }

            int plaintextLength = ciphertext.Length - segment + length;
            if (depad)
            {
                // Wipe the padding bytes: the caller sees only the plaintext length.
                CryptographicOperations.ZeroMemory(written.Slice(plaintextLength));
            }

            bytesWritten = plaintextLength;
            return true;
        }

        // The destination may be just large enough for the unpadded plaintext: decrypt into a scratch buffer
        // so that nothing is written unless the whole plaintext fits.
        byte[] rented = ArrayPool<byte>.Shared.Rent(ciphertext.Length);
        try
        {
            Span<byte> scratch = rented.AsSpan(0, ciphertext.Length);
            Decrypt(kernel, mode, ciphertext, iv, scratch);
            int length = CipherPadding.GetUnpaddedLength(scratch.Slice(scratch.Length - segment), paddingMode);
            if (length < 0)
            {
                ThrowHelper.ThrowInvalidPadding();
            }

            int plaintextLength = ciphertext.Length - segment + length;
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
    private static void CheckIV(bool usesIV, ReadOnlySpan<byte> iv, int blockSize)
    {
        if (usesIV && iv.Length != blockSize)
        {
            ThrowHelper.ThrowInvalidIVSize();
        }
    }

    private static void Decrypt(
        BlockCipherKernel kernel,
        BlockCipherMode mode,
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination)
    {
        bool usesIV = mode.UsesIV;
        Span<byte> state = usesIV ? stackalloc byte[MaxBlockSize] : default;
        if (usesIV)
        {
            state = state.Slice(0, kernel.BlockSizeInBytes);
            SpanHelpers.CopyBlock(iv, state);
        }

        if (mode.StealsCiphertext)
        {
            Cts.DecryptFinal(kernel, ciphertext, destination, state);
        }
        else
        {
            mode.Decrypt(kernel, ciphertext, destination, state);
        }

        if (usesIV)
        {
            CryptographicOperations.ZeroMemory(state);
        }
    }

    private static void CheckCts(int length, int blockSize, PaddingMode paddingMode)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        if (paddingMode != PaddingMode.None)
        {
            throw new CryptographicException(SR.CtsRequiresNoPadding);
        }

        if (length < blockSize)
        {
            throw new CryptographicException(SR.CtsInputTooShort);
        }
    }

    /// <summary>CTR over any length from a copy of <paramref name="initialCounter"/>; the output has the input's
    /// length.</summary>
    public static bool TryTransformCtr(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> input,
        ReadOnlySpan<byte> initialCounter,
        Span<byte> destination,
        out int bytesWritten)
    {
        Span<byte> counter = stackalloc byte[MaxBlockSize];
        counter = counter.Slice(0, kernel.BlockSizeInBytes);
        if (initialCounter.Length != kernel.BlockSizeInBytes)
        {
            ThrowHelper.ThrowFixedLength(nameof(initialCounter), kernel.BlockSizeInBytes);
        }

        SpanHelpers.CopyBlock(initialCounter, counter);
        return TryTransformCtrStreaming(kernel, input, counter, destination, out bytesWritten, nameof(initialCounter));
    }

    /// <summary>CTR over any length from the caller's <paramref name="counter"/>, advanced past every block
    /// used.</summary>
    public static bool TryTransformCtrStreaming(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> input,
        Span<byte> counter,
        Span<byte> destination,
        out int bytesWritten,
        string counterName = "counter")
    {
        if (counter.Length != kernel.BlockSizeInBytes)
        {
            ThrowHelper.ThrowFixedLength(counterName, kernel.BlockSizeInBytes);
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

        Ctr.Transform(kernel, input, destination.Slice(0, input.Length), counter, CounterWidth.FullBlock);
        bytesWritten = input.Length;
        return true;
    }
}
