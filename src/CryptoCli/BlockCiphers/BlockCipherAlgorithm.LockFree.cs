using System;
using System.Security.Cryptography;

namespace CryptoCli;

// The one-shots (ECB, CBC, CFB, CTS, CTR) run without a lease on the key schedule when it exists and no output
// buffer overlaps an input, as the block calls do (see TransformBlocks): a lease is two atomic instructions, full
// fences on x86, which cost more than a one-block call's AES rounds and stop back-to-back calls from overlapping.
// The kernel's wipe flag is read after the operation; if a re-key or Dispose on another thread raced with it, the
// output is cleared and the operation runs again under a lease (the new key's result, or ObjectDisposedException).
// The inputs are intact for that second run because nothing the operation writes overlaps them.
// The three methods repeat the same steps on purpose: with the entry test and the wipe test as shared helpers
// (inlining requested), a one-block call became measurably slower; the figures are in this file's history.
public abstract partial class BlockCipherAlgorithm
{
    private bool TryEncryptOneShot(
        BlockCipherMode mode,
        ReadOnlySpan<byte> plaintext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        BlockCipherKernel? kernel = _kernel;
        if (kernel is not null && !SpanHelpers.Overlaps(plaintext, destination) &&
            !SpanHelpers.Overlaps(iv, destination))
        {
            bool done = BlockCipherOneShot.TryEncrypt(
                kernel, mode, plaintext, iv, destination, paddingMode, out bytesWritten);
            if (!kernel.HasBeenWiped())
            {
                return done;
            }

            if (done)
            {
                CryptographicOperations.ZeroMemory(destination.Slice(0, bytesWritten));
            }
        }

        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryEncrypt(
            lease.Kernel, mode, plaintext, iv, destination, paddingMode, out bytesWritten);
    }

    private bool TryDecryptOneShot(
        BlockCipherMode mode,
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> iv,
        Span<byte> destination,
        PaddingMode paddingMode,
        out int bytesWritten)
    {
        BlockCipherKernel? kernel = _kernel;
        if (kernel is not null && !SpanHelpers.Overlaps(ciphertext, destination) &&
            !SpanHelpers.Overlaps(iv, destination))
        {
            bool done;
            try
            {
                done = BlockCipherOneShot.TryDecrypt(
                    kernel, mode, ciphertext, iv, destination, paddingMode, out bytesWritten);
            }
            catch (CryptographicException) when (kernel.HasBeenWiped())
            {
                // A padding error found in a plaintext from a half-wiped schedule is not the caller's (what was written
                // has been cleared); the leased run below decides.
                done = false;
                bytesWritten = 0;
            }

            if (!kernel.HasBeenWiped())
            {
                return done;
            }

            if (done)
            {
                CryptographicOperations.ZeroMemory(destination.Slice(0, bytesWritten));
            }
        }

        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryDecrypt(
            lease.Kernel, mode, ciphertext, iv, destination, paddingMode, out bytesWritten);
    }

    private bool TryTransformCtrOneShot(
        ReadOnlySpan<byte> input,
        ReadOnlySpan<byte> initialCounter,
        Span<byte> destination,
        out int bytesWritten)
    {
        BlockCipherKernel? kernel = _kernel;
        if (kernel is not null && !SpanHelpers.Overlaps(input, destination) &&
            !SpanHelpers.Overlaps(initialCounter, destination))
        {
            bool done = BlockCipherOneShot.TryTransformCtr(
                kernel, input, initialCounter, destination, out bytesWritten);
            if (!kernel.HasBeenWiped())
            {
                return done;
            }

            if (done)
            {
                CryptographicOperations.ZeroMemory(destination.Slice(0, bytesWritten));
            }
        }

        using KernelLease lease = RentKernel();
        return BlockCipherOneShot.TryTransformCtr(lease.Kernel, input, initialCounter, destination, out bytesWritten);
    }
}
