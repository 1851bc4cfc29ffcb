using System;
using System.Diagnostics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Counter mode (NIST SP 800-38A) with a chosen counter width (<see cref="CounterWidth"/>): the kernel's fused loop
/// when it has one (<see cref="ICounterModeKernel"/>), otherwise counter blocks from <see cref="CounterBlocks"/>
/// encrypted a batch at a time. Encryption and decryption are the same operation; any length is allowed.
/// </summary>
internal static class Ctr
{
    private const int BatchBytes = 512;

    /// <summary>
    /// XORs <paramref name="source"/> with the keystream from <paramref name="counter"/> and advances the counter past
    /// every block used (a partial last block uses one counter value).
    /// </summary>
    public static void Transform(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> counter,
        CounterWidth width)
    {
        if (kernel.CounterMode is { } fused)
        {
            fused.TransformCtr(source, destination, counter, width);
        }
        else
        {
            TransformWithBlocks(kernel, source, destination, counter, width);
        }
    }

    /// <summary>The generic loop over <see cref="BlockCipherKernel.EncryptBlocks"/>; fused loops hand their tails to
    /// it.</summary>
    public static void TransformWithBlocks(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> counter,
        CounterWidth width)
    {
        int blockSize = kernel.BlockSizeInBytes;
        Debug.Assert(destination.Length == source.Length && counter.Length == blockSize);
        if (source.IsEmpty)
        {
            return;
        }

        int batch = BatchBytes / blockSize * blockSize;
        Span<byte> keystream = stackalloc byte[batch];
        for (int offset = 0; offset < source.Length; offset += batch)
        {
            int length = Math.Min(batch, source.Length - offset);
            Span<byte> used = keystream.Slice(0, (length + blockSize - 1) / blockSize * blockSize);
            CounterBlocks.Fill(counter, width, used);
            kernel.EncryptBlocks(used, used);
            SpanHelpers.Xor(
                source.Slice(offset, length), keystream.Slice(0, length), destination.Slice(offset, length));
        }

        CryptographicOperations.ZeroMemory(keystream);
    }
}
