// Camellia S-boxes and the tables that fold them with the P-function, generated at start-up from the
// algebraic definition of the Camellia specification (Aoki et al., "Specification of Camellia - a 128-bit
// Block Cipher", NTT/Mitsubishi 2001, section 3.4.4 and appendix) rather than transcribed:
//   s1(x) = h(g(f(0xc5 ^ x))) ^ 0x6e, s2(x) = s1(x) <<< 1, s3(x) = s1(x) <<< 7, s4(x) = s1(x <<< 1),
// with f and h linear maps on bits and g the inversion in GF((2^4)^2). The RFC 3713 and NTT known-answer
// tests check every entry (all 256 inputs of every S-box are reached by the 3840 NTT vectors).
using System;

namespace CryptoCli;

internal static class CamelliaTables
{
    /// <summary>s1..s4 of RFC 3713 section 2.4.4.</summary>
    public static readonly byte[] SBox1 = new byte[256];
    public static readonly byte[] SBox2 = new byte[256];
    public static readonly byte[] SBox3 = new byte[256];
    public static readonly byte[] SBox4 = new byte[256];

    // 32-bit tables (P2 "32-bit fast", the equivalent F-function of the specification for 32-bit words):
    // the name gives the bytes, most significant first, that carry the S-box output (1110 = s1 s1 s1 0).
    public static readonly uint[] SP1110 = new uint[256];
    public static readonly uint[] SP0222 = new uint[256];
    public static readonly uint[] SP3033 = new uint[256];
    public static readonly uint[] SP4404 = new uint[256];

    /// <summary>
    /// The four 32-bit tables in one array (SP1110, SP0222, SP3033, SP4404 at 0, 256, 512, 768): one base register.
    /// </summary>
    public static readonly uint[] SP32 = new uint[4 * 256];

    /// <summary>
    /// 64-bit tables (the "64-bit fast" variant of Asahi et al. (2010)): entry <c>256 * j + x</c> is P applied to the
    /// word whose byte j (0 = most significant) is the S-box of that position applied to x, so F = XOR of eight
    /// look-ups. 16 KiB in all.
    /// </summary>
    public static readonly ulong[] SP64 = new ulong[8 * 256];

    static CamelliaTables()
    {
        for (int x = 0; x < 256; x++)
        {
            SBox1[x] = (byte)(H(CompositeInverse(F((byte)(x ^ 0xc5)))) ^ 0x6e);
        }

        for (int x = 0; x < 256; x++)
        {
            byte s1 = SBox1[x];
            SBox2[x] = RotateLeft(s1, 1);
            SBox3[x] = RotateLeft(s1, 7);
            SBox4[x] = SBox1[RotateLeft((byte)x, 1)];
            SP1110[x] = SBox1[x] * 0x01010100u;
            SP0222[x] = SBox2[x] * 0x00010101u;
            SP3033[x] = SBox3[x] * 0x01000101u;
            SP4404[x] = SBox4[x] * 0x01010001u;
            SP32[x] = SP1110[x];
            SP32[256 + x] = SP0222[x];
            SP32[512 + x] = SP3033[x];
            SP32[768 + x] = SP4404[x];
        }

        // Byte j of the F input goes through s1 s2 s3 s4 s2 s3 s4 s1 (RFC 3713 2.4.1), then P.
        byte[][] byPosition = { SBox1, SBox2, SBox3, SBox4, SBox2, SBox3, SBox4, SBox1 };
        Span<byte> t = stackalloc byte[8];
        for (int j = 0; j < 8; j++)
        {
            for (int x = 0; x < 256; x++)
            {
                t.Clear();
                t[j] = byPosition[j][x];
                SP64[256 * j + x] = P(t);
            }
        }
    }

    /// <summary>
    /// The P-function of RFC 3713 2.4.1 on t1..t8 (t[0] = t1), as a 64-bit word with y1 in the top byte.
    /// </summary>
    public static ulong P(ReadOnlySpan<byte> t)
    {
        int y1 = t[0] ^ t[2] ^ t[3] ^ t[5] ^ t[6] ^ t[7];
        int y2 = t[0] ^ t[1] ^ t[3] ^ t[4] ^ t[6] ^ t[7];
        int y3 = t[0] ^ t[1] ^ t[2] ^ t[4] ^ t[5] ^ t[7];
        int y4 = t[1] ^ t[2] ^ t[3] ^ t[4] ^ t[5] ^ t[6];
        int y5 = t[0] ^ t[1] ^ t[5] ^ t[6] ^ t[7];
        int y6 = t[1] ^ t[2] ^ t[4] ^ t[6] ^ t[7];
        int y7 = t[2] ^ t[3] ^ t[4] ^ t[5] ^ t[7];
        int y8 = t[0] ^ t[3] ^ t[4] ^ t[5] ^ t[6];
        return ((ulong)(byte)y1 << 56) | ((ulong)(byte)y2 << 48) | ((ulong)(byte)y3 << 40) | ((ulong)(byte)y4 << 32) |
               ((ulong)(byte)y5 << 24) | ((ulong)(byte)y6 << 16) | ((ulong)(byte)y7 << 8) | (byte)y8;
    }

