using System;
using System.Collections.Generic;
using System.Buffers.Binary;
using System.Runtime.InteropServices;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>Haraka v2: published vectors, per-round states, kernels against each other, batched against single, errors.</summary>
public class HarakaTests
{
    private delegate void HashFunction(ReadOnlySpan<byte> input, Span<byte> output);

    /// <summary>
    /// Every published vector through the public API, every registered kernel this process runs (single and batched)
    /// and the public batched functions: the checks shared with the Mono runner.
    /// </summary>
    [Fact]
    public void PublishedVectors_AllKernels() => new HarakaVectorChecks().CheckEveryFile();

    /// <summary>The portable building blocks (AesRound with Haraka's RCs, the mixes) reproduce the designers' per-round states.</summary>
    [Theory]
    [InlineData(32)]
    [InlineData(64)]
    public void IntermediateStates_Portable(int inputSize)
    {
        (string Name, string State)[] trace = inputSize == 32 ? HarakaTrace.Haraka256 : HarakaTrace.Haraka512;
        int lanes = inputSize / 16;
        uint[] state = new uint[inputSize / 4];
        for (int k = 0; k < state.Length; k++)
        {
            state[k] = (uint)(4 * k) | (uint)(4 * k + 1) << 8 | (uint)(4 * k + 2) << 16 | (uint)(4 * k + 3) << 24;
        }

        uint[] rc = HarakaConstants.RoundConstants.ToArray();
        int checkedStates = 0;
        for (int t = 0; t < 5; t++)
        {
            for (int m = 0; m < 2; m++)
            {
                for (int lane = 0; lane < lanes; lane++)
                {
                    // Haraka-256: RC[4t + 2m + lane]; Haraka-512: RC[8t + 4m + lane].
                    int index = lanes == 2 ? 4 * t + 2 * m + lane : 8 * t + 4 * m + lane;
                    AesRound.Encrypt(ref state[4 * lane], ref rc[4 * index]);
                }
            }

            checkedStates += CheckState(trace, $"round{t}_after_aes", state);
            if (lanes == 2)
            {
                HarakaPortable.Mix256(state);
            }
            else
            {
                HarakaPortable.Mix512(state);
            }

            checkedStates += CheckState(trace, $"round{t}_after_mix", state);
        }

        Assert.Equal(10, checkedStates);
    }

    [Fact]
    public void RoundConstants_MatchTheDesignersFirstAndLast()
    {
        // haraka.c: RC[0] = _mm_set_epi32(0x0684704c, 0xe620c00a, 0xb2c5fef0, 0x75817b9d),
        //           RC[39] = _mm_set_epi32(0x756acc03, 0x02288288, 0x4ad6bdfd, 0xe9c59da1).
        uint[] rc = HarakaConstants.RoundConstants.ToArray();
        Assert.Equal(160, rc.Length);
        Assert.Equal(new uint[] { 0x75817b9d, 0xb2c5fef0, 0xe620c00a, 0x0684704c }, rc.AsSpan(0, 4).ToArray());
        Assert.Equal(new uint[] { 0xe9c59da1, 0x4ad6bdfd, 0x02288288, 0x756acc03 }, rc.AsSpan(156, 4).ToArray());
    }

