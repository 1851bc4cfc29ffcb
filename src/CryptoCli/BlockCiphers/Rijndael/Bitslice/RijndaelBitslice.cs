#if NET
using ScalarCore = CryptoCli.RijndaelBitsliceCore<CryptoCli.PlaneWord64>;
#else
using ScalarCore = CryptoCli.RijndaelBitsliceCore;
#endif
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Constant-time building blocks of the bitsliced Rijndael kernel (docs/bitsliced-rijndael.md): the byte-to-bit-plane
/// transposition, ShiftRows masks, and a key schedule whose SubWord runs on the S-box circuit of
/// RijndaelBitsliceCore. Nothing here indexes memory or branches on secret data.
/// </summary>
/// <remarks>
/// A bit plane is a <see cref="ulong"/> holding one bit (plane i = bit i) of 64 state bytes. The byte at row r and
/// slot j (0..15) sits at bit position 16·r + j, so each row of the state is one 16-bit lane: rotating a plane by 16
/// bits brings row r + 1 to row r, which is what MixColumns needs. A slot is one column of one block; the blocks of a
/// batch fill the slots in order (slot j = block·Nb + column), so slot j's column is bytes 4j..4j+3 of the batch.
/// </remarks>
internal static class RijndaelBitslice
{
    /// <summary>Slots (columns) per row lane.</summary>
    public const int Slots = 16;

    /// <summary>Bytes of state one batch holds: 16 slots of 4 bytes.</summary>
    public const int BatchBytes = 64;

    // ---- Loading and storing: columns to bit planes and back ----

    /// <summary>
    /// Loads <paramref name="usedSlots"/> little-endian column words from <paramref name="source"/> (slot j at byte
    /// 4j) into bit planes; unused slots are zero.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Load(ref byte source, int usedSlots, out BitPlanes q)
    {
        // Word m takes slot m in its even bytes and slot m + 8 in its odd bytes (row r at bytes 2r and 2r + 1), so that
        // after the 8x8 bit transposition bit position 8·(2r + h) + m = 16·r + (8h + m) holds row r of slot 8h + m.
        q.P0 = Interleave(Column(ref source, 0, usedSlots), Column(ref source, 8, usedSlots));
        q.P1 = Interleave(Column(ref source, 1, usedSlots), Column(ref source, 9, usedSlots));
        q.P2 = Interleave(Column(ref source, 2, usedSlots), Column(ref source, 10, usedSlots));
        q.P3 = Interleave(Column(ref source, 3, usedSlots), Column(ref source, 11, usedSlots));
        q.P4 = Interleave(Column(ref source, 4, usedSlots), Column(ref source, 12, usedSlots));
        q.P5 = Interleave(Column(ref source, 5, usedSlots), Column(ref source, 13, usedSlots));
        q.P6 = Interleave(Column(ref source, 6, usedSlots), Column(ref source, 14, usedSlots));
        q.P7 = Interleave(Column(ref source, 7, usedSlots), Column(ref source, 15, usedSlots));
        Transpose(ref q);
    }

