using System;
using System.IO;
using System.Security.Cryptography;

namespace CryptoCli.Fuzz;

/// <summary>
/// CryptoStream decryption of arbitrary ciphertext for every mode (ECB, CBC, CFB, OFB, CTS, and the CFB/OFB stream
/// decryptor), padding, feedback size and Rijndael block size, read and written in chunks the input chooses.
/// Input: cipher, key size, block size, mode, padding, feedback size, read chunk, write chunk, key, IV, then the
/// ciphertext. Documented: ArgumentException and CryptographicException when the transform is created (a mode,
/// feedback size or IV the algorithm refuses), CryptographicException for ciphertext of a wrong length or bad padding.
/// Checked: the reading and the writing stream agree, and agree with the one-shot methods (DecryptEcb, DecryptCbc,
/// DecryptCfb, DecryptCts) on non-empty ciphertext; the stream decryptor's output is as long as its input and
/// encrypts back to it.
/// </summary>
internal static class CryptoStreamDecryptTarget
{
    private static readonly PaddingMode[] Paddings =
    [
        PaddingMode.None, PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.ISO10126,
    ];

    public static void Run(ReadOnlySpan<byte> data)
    {
        var input = new FuzzInput(data);
        using BlockCipherAlgorithm cipher = FuzzCiphers.Create(input.Byte());
        int keyBytes = FuzzCiphers.PickSize(cipher.LegalKeySizes, input.Byte()) / 8;
        cipher.BlockSize = FuzzCiphers.PickSize(cipher.LegalBlockSizes, input.Byte());
        int blockBytes = cipher.BlockSize / 8;
        byte modeChoice = input.Byte();
        cipher.Padding = Paddings[input.Byte() % Paddings.Length];
        int feedbackBytes = (input.Byte() % blockBytes) + 1;
        int readChunk = input.Byte() + 1;
        int writeChunk = input.Byte() + 1;
        byte[] key = input.Exactly(keyBytes);
        byte[] iv = input.Exactly(blockBytes);
        byte[] ciphertext = input.TakeRest().ToArray();
        cipher.Key = key;
        cipher.IV = iv;
        bool streamDecryptor = modeChoice >= 0x80;
        try
        {
            cipher.Mode = (CipherMode)((modeChoice % 5) + 1);
            cipher.FeedbackSize = feedbackBytes * 8;
        }
        catch (CryptographicException)
        {
            return;
        }

        ICryptoTransform decryptor;
        try
        {
            decryptor = streamDecryptor ? cipher.CreateStreamDecryptor() : cipher.CreateDecryptor();
        }
        catch (ArgumentException)
        {
            return;
        }
        catch (CryptographicException)
        {
            return;
        }

        byte[]? read;
        using (decryptor)
        {
            read = DecryptByReading(decryptor, ciphertext, readChunk);
        }

        byte[]? written;
        using (ICryptoTransform second = streamDecryptor ? cipher.CreateStreamDecryptor() : cipher.CreateDecryptor())
        {
            written = DecryptByWriting(second, ciphertext, writeChunk);
        }

        FuzzFindingException.Check(SameOutcome(read, written), "reading and writing CryptoStreams disagree");
        if (streamDecryptor)
        {
            FuzzFindingException.Check(read is not null && read.Length == ciphertext.Length, "stream length changed");
            using ICryptoTransform encryptor = cipher.CreateStreamEncryptor();
            FuzzFindingException.Check(
                SameOutcome(DecryptByReading(encryptor, read!, readChunk), ciphertext), "stream round trip failed");
            return;
        }

        byte[]? oneShot = OneShot(cipher, ciphertext, iv, feedbackBytes * 8);
        // OFB has no one-shot; CTS one-shots take no padding. Empty ciphertext is left out as the runtime's Aes has it:
        // its transforms decrypt it to nothing, its one-shots refuse it when the padding needs a block.
        if (cipher.Mode != CipherMode.OFB && (cipher.Mode != CipherMode.CTS || cipher.Padding == PaddingMode.None)
            && ciphertext.Length > 0)
        {
            FuzzFindingException.Check(SameOutcome(read, oneShot), "CryptoStream and the one-shot method disagree");
        }
    }

    private static bool SameOutcome(byte[]? a, byte[]? b) =>
        a is null ? b is null : b is not null && a.AsSpan().SequenceEqual(b);

    /// <summary>The plaintext, or null when decryption threw CryptographicException.</summary>
    private static byte[]? DecryptByReading(ICryptoTransform transform, byte[] ciphertext, int chunk)
    {
        try
        {
            using var source = new MemoryStream(ciphertext);
            using var stream = new CryptoStream(source, transform, CryptoStreamMode.Read, leaveOpen: true);
            using var result = new MemoryStream();
            byte[] buffer = new byte[chunk];
            int n;
            while ((n = stream.Read(buffer, 0, chunk)) > 0)
            {
                result.Write(buffer, 0, n);
            }

            return result.ToArray();
        }
        catch (CryptographicException)
        {
            return null;
        }
    }

    private static byte[]? DecryptByWriting(ICryptoTransform transform, byte[] ciphertext, int chunk)
    {
        using var result = new MemoryStream();
        try
        {
            using (var stream = new CryptoStream(result, transform, CryptoStreamMode.Write, leaveOpen: true))
            {
                for (int offset = 0; offset < ciphertext.Length; offset += chunk)
                {
                    stream.Write(ciphertext, offset, Math.Min(chunk, ciphertext.Length - offset));
                }
            }

            return result.ToArray();
        }
        catch (CryptographicException)
        {
            return null;
        }
    }

    private static byte[]? OneShot(BlockCipherAlgorithm cipher, byte[] ciphertext, byte[] iv, int feedbackSize)
    {
        try
        {
            return cipher.Mode switch
            {
                CipherMode.ECB => cipher.DecryptEcb(ciphertext, cipher.Padding),
                CipherMode.CBC => cipher.DecryptCbc(ciphertext, iv, cipher.Padding),
                CipherMode.CFB => cipher.DecryptCfb(ciphertext, iv, cipher.Padding, feedbackSize),
                CipherMode.CTS => cipher.DecryptCts(ciphertext, iv),
                _ => null,
            };
        }
        catch (CryptographicException)
        {
            return null;
        }
    }
}
