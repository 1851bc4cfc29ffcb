using System;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The T-table kernel's AES-sized paths (two blocks at a time, the one-block tail, the fused CTR and CBC-decryption
/// loops) against BouncyCastle's table <c>AesEngine</c>, an independent implementation: every key size, every block
/// count from 0 to 9 (odd and even), CTR at every byte length up to 80 with counters that carry and wrap, and in place.
/// The run with hardware intrinsics off covers the shift-based byte extraction that replaces BEXTR.
/// </summary>
public class RijndaelPortableKernelTests
{
    [Theory]
    [InlineData(16)]
    [InlineData(24)]
    [InlineData(32)]
    public void AesBlocks_MatchBouncyCastleAesEngine(int keyBytes)
    {
        var random = TestRandom.Create(7100 + keyBytes);
        for (int trial = 0; trial < 8; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keyBytes);
            using var kernel = new RijndaelPortableKernel(key, 16);
            var encryptor = new AesEngine();
            encryptor.Init(true, new KeyParameter(key));
            var decryptor = new AesEngine();
            decryptor.Init(false, new KeyParameter(key));
            for (int blocks = 0; blocks <= 9; blocks++)
            {
                byte[] input = TestRandom.Bytes(random, 16 * blocks);
                byte[] iv = TestRandom.Bytes(random, 16);
                byte[] expectedEncrypt = new byte[input.Length], expectedDecrypt = new byte[input.Length], expectedCbc = new byte[input.Length];
                for (int offset = 0; offset < input.Length; offset += 16)
                {
                    encryptor.ProcessBlock(input, offset, expectedEncrypt, offset);
                    decryptor.ProcessBlock(input, offset, expectedDecrypt, offset);
                    for (int i = 0; i < 16; i++)
                    {
                        expectedCbc[offset + i] = (byte)(expectedDecrypt[offset + i] ^ (offset == 0 ? iv[i] : input[offset - 16 + i]));
                    }
                }

                byte[] actual = new byte[input.Length];
                kernel.EncryptBlocks(input, actual);
                Assert.True(expectedEncrypt.AsSpan().SequenceEqual(actual), $"ECB encrypt, key {keyBytes} bytes, {blocks} blocks");
                kernel.DecryptBlocks(input, actual);
                Assert.True(expectedDecrypt.AsSpan().SequenceEqual(actual), $"ECB decrypt, key {keyBytes} bytes, {blocks} blocks");

                byte[] chain = (byte[])iv.Clone();
                kernel.DecryptCbc(input, actual, chain);
                Assert.True(expectedCbc.AsSpan().SequenceEqual(actual), $"CBC decrypt, key {keyBytes} bytes, {blocks} blocks");
                Assert.Equal(blocks == 0 ? iv : input.AsSpan(input.Length - 16).ToArray(), chain);

                byte[] buffer = (byte[])input.Clone();
                chain = (byte[])iv.Clone();
                kernel.DecryptCbc(buffer, buffer, chain);
                Assert.True(expectedCbc.AsSpan().SequenceEqual(buffer), $"CBC decrypt in place, key {keyBytes} bytes, {blocks} blocks");

                buffer = (byte[])input.Clone();
                kernel.EncryptBlocks(buffer, buffer);
                Assert.True(expectedEncrypt.AsSpan().SequenceEqual(buffer), $"ECB encrypt in place, {blocks} blocks");
            }
        }
    }

    [Fact]
    public void Ctr_EveryLength_MatchesBouncyCastleKeystream()
    {
        var random = TestRandom.Create(7200);
        byte[] key = TestRandom.Bytes(random, 16);
        using var kernel = new RijndaelPortableKernel(key, 16);
        var engine = new AesEngine();
        engine.Init(true, new KeyParameter(key));
        byte[][] starts =
        {
            TestRandom.Bytes(random, 16),
            Filled(0xff, 0),  // the whole counter wraps to zero
            Filled(0xff, 8),  // the low 64 bits carry into the high 64 bits
            Filled(0xff, 15), // the last byte carries
        };
        foreach (byte[] start in starts)
        {
            for (int length = 0; length <= 80; length++)
            {
                byte[] message = TestRandom.Bytes(random, length);
                byte[] counter = (byte[])start.Clone();
                byte[] expected = new byte[length];
                for (int offset = 0; offset < length; offset += 16)
                {
                    byte[] keystream = new byte[16];
                    engine.ProcessBlock(counter, 0, keystream, 0);
                    for (int i = offset; i < Math.Min(length, offset + 16); i++)
                    {
                        expected[i] = (byte)(message[i] ^ keystream[i - offset]);
                    }

                    for (int j = 15; j >= 0 && ++counter[j] == 0; j--)
                    {
                    }
                }

                byte[] actual = new byte[length];
                byte[] running = (byte[])start.Clone();
                kernel.TransformCtr(message, actual, running);
                Assert.True(expected.AsSpan().SequenceEqual(actual), $"CTR, {length} bytes, counter {Convert.ToHexString(start)}");
                Assert.True(counter.AsSpan().SequenceEqual(running), $"CTR counter after {length} bytes, start {Convert.ToHexString(start)}");

                byte[] buffer = (byte[])message.Clone();
                kernel.TransformCtr(buffer, buffer, (byte[])start.Clone());
                Assert.True(expected.AsSpan().SequenceEqual(buffer), $"CTR in place, {length} bytes");
            }
        }
    }

    private static byte[] Filled(byte value, int from)
    {
        byte[] block = new byte[16];
        block.AsSpan(from).Fill(value);
        return block;
    }
}
