// Arithmetic modulo the order n of the secp192r1 base point (FIPS 186-4 D.1.2.1):
// n = ffffffffffffffffffffffff99def836146bc9b1b4d22831, three 64-bit limbs, little-endian.
// Multiplication is Montgomery's (CIOS, R = 2^192). Inversion: Fermat's a^(n-2) with a fixed 4-bit window over the
// public exponent (constant-time), and variable-time inversions (Bernstein-Yang divsteps on .NET, see P192SafeGcd;
// the binary extended Euclidean algorithm elsewhere), which signing and verification use (signing only on randomly
// blinded values). Everything is constant-time except the methods
// named "VariableTime".

using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using static CryptoCli.P192FieldElement;

namespace CryptoCli;

/// <summary>
/// An integer modulo n, three 64-bit limbs (value type). Plain form unless a method says "Montgomery".
/// </summary>
internal struct P192Scalar
{
    public ulong L0;
    public ulong L1;
    public ulong L2;

    public const ulong N0 = 0x146BC9B1B4D22831;
    public const ulong N1 = 0xFFFFFFFF99DEF836;
    public const ulong N2 = 0xFFFFFFFFFFFFFFFF;

    /// <summary>-n^-1 mod 2^64.</summary>
    private static readonly ulong s_nPrime = ComputeNPrime();

    /// <summary>R^2 mod n, R = 2^192: multiplying by it (Montgomery) converts to Montgomery form.</summary>
    private static readonly P192Scalar s_rSquared = ComputeRSquared();

    public P192Scalar(ulong l0, ulong l1, ulong l2)
    {
        L0 = l0;
        L1 = l1;
        L2 = l2;
    }

    public static P192Scalar One => new(1, 0, 0);

    public readonly bool IsZeroVariableTime => (L0 | L1 | L2) == 0;

    public readonly bool IsOdd => (L0 & 1) != 0;

    public readonly bool EqualsVariableTime(in P192Scalar other) => L0 == other.L0 && L1 == other.L1 && L2 == other.L2;

    /// <summary>Reads up to 24 big-endian bytes as an integer (shorter input is left-padded with zeros).</summary>
    public static P192Scalar ReadRaw(ReadOnlySpan<byte> bigEndian)
    {
        // The input is often secret (private keys, nonce candidates, blinding factors): the copy is wiped.
        Span<byte> padded = stackalloc byte[24];
        try
        {
            padded.Clear();
            bigEndian.CopyTo(padded.Slice(24 - bigEndian.Length));
            P192Scalar value;
            value.L2 = BinaryPrimitives.ReadUInt64BigEndian(padded);
            value.L1 = BinaryPrimitives.ReadUInt64BigEndian(padded.Slice(8));
            value.L0 = BinaryPrimitives.ReadUInt64BigEndian(padded.Slice(16));
            return value;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(padded);
        }
    }

    /// <summary>Reads 24 big-endian bytes; false when the value is not below n.</summary>
    public static bool TryRead(ReadOnlySpan<byte> bigEndian24, out P192Scalar value)
    {
        value = ReadRaw(bigEndian24);
        return IsBelowN(value);
    }

    /// <summary>
    /// The integer of an ECDSA hash (SEC 1 4.1.3 step 5): its leftmost 192 bits when longer, the whole hash when
    /// shorter, then reduced modulo n (a 192-bit value is below 2n, so one conditional subtraction is enough).
    /// </summary>
    public static P192Scalar FromHash(ReadOnlySpan<byte> hash)
    {
        P192Scalar value = ReadRaw(hash.Length > 24 ? hash.Slice(0, 24) : hash);
        ReduceOnce(value.L0, value.L1, value.L2, 0, out value);
        return value;
    }

    public readonly void Write(Span<byte> bigEndian24)
    {
        BinaryPrimitives.WriteUInt64BigEndian(bigEndian24, L2);
        BinaryPrimitives.WriteUInt64BigEndian(bigEndian24.Slice(8), L1);
        BinaryPrimitives.WriteUInt64BigEndian(bigEndian24.Slice(16), L0);
    }

