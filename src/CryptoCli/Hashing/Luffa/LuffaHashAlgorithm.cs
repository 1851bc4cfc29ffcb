// The instance side shared by Luffa224/256/384/512 (HashAlgorithm overrides, disposal); each public type adds its
// sizes and static one-shots. Spec: "Hash Function Luffa, Specification Ver. 2.0" (Hitachi, 2009).

using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The common base of <see cref="Luffa224"/>, <see cref="Luffa256"/>, <see cref="Luffa384"/> and
/// <see cref="Luffa512"/>: a <see cref="HashAlgorithm"/> computing a Luffa (version 2) digest incrementally. It
/// cannot be derived from outside this library; create one of the four types instead.
/// </summary>
/// <remarks>
/// <para>Follows "Hash Function Luffa, Specification Ver. 2.0" (Hitachi, 2009). Every path is constant-time:
/// bitsliced S-box, no table lookups, no data-dependent branches.</para>
/// <para>An instance is not thread-safe. Every call that overlaps another call on the same instance throws
/// <see cref="CryptographicException"/> and changes nothing, as with the runtime's hash algorithms, and the digest in
/// progress is then refused too (its final call throws), so a digest whose computation overlapped another thread's
/// call is never returned. Whole calls of two threads that interleave without overlapping (one thread's
/// <c>HashCore</c> between another's <c>HashCore</c> and <c>HashFinal</c>, as two threads calling
/// <c>ComputeHash</c> can produce) look exactly like one thread handing the instance to another between calls, which
/// is legal, and are not detected: the runtime's hash objects behave the same.
/// <see cref="HashAlgorithm.Dispose()"/> wipes the state and the buffered input.</para>
/// </remarks>
public abstract class LuffaHashAlgorithm : HashAlgorithm
{
    private readonly LuffaCore _core;
    private readonly int _hashSizeInBytes;
    private bool _disposed;

    private protected LuffaHashAlgorithm(int hashSizeInBits)
    {
        _core = new LuffaCore(hashSizeInBits);
        _hashSizeInBytes = hashSizeInBits / 8;
        HashSizeValue = hashSizeInBits;
    }

    /// <summary>Resets the hash computation to its initial state.</summary>
    /// <remarks>After <see cref="HashAlgorithm.Dispose()"/> this does nothing, as with the runtime's hash algorithms
    /// (the base class calls it during disposal); hashing then throws <see cref="ObjectDisposedException"/>.</remarks>
    public override void Initialize()
    {
        if (!_disposed)
        {
            _core.Reset();
        }
    }

    /// <inheritdoc/>
    protected override void HashCore(byte[] array, int ibStart, int cbSize)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        _core.Append(new ReadOnlySpan<byte>(array, ibStart, cbSize));
    }

    /// <inheritdoc/>
    protected override byte[] HashFinal()
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        byte[] hash = new byte[_hashSizeInBytes];
        _core.Finish(hash);
        return hash;
    }

#if NET
    /// <inheritdoc/>
    protected override void HashCore(ReadOnlySpan<byte> source)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        _core.Append(source);
    }

    /// <inheritdoc/>
    protected override bool TryHashFinal(Span<byte> destination, out int bytesWritten)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        if (destination.Length < _hashSizeInBytes)
        {
            bytesWritten = 0;
            return false;
        }

        _core.Finish(destination);
        bytesWritten = _hashSizeInBytes;
        return true;
    }
#endif

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (disposing && !_disposed)
        {
            _core.Dispose();
            _disposed = true;
        }

        base.Dispose(disposing);
    }
}
