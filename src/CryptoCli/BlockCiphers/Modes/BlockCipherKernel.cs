using System;
using System.Diagnostics;
using System.Threading;

namespace CryptoCli;

/// <summary>
/// A block cipher bound to one expanded key, with whole-buffer entry points. The modes call it once per bulk
/// operation, never once per block, so a kernel can interleave blocks and keep its tables in registers.
/// </summary>
/// <remarks>
/// Contract for every method: lengths are whole blocks unless stated; <c>source</c> and <c>destination</c>
/// have the same length and are either disjoint or exactly the same memory (in-place). The modes
/// (<see cref="BlockCipherMode"/>, <see cref="Ctr"/>) run generic loops over these two methods; a kernel with faster
/// fused loops offers them as optional capabilities (<see cref="ICounterModeKernel"/>, <see cref="ICbcEncryptKernel"/>,
/// <see cref="ICbcDecryptKernel"/>, <see cref="ICfbEncryptKernel"/>), which the modes ask for.
/// </remarks>
internal abstract class BlockCipherKernel : IDisposable
{
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
