using System;
using System.Runtime.Intrinsics;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// P5's permutations against their definition tables (new word j = old word pi[j], P5 in docs/papers.md) and
/// sanity vectors computed with Haraka v2's reference code (transcribed below), for the table-driven
/// portable permutation and for every SIMD (unpack/blend) permutation and inverse of the AES-NI kernels.
/// </summary>
public class LargeBlockPermutationTests
{
    // Section 5 of haraka-intermediate.txt: input state bytes 00 01 .. (32 or 64 bytes).
    public static TheoryData<string, string, string> SanityVectors => new()
    {
        { "pi8u", "0,4,1,5,2,6,3,7", "0001020310111213040506071415161708090a0b18191a1b0c0d0e0f1c1d1e1f" },
        { "pi16u", "3,11,7,15,8,0,12,4,9,1,13,5,2,10,6,14", "0c0d0e0f2c2d2e2f1c1d1e1f3c3d3e3f202122230001020330313233101112132425262704050607343536371415161708090a0b28292a2b18191a1b38393a3b" },
        { "pi8b", "0,5,2,7,4,1,6,3", "000102031415161708090a0b1c1d1e1f101112130405060718191a1b0c0d0e0f" },
        { "pi16b", "0,5,10,15,4,9,14,3,8,13,2,7,12,1,6,11", "000102031415161728292a2b3c3d3e3f101112132425262738393a3b0c0d0e0f202122233435363708090a0b1c1d1e1f303132330405060718191a1b2c2d2e2f" },
    };

    [Theory]
    [MemberData(nameof(SanityVectors))]
    public void Tables_MatchPaperAndSanityVectors(string name, string table, string expectedHex)
    {
        byte[] pi = Array.ConvertAll(table.Split(','), byte.Parse);
        ReadOnlySpan<byte> ours = name switch
        {
            "pi8u" => LargeBlockPermutations.Pi8Unpack,
            "pi16u" => LargeBlockPermutations.Pi16Unpack,
            "pi8b" => LargeBlockPermutations.Pi8Blend,
            _ => LargeBlockPermutations.Pi16Blend,
        };
        Assert.Equal(pi, ours.ToArray());

        // The portable word permutation on the sanity input.
        byte[] state = Counting(pi.Length * 4);
        uint[] words = ToWords(state);
        HarakaPortable.Permute(words, pi);
        Assert.Equal(expectedHex, Convert.ToHexStringLower(ToBytes(words)));

        // And straight from the definition, byte by byte: new word j = old word pi[j].
        byte[] direct = new byte[state.Length];
        for (int j = 0; j < pi.Length; j++)
        {
            Array.Copy(state, 4 * pi[j], direct, 4 * j, 4);
        }

        Assert.Equal(expectedHex, Convert.ToHexStringLower(direct));
    }

    [Fact]
    public void InverseTables_UndoTheTables()
    {
        foreach (LargeBlockDefinition definition in LargeBlockDefinition.All)
        {
            uint[] words = ToWords(Counting(definition.BlockSizeInBytes));
            uint[] original = (uint[])words.Clone();
            HarakaPortable.Permute(words, definition.Permutation);
            Assert.NotEqual(original, words);
            HarakaPortable.Permute(words, definition.InversePermutation);
            Assert.Equal(original, words);
        }
    }

    [X86AesFact]
    public void Pi8Unpack_X86_MatchesTable() => Check256(LargeBlockPermutations.Pi8Unpack, LargeBlockPermutationsX86.Pi8Unpack, LargeBlockPermutationsX86.Pi8UnpackInverse);

    [Avx2AesFact]
    public void Pi8Blend_X86_MatchesTable() => Check256(LargeBlockPermutations.Pi8Blend, LargeBlockPermutationsX86.Pi8Blend, LargeBlockPermutationsX86.Pi8Blend);

    [X86AesFact]
    public void Pi16Unpack_X86_MatchesTable() => Check512(LargeBlockPermutations.Pi16Unpack, LargeBlockPermutationsX86.Pi16Unpack, LargeBlockPermutationsX86.Pi16UnpackInverse);

    [Avx2AesFact]
    public void Pi16Blend_X86_MatchesTable() => Check512(LargeBlockPermutations.Pi16Blend, LargeBlockPermutationsX86.Pi16Blend, LargeBlockPermutationsX86.Pi16BlendInverse);

