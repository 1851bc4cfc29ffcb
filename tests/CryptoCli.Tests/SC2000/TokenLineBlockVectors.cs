using System;
using System.Collections.Generic;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Checks every record of a CRYPTREC-style vector family (one <c>TAG name=hex ...</c> line per vector) against a set
/// of kernels, both directions. Records with <c>p0</c> are Monte-Carlo chains: P_{i+1} = E_K(P_i) from p0, p1 the
/// first output, final the output after <c>iterations</c> encryptions; the chain is then decrypted back to p0.
/// Every other record must carry key, pt and ct. A record with neither shape fails the test.
/// </summary>
internal static class TokenLineBlockVectors
{
    /// <summary>Returns how many records were checked (each through every kernel).</summary>
    public static int CheckFamily(string family, Func<byte[], IEnumerable<BlockCipherKernel>> kernels)
    {
        int count = 0;
        foreach (VectorFile file in VectorFile.ReadFamily(family))
        {
            foreach (VectorRecord record in file.ReadTokenLines())
            {
                byte[] key = record.Bytes("key");
                Assert.True(record.Int("keybits") == key.Length * 8, $"{record.Where}: keybits does not match key");
                foreach (BlockCipherKernel kernel in kernels(key))
                {
                    using (kernel)
                    {
                        if (record.Has("p0"))
                        {
                            CheckChain(record, kernel);
                        }
                        else
                        {
                            CheckSingle(record, kernel);
                        }
                    }
                }

                count++;
            }
        }

        return count;
    }

    private static void CheckSingle(VectorRecord record, BlockCipherKernel kernel)
    {
        string where = $"{record.Where} ({kernel.Name} kernel)";
        byte[] plaintext = record.Bytes("pt");
        byte[] expected = record.Bytes("ct");
        Assert.True(plaintext.Length == 16 && expected.Length == 16, $"{where}: pt and ct must be 16 bytes");
        byte[] actual = new byte[16];
        kernel.EncryptBlocks(plaintext, actual);
        Assert.True(expected.AsSpan().SequenceEqual(actual), $"{where}: encryption gave {Convert.ToHexString(actual)}");
        byte[] back = new byte[16];
        kernel.DecryptBlocks(expected, back);
        Assert.True(plaintext.AsSpan().SequenceEqual(back), $"{where}: decryption gave {Convert.ToHexString(back)}");
    }

    private static void CheckChain(VectorRecord record, BlockCipherKernel kernel)
    {
        string where = $"{record.Where} ({kernel.Name} kernel)";
        byte[] p0 = record.Bytes("p0");
        int iterations = record.Int("iterations");
        Assert.True(iterations >= 1, $"{where}: iterations must be positive");
        byte[] block = (byte[])p0.Clone();
        for (int i = 1; i <= iterations; i++)
        {
            kernel.EncryptBlocks(block, block); // in place, as the kernel contract allows
            if (i == 1)
            {
                Assert.True(record.Bytes("p1").AsSpan().SequenceEqual(block), $"{where}: first output of the chain");
            }
        }

        Assert.True(record.Bytes("final").AsSpan().SequenceEqual(block), $"{where}: output after {iterations} encryptions");
        for (int i = 0; i < iterations; i++)
        {
            kernel.DecryptBlocks(block, block);
        }

        Assert.True(p0.AsSpan().SequenceEqual(block), $"{where}: decrypting the chain back to p0");
    }
}
