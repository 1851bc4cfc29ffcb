using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli;

/// <summary>Small span utilities shared by the modes and kernels.</summary>
internal static class SpanHelpers
{
    /// <summary>
    /// True when the two spans share memory but do not start at the same address (in-place is allowed).
    /// </summary>
    public static bool PartiallyOverlaps(ReadOnlySpan<byte> first, ReadOnlySpan<byte> second)
    {
        if (first.IsEmpty || second.IsEmpty)
        {
            return false;
        }

        ref byte a = ref MemoryMarshal.GetReference(first);
        ref byte b = ref MemoryMarshal.GetReference(second);
        if (Unsafe.AreSame(ref a, ref b))
        {
            return false;
        }

        nint offset = Unsafe.ByteOffset(ref a, ref b);
        return offset > 0 ? offset < first.Length : -offset < second.Length;
    }

    /// <summary>
    /// True when the first <paramref name="length"/> bytes (at least 1) of <paramref name="first"/> and of
    /// <paramref name="second"/> share no byte: one comparison, for the single-block calls.
    /// </summary>
    public static bool BlocksAreDisjoint(ReadOnlySpan<byte> first, ReadOnlySpan<byte> second, int length)
    {
        nint distance = Unsafe.ByteOffset(ref MemoryMarshal.GetReference(first),
            ref MemoryMarshal.GetReference(second));
        // |distance| >= length, with the sign folded into an unsigned comparison.
        return (nuint)(distance + (length - 1)) >= (nuint)(2 * length - 1);
    }

    /// <summary>
    /// Copies <paramref name="source"/> to the start of <paramref name="destination"/> (long enough, disjoint): a
    /// 16-byte block as a copy of constant length (one vector move), where <see cref="ReadOnlySpan{T}.CopyTo"/> would
    /// call the runtime's memmove.
    /// </summary>
    public static void CopyBlock(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.Length == 16 && destination.Length >= 16)
        {
            Unsafe.CopyBlockUnaligned(ref MemoryMarshal.GetReference(destination),
                ref MemoryMarshal.GetReference(source), 16);
        }
        else
        {
            source.CopyTo(destination);
        }
    }

    /// <summary>True when the two spans share any memory.</summary>
    public static bool Overlaps(ReadOnlySpan<byte> first, ReadOnlySpan<byte> second) =>
        PartiallyOverlaps(first, second) ||
        (!first.IsEmpty && !second.IsEmpty
            && Unsafe.AreSame(ref MemoryMarshal.GetReference(first), ref MemoryMarshal.GetReference(second)));

    /// <summary>destination = left XOR right, word at a time (lengths equal; any may alias exactly).</summary>
    public static void Xor(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, Span<byte> destination)
    {
        int length = destination.Length;
        ref byte l = ref MemoryMarshal.GetReference(left);
        ref byte r = ref MemoryMarshal.GetReference(right);
        ref byte d = ref MemoryMarshal.GetReference(destination);
        int i = 0;
        for (; i <= length - 8; i += 8)
        {
            ulong value = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref l, i))
                ^ Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref r, i));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref d, i), value);
        }

        for (; i < length; i++)
        {
            Unsafe.Add(ref d, i) = (byte)(Unsafe.Add(ref l, i) ^ Unsafe.Add(ref r, i));
        }
    }

    /// <summary>Adds one to a big-endian integer that spans the whole buffer, wrapping around to zero.</summary>
    public static void IncrementBigEndian(Span<byte> counter)
    {
        for (int i = counter.Length - 1; i >= 0; i--)
        {
            if (++counter[i] != 0)
            {
                return;
            }
        }
    }
}
