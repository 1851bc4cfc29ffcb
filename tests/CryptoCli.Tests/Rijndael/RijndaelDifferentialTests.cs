using System;
using System.IO;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>RijndaelCipher against the runtime's Aes and BouncyCastle's RijndaelEngine, and kernel against kernel.</summary>
public class RijndaelDifferentialTests
{
    public static TheoryData<int, int> AllSizes()
    {
        var data = new TheoryData<int, int>();
        for (int block = 128; block <= 256; block += 32)
        {
            for (int key = 128; key <= 256; key += 32)
            {
                data.Add(block, key);
            }
        }

        return data;
    }

    [Theory]
    [InlineData(128)]
    [InlineData(192)]
    [InlineData(256)]
    public void MatchesBuiltInAes_EcbCbcCtr(int keyBits)
    {
        Random random = TestRandom.Create(keyBits);
        using var ours = RijndaelCipher.Create();
        using var aes = System.Security.Cryptography.Aes.Create();
        for (int trial = 0; trial < 40; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keyBits / 8);
            byte[] iv = TestRandom.Bytes(random, 16);
            byte[] message = TestRandom.Bytes(random, random.Next(0, 600));
            ours.Key = key;
            aes.Key = key;
            foreach (PaddingMode padding in new[] { PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923 })
            {
                Assert.Equal(aes.EncryptEcb(message, padding), ours.EncryptEcb(message, padding));
                Assert.Equal(aes.EncryptCbc(message, iv, padding), ours.EncryptCbc(message, iv, padding));
                byte[] ciphertext = aes.EncryptCbc(message, iv, padding);
                Assert.Equal(aes.DecryptCbc(ciphertext, iv, padding), ours.DecryptCbc(ciphertext, iv, padding));
                ciphertext = aes.EncryptEcb(message, padding);
                Assert.Equal(aes.DecryptEcb(ciphertext, padding), ours.DecryptEcb(ciphertext, padding));
            }

            // ISO 10126 pads with random bytes: decrypt each other's output.
            Assert.Equal(message, aes.DecryptCbc(ours.EncryptCbc(message, iv, PaddingMode.ISO10126), iv, PaddingMode.ISO10126));
            Assert.Equal(message, ours.DecryptCbc(aes.EncryptCbc(message, iv, PaddingMode.ISO10126), iv, PaddingMode.ISO10126));

            // CTR: the runtime has none, so build the keystream with its ECB over counter blocks.
            Assert.Equal(CtrByEcb(aes, iv, message), ours.EncryptCtr(message, iv));
        }
    }

    private static byte[] CtrByEcb(SymmetricAlgorithm ecb, byte[] initialCounter, byte[] message)
    {
        int blocks = (message.Length + 15) / 16;
        byte[] counters = new byte[blocks * 16];
        byte[] counter = (byte[])initialCounter.Clone();
        for (int i = 0; i < blocks; i++)
        {
            counter.CopyTo(counters, i * 16);
            for (int j = 15; j >= 0 && ++counter[j] == 0; j--)
            {
            }
        }

        byte[] keystream = ecb.EncryptEcb(counters, PaddingMode.None);
        byte[] result = new byte[message.Length];
        for (int i = 0; i < message.Length; i++)
        {
            result[i] = (byte)(message[i] ^ keystream[i]);
        }

        return result;
    }

    [Theory]
    [MemberData(nameof(AllSizes))]
    public void MatchesBouncyCastleRijndaelEngine(int blockBits, int keyBits)
    {
        Random random = TestRandom.Create(blockBits * 1000 + keyBits);
        int blockBytes = blockBits / 8;
        using var ours = RijndaelCipher.Create();
        ours.BlockSize = blockBits;
        for (int trial = 0; trial < 10; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keyBits / 8);
            byte[] plaintext = TestRandom.Bytes(random, blockBytes * random.Next(1, 6));
            var engine = new RijndaelEngine(blockBits);
            engine.Init(true, new KeyParameter(key));
            byte[] expected = new byte[plaintext.Length];
            for (int offset = 0; offset < plaintext.Length; offset += blockBytes)
            {
                engine.ProcessBlock(plaintext, offset, expected, offset);
            }

            ours.Key = key;
            Assert.Equal(expected, ours.EncryptEcb(plaintext, PaddingMode.None));
            Assert.Equal(plaintext, ours.DecryptEcb(expected, PaddingMode.None));
        }
    }

    [Theory]
    [MemberData(nameof(AllSizes))]
    public void EveryKernelAgreesWithPortable(int blockBits, int keyBits)
    {
        Random random = TestRandom.Create(blockBits ^ (keyBits << 10));
        int blockBytes = blockBits / 8;
        for (int trial = 0; trial < 6; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keyBits / 8);
            int blocks = random.Next(0, 40);
            byte[] input = TestRandom.Bytes(random, blocks * blockBytes);
            byte[] iv = TestRandom.Bytes(random, blockBytes);
            int ctrLength = random.Next(0, 700);
            byte[] ctrInput = TestRandom.Bytes(random, ctrLength);
            using var reference = new RijndaelPortableKernel(key, blockBytes);
            byte[] ecb = Run(k => k.EncryptBlocks, reference, input);
            byte[] ecbBack = Run(k => k.DecryptBlocks, reference, ecb);
            Assert.Equal(input, ecbBack);
            foreach (BlockCipherKernel kernel in RijndaelKernels.All(key, blockBytes))
            {
                using (kernel)
                {
                    Assert.Equal(ecb, Run(k => k.EncryptBlocks, kernel, input));
                    Assert.Equal(input, Run(k => k.DecryptBlocks, kernel, ecb));
                    Assert.Equal(Cbc(reference, input, iv, true), Cbc(kernel, input, iv, true));
                    Assert.Equal(Cbc(reference, input, iv, false), Cbc(kernel, input, iv, false));
                    Assert.Equal(Ctr(reference, ctrInput, iv), Ctr(kernel, ctrInput, iv));

                    // In place gives the same result as out of place.
                    byte[] inPlace = (byte[])input.Clone();
                    byte[] chain = (byte[])iv.Clone();
                    kernel.DecryptCbc(inPlace, inPlace, chain);
                    Assert.Equal(Cbc(reference, input, iv, false), inPlace);
                }
            }
        }
    }

    private static byte[] Run(Func<BlockCipherKernel, SpanAction> select, BlockCipherKernel kernel, byte[] input)
    {
        byte[] output = new byte[input.Length];
        select(kernel)(input, output);
        return output;
    }

    private delegate void SpanAction(ReadOnlySpan<byte> source, Span<byte> destination);

    private static byte[] Cbc(BlockCipherKernel kernel, byte[] input, byte[] iv, bool encrypt)
    {
        byte[] output = new byte[input.Length];
        byte[] chain = (byte[])iv.Clone();
        if (encrypt)
        {
            kernel.EncryptCbc(input, output, chain);
        }
        else
        {
            kernel.DecryptCbc(input, output, chain);
        }

        return output;
    }

    private static byte[] Ctr(BlockCipherKernel kernel, byte[] input, byte[] counter)
    {
        byte[] output = new byte[input.Length];
        kernel.TransformCtr(input, output, (byte[])counter.Clone());
        return output;
    }

    [Fact]
    public void CtrCounterWrapsAroundTheWholeBlock()
    {
        byte[] key = new byte[16];
        byte[] allOnes = new byte[16];
        allOnes.AsSpan().Fill(0xff);
        byte[] lowOnes = new byte[16];
        lowOnes.AsSpan(8).Fill(0xff); // carry from the low into the high 64 bits
        foreach (byte[] start in new[] { allOnes, lowOnes, Counter(0x00ffffff_ffffffffUL, 0xffffffff_fffffff9UL) })
        {
            using var reference = new RijndaelPortableKernel(key, 16);
            byte[] message = new byte[16 * 20 + 5];
            byte[] expected = new byte[message.Length];
            // Explicit keystream: E(start + i) with a big-endian 128-bit increment.
            byte[] counter = (byte[])start.Clone();
            for (int offset = 0; offset < message.Length; offset += 16)
            {
                byte[] block = new byte[16];
                reference.EncryptBlocks(counter, block);
                Array.Copy(block, 0, expected, offset, Math.Min(16, message.Length - offset));
                for (int j = 15; j >= 0 && ++counter[j] == 0; j--)
                {
                }
            }

            foreach (BlockCipherKernel kernel in RijndaelKernels.All(key, 16))
            {
                using (kernel)
                {
                    byte[] running = (byte[])start.Clone();
                    Assert.Equal(expected, Ctr(kernel, message, start));
                    kernel.TransformCtr(message, new byte[message.Length], running);
                    Assert.Equal(counter, running); // advanced past every block used
                }
            }
        }
    }

    private static byte[] Counter(ulong high, ulong low)
    {
        byte[] counter = new byte[16];
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64BigEndian(counter, high);
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64BigEndian(counter.AsSpan(8), low);
        return counter;
    }

    [X86AesFact]
    public void AesNiKernelIsTheDefaultForAesBlocks()
    {
        using var cipher = RijndaelCipher.Create();
        Assert.Equal("aesni", cipher.Kernel.Name);
        Assert.True(RijndaelCipher.IsHardwareAccelerated);
        cipher.BlockSize = 256;
        Assert.Equal("aesni-wide", cipher.Kernel.Name);
        cipher.BlockSize = 192;
        Assert.Equal("bitsliced", cipher.Kernel.Name);
    }

    [Theory]
    [InlineData(128, CipherMode.CBC, PaddingMode.PKCS7)]
    [InlineData(256, CipherMode.CBC, PaddingMode.ISO10126)]
    [InlineData(192, CipherMode.ECB, PaddingMode.ANSIX923)]
    [InlineData(160, CipherMode.CBC, PaddingMode.Zeros)]
    public void CryptoStreamRoundTripsWithOddChunks(int blockBits, CipherMode mode, PaddingMode padding)
    {
        Random random = TestRandom.Create(blockBits);
        using var cipher = RijndaelCipher.Create();
        cipher.BlockSize = blockBits;
        cipher.Mode = mode;
        cipher.Padding = padding;
        byte[] message = TestRandom.Bytes(random, 1000 + blockBits);
        if (padding == PaddingMode.Zeros)
        {
            message = message.AsSpan(0, message.Length / (blockBits / 8) * (blockBits / 8)).ToArray();
        }

        var encrypted = new MemoryStream();
        using (var stream = new CryptoStream(encrypted, cipher.CreateEncryptor(), CryptoStreamMode.Write, leaveOpen: true))
        {
            for (int offset = 0; offset < message.Length;)
            {
                int chunk = Math.Min(random.Next(1, 70), message.Length - offset);
                stream.Write(message, offset, chunk);
                offset += chunk;
            }
        }

        byte[] ciphertext = encrypted.ToArray();
        byte[] oneShot = mode == CipherMode.CBC ? cipher.DecryptCbc(ciphertext, cipher.IV, padding) : cipher.DecryptEcb(ciphertext, padding);
        Assert.Equal(message, oneShot);

        var decrypted = new MemoryStream();
        using (var stream = new CryptoStream(new MemoryStream(ciphertext), cipher.CreateDecryptor(), CryptoStreamMode.Read))
        {
            byte[] buffer = new byte[97];
            int read;
            while ((read = stream.Read(buffer, 0, random.Next(1, buffer.Length))) > 0)
            {
                decrypted.Write(buffer, 0, read);
            }
        }

        Assert.Equal(message, decrypted.ToArray());
    }
}
