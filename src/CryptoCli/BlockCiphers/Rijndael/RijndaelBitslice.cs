using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Constant-time building blocks of the bitsliced Rijndael kernel (docs/bitsliced-rijndael.md): the S-box as a
/// Boolean circuit over eight bit planes, its inverse, the byte-to-bit-plane transposition, and a key schedule whose
/// SubWord runs on the same circuit. Nothing here indexes memory or branches on secret data.
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

    /// <summary>The inverse of <see cref="Load"/> for the first <paramref name="usedSlots"/> slots; <paramref name="q"/> is consumed.</summary>
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

    /// <summary>Byte k of <paramref name="even"/> to byte 2k, byte k of <paramref name="odd"/> to byte 2k + 1.</summary>
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

    /// <summary>Exchanges the bits of <paramref name="low"/> at (mask positions + shift) with the bits of <paramref name="high"/> at the mask positions.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SwapBits(ref ulong low, ref ulong high, ulong mask, int shift)
    {
        ulong t = ((low >> shift) ^ high) & mask;
        high ^= t;
        low ^= t << shift;
    }

    // ---- Rijndael's layers on bit planes ----

    /// <summary>
    /// SubBytes on 64 bytes at once: Boyar and Peralta's 113-gate circuit (32 AND, 83 XOR/XNOR) for the AES S-box,
    /// from "A new combinational logic minimization technique with applications to cryptology" (SEA 2010): a linear
    /// top layer (T), the shared non-linear middle (M), a linear bottom layer (L). The circuit numbers bits from the
    /// most significant (U0 = bit 7), so U0 is plane 7.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void SubBytes(ref BitPlanes q)
    {
        ulong u0 = q.P7, u1 = q.P6, u2 = q.P5, u3 = q.P4, u4 = q.P3, u5 = q.P2, u6 = q.P1, u7 = q.P0;

        ulong t1 = u0 ^ u3;
        ulong t2 = u0 ^ u5;
        ulong t3 = u0 ^ u6;
        ulong t4 = u3 ^ u5;
        ulong t5 = u4 ^ u6;
        ulong t6 = t1 ^ t5;
        ulong t7 = u1 ^ u2;
        ulong t8 = u7 ^ t6;
        ulong t9 = u7 ^ t7;
        ulong t10 = t6 ^ t7;
        ulong t11 = u1 ^ u5;
        ulong t12 = u2 ^ u5;
        ulong t13 = t3 ^ t4;
        ulong t14 = t6 ^ t11;
        ulong t15 = t5 ^ t11;
        ulong t16 = t5 ^ t12;
        ulong t17 = t9 ^ t16;
        ulong t18 = u3 ^ u7;
        ulong t19 = t7 ^ t18;
        ulong t20 = t1 ^ t19;
        ulong t21 = u6 ^ u7;
        ulong t22 = t7 ^ t21;
        ulong t23 = t2 ^ t22;
        ulong t24 = t2 ^ t10;
        ulong t25 = t20 ^ t17;
        ulong t26 = t3 ^ t16;
        ulong t27 = t1 ^ t12;

        ulong m1 = t13 & t6;
        ulong m2 = t23 & t8;
        ulong m3 = t14 ^ m1;
        ulong m4 = t19 & u7;
        ulong m5 = m4 ^ m1;
        ulong m6 = t3 & t16;
        ulong m7 = t22 & t9;
        ulong m8 = t26 ^ m6;
        ulong m9 = t20 & t17;
        ulong m10 = m9 ^ m6;
        ulong m11 = t1 & t15;
        ulong m12 = t4 & t27;
        ulong m13 = m12 ^ m11;
        ulong m14 = t2 & t10;
        ulong m15 = m14 ^ m11;
        ulong m16 = m3 ^ m2;
        ulong m17 = m5 ^ t24;
        ulong m18 = m8 ^ m7;
        ulong m19 = m10 ^ m15;
        ulong m20 = m16 ^ m13;
        ulong m21 = m17 ^ m15;
        ulong m22 = m18 ^ m13;
        ulong m23 = m19 ^ t25;
        ulong m24 = m22 ^ m23;
        ulong m25 = m22 & m20;
        ulong m26 = m21 ^ m25;
        ulong m27 = m20 ^ m21;
        ulong m28 = m23 ^ m25;
        ulong m29 = m28 & m27;
        ulong m30 = m26 & m24;
        ulong m31 = m20 & m23;
        ulong m32 = m27 & m31;
        ulong m33 = m27 ^ m25;
        ulong m34 = m21 & m22;
        ulong m35 = m24 & m34;
        ulong m36 = m24 ^ m25;
        ulong m37 = m21 ^ m29;
        ulong m38 = m32 ^ m33;
        ulong m39 = m23 ^ m30;
        ulong m40 = m35 ^ m36;
        ulong m41 = m38 ^ m40;
        ulong m42 = m37 ^ m39;
        ulong m43 = m37 ^ m38;
        ulong m44 = m39 ^ m40;
        ulong m45 = m42 ^ m41;
        ulong m46 = m44 & t6;
        ulong m47 = m40 & t8;
        ulong m48 = m39 & u7;
        ulong m49 = m43 & t16;
        ulong m50 = m38 & t9;
        ulong m51 = m37 & t17;
        ulong m52 = m42 & t15;
        ulong m53 = m45 & t27;
        ulong m54 = m41 & t10;
        ulong m55 = m44 & t13;
        ulong m56 = m40 & t23;
        ulong m57 = m39 & t19;
        ulong m58 = m43 & t3;
        ulong m59 = m38 & t22;
        ulong m60 = m37 & t20;
        ulong m61 = m42 & t1;
        ulong m62 = m45 & t4;
        ulong m63 = m41 & t2;

        ulong l0 = m61 ^ m62;
        ulong l1 = m50 ^ m56;
        ulong l2 = m46 ^ m48;
        ulong l3 = m47 ^ m55;
        ulong l4 = m54 ^ m58;
        ulong l5 = m49 ^ m61;
        ulong l6 = m62 ^ l5;
        ulong l7 = m46 ^ l3;
        ulong l8 = m51 ^ m59;
        ulong l9 = m52 ^ m53;
        ulong l10 = m53 ^ l4;
        ulong l11 = m60 ^ l2;
        ulong l12 = m48 ^ m51;
        ulong l13 = m50 ^ l0;
        ulong l14 = m52 ^ m61;
        ulong l15 = m55 ^ l1;
        ulong l16 = m56 ^ l0;
        ulong l17 = m57 ^ l1;
        ulong l18 = m58 ^ l8;
        ulong l19 = m63 ^ l4;
        ulong l20 = l0 ^ l1;
        ulong l21 = l1 ^ l7;
        ulong l22 = l3 ^ l12;
        ulong l23 = l18 ^ l2;
        ulong l24 = l15 ^ l9;
        ulong l25 = l6 ^ l10;
        ulong l26 = l7 ^ l9;
        ulong l27 = l8 ^ l10;
        ulong l28 = l11 ^ l14;
        ulong l29 = l11 ^ l17;

        q.P7 = l6 ^ l24;
        q.P6 = ~(l16 ^ l26);
        q.P5 = ~(l19 ^ l28);
        q.P4 = l6 ^ l21;
        q.P3 = l20 ^ l22;
        q.P2 = l25 ^ l29;
        q.P1 = ~(l13 ^ l27);
        q.P0 = ~(l6 ^ l23);
    }

    /// <summary>
    /// InvSubBytes: the S-box is S(x) = A(x⁻¹) with A affine, so S⁻¹(y) = A⁻¹(S(A⁻¹(y))): the forward circuit between
    /// two inverse affine maps. A⁻¹ sets bit i to b(i+2) ⊕ b(i+5) ⊕ b(i+7) (indices mod 8) ⊕ bit i of 0x05.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void InverseSubBytes(ref BitPlanes q)
    {
        InverseAffine(ref q);
        SubBytes(ref q);
        InverseAffine(ref q);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void InverseAffine(ref BitPlanes q)
    {
        ulong b0 = q.P0, b1 = q.P1, b2 = q.P2, b3 = q.P3, b4 = q.P4, b5 = q.P5, b6 = q.P6, b7 = q.P7;
        q.P0 = ~(b2 ^ b5 ^ b7);
        q.P1 = b3 ^ b6 ^ b0;
        q.P2 = ~(b4 ^ b7 ^ b1);
        q.P3 = b5 ^ b0 ^ b2;
        q.P4 = b6 ^ b1 ^ b3;
        q.P5 = b7 ^ b2 ^ b4;
        q.P6 = b0 ^ b3 ^ b5;
        q.P7 = b1 ^ b4 ^ b6;
    }

    /// <summary>Row r + 1 moved to row r (rows are the 16-bit lanes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong NextRow(ulong x) => (x >> 16) | (x << 48);

    /// <summary>Row r + 2 moved to row r.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong RowPlusTwo(ulong x) => (x >> 32) | (x << 32);

    /// <summary>
    /// MixColumns: out_r = 2·a_r ⊕ 3·a_(r+1) ⊕ a_(r+2) ⊕ a_(r+3) = 2·s ⊕ a_(r+1) ⊕ (s moved up two rows), with
    /// s = a_r ⊕ a_(r+1). Doubling in GF(2^8) shifts the planes up by one and folds plane 7 into planes 0, 1, 3, 4
    /// (the polynomial x^8 + x^4 + x^3 + x + 1).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void MixColumns(ref BitPlanes q)
    {
        ulong r0 = NextRow(q.P0), r1 = NextRow(q.P1), r2 = NextRow(q.P2), r3 = NextRow(q.P3);
        ulong r4 = NextRow(q.P4), r5 = NextRow(q.P5), r6 = NextRow(q.P6), r7 = NextRow(q.P7);
        ulong s0 = q.P0 ^ r0, s1 = q.P1 ^ r1, s2 = q.P2 ^ r2, s3 = q.P3 ^ r3;
        ulong s4 = q.P4 ^ r4, s5 = q.P5 ^ r5, s6 = q.P6 ^ r6, s7 = q.P7 ^ r7;
        q.P0 = s7 ^ r0 ^ RowPlusTwo(s0);
        q.P1 = s0 ^ s7 ^ r1 ^ RowPlusTwo(s1);
        q.P2 = s1 ^ r2 ^ RowPlusTwo(s2);
        q.P3 = s2 ^ s7 ^ r3 ^ RowPlusTwo(s3);
        q.P4 = s3 ^ s7 ^ r4 ^ RowPlusTwo(s4);
        q.P5 = s4 ^ r5 ^ RowPlusTwo(s5);
        q.P6 = s5 ^ r6 ^ RowPlusTwo(s6);
        q.P7 = s6 ^ r7 ^ RowPlusTwo(s7);
    }

    /// <summary>
    /// InvMixColumns. Its matrix (14, 11, 13, 9) is MixColumns' (2, 3, 1, 1) times (5, 0, 4, 0), so first
    /// a_r ← a_r ⊕ 4·(a_r ⊕ a_(r+2)), then MixColumns. Multiplying by 4 is two doublings, written out per plane.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void InverseMixColumns(ref BitPlanes q)
    {
        ulong u0 = q.P0 ^ RowPlusTwo(q.P0), u1 = q.P1 ^ RowPlusTwo(q.P1), u2 = q.P2 ^ RowPlusTwo(q.P2), u3 = q.P3 ^ RowPlusTwo(q.P3);
        ulong u4 = q.P4 ^ RowPlusTwo(q.P4), u5 = q.P5 ^ RowPlusTwo(q.P5), u6 = q.P6 ^ RowPlusTwo(q.P6), u7 = q.P7 ^ RowPlusTwo(q.P7);
        q.P0 ^= u6;
        q.P1 ^= u6 ^ u7;
        q.P2 ^= u0 ^ u7;
        q.P3 ^= u1 ^ u6;
        q.P4 ^= u2 ^ u6 ^ u7;
        q.P5 ^= u3 ^ u7;
        q.P6 ^= u4;
        q.P7 ^= u5;
        MixColumns(ref q);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddRoundKey(ref BitPlanes q, ref ulong roundKey)
    {
        q.P0 ^= roundKey;
        q.P1 ^= Unsafe.Add(ref roundKey, 1);
        q.P2 ^= Unsafe.Add(ref roundKey, 2);
        q.P3 ^= Unsafe.Add(ref roundKey, 3);
        q.P4 ^= Unsafe.Add(ref roundKey, 4);
        q.P5 ^= Unsafe.Add(ref roundKey, 5);
        q.P6 ^= Unsafe.Add(ref roundKey, 6);
        q.P7 ^= Unsafe.Add(ref roundKey, 7);
    }

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

        var q = new BitPlanes { P0 = planes[0], P1 = planes[1], P2 = planes[2], P3 = planes[3], P4 = planes[4], P5 = planes[5], P6 = planes[6], P7 = planes[7] };
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

/// <summary>Eight bit planes of 64 state bytes (plane i holds bit i of each byte); see <see cref="RijndaelBitslice"/>.</summary>
internal struct BitPlanes
{
    public ulong P0, P1, P2, P3, P4, P5, P6, P7;
}
