// Shared checks of block-cipher vectors: kernels (as the xunit suite drives them) and public types (one-shots).

using System;
using System.Collections.Generic;
using System.Security.Cryptography;

namespace CryptoCli.MonoRunner;

internal static class BlockCipherChecks
{
    /// <summary>
    /// A <c>NAME = value</c> record (KEY, PT, CT; IV means CBC, INITIAL_COUNTER means CTR, else ECB with optional
    /// ITERATIONS) through one kernel, both directions (RijndaelVectorTests / CamelliaVectorTests).
    /// </summary>
    public static void BlockRecord(VectorRecord record, BlockCipherKernel kernel)
    {
        byte[] plaintext = record.Bytes("PT");
        byte[] expected = record.Bytes("CT");
        string where = $"{record.Where} ({kernel.Name} kernel)";
        byte[] actual = new byte[plaintext.Length];
        byte[] back = new byte[plaintext.Length];
        if (record.Has("INITIAL_COUNTER"))
        {
            byte[] counter = record.Bytes("INITIAL_COUNTER");
            kernel.TransformCtr(plaintext, actual, (byte[])counter.Clone());
            Check.Equal(expected, actual, $"{where}: CTR encryption");
            kernel.TransformCtr(expected, back, (byte[])counter.Clone());
        }
        else if (record.Has("IV"))
        {
            byte[] iv = record.Bytes("IV");
            kernel.EncryptCbc(plaintext, actual, (byte[])iv.Clone());
            Check.Equal(expected, actual, $"{where}: CBC encryption");
            kernel.DecryptCbc(expected, back, (byte[])iv.Clone());
        }
        else
        {
            int iterations = record.Has("ITERATIONS") ? record.Int("ITERATIONS") : 1;
            plaintext.CopyTo(actual, 0);
            for (int i = 0; i < iterations; i++)
            {
                kernel.EncryptBlocks(actual, actual);
            }

            Check.Equal(expected, actual, $"{where}: ECB encryption");
            expected.CopyTo(back, 0);
            for (int i = 0; i < iterations; i++)
            {
                kernel.DecryptBlocks(back, back);
            }
        }

        Check.Equal(plaintext, back, $"{where}: decryption");
    }

    /// <summary>The same record through a public type's one-shots (EncryptEcb/Cbc/Ctr and their inverses).</summary>
    public static void BlockRecordPublic(VectorRecord record, BlockCipherAlgorithm cipher)
    {
        string where = $"{record.Where} ({cipher.GetType().Name})";
        cipher.Key = record.Bytes("KEY");
        byte[] plaintext = record.Bytes("PT"), expected = record.Bytes("CT");
        if (record.Has("INITIAL_COUNTER"))
        {
            byte[] counter = record.Bytes("INITIAL_COUNTER");
            Check.Equal(expected, cipher.EncryptCtr(plaintext, counter), $"{where}: EncryptCtr");
            Check.Equal(plaintext, cipher.DecryptCtr(expected, counter), $"{where}: DecryptCtr");
        }
        else if (record.Has("IV"))
        {
            byte[] iv = record.Bytes("IV");
            Check.Equal(expected, cipher.EncryptCbc(plaintext, iv, PaddingMode.None), $"{where}: EncryptCbc");
            Check.Equal(plaintext, cipher.DecryptCbc(expected, iv, PaddingMode.None), $"{where}: DecryptCbc");
        }
        else
        {
            int iterations = record.Has("ITERATIONS") ? record.Int("ITERATIONS") : 1;
            byte[] x = plaintext;
            for (int i = 0; i < iterations; i++)
            {
                x = cipher.EncryptEcb(x, PaddingMode.None);
            }

            Check.Equal(expected, x, $"{where}: EncryptEcb");
            for (int i = 0; i < iterations; i++)
            {
                x = cipher.DecryptEcb(x, PaddingMode.None);
            }

            Check.Equal(plaintext, x, $"{where}: DecryptEcb");
        }
    }

    /// <summary>
    /// One CRYPTREC-style token line (TokenLineBlockVectors / CipherUnicornATests): keybits must match key; a record
    /// with p0 is a Monte-Carlo chain, any other must carry pt and ct. Every kernel, then the public type's one-shots.
    /// </summary>
    public static void TokenRecord(VectorRecord record, Func<byte[], IEnumerable<BlockCipherKernel>> kernels, Func<BlockCipherAlgorithm> publicType)
    {
        byte[] key = record.Bytes("key");
        Check.True(record.Int("keybits") == key.Length * 8, $"{record.Where}: keybits does not match key");
        bool chain = record.Has("p0");
        if (!chain && !(record.Has("pt") && record.Has("ct")))
        {
            throw new VectorFormatException($"{record.Where}: neither pt/ct nor an MC chain");
        }

        foreach (BlockCipherKernel kernel in kernels(key))
        {
            using (kernel)
            {
                if (chain)
                {
                    Chain(record, $"{record.Where} ({kernel.Name} kernel)", kernel.EncryptBlocks, kernel.DecryptBlocks);
                }
                else
                {
                    Single(record, kernel);
                }
            }
        }

        using BlockCipherAlgorithm cipher = publicType();
        cipher.Key = key;
        string where = $"{record.Where} ({cipher.GetType().Name})";
        if (chain)
        {
            Chain(
                record,
                where,
                (source, destination) => cipher.EncryptEcb(source, destination, PaddingMode.None),
                (source, destination) => cipher.DecryptEcb(source, destination, PaddingMode.None));
        }
        else
        {
            byte[] plaintext = record.Bytes("pt"), expected = record.Bytes("ct");
            Check.Equal(expected, cipher.EncryptEcb(plaintext, PaddingMode.None), $"{where}: EncryptEcb");
            Check.Equal(plaintext, cipher.DecryptEcb(expected, PaddingMode.None), $"{where}: DecryptEcb");
        }
    }

    private delegate void Transform(ReadOnlySpan<byte> source, Span<byte> destination);

    private static void Single(VectorRecord record, BlockCipherKernel kernel)
    {
        string where = $"{record.Where} ({kernel.Name} kernel)";
        byte[] plaintext = record.Bytes("pt");
        byte[] expected = record.Bytes("ct");
        Check.True(plaintext.Length == 16 && expected.Length == 16, $"{where}: pt and ct must be 16 bytes");
        byte[] actual = new byte[16];
        kernel.EncryptBlocks(plaintext, actual);
        Check.Equal(expected, actual, $"{where}: encryption");
        byte[] back = new byte[16];
        kernel.DecryptBlocks(expected, back);
        Check.Equal(plaintext, back, $"{where}: decryption");
    }

    // MC: P_{i+1} = E_K(P_i) from p0; p1 is the first output, final the output after `iterations` encryptions;
    // then the chain is decrypted back to p0. In place, as the kernel contract allows.
    private static void Chain(VectorRecord record, string where, Transform encrypt, Transform decrypt)
    {
        byte[] p0 = record.Bytes("p0");
        int iterations = record.Int("iterations");
        Check.True(iterations >= 1, $"{where}: iterations must be positive");
        byte[] block = (byte[])p0.Clone();
        for (int i = 1; i <= iterations; i++)
        {
            encrypt(block, block);
            if (i == 1)
            {
                Check.Equal(record.Bytes("p1"), block, $"{where}: first output of the chain");
            }
        }

        Check.Equal(record.Bytes("final"), block, $"{where}: output after {iterations} encryptions");
        for (int i = 0; i < iterations; i++)
        {
            decrypt(block, block);
        }

        Check.Equal(p0, block, $"{where}: decrypting the chain back to p0");
    }
}
