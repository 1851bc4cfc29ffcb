using System;
using System.Security.Cryptography;

namespace CryptoCli.Fuzz;

/// <summary>
/// DecryptKeyWrap and DecryptKeyWrapPadded (RFC 3394 / RFC 5649) on arbitrary ciphertext, through the array and
/// destination overloads. Input: cipher, key size, key, operation, destination slack, then the wrapped key.
/// Documented: ArgumentException (length), CryptographicException (integrity). Checked: an unwrapped key wraps back
/// to the same ciphertext, and a failed or refused unwrap leaves the destination unwritten.
/// </summary>
internal static class KeyWrapTarget
{
    private const byte Canary = 0xA5;

    public static void Run(ReadOnlySpan<byte> data)
    {
        var input = new FuzzInput(data);
        using BlockCipherAlgorithm cipher = FuzzCiphers.CreateKeyed(ref input);
        byte op = input.Byte();
        int slack = (sbyte)input.Byte();
        ReadOnlySpan<byte> ciphertext = input.TakeRest();
        bool padded = (op & 1) != 0;
        byte[] destination = new byte[Math.Max(0, ciphertext.Length - 8 + (slack / 8))];
        destination.AsSpan().Fill(Canary);
        try
        {
            byte[] key;
            if ((op & 2) == 0)
            {
                key = padded ? cipher.DecryptKeyWrapPadded(ciphertext) : cipher.DecryptKeyWrap(ciphertext);
            }
            else
            {
                bool done = padded
                    ? cipher.TryDecryptKeyWrapPadded(ciphertext, destination, out int written)
                    : cipher.TryDecryptKeyWrap(ciphertext, destination, out written);
                if (!done)
                {
                    CheckUnwritten(destination);
                    return;
                }

                key = destination.AsSpan(0, written).ToArray();
            }

            byte[] again = padded ? cipher.EncryptKeyWrapPadded(key) : cipher.EncryptKeyWrap(key);
            FuzzFindingException.Check(again.AsSpan().SequenceEqual(ciphertext), "unwrapped key does not wrap back");
        }
        catch (ArgumentException)
        {
            CheckUnwritten(destination);
        }
        catch (CryptographicException)
        {
            CheckUnwritten(destination);
        }
    }

    private static void CheckUnwritten(byte[] destination) =>
        FuzzFindingException.Check(
            destination.AsSpan().IndexOfAnyExcept(Canary) < 0, "a failed unwrap wrote to the destination");
}
