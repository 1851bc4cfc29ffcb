// Camellia (RFC 3713), byte-sliced rounds written once for every register width and S-box backend.
// Design of the Linux kernel's and libgcrypt's camellia-aesni-avx/avx2 code (J. Kivilinna): a batch of blocks is
// transposed so that register j holds byte j of every block (16 registers: D1 = bytes 0..7, D2 = bytes 8..15); an
// S-box is then a backend's byte-wise operation on a whole register, P, FL and FL^-1 are byte-wise XOR/AND/OR between
// registers. The width type (CamelliaSlice128: 16 blocks in 128-bit registers, CamelliaSlice256: 32 blocks in 256-bit
// registers, CamelliaSlice512: 64 blocks in 512-bit registers) supplies the instructions; the backend
// (CamelliaAesNiSBoxes: AES-NI and nibble shuffles; CamelliaGfniSBoxes: two GFNI affine instructions) the S-boxes and
// the round-key form. The JIT compiles one copy per (width, backend) pair, with everything inlined.
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace CryptoCli;

/// <summary>
/// A register of byte slices: byte j of <see cref="Blocks"/> blocks, one block per byte lane. Shuffles and the AES
/// instructions work within each 128-bit part, as x86's do.
/// </summary>
internal interface ICamelliaSlice<TSelf>
    where TSelf : struct, ICamelliaSlice<TSelf>
{
    /// <summary>Blocks per register, and so per byte-sliced batch (16 per 128 bits).</summary>
    public static abstract int Blocks { get; }

    /// <summary>The 16-byte pattern repeated in every 128-bit part.</summary>
    public static abstract TSelf Create(Vector128<byte> pattern);

    public static abstract TSelf Create(byte value);

    public static abstract TSelf Load(ref byte source, nuint offset);

    public static abstract void Store(TSelf value, ref byte destination, nuint offset);

    public static abstract TSelf operator ^(TSelf left, TSelf right);

    public static abstract TSelf operator &(TSelf left, TSelf right);

    public static abstract TSelf operator |(TSelf left, TSelf right);

    /// <summary>Each byte doubled (shifted left by one within the byte).</summary>
    public static abstract TSelf Double(TSelf value);

    /// <summary>
    /// A logical right shift of every 16-bit element (the caller masks what crossed a byte boundary).
    /// </summary>
    public static abstract TSelf ShiftRightLogical16(TSelf value, [ConstantExpected] byte count);

    /// <summary>
    /// PSHUFB in every 128-bit part: byte i becomes table[indices[i] &amp; 15] (0 where bit 7 is set).
    /// </summary>
    public static abstract TSelf Shuffle(TSelf table, TSelf indices);

    /// <summary>AESENCLAST with a zero round key in every 128-bit part (ShiftRows, then SubBytes).</summary>
    public static abstract TSelf AesEncryptLast(TSelf value);

    /// <summary>AESDECLAST with a zero round key in every 128-bit part (InvShiftRows, then InvSubBytes).</summary>
    public static abstract TSelf AesDecryptLast(TSelf value);

    /// <summary>32-bit words interleaved from the low (high) halves of every 128-bit part.</summary>
    public static abstract TSelf UnpackLow32(TSelf left, TSelf right);

    public static abstract TSelf UnpackHigh32(TSelf left, TSelf right);

    public static abstract TSelf UnpackLow64(TSelf left, TSelf right);

    public static abstract TSelf UnpackHigh64(TSelf left, TSelf right);
#if NET10_0_OR_GREATER

    /// <summary>
    /// GF2P8AFFINEQB: every byte x becomes matrix * x + constant over GF(2), with the 8x8 bit matrix taken from the
    /// 64-bit word of <paramref name="matrix"/> that holds the byte's lane.
    /// </summary>
    public static abstract TSelf GaloisFieldAffineTransform(TSelf x, TSelf matrix, [ConstantExpected] byte constant);

    /// <summary>
    /// GF2P8AFFINEINVQB: as <see cref="GaloisFieldAffineTransform"/> applied to the byte's inverse in the AES field (0
    /// to 0).
    /// </summary>
    public static abstract TSelf GaloisFieldAffineTransformInverse(TSelf x, TSelf matrix,
        [ConstantExpected] byte constant);
#endif
}

