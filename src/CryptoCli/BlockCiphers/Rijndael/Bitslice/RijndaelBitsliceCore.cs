// The circuits and round loops of the bitsliced Rijndael kernel, written once over a plane word TWord: on .NET a type
// parameter (ulong, Vector128 or Vector256 lanes, see IPlaneWord.Vector.cs), on netstandard2.0 an alias of ulong.
#if !NET
using TWord = System.UInt64;
#endif
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Rijndael's rounds on bit planes (layout in <see cref="RijndaelBitslice"/>), over words of one or more 64-bit lanes,
/// each lane a batch of its own. Only bitwise operations and shifts by public amounts: constant-time.
/// </summary>
#if NET
internal static class RijndaelBitsliceCore<TWord>
    where TWord : struct, IPlaneWord<TWord>
#else
internal static class RijndaelBitsliceCore
#endif
{
#if NET
    private static int Lanes => TWord.Lanes;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TWord Broadcast(ulong value) => TWord.Broadcast(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TWord FromLanes(ReadOnlySpan<ulong> lanes) => TWord.FromLanes(lanes);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TWord FromLanes(ulong lane0, ulong lane1, ulong lane2, ulong lane3) =>
        TWord.FromLanes(lane0, lane1, lane2, lane3);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Lane(TWord word, int index) => TWord.Lane(word, index);
#else
    private static int Lanes => 1;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TWord Broadcast(ulong value) => value;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TWord FromLanes(ulong lane0, ulong lane1, ulong lane2, ulong lane3) => lane0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Lane(TWord word, int index) => index == 0 ? word : 0;
#endif

    /// <summary>
    /// How each layer compiles: a call of its own, not inlined (see the loops), and on .NET fully optimized at once. A
    /// layer left to tiering starts as unoptimized code in which every plane-word operator is a call, and on a loaded
    /// machine it was seen to stay there for whole benchmark runs.
    /// </summary>
    private const MethodImplOptions Layer = MethodImplOptions.NoInlining | CompileOptions.OptimizeAtOnce;

    /// <summary>Eight bit planes: plane i holds bit i of the state bytes of every lane's batch.</summary>
    public struct Planes
    {
        public TWord P0, P1, P2, P3, P4, P5, P6, P7;
    }

    // Both loops compile fully optimized at once: through tiering, a long call would run its first passes in
    // unoptimized code (every operator a call) and then through on-stack replacement. Each layer (SubBytes, ShiftRows,
    // MixColumns, ...) is a method of its own, not inlined: inlined all into one loop, they exhaust the JIT's inlining
    // budget and the plane-word operators inside become calls, many times slower.

    /// <summary>
    /// Encrypts <paramref name="length"/> bytes (whole blocks) in steps of <see cref="Lanes"/> batches of
    /// <paramref name="batchBytes"/>; the last step may hold partial or empty batches. In place is allowed.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void Encrypt(ref byte source, ref byte destination, int length, int batchBytes,
        ReadOnlySpan<ulong> roundKeys, in RowShiftPattern pattern)
    {
        ref ulong keys = ref MemoryMarshal.GetReference(roundKeys);
        int rounds = roundKeys.Length / 8 - 1;
        var shiftRows = new RowShifter(pattern);
        for (int offset = 0; offset < length; offset += Lanes * batchBytes)
        {
            LoadLanes(ref source, offset, length, batchBytes, out Planes q);
            AddRoundKey(ref q, ref keys);
            for (int round = 1; round < rounds; round++)
            {
                SubBytes(ref q);
                shiftRows.Apply(ref q);
                MixColumns(ref q);
                AddRoundKey(ref q, ref Unsafe.Add(ref keys, 8 * round));
            }

            SubBytes(ref q);
            shiftRows.Apply(ref q);
            AddRoundKey(ref q, ref Unsafe.Add(ref keys, 8 * rounds));
            StoreLanes(ref q, ref destination, offset, length, batchBytes);
        }
    }

    /// <summary>
    /// Decrypts with the inverse cipher in its direct form (FIPS-197 §5.3): the encryption round keys in reverse order,
    /// <paramref name="pattern"/> being the inverse ShiftRows.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void Decrypt(ref byte source, ref byte destination, int length, int batchBytes,
        ReadOnlySpan<ulong> roundKeys, in RowShiftPattern pattern)
    {
        ref ulong keys = ref MemoryMarshal.GetReference(roundKeys);
        int rounds = roundKeys.Length / 8 - 1;
        var inverseShiftRows = new RowShifter(pattern);
        for (int offset = 0; offset < length; offset += Lanes * batchBytes)
        {
            LoadLanes(ref source, offset, length, batchBytes, out Planes q);
            AddRoundKey(ref q, ref Unsafe.Add(ref keys, 8 * rounds));
            for (int round = rounds - 1; round > 0; round--)
            {
                inverseShiftRows.Apply(ref q);
                InverseSubBytes(ref q);
                AddRoundKey(ref q, ref Unsafe.Add(ref keys, 8 * round));
                InverseMixColumns(ref q);
            }

            inverseShiftRows.Apply(ref q);
            InverseSubBytes(ref q);
            AddRoundKey(ref q, ref keys);
            StoreLanes(ref q, ref destination, offset, length, batchBytes);
        }
    }

    /// <summary>SubBytes, or InvSubBytes, on one set of 64-bit planes (the key schedule and the tests).</summary>
    internal static void SubBytes(ref BitPlanes b, bool inverse)
    {
        var q = new Planes
        {
            P0 = Broadcast(b.P0), P1 = Broadcast(b.P1), P2 = Broadcast(b.P2), P3 = Broadcast(b.P3),
            P4 = Broadcast(b.P4), P5 = Broadcast(b.P5), P6 = Broadcast(b.P6), P7 = Broadcast(b.P7),
        };
        if (inverse)
        {
            InverseSubBytes(ref q);
        }
        else
        {
            SubBytes(ref q);
        }

        // Lane 0 straight from the registers: no stack buffer to wipe (see LoadLanes for why that matters).
        b.P0 = Lane(q.P0, 0);
        b.P1 = Lane(q.P1, 0);
        b.P2 = Lane(q.P2, 0);
        b.P3 = Lane(q.P3, 0);
        b.P4 = Lane(q.P4, 0);
        b.P5 = Lane(q.P5, 0);
        b.P6 = Lane(q.P6, 0);
        b.P7 = Lane(q.P7, 0);
        q = default;
    }

    /// <summary>
    /// Bytes of the batch of lane <paramref name="lane"/> that lie inside the input (0 for an empty lane).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int LaneBytes(int offset, int lane, int length, int batchBytes) =>
        Math.Max(0, Math.Min(batchBytes, length - offset - lane * batchBytes));

    /// <summary>
    /// Transposes up to <see cref="Lanes"/> batches into bit planes and gathers them, lane by lane, into plane words.
    /// The planes go from general-purpose registers into vector registers (and back in <see cref="StoreLanes"/>) by
    /// register moves, never through a stack buffer that is stored in one width, read in another, and then wiped:
    /// with such a buffer (and its wipe by CryptographicOperations.ZeroMemory right after the vector stores), the
    /// Vector128/Vector256 widths showed a data-dependent time. The measurements are in docs/bitsliced-rijndael.md.
    /// </summary>
    [MethodImpl(Layer)]
    private static void LoadLanes(ref byte source, int offset, int length, int batchBytes, out Planes q)
    {
        LoadBatch(ref source, offset, 0, length, batchBytes, out BitPlanes b0);
        BitPlanes b1 = default, b2 = default, b3 = default;
        if (Lanes > 1)
        {
            LoadBatch(ref source, offset, 1, length, batchBytes, out b1);
        }

        if (Lanes > 2)
        {
            LoadBatch(ref source, offset, 2, length, batchBytes, out b2);
            LoadBatch(ref source, offset, 3, length, batchBytes, out b3);
        }

        q.P0 = FromLanes(b0.P0, b1.P0, b2.P0, b3.P0);
        q.P1 = FromLanes(b0.P1, b1.P1, b2.P1, b3.P1);
        q.P2 = FromLanes(b0.P2, b1.P2, b2.P2, b3.P2);
        q.P3 = FromLanes(b0.P3, b1.P3, b2.P3, b3.P3);
        q.P4 = FromLanes(b0.P4, b1.P4, b2.P4, b3.P4);
        q.P5 = FromLanes(b0.P5, b1.P5, b2.P5, b3.P5);
        q.P6 = FromLanes(b0.P6, b1.P6, b2.P6, b3.P6);
        q.P7 = FromLanes(b0.P7, b1.P7, b2.P7, b3.P7);
    }

    /// <summary>The bit planes of the batch of lane <paramref name="lane"/>, zero when the lane is empty.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LoadBatch(ref byte source, int offset, int lane, int length, int batchBytes, out BitPlanes b)
    {
        b = default;
        int bytes = LaneBytes(offset, lane, length, batchBytes);
        if (bytes > 0)
        {
            RijndaelBitslice.Load(ref Unsafe.Add(ref source, offset + lane * batchBytes), bytes / 4, out b);
        }
    }

    /// <summary>
    /// The inverse of <see cref="LoadLanes"/>: each lane's planes read from the registers, then stored as bytes.
    /// </summary>
    [MethodImpl(Layer)]
    private static void StoreLanes(ref Planes q, ref byte destination, int offset, int length, int batchBytes)
    {
        StoreBatch(ref q, 0, ref destination, offset, length, batchBytes);
        if (Lanes > 1)
        {
            StoreBatch(ref q, 1, ref destination, offset, length, batchBytes);
        }

        if (Lanes > 2)
        {
            StoreBatch(ref q, 2, ref destination, offset, length, batchBytes);
            StoreBatch(ref q, 3, ref destination, offset, length, batchBytes);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreBatch(ref Planes q, int lane, ref byte destination, int offset, int length, int batchBytes)
    {
        int bytes = LaneBytes(offset, lane, length, batchBytes);
        if (bytes > 0)
        {
            var b = new BitPlanes
            {
                P0 = Lane(q.P0, lane), P1 = Lane(q.P1, lane), P2 = Lane(q.P2, lane), P3 = Lane(q.P3, lane),
                P4 = Lane(q.P4, lane), P5 = Lane(q.P5, lane), P6 = Lane(q.P6, lane), P7 = Lane(q.P7, lane),
            };
            RijndaelBitslice.Store(ref b, ref Unsafe.Add(ref destination, offset + lane * batchBytes), bytes / 4);
        }
    }

    // ---- Rijndael's layers on bit planes ----


    /// <summary>
    /// SubBytes on 64 bytes at once: Boyar and Peralta's 113-gate circuit (32 AND, 83 XOR/XNOR) for the AES S-box,
    /// from "A new combinational logic minimization technique with applications to cryptology" (SEA 2010): a linear
    /// top layer (T), the shared non-linear middle (M), a linear bottom layer (L). The circuit numbers bits from the
    /// most significant (U0 = bit 7), so U0 is plane 7.
    /// </summary>
    [MethodImpl(Layer)]
    private static void SubBytes(ref Planes q)
    {
        TWord u0 = q.P7, u1 = q.P6, u2 = q.P5, u3 = q.P4, u4 = q.P3, u5 = q.P2, u6 = q.P1, u7 = q.P0;

        TWord t1 = u0 ^ u3;
        TWord t2 = u0 ^ u5;
        TWord t3 = u0 ^ u6;
        TWord t4 = u3 ^ u5;
        TWord t5 = u4 ^ u6;
        TWord t6 = t1 ^ t5;
        TWord t7 = u1 ^ u2;
        TWord t8 = u7 ^ t6;
        TWord t9 = u7 ^ t7;
        TWord t10 = t6 ^ t7;
        TWord t11 = u1 ^ u5;
        TWord t12 = u2 ^ u5;
        TWord t13 = t3 ^ t4;
        TWord t14 = t6 ^ t11;
        TWord t15 = t5 ^ t11;
        TWord t16 = t5 ^ t12;
        TWord t17 = t9 ^ t16;
        TWord t18 = u3 ^ u7;
        TWord t19 = t7 ^ t18;
        TWord t20 = t1 ^ t19;
        TWord t21 = u6 ^ u7;
        TWord t22 = t7 ^ t21;
        TWord t23 = t2 ^ t22;
        TWord t24 = t2 ^ t10;
        TWord t25 = t20 ^ t17;
        TWord t26 = t3 ^ t16;
        TWord t27 = t1 ^ t12;

        TWord m1 = t13 & t6;
        TWord m2 = t23 & t8;
        TWord m3 = t14 ^ m1;
        TWord m4 = t19 & u7;
        TWord m5 = m4 ^ m1;
        TWord m6 = t3 & t16;
        TWord m7 = t22 & t9;
        TWord m8 = t26 ^ m6;
        TWord m9 = t20 & t17;
        TWord m10 = m9 ^ m6;
        TWord m11 = t1 & t15;
        TWord m12 = t4 & t27;
        TWord m13 = m12 ^ m11;
        TWord m14 = t2 & t10;
        TWord m15 = m14 ^ m11;
        TWord m16 = m3 ^ m2;
        TWord m17 = m5 ^ t24;
        TWord m18 = m8 ^ m7;
        TWord m19 = m10 ^ m15;
        TWord m20 = m16 ^ m13;
        TWord m21 = m17 ^ m15;
        TWord m22 = m18 ^ m13;
        TWord m23 = m19 ^ t25;
        TWord m24 = m22 ^ m23;
        TWord m25 = m22 & m20;
        TWord m26 = m21 ^ m25;
        TWord m27 = m20 ^ m21;
        TWord m28 = m23 ^ m25;
        TWord m29 = m28 & m27;
        TWord m30 = m26 & m24;
        TWord m31 = m20 & m23;
        TWord m32 = m27 & m31;
        TWord m33 = m27 ^ m25;
        TWord m34 = m21 & m22;
        TWord m35 = m24 & m34;
        TWord m36 = m24 ^ m25;
        TWord m37 = m21 ^ m29;
        TWord m38 = m32 ^ m33;
        TWord m39 = m23 ^ m30;
        TWord m40 = m35 ^ m36;
        TWord m41 = m38 ^ m40;
        TWord m42 = m37 ^ m39;
        TWord m43 = m37 ^ m38;
        TWord m44 = m39 ^ m40;
        TWord m45 = m42 ^ m41;
        TWord m46 = m44 & t6;
        TWord m47 = m40 & t8;
        TWord m48 = m39 & u7;
        TWord m49 = m43 & t16;
        TWord m50 = m38 & t9;
        TWord m51 = m37 & t17;
        TWord m52 = m42 & t15;
        TWord m53 = m45 & t27;
        TWord m54 = m41 & t10;
        TWord m55 = m44 & t13;
        TWord m56 = m40 & t23;
        TWord m57 = m39 & t19;
        TWord m58 = m43 & t3;
        TWord m59 = m38 & t22;
        TWord m60 = m37 & t20;
        TWord m61 = m42 & t1;
        TWord m62 = m45 & t4;
        TWord m63 = m41 & t2;

        TWord l0 = m61 ^ m62;
        TWord l1 = m50 ^ m56;
        TWord l2 = m46 ^ m48;
        TWord l3 = m47 ^ m55;
        TWord l4 = m54 ^ m58;
        TWord l5 = m49 ^ m61;
        TWord l6 = m62 ^ l5;
        TWord l7 = m46 ^ l3;
        TWord l8 = m51 ^ m59;
        TWord l9 = m52 ^ m53;
        TWord l10 = m53 ^ l4;
        TWord l11 = m60 ^ l2;
        TWord l12 = m48 ^ m51;
        TWord l13 = m50 ^ l0;
        TWord l14 = m52 ^ m61;
        TWord l15 = m55 ^ l1;
        TWord l16 = m56 ^ l0;
        TWord l17 = m57 ^ l1;
        TWord l18 = m58 ^ l8;
        TWord l19 = m63 ^ l4;
        TWord l20 = l0 ^ l1;
        TWord l21 = l1 ^ l7;
        TWord l22 = l3 ^ l12;
        TWord l23 = l18 ^ l2;
        TWord l24 = l15 ^ l9;
        TWord l25 = l6 ^ l10;
        TWord l26 = l7 ^ l9;
        TWord l27 = l8 ^ l10;
        TWord l28 = l11 ^ l14;
        TWord l29 = l11 ^ l17;

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
    [MethodImpl(Layer)]
    private static void InverseSubBytes(ref Planes q)
    {
        InverseAffine(ref q);
        SubBytes(ref q);
        InverseAffine(ref q);
    }

    [MethodImpl(Layer)]
    private static void InverseAffine(ref Planes q)
    {
        TWord b0 = q.P0, b1 = q.P1, b2 = q.P2, b3 = q.P3, b4 = q.P4, b5 = q.P5, b6 = q.P6, b7 = q.P7;
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
    private static TWord NextRow(TWord x) => (x >> 16) | (x << 48);

    /// <summary>Row r + 2 moved to row r.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TWord RowPlusTwo(TWord x) => (x >> 32) | (x << 32);

    /// <summary>
    /// MixColumns: out_r = 2·a_r ⊕ 3·a_(r+1) ⊕ a_(r+2) ⊕ a_(r+3) = 2·s ⊕ a_(r+1) ⊕ (s moved up two rows), with
    /// s = a_r ⊕ a_(r+1). Doubling in GF(2^8) shifts the planes up by one and folds plane 7 into planes 0, 1, 3, 4
    /// (the polynomial x^8 + x^4 + x^3 + x + 1).
    /// </summary>
    [MethodImpl(Layer)]
    private static void MixColumns(ref Planes q)
    {
        TWord r0 = NextRow(q.P0), r1 = NextRow(q.P1), r2 = NextRow(q.P2), r3 = NextRow(q.P3);
        TWord r4 = NextRow(q.P4), r5 = NextRow(q.P5), r6 = NextRow(q.P6), r7 = NextRow(q.P7);
        TWord s0 = q.P0 ^ r0, s1 = q.P1 ^ r1, s2 = q.P2 ^ r2, s3 = q.P3 ^ r3;
        TWord s4 = q.P4 ^ r4, s5 = q.P5 ^ r5, s6 = q.P6 ^ r6, s7 = q.P7 ^ r7;
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
    [MethodImpl(Layer)]
    private static void InverseMixColumns(ref Planes q)
    {
        TWord u0 = q.P0 ^ RowPlusTwo(q.P0), u1 = q.P1 ^ RowPlusTwo(q.P1), u2 = q.P2 ^ RowPlusTwo(q.P2),
            u3 = q.P3 ^ RowPlusTwo(q.P3);
        TWord u4 = q.P4 ^ RowPlusTwo(q.P4), u5 = q.P5 ^ RowPlusTwo(q.P5), u6 = q.P6 ^ RowPlusTwo(q.P6),
            u7 = q.P7 ^ RowPlusTwo(q.P7);
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

    /// <summary>XORs the eight planes of one round key (equal for every batch, so broadcast to every lane).</summary>
    [MethodImpl(Layer)]
    private static void AddRoundKey(ref Planes q, ref ulong roundKey)
    {
        q.P0 ^= Broadcast(roundKey);
        q.P1 ^= Broadcast(Unsafe.Add(ref roundKey, 1));
        q.P2 ^= Broadcast(Unsafe.Add(ref roundKey, 2));
        q.P3 ^= Broadcast(Unsafe.Add(ref roundKey, 3));
        q.P4 ^= Broadcast(Unsafe.Add(ref roundKey, 4));
        q.P5 ^= Broadcast(Unsafe.Add(ref roundKey, 5));
        q.P6 ^= Broadcast(Unsafe.Add(ref roundKey, 6));
        q.P7 ^= Broadcast(Unsafe.Add(ref roundKey, 7));
    }

    /// <summary>ShiftRows of <see cref="RowShiftPattern"/> with its masks broadcast to every lane.</summary>
    private readonly struct RowShifter
    {
        private readonly TWord _row0, _down1, _up1, _down2, _up2, _down3, _up3;
        private readonly int _shift1, _shift2, _shift3, _wrap1, _wrap2, _wrap3;

        public RowShifter(in RowShiftPattern pattern)
        {
            _row0 = Broadcast(pattern.Row0);
            (_down1, _up1) = (Broadcast(pattern.Down1), Broadcast(pattern.Up1));
            (_down2, _up2) = (Broadcast(pattern.Down2), Broadcast(pattern.Up2));
            (_down3, _up3) = (Broadcast(pattern.Down3), Broadcast(pattern.Up3));
            (_shift1, _shift2, _shift3) = (pattern.Shift1, pattern.Shift2, pattern.Shift3);
            (_wrap1, _wrap2, _wrap3) = (pattern.Wrap1, pattern.Wrap2, pattern.Wrap3);
        }

        [MethodImpl(Layer)]
        public void Apply(ref Planes q)
        {
            q.P0 = Shift(q.P0);
            q.P1 = Shift(q.P1);
            q.P2 = Shift(q.P2);
            q.P3 = Shift(q.P3);
            q.P4 = Shift(q.P4);
            q.P5 = Shift(q.P5);
            q.P6 = Shift(q.P6);
            q.P7 = Shift(q.P7);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private TWord Shift(TWord x) =>
            (x & _row0) |
            ((x >> _shift1) & _down1) | ((x << _wrap1) & _up1) |
            ((x >> _shift2) & _down2) | ((x << _wrap2) & _up2) |
            ((x >> _shift3) & _down3) | ((x << _wrap3) & _up3);
    }
}
