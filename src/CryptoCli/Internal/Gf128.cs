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

    /// <summary>
    /// T·α^4 in the same convention as <see cref="MultiplyByAlpha"/>: each 64-bit lane shifted left by four, the low
    /// lane's top four bits carried into the high lane and the high lane's folded back as their carry-less product
    /// with 0x87 (t ^ t·2 ^ t·4 ^ t·128), by shifts, one shuffle and a mask, never a branch. Four tweak chains stepped
    /// by α^4 give four consecutive blocks' tweaks without one chain's latency between them.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> MultiplyByAlpha4(Vector128<byte> tweak)
    {
        Vector128<ulong> lanes = tweak.AsUInt64();
        // Lane 0 gets the high lane's top bits (the fold), lane 1 the low lane's (the carry).
        Vector128<ulong> tops = Vector128.Shuffle(lanes >>> 60, Vector128.Create(1UL, 0UL));
        Vector128<ulong> fold = (tops << 1) ^ (tops << 2) ^ (tops << 7);
        fold &= Vector128.Create(ulong.MaxValue, 0UL);
        return ((lanes << 4) ^ tops ^ fold).AsByte();
    }

    /// <summary>
    /// <see cref="MultiplyByAlpha4(Vector128{byte})"/> on each of the four 128-bit lanes (four tweaks, each stepped by
    /// α^4).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> MultiplyByAlpha4(Vector512<byte> tweaks)
    {
        Vector512<ulong> lanes = tweaks.AsUInt64();
        Vector512<ulong> tops = Vector512.Shuffle(lanes >>> 60, Vector512.Create(1UL, 0, 3, 2, 5, 4, 7, 6));
        Vector512<ulong> fold = (tops << 1) ^ (tops << 2) ^ (tops << 7);
        fold &= Vector512.Create(ulong.MaxValue, 0, ulong.MaxValue, 0, ulong.MaxValue, 0, ulong.MaxValue, 0);
        return ((lanes << 4) ^ tops ^ fold).AsByte();
    }
#endif
}
