#pragma warning disable CRYPTOCLI001 // the research constructions are [Experimental] on purpose
using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Xunit;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;
using System.Runtime.Intrinsics;

namespace CryptoCli.Tests;

/// <summary>
/// P5's eight large-block constructions: known answers, an independent reference written from the definition, the
/// portable and AES-NI kernels against each other, round trips in ECB, CBC and CTR through the public types.
/// </summary>
public class LargeBlockCipherTests
{
    public static TheoryData<string> Names()
    {
        var data = new TheoryData<string>();
        foreach (LargeBlockDefinition definition in LargeBlockDefinition.All)
        {
            data.Add(definition.Name);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void KnownAnswers_AllKernels(string name)
    {
        LargeBlockDefinition definition = Definition(name);
        int checkedCount = 0;
        foreach ((string katName, string keyHex, string plaintextHex, string ciphertextHex) in LargeBlockKnownAnswers.All)
        {
            if (katName != name)
            {
                continue;
            }

            byte[] key = Convert.FromHexString(keyHex), plaintext = Convert.FromHexString(plaintextHex);
            foreach (BlockCipherKernel kernel in Kernels(definition, key))
            {
                using (kernel)
                {
                    byte[] actual = new byte[plaintext.Length];
                    kernel.EncryptBlocks(plaintext, actual);
                    Assert.True(ciphertextHex == Convert.ToHexStringLower(actual), $"{name} {kernel.Name}: got {Convert.ToHexStringLower(actual)}");
                    kernel.DecryptBlocks(actual, actual);
                    Assert.Equal(plaintextHex, Convert.ToHexStringLower(actual));
                }
            }

            checkedCount++;
        }

        Assert.Equal(2, checkedCount);
    }

    /// <summary>An independent reference straight from the definition (AES-NI per lane, table permutation, key schedule spelled out).</summary>
    [X86AesFact]
    public void Reference_MatchesBothKernels()
    {
        var random = TestRandom.Create(631);
        foreach (LargeBlockDefinition definition in LargeBlockDefinition.All)
        {
            for (int trial = 0; trial < 20; trial++)
            {
                byte[] key = TestRandom.Bytes(random, definition.BlockSizeInBytes);
                byte[] plaintext = TestRandom.Bytes(random, definition.BlockSizeInBytes * 3);
                byte[] expected = new byte[plaintext.Length];
                for (int offset = 0; offset < plaintext.Length; offset += definition.BlockSizeInBytes)
                {
                    ReferenceEncrypt(definition.Name, key, plaintext.AsSpan(offset, definition.BlockSizeInBytes)).CopyTo(expected, offset);
                }

                foreach (BlockCipherKernel kernel in Kernels(definition, key))
                {
                    using (kernel)
                    {
                        byte[] actual = new byte[plaintext.Length];
                        kernel.EncryptBlocks(plaintext, actual);
                        Assert.True(expected.AsSpan().SequenceEqual(actual), $"{definition.Name} {kernel.Name} trial {trial}");
                    }
                }
            }
        }
    }

    [X86AesFact]
    public void AesNi_MatchesPortable_AllModes()
    {
        var random = TestRandom.Create(632);
        foreach (LargeBlockDefinition definition in LargeBlockDefinition.All)
        {
            if (!LargeBlockAesNiKernel.IsSupported(definition))
            {
                continue; // blend needs AVX2: reported by Blend_HasAesNiKernel_WhenAvx2
            }

            int blockSize = definition.BlockSizeInBytes;
            for (int trial = 0; trial < 30; trial++)
            {
                byte[] key = TestRandom.Bytes(random, blockSize);
                using var portable = new LargeBlockPortableKernel(definition, key);
                using LargeBlockAesNiKernel aesni = LargeBlockAesNiKernel.Create(definition, key);
                int blocks = 1 + random.Next(13);
                byte[] input = TestRandom.Bytes(random, blocks * blockSize);
                string where = $"{definition.Name} trial {trial}, {blocks} blocks";

                Assert.Equal(Run(portable.EncryptBlocks, input), Run(aesni.EncryptBlocks, input));
                Assert.Equal(Run(portable.DecryptBlocks, input), Run(aesni.DecryptBlocks, input));

                byte[] iv = TestRandom.Bytes(random, blockSize);
                Assert.True(RunChained(portable.EncryptCbc, input, iv).SequenceEqual(RunChained(aesni.EncryptCbc, input, iv)), $"CBC-encrypt {where}");
                Assert.True(RunChained(portable.DecryptCbc, input, iv).SequenceEqual(RunChained(aesni.DecryptCbc, input, iv)), $"CBC-decrypt {where}");

                // CTR over any length, with counters whose low 64 bits (or all bits) are about to wrap.
                byte[] message = TestRandom.Bytes(random, random.Next(blocks * blockSize + 1));
                byte[] counter = TestRandom.Bytes(random, blockSize);
                if (trial % 3 == 1)
                {
                    counter.AsSpan(blockSize - 8).Fill(0xff);
                    counter[blockSize - 1] = (byte)(0xff - random.Next(16)); // some fast batches, then the carrying path
                }
                else if (trial % 3 == 2)
                {
                    counter.AsSpan().Fill(0xff);
                }

                Assert.True(RunChained(portable.TransformCtr, message, counter).SequenceEqual(RunChained(aesni.TransformCtr, message, counter)), $"CTR {where}, {message.Length} bytes");
            }
        }
    }

    [Avx2AesFact]
    public void Blend_HasAesNiKernel_WhenAvx2()
    {
        foreach (LargeBlockDefinition definition in LargeBlockDefinition.All)
        {
            Assert.True(LargeBlockAesNiKernel.IsSupported(definition), definition.Name);
            using BlockCipherAlgorithm cipher = Create(definition.Name);
            Assert.Equal("aesni", cipher.Kernel.Name);
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void RoundTrips_EcbCbcCtr_PublicType(string name)
    {
        var random = TestRandom.Create(633 + name.Length);
        using BlockCipherAlgorithm cipher = Create(name);
        int blockSize = cipher.BlockSize / 8;
        Assert.Equal(blockSize * 8, cipher.KeySize);
        for (int trial = 0; trial < 8; trial++)
        {
            cipher.Key = TestRandom.Bytes(random, blockSize);
            byte[] iv = TestRandom.Bytes(random, blockSize);
            byte[] message = TestRandom.Bytes(random, random.Next(10 * blockSize));
            byte[] aligned = message.AsSpan(0, message.Length / blockSize * blockSize).ToArray();

            byte[] ecb = cipher.EncryptEcb(message, PaddingMode.PKCS7);
            Assert.Equal(message, cipher.DecryptEcb(ecb, PaddingMode.PKCS7));
            byte[] cbc = cipher.EncryptCbc(message, iv, PaddingMode.ISO10126);
            Assert.Equal(message, cipher.DecryptCbc(cbc, iv, PaddingMode.ISO10126));
            byte[] ctr = cipher.EncryptCtr(message, iv);
            Assert.Equal(message, cipher.DecryptCtr(ctr, iv));
            if (aligned.Length > 0)
            {
                Assert.NotEqual(aligned, cipher.EncryptEcb(aligned, PaddingMode.None));
            }

            // CTR's first block is ECB of the counter.
            if (message.Length >= blockSize)
            {
                byte[] keystream = cipher.EncryptEcb(iv, PaddingMode.None);
                for (int i = 0; i < blockSize; i++)
                {
                    Assert.Equal((byte)(message[i] ^ keystream[i]), ctr[i]);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void PublicType_Sizes(string name)
    {
        using BlockCipherAlgorithm cipher = Create(name);
        int bits = Definition(name).BlockSizeInBytes * 8;
        KeySizes block = Assert.Single(cipher.LegalBlockSizes);
        KeySizes key = Assert.Single(cipher.LegalKeySizes);
        Assert.Equal((bits, bits), (block.MinSize, block.MaxSize));
        Assert.Equal((bits, bits), (key.MinSize, key.MaxSize));
        Assert.Equal(bits, cipher.BlockSize);
        Assert.Throws<CryptographicException>(() => cipher.BlockSize = 128);
        Assert.Throws<CryptographicException>(() => cipher.Key = new byte[16]);
        Assert.Equal(bits / 8, cipher.Key.Length);
    }

    [Fact]
    public void CtrCounter_WrapsAroundTheWholeBlock()
    {
        foreach (LargeBlockDefinition definition in LargeBlockDefinition.All)
        {
            using BlockCipherAlgorithm cipher = Create(definition.Name);
            int blockSize = definition.BlockSizeInBytes;
            byte[] counter = new byte[blockSize];
            counter.AsSpan().Fill(0xff);
            byte[] zeros = new byte[3 * blockSize];
            byte[] keystream = cipher.EncryptCtr(zeros, counter);
            byte[] expectedCounters = new byte[3 * blockSize];
            counter.CopyTo(expectedCounters, 0);
            expectedCounters[3 * blockSize - 1] = 1; // FF..FF, 00..00, 00..01
            Assert.Equal(cipher.EncryptEcb(expectedCounters, PaddingMode.None), keystream);
        }
    }

    internal static LargeBlockDefinition Definition(string name) =>
        Array.Find(LargeBlockDefinition.All, d => d.Name == name) ?? throw new ArgumentException(name);

    internal static BlockCipherAlgorithm Create(string name) => name switch
    {
        "LargeBlock256-OneRound-Unpack" => LargeBlock256OneRoundUnpack.Create(),
        "LargeBlock256-OneRound-Blend" => LargeBlock256OneRoundBlend.Create(),
        "LargeBlock256-TwoRound-Unpack" => LargeBlock256TwoRoundUnpack.Create(),
        "LargeBlock256-TwoRound-Blend" => LargeBlock256TwoRoundBlend.Create(),
        "LargeBlock512-OneRound-Unpack" => LargeBlock512OneRoundUnpack.Create(),
        "LargeBlock512-OneRound-Blend" => LargeBlock512OneRoundBlend.Create(),
        "LargeBlock512-TwoRound-Unpack" => LargeBlock512TwoRoundUnpack.Create(),
        "LargeBlock512-TwoRound-Blend" => LargeBlock512TwoRoundBlend.Create(),
        _ => throw new ArgumentException(name),
    };

    private static IEnumerable<BlockCipherKernel> Kernels(LargeBlockDefinition definition, byte[] key)
    {
        yield return new LargeBlockPortableKernel(definition, key);
        if (LargeBlockAesNiKernel.IsSupported(definition))
        {
            yield return LargeBlockAesNiKernel.Create(definition, key);
        }
    }

    private delegate void Transform(ReadOnlySpan<byte> source, Span<byte> destination);

    private delegate void ChainedTransform(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chain);

    private static byte[] Run(Transform transform, byte[] input)
    {
        byte[] output = new byte[input.Length];
        transform(input, output);
        return output;
    }

    /// <summary>Output followed by the chaining value / counter on exit.</summary>
    private static byte[] RunChained(ChainedTransform transform, byte[] input, byte[] chain)
    {
        byte[] output = new byte[input.Length + chain.Length];
        byte[] state = (byte[])chain.Clone();
        transform(input, output.AsSpan(0, input.Length), state);
        state.CopyTo(output, input.Length);
        return output;
    }

    /// <summary>
    /// The construction written out from P5 (docs/papers.md) and the documented key schedule, sharing no code with the library
    /// beyond Haraka's constants: whitening with K; AES rounds 1..R-1 as AESENC with K ^ RC_i per lane, the table
    /// permutation after every round (one-round) or every even round (two-round); AESENCLAST with K ^ RC_R.
    /// </summary>
    private static byte[] ReferenceEncrypt(string name, byte[] key, ReadOnlySpan<byte> block)
    {
        int lanes = block.Length / 16;
        bool twoRound = name.Contains("TwoRound", StringComparison.Ordinal);
        bool blend = name.EndsWith("Blend", StringComparison.Ordinal);
        int rounds = (lanes, twoRound, blend) switch
        {
            (2, false, _) => 6,
            (2, true, _) => 7,
            (4, false, true) => 8,
            (4, false, false) => 10,
            _ => 9,
        };
        int[] pi = (lanes, blend) switch
        {
            (2, false) => new[] { 0, 4, 1, 5, 2, 6, 3, 7 },
            (2, true) => new[] { 0, 5, 2, 7, 4, 1, 6, 3 },
            (4, false) => new[] { 3, 11, 7, 15, 8, 0, 12, 4, 9, 1, 13, 5, 2, 10, 6, 14 },
            _ => new[] { 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11 },
        };

        byte[] state = block.ToArray();
        for (int i = 0; i < state.Length; i++)
        {
            state[i] ^= key[i];
        }

        for (int round = 1; round <= rounds; round++)
        {
            for (int lane = 0; lane < lanes; lane++)
            {
                byte[] roundKey = new byte[16];
                for (int i = 0; i < 16; i++)
                {
                    uint rcWord = HarakaConstants.RoundConstants[4 * ((round - 1) * lanes + lane) + i / 4];
                    roundKey[i] = (byte)(key[16 * lane + i] ^ (byte)(rcWord >> (8 * (i % 4))));
                }

                var x = Vector128.Create(state.AsSpan(16 * lane, 16));
                var k = Vector128.Create(roundKey);
                (round < rounds ? X86Aes.Encrypt(x, k) : X86Aes.EncryptLast(x, k)).CopyTo(state, 16 * lane);
            }

            if (round < rounds && (!twoRound || round % 2 == 0))
            {
                byte[] permuted = new byte[state.Length];
                for (int j = 0; j < pi.Length; j++)
                {
                    Array.Copy(state, 4 * pi[j], permuted, 4 * j, 4);
                }

                state = permuted;
            }
        }

        return state;
    }
}
