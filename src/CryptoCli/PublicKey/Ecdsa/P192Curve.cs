// secp192r1 scalar multiplication (domain parameters: FIPS 186-4 D.1.2.1, SEC 2 2.2.2).
// - k*G for signing and key generation (constant-time): k made odd (k or n - k, the result negated back), recoded
//   into 32 signed odd radix-64 digits (never zero, so every table entry is a real point), and
//   k*G = sum_i d_i 64^i G read from a precomputed table of (1, 3, ..., 63) * 64^i * G (32 x 32 affine points,
//   48 KiB). Each entry is chosen by reading all 32 entries of its row under masks: 31 additions, no doublings, no
//   secret-dependent branch or address. The first 30 are Jacobian mixed additions (their exceptional cases are
//   impossible there, see MultiplyBaseCore), the last one uses the complete formulas.
// - u1*G + u2*Q for verification (variable-time, public inputs): interleaved width-w NAF (Shamir's trick) with
//   w = 10 for G (256 precomputed affine odd multiples, 12 KiB: about 17 additions for a 192-bit u1, against 21 with
//   w = 8) and w = 5 for Q (8 odd multiples computed per call). For a key verified before, the instance keeps a
//   comb table of Q shaped like G's (BuildCombTableVariableTime), and u1*G + u2*Q is read from both tables by
//   public digits: at most 63 mixed additions and no doubling (MultiplyTwoCombVariableTime).

using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
#if NET
using System.Runtime.Intrinsics;
#endif
using static CryptoCli.P192FieldElement;

namespace CryptoCli;

#if NET
[SkipLocalsInit] // every local and stackalloc here is written before it is read; zeroing them cost time per call
#endif
internal static class P192Curve
{
    public static readonly P192FieldElement B = new(0xFEB8DEECC146B9B1, 0x0FA7E9AB72243049, 0x64210519E59C80E7);

    public static readonly P192AffinePoint G = new(
        new P192FieldElement(0xF4FF0AFD82FF1012, 0x7CBF20EB43A18800, 0x188DA80EB03090F6),
        new P192FieldElement(0x73F977A11E794811, 0x631011ED6B24CDD5, 0x07192B95FFC8DA78));

    private const int CombDigitBits = 6;
    private const int CombRows = 192 / CombDigitBits;
    private const int CombEntries = 1 << (CombDigitBits - 1);
    private const int GWindow = 10;
    private const int QWindow = 5;
    private const int MaxNafLength = 194;

    /// <summary>Row i, entry j: (2j + 1) * 64^i * G.</summary>
    private static readonly P192AffinePoint[] s_combTable = BuildCombTable();

    /// <summary>Entry j: (2j + 1) * G, j &lt; 2^(GWindow - 2).</summary>
    private static readonly P192AffinePoint[] s_gOddMultiples = BuildOddMultiples(G, 1 << (GWindow - 2));

    /// <summary>y^2 = x^3 - 3x + b, for coordinates already below p.</summary>
    public static bool IsOnCurve(in P192AffinePoint point)
    {
        Square(point.Y, out P192FieldElement left);
        Square(point.X, out P192FieldElement right);
        Multiply(right, point.X, out right);
        Double(point.X, out P192FieldElement threeX);
        Add(threeX, point.X, out threeX);
        Sub(right, threeX, out right);
        Add(right, B, out right);
        return left.EqualsVariableTime(right);
    }