    /// <summary>
    /// Against an independent implementation: BouncyCastle.Cryptography's Haraka256Digest and Haraka512Digest (and its
    /// AES-NI Haraka256_X86/Haraka512_X86 where the CPU has AES-NI) on random inputs, through our public API (the
    /// default path, batched and single) and the portable kernel.
    /// </summary>
    [Theory]
    [InlineData(32)]
    [InlineData(64)]
    public void MatchesBouncyCastle_RandomInputs(int inputSize)
    {
        var random = TestRandom.Create(607 + inputSize);
        Org.BouncyCastle.Crypto.IDigest digest = inputSize == 32
            ? new Org.BouncyCastle.Crypto.Digests.Haraka256Digest()
            : new Org.BouncyCastle.Crypto.Digests.Haraka512Digest();
        for (int trial = 0; trial < 200; trial++)
        {
            byte[] input = TestRandom.Bytes(random, 8 * inputSize);
            byte[] expected = new byte[8 * 32];
            for (int i = 0; i < 8; i++)
            {
                digest.BlockUpdate(input.AsSpan(i * inputSize, inputSize));
                Assert.Equal(32, digest.DoFinal(expected.AsSpan(i * 32, 32)));
            }

            byte[] actual = new byte[8 * 32];
            for (int i = 0; i < 8; i++)
            {
                (inputSize == 32 ? (HashFunction)Haraka.Haraka256 : Haraka.Haraka512)(input.AsSpan(i * inputSize, inputSize), actual.AsSpan(i * 32, 32));
            }

            Assert.True(expected.AsSpan().SequenceEqual(actual), $"single calls, trial {trial}");
            Array.Clear(actual);
            (inputSize == 32 ? (HashFunction)Haraka.Haraka256x8 : Haraka.Haraka512x8)(input, actual);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"8-way batch, trial {trial}");
            Array.Clear(actual);
            HarakaPortable.Hash(input, actual, 8, inputSize);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"portable kernel, trial {trial}");
            if (Org.BouncyCastle.Crypto.Digests.Haraka256_X86.IsSupported)
            {
                byte[] bouncyCastleAesNi = new byte[32];
                if (inputSize == 32)
                {
                    Org.BouncyCastle.Crypto.Digests.Haraka256_X86.Hash(input.AsSpan(0, 32), bouncyCastleAesNi);
                }
                else
                {
                    Org.BouncyCastle.Crypto.Digests.Haraka512_X86.Hash(input.AsSpan(0, 64), bouncyCastleAesNi);
                }

                Assert.True(expected.AsSpan(0, 32).SequenceEqual(bouncyCastleAesNi), $"BouncyCastle's AES-NI and digest classes disagree, trial {trial}");
            }
        }
    }

    [X86AesFact]
    public void AesNi_MatchesPortable_RandomInputs() => CompareWithPortable<AesRoundX86>(seed: 601);

    /// <summary>Every interleaved kernel directly, including those the dispatcher does not pick on x64 (8-way 256, 4-way 512).</summary>
    [X86AesFact]
    public void AesNi_EveryInterleavedKernel_MatchesPortable()
    {
        var random = TestRandom.Create(603);
        for (int trial = 0; trial < 50; trial++)
        {
            byte[] input = TestRandom.Bytes(random, 8 * 64);
            byte[] expected256 = new byte[8 * 32], expected512 = new byte[8 * 32];
            HarakaPortable.Hash(input.AsSpan(0, 8 * 32), expected256, 8, 32);
            HarakaPortable.Hash(input, expected512, 8, 64);
            byte[] actual = new byte[8 * 32];
            HarakaVector<AesRoundX86>.Haraka256x8(ref input[0], ref actual[0]);
            Assert.True(expected256.AsSpan().SequenceEqual(actual), $"Haraka256x8 trial {trial}");
            Array.Clear(actual);
            HarakaVector<AesRoundX86>.Haraka256x4(ref input[0], ref actual[0]);
            Assert.True(expected256.AsSpan(0, 128).SequenceEqual(actual.AsSpan(0, 128)), $"Haraka256x4 trial {trial}");
            HarakaVector<AesRoundX86>.Haraka512x4(ref input[0], ref actual[0]);
            Assert.True(expected512.AsSpan(0, 128).SequenceEqual(actual.AsSpan(0, 128)), $"Haraka512x4 trial {trial}");
            Array.Clear(actual);
            HarakaVector<AesRoundX86>.Haraka512x2(ref input[0], ref actual[0]);
            Assert.True(expected512.AsSpan(0, 64).SequenceEqual(actual.AsSpan(0, 64)), $"Haraka512x2 trial {trial}");
        }
    }

    [Theory]
    [InlineData(32)]
    [InlineData(64)]
    public void Batched_MatchesSingleCalls(int inputSize)
    {
        var random = TestRandom.Create(602 + inputSize);
        foreach (int count in new[] { 4, 8 })
        {
            for (int trial = 0; trial < 20; trial++)
            {
                byte[] inputs = TestRandom.Bytes(random, count * inputSize);
                byte[] expected = new byte[count * 32];
                for (int i = 0; i < count; i++)
                {
                    HashFunction single = inputSize == 32 ? Haraka.Haraka256 : Haraka.Haraka512;
                    single(inputs.AsSpan(i * inputSize, inputSize), expected.AsSpan(i * 32, 32));
                    byte[] portable = new byte[32];
                    HarakaPortable.Hash(inputs.AsSpan(i * inputSize, inputSize), portable, 1, inputSize);
                    Assert.True(portable.AsSpan().SequenceEqual(expected.AsSpan(i * 32, 32)), $"single vs portable, trial {trial}");
                }

                byte[] actual = new byte[count * 32];
                Batched(inputSize, count)(inputs, actual);
                Assert.True(expected.AsSpan().SequenceEqual(actual), $"{count}-way Haraka-{inputSize * 8 / 2}, trial {trial}");

                // In place: outputs starting at the inputs.
                byte[] buffer = (byte[])inputs.Clone();
                Batched(inputSize, count)(buffer, buffer);
                Assert.True(expected.AsSpan().SequenceEqual(buffer.AsSpan(0, count * 32)), $"{count}-way in place, trial {trial}");
            }
        }
    }

    [Fact]
    public void SingleCall_InPlace()
    {
        byte[] input = new byte[64];
        for (int i = 0; i < input.Length; i++)
        {
            input[i] = (byte)i;
        }

        byte[] expected256 = new byte[32], expected512 = new byte[32];
        Haraka.Haraka256(input.AsSpan(0, 32), expected256);
        Haraka.Haraka512(input, expected512);
        byte[] buffer = (byte[])input.Clone();
        Haraka.Haraka256(buffer.AsSpan(0, 32), buffer.AsSpan(0, 32));
        Assert.Equal(expected256, buffer.AsSpan(0, 32).ToArray());
        buffer = (byte[])input.Clone();
        Haraka.Haraka512(buffer, buffer);
        Assert.Equal(expected512, buffer.AsSpan(0, 32).ToArray());
        Assert.Equal(input.AsSpan(32).ToArray(), buffer.AsSpan(32).ToArray()); // nothing written past 32 bytes
    }

    [Fact]
    public void WrongLengths_Throw()
    {
        byte[] output = new byte[512];
        AssertFixedLength("input", 32, () => Haraka.Haraka256(new byte[31], output));
        AssertFixedLength("input", 32, () => Haraka.Haraka256(new byte[64], output));
        AssertFixedLength("input", 64, () => Haraka.Haraka512(new byte[32], output));
        AssertFixedLength("inputs", 128, () => Haraka.Haraka256x4(new byte[32], output));
        AssertFixedLength("inputs", 256, () => Haraka.Haraka256x8(new byte[128], output));
        AssertFixedLength("inputs", 256, () => Haraka.Haraka512x4(new byte[64], output));
        AssertFixedLength("inputs", 512, () => Haraka.Haraka512x8(new byte[256], output));

        byte[] shortOutput = new byte[31];
        byte[] untouched = new byte[31];
        Assert.Throws<ArgumentException>("output", () => Haraka.Haraka256(new byte[32], shortOutput));
        Assert.Throws<ArgumentException>("output", () => Haraka.Haraka512(new byte[64], shortOutput));
        Assert.Throws<ArgumentException>("outputs", () => Haraka.Haraka256x4(new byte[128], new byte[127]));
        Assert.Throws<ArgumentException>("outputs", () => Haraka.Haraka512x8(new byte[512], new byte[255]));
        Assert.Equal(untouched, shortOutput);

        byte[] buffer = new byte[192];
        Assert.Throws<ArgumentException>("output", () => Haraka.Haraka512(buffer.AsSpan(0, 64), buffer.AsSpan(16, 32)));
        Assert.Throws<ArgumentException>("outputs", () => Haraka.Haraka256x4(buffer.AsSpan(0, 128), buffer.AsSpan(32, 128)));
    }

    /// <summary>
    /// The single calls' inlined overlap test against the general span helper, at every offset of the output around
    /// the input (throws exactly when the two partially overlap; otherwise the result equals the out-of-place hash).
    /// </summary>
    [Theory]
    [InlineData(32)]
    [InlineData(64)]
    public void SingleCall_EveryOutputOffset_OverlapRule(int inputSize)
    {
        HashFunction hash = inputSize == 32 ? Haraka.Haraka256 : Haraka.Haraka512;
        byte[] input = TestRandom.Bytes(TestRandom.Create(604 + inputSize), inputSize);
        byte[] expected = new byte[32];
        hash(input, expected);
        const int Margin = 40;
        for (int offset = -Margin; offset <= inputSize + Margin - 32; offset++)
        {
            byte[] buffer = new byte[inputSize + 2 * Margin];
            input.CopyTo(buffer, Margin);
            byte[] before = (byte[])buffer.Clone();
            Span<byte> source = buffer.AsSpan(Margin, inputSize);
            Span<byte> destination = buffer.AsSpan(Margin + offset, 32);
            if (SpanHelpers.PartiallyOverlaps(destination, source))
            {
                byte[] copy = buffer;
                Assert.Throws<ArgumentException>("output", () => hash(copy.AsSpan(Margin, inputSize), copy.AsSpan(Margin + offset, 32)));
                Assert.Equal(before, buffer);
            }
            else
            {
                hash(source, destination);
                Assert.True(expected.AsSpan().SequenceEqual(buffer.AsSpan(Margin + offset, 32)), $"Haraka input {inputSize} bytes, output at offset {offset}");
            }
        }
    }

    private static void AssertFixedLength(string paramName, int length, Action action)
    {
        ArgumentException e = Assert.Throws<ArgumentException>(paramName, action);
        Assert.StartsWith($"The {paramName} must have a length of {length} bytes.", e.Message, StringComparison.Ordinal);
    }

    private static void CompareWithPortable<TAes>(int seed)
        where TAes : struct, IAesRound
    {
        var random = TestRandom.Create(seed);
        for (int trial = 0; trial < 200; trial++)
        {
            byte[] input = TestRandom.Bytes(random, 8 * 64);
            foreach (int inputSize in new[] { 32, 64 })
            {
                foreach (int count in new[] { 1, 4, 8, 5, 7 })
                {
                    ReadOnlySpan<byte> inputs = input.AsSpan(0, count * inputSize);
                    byte[] expected = new byte[count * 32];
                    byte[] actual = new byte[count * 32];
                    HarakaPortable.Hash(inputs, expected, count, inputSize);
                    HarakaVector<TAes>.Hash(inputs, actual, count, inputSize);
                    Assert.True(expected.AsSpan().SequenceEqual(actual), $"{typeof(TAes).Name}: Haraka input {inputSize} bytes x{count}, seed {seed} trial {trial}");
                }
            }
        }
    }

    private static HashFunction Batched(int inputSize, int count) => (inputSize, count) switch
    {
        (32, 4) => Haraka.Haraka256x4,
        (32, 8) => Haraka.Haraka256x8,
        (64, 4) => Haraka.Haraka512x4,
        _ => Haraka.Haraka512x8,
    };

    private static int CheckState((string Name, string State)[] trace, string name, uint[] state)
    {
        foreach ((string traceName, string hex) in trace)
        {
            if (traceName == name)
            {
                byte[] actual = new byte[state.Length * 4];
                for (int k = 0; k < state.Length; k++)
                {
                    BinaryPrimitives.WriteUInt32LittleEndian(actual.AsSpan(4 * k), state[k]);
                }

                Assert.True(hex == Convert.ToHexStringLower(actual), $"haraka-intermediate.txt {name} (input {state.Length * 4} bytes): got {Convert.ToHexStringLower(actual)}");
                return 1;
            }
        }

        throw new InvalidOperationException($"trace {name} missing");
    }
}
