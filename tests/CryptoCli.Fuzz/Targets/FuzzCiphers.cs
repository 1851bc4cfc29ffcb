using System.Collections.Generic;
using System.Security.Cryptography;

namespace CryptoCli.Fuzz;

/// <summary>The block ciphers a target picks from with one input byte, and their legal sizes.</summary>
internal static class FuzzCiphers
{
    /// <summary>One of the five block ciphers, with its default (128-bit) block.</summary>
    public static BlockCipherAlgorithm Create(byte selector) => (selector % 5) switch
    {
        0 => RijndaelCipher.Create(),
        1 => new Camellia(),
        2 => CipherUnicornA.Create(),
        3 => Hierocrypt3.Create(),
        _ => SC2000.Create(),
    };

    /// <summary>Picks one of the sizes (in bits) that <paramref name="sizes"/> allow.</summary>
    public static int PickSize(KeySizes[] sizes, byte selector)
    {
        var all = new List<int>();
        foreach (KeySizes range in sizes)
        {
            for (int size = range.MinSize; size <= range.MaxSize; size += range.SkipSize)
            {
                all.Add(size);
                if (range.SkipSize == 0)
                {
                    break;
                }
            }
        }

        return all[selector % all.Count];
    }

    /// <summary>A cipher keyed from the input: cipher selector, key-size selector, then the key bytes.</summary>
    public static BlockCipherAlgorithm CreateKeyed(ref FuzzInput input)
    {
        BlockCipherAlgorithm cipher = Create(input.Byte());
        int keyBytes = PickSize(cipher.LegalKeySizes, input.Byte()) / 8;
        cipher.Key = input.Exactly(keyBytes);
        return cipher;
    }
}
