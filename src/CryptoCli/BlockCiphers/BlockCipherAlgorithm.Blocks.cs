using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

public abstract partial class BlockCipherAlgorithm
{
    /// <summary>
    /// Encrypts whole blocks with the block cipher alone, each block on its own (the cipher's forward function; the
    /// same bytes as ECB with <see cref="PaddingMode.None"/>), with the least work per call: for one block at a time
    /// and
    /// for modes of operation that the caller builds (as BouncyCastle's <c>IBlockCipher.ProcessBlock</c>).
    /// </summary>
    /// <param name="source">Any number of whole blocks (<see cref="SymmetricAlgorithm.BlockSize"/> bits each), none
    /// included.</param>
    /// <param name="destination">Receives as many bytes as <paramref name="source"/> has; the same memory (in place) is
    /// allowed.</param>
    /// <returns>The number of bytes written (the length of <paramref name="source"/>).</returns>
    /// <exception cref="ArgumentException"><paramref name="source"/> is not a whole number of blocks,
    /// <paramref name="destination"/> is too short (nothing is written), or the buffers overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance has been disposed.</exception>
    /// <remarks>
    /// <para>The one-shots (<c>EncryptEcb</c> and the others) pay for the runtime's template methods and padding; for
    /// one
    /// or a few blocks that is most of the call (for exactly one block, <see cref="EncryptBlock"/> is leaner still).
    /// This method checks the arguments,
    /// runs the kernel, and takes no reference when the key schedule exists and the buffers are disjoint: it checks
    /// afterwards that no re-key or <see cref="SymmetricAlgorithm.Dispose()"/> on another thread wiped the schedule
    /// meanwhile, and if one did, computes the result again with the current key (or throws
    /// <see cref="ObjectDisposedException"/>). As with every operation, the result is the old key's or the new key's,
    /// whole.</para>
    /// <para>Constant-time as the kernel in use (see the derived type).</para>
    /// </remarks>
    public int EncryptBlocks(
        ReadOnlySpan<byte> source,
        Span<byte> destination) =>
        TransformBlocks(source, destination, encrypting: true);

    /// <summary>
    /// Decrypts whole blocks with the block cipher alone, each block on its own (the cipher's inverse function; the
    /// same bytes as ECB with <see cref="PaddingMode.None"/>), with the least work per call.
    /// </summary>
    /// <param name="source">Any number of whole blocks (<see cref="SymmetricAlgorithm.BlockSize"/> bits each), none
    /// included.</param>
    /// <param name="destination">Receives as many bytes as <paramref name="source"/> has; the same memory (in place) is
    /// allowed.</param>
    /// <returns>The number of bytes written (the length of <paramref name="source"/>).</returns>
    /// <exception cref="ArgumentException"><paramref name="source"/> is not a whole number of blocks,
    /// <paramref name="destination"/> is too short (nothing is written), or the buffers overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance has been disposed.</exception>
    /// <remarks>As <see cref="EncryptBlocks(ReadOnlySpan{byte}, Span{byte})"/>.</remarks>
    public int DecryptBlocks(
        ReadOnlySpan<byte> source,
        Span<byte> destination) =>
        TransformBlocks(source, destination, encrypting: false);

