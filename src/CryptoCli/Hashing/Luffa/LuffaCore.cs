// Luffa v2 hashing core shared by Luffa224/256/384/512: buffering, padding, finalisation and kernel dispatch.
// Spec: "Hash Function Luffa, Specification Ver. 2.0" (Hitachi, 2009). Padding: 0x80 then zeros to a 32-byte
// boundary (always at least one byte, no length field). Finalisation: one blank round (M = 0), Z0 = XOR of the
// sub-blocks; Luffa-384/512 run a second blank round for Z1. Output: Z0 (224: its first 7 words), then Z1
// (384: its first 4 words), all big-endian.

using System;
using System.Buffers.Binary;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>A Luffa round function: one round per 32-byte block on a state of 8w words (w = 3, 4 or 5).</summary>
internal abstract class LuffaKernel
{
    /// <summary>The short name used by tests and benchmarks ("vector128", "portable").</summary>
    public abstract string Name { get; }

    /// <summary>Runs one round per 32-byte block of <paramref name="blocks"/> on <paramref name="state"/> (8w
    /// words).</summary>
    public abstract void Compress(Span<uint> state, int width, ReadOnlySpan<byte> blocks);

    public override string ToString() => Name;
}

/// <summary>Incremental Luffa state for one width; reusable after <see cref="Reset"/> (or
/// <see cref="Finish"/>).</summary>
internal sealed class LuffaCore : IDisposable
{
    public const int BlockSizeInBytes = 32;
    private const int MaxStateWords = 40;

    private readonly uint[] _state = new uint[MaxStateWords];
    private readonly byte[] _buffer = new byte[BlockSizeInBytes];
    private readonly LuffaKernel _kernel;
    private int _buffered;

    // Concurrent use from several threads, as the runtime's hash algorithms detect it: each call holds the guard while
    // it touches the state, and a call that finds it held throws and marks the digest in progress, which is refused
    // too rather than returned over data from two threads (see ConcurrencyGuard for what cannot be seen).
    private ConcurrencyGuard _guard;
    private bool _hasData; // data appended since the last reset: a race seen before that is stale, not this digest's

    /// <summary>
    /// The Luffa kernels, fastest first: the AVX2 kernel on x64 (Luffa-512 in 256-bit registers, the other widths as
    /// the Vector128 kernel), the Vector128 kernel where Vector128 is hardware accelerated, then the portable scalar
    /// kernel, which always runs. Both are constant-time (bitsliced S-box, no tables).
    /// </summary>
    internal static readonly KernelRegistry<KernelEntry<Func<LuffaKernel>>> Kernels = new(
#if NET
        new KernelEntry<Func<LuffaKernel>>("avx2", () => LuffaAvx2Kernel.IsSupported, () => LuffaAvx2Kernel.Instance,
            isConstantTime: true, usesHardware: true),
        new KernelEntry<Func<LuffaKernel>>("vector128", () => LuffaVectorKernel.IsSupported,
        () => LuffaVectorKernel.Instance, isConstantTime: true, usesHardware: true),
#endif
        new KernelEntry<Func<LuffaKernel>>("portable", () => true, () => LuffaPortableKernel.Instance,
            isConstantTime: true));

    /// <summary>The default kernel, created once.</summary>
    private static readonly LuffaKernel s_defaultKernel = Kernels.Default.Create();

    /// <param name="hashSizeInBits">224, 256, 384 or 512.</param>
    /// <param name="kernel">A kernel of <see cref="Kernels"/> (tests and benchmarks pin one); the default when
    /// null.</param>
    public LuffaCore(int hashSizeInBits, LuffaKernel? kernel = null)
    {
        HashSizeInBytes = hashSizeInBits / 8;
        Width = WidthOf(hashSizeInBits);
        _kernel = kernel ?? s_defaultKernel;
        Reset();
    }

    /// <summary>True when the default kernel uses SIMD hardware (the public types'
    /// <c>IsHardwareAccelerated</c>).</summary>
    public static bool IsHardwareAccelerated => Kernels.Default.UsesHardware;

    /// <summary>The kernel this instance hashes with.</summary>
    internal LuffaKernel Kernel => _kernel;

    /// <summary>Number of 256-bit sub-blocks: 3 (224/256), 4 (384), 5 (512).</summary>
    public int Width { get; }

    public int HashSizeInBytes { get; }

    public static int WidthOf(int hashSizeInBits) => hashSizeInBits switch
    {
        224 or 256 => 3,
        384 => 4,
        512 => 5,
        _ => throw new ArgumentOutOfRangeException(nameof(hashSizeInBits)),
    };

    public void Reset()
    {
        Enter();
        try
        {
            ResetState();
        }
        finally
        {
            Exit();
        }
    }

    public void Append(ReadOnlySpan<byte> data)
    {
        Enter();
        try
        {
            if (!_hasData)
            {
                _guard.TakeOverlapped(); // seen while the state was fresh: nothing of this digest was mixed
                _hasData = true;
            }

            AppendToState(data);
        }
        finally
        {
            Exit();
        }
    }

    /// <summary>Writes the digest to <paramref name="destination"/> (at least <see cref="HashSizeInBytes"/>) and
    /// resets.</summary>
    /// <exception cref="CryptographicException">Another thread used this instance while the data was being
    /// hashed.</exception>
    public void Finish(Span<byte> destination)
    {
        Enter();
        try
        {
            if (_guard.TakeOverlapped() && _hasData)
            {
                ResetState();
                ThrowHelper.ThrowConcurrentUse();
            }

            FinishCore(_state, Width, HashSizeInBytes, _buffer.AsSpan(0, _buffered), destination, _kernel);
            ResetState();
        }
        finally
        {
            Exit();
        }
    }

