using System;
using System.Buffers.Binary;

namespace CryptoCli;

/// <summary>Arithmetic in GF(2^128) that CMAC (SP 800-38B subkeys) and OCB3 (RFC 7253's L table) share.</summary>
internal static class Gf128
{
    /// <summary>
    /// double(S): S·x in GF(2^128), big-endian (S &lt;&lt; 1, xor 0x87 into the last byte when the first bit was
    /// set), with the carry folded in through a mask, never a branch. <paramref name="block"/> is 16 bytes.
    /// </summary>
    public static void DoubleBigEndian(Span<byte> block)
    {
        ulong hi = BinaryPrimitives.ReadUInt64BigEndian(block);
        ulong lo = BinaryPrimitives.ReadUInt64BigEndian(block.Slice(8));
        ulong carry = hi >> 63;
        hi = (hi << 1) | (lo >> 63);
        lo = (lo << 1) ^ (0x87UL & (0UL - carry));
        BinaryPrimitives.WriteUInt64BigEndian(block, hi);
        BinaryPrimitives.WriteUInt64BigEndian(block.Slice(8), lo);
    }
}
