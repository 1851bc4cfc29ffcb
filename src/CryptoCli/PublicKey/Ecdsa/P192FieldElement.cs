// Field arithmetic modulo the NIST prime p = 2^192 - 2^64 - 1 (FIPS 186-4 D.1.2.1, SEC 2 secp192r1).
// An element is three 64-bit limbs, little-endian, always fully reduced to [0, p). Products are reduced with
// the generalised-Mersenne ("NIST fast") reduction of FIPS 186-4 D.2.1: 2^192 = 2^64 + 1 (mod p).
// Every operation is branch-free and indexes no memory by its operands (constant-time), except the
// comparisons named "VariableTime".

using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
#if NET
using System.Runtime.Intrinsics.X86;
#endif

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

    /// <summary>
    /// Reads 24 big-endian bytes; returns false (and leaves the value unreduced) when the value is &gt;= p.
    /// </summary>
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
        if (Bmi2.X64.IsSupported)
        {
            // mulx for the high half and imul for the low one keep both in registers (BigMul's low half goes
            // through memory), which shortens the carry chains of the multiplication.
            ulong high = Bmi2.X64.MultiplyNoFlags(a, b);
            ulong low = a * b;
            ulong sumX = low + x;
            high += sumX < low ? 1UL : 0UL;
            lo = sumX + y;
            return high + (lo < sumX ? 1UL : 0UL);
        }