    private void Enter() => _guard.Enter();

    private void Exit() => _guard.Exit();

    private void ResetState()
    {
        LuffaConstants.InitialValue.AsSpan(0, 8 * Width).CopyTo(_state);
        _buffered = 0;
        _guard.TakeOverlapped();
        _hasData = false;
    }

    private void AppendToState(ReadOnlySpan<byte> data)
    {
        if (_buffered > 0)
        {
            int take = Math.Min(BlockSizeInBytes - _buffered, data.Length);
            data.Slice(0, take).CopyTo(_buffer.AsSpan(_buffered));
            _buffered += take;
            data = data.Slice(take);
            if (_buffered < BlockSizeInBytes)
            {
                return;
            }

            _kernel.Compress(_state, Width, _buffer);
            _buffered = 0;
        }

        // Whole blocks go straight to the kernel: a message that ends on a block boundary still gets a full
        // padding block (0x80, zeros) in FinishCore, so no block needs holding back.
        int whole = data.Length / BlockSizeInBytes * BlockSizeInBytes;
        if (whole > 0)
        {
            _kernel.Compress(_state, Width, data.Slice(0, whole));
            data = data.Slice(whole);
        }

        data.CopyTo(_buffer);
        _buffered = data.Length;
    }


    /// <summary>Writes the digest of the data appended so far without changing the state (for tests).</summary>
    internal void PeekHash(Span<byte> destination)
    {
        Span<uint> copy = stackalloc uint[MaxStateWords];
        _state.CopyTo(copy);
        FinishCore(copy, Width, HashSizeInBytes, _buffer.AsSpan(0, _buffered), destination, _kernel);
    }

    /// <summary>The public types' <c>HashData(byte[])</c>: throws when <paramref name="source"/> is null.</summary>
    public static byte[] HashData(int hashSizeInBits, byte[] source)
    {
        ThrowHelper.ThrowIfNull(source, nameof(source));
        return HashData(hashSizeInBits, new ReadOnlySpan<byte>(source));
    }

    /// <summary>The public types' <c>HashData(ReadOnlySpan)</c>: a new array holding the digest.</summary>
    public static byte[] HashData(int hashSizeInBits, ReadOnlySpan<byte> source)
    {
        byte[] hash = new byte[hashSizeInBits / 8];
        Hash(hashSizeInBits, source, hash);
        return hash;
    }

    /// <summary>The public types' <c>HashData(source, destination)</c>: throws when the destination is too
    /// short.</summary>
    public static int HashData(int hashSizeInBits, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (!TryHashData(hashSizeInBits, source, destination, out int written))
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        return written;
    }

    /// <summary>The public types' <c>TryHashData</c>: false, with nothing written, when the destination is too
    /// short.</summary>
    public static bool TryHashData(int hashSizeInBits, ReadOnlySpan<byte> source, Span<byte> destination,
        out int bytesWritten)
    {
        int size = hashSizeInBits / 8;
        if (destination.Length < size)
        {
            bytesWritten = 0;
            return false;
        }

        Hash(hashSizeInBits, source, destination);
        bytesWritten = size;
        return true;
    }

    /// <summary>One-shot digest of <paramref name="source"/>, with no allocation, on <paramref name="kernel"/> (one of
    /// <see cref="Kernels"/>; the default when null).</summary>
    public static void Hash(int hashSizeInBits, ReadOnlySpan<byte> source, Span<byte> destination,
        LuffaKernel? kernel = null)
    {
        int width = WidthOf(hashSizeInBits);
        kernel ??= s_defaultKernel;
        Span<uint> state = stackalloc uint[MaxStateWords];
        LuffaConstants.InitialValue.AsSpan(0, 8 * width).CopyTo(state);
        int whole = source.Length / BlockSizeInBytes * BlockSizeInBytes;
        if (whole > 0)
        {
            kernel.Compress(state, width, source.Slice(0, whole));
        }

        FinishCore(state, width, hashSizeInBits / 8, source.Slice(whole), destination, kernel);
    }

    public void Dispose()
    {
        Enter();
        try
        {
            CryptographicOperationsHelper.ZeroWords(_state);
            CryptographicOperations.ZeroMemory(_buffer);
            _buffered = 0;
        }
        finally
        {
            Exit();
        }
    }

    /// <summary>Pads the tail (fewer than 32 bytes), runs the blank rounds and writes the output words.</summary>
    private static void FinishCore(Span<uint> state, int width, int hashSizeInBytes, ReadOnlySpan<byte> tail,
        Span<byte> destination, LuffaKernel kernel)
    {
        Span<byte> block = stackalloc byte[BlockSizeInBytes];
        block.Clear();
        tail.CopyTo(block);
        block[tail.Length] = 0x80;
        kernel.Compress(state, width, block);

        block.Clear();
        int written = 0;
        while (written < hashSizeInBytes)
        {
            kernel.Compress(state, width, block); // blank round, M = 0
            for (int k = 0; k < 8 && written < hashSizeInBytes; k++, written += 4)
            {
                uint z = state[k] ^ state[8 + k] ^ state[16 + k];
                for (int j = 3; j < width; j++)
                {
                    z ^= state[8 * j + k];
                }

                BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(written), z);
            }
        }

        CryptographicOperations.ZeroMemory(block);
    }
}