/// <summary>
/// The S-boxes of a byte-sliced kernel and the form its round keys take. Rounds alternate between
/// D2 ^= F(D1) (<c>inverse</c> false) and D1 ^= F(D2) (<c>inverse</c> true), so a backend whose S-box step permutes
/// the lanes of a 128-bit part can undo its permutation every second round (the AES-NI backend's ShiftRows).
/// </summary>
internal interface ICamelliaSBoxes
{
    /// <summary>
    /// The lane permutation (as a PSHUFB mask) applied to D2 once on entry, so that its lanes line up with the
    /// output of the forward rounds; its inverse is applied on exit. The identity for a backend that permutes nothing.
    /// </summary>
    public static abstract Vector128<byte> EntryPermutation { get; }

    public static abstract Vector128<byte> ExitPermutation { get; }

    /// <summary>
    /// Round key byte <paramref name="position"/> (0 = most significant) in the form <see cref="SBox"/> takes.
    /// </summary>
    public static abstract Vector128<byte> RoundKey(byte keyByte, int position, bool inverse);

    /// <summary>
    /// The S-box of byte <paramref name="position"/> (s1, s2, s3, s4, s2, s3, s4, s1) of x XOR the round key.
    /// </summary>
    public static abstract TSlice SBox<TSlice>(TSlice x, TSlice roundKey, int position, bool inverse)
        where TSlice : struct, ICamelliaSlice<TSlice>;
}

