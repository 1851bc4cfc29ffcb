using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>The runtime's paddings (None, PKCS7, Zeros, ANSIX923, ISO10126), as <c>Aes</c> applies them.</summary>
internal static class CipherPadding
{
    public static void CheckPaddingMode(PaddingMode paddingMode)
    {
        if (paddingMode < PaddingMode.None || paddingMode > PaddingMode.ISO10126)
        {
            throw new ArgumentOutOfRangeException(nameof(paddingMode), SR.PaddingModeNotSupported);
        }
    }

    /// <summary>
    /// <paramref name="length"/> modulo <paramref name="segment"/> (positive), without a division for the usual
    /// power-of-two blocks: a division costs more than the rest of a one-block call's bookkeeping.
    /// </summary>
    public static int Remainder(int length, int segment)
    {
        Debug.Assert(length >= 0 && segment > 0);
        return (segment & (segment - 1)) == 0 ? length & (segment - 1) : length % segment;
    }

    /// <summary>True when decryption must find and remove padding (so the last block is held back).</summary>
    public static bool DepadsOnDecrypt(PaddingMode paddingMode) =>
        paddingMode is PaddingMode.PKCS7 or PaddingMode.ANSIX923 or PaddingMode.ISO10126;

    [MethodImpl(MethodImplOptions.AggressiveInlining)] // a call costs more than the arithmetic in a one-block one-shot
    public static int GetCiphertextLength(
        int plaintextLength,
        int blockSize,
        PaddingMode paddingMode,
        string paramName = "plaintextLength",
        string partialMessage = SR.PlaintextSizeNotValid)
    {
        // The runtime's SymmetricAlgorithm.GetCiphertextLength* exceptions and messages (netstandard2.0 has no such
        // methods, so this is them there).
        ThrowHelper.ThrowIfNegative(plaintextLength, paramName);
        int remainder = Remainder(plaintextLength, blockSize);
        int whole = plaintextLength - remainder;
        switch (paddingMode)
        {
            case PaddingMode.None:
                if (remainder != 0)
                {
                    throw new ArgumentException(partialMessage, paramName);
                }

                return plaintextLength;
            case PaddingMode.Zeros when remainder == 0:
                return plaintextLength;
            case PaddingMode.Zeros:
            case PaddingMode.PKCS7:
            case PaddingMode.ANSIX923:
            case PaddingMode.ISO10126:
                if (whole > int.MaxValue - blockSize)
                {
                    throw new ArgumentOutOfRangeException(paramName, SR.PlaintextTooLarge);
                }

                return whole + blockSize;
            default:
                throw new ArgumentOutOfRangeException(nameof(paddingMode), SR.PaddingModeNotSupported);
        }
    }

    /// <summary>
    /// Writes the final partial plaintext <paramref name="tail"/> plus padding into <paramref name="block"/>
    /// (one block). Returns false when the padding adds no block (Zeros or None with an empty tail).
    /// </summary>
    public static bool PadFinalBlock(ReadOnlySpan<byte> tail, Span<byte> block, PaddingMode paddingMode)
    {
        int blockSize = block.Length;
        Debug.Assert(tail.Length < blockSize);
        if (tail.IsEmpty && paddingMode is PaddingMode.None or PaddingMode.Zeros)
        {
            return false;
        }

        tail.CopyTo(block);
        int padLength = blockSize - tail.Length;
        Span<byte> pad = block.Slice(tail.Length);
        switch (paddingMode)
        {
            case PaddingMode.PKCS7:
                pad.Fill((byte)padLength);
                break;
            case PaddingMode.ANSIX923:
                pad.Clear();
                pad[pad.Length - 1] = (byte)padLength;
                break;
            case PaddingMode.ISO10126:
                SecureRandom.Fill(pad);
                pad[pad.Length - 1] = (byte)padLength;
                break;
            case PaddingMode.Zeros:
                pad.Clear();
                break;
            default:
                ThrowHelper.ThrowPartialBlock();
                break;
        }

        return true;
    }

    /// <summary>
    /// Length of the plaintext once the padding of the decrypted final block is removed, or -1 when the padding
    /// is invalid. PKCS7 and ANSI X9.23 check every padding byte without branching on their values.
    /// </summary>
    public static int GetUnpaddedLength(ReadOnlySpan<byte> finalBlock, PaddingMode paddingMode)
    {
        int blockSize = finalBlock.Length;
        if (!DepadsOnDecrypt(paddingMode))
        {
            return blockSize;
        }

        int padLength = finalBlock[blockSize - 1];
        // bad != 0 when padLength is 0 or larger than the block.
        int bad = ((padLength - 1) | (blockSize - padLength)) >> 31;
        if (paddingMode != PaddingMode.ISO10126)
        {
            int expected = paddingMode == PaddingMode.PKCS7 ? padLength : 0;
            for (int i = 0; i < blockSize - 1; i++)
            {
                // Positions inside the padding must hold the expected byte.
                int inPadding = ((blockSize - 1 - i) - padLength) >> 31; // -1 when i is inside the padding
                bad |= inPadding & (finalBlock[i] ^ expected);
            }
        }

        return bad == 0 ? blockSize - padLength : -1;
    }
}
