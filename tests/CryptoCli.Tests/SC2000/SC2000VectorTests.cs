using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>SC2000: every vector of Vectors/sc2000 through every kernel, and the public type's own behaviour.</summary>
public class SC2000VectorTests
{
    /// <summary>Every vector through every kernel and the public type: the checks shared with the Mono runner.</summary>
    [Fact]
    public void AllPublishedVectors_AllKernels() => CryptrecVectorChecks.SC2000(SC2000Kernels.All).CheckEveryFile();

    [Fact]
    public void PublicType_SpecificationExample_AllKeySizes()
    {
        // CRYPTREC specification, appendix A (zero key, zero plaintext), and NESSIE's 192/256-bit all-zero vectors,
        // which coincide because short keys are wrapped: checked through the public type's one-shots.
        int checkedCount = 0;
        foreach (VectorRecord record in VectorFile.ReadFamily("sc2000").SelectMany(file => file.ReadTokenLines()))
        {
            if (record.Has("p0") || !IsZero(record.Bytes("key")) || !IsZero(record.Bytes("pt")))
            {
                continue;
            }

            using SC2000 cipher = SC2000.Create();
            cipher.Key = record.Bytes("key");
            byte[] ct = cipher.EncryptEcb(record.Bytes("pt"), PaddingMode.None);
            Assert.True(record.Bytes("ct").AsSpan().SequenceEqual(ct), $"{record.Where}: SC2000.EncryptEcb");
            Assert.True(record.Bytes("pt").AsSpan().SequenceEqual(cipher.DecryptEcb(ct, PaddingMode.None)), $"{record.Where}: SC2000.DecryptEcb");
            checkedCount++;
        }

        Assert.True(checkedCount >= 4, $"only {checkedCount} all-zero records found");
    }

    [Fact]
    public void ZeroKeys192And256_GiveTheSameCipher()
    {
        byte[] block = new byte[16];
        using var kernel192 = new SC2000ReferenceKernel(new byte[24]);
        using var kernel256 = new SC2000ReferenceKernel(new byte[32]);
        byte[] a = new byte[16], b = new byte[16];
        kernel192.EncryptBlocks(block, a);
        kernel256.EncryptBlocks(block, b);
        Assert.Equal(Convert.ToHexString(a), Convert.ToHexString(b));
        Assert.Equal("6C2BAB23", Convert.ToHexString(a)[..8]);
    }

    [Theory]
    [InlineData(128, true)]
    [InlineData(192, true)]
    [InlineData(256, true)]
    [InlineData(64, false)]
    [InlineData(160, false)]
    [InlineData(224, false)]
    [InlineData(512, false)]
    public void KeySizes(int bits, bool legal)
    {
        using SC2000 cipher = SC2000.Create();
        Assert.Equal(128, cipher.BlockSize);
        Assert.Equal(legal, cipher.ValidKeySize(bits));
        if (!legal)
        {
            Assert.Throws<CryptographicException>(() => cipher.Key = new byte[bits / 8]);
        }
    }

    private static bool IsZero(byte[] bytes) => Array.TrueForAll(bytes, b => b == 0);
}

/// <summary>Every SC2000 kernel (the reference one first).</summary>
internal static class SC2000Kernels
{
    public static IEnumerable<BlockCipherKernel> All(byte[] key) => RegisteredKernels.Create(SC2000.Kernels, key, 16);
}
