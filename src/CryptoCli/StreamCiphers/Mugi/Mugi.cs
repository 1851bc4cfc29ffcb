// MUGI (Hitachi; CRYPTREC, ISO/IEC 18033-4): 128-bit key, 128-bit IV, keystream of 64-bit big-endian units.
// Public type (a disposable keystream generator with Transform and GenerateKeystream); the fast state machine and its
// kernel registry are MugiCore.cs (+ Internal/ByteExtractor*.cs), the straightforward one MugiReference.cs.
// Vectors: the specification's examples 1 and 2 and third-party cases (Vectors/mugi).
using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// MUGI (Hitachi), the keystream generator of the CRYPTREC list and ISO/IEC 18033-4: a 128-bit key and a 128-bit IV
/// give a keystream of 64-bit units, each written big-endian. <see cref="Transform"/> XORs data with the keystream
/// and continues where the previous call stopped, with any chunk sizes.
/// </summary>
/// <remarks>
/// <para>Status: listed by CRYPTREC in 2003 and moved to its "candidate" list in 2013; kept for interoperability and
/// research. A key and IV pair must never be used twice; MUGI provides no integrity.</para>
/// <para>Implementation: Asahi et al.'s (2010) technique (S-box and MixColumns fused into four 8-to-32-bit tables; the
/// buffer rotated by index instead of shifting sixteen words per update), sixteen updates unrolled. Not constant-time:
/// the table look-ups are indexed by secret state (cache timing).</para>
/// <para>Follows the MUGI specification (Hitachi, v1.2/1.3) and reproduces its test data (examples 1 and 2).</para>
/// <para>Not thread-safe: a call that overlaps another call on the same instance throws
/// <see cref="System.Security.Cryptography.CryptographicException"/> and leaves the keystream position as it
/// was.</para>
/// </remarks>
public sealed class Mugi : IDisposable
{
    /// <summary>The key size, 16 bytes (128 bits).</summary>
    public const int KeySizeInBytes = 16;

    /// <summary>The IV size, 16 bytes (128 bits).</summary>
    public const int IVSizeInBytes = 16;

    private const int UnitBytes = 8;
    private const int BlockBytes = 16 * UnitBytes;

    private readonly MugiCore _core;
    // The last output unit, of which _leftoverCount bytes are unused.
    private readonly byte[] _leftover = new byte[UnitBytes];
    private int _leftoverCount;
    private bool _disposed;

    // Overlapping calls from several threads throw (the keystream position of the call that holds it is unchanged).
    private ConcurrencyGuard _guard;