    /// <summary>
    /// Encrypts exactly one block with the block cipher alone (the cipher's forward function), with the least work a
    /// call can do: the counterpart of BouncyCastle's <c>IBlockCipher.ProcessBlock</c>, for one block at a time and for
    /// modes of operation that the caller builds. The same bytes as <see cref="EncryptBlocks"/> on one block.
    /// </summary>
    /// <param name="source">One block (<see cref="SymmetricAlgorithm.BlockSize"/> bits).</param>
    /// <param name="destination">At least one block; its first block receives the result. The same memory as
    /// <paramref name="source"/> (in place) is allowed.</param>
    /// <exception cref="ArgumentException"><paramref name="source"/> is not one block long, <paramref
    /// name="destination"/>
    /// is shorter than one block (nothing is written), or the buffers overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance has been disposed.</exception>
    /// <remarks>
    /// <para>The one-shots (<c>EncryptEcb</c> and the others) pay for the runtime's template methods and padding, and
    /// <see cref="EncryptBlocks"/> for a loop over any number of blocks; this call checks the two lengths, runs the
    /// kernel's one-block code and takes no reference on the key schedule, under the same rule as
    /// <see cref="EncryptBlocks"/>: with disjoint buffers and an existing schedule it checks afterwards that no re-key
    /// or
    /// <see cref="SymmetricAlgorithm.Dispose()"/> on another thread wiped the schedule meanwhile, and if one did,
    /// computes the block again with the current key (or throws <see cref="ObjectDisposedException"/>); in place, it
    /// takes the reference. The result is the old key's or the new key's, whole.</para>
    /// <para>Constant-time as the kernel in use (see the derived type).</para>
    /// </remarks>
    public void EncryptBlock(
        ReadOnlySpan<byte> source,
        Span<byte> destination) =>
        TransformBlock(source, destination, encrypting: true);

    /// <summary>
    /// Decrypts exactly one block with the block cipher alone (the cipher's inverse function), with the least work a
    /// call can do. The same bytes as <see cref="DecryptBlocks"/> on one block.
    /// </summary>
    /// <param name="source">One block (<see cref="SymmetricAlgorithm.BlockSize"/> bits).</param>
    /// <param name="destination">At least one block; its first block receives the result. The same memory as
    /// <paramref name="source"/> (in place) is allowed.</param>
    /// <exception cref="ArgumentException"><paramref name="source"/> is not one block long, <paramref
    /// name="destination"/>
    /// is shorter than one block (nothing is written), or the buffers overlap partially.</exception>
    /// <exception cref="ObjectDisposedException">The instance has been disposed.</exception>
    /// <remarks>As <see cref="EncryptBlock(ReadOnlySpan{byte}, Span{byte})"/>.</remarks>
    public void DecryptBlock(
        ReadOnlySpan<byte> source,
        Span<byte> destination) =>
        TransformBlock(source, destination, encrypting: false);

    [MethodImpl(MethodImplOptions.AggressiveInlining)] // into each public call, where encrypting is a constant
    private void TransformBlock(ReadOnlySpan<byte> source, Span<byte> destination, bool encrypting)
    {
#if NET
        // AES on the AES instructions, the kernel most single-block calls meet, is tested for by type and called
        // directly. Otherwise the virtual call is most of a block's cost beside its rounds, and only dynamic PGO
        // (tier-1 JIT with the default settings) removes it; this way the rounds inline here in every JIT mode and in
        // NativeAOT. The instruction-set tests are constants: each type test exists only where its kernel can. Nothing
        // on this path calls out: every other case, a lost race included, is one call at the end, so that the caller
        // saves no registers for it and the short path is the checks, the rounds and the store.
        BlockCipherKernel? kernel = _kernel;
        if (AesRoundX86.IsSupported && kernel is RijndaelAesNiKernel aesNi)
        {
            if (TryAesBlock(aesNi, source, destination, encrypting, out bool written))
            {
                return;
            }

            TransformBlockSlow(source, destination, encrypting, written);
            return;
        }

        if (AesRoundArm.IsSupported && kernel is RijndaelArmKernel arm)
        {
            if (TryAesBlock(arm, source, destination, encrypting, out bool written))
            {
                return;
            }

            TransformBlockSlow(source, destination, encrypting, written);
            return;
        }
#endif
        TransformBlockSlow(source, destination, encrypting, written: false);
    }

