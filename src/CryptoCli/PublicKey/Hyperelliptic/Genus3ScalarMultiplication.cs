// Scalar multiplication on the genus-3 Jacobian (docs/genus3.md G7): width-5 NAF, plain on the whole scalar, and the
// skew-Frobenius interleaved NAF_5 of Kozaki–Matsuo on (k0, k1) with k ≡ k0 + k1·s (mod N). Both precompute the odd
// multiples D, 3D, ..., 15D (1 doubling + 7 additions); the skew method gets φ~(jD) from jD with no group operation.
// Scalars are three little-endian 64-bit limbs, already reduced mod N. Not constant-time.
using System;

namespace CryptoCli;

/// <summary>Plain NAF₅ and skew-Frobenius interleaved NAF₅ scalar multiplication on fixed-width scalars.</summary>
internal static class Genus3ScalarMultiplication
{
    public const int ScalarLimbs = 3;
    public const int Width = 5;
    private const int TableSize = 1 << (Width - 2); // odd multiples 1, 3, ..., 15
    private const int MaxDigits = ScalarLimbs * 64 + 2;

    /// <summary>[k]D by left-to-right NAF₅ on the whole scalar (the baseline).</summary>
    public static Genus3Divisor MultiplyNaf(in Genus3Divisor d, ReadOnlySpan<ulong> k)
    {
        if (d.IsIdentity || Limbs.IsZero(k))
        {
            return Genus3Divisor.Identity;
        }

        Span<Genus3Divisor> table = stackalloc Genus3Divisor[TableSize];
        Precompute(d, table);
        Span<ulong> work = stackalloc ulong[ScalarLimbs + 1];
        k.CopyTo(work);
        Span<sbyte> digits = stackalloc sbyte[MaxDigits];
        int length = RecodeNaf(work, digits);

        Genus3Divisor r = Select(table, digits[length - 1], false);
        for (int i = length - 2; i >= 0; i--)
        {
            r = Genus3Arithmetic.Double(r);
            int digit = digits[i];
            if (digit != 0)
            {
                r = Genus3Arithmetic.Add(r, Select(table, digit, false));
            }
        }

        return r;
    }

    /// <summary>
    /// [k]D = [k0]D + [k1]φ~(D) by interleaved NAF₅ on the two ~92-bit halves (about half the doublings).
    /// </summary>
    public static Genus3Divisor MultiplySkewFrobenius(in Genus3Divisor d, ReadOnlySpan<ulong> k)
    {
        if (d.IsIdentity || Limbs.IsZero(k))
        {
            return Genus3Divisor.Identity;
        }

        Genus3SkewFrobenius.Decompose(k, out SignedScalar k0, out SignedScalar k1);

        Span<Genus3Divisor> table0 = stackalloc Genus3Divisor[TableSize];
        Span<Genus3Divisor> table1 = stackalloc Genus3Divisor[TableSize];
        Precompute(d, table0);
        for (int j = 0; j < TableSize; j++)
        {
            table1[j] = Genus3SkewFrobenius.Apply(table0[j]);
        }

        Span<ulong> work = stackalloc ulong[3];
        Span<sbyte> digits0 = stackalloc sbyte[130];
        Span<sbyte> digits1 = stackalloc sbyte[130];
        work[2] = 0;
        k0.Magnitude(work);
        int length0 = RecodeNaf(work, digits0);
        work[2] = 0;
        k1.Magnitude(work);
        int length1 = RecodeNaf(work, digits1);
        bool negate0 = k0.IsNegative, negate1 = k1.IsNegative;

        Genus3Divisor r = Genus3Divisor.Identity;
        bool started = false;
        for (int i = Math.Max(length0, length1) - 1; i >= 0; i--)
        {
            if (started)
            {
                r = Genus3Arithmetic.Double(r);
            }

            int digit = i < length0 ? digits0[i] : 0;
            if (digit != 0)
            {
                Genus3Divisor t = Select(table0, digit, negate0);
                r = started ? Genus3Arithmetic.Add(r, t) : t;
                started = true;
            }

            digit = i < length1 ? digits1[i] : 0;
            if (digit != 0)
            {
                Genus3Divisor t = Select(table1, digit, negate1);
                r = started ? Genus3Arithmetic.Add(r, t) : t;
                started = true;
            }
        }

        return r;
    }

    /// <summary>
    /// [k]D by binary double-and-add through Cantor's algorithm only: the independent reference for tests.
    /// </summary>
    internal static Genus3Divisor MultiplyDoubleAndAddCantor(in Genus3Divisor d, ReadOnlySpan<ulong> k)
    {
        Genus3Divisor r = Genus3Divisor.Identity;
        for (int i = k.Length * 64 - 1; i >= 0; i--)
        {
            r = Genus3Cantor.Double(r);
            if (((k[i >> 6] >> (i & 63)) & 1) != 0)
            {
                r = Genus3Cantor.Add(r, d);
            }
        }

        return r;
    }

    /// <summary>table[j] = (2j + 1)·D: D2 = 2D, then table[j] = table[j − 1] + D2.</summary>
    internal static void Precompute(in Genus3Divisor d, Span<Genus3Divisor> table)
    {
        Genus3Divisor twice = Genus3Arithmetic.Double(d);
        table[0] = d;
        for (int j = 1; j < table.Length; j++)
        {
            table[j] = Genus3Arithmetic.Add(table[j - 1], twice);
        }
    }

    private static Genus3Divisor Select(ReadOnlySpan<Genus3Divisor> table, int digit, bool negate)
    {
        if (digit < 0)
        {
            digit = -digit;
            negate = !negate;
        }

        Genus3Divisor entry = table[(digit - 1) >> 1];
        return negate ? entry.Negate() : entry;
    }

    /// <summary>
    /// Width-5 NAF of the non-negative number in <paramref name="k"/> (destroyed; its top limb must be free for a
    /// carry), least significant digit first: digits in {0, ±1, ±3, ..., ±15}, at least four zeros after each
    /// non-zero digit. Returns the length, at most bitlength + 1.
    /// </summary>
    internal static int RecodeNaf(Span<ulong> k, Span<sbyte> digits)
    {
        const int Mask = (1 << Width) - 1;
        int n = 0;
        while (!Limbs.IsZero(k))
        {
            if ((k[0] & 1) == 0)
            {
                digits[n++] = 0;
                ShiftRight(k, 1);
                continue;
            }

            int digit = (int)(k[0] & Mask);
            if (digit >= 1 << (Width - 1))
            {
                digit -= 1 << Width;
            }

            digits[n++] = (sbyte)digit;
            if (digit > 0)
            {
                k[0] -= (ulong)digit; // the low bits are the digit: no borrow
            }
            else
            {
                Limbs.AddAt(k, 0, (ulong)-digit);
            }

            if (Limbs.IsZero(k))
            {
                break;
            }

            // k is now a non-zero multiple of 2^w: the next w − 1 digits are zero.
            for (int z = 0; z < Width - 1; z++)
            {
                digits[n++] = 0;
            }

            ShiftRight(k, Width);
        }

        return n;
    }

    private static void ShiftRight(Span<ulong> k, int count)
    {
        for (int i = 0; i < k.Length - 1; i++)
        {
            k[i] = (k[i] >> count) | (k[i + 1] << (64 - count));
        }

        k[k.Length - 1] >>= count;
    }
}
