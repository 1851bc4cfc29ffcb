// Word loads and stores of byte data for the portable kernels: big- and little-endian 32- and 64-bit words at a
// byte offset from a ref, with no bounds checks (the caller guarantees the range) and BinaryPrimitives' meaning.
// Little-endian hosts take the fast form (one unaligned load or store, plus a byte swap for big-endian words);
// every other host composes the word from its bytes with shifts, which is correct whatever the host's byte order.
// The switch CryptoCli.Testing.ForceBigEndianCodePath makes a little-endian host take that second form, so the
// code a big-endian host (PowerPC, s390x under Mono) runs is the code the forced test pass runs here.
using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace CryptoCli;

/// <summary>
/// Bounds-check-free word loads and stores of byte data with <see cref="BinaryPrimitives"/>' semantics. The only
/// place of the portable code that knows the host's byte order.
/// </summary>
internal static class ByteOrder
{
    /// <summary>The AppContext switch that makes a little-endian host run the big-endian host's code path
    /// (tests).</summary>
    internal const string ForceBigEndianCodePathSwitch = "CryptoCli.Testing.ForceBigEndianCodePath";

    /// <summary>
    /// True when words are loaded and stored in host order (one unaligned access, byte-swapped for big-endian words);
    /// false on big-endian hosts and when <see cref="ForceBigEndianCodePathSwitch"/> is set, where every word is
    /// composed from its bytes. A static readonly field: the optimizing JIT folds it, so the other path costs nothing.
    /// </summary>
    internal static readonly bool IsLittleEndianHost = BitConverter.IsLittleEndian && !ForcedBigEndianPath();

    /// <summary>
    /// Runs the class initializer now. Kernels whose loops are compiled fully optimized on their first call
    /// (<c>MethodImplOptions.AggressiveOptimization</c>, no tiering) call it from their constructor: the JIT folds
    /// <see cref="IsLittleEndianHost"/> to a constant only if the class is initialized when it compiles the loop.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static bool EnsureInitialized() => IsLittleEndianHost;

    private static bool ForcedBigEndianPath()
        => AppContext.TryGetSwitch(ForceBigEndianCodePathSwitch, out bool forced) && forced;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint ReadUInt32BigEndian(ref byte source, int offset) =>
        IsLittleEndianHost
            ? BinaryPrimitives.ReverseEndianness(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, offset)))
            : Explicit.ReadUInt32BigEndian(ref source, offset);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint ReadUInt32LittleEndian(ref byte source, int offset) =>
        IsLittleEndianHost
            ? Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, offset))
            : Explicit.ReadUInt32LittleEndian(ref source, offset);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ReadUInt64BigEndian(ref byte source, int offset) =>
        IsLittleEndianHost
            ? BinaryPrimitives.ReverseEndianness(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset)))
            : Explicit.ReadUInt64BigEndian(ref source, offset);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ReadUInt64LittleEndian(ref byte source, int offset) =>
        IsLittleEndianHost
            ? Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset))
            : Explicit.ReadUInt64LittleEndian(ref source, offset);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt32BigEndian(ref byte destination, int offset, uint value)
    {
        if (IsLittleEndianHost)
        {
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, offset), BinaryPrimitives.ReverseEndianness(value));
        }
        else
        {
            Explicit.WriteUInt32BigEndian(ref destination, offset, value);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt32LittleEndian(ref byte destination, int offset, uint value)
    {
        if (IsLittleEndianHost)
        {
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, offset), value);
        }
        else
        {
            Explicit.WriteUInt32LittleEndian(ref destination, offset, value);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt64BigEndian(ref byte destination, int offset, ulong value)
    {
        if (IsLittleEndianHost)
        {
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, offset), BinaryPrimitives.ReverseEndianness(value));
        }
        else
        {
            Explicit.WriteUInt64BigEndian(ref destination, offset, value);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt64LittleEndian(ref byte destination, int offset, ulong value)
    {
        if (IsLittleEndianHost)
        {
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, offset), value);
        }
        else
        {
            Explicit.WriteUInt64LittleEndian(ref destination, offset, value);
        }
    }

    /// <summary>
    /// destination[offset..+8] = source[offset..+8] XOR the big-endian bytes of <paramref name="value"/> (a stream
    /// cipher's keystream unit); one byte swap on little-endian hosts. Source and destination may be the same.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void XorUInt64BigEndian(ref byte source, ref byte destination, int offset, ulong value)
    {
        if (IsLittleEndianHost)
        {
            ulong data = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, offset),
                data ^ BinaryPrimitives.ReverseEndianness(value));
        }
        else
        {
            Explicit.XorUInt64BigEndian(ref source, ref destination, offset, value);
        }
    }

    /// <summary>
    /// The byte-by-byte forms: what big-endian hosts (and the forced test pass) run. Correct on any host, since they
    /// never look at a word's memory layout. Internal so the tests compare them with BinaryPrimitives on every run.
    /// </summary>
    internal static class Explicit
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint ReadUInt32BigEndian(ref byte source, int offset)
        {
            ref byte p = ref Unsafe.Add(ref source, offset);
            return ((uint)p << 24) | ((uint)Unsafe.Add(ref p, 1) << 16) | ((uint)Unsafe.Add(ref p,
                2) << 8) | Unsafe.Add(ref p, 3);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static uint ReadUInt32LittleEndian(ref byte source, int offset)
        {
            ref byte p = ref Unsafe.Add(ref source, offset);
            return p | ((uint)Unsafe.Add(ref p, 1) << 8) | ((uint)Unsafe.Add(ref p, 2) << 16) | ((uint)Unsafe.Add(ref p,
                3) << 24);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong ReadUInt64BigEndian(ref byte source, int offset) =>
            ((ulong)ReadUInt32BigEndian(ref source, offset) << 32) | ReadUInt32BigEndian(ref source, offset + 4);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong ReadUInt64LittleEndian(ref byte source, int offset) =>
            ReadUInt32LittleEndian(ref source, offset) | ((ulong)ReadUInt32LittleEndian(ref source, offset + 4) << 32);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt32BigEndian(ref byte destination, int offset, uint value)
        {
            ref byte p = ref Unsafe.Add(ref destination, offset);
            p = (byte)(value >> 24);
            Unsafe.Add(ref p, 1) = (byte)(value >> 16);
            Unsafe.Add(ref p, 2) = (byte)(value >> 8);
            Unsafe.Add(ref p, 3) = (byte)value;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt32LittleEndian(ref byte destination, int offset, uint value)
        {
            ref byte p = ref Unsafe.Add(ref destination, offset);
            p = (byte)value;
            Unsafe.Add(ref p, 1) = (byte)(value >> 8);
            Unsafe.Add(ref p, 2) = (byte)(value >> 16);
            Unsafe.Add(ref p, 3) = (byte)(value >> 24);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt64BigEndian(ref byte destination, int offset, ulong value)
        {
            WriteUInt32BigEndian(ref destination, offset, (uint)(value >> 32));
            WriteUInt32BigEndian(ref destination, offset + 4, (uint)value);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void WriteUInt64LittleEndian(ref byte destination, int offset, ulong value)
        {
            WriteUInt32LittleEndian(ref destination, offset, (uint)value);
            WriteUInt32LittleEndian(ref destination, offset + 4, (uint)(value >> 32));
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void XorUInt64BigEndian(ref byte source, ref byte destination, int offset, ulong value) =>
            WriteUInt64BigEndian(ref destination, offset, ReadUInt64BigEndian(ref source, offset) ^ value);
    }
}