    /// <summary>
    /// The inverse of <see cref="Load"/> for the first <paramref name="usedSlots"/> slots; <paramref name="q"/>
    /// is consumed.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(ref BitPlanes q, ref byte destination, int usedSlots)
    {
        Transpose(ref q);
        StorePair(ref destination, 0, q.P0, usedSlots);
        StorePair(ref destination, 1, q.P1, usedSlots);
        StorePair(ref destination, 2, q.P2, usedSlots);
        StorePair(ref destination, 3, q.P3, usedSlots);
        StorePair(ref destination, 4, q.P4, usedSlots);
        StorePair(ref destination, 5, q.P5, usedSlots);
        StorePair(ref destination, 6, q.P6, usedSlots);
        StorePair(ref destination, 7, q.P7, usedSlots);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Column(ref byte source, int slot, int usedSlots) =>
        slot < usedSlots ? ByteOrder.ReadUInt32LittleEndian(ref source, 4 * slot) : 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StorePair(ref byte destination, int slot, ulong word, int usedSlots)
    {
        if (slot < usedSlots)
        {
            ByteOrder.WriteUInt32LittleEndian(ref destination, 4 * slot, Deinterleave(word));
        }

        if (slot + 8 < usedSlots)
        {
            ByteOrder.WriteUInt32LittleEndian(ref destination, 4 * (slot + 8), Deinterleave(word >> 8));
        }
    }

    /// <summary>
    /// Byte k of <paramref name="even"/> to byte 2k, byte k of <paramref name="odd"/> to byte 2k + 1.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Interleave(uint even, uint odd) => Spread(even) | (Spread(odd) << 8);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Spread(uint value)
    {
        ulong x = value;
        x = (x | (x << 16)) & 0x0000FFFF_0000FFFFUL;
        return (x | (x << 8)) & 0x00FF00FF_00FF00FFUL;
    }

    /// <summary>The even bytes of <paramref name="x"/>, packed (the inverse of <see cref="Spread"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Deinterleave(ulong x)
    {
        x &= 0x00FF00FF_00FF00FFUL;
        x = (x | (x >> 8)) & 0x0000FFFF_0000FFFFUL;
        return (uint)(x | (x >> 16));
    }

    /// <summary>
    /// Transposes the 8x8 bit matrix (word m, bit i) inside every byte position: bit i of byte n of word m trades
    /// places with bit m of byte n of word i. Three rounds of masked swaps; the transposition is its own inverse.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Transpose(ref BitPlanes q)
    {
        SwapBits(ref q.P0, ref q.P1, 0x55555555_55555555UL, 1);
        SwapBits(ref q.P2, ref q.P3, 0x55555555_55555555UL, 1);
        SwapBits(ref q.P4, ref q.P5, 0x55555555_55555555UL, 1);
        SwapBits(ref q.P6, ref q.P7, 0x55555555_55555555UL, 1);
        SwapBits(ref q.P0, ref q.P2, 0x33333333_33333333UL, 2);
        SwapBits(ref q.P1, ref q.P3, 0x33333333_33333333UL, 2);
        SwapBits(ref q.P4, ref q.P6, 0x33333333_33333333UL, 2);
        SwapBits(ref q.P5, ref q.P7, 0x33333333_33333333UL, 2);
        SwapBits(ref q.P0, ref q.P4, 0x0F0F0F0F_0F0F0F0FUL, 4);
        SwapBits(ref q.P1, ref q.P5, 0x0F0F0F0F_0F0F0F0FUL, 4);
        SwapBits(ref q.P2, ref q.P6, 0x0F0F0F0F_0F0F0F0FUL, 4);
        SwapBits(ref q.P3, ref q.P7, 0x0F0F0F0F_0F0F0F0FUL, 4);
    }

    /// <summary>
    /// Exchanges the bits of <paramref name="low"/> at (mask positions + shift) with the bits of
    /// <paramref name="high"/> at the mask positions.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SwapBits(ref ulong low, ref ulong high, ulong mask, int shift)
    {
        ulong t = ((low >> shift) ^ high) & mask;
        high ^= t;
        low ^= t << shift;
    }

    /// <summary>SubBytes on the 64 bytes of <paramref name="q"/> (the circuit of RijndaelBitsliceCore).</summary>
    public static void SubBytes(ref BitPlanes q) => ScalarCore.SubBytes(ref q, inverse: false);

    /// <summary>InvSubBytes on the 64 bytes of <paramref name="q"/>.</summary>
    public static void InverseSubBytes(ref BitPlanes q) => ScalarCore.SubBytes(ref q, inverse: true);

    // ---- Constant-time key schedule ----

    /// <summary>SubWord: the S-box on each byte of <paramref name="word"/>, through the circuit (no table).</summary>
    public static uint SubWord(uint word)
    {
        // Bit i of byte k goes to bit k of plane i; the loops run over public bit positions only.
        Span<ulong> planes = stackalloc ulong[8];
        for (int i = 0; i < 8; i++)
        {
            ulong plane = 0;
            for (int k = 0; k < 4; k++)
            {
                plane |= (ulong)((word >> (8 * k + i)) & 1) << k;
            }

            planes[i] = plane;
        }

        var q = new BitPlanes { P0 = planes[0], P1 = planes[1], P2 = planes[2], P3 = planes[3], P4 = planes[4],
            P5 = planes[5], P6 = planes[6], P7 = planes[7] };
        SubBytes(ref q);
        planes[0] = q.P0;
        planes[1] = q.P1;
        planes[2] = q.P2;
        planes[3] = q.P3;
        planes[4] = q.P4;
        planes[5] = q.P5;
        planes[6] = q.P6;
        planes[7] = q.P7;
        uint result = 0;
        for (int i = 0; i < 8; i++)
        {
            for (int k = 0; k < 4; k++)
            {
                result |= (uint)((planes[i] >> k) & 1) << (8 * k + i);
            }
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(planes));
        q = default;
        return result;
    }

    /// <summary>
    /// The Rijndael key expansion (FIPS-197 §5.2, generalised to Nb, Nk of 4..8 words: Nr = max(Nb, Nk) + 6) with
    /// SubWord on the circuit, so no key byte ever indexes a table. Little-endian column words, as RijndaelKeySchedule.
    /// </summary>
    public static uint[] ExpandKey(ReadOnlySpan<byte> key, int blockWords)
    {
        int keyWords = key.Length / 4;
        Debug.Assert(key.Length % 4 == 0 && keyWords is >= 4 and <= 8 && blockWords is >= 4 and <= 8);
        int total = blockWords * (RijndaelKeySchedule.Rounds(blockWords, keyWords) + 1);
        uint[] w = new uint[total];
        for (int i = 0; i < keyWords; i++)
        {
            w[i] = ByteOrder.ReadUInt32LittleEndian(ref MemoryMarshal.GetReference(key), 4 * i);
        }

        uint rcon = 1;
        for (int i = keyWords; i < total; i++)
        {
            uint temp = w[i - 1];
            if (i % keyWords == 0)
            {
                // RotWord in little-endian word order is a rotation right by 8 bits.
                temp = SubWord((temp >> 8) | (temp << 24)) ^ rcon;
                rcon = (rcon << 1) ^ (0x11B & (0u - (rcon >> 7))); // doubling of a public constant
            }
            else if (keyWords > 6 && i % keyWords == 4)
            {
                temp = SubWord(temp);
            }

            w[i] = w[i - keyWords] ^ temp;
        }

        return w;
    }
}

/// <summary>
/// ShiftRows on bit planes for one block size and direction: in row r, the slot of column c takes the slot of column
/// (c + shift_r) mod Nb of the same block. Columns before Nb − shift_r move down by shift_r bit positions, the rest up
/// by Nb − shift_r (the wrap); a mask per row and direction picks them. Depends on the block size only.
/// </summary>
internal readonly struct RowShiftPattern
{
    public readonly ulong Row0, Down1, Up1, Down2, Up2, Down3, Up3;
    public readonly int Shift1, Shift2, Shift3, Wrap1, Wrap2, Wrap3;

    public RowShiftPattern(int blockWords, int blocksPerBatch, int shift1, int shift2, int shift3)
    {
        Row0 = 0xFFFF;
        (Shift1, Wrap1) = (shift1, blockWords - shift1);
        (Shift2, Wrap2) = (shift2, blockWords - shift2);
        (Shift3, Wrap3) = (shift3, blockWords - shift3);
        (Down1, Up1) = Masks(1, shift1, blockWords, blocksPerBatch);
        (Down2, Up2) = Masks(2, shift2, blockWords, blocksPerBatch);
        (Down3, Up3) = Masks(3, shift3, blockWords, blocksPerBatch);
    }

    private static (ulong Down, ulong Up) Masks(int row, int shift, int blockWords, int blocksPerBatch)
    {
        ulong down = 0, up = 0;
        for (int block = 0; block < blocksPerBatch; block++)
        {
            for (int column = 0; column < blockWords; column++)
            {
                ulong bit = 1UL << (16 * row + block * blockWords + column);
                if (column < blockWords - shift)
                {
                    down |= bit;
                }
                else
                {
                    up |= bit;
                }
            }
        }

        return (down, up);
    }
}

/// <summary>
/// Eight bit planes of 64 state bytes (plane i holds bit i of each byte); see <see cref="RijndaelBitslice"/>.
/// </summary>
internal struct BitPlanes
{
    public ulong P0, P1, P2, P3, P4, P5, P6, P7;
}
