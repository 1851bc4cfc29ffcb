// SC2000 (Fujitsu; CRYPTREC 2001, NESSIE submission): 128-bit block, 128/192/256-bit keys.
// The small S-boxes and the 32x32 binary matrix M, and the fused tables the fast kernel looks up.
using System;

namespace CryptoCli;

/// <summary>
/// SC2000's constants: the 4-bit S-box of the B layer, the 5- and 6-bit S-boxes of the F function's S layer
/// (split 6-5-5-5-5-6 from the most significant bit), and the rows of M. Values from the SC2000 specification
/// (CRYPTREC 2001, tables S4, S5, S6 and M), as transcribed in github.com/Jither/cryptopunk sc2000.js (MIT).
/// From them the static constructor builds the fused look-ups of Asahi et al. (2010): the word is split 11-10-11 bits,
/// each piece goes through its two adjacent S-boxes and through M at once (<see cref="FusedMS"/>: 2048 + 1024 + 2048
/// words, 20 KiB), so M∘S costs three look-ups instead of six S-boxes and 32 conditional XORs.
/// </summary>
internal static class SC2000Tables
{
    public static readonly byte[] S4 = { 2, 5, 10, 12, 7, 15, 1, 11, 13, 6, 0, 9, 4, 8, 3, 14 };

    public static readonly byte[] S4Inverse = new byte[16];

    public static readonly byte[] S5 =
    {
        0x14, 0x1a, 0x07, 0x1f, 0x13, 0x0c, 0x0a, 0x0f, 0x16, 0x1e, 0x0d, 0x0e, 0x04, 0x18, 0x09, 0x12,
        0x1b, 0x0b, 0x01, 0x15, 0x06, 0x10, 0x02, 0x1c, 0x17, 0x05, 0x08, 0x03, 0x00, 0x11, 0x1d, 0x19,
    };

    public static readonly byte[] S6 =
    {
        0x2f, 0x3b, 0x19, 0x2a, 0x0f, 0x17, 0x1c, 0x27, 0x1a, 0x26, 0x24, 0x13, 0x3c, 0x18, 0x1d, 0x38,
        0x25, 0x3f, 0x14, 0x3d, 0x37, 0x02, 0x1e, 0x2c, 0x09, 0x0a, 0x06, 0x16, 0x35, 0x30, 0x33, 0x0b,
        0x3e, 0x34, 0x23, 0x12, 0x0e, 0x2e, 0x00, 0x36, 0x11, 0x28, 0x1b, 0x04, 0x1f, 0x08, 0x05, 0x0c,
        0x03, 0x10, 0x29, 0x22, 0x21, 0x07, 0x2d, 0x31, 0x32, 0x3a, 0x01, 0x15, 0x2b, 0x39, 0x20, 0x0d,
    };

    /// <summary>
    /// M's rows: bit 31 (the most significant) of the input selects <c>MRows[0]</c>, bit 0 selects <c>MRows[31]</c>.
    /// </summary>
    public static readonly uint[] MRows =
    {
        0xd0c19225, 0xa5a2240a, 0x1b84d250, 0xb728a4a1, 0x6a704902, 0x85dddbe6, 0x766ff4a4, 0xecdfe128,
        0xafd13e94, 0xdf837d09, 0xbb27fa52, 0x695059ac, 0x52a1bb58, 0xcc322f1d, 0x1844565b, 0xb4a8acf6,
        0x34235438, 0x6847a851, 0xe48c0cbb, 0xcd181136, 0x9a112a0c, 0x43ec6d0e, 0x87d8d27d, 0x487dc995,
        0x90fb9b4b, 0xa1f63697, 0xfc513ed9, 0x78a37d93, 0x8d16c5df, 0x9e0c8bbe, 0x3c381f7c, 0xe9fb0779,
    };

    /// <summary>
    /// Offsets in <see cref="FusedMS"/>: M∘S of input bits 31..21 (S6, S5; index <c>x &gt;&gt; 21</c>), ...
    /// </summary>
    public const int S11MHigh = 0;

    /// <summary>... of input bits 20..11 (S5, S5; index <c>(x &gt;&gt; 11) &amp; 0x3ff</c>) ...</summary>
    public const int S10M = 2048;

    /// <summary>... and of input bits 10..0 (S5, S6; index <c>x &amp; 0x7ff</c>).</summary>
    public const int S11MLow = 3072;

    /// <summary>
    /// The three fused tables S11_M, S10_M, S11_M' in one array (one base register, constant offsets).
    /// </summary>
    public static readonly uint[] FusedMS = new uint[2048 + 1024 + 2048];

    static SC2000Tables()
    {
        for (int i = 0; i < 16; i++)
        {
            S4Inverse[S4[i]] = (byte)i;
        }

        // S acts on each field separately and M is linear, so M(S(x)) splits into the XOR of the three pieces.
        for (uint i = 0; i < 2048; i++)
        {
            FusedMS[S11MHigh + i] = M(S(i << 21) & 0xffe00000);
            FusedMS[S11MLow + i] = M(S(i) & 0x7ff);
        }

        for (uint i = 0; i < 1024; i++)
        {
            FusedMS[S10M + i] = M(S(i << 11) & 0x001ff800);
        }
    }

    /// <summary>
    /// The S layer, straight from the definition: S6, S5, S5, S5, S5, S6 from the most significant bit.
    /// </summary>
    public static uint S(uint x) =>
        ((uint)S6[(int)(x >> 26)] << 26) | ((uint)S5[(int)((x >> 21) & 0x1f)] << 21)
            | ((uint)S5[(int)((x >> 16) & 0x1f)] << 16) |
        ((uint)S5[(int)((x >> 11) & 0x1f)] << 11) | ((uint)S5[(int)((x >> 6) & 0x1f)] << 6) | S6[(int)(x & 0x3f)];

    /// <summary>The linear layer M, bit by bit from the definition.</summary>
    public static uint M(uint x)
    {
        uint result = 0;
        for (int bit = 0; bit < 32; bit++)
        {
            if (((x >> (31 - bit)) & 1) != 0)
            {
                result ^= MRows[bit];
            }
        }

        return result;
    }

    /// <summary>
    /// The B layer from its definition: bit i of words a, b, c, d forms a nibble (a the most significant bit) that goes
    /// through <paramref name="box"/>.
    /// </summary>
    public static void B(byte[] box, ref uint a, ref uint b, ref uint c, ref uint d)
    {
        uint ra = 0, rb = 0, rc = 0, rd = 0;
        for (int i = 0; i < 32; i++)
        {
            int nibble = (int)((((a >> i) & 1) << 3) | (((b >> i) & 1) << 2) | (((c >> i) & 1) << 1) | ((d >> i) & 1));
            uint s = box[nibble];
            ra |= ((s >> 3) & 1) << i;
            rb |= ((s >> 2) & 1) << i;
            rc |= ((s >> 1) & 1) << i;
            rd |= (s & 1) << i;
        }

        a = ra;
        b = rb;
        c = rc;
        d = rd;
    }
}