    /// <summary>
    /// <see cref="TransformBlock"/> for every case but a won race on an AES-instruction kernel: any other kernel
    /// (a virtual call), the first call (no schedule yet), in place, bad arguments, and a lost race, whose output
    /// (<paramref name="written"/>: the short path stored a block under a wiped schedule) is wiped before the block is
    /// computed again with the current key.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void TransformBlockSlow(ReadOnlySpan<byte> source, Span<byte> destination, bool encrypting, bool written)
    {
        if (written)
        {
            CryptographicOperations.ZeroMemory(destination.Slice(0, 16));
        }

        BlockCipherKernel? kernel = _kernel;
        if (kernel is not null && source.Length == kernel.BlockSizeInBytes && destination.Length >= source.Length &&
            SpanHelpers.BlocksAreDisjoint(source, destination, source.Length))
        {
            Span<byte> output = destination.Slice(0, source.Length);
            if (encrypting)
            {
                kernel.EncryptBlock(source, output);
            }
            else
            {
                kernel.DecryptBlock(source, output);
            }

            if (!kernel.HasBeenWiped())
            {
                return;
            }

            CryptographicOperations.ZeroMemory(output);
        }

        TransformWithReference(source, destination, encrypting, singleBlock: true);
    }

#if NET
    /// <summary>
    /// <see cref="TransformBlock"/>'s short path on an AES-instruction kernel: false when the arguments need the
    /// general path (wrong lengths, overlap) or a re-key raced with the call; <paramref name="written"/> says whether
    /// the destination's first block was written (then under a wiped schedule: the caller wipes it).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryAesBlock<TAes>(RijndaelAesKernel<TAes> kernel, ReadOnlySpan<byte> source,
        Span<byte> destination, bool encrypting, out bool written)
        where TAes : struct, IAesRound
    {
        written = false;
        if (source.Length != 16 || destination.Length < 16 || !SpanHelpers.BlocksAreDisjoint(source, destination, 16))
        {
            return false;
        }

        if (encrypting)
        {
            kernel.EncryptOneBlock(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination));
        }
        else
        {
            kernel.DecryptOneBlock(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination));
        }

        written = true;
        return !kernel.HasBeenWiped();
    }
#endif

    private int TransformBlocks(ReadOnlySpan<byte> source, Span<byte> destination, bool encrypting)
    {
        // The short path: a schedule exists and the buffers are disjoint, so the source survives a failed attempt.
        // No reference is taken: an atomic instruction is a full fence on x86, which would also wait for the previous
        // call's stores, and costs more than encrypting a block.
        BlockCipherKernel? kernel = _kernel;
        if (kernel is not null && CipherPadding.Remainder(source.Length, kernel.BlockSizeInBytes) == 0 &&
            destination.Length >= source.Length && !SpanHelpers.Overlaps(source, destination))
        {
            Span<byte> output = destination.Slice(0, source.Length);
            if (encrypting)
            {
                kernel.EncryptBlocks(source, output);
            }
            else
            {
                kernel.DecryptBlocks(source, output);
            }

            if (!kernel.HasBeenWiped())
            {
                return source.Length;
            }

            // A re-key or Dispose raced with this call: the output may come from a half-wiped schedule.
            CryptographicOperations.ZeroMemory(output);
        }

        return TransformWithReference(source, destination, encrypting, singleBlock: false);
    }

    // The single-block and whole-block calls' other cases: the first call (no schedule yet), in place, bad arguments,
    // and a lost race. Under a lease, so the schedule cannot be wiped while it runs.
    private int TransformWithReference(
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        bool encrypting,
        bool singleBlock)
    {
        using KernelLease lease = RentKernel();
        BlockCipherKernel kernel = lease.Kernel;
        if (singleBlock && source.Length != kernel.BlockSizeInBytes)
        {
            ThrowHelper.ThrowFixedLength(nameof(source), kernel.BlockSizeInBytes);
        }

        if (CipherPadding.Remainder(source.Length, kernel.BlockSizeInBytes) != 0)
        {
            throw new ArgumentException(SR.MatchBlockSize, nameof(source));
        }

        if (destination.Length < source.Length)
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        if (SpanHelpers.PartiallyOverlaps(source, destination))
        {
            ThrowHelper.ThrowOverlap(nameof(destination), nameof(source));
        }

        Span<byte> output = destination.Slice(0, source.Length);
        switch ((singleBlock, encrypting))
        {
            case (true, true):
                kernel.EncryptBlock(source, output);
                break;
            case (true, false):
                kernel.DecryptBlock(source, output);
                break;
            case (false, true):
                kernel.EncryptBlocks(source, output);
                break;
            default:
                kernel.DecryptBlocks(source, output);
                break;
        }

        return source.Length;
    }
}
