using System;
using System.Buffers.Binary;
#if NET
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
#endif

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

#if NET

    /// <summary>
    /// T·α in GF(2^128) with IEEE 1619's little-endian convention (XTS's tweak step) on one vector whose bytes are
    /// the tweak's (little-endian processes): each 64-bit lane shifted left by one (an add), the low lane's top bit
    /// carried into the high lane and the high lane's folded back as 0x87, both through masks made by an arithmetic
    /// shift of the top words, never a branch (five instructions on SSE2: pshufd, psrad, pand, paddq, pxor).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> MultiplyByAlpha(Vector128<byte> tweak)
    {
        // Words 0-1 of the mask get the top word of the high lane (the fold), words 2-3 that of the low lane.
        Vector128<int> tops = Vector128.Shuffle(tweak.AsInt32(), Vector128.Create(3, 3, 1, 1));
        Vector128<ulong> masks = Vector128.ShiftRightArithmetic(tops, 31).AsUInt64() & Vector128.Create(0x87UL, 1UL);
        Vector128<ulong> lanes = tweak.AsUInt64();
        return ((lanes + lanes) ^ masks).AsByte();
    }
#endif
}
