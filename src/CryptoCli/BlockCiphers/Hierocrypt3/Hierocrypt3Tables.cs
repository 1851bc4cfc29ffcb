// Hierocrypt-3 (Toshiba; CRYPTREC 2001 candidate, NESSIE submission): 128-bit block, 128/192/256-bit keys.
// The algebraic pieces (S-box, MDS_L over GF(2^8), MDS_H over bytes), generated at start-up.
using System;

namespace CryptoCli;

/// <summary>
/// Hierocrypt-3's building blocks from the specification's algebraic definitions. A row is 4 bytes held as a
/// big-endian word (byte 0 in the high bits); the 16-byte state is rows 0..3 = bytes 0-3, 4-7, 8-11, 12-15.
/// <list type="bullet">
/// <item>S-box: permute the input bits (spec: output bit i, counted 1..8 from the left, is input bit
/// 3 7 5 8 6 2 4 1), raise to the power 247 in GF(2^8) mod x^8+x^6+x^5+x+1 (0x163), XOR 0x07.</item>
/// <item>MDS_L: the circulant 4x4 matrix with first row (c4 65 c8 8b) over that field, applied to each row.</item>
/// <item>MDS_H: the circulant 4x4 matrix with first row (5 5 a e) whose entries act on a whole row: multiplying
/// by 2 maps bytes (a0, a1, a2, a3) to (a1, a2, a3^a0, a0), i.e.
/// <c>(w &lt;&lt; 8) ^ ((w &gt;&gt; 24) * 0x0101)</c>.</item>
/// </list>
/// The inverse matrices (first rows 82 c4 34 f6 and b e e 6) are transcribed from the specification and a test
/// checks that each product is the identity. Constants H1..H4 are the fractional parts of sqrt(2)/4,
/// sqrt(3)/4, sqrt(5)/4 and sqrt(10)/4 (the SHA-1 round constants).
/// </summary>
internal static class Hierocrypt3Tables
{
    public const int FieldPolynomial = 0x163;

    public static readonly byte[] MdsLRow = { 0xc4, 0x65, 0xc8, 0x8b };
    public static readonly byte[] InverseMdsLRow = { 0x82, 0xc4, 0x34, 0xf6 };
    public static readonly byte[] MdsHRow = { 0x5, 0x5, 0xa, 0xe };
    public static readonly byte[] InverseMdsHRow = { 0xb, 0xe, 0xe, 0x6 };

    // Spec's bit permutation before the power map, as source bit (7 = most significant) per output bit, left to right.
    private static readonly int[] s_bitSource = { 5, 1, 3, 0, 2, 6, 4, 7 };

    public static readonly byte[] SBox = new byte[256];
    public static readonly byte[] InverseSBox = new byte[256];

    public static readonly uint H1 = 0x5a827999, H2 = 0x6ed9eba1, H3 = 0x8f1bbcdc, H4 = 0xca62c1d6;

    static Hierocrypt3Tables()
    {
        for (int x = 0; x < 256; x++)
        {
            int permuted = 0;
            foreach (int source in s_bitSource)
            {
                permuted = (permuted << 1) | ((x >> source) & 1);
            }

            byte s = (byte)(Power((byte)permuted, 247) ^ 0x07);
            SBox[x] = s;
            InverseSBox[s] = (byte)x;
        }
    }

    public static byte Multiply(byte a, byte b)
    {
        int product = 0;
        int x = a;
        for (int bit = 0; bit < 8; bit++)
        {
            if (((b >> bit) & 1) != 0)
            {
                product ^= x;
            }

            x <<= 1;
            if ((x & 0x100) != 0)
            {
                x ^= FieldPolynomial;
            }
        }

        return (byte)product;
    }

    public static byte Power(byte x, int exponent)
    {
        byte result = 1;
        for (int bit = 7; bit >= 0; bit--)
        {
            result = Multiply(result, result);
            if (((exponent >> bit) & 1) != 0)
            {
                result = Multiply(result, x);
            }
        }

        return result;
    }

    /// <summary>Applies a circulant GF(2^8) matrix with first row <paramref name="row"/> to one row word.</summary>
    public static uint ApplyMdsL(byte[] row, uint w)
    {
        uint result = 0;
        for (int i = 0; i < 4; i++)
        {
            int y = 0;
            for (int j = 0; j < 4; j++)
            {
                y ^= Multiply(row[(j - i + 4) % 4], (byte)(w >> (24 - 8 * j)));
            }

            result |= (uint)y << (24 - 8 * i);
        }

        return result;
    }

    /// <summary>
    /// Multiplies a row word by 2 in MDS_H's ring: bytes (a0, a1, a2, a3) become (a1, a2, a3 ^ a0, a0).
    /// </summary>
    public static uint Times2(uint w) => (w << 8) ^ ((w >> 24) * 0x0101);

    /// <summary>Multiplies a row word by a 4-bit MDS_H element.</summary>
    public static uint Times(int element, uint w)
    {
        uint result = 0;
        for (int bit = 0; bit < 4; bit++)
        {
            if (((element >> bit) & 1) != 0)
            {
                result ^= w;
            }

            w = Times2(w);
        }

        return result;
    }

    /// <summary>
    /// Applies the circulant MDS_H-type matrix with first row <paramref name="row"/> to the four rows of a state.
    /// </summary>
    public static void ApplyMdsH(byte[] row, Span<uint> state)
    {
        uint r0 = state[0], r1 = state[1], r2 = state[2], r3 = state[3];
        for (int i = 0; i < 4; i++)
        {
            state[i] = Times(row[(4 - i) % 4], r0) ^ Times(row[(5 - i) % 4], r1) ^ Times(row[(6 - i) % 4], r2)
                ^ Times(row[(7 - i) % 4], r3);
        }
    }

    /// <summary>The S-box on each byte of a word.</summary>
    public static uint SubWord(byte[] box, uint w) =>
        ((uint)box[w >> 24] << 24) | ((uint)box[(byte)(w >> 16)] << 16) | ((uint)box[(byte)(w >> 8)] << 8)
            | box[(byte)w];
}
