using System;
using System.Buffers.Binary;
using System.Diagnostics;

namespace CryptoCli;

/// <summary>
/// The Rijndael key schedule for every block size Nb and key size Nk of 4..8 words (FIPS-197 §5.2, generalised
/// as in the Rijndael proposal): Nr = max(Nb, Nk) + 6 rounds, Nb·(Nr + 1) little-endian round-key words.
/// </summary>
internal static class RijndaelKeySchedule
{
    public static int Rounds(int blockWords, int keyWords) => Math.Max(blockWords, keyWords) + 6;

    public static uint[] ExpandEncryptionKey(ReadOnlySpan<byte> key, int blockWords)
    {
        int keyWords = key.Length / 4;
        Debug.Assert(key.Length % 4 == 0 && keyWords is >= 4 and <= 8 && blockWords is >= 4 and <= 8);
        int total = blockWords * (Rounds(blockWords, keyWords) + 1);
        uint[] w = new uint[total];
        for (int i = 0; i < keyWords; i++)
        {
            w[i] = BinaryPrimitives.ReadUInt32LittleEndian(key.Slice(4 * i));
        }

        byte[] sbox = RijndaelTables.SBox;
        byte rcon = 1;
        for (int i = keyWords; i < total; i++)
        {
            uint temp = w[i - 1];
            if (i % keyWords == 0)
            {
                // RotWord then SubWord, in little-endian word order: bytes (a1, a2, a3, a0).
                temp = sbox[(byte)(temp >> 8)] | ((uint)sbox[(byte)(temp >> 16)] << 8) | ((uint)sbox[temp >> 24] << 16)
                    | ((uint)sbox[(byte)temp] << 24);
                temp ^= rcon;
                rcon = RijndaelTables.Multiply2(rcon);
            }
            else if (keyWords > 6 && i % keyWords == 4)
            {
                temp = sbox[(byte)temp] | ((uint)sbox[(byte)(temp >> 8)] << 8) | ((uint)sbox[(byte)(temp >> 16)] << 16)
                    | ((uint)sbox[temp >> 24] << 24);
            }

            w[i] = w[i - keyWords] ^ temp;
        }

        return w;
    }

    /// <summary>
    /// Round keys of the equivalent inverse cipher: reversed round order, InvMixColumns on the inner rounds.
    /// </summary>
    public static uint[] ToDecryptionKey(uint[] encryptionKey, int blockWords)
    {
        int rounds = encryptionKey.Length / blockWords - 1;
        uint[] d = new uint[encryptionKey.Length];
        for (int round = 0; round <= rounds; round++)
        {
            for (int c = 0; c < blockWords; c++)
            {
                uint word = encryptionKey[(rounds - round) * blockWords + c];
                d[round * blockWords + c] =
                    round == 0 || round == rounds ? word : RijndaelTables.InverseMixColumn(word);
            }
        }

        return d;
    }
}