    public static byte RotateLeft(byte value, int count) => (byte)((value << count) | (value >> (8 - count)));

    // Bit a_i of a byte, a1 being the most significant (the specification's numbering).
    private static int Bit(int x, int i) => (x >> (8 - i)) & 1;

    private static byte FromBits(int b1, int b2, int b3, int b4, int b5, int b6, int b7, int b8) =>
        (byte)((b1 << 7) | (b2 << 6) | (b3 << 5) | (b4 << 4) | (b5 << 3) | (b6 << 2) | (b7 << 1) | b8);

    /// <summary>The input linear map f of the specification.</summary>
    public static byte F(byte a) => FromBits(
        Bit(a, 6) ^ Bit(a, 2),
        Bit(a, 7) ^ Bit(a, 1),
        Bit(a, 8) ^ Bit(a, 5) ^ Bit(a, 3),
        Bit(a, 8) ^ Bit(a, 3),
        Bit(a, 7) ^ Bit(a, 4),
        Bit(a, 5) ^ Bit(a, 2),
        Bit(a, 8) ^ Bit(a, 1),
        Bit(a, 6) ^ Bit(a, 4));

    /// <summary>The output linear map h of the specification.</summary>
    public static byte H(byte a) => FromBits(
        Bit(a, 5) ^ Bit(a, 6) ^ Bit(a, 2),
        Bit(a, 6) ^ Bit(a, 2),
        Bit(a, 7) ^ Bit(a, 4),
        Bit(a, 8) ^ Bit(a, 2),
        Bit(a, 7) ^ Bit(a, 3),
        Bit(a, 8) ^ Bit(a, 1),
        Bit(a, 5) ^ Bit(a, 1),
        Bit(a, 6) ^ Bit(a, 3));

    // GF(2^4) with beta^4 = beta + 1; bit i of a nibble is the coefficient of beta^i.
    private static int Gf16Multiply(int a, int b)
    {
        int r = 0;
        for (int i = 0; i < 4; i++)
        {
            if (((b >> i) & 1) != 0)
            {
                r ^= a << i;
            }
        }

        for (int i = 6; i >= 4; i--)
        {
            if (((r >> i) & 1) != 0)
            {
                r ^= 0x13 << (i - 4);
            }
        }

        return r;
    }

    /// <summary>
    /// Multiplication in GF((2^4)^2) as g uses it: a byte a1..a8 is
    /// (a8 + a7 b + a6 b^2 + a5 b^3) + (a4 + a3 b + a2 b^2 + a1 b^3) alpha, i.e. the low nibble is the constant
    /// coefficient, with alpha^2 = alpha + beta^-1 (beta^-1 = beta^3 + 1 = 0x9). This reading of the specification's
    /// field is the one that reproduces RFC 3713's s1 table (checked by the KATs).
    /// </summary>
    public static byte CompositeMultiply(byte x, byte y)
    {
        int x0 = x & 15, x1 = x >> 4, y0 = y & 15, y1 = y >> 4;
        int high = Gf16Multiply(x1, y1);
        int r0 = Gf16Multiply(x0, y0) ^ Gf16Multiply(high, 0x9);
        int r1 = Gf16Multiply(x0, y1) ^ Gf16Multiply(x1, y0) ^ high;
        return (byte)((r1 << 4) | r0);
    }

    /// <summary>g: x^254 in GF((2^4)^2), i.e. the inverse, with 0 mapped to 0.</summary>
    public static byte CompositeInverse(byte x)
    {
        byte result = 1;
        byte power = x;
        for (int e = 254; e != 0; e >>= 1)
        {
            if ((e & 1) != 0)
            {
                result = CompositeMultiply(result, power);
            }

            power = CompositeMultiply(power, power);
        }

        return result;
    }
}