#endif
#if NET9_0_OR_GREATER // .NET 8 has no UInt128 overload of BigMul: it takes the two-word path below
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

    /// <summary>
    /// The 128-bit product of two 64-bit words: hardware multiply on .NET, four 32-bit products elsewhere.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong Multiply64(ulong a, ulong b, out ulong lo)
    {
#if NET
        if (Bmi2.X64.IsSupported)
        {
            lo = a * b;
            return Bmi2.X64.MultiplyNoFlags(a, b);
        }

#if NET9_0_OR_GREATER
        UInt128 product = Math.BigMul(a, b);
        lo = (ulong)product;
        return (ulong)(product >> 64);
#else
        return Math.BigMul(a, b, out lo); // .NET 8 has no UInt128 overload of BigMul
#endif
#else
        return Multiply64Portable(a, b, out lo);
#endif
    }

    /// <summary>
    /// The netstandard2.0 path of <see cref="Multiply64"/> (compiled everywhere so that .NET tests check it).
    /// </summary>
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

    /// <summary>a + b mod p: one carry chain, then <see cref="ConditionalSubtractP"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Add(in P192FieldElement a, in P192FieldElement b, out P192FieldElement result)
    {
        ulong t0 = AddCarry(a.L0, b.L0, 0, out ulong carry);
        ulong t1 = AddCarry(a.L1, b.L1, carry, out carry);
        ulong t2 = AddCarry(a.L2, b.L2, carry, out ulong sumCarry);
        ConditionalSubtractP(t0, t1, t2, sumCarry, out result);
    }

    /// <summary>
    /// a * 2^shift mod p for shift in [1, 3]: the bits shifted out are folded back (2^192 = 2^64 + 1).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ShiftLeft(in P192FieldElement a, int shift, out P192FieldElement result)
    {
        ulong top = a.L2 >> (64 - shift);
        ulong r0 = AddCarry(a.L0 << shift, top, 0, out ulong carry);
        ulong r1 = AddCarry((a.L1 << shift) | (a.L0 >> (64 - shift)), top, carry, out carry);
        ulong r2 = AddCarry((a.L2 << shift) | (a.L1 >> (64 - shift)), 0, carry, out carry);
        ConditionalSubtractP(r0, r1, r2, carry, out result); // a carry here leaves r below 2^128
    }

    /// <summary>a / 2 mod p: (a + p) / 2 when a is odd (constant-time).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Halve(in P192FieldElement a, out P192FieldElement result)
    {
        ulong mask = 0 - (a.L0 & 1);
        ulong s0 = AddCarry(a.L0, P0 & mask, 0, out ulong carry);
        ulong s1 = AddCarry(a.L1, P1 & mask, carry, out carry);
        ulong s2 = AddCarry(a.L2, P2 & mask, carry, out carry);
        result.L0 = (s0 >> 1) | (s1 << 63);
        result.L1 = (s1 >> 1) | (s2 << 63);
        result.L2 = (s2 >> 1) | (carry << 63);
    }

    /// <summary>2a mod p: a shift instead of an addition chain, then <see cref="ConditionalSubtractP"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Double(in P192FieldElement a, out P192FieldElement result)
    {
        ulong t2 = (a.L2 << 1) | (a.L1 >> 63);
        ulong t1 = (a.L1 << 1) | (a.L0 >> 63);
        ConditionalSubtractP(a.L0 << 1, t1, t2, a.L2 >> 63, out result);
    }

    /// <summary>3a mod p.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Triple(in P192FieldElement a, out P192FieldElement result)
    {
        Double(a, out P192FieldElement twice);
        Add(twice, a, out result);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Sub(in P192FieldElement a, in P192FieldElement b, out P192FieldElement result)
    {
        ulong r0 = SubBorrow(a.L0, b.L0, 0, out ulong borrow);
        ulong r1 = SubBorrow(a.L1, b.L1, borrow, out borrow);
        ulong r2 = SubBorrow(a.L2, b.L2, borrow, out borrow);

        // When the difference went negative, r = a - b + 2^192 and a - b = r - (2^64 + 1) mod p: subtracting the
        // borrow bit from words 0 and 1 adds p back, with short borrows instead of a masked 3-word addition.
        result.L0 = SubBorrow(r0, borrow, 0, out ulong k);
        result.L1 = SubBorrow(r1, borrow + k, 0, out k);
        result.L2 = r2 - k;
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

    /// <summary>
    /// a * b mod p: the 384-bit product by rows (operand scanning), where every step is hi:lo = a_i * b_j + x + y,
    /// which never exceeds 128 bits, so no carry flag is tested while multiplying; then the NIST reduction.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void Multiply(in P192FieldElement a, in P192FieldElement b, out P192FieldElement result)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2;
        ulong b0 = b.L0, b1 = b.L1, b2 = b.L2;

        // row 0: a0 * b
        ulong carry = MulAdd(a0, b0, 0, 0, out ulong c0);
        carry = MulAdd(a0, b1, carry, 0, out ulong t1);
        ulong t3 = MulAdd(a0, b2, carry, 0, out ulong t2);

        // row 1: + a1 * b, one word up
        carry = MulAdd(a1, b0, t1, 0, out ulong c1);
        carry = MulAdd(a1, b1, t2, carry, out t1);
        t3 = MulAdd(a1, b2, t3, carry, out t2);

        // row 2: + a2 * b, two words up
        carry = MulAdd(a2, b0, t1, 0, out ulong c2);
        carry = MulAdd(a2, b1, t2, carry, out ulong c3);
        ulong c5 = MulAdd(a2, b2, t3, carry, out ulong c4);
        Reduce(c0, c1, c2, c3, c4, c5, out result);
    }

    /// <summary>a^2 mod p: the three cross products once, doubled by a shift, plus the three squares.</summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void Square(in P192FieldElement a, out P192FieldElement result)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2;

        // cross = a0*a1 * 2^64 + a0*a2 * 2^128 + a1*a2 * 2^192, in words x1..x4 (x4:x3 = a1*a2 + the carry)
        ulong carry = MulAdd(a0, a1, 0, 0, out ulong x1);
        ulong x3 = MulAdd(a0, a2, carry, 0, out ulong x2);
        ulong x4 = MulAdd(a1, a2, x3, 0, out x3);

        // doubled: x5..x1 = 2 * cross
        ulong x5 = x4 >> 63;
        x4 = (x4 << 1) | (x3 >> 63);
        x3 = (x3 << 1) | (x2 >> 63);
        x2 = (x2 << 1) | (x1 >> 63);
        x1 <<= 1;

        // + a0^2 + a1^2 * 2^128 + a2^2 * 2^256 (the total is below 2^384, so the last carry vanishes)
        ulong s0h = Multiply64(a0, a0, out ulong c0);
        ulong s1h = Multiply64(a1, a1, out ulong s1l);
        ulong s2h = Multiply64(a2, a2, out ulong s2l);
        ulong c1 = AddCarry(x1, s0h, 0, out carry);
        ulong c2 = AddCarry(x2, s1l, carry, out carry);
        ulong c3 = AddCarry(x3, s1h, carry, out carry);
        ulong c4 = AddCarry(x4, s2l, carry, out carry);
        ulong c5 = x5 + s2h + carry;
        Reduce(c0, c1, c2, c3, c4, c5, out result);
    }

    /// <summary>
    /// FIPS 186-4 D.2.1: with c = c5..c0 in 64-bit words, c = T + S1 + S2 + S3 (mod p) where T = (c2,c1,c0),
    /// S1 = (0,c3,c3), S2 = (c4,c4,0), S3 = (c5,c5,c5). The columns are summed with counted carries; the at
    /// most 3 units above 2^192 are folded back (2^192 = 2^64 + 1) and p is subtracted at most once, without branches.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Reduce(ulong c0, ulong c1, ulong c2, ulong c3, ulong c4, ulong c5, out P192FieldElement result)
    {
        // column 0: c0 + c3 + c5; column 1: c1 + c3 + c4 + c5; column 2: c2 + c4 + c5. The shared sums c3 + c5 and
        // c4 + c5 are formed once (eight additions with counted carries instead of nine); a carry of c4 + c5 goes one
        // column up from each of the two places where that sum is added.
        ulong c35 = AddCarry(c3, c5, 0, out ulong k35);
        ulong c45 = AddCarry(c4, c5, 0, out ulong k45);
        ulong r0 = AddCarry(c0, c35, 0, out ulong k0);
        ulong r1 = AddCarry(c1, c3, 0, out ulong k1);
        r1 = AddCarry(r1, c45, 0, out ulong k2);
        r1 = AddCarry(r1, k35 + k0, 0, out ulong k3);
        ulong r2 = AddCarry(c2, c45, 0, out ulong k4);
        r2 = AddCarry(r2, k45 + k1 + k2 + k3, 0, out ulong k5);
        ulong top = k45 + k4 + k5; // at most 3

        // top * 2^192 = top * (2^64 + 1): fold once (top + carry is at most 4, so word 1 takes one addition). A carry
        // out of that fold leaves r below 2^66, and then r + 2^64 + 1 (the carry folded again) is the reduced value;
        // without one, r < 2^192 needs at most one subtraction of p: both are ConditionalSubtractP.
        r0 = AddCarry(r0, top, 0, out ulong carry);
        r1 = AddCarry(r1, top + carry, 0, out carry);
        r2 = AddCarry(r2, carry, 0, out ulong foldCarry);
        ConditionalSubtractP(r0, r1, r2, foldCarry, out result);
    }

    /// <summary>
    /// The reduced value of v = t + carry * 2^192 for any v &lt; 2p (a set carry implies t &lt; p - 2^64 - 1):
    /// u = t + 2^64 + 1 mod 2^192 is v - p, taken when the carry is set or that addition carries out (t &gt;= p).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ConditionalSubtractP(ulong t0, ulong t1, ulong t2, ulong carry, out P192FieldElement result)
    {
        // u = t + 2^64 + 1 mod 2^192, with 1 + k at most 2 added to word 1 in one step
        ulong u0 = AddCarry(t0, 1, 0, out ulong k);
        ulong u1 = AddCarry(t1, 1 + k, 0, out k);
        ulong u2 = AddCarry(t2, k, 0, out ulong wrapCarry);
        ulong takeU = 0 - (carry | wrapCarry);
        result.L0 = t0 ^ ((t0 ^ u0) & takeU);
        result.L1 = t1 ^ ((t1 ^ u1) & takeU);
        result.L2 = t2 ^ ((t2 ^ u2) & takeU);
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
    /// a^-1 for a != 0: VARIABLE-TIME (public or blinded values only). Bernstein-Yang divsteps on .NET, the binary
    /// extended Euclidean algorithm elsewhere.
    /// </summary>
    public static void InvertVariableTime(in P192FieldElement a, out P192FieldElement result)
    {
#if NET
        P192SafeGcd.InvertVariableTime(a.L0, a.L1, a.L2, P192SafeGcd.FieldPrime, out result.L0, out result.L1,
            out result.L2);
#else
        P192Scalar.InvertModOddVariableTime(a.L0, a.L1, a.L2, P0, P1, P2, out result.L0, out result.L1, out result.L2);
#endif
    }

    /// <summary>
    /// a^(p-2) = a^-1 (Fermat; 0 maps to 0), by a fixed addition chain: the exponent is public, so the sequence of
    /// squarings and multiplications is the same for every input (constant-time). p - 2 in binary is 127 ones,
    /// a zero, 62 ones, 0, 1.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
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
