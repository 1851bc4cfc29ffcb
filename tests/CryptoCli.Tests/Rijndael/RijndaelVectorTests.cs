using System;
using System.Collections.Generic;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>Every record of every file in Vectors/rijndael, both directions, through every kernel available here.</summary>
public class RijndaelVectorTests
{
    [Fact]
    public void AllPublishedVectors_AllKernels()
    {
        int count = 0;
        foreach (VectorFile file in VectorFile.ReadFamily("rijndael"))
        {
            foreach (VectorRecord record in file.ReadBlocks())
            {
                int blockBytes = record.Has("BLOCKBITS") ? record.Int("BLOCKBITS") / 8 : 16;
                byte[] key = record.Bytes("KEY");
                if (record.Has("KEYBITS"))
                {
                    Assert.True(record.Int("KEYBITS") == key.Length * 8, $"{record.Where}: KEYBITS does not match KEY");
                }

                foreach (BlockCipherKernel kernel in RijndaelKernels.All(key, blockBytes))
                {
                    using (kernel)
                    {
                        Check(record, kernel);
                    }
                }

                count++;
            }
        }

        Assert.True(count >= 20, $"only {count} rijndael vectors were read");
    }

    private static void Check(VectorRecord record, BlockCipherKernel kernel)
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
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{where}: CTR encryption");
            kernel.TransformCtr(expected, back, (byte[])counter.Clone());
        }
        else if (record.Has("IV"))
        {
            byte[] iv = record.Bytes("IV");
            kernel.EncryptCbc(plaintext, actual, (byte[])iv.Clone());
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{where}: CBC encryption");
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

            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{where}: ECB encryption");
            expected.CopyTo(back, 0);
            for (int i = 0; i < iterations; i++)
            {
                kernel.DecryptBlocks(back, back);
            }
        }

        Assert.True(plaintext.AsSpan().SequenceEqual(back), $"{where}: decryption");
    }
}

/// <summary>Every Rijndael kernel that can run in this process for a block size (the portable one always).</summary>
internal static class RijndaelKernels
{
    public static IEnumerable<BlockCipherKernel> All(byte[] key, int blockBytes)
    {
        yield return new RijndaelPortableKernel(key, blockBytes);
        if (blockBytes == 16 && RijndaelAesNiKernel.IsSupported)
        {
            yield return new RijndaelAesNiKernel(key);
        }

        if (blockBytes == 32 && RijndaelWideAesNiKernel.IsSupported)
        {
            yield return new RijndaelWideAesNiKernel(key);
        }

        if (blockBytes == 16 && RijndaelArmKernel.IsSupported)
        {
            yield return new RijndaelArmKernel(key);
        }
    }
}