    /// <summary>Constant-time test of value &lt; n (the result itself is not secret where it is used).</summary>
    public static bool IsBelowN(in P192Scalar value)
    {
        SubBorrow(value.L0, N0, 0, out ulong borrow);
        SubBorrow(value.L1, N1, borrow, out borrow);
        SubBorrow(value.L2, N2, borrow, out borrow);
        return borrow != 0;
    }

    /// <summary>Subtracts n once when the 193-bit value top:r2:r1:r0 is &gt;= n.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ReduceOnce(ulong r0, ulong r1, ulong r2, ulong top, out P192Scalar result)
    {
        ulong t0 = SubBorrow(r0, N0, 0, out ulong borrow);
        ulong t1 = SubBorrow(r1, N1, borrow, out borrow);
        ulong t2 = SubBorrow(r2, N2, borrow, out borrow);
        SubBorrow(top, 0, borrow, out borrow);
        ulong keep = 0 - borrow;
        result.L0 = (r0 & keep) | (t0 & ~keep);
        result.L1 = (r1 & keep) | (t1 & ~keep);
        result.L2 = (r2 & keep) | (t2 & ~keep);
    }

    public static void Add(in P192Scalar a, in P192Scalar b, out P192Scalar result)
    {
        ulong r0 = AddCarry(a.L0, b.L0, 0, out ulong carry);
        ulong r1 = AddCarry(a.L1, b.L1, carry, out carry);
        ulong r2 = AddCarry(a.L2, b.L2, carry, out carry);
        ReduceOnce(r0, r1, r2, carry, out result);
    }

    /// <summary>n - a for a in [1, n-1] (constant-time).</summary>
    public static void NegateNonZero(in P192Scalar a, out P192Scalar result)
    {
        result.L0 = SubBorrow(N0, a.L0, 0, out ulong borrow);
        result.L1 = SubBorrow(N1, a.L1, borrow, out borrow);
        result.L2 = SubBorrow(N2, a.L2, borrow, out _);
    }

    /// <summary>result = mask ? b : a (constant-time).</summary>
    public static void Select(in P192Scalar a, in P192Scalar b, ulong mask, out P192Scalar result)
    {
        result.L0 = a.L0 ^ ((a.L0 ^ b.L0) & mask);
        result.L1 = a.L1 ^ ((a.L1 ^ b.L1) & mask);
        result.L2 = a.L2 ^ ((a.L2 ^ b.L2) & mask);
    }

