using System;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>A fast kernel against the reference kernel on random keys and random multi-block inputs, both directions and in place.</summary>
internal static class KernelDifferentialCheck
{
    public static void Run(int seed, Func<byte[], BlockCipherKernel> reference, Func<byte[], BlockCipherKernel> candidate, int trials)
    {
        Random random = TestRandom.Create(seed);
        int[] keySizes = { 16, 24, 32 };
        for (int trial = 0; trial < trials; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keySizes[trial % 3]);
            byte[] plaintext = TestRandom.Bytes(random, 16 * random.Next(1, 9));
            using BlockCipherKernel expectedKernel = reference(key);
            using BlockCipherKernel actualKernel = candidate(key);
            string where = $"seed {seed}, trial {trial}, {actualKernel.Name} vs {expectedKernel.Name}, key {Convert.ToHexString(key)}";

            byte[] expected = new byte[plaintext.Length];
            expectedKernel.EncryptBlocks(plaintext, expected);
            byte[] actual = new byte[plaintext.Length];
            actualKernel.EncryptBlocks(plaintext, actual);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{where}: encryption");

            byte[] back = new byte[plaintext.Length];
            actualKernel.DecryptBlocks(actual, back);
            Assert.True(plaintext.AsSpan().SequenceEqual(back), $"{where}: decryption");

            // Random ciphertext: the decryption paths must agree too, not only round-trip.
            byte[] ciphertext = TestRandom.Bytes(random, plaintext.Length);
            expectedKernel.DecryptBlocks(ciphertext, expected);
            ciphertext.AsSpan().CopyTo(actual);
            actualKernel.DecryptBlocks(actual, actual); // in place
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{where}: decryption of random data, in place");
        }
    }
}
