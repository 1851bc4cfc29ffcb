using System;
using System.Security.Cryptography;

namespace CryptoCli.Fuzz;

/// <summary>
/// XTS decryption of arbitrary data units: any length (ciphertext stealing included), any tweak or data-unit number,
/// several units at once with any unit size. Input: cipher, key size, operation, the double-length key, tweak, unit
/// size, then the ciphertext. Documented: ArgumentException (lengths, unit size), CryptographicException (key halves
/// equal). Checked: encryption gives the ciphertext back, and a refused call writes nothing.
/// </summary>
internal static class XtsDecryptTarget
{
    public static void Run(ReadOnlySpan<byte> data)
    {
        var input = new FuzzInput(data);
        using BlockCipherAlgorithm cipher = FuzzCiphers.Create(input.Byte());
        int keyBytes = FuzzCiphers.PickSize(cipher.LegalKeySizes, input.Byte()) / 8;
        byte op = input.Byte();
        byte[] key = input.Exactly(2 * keyBytes);
        byte[] tweak = input.Exactly(16);
        ulong unitNumber = BitConverter.ToUInt64(tweak, 0);
        int unitSize = input.UInt16();
        byte[] ciphertext = input.TakeRest().ToArray();
        BlockCipherXts xts;
        try
        {
            xts = new BlockCipherXts(cipher, key);
        }
        catch (CryptographicException)
        {
            return;
        }

        using (xts)
        {
            byte[] plaintext = new byte[ciphertext.Length];
            byte[] again = new byte[ciphertext.Length];
            try
            {
                switch (op % 3)
                {
                    case 0:
                        xts.Decrypt(unitNumber, ciphertext, plaintext);
                        xts.Encrypt(unitNumber, plaintext, again);
                        break;
                    case 1:
                        xts.Decrypt(tweak, ciphertext, plaintext);
                        xts.Encrypt(tweak, plaintext, again);
                        break;
                    default:
                        xts.DecryptDataUnits(unitNumber, unitSize, ciphertext, plaintext);
                        xts.EncryptDataUnits(unitNumber, unitSize, plaintext, again);
                        break;
                }
            }
            catch (ArgumentException)
            {
                FuzzFindingException.Check(plaintext.AsSpan().IndexOfAnyExcept((byte)0) < 0, "refused call wrote");
                return;
            }

            FuzzFindingException.Check(again.AsSpan().SequenceEqual(ciphertext), "XTS round trip failed");
        }
    }
}
