using System;
using CsCheck;
using Xunit;

namespace CryptoCli.Tests.Properties;

/// <summary>
/// Property: <see cref="BlockCipherAlgorithm.TransformCtr"/> over chunks (whole blocks, then a last partial chunk)
/// gives the bytes and the final counter of one call over the whole input, with counters a few blocks below the
/// wrap: a random prefix, then 0xFF bytes down to the last, which is 0xFF minus 0 to 7.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class CtrChunkProperties
{
    public sealed record CtrCase(int Cipher, int BlockBits, byte[] Key, byte[] Counter, byte[] Data, int[] Blocks)
    {
        public override string ToString() =>
            $"{PropertyRuns.CipherNames[Cipher]}-{BlockBits}, key {PropertyRuns.Hex(Key)}, counter " +
            $"{PropertyRuns.Hex(Counter)}, chunks of {PropertyRuns.Chunks(Blocks)} blocks, " +
            $"data ({Data.Length}) {PropertyRuns.Hex(Data)}";
    }

    private static readonly Gen<CtrCase> s_cases =
        from cb in PropertyRuns.CipherAndBlock
        from key in PropertyRuns.Key
        from prefix in Gen.Byte.Array[cb.BlockBits / 8]
        from ones in Gen.Int[1, cb.BlockBits / 8]
        from below in Gen.Int[0, 7]
        from data in Gen.Byte.Array[0, 12 * cb.BlockBits / 8]
        from blocks in Gen.Int[0, 4].Array[0, 5]
        select new CtrCase(cb.Cipher, cb.BlockBits, key, NearWrap(prefix, ones, below), data, blocks);

    private static byte[] NearWrap(byte[] prefix, int ones, int below)
    {
        byte[] counter = (byte[])prefix.Clone();
        counter.AsSpan(counter.Length - ones).Fill(0xFF);
        counter[^1] = (byte)(0xFF - below);
        return counter;
    }

    [Fact]
    public void ChunksNearTheWrapEqualOneCall() =>
        PropertyRuns.Sample(s_cases, Check, 200, c => c.ToString());

    private static void Check(CtrCase c)
    {
        using BlockCipherAlgorithm cipher = PropertyRuns.CreateCipher(c.Cipher, c.BlockBits, c.Key);
        int blockBytes = c.BlockBits / 8;
        byte[] whole = new byte[c.Data.Length];
        byte[] wholeCounter = (byte[])c.Counter.Clone();
        Assert.Equal(c.Data.Length, cipher.TransformCtr(c.Data, wholeCounter, whole));
        PropertyRuns.Equal(cipher.EncryptCtr(c.Data, c.Counter), whole, "TransformCtr against EncryptCtr");

        byte[] chunked = new byte[c.Data.Length];
        byte[] counter = (byte[])c.Counter.Clone();
        int offset = 0;
        foreach (int blocks in c.Blocks)
        {
            int length = Math.Min(blocks * blockBytes, (c.Data.Length - offset) / blockBytes * blockBytes);
            offset += cipher.TransformCtr(c.Data.AsSpan(offset, length), counter, chunked.AsSpan(offset, length));
        }

        cipher.TransformCtr(c.Data.AsSpan(offset), counter, chunked.AsSpan(offset));
        PropertyRuns.Equal(whole, chunked, "chunked TransformCtr");
        PropertyRuns.Equal(wholeCounter, counter, "counter after the last chunk");
    }
}
