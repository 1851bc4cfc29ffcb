using System;
using System.Linq;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// GHASH kernels: every registered kernel this process runs against a bit-by-bit multiplication written from
/// SP 800-38D Algorithm 1 (independent code), and every instruction kernel against the portable one on random keys and
/// lengths of 0 to 40 blocks, which covers whole groups of eight, the 1..7-block tails and repeated calls on one
/// running value.
/// </summary>
public class GHashKernelTests
{
    public static TheoryData<string> Kernels() => FamilyKernelRegistries.SupportedNames(GHashKernel.Kernels);

    [Theory]
    [MemberData(nameof(Kernels))]
    public void EveryKernel_MatchesSp80038dAlgorithm1(string name)
    {
        var random = TestRandom.Create(4001);
        for (int trial = 0; trial < 200; trial++)
        {
            byte[] h = TestRandom.Bytes(random, 16), y = TestRandom.Bytes(random, 16);
            byte[] data = TestRandom.Bytes(random, 16 * random.Next(0, 5));
            byte[] expected = (byte[])y.Clone();
            for (int offset = 0; offset < data.Length; offset += 16)
            {
                for (int i = 0; i < 16; i++)
                {
                    expected[i] ^= data[offset + i];
                }

                expected = Algorithm1(expected, h);
            }

            using GHashKernel kernel = GHashKernel.Kernels.Get(name).Create(h);
            kernel.Update(y, data);
            Assert.True(expected.AsSpan().SequenceEqual(y), $"{name}: trial {trial}");
        }
    }

    [FastFamilyKernelsFact("GHASH")]
    public void EveryInstructionKernel_MatchesPortable_RandomLengths()
    {
        var random = TestRandom.Create(4002);
        KernelEntry<Func<byte[], GHashKernel>>[] fast = FamilyKernelRegistries.FastKernels(GHashKernel.Kernels);
        Assert.NotEmpty(fast);
        for (int trial = 0; trial < 300; trial++)
        {
            byte[] h = TestRandom.Bytes(random, 16), y0 = TestRandom.Bytes(random, 16);
            byte[] first = TestRandom.Bytes(random, 16 * random.Next(0, 41)), second = TestRandom.Bytes(random, 16 * random.Next(0, 20));
            byte[] expected = (byte[])y0.Clone();
            using (var portable = new GHashPortableKernel(h))
            {
                portable.Update(expected, first);
                portable.Update(expected, second);
            }

            foreach (KernelEntry<Func<byte[], GHashKernel>> entry in fast)
            {
                using GHashKernel kernel = entry.Create(h);
                byte[] y = (byte[])y0.Clone();
                kernel.Update(y, first);
                kernel.Update(y, second);
                Assert.True(expected.AsSpan().SequenceEqual(y), $"trial {trial}, {kernel.Name}, {first.Length}+{second.Length} bytes");
            }
        }
    }

    [Vpclmul256Fact]
    public void DefaultKernel_IsVpclmul256_WhereSupported_WithoutAvx512()
    {
        if (GHashKernel.Kernels.Get("vpclmul512").IsSupported)
        {
            Assert.Equal("vpclmul512", GHashKernel.Kernels.Default.Name); // GHashVpclmul512Tests checks the rest
            return;
        }

        using GHashKernel kernel = GHashKernel.Create(new byte[16]);
        Assert.Equal("vpclmul256", kernel.Name);
    }

    /// <summary>SP 800-38D Algorithm 1: X·Y bit by bit, R = 11100001 || 0^120.</summary>
    private static byte[] Algorithm1(byte[] x, byte[] y)
    {
        byte[] z = new byte[16];
        byte[] v = (byte[])y.Clone();
        for (int i = 0; i < 128; i++)
        {
            if (((x[i / 8] >> (7 - i % 8)) & 1) != 0)
            {
                for (int j = 0; j < 16; j++)
                {
                    z[j] ^= v[j];
                }
            }

            bool lsb = (v[15] & 1) != 0;
            for (int j = 15; j > 0; j--)
            {
                v[j] = (byte)((v[j] >> 1) | (v[j - 1] << 7));
            }

            v[0] >>= 1;
            if (lsb)
            {
                v[0] ^= 0xE1;
            }
        }

        return z;
    }
}