    /// <summary>
    /// Creates a generator positioned at the start of the keystream of <paramref name="key"/> and
    /// <paramref name="iv"/>.
    /// </summary>
    /// <param name="key">The 16-byte key.</param>
    /// <param name="iv">The 16-byte initialization vector.</param>
    /// <exception cref="CryptographicException"><paramref name="key"/> is not 16 bytes long.</exception>
    /// <exception cref="ArgumentException"><paramref name="iv"/> is not 16 bytes long.</exception>
    public Mugi(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
        : this(key, iv, MugiCore.Kernels.Default)
    {
    }

    /// <summary>For tests and benchmarks: the generator on the registered kernel <paramref name="kernel"/>.</summary>
    internal Mugi(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv, KernelEntry<MugiCoreFactory> kernel)
    {
        if (key.Length != KeySizeInBytes)
        {
            ThrowHelper.ThrowInvalidKeySize();
        }

        if (iv.Length != IVSizeInBytes)
        {
            ThrowHelper.ThrowInvalidIVSize(nameof(iv));
        }

        _core = kernel.Create(key, iv);
    }

    /// <summary>False: MUGI has no hardware cipher path. Where x64 has BMI1, BEXTR extracts the table indices (not
    /// counted as hardware, as for <see cref="CipherUnicornA"/>); neither kernel is constant-time.</summary>
    public static bool IsHardwareAccelerated => MugiCore.Kernels.Default.UsesHardware;

    /// <summary>
    /// XORs <paramref name="source"/> with the next <c>source.Length</c> bytes of keystream into
    /// <paramref name="destination"/> (encryption and decryption are the same operation). The keystream continues
    /// across calls. <paramref name="destination"/> may be exactly <paramref name="source"/> (in place).
    /// </summary>
    /// <param name="source">The data to encrypt or decrypt.</param>
    /// <param name="destination">Receives <c>source.Length</c> bytes; bytes after them are not touched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <paramref name="source"/>, or
    /// the two partially overlap. Nothing is written.</exception>
    /// <exception cref="ObjectDisposedException">The instance has been disposed.</exception>
    public void Transform(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        if (destination.Length < source.Length)
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        Span<byte> output = destination.Slice(0, source.Length);
        if (SpanHelpers.PartiallyOverlaps(output, source))
        {
            ThrowHelper.ThrowOverlap("destination", "source");
        }

        _guard.Enter();
        try
        {
            Process<XorKeystream>(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(output),
                output.Length);
        }
        finally
        {
            _guard.Exit();
        }
    }

    /// <summary>
    /// Writes the next <c>destination.Length</c> bytes of keystream; the keystream continues across calls.
    /// </summary>
    /// <param name="destination">Receives the keystream.</param>
    /// <exception cref="ObjectDisposedException">The instance has been disposed.</exception>
    public void GenerateKeystream(Span<byte> destination)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        _guard.Enter();
        try
        {
            Process<StoreKeystream>(ref output, ref output, destination.Length);
        }
        finally
        {
            _guard.Exit();
        }
    }

    /// <summary>Wipes the generator's state.</summary>
    public void Dispose()
    {
        if (!_disposed)
        {
            _core.Dispose();
            CryptographicOperations.ZeroMemory(_leftover);
            _leftoverCount = 0;
            _disposed = true;
        }
    }

    internal MugiCore Core => _core;

    private void Process<TSink>(ref byte source, ref byte destination, int length)
        where TSink : struct, IKeystreamSink
    {
        int done = 0;

        // Bytes left over from the unit a previous call began.
        if (_leftoverCount > 0)
        {
            while (_leftoverCount > 0 && done < length)
            {
                byte key = _leftover[UnitBytes - _leftoverCount];
                Unsafe.Add(ref destination, done) = typeof(TSink) == typeof(XorKeystream)
                    ? (byte)(Unsafe.Add(ref source, done) ^ key) : key;
                _leftoverCount--;
                done++;
            }

            if (_leftoverCount == 0)
            {
                CryptographicOperations.ZeroMemory(_leftover);
            }
        }

        // Whole units one update at a time until the buffer slots are back in phase, then sixteen at a time.
        int head = Math.Min((16 - _core.Phase) & 15, (length - done) / UnitBytes);
        if (head > 0)
        {
            _core.Units<TSink>(ref Unsafe.Add(ref source, done), ref Unsafe.Add(ref destination, done), head);
            done += head * UnitBytes;
        }

        while (length - done >= BlockBytes)
        {
            _core.Block16<TSink>(ref Unsafe.Add(ref source, done), ref Unsafe.Add(ref destination, done));
            done += BlockBytes;
        }

        int tail = (length - done) / UnitBytes;
        if (tail > 0)
        {
            _core.Units<TSink>(ref Unsafe.Add(ref source, done), ref Unsafe.Add(ref destination, done), tail);
            done += tail * UnitBytes;
        }

        if (done < length)
        {
            BinaryPrimitives.WriteUInt64BigEndian(_leftover, _core.Step());
            int used = length - done;
            for (int i = 0; i < used; i++)
            {
                Unsafe.Add(ref destination, done + i) = typeof(TSink) == typeof(XorKeystream)
                    ? (byte)(Unsafe.Add(ref source, done + i) ^ _leftover[i])
                    : _leftover[i];
            }

            _leftoverCount = UnitBytes - used;
        }
    }
}