    [Fact]
    public void Table3_RoundsAndPermutationCounts()
    {
        // P5 Table 3 as corrected in docs/papers.md: (block bits, two-round, blend) -> AES rounds, permutations.
        (LargeBlockDefinition Definition, int Rounds, int Permutations)[] expected =
        {
            (LargeBlockDefinition.OneRound256Unpack, 6, 5), (LargeBlockDefinition.OneRound256Blend, 6, 5),
            (LargeBlockDefinition.TwoRound256Unpack, 7, 3), (LargeBlockDefinition.TwoRound256Blend, 7, 3),
            (LargeBlockDefinition.OneRound512Blend, 8, 7), (LargeBlockDefinition.OneRound512Unpack, 10, 9),
            (LargeBlockDefinition.TwoRound512Unpack, 9, 4), (LargeBlockDefinition.TwoRound512Blend, 9, 4),
        };
        foreach ((LargeBlockDefinition definition, int rounds, int permutations) in expected)
        {
            Assert.Equal(rounds, definition.Rounds);
            int counted = 0;
            for (int round = 1; round < definition.Rounds; round++)
            {
                counted += definition.PermutesAfter(round) ? 1 : 0;
            }

            Assert.Equal(permutations, counted);
            Assert.Equal(permutations, definition.PermutationCount);
        }
    }

    private delegate void Permute2(ref Vector128<byte> s0, ref Vector128<byte> s1);

    private delegate void Permute4(ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2, ref Vector128<byte> s3);

    private static void Check256(ReadOnlySpan<byte> pi, Permute2 forward, Permute2 inverse)
    {
        var random = TestRandom.Create(621);
        for (int trial = 0; trial < 50; trial++)
        {
            byte[] state = trial == 0 ? Counting(32) : TestRandom.Bytes(random, 32);
            Vector128<byte> s0 = Vector128.Create(state.AsSpan(0, 16)), s1 = Vector128.Create(state.AsSpan(16, 16));
            forward(ref s0, ref s1);
            byte[] expected = ApplyTable(state, pi);
            Assert.Equal(Convert.ToHexStringLower(expected), Convert.ToHexStringLower(Concat(s0, s1)));
            inverse(ref s0, ref s1);
            Assert.Equal(Convert.ToHexStringLower(state), Convert.ToHexStringLower(Concat(s0, s1)));
        }
    }

    private static void Check512(ReadOnlySpan<byte> pi, Permute4 forward, Permute4 inverse)
    {
        var random = TestRandom.Create(622);
        for (int trial = 0; trial < 50; trial++)
        {
            byte[] state = trial == 0 ? Counting(64) : TestRandom.Bytes(random, 64);
            Vector128<byte> s0 = Vector128.Create(state.AsSpan(0, 16)), s1 = Vector128.Create(state.AsSpan(16, 16));
            Vector128<byte> s2 = Vector128.Create(state.AsSpan(32, 16)), s3 = Vector128.Create(state.AsSpan(48, 16));
            forward(ref s0, ref s1, ref s2, ref s3);
            byte[] expected = ApplyTable(state, pi);
            Assert.Equal(Convert.ToHexStringLower(expected), Convert.ToHexStringLower(Concat(s0, s1, s2, s3)));
            inverse(ref s0, ref s1, ref s2, ref s3);
            Assert.Equal(Convert.ToHexStringLower(state), Convert.ToHexStringLower(Concat(s0, s1, s2, s3)));
        }
    }

    private static byte[] ApplyTable(byte[] state, ReadOnlySpan<byte> pi)
    {
        byte[] result = new byte[state.Length];
        for (int j = 0; j < pi.Length; j++)
        {
            Array.Copy(state, 4 * pi[j], result, 4 * j, 4);
        }

        return result;
    }

    private static byte[] Concat(params Vector128<byte>[] lanes)
    {
        byte[] bytes = new byte[16 * lanes.Length];
        for (int i = 0; i < lanes.Length; i++)
        {
            lanes[i].CopyTo(bytes, 16 * i);
        }

        return bytes;
    }

    internal static byte[] Counting(int length)
    {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = (byte)i;
        }

        return bytes;
    }

    private static uint[] ToWords(byte[] bytes) => System.Runtime.InteropServices.MemoryMarshal.Cast<byte, uint>(bytes).ToArray();

    private static byte[] ToBytes(uint[] words) => System.Runtime.InteropServices.MemoryMarshal.AsBytes(words.AsSpan()).ToArray();
}
