using System;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// SC2000's bitsliced B against the table definition; every registered kernel against the reference kernel is in
/// <see cref="RegisteredKernelDifferentialTests"/>.
/// </summary>
public class SC2000KernelTests
{
    [Fact]
    public void BitslicedB_MatchesTheS4Table()
    {
        Random random = TestRandom.Create(4);
        for (int trial = 0; trial < 1000; trial++)
        {
            // The first trial puts every nibble 0..15 in some bit position; the rest are random.
            uint a = trial == 0 ? 0xff00ff00 : (uint)random.NextInt64();
            uint b = trial == 0 ? 0xf0f0f0f0 : (uint)random.NextInt64();
            uint c = trial == 0 ? 0xcccccccc : (uint)random.NextInt64();
            uint d = trial == 0 ? 0xaaaaaaaa : (uint)random.NextInt64();

            uint ea = a, eb = b, ec = c, ed = d;
            SC2000Tables.B(SC2000Tables.S4, ref ea, ref eb, ref ec, ref ed);
            SC2000FusedKernel.B(a, b, c, d, out uint fa, out uint fb, out uint fc, out uint fd);
            Assert.Equal((ea, eb, ec, ed), (fa, fb, fc, fd));

            SC2000Tables.B(SC2000Tables.S4Inverse, ref ea, ref eb, ref ec, ref ed);
            Assert.Equal((a, b, c, d), (ea, eb, ec, ed));
            SC2000FusedKernel.InverseB(fa, fb, fc, fd, out uint ia, out uint ib, out uint ic, out uint id);
            Assert.Equal((a, b, c, d), (ia, ib, ic, id));
        }
    }

    [Fact]
    public void FusedTables_EqualMAfterS()
    {
        Random random = TestRandom.Create(5);
        for (int trial = 0; trial < 2000; trial++)
        {
            uint x = (uint)random.NextInt64();
            uint expected = SC2000Tables.M(SC2000Tables.S(x));
            uint actual = SC2000KeySchedule.FusedMS(ref SC2000Tables.FusedMS[0], x);
            Assert.Equal(expected, actual);
        }
    }

    [Fact]
    public void PublicType_UsesTheFusedKernel_AndAgreesWithReferenceInCtr()
    {
        Random random = TestRandom.Create(6);
        byte[] key = TestRandom.Bytes(random, 16);
        byte[] counter = TestRandom.Bytes(random, 16);
        byte[] data = TestRandom.Bytes(random, 1000);
        using SC2000 cipher = SC2000.Create();
        cipher.Key = key;
        byte[] actual = cipher.EncryptCtr(data, counter);
        using var reference = new SC2000ReferenceKernel(key);
        byte[] expected = new byte[data.Length];
        reference.TransformCtr(data, expected, (byte[])counter.Clone());
        Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(actual));
    }
}
