// Hierocrypt-3 key schedule (Toshiba specification, CRYPTREC 2001, "key scheduling part"): a 256-bit
// intermediate key Z = (Z1, Z2, Z3, Z4) of four 64-bit halves, stepped forwards (σ) for the first
// ceil((R+1)/2) round keys and backwards (σ^-1) for the rest; R = 6, 7, 8 rounds for 128/192/256-bit keys.
using System;
using System.Buffers.Binary;
using System.Diagnostics;

namespace CryptoCli;

/// <summary>
/// Hierocrypt-3's key schedule. Output: R + 1 round keys of 8 row words each: (K1 rows 0..3, K2 rows 0..3), where
/// round r XORs K1 before the first S-box layer and K2 before the second, and the final K1 after the last round.
/// Byte strings throughout; a 64-bit half is two row words (high word = bytes 0..3).
/// </summary>
internal static class Hierocrypt3KeySchedule
{
    // Key-schedule constants G(t) as (high, low) words, per key size; the specification's tables of H1..H4 pairs.
    private static readonly uint[] s_g128 = Pairs(4, 1, 3, 2, 2, 4, 1, 3, 1, 3, 2, 4, 3, 2);
    private static readonly uint[] s_g192 = Pairs(3, 2, 4, 1, 1, 3, 2, 4, 2, 4, 1, 3, 4, 1, 3, 2);
    private static readonly uint[] s_g256 = Pairs(3, 4, 4, 1, 2, 4, 3, 2, 1, 3, 1, 3, 3, 2, 2, 4, 4, 1);

    public static int Rounds(int keyBytes) => keyBytes switch { 16 => 6, 24 => 7, _ => 8 };

    /// <summary>The encryption round keys: <c>8 * (R + 1)</c> words, round r at <c>8r</c> (K1 then K2).</summary>
    public static uint[] Expand(ReadOnlySpan<byte> key)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        int rounds = Rounds(key.Length);
        uint[] g = key.Length switch { 16 => s_g128, 24 => s_g192, _ => s_g256 };