    /// <summary>Montgomery product a * b * 2^-192 mod n (CIOS), for a, b &lt; n.</summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void MontgomeryMultiply(in P192Scalar a, in P192Scalar b, out P192Scalar result)
    {
        ulong a0 = a.L0, a1 = a.L1, a2 = a.L2;
        ulong t0 = 0, t1 = 0, t2 = 0, t3 = 0;
        ulong nPrime = s_nPrime;
        MontgomeryStep(a0, a1, a2, b.L0, nPrime, ref t0, ref t1, ref t2, ref t3);
        MontgomeryStep(a0, a1, a2, b.L1, nPrime, ref t0, ref t1, ref t2, ref t3);
        MontgomeryStep(a0, a1, a2, b.L2, nPrime, ref t0, ref t1, ref t2, ref t3);
        ReduceOnce(t0, t1, t2, t3, out result);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MontgomeryStep(ulong a0, ulong a1, ulong a2, ulong bi, ulong nPrime, ref ulong t0, ref ulong t1,
        ref ulong t2, ref ulong t3)
    {
        // t += a * bi
        ulong carry = MulAdd(a0, bi, t0, 0, out t0);
        carry = MulAdd(a1, bi, t1, carry, out t1);
        carry = MulAdd(a2, bi, t2, carry, out t2);
        t3 = AddCarry(t3, carry, 0, out ulong t4);

        // t = (t + m * n) / 2^64, with m chosen so the low word vanishes
        ulong m = t0 * nPrime;
        carry = MulAdd(m, N0, t0, 0, out _);
        carry = MulAdd(m, N1, t1, carry, out t0);
        carry = MulAdd(m, N2, t2, carry, out t1);
        t2 = AddCarry(t3, carry, 0, out carry);
        t3 = t4 + carry;
    }

    /// <summary>Plain a * b mod n.</summary>
    public static void Multiply(in P192Scalar a, in P192Scalar b, out P192Scalar result)
    {
        MontgomeryMultiply(a, b, out P192Scalar aTimesBOverR);
        MontgomeryMultiply(aTimesBOverR, s_rSquared, out result);
    }

    /// <summary>a * R mod n.</summary>
    public static void ToMontgomery(in P192Scalar a, out P192Scalar result) =>
        MontgomeryMultiply(a, s_rSquared, out result);

    /// <summary>
    /// a^-1 * R mod n (the inverse in Montgomery form, so that MontgomeryMultiply(inverse, x) = x / a), by Fermat:
    /// a^(n-2). The exponent is public, so its 4-bit windows choose table entries without leaking anything about a.
    /// </summary>
    public static void InvertToMontgomery(in P192Scalar a, out P192Scalar result)
    {
        // table[i] = a^i in Montgomery form, i = 0..15
        Span<P192Scalar> table = stackalloc P192Scalar[16];
        ToMontgomery(One, out table[0]);
        ToMontgomery(a, out table[1]);
        for (int i = 2; i < 16; i++)
        {
            MontgomeryMultiply(table[i - 1], table[1], out table[i]);
        }

        // n - 2
        ulong e0 = N0 - 2, e1 = N1, e2 = N2;
        P192Scalar acc = table[0];
        for (int window = 47; window >= 0; window--)
        {
            for (int s = 0; s < 4; s++)
            {
                MontgomeryMultiply(acc, acc, out acc);
            }

            int bit = window * 4;
            ulong word = bit >= 128 ? e2 : bit >= 64 ? e1 : e0;
            int digit = (int)((word >> (bit & 63)) & 15);
            MontgomeryMultiply(acc, table[digit], out acc);
        }

        result = acc;
        table.Clear();
    }

    /// <summary>
    /// a^-1 mod n for a in [1, n-1]. VARIABLE-TIME (see <see cref="InvertModOddVariableTime"/>): only for public
    /// values (verification) or values blinded by a random factor (signing).
    /// </summary>
    public static void InvertVariableTime(in P192Scalar a, out P192Scalar result)
    {
#if NET
        // Bernstein-Yang divsteps, about twice as fast; the binary algorithm below stays the portable path.
        P192SafeGcd.InvertVariableTime(a.L0, a.L1, a.L2, P192SafeGcd.GroupOrder, out result.L0, out result.L1,
            out result.L2);
#else
        InvertModOddVariableTime(a.L0, a.L1, a.L2, N0, N1, N2, out result.L0, out result.L1, out result.L2);
#endif
    }

    /// <summary>
    /// a^-1 mod m for an odd prime m &lt; 2^192 and a in [1, m-1], by the binary extended Euclidean algorithm (Guide to
    /// Elliptic Curve Cryptography, Algorithm 2.22). VARIABLE-TIME: its branches and loop counts depend on a.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    internal static void InvertModOddVariableTime(ulong a0, ulong a1, ulong a2, ulong m0, ulong m1, ulong m2,
        out ulong r0, out ulong r1, out ulong r2)
    {
        // invariants: x1 * a = u and x2 * a = v (mod m); gcd(u, v) = 1 throughout
        ulong u0 = a0, u1 = a1, u2 = a2;
        ulong v0 = m0, v1 = m1, v2 = m2;
        ulong x10 = 1, x11 = 0, x12 = 0;
        ulong x20 = 0, x21 = 0, x22 = 0;
        while (true)
        {
            while ((u0 & 1) == 0)
            {
                u0 = (u0 >> 1) | (u1 << 63);
                u1 = (u1 >> 1) | (u2 << 63);
                u2 >>= 1;
                HalveMod(ref x10, ref x11, ref x12, m0, m1, m2);
            }

            if (u0 == 1 && (u1 | u2) == 0)
            {
                r0 = x10;
                r1 = x11;
                r2 = x12;
                return;
            }

            while ((v0 & 1) == 0)
            {
                v0 = (v0 >> 1) | (v1 << 63);
                v1 = (v1 >> 1) | (v2 << 63);
                v2 >>= 1;
                HalveMod(ref x20, ref x21, ref x22, m0, m1, m2);
            }

            if (v0 == 1 && (v1 | v2) == 0)
            {
                r0 = x20;
                r1 = x21;
                r2 = x22;
                return;
            }

            // both odd and different (their gcd is 1): subtract the smaller from the larger
            ulong d0 = SubBorrow(u0, v0, 0, out ulong borrow);
            ulong d1 = SubBorrow(u1, v1, borrow, out borrow);
            ulong d2 = SubBorrow(u2, v2, borrow, out borrow);
            if (borrow == 0)
            {
                u0 = d0;
                u1 = d1;
                u2 = d2;
                SubtractMod(ref x10, ref x11, ref x12, x20, x21, x22, m0, m1, m2);
            }
            else
            {
                v0 = SubBorrow(v0, u0, 0, out borrow);
                v1 = SubBorrow(v1, u1, borrow, out borrow);
                v2 = SubBorrow(v2, u2, borrow, out _);
                SubtractMod(ref x20, ref x21, ref x22, x10, x11, x12, m0, m1, m2);
            }
        }
    }