    /// <summary>k*G for k in [1, n-1], constant-time (see the file header).</summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void MultiplyBase(in P192Scalar k, out P192ProjectivePoint result)
    {
        // An odd multiplier: k itself, or n - k when k is even (then the result is negated back).
        ulong evenMask = (k.L0 & 1) - 1;
        P192Scalar.NegateNonZero(k, out P192Scalar negated);
        P192Scalar.Select(k, negated, evenMask, out P192Scalar odd);

        // Signed odd digits: d = (w mod 128) - 64 keeps (w - d) / 64 odd, so w shrinks by 64 each step; the last w
        // is odd and at most 63 because k < n (the recoding is monotone in k, and n - 2 ends on 63).
        Span<int> digits = stackalloc int[CombRows];
        try
        {
            MultiplyBaseCore(odd, evenMask, digits, out result);
        }
        finally
        {
            // The digits are the secret scalar, recoded.
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(digits));
            odd = default;
            negated = default;
        }
    }

    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private static void MultiplyBaseCore(in P192Scalar odd, ulong evenMask, Span<int> digits,
        out P192ProjectivePoint result)
    {
        ulong w0 = odd.L0, w1 = odd.L1, w2 = odd.L2;
        for (int i = 0; i < CombRows - 1; i++)
        {
            int digit = (int)(w0 & ((2 * CombEntries * 2) - 1)) - (2 * CombEntries);
            digits[i] = digit;
            ulong minusDigit = (ulong)(long)-digit;
            ulong extension = (ulong)((long)-digit >> 63);
            w0 = AddCarry(w0, minusDigit, 0, out ulong carry);
            w1 = AddCarry(w1, extension, carry, out carry);
            w2 = AddCarry(w2, extension, carry, out _);
            w0 = (w0 >> CombDigitBits) | (w1 << (64 - CombDigitBits));
            w1 = (w1 >> CombDigitBits) | (w2 << (64 - CombDigitBits));
            w2 >>= CombDigitBits;
        }

        digits[CombRows - 1] = (int)w0;

        // Rows 31 to 1 with the cheaper Jacobian mixed addition (8M + 3S), which is wrong when the accumulator is
        // infinity or +-entry; neither can happen there. Before row j is added, the accumulator is S G with
        // S = sum_{i > j} d_i 64^i, a non-zero integer of absolute value below 2^192 < 2n that is divisible by
        // 64^(j+1) and not by 64^(j+2) (its lowest digit is odd). S G = O would need S = +-n, which is odd; and
        // S G = +-d_j 64^j G would need S -+ d_j 64^j, a multiple of 64^j below 2n in absolute value and non-zero,
        // to be +-n, which is odd: impossible for j >= 1. Row 0 is added with the complete formulas, so that no case
        // is left to an argument about the last digit.
        P192AffinePoint[] table = s_combTable;
        SelectEntry(table, CombRows - 1, digits[CombRows - 1], out P192AffinePoint entry);
        P192JacobianPoint accumulator = P192JacobianPoint.FromAffine(entry);
        for (int i = CombRows - 2; i >= 1; i--)
        {
            SelectEntry(table, i, digits[i], out entry);
            P192JacobianPoint.AddMixedNoExceptions(accumulator, entry, out accumulator);
        }

        accumulator.ToProjective(out P192ProjectivePoint projective);
        SelectEntry(table, 0, digits[0], out entry);
        P192ProjectivePoint.AddMixed(projective, entry, out projective);
        result.X = projective.X;
        result.Z = projective.Z;
        ConditionalNegate(projective.Y, evenMask, out result.Y);
        accumulator = default;
        projective = default;
    }

    /// <summary>
    /// |digit| * 64^row * G negated when digit &lt; 0, reading every entry of the row (constant-time).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SelectEntry(P192AffinePoint[] table, int row, int digit, out P192AffinePoint result)
    {
        int sign = digit >> 31;
        int index = ((digit ^ sign) - sign) >> 1;
        ref P192AffinePoint first = ref table[row * CombEntries];
#if NET
        if (Vector256.IsHardwareAccelerated)
        {
            // An entry is 48 bytes: one 32-byte and one 16-byte masked load, the same work for every entry. The mask
            // is a vector comparison of a running position with the wanted index (vpcmpeqq, no data-dependent timing),
            // cheaper than forming it in a general register and broadcasting it twice per entry.
            Vector256<ulong> low = Vector256<ulong>.Zero;
            Vector128<ulong> high = Vector128<ulong>.Zero;
            Vector256<ulong> wanted = Vector256.Create((ulong)(uint)index);
            Vector256<ulong> position = Vector256<ulong>.Zero;
            ref ulong words = ref Unsafe.As<P192AffinePoint, ulong>(ref first);
            for (int j = 0; j < CombEntries; j++)
            {
                Vector256<ulong> mask = Vector256.Equals(position, wanted);
                low |= Vector256.LoadUnsafe(ref words) & mask;
                high |= Vector128.LoadUnsafe(ref words, 4) & mask.GetLower();
                position += Vector256<ulong>.One;
                words = ref Unsafe.Add(ref words, 6); // the next 48-byte entry
            }

            Unsafe.SkipInit(out result);
            ref ulong resultWords = ref Unsafe.As<P192AffinePoint, ulong>(ref result);
            low.StoreUnsafe(ref resultWords);
            high.StoreUnsafe(ref resultWords, 4);
            ConditionalNegate(result.Y, (ulong)(long)sign, out result.Y);
            return;
        }
#endif

        result = default;
        for (int j = 0; j < CombEntries; j++)
        {
            ulong mask = 0 - (ulong)(((uint)(index ^ j) - 1) >> 31);
            ref P192AffinePoint candidate = ref Unsafe.Add(ref first, j);
            result.X.L0 |= candidate.X.L0 & mask;
            result.X.L1 |= candidate.X.L1 & mask;
            result.X.L2 |= candidate.X.L2 & mask;
            result.Y.L0 |= candidate.Y.L0 & mask;
            result.Y.L1 |= candidate.Y.L1 & mask;
            result.Y.L2 |= candidate.Y.L2 & mask;
        }

        ConditionalNegate(result.Y, (ulong)(long)sign, out result.Y);
    }

    /// <summary>u1*G + u2*Q (variable-time; for public values only). Q must be a valid point.</summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void MultiplyTwoVariableTime(in P192Scalar u1, in P192Scalar u2, in P192AffinePoint q,
        out P192JacobianPoint result)
    {
        Span<short> nafG = stackalloc short[MaxNafLength];
        Span<short> nafQ = stackalloc short[MaxNafLength];
        int lengthG = ToWNaf(u1, GWindow, nafG);
        int lengthQ = ToWNaf(u2, QWindow, nafQ);

        // (2j + 1) * Q, j < 8
        Span<P192JacobianPoint> qMultiples = stackalloc P192JacobianPoint[1 << (QWindow - 2)];
        qMultiples[0] = P192JacobianPoint.FromAffine(q);
        P192JacobianPoint.Double(qMultiples[0], out P192JacobianPoint twoQ);
        Square(twoQ.Z, out P192FieldElement twoQZ2);
        Multiply(twoQZ2, twoQ.Z, out P192FieldElement twoQZ3);
        for (int j = 1; j < qMultiples.Length; j++)
        {
            // 2Q's Z^2 and Z^3 once, not in each of the 7 additions (1M + 1S each)
            P192JacobianPoint.AddCachedVariableTime(qMultiples[j - 1], twoQ, twoQZ2, twoQZ3, out qMultiples[j]);
        }

        // Z^2 and Z^3 of each multiple, computed once rather than in each of the ~32 additions
        Span<P192FieldElement> qZ2 = stackalloc P192FieldElement[qMultiples.Length];
        Span<P192FieldElement> qZ3 = stackalloc P192FieldElement[qMultiples.Length];
        for (int j = 0; j < qMultiples.Length; j++)
        {
            Square(qMultiples[j].Z, out qZ2[j]);
            Multiply(qZ2[j], qMultiples[j].Z, out qZ3[j]);
        }

        P192AffinePoint[] gMultiples = s_gOddMultiples;
        P192JacobianPoint accumulator = default;
        for (int i = Math.Max(lengthG, lengthQ) - 1; i >= 0; i--)
        {
            if (!accumulator.IsInfinity)
            {
                P192JacobianPoint.Double(accumulator, out accumulator);
            }

            int digit = nafG[i];
            if (digit > 0)
            {
                P192JacobianPoint.AddMixedVariableTime(accumulator, gMultiples[digit >> 1], out accumulator);
            }
            else if (digit < 0)
            {
                P192AffinePoint negative = gMultiples[-digit >> 1];
                P192FieldElement.Negate(negative.Y, out negative.Y);
                P192JacobianPoint.AddMixedVariableTime(accumulator, negative, out accumulator);
            }

            digit = nafQ[i];
            if (digit > 0)
            {
                int j = digit >> 1;
                P192JacobianPoint.AddCachedVariableTime(accumulator, qMultiples[j], qZ2[j], qZ3[j], out accumulator);
            }
            else if (digit < 0)
            {
                int j = -digit >> 1;
                P192JacobianPoint.Negate(qMultiples[j], out P192JacobianPoint negative);
                P192JacobianPoint.AddCachedVariableTime(accumulator, negative, qZ2[j], qZ3[j], out accumulator);
            }
        }

        result = accumulator;
    }

    /// <summary>Affine points in a per-key comb table (see <see cref="BuildCombTableVariableTime"/>).</summary>
    public const int CombTableLength = CombRows * CombEntries;

    /// <summary>
    /// u1*G + u2*Q (variable-time; public values only) from two comb tables of the same shape as signing's:
    /// G's (static) and <paramref name="qTable"/>, Q's from <see cref="BuildCombTableVariableTime"/>. Every row of
    /// each table is read once by its public digit: at most 63 mixed additions and no doubling. u2 must be in
    /// [1, n-1], u1 in [0, n-1].
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static void MultiplyTwoCombVariableTime(in P192Scalar u1, in P192Scalar u2, P192AffinePoint[] qTable,
        out P192JacobianPoint result)
    {
        Span<int> digitsG = stackalloc int[CombRows];
        Span<int> digitsQ = stackalloc int[CombRows];
        bool hasG = !u1.IsZeroVariableTime;
        if (hasG)
        {
            RecodeCombVariableTime(u1, digitsG);
        }

        RecodeCombVariableTime(u2, digitsQ);
        P192AffinePoint[] gTable = s_combTable;
        P192JacobianPoint accumulator = default;
        for (int row = CombRows - 1; row >= 0; row--)
        {
            if (hasG)
            {
                AddCombEntryVariableTime(ref accumulator, gTable, row, digitsG[row]);
            }

            AddCombEntryVariableTime(ref accumulator, qTable, row, digitsQ[row]);
        }

        result = accumulator;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void AddCombEntryVariableTime(ref P192JacobianPoint accumulator, P192AffinePoint[] table, int row,
        int digit)
    {
        P192AffinePoint entry = table[(row * CombEntries) + ((digit < 0 ? -digit : digit) >> 1)];
        if (digit < 0)
        {
            P192FieldElement.Negate(entry.Y, out entry.Y);
        }

        P192JacobianPoint.AddMixedVariableTime(accumulator, entry, out accumulator);
    }

    /// <summary>
    /// The comb's 32 signed odd radix-64 digits of k in [1, n-1] (variable-time): those of k when k is odd, else
    /// those of n - k negated, since k P = -(n - k) P.
    /// </summary>
    private static void RecodeCombVariableTime(in P192Scalar k, Span<int> digits)
    {
        P192Scalar odd = k;
        int sign = 1;
        if (!k.IsOdd)
        {
            P192Scalar.NegateNonZero(k, out odd);
            sign = -1;
        }

        ulong w0 = odd.L0, w1 = odd.L1, w2 = odd.L2;
        for (int i = 0; i < CombRows - 1; i++)
        {
            int digit = (int)(w0 & ((2 * CombEntries * 2) - 1)) - (2 * CombEntries);
            digits[i] = sign * digit;
            ulong minusDigit = (ulong)(long)-digit;
            ulong extension = (ulong)((long)-digit >> 63);
            w0 = AddCarry(w0, minusDigit, 0, out ulong carry);
            w1 = AddCarry(w1, extension, carry, out carry);
            w2 = AddCarry(w2, extension, carry, out _);
            w0 = (w0 >> CombDigitBits) | (w1 << (64 - CombDigitBits));
            w1 = (w1 >> CombDigitBits) | (w2 << (64 - CombDigitBits));
            w2 >>= CombDigitBits;
        }

        digits[CombRows - 1] = sign * (int)w0;
    }

    /// <summary>
    /// The comb table of a public point P of order n, the shape of signing's table for G: row i, entry j is
    /// (2j + 1) * 64^i * P (32 x 32 affine points, 48 KiB). Variable-time (public points only): the rows' bases
    /// and their doubles first (6 doublings per row), the doubles made affine together, then per row 31 mixed
    /// additions in Jacobian coordinates, and the 1,024 points made affine together (one field inversion each time,
    /// Montgomery's trick).
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public static P192AffinePoint[] BuildCombTableVariableTime(in P192AffinePoint basePoint)
    {
        var points = new P192JacobianPoint[CombTableLength];
        var doubles = new P192JacobianPoint[CombRows];
        P192JacobianPoint rowBase = P192JacobianPoint.FromAffine(basePoint);
        for (int row = 0; row < CombRows; row++)
        {
            points[row * CombEntries] = rowBase;
            P192JacobianPoint.Double(rowBase, out rowBase);
            doubles[row] = rowBase;
            for (int s = 1; s < CombDigitBits; s++)
            {
                P192JacobianPoint.Double(rowBase, out rowBase);
            }
        }

        var doublesAffine = new P192AffinePoint[CombRows];
        ToAffineBatchVariableTime(doubles, doublesAffine);
        for (int row = 0; row < CombRows; row++)
        {
            int first = row * CombEntries;
            for (int j = 1; j < CombEntries; j++)
            {
                // (2j - 1) P + 2 P: never a doubling or a sum to infinity, as 2j + 1 < n
                P192JacobianPoint.AddMixedVariableTime(points[first + j - 1], doublesAffine[row],
                    out points[first + j]);
            }
        }

        var table = new P192AffinePoint[CombTableLength];
        ToAffineBatchVariableTime(points, table);
        return table;
    }

    /// <summary>
    /// Affine coordinates of Jacobian points none of which is infinity, with one variable-time field inversion
    /// (Montgomery's trick: prefix_i = Z_0 ... Z_i, the inverse of the whole product, then each Z_i^-1 from the
    /// running inverse and the prefix before it). The prefixes wait in the result's X coordinates: entry i is
    /// written after prefix i - 1 was read, going down.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private static void ToAffineBatchVariableTime(P192JacobianPoint[] points, P192AffinePoint[] result)
    {
        result[0].X = points[0].Z;
        for (int i = 1; i < points.Length; i++)
        {
            Multiply(result[i - 1].X, points[i].Z, out result[i].X);
        }

        InvertVariableTime(result[points.Length - 1].X, out P192FieldElement inverse);
        for (int i = points.Length - 1; i >= 0; i--)
        {
            P192FieldElement zInverse = inverse;
            if (i > 0)
            {
                Multiply(inverse, result[i - 1].X, out zInverse);
                Multiply(inverse, points[i].Z, out inverse);
            }

            Square(zInverse, out P192FieldElement zInverse2);
            Multiply(zInverse2, zInverse, out P192FieldElement zInverse3);
            Multiply(points[i].X, zInverse2, out result[i].X);
            Multiply(points[i].Y, zInverse3, out result[i].Y);
        }
    }

    /// <summary>
    /// Width-w NAF of k (digits odd in (-2^(w-1), 2^(w-1)) or zero, least significant first); returns the length.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    internal static int ToWNaf(in P192Scalar k, int width, Span<short> digits)
    {
        digits.Clear();
        ulong w0 = k.L0, w1 = k.L1, w2 = k.L2, w3 = 0;
        int modulus = 1 << width;
        int half = modulus >> 1;
        int length = 0;
        int position = 0;
        while ((w0 | w1 | w2 | w3) != 0)
        {
            if ((w0 & 1) != 0)
            {
                int digit = (int)(w0 & (ulong)(modulus - 1));
                if (digit >= half)
                {
                    digit -= modulus;
                }

                digits[position] = (short)digit;
                ulong minusDigit = (ulong)(long)-digit;
                ulong extension = (ulong)((long)-digit >> 63);
                w0 = AddCarry(w0, minusDigit, 0, out ulong carry);
                w1 = AddCarry(w1, extension, carry, out carry);
                w2 = AddCarry(w2, extension, carry, out carry);
                w3 = AddCarry(w3, extension, carry, out _);
                length = position + 1;

                // k - digit is divisible by 2^width: the next width - 1 digits are zero, so skip them in one shift.
                w0 = (w0 >> width) | (w1 << (64 - width));
                w1 = (w1 >> width) | (w2 << (64 - width));
                w2 = (w2 >> width) | (w3 << (64 - width));
                w3 >>= width;
                position += width;
                continue;
            }

            w0 = (w0 >> 1) | (w1 << 63);
            w1 = (w1 >> 1) | (w2 << 63);
            w2 = (w2 >> 1) | (w3 << 63);
            w3 >>= 1;
            position++;
        }

        return length;
    }

    private static P192AffinePoint[] BuildOddMultiples(in P192AffinePoint basePoint, int count)
    {
        var result = new P192AffinePoint[count];
        result[0] = basePoint;
        P192ProjectivePoint.Double(P192ProjectivePoint.FromAffine(basePoint), out P192ProjectivePoint twice);
        twice.ToAffineVariableTime(out P192AffinePoint twiceAffine); // public table data
        P192ProjectivePoint current = P192ProjectivePoint.FromAffine(basePoint);
        for (int j = 1; j < count; j++)
        {
            P192ProjectivePoint.AddMixed(current, twiceAffine, out current);
            current.ToAffineVariableTime(out result[j]);
        }

        return result;
    }

    private static P192AffinePoint[] BuildCombTable()
    {
        var table = new P192AffinePoint[CombRows * CombEntries];
        P192AffinePoint rowBase = G;
        for (int row = 0; row < CombRows; row++)
        {
            P192AffinePoint[] multiples = BuildOddMultiples(rowBase, CombEntries);
            Array.Copy(multiples, 0, table, row * CombEntries, CombEntries);

            P192ProjectivePoint next = P192ProjectivePoint.FromAffine(rowBase);
            for (int s = 0; s < CombDigitBits; s++)
            {
                P192ProjectivePoint.Double(next, out next);
            }

            next.ToAffineVariableTime(out rowBase);
        }

        return table;
    }
}
