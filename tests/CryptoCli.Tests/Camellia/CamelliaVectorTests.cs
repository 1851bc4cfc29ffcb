using System;
using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Every vector of every file in Vectors/camellia (RFC 3713, NESSIE, NTT KATs, CBC, RFC 5528 CTR, and the full NTT
/// ECB set of 3840 vectors), both directions, through every Camellia kernel available here and the public type.
/// </summary>
public class CamelliaVectorTests
{
    /// <summary>The checks shared with the Mono runner (tests/CryptoCli.VectorChecks/BlockCipherVectorChecks.cs).</summary>
    [Fact]
    public void AllPublishedVectors_AllKernels() => new CamelliaVectorChecks(CamelliaKernels.All).CheckEveryFile();

    [Fact]
    public void GeneratedSBoxes_MatchTheSpecification()
    {
        // RFC 3713 section 2.4.4, the first two rows of SBOX1 (the KATs reach every other entry).
        byte[] firstRows =
        {
            112, 130, 44, 236, 179, 39, 192, 229, 228, 133, 87, 53, 234, 12, 174, 65,
            35, 239, 107, 147, 69, 25, 165, 33, 237, 14, 79, 78, 29, 101, 146, 189,
        };
        Assert.Equal(firstRows, CamelliaTables.SBox1.Take(32).ToArray());

        // s1 is a permutation, and s2, s3, s4 are its rotations (RFC 3713 2.4.4).
        Assert.Equal(256, CamelliaTables.SBox1.Distinct().Count());
        for (int x = 0; x < 256; x++)
        {
            byte s1 = CamelliaTables.SBox1[x];
            Assert.Equal((byte)((s1 << 1) | (s1 >> 7)), CamelliaTables.SBox2[x]);
            Assert.Equal((byte)((s1 >> 1) | (s1 << 7)), CamelliaTables.SBox3[x]);
            Assert.Equal(CamelliaTables.SBox1[(byte)((x << 1) | (x >> 7))], CamelliaTables.SBox4[x]);
        }
    }

    [Fact]
    public void KeySchedule_CoincidingSubkeys_MatchTheirDefinition()
    {
        // P2's identities are used by the key schedule; check them against the RFC's rotations computed naively.
        var random = TestRandom.Create(3713);
        foreach (int keyBytes in new[] { 16, 24, 32 })
        {
            byte[] key = TestRandom.Bytes(random, keyBytes);
            ulong[] k = new ulong[CamelliaKeySchedule.SubkeyCount(keyBytes)];
            CamelliaKeySchedule.Expand(key, k);
            System.Numerics.BigInteger kl = new(key.AsSpan(0, 16), isUnsigned: true, isBigEndian: true);
            if (keyBytes == 16)
            {
                // k17, k18 = KL <<< 111; ke3, ke4 = KL <<< 77 (RFC 3713 2.2).
                Assert.Equal(Rotate(kl, 111), Join(k[22], k[23]));
                Assert.Equal(Rotate(kl, 77), Join(k[16], k[17]));
                Assert.Equal(Rotate(kl, 94), Join(k[18], k[19]));
            }
            else
            {
                Assert.Equal(Rotate(kl, 77), Join(k[22], k[23]));
                Assert.Equal(Rotate(kl, 111), Join(k[30], k[31]));
            }
        }

        static System.Numerics.BigInteger Join(ulong high, ulong low) =>
            ((System.Numerics.BigInteger)high << 64) | low;

        static System.Numerics.BigInteger Rotate(System.Numerics.BigInteger x, int n)
        {
            System.Numerics.BigInteger mask = (System.Numerics.BigInteger.One << 128) - 1;
            return ((x << n) | (x >> (128 - n))) & mask;
        }
    }
}

/// <summary>Every registered Camellia kernel that can run in this process (the table kernels always).</summary>
internal static class CamelliaKernels
{
    public static IEnumerable<BlockCipherKernel> All(byte[] key) => RegisteredKernels.Create(Camellia.Kernels, key, 16);

    public static IEnumerable<BlockCipherKernel> Hardware(byte[] key) =>
        Camellia.Kernels.Entries.Where(e => e.UsesHardware && e.IsSupported(16)).Select(e => e.Create(key, 16));
}