    /// <summary>
    /// x / 2 mod m for x &lt; m: x / 2 when x is even, (x + m) / 2 (193 bits before the shift) when odd.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HalveMod(ref ulong x0, ref ulong x1, ref ulong x2, ulong m0, ulong m1, ulong m2)
    {
        ulong mask = 0 - (x0 & 1);
        ulong s0 = AddCarry(x0, m0 & mask, 0, out ulong carry);
        ulong s1 = AddCarry(x1, m1 & mask, carry, out carry);
        ulong s2 = AddCarry(x2, m2 & mask, carry, out carry);
        x0 = (s0 >> 1) | (s1 << 63);
        x1 = (s1 >> 1) | (s2 << 63);
        x2 = (s2 >> 1) | (carry << 63);
    }

    /// <summary>x = x - y mod m for x, y &lt; m.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SubtractMod(ref ulong x0, ref ulong x1, ref ulong x2, ulong y0, ulong y1, ulong y2, ulong m0,
        ulong m1, ulong m2)
    {
        ulong d0 = SubBorrow(x0, y0, 0, out ulong borrow);
        ulong d1 = SubBorrow(x1, y1, borrow, out borrow);
        ulong d2 = SubBorrow(x2, y2, borrow, out borrow);
        ulong mask = 0 - borrow;
        x0 = AddCarry(d0, m0 & mask, 0, out ulong carry);
        x1 = AddCarry(d1, m1 & mask, carry, out carry);
        x2 = d2 + (m2 & mask) + carry;
    }

    /// <summary>Converts out of Montgomery form.</summary>
    public static void FromMontgomery(in P192Scalar a, out P192Scalar result) => MontgomeryMultiply(a, One, out result);

    private static ulong ComputeNPrime()
    {
        // Newton's iteration for n^-1 mod 2^64: each step doubles the correct low bits.
        ulong inverse = N0; // correct to 3 bits for odd n
        for (int i = 0; i < 6; i++)
        {
            inverse *= 2 - (N0 * inverse);
        }

        return 0 - inverse;
    }

    private static P192Scalar ComputeRSquared()
    {
        // 2^384 mod n by 384 modular doublings of 1.
        P192Scalar value = One;
        for (int i = 0; i < 384; i++)
        {
            Add(value, value, out value);
        }

        return value;
    }
}