        // Z as 8 words: Z1 = z[0..1], Z2 = z[2..3], Z3 = z[4..5], Z4 = z[6..7].
        Span<uint> z = stackalloc uint[8];
        for (int i = 0; i < 4; i++)
        {
            z[i] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * i));
        }

        switch (key.Length)
        {
            case 16: // Z3 = K1, Z4 = H4 || H3
                z[4] = z[0];
                z[5] = z[1];
                z[6] = Hierocrypt3Tables.H4;
                z[7] = Hierocrypt3Tables.H3;
                break;
            case 24: // Z3 = K3, Z4 = H3 || H4
                z[4] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(16));
                z[5] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(20));
                z[6] = Hierocrypt3Tables.H3;
                z[7] = Hierocrypt3Tables.H4;
                break;
            default: // Z3 = K3, Z4 = K4
                for (int i = 4; i < 8; i++)
                {
                    z[i] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * i));
                }

                break;
        }

        // Pre-whitening step with G = H2 || H1.
        Sigma(z, Hierocrypt3Tables.H2, Hierocrypt3Tables.H1);

        uint[] roundKeys = new uint[8 * (rounds + 1)];
        int forward = (rounds + 2) / 2; // ceil((R + 1) / 2)
        for (int r = 0; r < forward; r++)
        {
            uint z1h = z[0], z1l = z[1], z2h = z[2], z2l = z[3];
            P32(z);
            Sigma(z, g[2 * r], g[2 * r + 1]);
            (uint vh, uint vl) = F(z2h ^ z[4], z2l ^ z[5]);
            Store(roundKeys, r, z1h ^ vh, z1l ^ vl, z[4] ^ vh, z[5] ^ vl, z[6] ^ vh, z[7] ^ vl, z2h ^ z[6], z2l ^ z[7]);
        }

        for (int r = forward; r <= rounds; r++)
        {
            uint z1h = z[0], z1l = z[1], z3h = z[4], z3l = z[5];
            (uint vh, uint vl) = F(z1h ^ z3h, z1l ^ z3l);
            SigmaInverse(z, g[2 * r], g[2 * r + 1]);
            Store(roundKeys, r, z3h ^ z[0], z3l ^ z[1], z[4] ^ vh, z[5] ^ vl, z[6] ^ vh, z[7] ^ vl, z1h ^ z[6],
                z1l ^ z[7]);
            P32Inverse(z);
        }

        z.Clear();
        return roundKeys;
    }

    /// <summary>
    /// Round keys of the equivalent inverse cipher (same layout): the encryption keys in reverse order, each K1
    /// but the first passed through MDS_H^-1, and K2 of step r taken from the encryption K2 of step R - 1 - r
    /// through MDS_L^-1, so that decryption runs the encryption's data path with the inverse layers.
    /// </summary>
    public static uint[] ToDecryption(uint[] encryption)
    {
        int rounds = encryption.Length / 8 - 1;
        uint[] decryption = new uint[encryption.Length];
        Span<uint> rows = stackalloc uint[4];
        for (int r = 0; r <= rounds; r++)
        {
            encryption.AsSpan(8 * (rounds - r), 4).CopyTo(rows);
            if (r > 0 && r < rounds)
            {
                Hierocrypt3Tables.ApplyMdsH(Hierocrypt3Tables.InverseMdsHRow, rows);
            }

            rows.CopyTo(decryption.AsSpan(8 * r, 4));
            if (r < rounds)
            {
                for (int i = 0; i < 4; i++)
                {
                    decryption[8 * r + 4 + i] = InverseMdsL(encryption[8 * (rounds - r - 1) + 4 + i]);
                }
            }
        }

        rows.Clear();
        return decryption;
    }

    /// <summary>
    /// MDS_L^-1 on a row by four look-ups: the decryption mdsL_ST tables hold column j of MDS_L^-1 times S^-1(x), so
    /// indexing them with S(b) gives column j times b.
    /// </summary>
    private static uint InverseMdsL(uint w)
    {
        uint[] t = Hierocrypt3FusedTables.Decryption32;
        byte[] s = Hierocrypt3Tables.SBox;
        return t[s[w >> 24]] ^ t[256 + s[(byte)(w >> 16)]] ^ t[512 + s[(byte)(w >> 8)]] ^ t[768 + s[(byte)w]];
    }

    private static void Store(uint[] keys, int round, uint a, uint b, uint c, uint d, uint e, uint f, uint g, uint h)
    {
        Span<uint> k = keys.AsSpan(8 * round, 8);
        k[0] = a;
        k[1] = b;
        k[2] = c;
        k[3] = d;
        k[4] = e;
        k[5] = f;
        k[6] = g;
        k[7] = h;
    }

    /// <summary>σ: Z3 = M5e(Z3) ^ G, Z4 = M5e(Z4), Z1 = Z2, Z2 = Z1 ^ F(Z2 ^ Z3) (with the new Z3).</summary>
    private static void Sigma(Span<uint> z, uint gh, uint gl)
    {
        z[4] = Hierocrypt3Tables.Times(0x5, z[4]) ^ gh;
        z[5] = Hierocrypt3Tables.Times(0xe, z[5]) ^ gl;
        z[6] = Hierocrypt3Tables.Times(0x5, z[6]);
        z[7] = Hierocrypt3Tables.Times(0xe, z[7]);
        (uint fh, uint fl) = F(z[2] ^ z[4], z[3] ^ z[5]);
        (z[0], z[1], z[2], z[3]) = (z[2], z[3], z[0] ^ fh, z[1] ^ fl);
    }

    /// <summary>σ^-1: Z1 = Z2 ^ F(Z1 ^ Z3), Z2 = Z1, Z3 = Mb3(Z3 ^ G), Z4 = Mb3(Z4).</summary>
    private static void SigmaInverse(Span<uint> z, uint gh, uint gl)
    {
        (uint fh, uint fl) = F(z[0] ^ z[4], z[1] ^ z[5]);
        (z[0], z[1], z[2], z[3]) = (z[2] ^ fh, z[3] ^ fl, z[0], z[1]);
        z[4] = Hierocrypt3Tables.Times(0xb, z[4] ^ gh);
        z[5] = Hierocrypt3Tables.Times(0x3, z[5] ^ gl);
        z[6] = Hierocrypt3Tables.Times(0xb, z[6]);
        z[7] = Hierocrypt3Tables.Times(0x3, z[7]);
    }

    /// <summary>The key schedule's F on a 64-bit half: the S-box on each byte, then the XOR network P16.</summary>
    private static (uint High, uint Low) F(uint high, uint low)
    {
        uint h = Hierocrypt3Tables.SubWord(Hierocrypt3Tables.SBox, high);
        uint l = Hierocrypt3Tables.SubWord(Hierocrypt3Tables.SBox, low);
        h ^= l;
        l ^= Bits.RotateLeft(h, 16); // bytes 4..7 ^= bytes 2, 3, 0, 1
        return (h, l);
    }

    /// <summary>
    /// P32 on (Z3, Z4): Z3 ^= Z4, then Z4's high word ^= Z3's low word and Z4's low word ^= Z3's high word.
    /// </summary>
    private static void P32(Span<uint> z)
    {
        z[4] ^= z[6];
        z[5] ^= z[7];
        z[6] ^= z[5];
        z[7] ^= z[4];
    }

    private static void P32Inverse(Span<uint> z)
    {
        z[7] ^= z[4];
        z[6] ^= z[5];
        z[4] ^= z[6];
        z[5] ^= z[7];
    }

    // The constants G(t) as a list of (high, low) H indices (1..4), flattened into word pairs.
    private static uint[] Pairs(params int[] indices)
    {
        uint[] h = { 0, Hierocrypt3Tables.H1, Hierocrypt3Tables.H2, Hierocrypt3Tables.H3, Hierocrypt3Tables.H4 };
        uint[] words = new uint[indices.Length];
        for (int i = 0; i < indices.Length; i++)
        {
            words[i] = h[indices[i]];
        }

        return words;
    }
}
