using System;
using System.Diagnostics;
using System.Security.Cryptography;
using System.Threading;

namespace CryptoCli;

/// <summary>
/// A block cipher bound to one expanded key, with whole-buffer entry points. The modes call it once per bulk
/// operation, never once per block, so a kernel can interleave blocks and keep its tables in registers.
/// </summary>
/// <remarks>
/// Contract for every method: lengths are whole blocks unless stated; <c>source</c> and <c>destination</c>
/// have the same length and are either disjoint or exactly the same memory (in-place). The default CBC and
/// CTR loops are correct for any kernel; fast kernels override them with fused, interleaved loops.
/// </remarks>
internal abstract class BlockCipherKernel : IDisposable
{
    // Batch size of the default mode loops: big enough to let EncryptBlocks interleave, small enough for the stack.
    private const int BatchBytes = 512;

    protected BlockCipherKernel(int blockSizeInBytes)
    {
        Debug.Assert(blockSizeInBytes is >= 8 and <= 64);
        BlockSizeInBytes = blockSizeInBytes;
    }

    public int BlockSizeInBytes { get; }

    /// <summary>A short name of the implementation (for tests and benchmarks), such as "portable" or "aesni".</summary>
    public abstract string Name { get; }

    public abstract void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination);

    public abstract void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>CBC encryption; <paramref name="chainingValue"/> is the IV on entry and the last ciphertext block on exit.</summary>
    public virtual void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        int blockSize = BlockSizeInBytes;
        Debug.Assert(source.Length % blockSize == 0 && destination.Length == source.Length && chainingValue.Length == blockSize);
        for (int offset = 0; offset < source.Length; offset += blockSize)
        {
            Span<byte> block = destination.Slice(offset, blockSize);
            SpanHelpers.Xor(source.Slice(offset, blockSize), chainingValue, block);
            EncryptBlocks(block, block);
            block.CopyTo(chainingValue);
        }
    }

    /// <summary>CBC decryption; <paramref name="chainingValue"/> is the IV on entry and the last ciphertext block on exit.</summary>
    public virtual void DecryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        int blockSize = BlockSizeInBytes;
        Debug.Assert(source.Length % blockSize == 0 && destination.Length == source.Length && chainingValue.Length == blockSize);
        int batch = BatchBytes / blockSize * blockSize;
        Span<byte> saved = stackalloc byte[batch];
        for (int offset = 0; offset < source.Length; offset += batch)
        {
            int length = Math.Min(batch, source.Length - offset);
            Span<byte> ciphertext = saved.Slice(0, length);
            source.Slice(offset, length).CopyTo(ciphertext); // keeps in-place decryption correct
            Span<byte> plaintext = destination.Slice(offset, length);
            DecryptBlocks(ciphertext, plaintext);
            SpanHelpers.Xor(plaintext.Slice(0, blockSize), chainingValue, plaintext.Slice(0, blockSize));
            SpanHelpers.Xor(plaintext.Slice(blockSize), ciphertext.Slice(0, length - blockSize), plaintext.Slice(blockSize));
            ciphertext.Slice(length - blockSize).CopyTo(chainingValue);
        }

        CryptographicOperations.ZeroMemory(saved);
    }

    /// <summary>
    /// CTR: XORs <paramref name="source"/> (any length) with E(counter), E(counter + 1), ...; the counter is a
    /// big-endian integer over the whole block and wraps around. On exit it is advanced past every block used.
    /// </summary>
    public virtual void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counter)
    {
        int blockSize = BlockSizeInBytes;
        Debug.Assert(destination.Length == source.Length && counter.Length == blockSize);
        int batch = BatchBytes / blockSize * blockSize;
        Span<byte> keystream = stackalloc byte[batch];
        for (int offset = 0; offset < source.Length; offset += batch)
        {
            int length = Math.Min(batch, source.Length - offset);
            int blocks = (length + blockSize - 1) / blockSize;
            for (int i = 0; i < blocks; i++)
            {
                counter.CopyTo(keystream.Slice(i * blockSize, blockSize));
                SpanHelpers.IncrementBigEndian(counter);
            }

            Span<byte> used = keystream.Slice(0, blocks * blockSize);
            EncryptBlocks(used, used);
            SpanHelpers.Xor(source.Slice(offset, length), keystream.Slice(0, length), destination.Slice(offset, length));
        }

        CryptographicOperations.ZeroMemory(keystream);
    }

    // References to this kernel: its owner's (1 at creation) and one per operation running on it. The expanded key is
    // wiped when the last one is released, so re-keying or disposing the owner never pulls the key schedule out from
    // under an operation that is still using it on another thread.
    private int _references = 1;

    /// <summary>Takes a reference for one operation; false once the kernel has been released by everyone (wiped).</summary>
    public bool TryAddReference()
    {
        while (true)
        {
            int references = Volatile.Read(ref _references);
            if (references == 0)
            {
                return false;
            }

            if (Interlocked.CompareExchange(ref _references, references + 1, references) == references)
            {
                return true;
            }
        }
    }

    /// <summary>Releases one reference; the last one wipes the expanded key.</summary>
    public void Release()
    {
        int references = Interlocked.Decrement(ref _references);
        Debug.Assert(references >= 0);
        if (references == 0)
        {
            Dispose(true);
        }
    }

    /// <summary>Releases the owner's reference: the expanded key is wiped now, or when the last running operation ends.</summary>
    public void Dispose()
    {
        Release();
        GC.SuppressFinalize(this);
    }

    /// <summary>Wipes the expanded key.</summary>
    protected abstract void Dispose(bool disposing);
}
