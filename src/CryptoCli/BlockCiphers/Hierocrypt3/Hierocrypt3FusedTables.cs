// Hierocrypt-3: P2's fused tables (Asahi et al., 2010), built at start-up from Hierocrypt3Tables'
// algebraic definitions.
using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace CryptoCli;

/// <summary>
/// Fused look-up tables for Hierocrypt-3, one set per direction (encryption; the equivalent inverse cipher uses the
/// inverse S-box and matrices). Each set is one contiguous array so a kernel needs a single base register and
/// every table sits at a constant offset:
/// <list type="bullet">
/// <item>slots 0..3 (<c>mdsL_ST</c>): <c>L_j[x]</c> = column j of MDS_L times S(x), a row word, so the first half of
/// XS on a row is four look-ups;</item>
/// <item>slot 4: S(x) alone, for the last round (no MDS_H);</item>
/// <item>slots 5.. (<c>MDSH_ST</c>, 32-bit kernel): the S-box fused with MDS_H. MDS_H is a 16x16 binary matrix over
/// bytes, so input byte p adds S(x_p) to the bytes of output row i picked by a 4-bit pattern; only 7 patterns occur
/// for MDS_H (10 for its inverse), hence 7 (10) tables <c>S(x) * pattern</c>, listed in
/// <see cref="Encryption32Patterns"/>.</item>
/// </list>
/// The 64-bit kernel packs rows (0, 2) and (1, 3) into two 64-bit words; because MDS_H is circulant over rows, the
/// contributions of row j's byte k to both words are 8 tables <c>E_k</c>, <c>O_k</c> (patterns of output rows 0 and 2,
/// resp. 1 and 3) and their 32-bit rotations, 16 KiB per direction.
/// </summary>
internal static class Hierocrypt3FusedTables
{
    public const int MdsLSlot = 0, SBoxSlot = 4, MdsHSlot = 5;

    public static readonly uint[] Encryption32;
    public static readonly uint[] Decryption32;
    public static readonly ulong[] Encryption64;
    public static readonly ulong[] Decryption64;
    public static readonly byte[] Encryption32Patterns;
    public static readonly byte[] Decryption32Patterns;

    static Hierocrypt3FusedTables()
    {
        (Encryption32, Encryption32Patterns, Encryption64) = Build(Hierocrypt3Tables.SBox, Hierocrypt3Tables.MdsLRow,
            Hierocrypt3Tables.MdsHRow);
        (Decryption32, Decryption32Patterns, Decryption64) = Build(Hierocrypt3Tables.InverseSBox,
            Hierocrypt3Tables.InverseMdsLRow, Hierocrypt3Tables.InverseMdsHRow);
    }

    /// <summary>
    /// The 4-bit pattern (bit 3 = byte 0) of the bytes of output row <paramref name="row"/> that byte
    /// <paramref name="byteIndex"/> of input row 0 reaches through the MDS_H-type matrix <paramref name="mdsH"/>.
    /// Input row j reaches output row i as input row 0 reaches row i - j (the matrix is circulant).
    /// </summary>
    public static int Pattern(byte[] mdsH, int byteIndex, int row)
    {
        Span<uint> state = stackalloc uint[4];
        state.Clear();
        state[0] = 1u << (24 - 8 * byteIndex);
        Hierocrypt3Tables.ApplyMdsH(mdsH, state);
        uint w = state[row];
        return (int)(((w >> 24) & 1) << 3 | ((w >> 16) & 1) << 2 | ((w >> 8) & 1) << 1 | (w & 1));
    }

    private static uint Spread(int pattern, byte value) =>
        (uint)(((pattern >> 3) & 1) * (value << 24) | ((pattern >> 2) & 1) * (value << 16)
            | ((pattern >> 1) & 1) * (value << 8) | (pattern & 1) * value);

    private static (uint[] Tables32, byte[] Patterns, ulong[] Tables64) Build(byte[] box, byte[] mdsL, byte[] mdsH)
    {
        var distinct = new SortedSet<int>();
        for (int k = 0; k < 4; k++)
        {
            for (int row = 0; row < 4; row++)
            {
                distinct.Add(Pattern(mdsH, k, row));
            }
        }

        byte[] patterns = new byte[distinct.Count];
        int n = 0;
        foreach (int pattern in distinct)
        {
            patterns[n++] = (byte)pattern;
        }

        uint[] tables32 = new uint[(MdsHSlot + patterns.Length) * 256];
        ulong[] tables64 = new ulong[8 * 256];
        for (int x = 0; x < 256; x++)
        {
            byte s = box[x];
            for (int j = 0; j < 4; j++)
            {
                // Column j of the circulant MDS_L: output byte i gets row[(j - i) mod 4] * s.
                uint column = 0;
                for (int i = 0; i < 4; i++)
                {
                    column |= (uint)Hierocrypt3Tables.Multiply(mdsL[(j - i + 4) % 4], s) << (24 - 8 * i);
                }

                tables32[(MdsLSlot + j) * 256 + x] = column;
            }

            tables32[SBoxSlot * 256 + x] = s;
            for (int p = 0; p < patterns.Length; p++)
            {
                tables32[(MdsHSlot + p) * 256 + x] = Spread(patterns[p], s);
            }

            for (int k = 0; k < 4; k++)
            {
                // E_k: output rows (0, 2); O_k: output rows (1, 3), high word first.
                tables64[k * 256 + x] = ((ulong)Spread(Pattern(mdsH, k, 0), s) << 32) | Spread(Pattern(mdsH, k, 2), s);
                tables64[(4 + k) * 256 + x] = ((ulong)Spread(Pattern(mdsH, k, 1), s) << 32)
                    | Spread(Pattern(mdsH, k, 3), s);
            }
        }

        Debug.Assert(mdsH != Hierocrypt3Tables.MdsHRow || patterns.Length == 7, "P2: 7 distinct MDSH_ST tables");
        return (tables32, patterns, tables64);
    }
}
