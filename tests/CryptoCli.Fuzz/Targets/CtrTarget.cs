using System;
using System.Security.Cryptography;

namespace CryptoCli.Fuzz;

/// <summary>
/// Counter mode with arbitrary counters (wrapping included), Rijndael block sizes and chunkings, in place or not.
/// Input: cipher, key size, block size, flags, chunk count, chunk lengths, key, counter, then the data.
/// Documented: ArgumentException (a destination the input made too short). Checked against a keystream built here
/// from EncryptEcb of the counter blocks (big-endian increment, wrapping): the one-shot TryTransformCtr and the chunked
/// TransformCtr give it whenever every chunk but the last is whole blocks, and the chunked counter ends advanced by
/// the number of blocks used.
/// </summary>
internal static class CtrTarget
{
    public static void Run(ReadOnlySpan<byte> data)
    {
        var input = new FuzzInput(data);
        using BlockCipherAlgorithm cipher = FuzzCiphers.Create(input.Byte());
        int keyBytes = FuzzCiphers.PickSize(cipher.LegalKeySizes, input.Byte()) / 8;
        cipher.BlockSize = FuzzCiphers.PickSize(cipher.LegalBlockSizes, input.Byte());
        int blockBytes = cipher.BlockSize / 8;
        byte flags = input.Byte();
        int chunkCount = input.Byte() % 9;
        int[] chunks = new int[chunkCount];
        for (int i = 0; i < chunkCount; i++)
        {
            chunks[i] = input.Byte();
        }

        cipher.Key = input.Exactly(keyBytes);
        byte[] initialCounter = input.Exactly(blockBytes);
        byte[] text = input.TakeRest().ToArray();

        byte[] expected = Reference(cipher, initialCounter, text);
        byte[] oneShot = new byte[text.Length];
        bool done = cipher.TryTransformCtr(text, initialCounter, oneShot, out int oneShotWritten);
        FuzzFindingException.Check(done && oneShotWritten == text.Length, "one-shot CTR refused a full destination");
        FuzzFindingException.Check(oneShot.AsSpan().SequenceEqual(expected), "one-shot CTR differs from the reference");

        // A destination one byte short is refused with nothing written.
        if (text.Length > 0 && (flags & 2) != 0)
        {
            byte[] shortDestination = new byte[text.Length - 1];
            byte[] counterCopy = (byte[])initialCounter.Clone();
            try
            {
                cipher.TransformCtr(text, counterCopy, shortDestination);
                throw new FuzzFindingException("a short destination was accepted");
            }
            catch (ArgumentException)
            {
                FuzzFindingException.Check(shortDestination.AsSpan().IndexOfAnyExcept((byte)0) < 0, "short written");
                FuzzFindingException.Check(counterCopy.AsSpan().SequenceEqual(initialCounter), "counter moved");
            }
        }

        bool inPlace = (flags & 1) != 0;
        byte[] output = inPlace ? (byte[])text.Clone() : new byte[text.Length];
        byte[] counter = (byte[])initialCounter.Clone();
        bool aligned = true;
        int offset = 0;
        int blocksUsed = 0;
        for (int i = 0; i <= chunkCount && offset <= text.Length; i++)
        {
            int n = i < chunkCount ? Math.Min(chunks[i], text.Length - offset) : text.Length - offset;
            if (i < chunkCount && offset + n < text.Length && n % blockBytes != 0)
            {
                aligned = false;
            }

            ReadOnlySpan<byte> source = inPlace ? output.AsSpan(offset, n) : text.AsSpan(offset, n);
            int written = cipher.TransformCtr(source, counter, output.AsSpan(offset, n));
            FuzzFindingException.Check(written == n, "TransformCtr wrote a different length");
            blocksUsed += (n + blockBytes - 1) / blockBytes;
            offset += n;
            if (offset == text.Length)
            {
                break;
            }
        }

        if (aligned)
        {
            FuzzFindingException.Check(output.AsSpan().SequenceEqual(expected), "chunked CTR differs from the reference");
        }

        byte[] advanced = (byte[])initialCounter.Clone();
        Add(advanced, blocksUsed);
        FuzzFindingException.Check(counter.AsSpan().SequenceEqual(advanced), "counter not advanced by blocks used");
    }

    private static byte[] Reference(BlockCipherAlgorithm cipher, byte[] initialCounter, byte[] text)
    {
        int blockBytes = initialCounter.Length;
        int blocks = (text.Length + blockBytes - 1) / blockBytes;
        byte[] counters = new byte[blocks * blockBytes];
        byte[] counter = (byte[])initialCounter.Clone();
        for (int i = 0; i < blocks; i++)
        {
            counter.CopyTo(counters, i * blockBytes);
            Add(counter, 1);
        }

        byte[] keystream = cipher.EncryptEcb(counters, PaddingMode.None);
        byte[] result = new byte[text.Length];
        for (int i = 0; i < text.Length; i++)
        {
            result[i] = (byte)(text[i] ^ keystream[i]);
        }

        return result;
    }

    /// <summary>Adds <paramref name="amount"/> to a big-endian counter, wrapping around.</summary>
    private static void Add(byte[] counter, int amount)
    {
        long carry = amount;
        for (int i = counter.Length - 1; i >= 0 && carry != 0; i--)
        {
            carry += counter[i];
            counter[i] = (byte)carry;
            carry >>= 8;
        }
    }
}
