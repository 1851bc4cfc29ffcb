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
/// <see cref="ICbcDecryptKernel"/>, <see cref="ICfbEncryptKernel"/>, <see cref="ICbcMacKernel"/>,
/// <see cref="IXtsKernel"/>, <see cref="IOcbKernel"/>), which the modes, CMAC, XTS and OCB ask for.
/// </remarks>
internal abstract class BlockCipherKernel : IDisposable
{
    protected BlockCipherKernel(int blockSizeInBytes)
    {
        Debug.Assert(blockSizeInBytes is >= 8 and <= 64);
        BlockSizeInBytes = blockSizeInBytes;
        // The capabilities, asked once here: a type test against an interface is a runtime helper call, which the
        // modes would otherwise pay on every call.
        CbcEncryptor = this as ICbcEncryptKernel;
        CbcDecryptor = this as ICbcDecryptKernel;
        CbcMac = this as ICbcMacKernel;
        CfbEncryptor = this as ICfbEncryptKernel;
        CounterMode = this as ICounterModeKernel;
        Xts = this as IXtsKernel;
        Ocb = this as IOcbKernel;
    }

    public int BlockSizeInBytes { get; }

    /// <summary>This kernel's fused CBC encryption, or null.</summary>
    public ICbcEncryptKernel? CbcEncryptor { get; }

    /// <summary>This kernel's fused CBC decryption, or null.</summary>
    public ICbcDecryptKernel? CbcDecryptor { get; }

    /// <summary>This kernel's CBC-MAC chain (CMAC's), or null.</summary>
    public ICbcMacKernel? CbcMac { get; }

    /// <summary>This kernel's fused full-block CFB encryption, or null.</summary>
    public ICfbEncryptKernel? CfbEncryptor { get; }

    /// <summary>This kernel's fused counter-mode loop, or null.</summary>
    public ICounterModeKernel? CounterMode { get; }

    /// <summary>This kernel's fused XTS loop, or null.</summary>
    public IXtsKernel? Xts { get; }

    /// <summary>This kernel's fused OCB3 loop, or null.</summary>
    public IOcbKernel? Ocb { get; }

    /// <summary>A short name of the implementation (for tests and benchmarks), such as "portable" or "aesni".</summary>
    public abstract string Name { get; }

    public abstract void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination);

    public abstract void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>Encrypts exactly one block (the public single-block call); a kernel with a cheaper lone-block path
    /// overrides it.</summary>
    public virtual void EncryptBlock(ReadOnlySpan<byte> source, Span<byte> destination)
        => EncryptBlocks(source, destination);

    /// <summary>Decrypts exactly one block (the public single-block call); a kernel with a cheaper lone-block path
    /// overrides it.</summary>
    public virtual void DecryptBlock(ReadOnlySpan<byte> source, Span<byte> destination)
        => DecryptBlocks(source, destination);

    // References to this kernel: its owner's (1 at creation) and one per operation running on it. The expanded key is
    // wiped when the last one is released, so re-keying or disposing the owner never pulls the key schedule out from
    // under an operation that is still using it on another thread.
    private int _references = 1;

    /// <summary>Takes a reference for one operation; false once the kernel has been released by everyone
    /// (wiped).</summary>
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

    // Set just before the expanded key is wiped. An operation that runs without a reference (the short block calls,
    // for which two atomic instructions would cost more than the cipher) checks it afterwards: a result computed
    // while the key was being wiped is thrown away and computed again under a reference.
    private volatile bool _wiped;

    /// <summary>Releases one reference; the last one wipes the expanded key.</summary>
    public void Release()
    {
        int references = Interlocked.Decrement(ref _references);
        Debug.Assert(references >= 0);
        if (references == 0)
        {
            _wiped = true;
            Thread.MemoryBarrier(); // the flag is visible before any wiped byte
            Dispose(true);
        }
    }

    /// <summary>
    /// True when the expanded key has been wiped, or is being wiped: called after an operation that ran without a
    /// reference, false means every key byte it read was the key's. The flag is read after the operation's own key
    /// reads: x86 keeps loads in order, other processors get a barrier.
    /// </summary>
    public bool HasBeenWiped()
    {
#if NET
        if (!System.Runtime.Intrinsics.X86.X86Base.IsSupported)
        {
            Thread.MemoryBarrier();
        }
#else
        Thread.MemoryBarrier();
#endif
        return _wiped;
    }

    /// <summary>Releases the owner's reference: the expanded key is wiped now, or when the last running operation
    /// ends.</summary>
    public void Dispose()
    {
        Release();
        GC.SuppressFinalize(this);
    }

    /// <summary>Wipes the expanded key.</summary>
    protected abstract void Dispose(bool disposing);
}