/// <summary>
/// The byte-sliced rounds. The key schedule is 16 slices per 128 bits of subkeys: whitening and FL keys as the key byte
/// in every lane, round keys in the backend's form. The state is 16 slices per batch; batches are encrypted together,
/// round by round, so that one batch's work fills the other's wait for the end of a round (a round's output feeds every
/// S-box of the next one).
/// </summary>
internal static class CamelliaByteSliced<TSlice, TSBoxes>
    where TSlice : struct, ICamelliaSlice<TSlice>
    where TSBoxes : struct, ICamelliaSBoxes
{
    /// <summary>Bytes per batch: 16 blocks per 128 bits of register.</summary>
    public static int BatchBytes => 16 * TSlice.Blocks;

    /// <summary>
    /// Encrypts (or decrypts, with decryption-ordered keys) <paramref name="batches"/> consecutive batches; input and
    /// output may be the same memory. <paramref name="state"/> holds 16 slices per batch and is left holding output.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void Run(ref TSlice keys, int groups, ref byte input, ref byte output, ref TSlice state, int batches)
    {
        for (int b = 0; b < batches; b++)
        {
            ref TSlice s = ref Unsafe.Add(ref state, 16 * b);
            Transpose(ref Unsafe.Add(ref input, b * BatchBytes), ref s);
            TSlice entry = TSlice.Create(TSBoxes.EntryPermutation);
            for (int j = 0; j < 8; j++)
            {
                Unsafe.Add(ref s, j) ^= Unsafe.Add(ref keys, j);
                Unsafe.Add(ref s, 8 + j) =
                    TSlice.Shuffle(Unsafe.Add(ref s, 8 + j) ^ Unsafe.Add(ref keys, 8 + j), entry);
            }
        }

        ref TSlice k = ref Unsafe.Add(ref keys, 16);
        for (int group = 0; group < groups; group++)
        {
            if (group != 0)
            {
                FLLayer(ref state, ref k, batches);
                k = ref Unsafe.Add(ref k, 16);
            }

            for (int round = 0; round < 48; round += 16)
            {
                ForwardRound(ref state, ref Unsafe.Add(ref k, round), batches);
                InverseRound(ref state, ref Unsafe.Add(ref k, round + 8), batches);
            }

            k = ref Unsafe.Add(ref k, 48);
        }

        // Post-whitening, then the output order D2 || D1: swap the halves while XORing.
        TSlice exit = TSlice.Create(TSBoxes.ExitPermutation);
        for (int b = 0; b < batches; b++)
        {
            ref TSlice s = ref Unsafe.Add(ref state, 16 * b);
            for (int j = 0; j < 8; j++)
            {
                TSlice left = TSlice.Shuffle(Unsafe.Add(ref s, 8 + j), exit) ^ Unsafe.Add(ref k, j);
                TSlice right = Unsafe.Add(ref s, j) ^ Unsafe.Add(ref k, 8 + j);
                Unsafe.Add(ref s, j) = left;
                Unsafe.Add(ref s, 8 + j) = right;
            }

            Untranspose(ref s, ref Unsafe.Add(ref output, b * BatchBytes));
        }
    }

    // The round, FL and transpose steps are separate methods, each inlining its own operations: all in one method,
    // the thousands of inlined operations ran past the JIT's inlining budget and it left calls in the rounds. They
    // are compiled fully optimised at once: their unoptimised first tier, a call per operation, is about a hundred
    // times slower, and a short measurement could see it before tiering replaced it.

    /// <summary>D2 ^= F(D1) for every batch.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void ForwardRound(ref TSlice state, ref TSlice k, int batches)
    {
        for (int b = 0; b < batches; b++)
        {
            ref TSlice s = ref Unsafe.Add(ref state, 16 * b);
            Round(ref s, ref Unsafe.Add(ref s, 8), ref k, inverse: false);
        }
    }

    /// <summary>D1 ^= F(D2) for every batch.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void InverseRound(ref TSlice state, ref TSlice k, int batches)
    {
        for (int b = 0; b < batches; b++)
        {
            ref TSlice s = ref Unsafe.Add(ref state, 16 * b);
            Round(ref Unsafe.Add(ref s, 8), ref s, ref k, inverse: true);
        }
    }

    /// <summary>FL on D1 and FL^-1 on D2 for every batch.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void FLLayer(ref TSlice state, ref TSlice k, int batches)
    {
        for (int b = 0; b < batches; b++)
        {
            ref TSlice s = ref Unsafe.Add(ref state, 16 * b);
            FL(ref s, ref k);
            FLInverse(ref Unsafe.Add(ref s, 8), ref Unsafe.Add(ref k, 8));
        }
    }

    /// <summary>
    /// d2 ^= F(d1): the eight S-boxes (the round key in <paramref name="k"/>), then P (RFC 3713 2.4.1) as
    /// register XORs.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref TSlice d1, ref TSlice d2, ref TSlice k, bool inverse)
    {
        TSlice t0 = TSBoxes.SBox(d1, k, 0, inverse);
        TSlice t1 = TSBoxes.SBox(Unsafe.Add(ref d1, 1), Unsafe.Add(ref k, 1), 1, inverse);
        TSlice t2 = TSBoxes.SBox(Unsafe.Add(ref d1, 2), Unsafe.Add(ref k, 2), 2, inverse);
        TSlice t3 = TSBoxes.SBox(Unsafe.Add(ref d1, 3), Unsafe.Add(ref k, 3), 3, inverse);

        // P with shared sums: with s = t0^t1^t2^t3 and q = t4^t5^t6^t7, the left half is (s^t1, s^t2, s^t3, s^t0)
        // ^ (q^t4, q^t5, q^t6, q^t7), and y[4+i] = y[i] ^ a[(i+3) % 4] (the 32-bit form y_R = y_L ^ (A >>> 8)).
        // The first four S-boxes are folded into a0..a3 before the last four are computed: fewer live registers.
        TSlice sum = t0 ^ t1 ^ t2 ^ t3;
        TSlice a0 = sum ^ t1, a1 = sum ^ t2, a2 = sum ^ t3, a3 = sum ^ t0;
        TSlice t4 = TSBoxes.SBox(Unsafe.Add(ref d1, 4), Unsafe.Add(ref k, 4), 4, inverse);
        TSlice t5 = TSBoxes.SBox(Unsafe.Add(ref d1, 5), Unsafe.Add(ref k, 5), 5, inverse);
        TSlice t6 = TSBoxes.SBox(Unsafe.Add(ref d1, 6), Unsafe.Add(ref k, 6), 6, inverse);
        TSlice t7 = TSBoxes.SBox(Unsafe.Add(ref d1, 7), Unsafe.Add(ref k, 7), 7, inverse);
        TSlice q = t4 ^ t5 ^ t6 ^ t7;
        TSlice y0 = a0 ^ q ^ t4, y1 = a1 ^ q ^ t5, y2 = a2 ^ q ^ t6, y3 = a3 ^ q ^ t7;
        d2 ^= y0;
        Unsafe.Add(ref d2, 1) ^= y1;
        Unsafe.Add(ref d2, 2) ^= y2;
        Unsafe.Add(ref d2, 3) ^= y3;
        Unsafe.Add(ref d2, 4) ^= y0 ^ a3;
        Unsafe.Add(ref d2, 5) ^= y1 ^ a0;
        Unsafe.Add(ref d2, 6) ^= y2 ^ a1;
        Unsafe.Add(ref d2, 7) ^= y3 ^ a2;
    }

    /// <summary>
    /// FL (RFC 3713 2.4.2) on D1 = x[0..7] (x_L = bytes 0..3): x_R ^= (x_L &amp; k_L) &lt;&lt;&lt; 1; x_L ^= x_R | k_R.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FL(ref TSlice x, ref TSlice k)
    {
        TSlice t0 = x & k, t1 = Unsafe.Add(ref x, 1) & Unsafe.Add(ref k, 1);
        TSlice t2 = Unsafe.Add(ref x, 2) & Unsafe.Add(ref k, 2), t3 = Unsafe.Add(ref x, 3) & Unsafe.Add(ref k, 3);
        Unsafe.Add(ref x, 4) ^= RotateBytePair(t0, t1);
        Unsafe.Add(ref x, 5) ^= RotateBytePair(t1, t2);
        Unsafe.Add(ref x, 6) ^= RotateBytePair(t2, t3);
        Unsafe.Add(ref x, 7) ^= RotateBytePair(t3, t0);
        x ^= Unsafe.Add(ref x, 4) | Unsafe.Add(ref k, 4);
        Unsafe.Add(ref x, 1) ^= Unsafe.Add(ref x, 5) | Unsafe.Add(ref k, 5);
        Unsafe.Add(ref x, 2) ^= Unsafe.Add(ref x, 6) | Unsafe.Add(ref k, 6);
        Unsafe.Add(ref x, 3) ^= Unsafe.Add(ref x, 7) | Unsafe.Add(ref k, 7);
    }

    /// <summary>
    /// FL^-1 (RFC 3713 2.4.3) on D2 = y[0..7]: y_L ^= y_R | k_R; y_R ^= (y_L &amp; k_L) &lt;&lt;&lt; 1.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FLInverse(ref TSlice y, ref TSlice k)
    {
        y ^= Unsafe.Add(ref y, 4) | Unsafe.Add(ref k, 4);
        Unsafe.Add(ref y, 1) ^= Unsafe.Add(ref y, 5) | Unsafe.Add(ref k, 5);
        Unsafe.Add(ref y, 2) ^= Unsafe.Add(ref y, 6) | Unsafe.Add(ref k, 6);
        Unsafe.Add(ref y, 3) ^= Unsafe.Add(ref y, 7) | Unsafe.Add(ref k, 7);
        TSlice t0 = y & k, t1 = Unsafe.Add(ref y, 1) & Unsafe.Add(ref k, 1);
        TSlice t2 = Unsafe.Add(ref y, 2) & Unsafe.Add(ref k, 2), t3 = Unsafe.Add(ref y, 3) & Unsafe.Add(ref k, 3);
        Unsafe.Add(ref y, 4) ^= RotateBytePair(t0, t1);
        Unsafe.Add(ref y, 5) ^= RotateBytePair(t1, t2);
        Unsafe.Add(ref y, 6) ^= RotateBytePair(t2, t3);
        Unsafe.Add(ref y, 7) ^= RotateBytePair(t3, t0);
    }

    // Byte i of a 32-bit rotation by one, spread over byte registers: (high << 1) | (next >> 7) per lane.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TSlice RotateBytePair(TSlice high, TSlice next) =>
        TSlice.Double(high) | (TSlice.ShiftRightLogical16(next, 7) & TSlice.Create((byte)1));

    /// <summary>
    /// Loads a batch and transposes it: slice j gets byte j of every block. Register r is loaded from r * (register
    /// size), so with 256-bit registers it holds blocks 2r and 2r+1; every step below works within 128-bit parts, so
    /// the low parts carry the even blocks and the high parts the odd ones throughout.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void Transpose(ref byte input, ref TSlice s)
    {
        // 4x4 transposes of 32-bit words within each group of four registers, a 4x4 byte transpose inside each
        // register, then 4x4 transposes of 32-bit words across the groups: a full 16x16 byte transpose per part.
        TSlice mask = TSlice.Create(Transpose4x4Bytes);
        nuint size = (nuint)TSlice.Blocks; // bytes per register
        for (int g = 0; g < 4; g++)
        {
            nuint at = (nuint)(4 * g) * size;
            Transpose4x4Words(
                TSlice.Load(ref input, at), TSlice.Load(ref input, at + size), TSlice.Load(ref input, at + 2 * size),
                TSlice.Load(ref input, at + 3 * size),
                out TSlice o0, out TSlice o1, out TSlice o2, out TSlice o3);
            Unsafe.Add(ref s, 4 * g) = TSlice.Shuffle(o0, mask);
            Unsafe.Add(ref s, 4 * g + 1) = TSlice.Shuffle(o1, mask);
            Unsafe.Add(ref s, 4 * g + 2) = TSlice.Shuffle(o2, mask);
            Unsafe.Add(ref s, 4 * g + 3) = TSlice.Shuffle(o3, mask);
        }

        // Register 4g+k now holds, in word m, byte 4k+m of blocks 4g..4g+3; transpose across g for each k.
        TSlice r0 = s, r1 = Unsafe.Add(ref s, 1), r2 = Unsafe.Add(ref s, 2), r3 = Unsafe.Add(ref s, 3);
        TSlice r4 = Unsafe.Add(ref s, 4), r5 = Unsafe.Add(ref s, 5), r6 = Unsafe.Add(ref s, 6),
            r7 = Unsafe.Add(ref s, 7);
        TSlice r8 = Unsafe.Add(ref s, 8), r9 = Unsafe.Add(ref s, 9), r10 = Unsafe.Add(ref s, 10),
            r11 = Unsafe.Add(ref s, 11);
        TSlice r12 = Unsafe.Add(ref s, 12), r13 = Unsafe.Add(ref s, 13), r14 = Unsafe.Add(ref s, 14),
            r15 = Unsafe.Add(ref s, 15);
        Transpose4x4Words(r0, r4, r8, r12, out s, out Unsafe.Add(ref s, 1), out Unsafe.Add(ref s, 2),
            out Unsafe.Add(ref s, 3));
        Transpose4x4Words(r1, r5, r9, r13, out Unsafe.Add(ref s, 4), out Unsafe.Add(ref s, 5), out Unsafe.Add(ref s, 6),
            out Unsafe.Add(ref s, 7));
        Transpose4x4Words(r2, r6, r10, r14, out Unsafe.Add(ref s, 8), out Unsafe.Add(ref s, 9),
            out Unsafe.Add(ref s, 10), out Unsafe.Add(ref s, 11));
        Transpose4x4Words(r3, r7, r11, r15, out Unsafe.Add(ref s, 12), out Unsafe.Add(ref s, 13),
            out Unsafe.Add(ref s, 14), out Unsafe.Add(ref s, 15));
    }

    /// <summary>
    /// The inverse of <see cref="Transpose"/> (the same 16x16 transpose per part), storing to the loads' places.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void Untranspose(ref TSlice s, ref byte output)
    {
        TSlice mask = TSlice.Create(Transpose4x4Bytes);
        nuint size = (nuint)TSlice.Blocks;
        for (int g = 0; g < 4; g++)
        {
            Transpose4x4Words(Unsafe.Add(ref s, 4 * g), Unsafe.Add(ref s, 4 * g + 1), Unsafe.Add(ref s, 4 * g + 2),
                Unsafe.Add(ref s, 4 * g + 3), out TSlice o0, out TSlice o1, out TSlice o2, out TSlice o3);
            Unsafe.Add(ref s, 4 * g) = TSlice.Shuffle(o0, mask);
            Unsafe.Add(ref s, 4 * g + 1) = TSlice.Shuffle(o1, mask);
            Unsafe.Add(ref s, 4 * g + 2) = TSlice.Shuffle(o2, mask);
            Unsafe.Add(ref s, 4 * g + 3) = TSlice.Shuffle(o3, mask);
        }

        for (int k = 0; k < 4; k++)
        {
            Transpose4x4Words(Unsafe.Add(ref s, k), Unsafe.Add(ref s, 4 + k), Unsafe.Add(ref s, 8 + k),
                Unsafe.Add(ref s, 12 + k), out TSlice o0, out TSlice o1, out TSlice o2, out TSlice o3);
            nuint at = (nuint)(4 * k) * size;
            TSlice.Store(o0, ref output, at);
            TSlice.Store(o1, ref output, at + size);
            TSlice.Store(o2, ref output, at + 2 * size);
            TSlice.Store(o3, ref output, at + 3 * size);
        }
    }

    /// <summary>Output k holds word k of inputs a, b, c, d in its words 0..3 (in every 128-bit part).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose4x4Words(TSlice a, TSlice b, TSlice c, TSlice d, out TSlice o0, out TSlice o1,
        out TSlice o2, out TSlice o3)
    {
        TSlice t0 = TSlice.UnpackLow32(a, b);
        TSlice t1 = TSlice.UnpackLow32(c, d);
        TSlice t2 = TSlice.UnpackHigh32(a, b);
        TSlice t3 = TSlice.UnpackHigh32(c, d);
        o0 = TSlice.UnpackLow64(t0, t1);
        o1 = TSlice.UnpackHigh64(t0, t1);
        o2 = TSlice.UnpackLow64(t2, t3);
        o3 = TSlice.UnpackHigh64(t2, t3);
    }

    /// <summary>Transposes the 4x4 bytes of a 128-bit part: lane 4m + b takes lane 4b + m.</summary>
    private static Vector128<byte> Transpose4x4Bytes =>
        Vector128.Create((byte)0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
}
