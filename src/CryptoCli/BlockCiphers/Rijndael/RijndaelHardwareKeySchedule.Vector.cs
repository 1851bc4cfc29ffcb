// The Rijndael key schedule for the hardware kernels, computed on the AES unit so that no key byte ever indexes a
// table (the table schedule in RijndaelKeySchedule.cs reads the S-box at key-dependent addresses, which leaks key
// bytes through the cache).
//
// SubWord(w): a vector whose four columns all hold w is unchanged by ShiftRows, so AESENCLAST(w,w,w,w; key 0) =
// SubBytes, and its column 0 is SubWord(w). The same holds for ARMv8's AESE (AesRoundArm.EncryptLast), so one
// generic schedule serves every AesRound backend and every key size Nk = 4..8 (x86's AESKEYGENASSIST would give the
// same S-box outputs, but is tied to AES's RotWord/rcon layout and has no ARM counterpart).
// The decryption keys of the equivalent inverse cipher use the unit's InvMixColumns (AESIMC) instead of the
// Td ∘ S-box tables. Constant-time: the only branches depend on the public key and block sizes.
using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;

namespace CryptoCli;

internal static class RijndaelHardwareKeySchedule
{
    /// <summary>
    /// The encryption round keys as vectors of four little-endian words, <paramref name="blockWords"/>/4 vectors per
    /// round: the same words as <see cref="RijndaelKeySchedule.ExpandEncryptionKey"/>.
    /// </summary>
    public static Vector128<byte>[] ExpandEncryptionKey<TAes>(ReadOnlySpan<byte> key, int blockWords)
        where TAes : struct, IAesRound
    {
        int keyWords = key.Length / 4;
        Debug.Assert(key.Length % 4 == 0 && keyWords is >= 4 and <= 8 && blockWords is 4 or 8);
        int total = blockWords * (RijndaelKeySchedule.Rounds(blockWords, keyWords) + 1);
        Span<uint> w = stackalloc uint[8 * 15];
        w = w.Slice(0, total);
        try
        {
            for (int i = 0; i < keyWords; i++)
            {
                w[i] = BinaryPrimitives.ReadUInt32LittleEndian(key.Slice(4 * i));
            }

            uint rcon = 1;
            for (int i = keyWords; i < total; i++)
            {
                uint temp = w[i - 1];
                if (i % keyWords == 0)
                {
                    // RotWord in little-endian word order is a right rotation by one byte: (a1, a2, a3, a0).
                    temp = SubWord<TAes>((temp >> 8) | (temp << 24)) ^ rcon;
                    rcon = (rcon << 1) ^ (0x11b & (0u - (rcon >> 7))); // xtime; rcon is public
                }
                else if (keyWords > 6 && i % keyWords == 4)
                {
                    temp = SubWord<TAes>(temp);
                }

                w[i] = w[i - keyWords] ^ temp;
            }

            var keys = new Vector128<byte>[total / 4];
            MemoryMarshal.AsBytes(w).CopyTo(MemoryMarshal.AsBytes(keys.AsSpan()));
            return keys;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(w));
        }
    }

    /// <summary>
    /// Round keys of the equivalent inverse cipher (for AESDEC): the rounds in reverse order, InvMixColumns on the
    /// inner ones; the same words as <see cref="RijndaelKeySchedule.ToDecryptionKey"/>.
    /// </summary>
    public static Vector128<byte>[] ToDecryptionKey<TAes>(Vector128<byte>[] encryptionKeys, int blockWords)
        where TAes : struct, IAesRound
    {
        int perRound = blockWords / 4;
        int rounds = encryptionKeys.Length / perRound - 1;
        var keys = new Vector128<byte>[encryptionKeys.Length];
        for (int round = 0; round <= rounds; round++)
        {
            for (int v = 0; v < perRound; v++)
            {
                Vector128<byte> key = encryptionKeys[(rounds - round) * perRound + v];
                keys[round * perRound + v] = round == 0 || round == rounds ? key : TAes.InverseMixColumns(key);
            }
        }

        return keys;
    }

    /// <summary>The S-box on each byte of <paramref name="word"/>, by the AES unit.</summary>
    public static uint SubWord<TAes>(uint word)
        where TAes : struct, IAesRound =>
        TAes.EncryptLast(Vector128.Create(word).AsByte(), Vector128<byte>.Zero).AsUInt32().ToScalar();
}
