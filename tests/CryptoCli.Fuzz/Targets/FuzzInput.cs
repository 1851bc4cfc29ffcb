using System;
using System.Buffers.Binary;

namespace CryptoCli.Fuzz;

/// <summary>
/// Reads a fuzz input as a sequence of choices: bytes, lengths and slices. Reading past the end gives zeros and empty
/// slices, so every input, however short, decodes to some call.
/// </summary>
internal ref struct FuzzInput
{
    private ReadOnlySpan<byte> _rest;

    public FuzzInput(ReadOnlySpan<byte> input) => _rest = input;

    /// <summary>The bytes not read yet.</summary>
    public readonly ReadOnlySpan<byte> Rest => _rest;

    public byte Byte()
    {
        if (_rest.IsEmpty)
        {
            return 0;
        }

        byte b = _rest[0];
        _rest = _rest.Slice(1);
        return b;
    }

    public ushort UInt16() => (ushort)((Byte() << 8) | Byte());

    public ulong UInt64()
    {
        Span<byte> buffer = stackalloc byte[8];
        Bytes(8).CopyTo(buffer);
        return BinaryPrimitives.ReadUInt64BigEndian(buffer);
    }

    /// <summary>The next <paramref name="count"/> bytes, or fewer at the end of the input.</summary>
    public ReadOnlySpan<byte> Bytes(int count)
    {
        int n = Math.Min(count, _rest.Length);
        ReadOnlySpan<byte> slice = _rest.Slice(0, n);
        _rest = _rest.Slice(n);
        return slice;
    }

    /// <summary>The next <paramref name="count"/> bytes as an array, zero-padded at the end of the input.</summary>
    public byte[] Exactly(int count)
    {
        byte[] result = new byte[count];
        Bytes(count).CopyTo(result);
        return result;
    }

    /// <summary>A slice whose length is the next byte.</summary>
    public ReadOnlySpan<byte> Prefixed() => Bytes(Byte());

    /// <summary>Everything not read yet.</summary>
    public ReadOnlySpan<byte> TakeRest()
    {
        ReadOnlySpan<byte> rest = _rest;
        _rest = default;
        return rest;
    }
}
