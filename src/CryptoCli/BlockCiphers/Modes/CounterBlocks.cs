using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
#if NET
using System.Runtime.Intrinsics;
#endif

namespace CryptoCli;

/// <summary>
/// The counter-block generator shared by every counter-mode loop: writes consecutive counter blocks for a
/// <see cref="CounterWidth"/> and advances the caller's counter. Kernels with a fused loop and a 128-bit block use
/// <see cref="Counter128"/> directly.
/// </summary>
internal static class CounterBlocks
{
    /// <summary>The number of low-order bytes that count.</summary>
    public static int SizeInBytes(
        CounterWidth width,
        int blockSize) =>
        width == CounterWidth.FullBlock ? blockSize : (int)width;

    /// <summary>
    /// Fills <paramref name="blocks"/> (whole blocks) with counter, counter + 1, ... and advances
    /// <paramref name="counter"/> past them.
    /// </summary>
    public static void Fill(Span<byte> counter, CounterWidth width, Span<byte> blocks)
    {
        int blockSize = counter.Length;
        Debug.Assert(blocks.Length % blockSize == 0 && SizeInBytes(width, blockSize) <= blockSize);
        if (blockSize == 16)
        {
            var value = new Counter128(counter, width);
            ref byte destination = ref MemoryMarshal.GetReference(blocks);
            for (int offset = 0; offset < blocks.Length; offset += 16)
            {
                value.WriteAndIncrement(ref Unsafe.Add(ref destination, offset));
            }

            value.Store(counter);
            return;
        }

        Span<byte> counting = counter.Slice(blockSize - SizeInBytes(width, blockSize));
        for (int offset = 0; offset < blocks.Length; offset += blockSize)
        {
            counter.CopyTo(blocks.Slice(offset, blockSize));
            SpanHelpers.IncrementBigEndian(counting);
        }
    }
}

/// <summary>
/// A 128-bit counter block held as two native words (high, low: the block read big-endian), with the counting
/// width applied on every increment. Lane-parallel loops check <see cref="CanAdd"/> once per batch and then
/// add lane numbers to the low word without carries.
/// </summary>
internal struct Counter128
{
    private readonly ulong _mask;       // the bits of the low word that count
    private readonly bool _carries;     // the full block counts: a wrap of the low word carries into the high word
    private ulong _high;
    private ulong _low;

    public Counter128(ReadOnlySpan<byte> counter, CounterWidth width)
    {
        Debug.Assert(counter.Length == 16);
        _high = BinaryPrimitives.ReadUInt64BigEndian(counter);
        _low = BinaryPrimitives.ReadUInt64BigEndian(counter.Slice(8));
        _mask = width == CounterWidth.Bits32 ? uint.MaxValue : ulong.MaxValue;
        _carries = width == CounterWidth.FullBlock;
    }

    public ulong High => _high;

    public ulong Low => _low;

    /// <summary>Writes the current value back as a big-endian block.</summary>
    public readonly void Store(Span<byte> counter)
    {
        BinaryPrimitives.WriteUInt64BigEndian(counter, _high);
        BinaryPrimitives.WriteUInt64BigEndian(counter.Slice(8), _low);
    }

    /// <summary>True when the next <paramref name="lanes"/> values are Low + 0 .. Low + lanes - 1 with no
    /// wrap.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool CanAdd(int lanes) => (_low & _mask) <= _mask - (ulong)(lanes - 1);

    /// <summary>Advances by <paramref name="lanes"/> after a batch checked with <see cref="CanAdd"/>: the last
    /// lane may reach the top of the width, so the step past it wraps as <see cref="Increment"/> does.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Advance(int lanes)
    {
        _low += (ulong)(lanes - 1);
        Increment();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Increment()
    {
        ulong next = _low + 1;
        if ((next & _mask) == 0)
        {
            // The counting bits wrapped: keep the fixed bits, carry only when the whole block counts.
            next = _low & ~_mask;
            if (_carries)
            {
                _high++;
            }
        }

        _low = next;
    }

    /// <summary>Stores the current value big-endian at <paramref name="destination"/> (16 bytes) and
    /// increments.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteAndIncrement(ref byte destination)
    {
        ByteOrder.WriteUInt64BigEndian(ref destination, 0, _high);
        ByteOrder.WriteUInt64BigEndian(ref destination, 8, _low);
        Increment();
    }

#if NET
    /// <summary>The current value plus <paramref name="lane"/> as a block (valid after <see cref="CanAdd"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly Vector128<byte> Lane(int lane) =>
        Vector128.Shuffle(
            Vector128.Create(_low + (ulong)lane, _high).AsByte(),
            Vector128.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));

    /// <summary>The current value as a block, then increments.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector128<byte> Next()
    {
        Vector128<byte> block = Lane(0);
        Increment();
        return block;
    }
#endif
}
