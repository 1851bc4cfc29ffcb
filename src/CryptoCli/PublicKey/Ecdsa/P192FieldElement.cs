// Field arithmetic modulo the NIST prime p = 2^192 - 2^64 - 1 (FIPS 186-4 D.1.2.1, SEC 2 secp192r1).
// An element is three 64-bit limbs, little-endian, always fully reduced to [0, p). Products are reduced with
// the generalised-Mersenne ("NIST fast") reduction of FIPS 186-4 D.2.1: 2^192 = 2^64 + 1 (mod p).
// Every operation is branch-free and indexes no memory by its operands (constant-time), except the
// comparisons named "VariableTime".

using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace CryptoCli;

/// <summary>An element of GF(p), p = 2^192 - 2^64 - 1, as three 64-bit limbs (value type, no allocation).</summary>
internal struct P192FieldElement
{
    public ulong L0;
    public ulong L1;
    public ulong L2;

    public const ulong P0 = 0xFFFFFFFFFFFFFFFF;
    public const ulong P1 = 0xFFFFFFFFFFFFFFFE;
    public const ulong P2 = 0xFFFFFFFFFFFFFFFF;

    public P192FieldElement(ulong l0, ulong l1, ulong l2)
    {
        L0 = l0;
        L1 = l1;
        L2 = l2;
    }

    public static P192FieldElement One => new(1, 0, 0);

    public readonly bool IsZeroVariableTime => (L0 | L1 | L2) == 0;

    /// <summary>All-ones when the element is zero, else 0 (constant-time).</summary>
    public readonly ulong ZeroMask()
    {
        ulong x = L0 | L1 | L2;
        return ((x | (0 - x)) >> 63) - 1;
    }

    public readonly bool EqualsVariableTime(in P192FieldElement other) =>
        L0 == other.L0 && L1 == other.L1 && L2 == other.L2;

    /// <summary>Reads 24 big-endian bytes; returns false (and leaves the value unreduced) when the value is &gt;= p.</summary>
    public static bool TryRead(ReadOnlySpan<byte> bigEndian24, out P192FieldElement value)
    {
        value.L2 = BinaryPrimitives.ReadUInt64BigEndian(bigEndian24);
        value.L1 = BinaryPrimitives.ReadUInt64BigEndian(bigEndian24.Slice(8));
        value.L0 = BinaryPrimitives.ReadUInt64BigEndian(bigEndian24.Slice(16));
        SubBorrow(value.L0, P0, 0, out ulong borrow);
        SubBorrow(value.L1, P1, borrow, out borrow);
        SubBorrow(value.L2, P2, borrow, out borrow);
        return borrow != 0;
    }

    public readonly void Write(Span<byte> bigEndian24)
    {
        BinaryPrimitives.WriteUInt64BigEndian(bigEndian24, L2);
        BinaryPrimitives.WriteUInt64BigEndian(bigEndian24.Slice(8), L1);
        BinaryPrimitives.WriteUInt64BigEndian(bigEndian24.Slice(16), L0);
    }

