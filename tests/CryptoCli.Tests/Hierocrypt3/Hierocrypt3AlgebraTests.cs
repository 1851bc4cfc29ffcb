using System;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>The transcribed inverse matrices really invert the generated ones; the generated S-box is a permutation.</summary>
public class Hierocrypt3AlgebraTests
{
    [Fact]
    public void InverseMatrices_AreInverses()
    {
        var random = TestRandom.Create(3);
        Span<uint> state = stackalloc uint[4];
        for (int trial = 0; trial < 200; trial++)
        {
            uint w = (uint)random.NextInt64();
            Assert.Equal(w, Hierocrypt3Tables.ApplyMdsL(Hierocrypt3Tables.InverseMdsLRow, Hierocrypt3Tables.ApplyMdsL(Hierocrypt3Tables.MdsLRow, w)));
            Assert.Equal(w, Hierocrypt3Tables.ApplyMdsL(Hierocrypt3Tables.MdsLRow, Hierocrypt3Tables.ApplyMdsL(Hierocrypt3Tables.InverseMdsLRow, w)));

            uint[] rows = { (uint)random.NextInt64(), (uint)random.NextInt64(), (uint)random.NextInt64(), (uint)random.NextInt64() };
            rows.CopyTo(state);
            Hierocrypt3Tables.ApplyMdsH(Hierocrypt3Tables.MdsHRow, state);
            Hierocrypt3Tables.ApplyMdsH(Hierocrypt3Tables.InverseMdsHRow, state);
            Assert.Equal(rows, state.ToArray());
        }
    }

    [Fact]
    public void SBox_IsAPermutation_WithKnownEnds()
    {
        for (int x = 0; x < 256; x++)
        {
            Assert.Equal(x, Hierocrypt3Tables.InverseSBox[Hierocrypt3Tables.SBox[x]]);
        }

        Assert.Equal(0x07, Hierocrypt3Tables.SBox[0]); // 0^247 = 0, then XOR 07
    }
}

/// <summary>The decryption round keys equal their definition computed with the bit-level matrices.</summary>
public class Hierocrypt3DecryptionKeyTests
{
    [Fact]
    public void DecryptionKeys_MatchTheDefinition()
    {
        var random = TestRandom.Create(9);
        foreach (int keyBytes in new[] { 16, 24, 32 })
        {
            uint[] encryption = Hierocrypt3KeySchedule.Expand(TestRandom.Bytes(random, keyBytes));
            uint[] decryption = Hierocrypt3KeySchedule.ToDecryption(encryption);
            int rounds = encryption.Length / 8 - 1;
            for (int r = 0; r < rounds; r++)
            {
                for (int i = 0; i < 4; i++)
                {
                    uint expected = Hierocrypt3Tables.ApplyMdsL(Hierocrypt3Tables.InverseMdsLRow, encryption[8 * (rounds - r - 1) + 4 + i]);
                    Assert.Equal(expected, decryption[8 * r + 4 + i]);
                }
            }
        }
    }
}