    // ---- carry helpers: no branches (setb from comparisons on .NET, pure bit arithmetic on netstandard2.0) ----

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong AddCarry(ulong a, ulong b, ulong carryIn, out ulong carryOut)
    {
#if NET
        // RyuJIT compiles these comparisons to cmp/setb (no branch), as in the runtime's own UInt128.
        ulong partial = a + b;
        ulong sum = partial + carryIn;
        carryOut = (partial < a ? 1UL : 0UL) | (sum < partial ? 1UL : 0UL);
        return sum;
#else
        return AddCarryPortable(a, b, carryIn, out carryOut);
#endif
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong SubBorrow(ulong a, ulong b, ulong borrowIn, out ulong borrowOut)
    {
#if NET
        ulong partial = a - b;
        ulong difference = partial - borrowIn;
        borrowOut = (a < b ? 1UL : 0UL) | (partial < borrowIn ? 1UL : 0UL);
        return difference;
#else
        return SubBorrowPortable(a, b, borrowIn, out borrowOut);
#endif
    }

    /// <summary>hi:lo = a * b + x + y (never overflows 128 bits).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong MulAdd(ulong a, ulong b, ulong x, ulong y, out ulong lo)
    {
#if NET
        // UInt128 keeps both halves in registers (the out-parameter BigMul goes through memory).
        UInt128 total = Math.BigMul(a, b) + x + y;
        lo = (ulong)total;
        return (ulong)(total >> 64);
#else
        ulong hi = Multiply64(a, b, out ulong product);
        ulong sum = AddCarry(product, x, 0, out ulong carry);
        hi += carry;
        lo = AddCarry(sum, y, 0, out carry);
        return hi + carry;
#endif
    }

    /// <summary>The 128-bit product of two 64-bit words: hardware multiply on .NET, four 32-bit products elsewhere.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong Multiply64(ulong a, ulong b, out ulong lo)
    {
#if NET
        UInt128 product = Math.BigMul(a, b);
        lo = (ulong)product;
        return (ulong)(product >> 64);
#else
        return Multiply64Portable(a, b, out lo);
#endif
    }

    /// <summary>The netstandard2.0 path of <see cref="Multiply64"/> (compiled everywhere so that .NET tests check it).</summary>
    internal static ulong Multiply64Portable(ulong a, ulong b, out ulong lo)
    {
        ulong aLow = (uint)a, aHigh = a >> 32, bLow = (uint)b, bHigh = b >> 32;
        ulong lowLow = aLow * bLow;
        ulong lowHigh = aLow * bHigh;
        ulong highLow = aHigh * bLow;
        ulong middle = (lowLow >> 32) + (uint)lowHigh + (uint)highLow;
        lo = (middle << 32) | (uint)lowLow;
        return (aHigh * bHigh) + (lowHigh >> 32) + (highLow >> 32) + (middle >> 32);
    }

    /// <summary>The netstandard2.0 path of <see cref="AddCarry"/>: the carry from bit arithmetic alone.</summary>
    internal static ulong AddCarryPortable(ulong a, ulong b, ulong carryIn, out ulong carryOut)
    {
        ulong sum = a + b + carryIn;
        carryOut = ((a & b) | ((a | b) & ~sum)) >> 63;
        return sum;
    }

    /// <summary>The netstandard2.0 path of <see cref="SubBorrow"/>.</summary>
    internal static ulong SubBorrowPortable(ulong a, ulong b, ulong borrowIn, out ulong borrowOut)
    {
        ulong difference = a - b - borrowIn;
        borrowOut = ((~a & b) | (~(a ^ b) & difference)) >> 63;
        return difference;
    }

    // ---- arithmetic ----

    /// <summary>Subtracts p once when r2:r1:r0 (&lt; 2^192) is &gt;= p.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ReduceOnce(ulong r0, ulong r1, ulong r2, out P192FieldElement result)
    {
        ulong t0 = SubBorrow(r0, P0, 0, out ulong borrow);
        ulong t1 = SubBorrow(r1, P1, borrow, out borrow);
        ulong t2 = SubBorrow(r2, P2, borrow, out borrow);
        ulong keep = 0 - borrow; // all-ones: r < p, keep r
        result.L0 = (r0 & keep) | (t0 & ~keep);
        result.L1 = (r1 & keep) | (t1 & ~keep);
        result.L2 = (r2 & keep) | (t2 & ~keep);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Add(in P192FieldElement a, in P192FieldElement b, out P192FieldElement result)
    {
        ulong r0 = AddCarry(a.L0, b.L0, 0, out ulong carry);
        ulong r1 = AddCarry(a.L1, b.L1, carry, out carry);
        ulong r2 = AddCarry(a.L2, b.L2, carry, out carry);
        // carry * 2^192 = carry * (2^64 + 1); the sum is below 2p, so this cannot carry again.
        r0 = AddCarry(r0, carry, 0, out ulong c2);
        r1 = AddCarry(r1, carry, c2, out c2);
        r2 += c2;
        ReduceOnce(r0, r1, r2, out result);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Double(in P192FieldElement a, out P192FieldElement result) => Add(a, a, out result);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Sub(in P192FieldElement a, in P192FieldElement b, out P192FieldElement result)
    {
        ulong r0 = SubBorrow(a.L0, b.L0, 0, out ulong borrow);
        ulong r1 = SubBorrow(a.L1, b.L1, borrow, out borrow);
        ulong r2 = SubBorrow(a.L2, b.L2, borrow, out borrow);
        ulong mask = 0 - borrow; // add p back when the difference went negative
        result.L0 = AddCarry(r0, P0 & mask, 0, out ulong carry);
        result.L1 = AddCarry(r1, P1 & mask, carry, out carry);
        result.L2 = r2 + (P2 & mask) + carry;
    }

    public static void Negate(in P192FieldElement a, out P192FieldElement result)
    {
        P192FieldElement zero = default;
        Sub(zero, a, out result);
    }

    /// <summary>result = mask ? -a : a, for a mask of all-ones or zero (constant-time).</summary>
    public static void ConditionalNegate(in P192FieldElement a, ulong mask, out P192FieldElement result)
    {
        Negate(a, out P192FieldElement negated);
        result.L0 = a.L0 ^ ((a.L0 ^ negated.L0) & mask);
        result.L1 = a.L1 ^ ((a.L1 ^ negated.L1) & mask);
        result.L2 = a.L2 ^ ((a.L2 ^ negated.L2) & mask);
    }

    /// <summary>result = mask ? b : a (constant-time).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Select(in P192FieldElement a, in P192FieldElement b, ulong mask, out P192FieldElement result)
    {
        result.L0 = a.L0 ^ ((a.L0 ^ b.L0) & mask);
        result.L1 = a.L1 ^ ((a.L1 ^ b.L1) & mask);
        result.L2 = a.L2 ^ ((a.L2 ^ b.L2) & mask);
    }

    public static void Multiply(in P192FieldElement a, in P192FieldElement b, out P192FieldElement result)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2;
        ulong b0 = b.L0, b1 = b.L1, b2 = b.L2;

        // The nine 128-bit products are independent; only their column sums below carry.
        ulong h00 = Multiply64(a0, b0, out ulong l00);
        ulong h01 = Multiply64(a0, b1, out ulong l01);
        ulong h10 = Multiply64(a1, b0, out ulong l10);
        ulong h02 = Multiply64(a0, b2, out ulong l02);
        ulong h11 = Multiply64(a1, b1, out ulong l11);
        ulong h20 = Multiply64(a2, b0, out ulong l20);
        ulong h12 = Multiply64(a1, b2, out ulong l12);
        ulong h21 = Multiply64(a2, b1, out ulong l21);
        ulong h22 = Multiply64(a2, b2, out ulong l22);
        SumColumnsAndReduce(l00, h00, l01, h01, l10, h10, l02, h02, l11, h11, l20, h20, l12, h12, l21, h21, l22, h22, out result);
    }

    public static void Square(in P192FieldElement a, out P192FieldElement result)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2;

        // Six products: each cross product is used twice.
        ulong h00 = Multiply64(a0, a0, out ulong l00);
        ulong h01 = Multiply64(a0, a1, out ulong l01);
        ulong h02 = Multiply64(a0, a2, out ulong l02);
        ulong h11 = Multiply64(a1, a1, out ulong l11);
        ulong h12 = Multiply64(a1, a2, out ulong l12);
        ulong h22 = Multiply64(a2, a2, out ulong l22);
        SumColumnsAndReduce(l00, h00, l01, h01, l01, h01, l02, h02, l11, h11, l02, h02, l12, h12, l12, h12, l22, h22, out result);
    }

    /// <summary>
    /// Adds the products a_i*b_j (lo, hi) at word 2(i+j) of the 384-bit result in 32-bit columns. A column is at
    /// most five 32-bit pieces plus the carry, so a 64-bit accumulator never overflows and no carry flag is ever
    /// tested: the only serial dependency is "shift the accumulator, add the next column".
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SumColumnsAndReduce(
        ulong l00, ulong h00, ulong l01, ulong h01, ulong l10, ulong h10, ulong l02, ulong h02, ulong l11, ulong h11,
        ulong l20, ulong h20, ulong l12, ulong h12, ulong l21, ulong h21, ulong l22, ulong h22, out P192FieldElement result)
    {
        const ulong Low = 0xFFFFFFFF;
        ulong acc = l00 & Low;
        ulong w0 = acc & Low;
        acc = (acc >> 32) + (l00 >> 32);
        ulong w1 = acc & Low;
        acc = (acc >> 32) + (l01 & Low) + (l10 & Low) + (h00 & Low);
        ulong w2 = acc & Low;
        acc = (acc >> 32) + (l01 >> 32) + (l10 >> 32) + (h00 >> 32);
        ulong w3 = acc & Low;
        acc = (acc >> 32) + (l02 & Low) + (l11 & Low) + (l20 & Low) + (h01 & Low) + (h10 & Low);
        ulong w4 = acc & Low;
        acc = (acc >> 32) + (l02 >> 32) + (l11 >> 32) + (l20 >> 32) + (h01 >> 32) + (h10 >> 32);
        ulong w5 = acc & Low;
        acc = (acc >> 32) + (l12 & Low) + (l21 & Low) + (h02 & Low) + (h11 & Low) + (h20 & Low);
        ulong w6 = acc & Low;
        acc = (acc >> 32) + (l12 >> 32) + (l21 >> 32) + (h02 >> 32) + (h11 >> 32) + (h20 >> 32);
        ulong w7 = acc & Low;
        acc = (acc >> 32) + (l22 & Low) + (h12 & Low) + (h21 & Low);
        ulong w8 = acc & Low;
        acc = (acc >> 32) + (l22 >> 32) + (h12 >> 32) + (h21 >> 32);
        ulong w9 = acc & Low;
        acc = (acc >> 32) + (h22 & Low);
        ulong w10 = acc & Low;
        ulong w11 = (acc >> 32) + (h22 >> 32);
        ReduceWords(w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, out result);
    }

    /// <summary>FIPS 186-4 D.2.1 on 64-bit words c5..c0 (the product); see <see cref="ReduceWords"/>.</summary>
    internal static void Reduce(ulong c0, ulong c1, ulong c2, ulong c3, ulong c4, ulong c5, out P192FieldElement result)
    {
        const ulong Low = 0xFFFFFFFF;
        ReduceWords(c0 & Low, c0 >> 32, c1 & Low, c1 >> 32, c2 & Low, c2 >> 32, c3 & Low, c3 >> 32, c4 & Low, c4 >> 32, c5 & Low, c5 >> 32, out result);
    }

    /// <summary>
    /// FIPS 186-4 D.2.1: with c = c5..c0 in 64-bit words, c = T + S1 + S2 + S3 (mod p) where T = (c2,c1,c0),
    /// S1 = (0,c3,c3), S2 = (c4,c4,0), S3 = (c5,c5,c5). Summed here on the 32-bit halves w0..w11 (each below
    /// 2^32) with carries by shifting; the at most 3 carries above 2^192 are folded back (2^192 = 2^64 + 1) twice
    /// and p is subtracted once, all without branches.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ReduceWords(ulong w0, ulong w1, ulong w2, ulong w3, ulong w4, ulong w5, ulong w6, ulong w7, ulong w8, ulong w9, ulong w10, ulong w11, out P192FieldElement result)
    {
        const ulong Low = 0xFFFFFFFF;
        ulong acc = w0 + w6 + w10;
        ulong r0 = acc & Low;
        acc = (acc >> 32) + w1 + w7 + w11;
        ulong r1 = acc & Low;
        acc = (acc >> 32) + w2 + w6 + w8 + w10;
        ulong r2 = acc & Low;
        acc = (acc >> 32) + w3 + w7 + w9 + w11;
        ulong r3 = acc & Low;
        acc = (acc >> 32) + w4 + w8 + w10;
        ulong r4 = acc & Low;
        acc = (acc >> 32) + w5 + w9 + w11;
        ulong r5 = acc & Low;
        ulong top = acc >> 32;

        for (int fold = 0; fold < 2; fold++)
        {
            acc = r0 + top;
            r0 = acc & Low;
            acc = (acc >> 32) + r1;
            r1 = acc & Low;
            acc = (acc >> 32) + r2 + top;
            r2 = acc & Low;
            acc = (acc >> 32) + r3;
            r3 = acc & Low;
            acc = (acc >> 32) + r4;
            r4 = acc & Low;
            acc = (acc >> 32) + r5;
            r5 = acc & Low;
            top = acc >> 32;
        }

        ReduceOnce(r0 | (r1 << 32), r2 | (r3 << 32), r4 | (r5 << 32), out result);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SquareTimes(ref P192FieldElement a, int count)
    {
        for (int i = 0; i < count; i++)
        {
            Square(a, out a);
        }
    }

    /// <summary>
    /// a^(p-2) = a^-1 (Fermat; 0 maps to 0), by a fixed addition chain: the exponent is public, so the sequence of
    /// squarings and multiplications is the same for every input (constant-time). p - 2 in binary is 127 ones,
    /// a zero, 62 ones, 0, 1.
    /// </summary>
    public static void Invert(in P192FieldElement a, out P192FieldElement result)
    {
        // x_k = a^(2^k - 1)
        Square(a, out P192FieldElement x2);
        Multiply(x2, a, out x2);
        Square(x2, out P192FieldElement x3);
        Multiply(x3, a, out x3);
        P192FieldElement x6 = x3;
        SquareTimes(ref x6, 3);
        Multiply(x6, x3, out x6);
        P192FieldElement x12 = x6;
        SquareTimes(ref x12, 6);
        Multiply(x12, x6, out x12);
        P192FieldElement x24 = x12;
        SquareTimes(ref x24, 12);
        Multiply(x24, x12, out x24);
        P192FieldElement x30 = x24;
        SquareTimes(ref x30, 6);
        Multiply(x30, x6, out x30);
        Square(x30, out P192FieldElement x31);
        Multiply(x31, a, out x31);
        P192FieldElement x62 = x31;
        SquareTimes(ref x62, 31);
        Multiply(x62, x31, out x62);
        P192FieldElement x124 = x62;
        SquareTimes(ref x124, 62);
        Multiply(x124, x62, out x124);
        P192FieldElement t = x124;
        SquareTimes(ref t, 3);
        Multiply(t, x3, out t); // 127 ones
        SquareTimes(ref t, 1 + 62);
        Multiply(t, x62, out t); // ... 0, 62 ones
        SquareTimes(ref t, 2);
        Multiply(t, a, out result); // ... 0, 1
    }
}
