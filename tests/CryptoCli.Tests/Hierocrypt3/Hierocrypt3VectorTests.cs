using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>Hierocrypt-3: every vector of Vectors/hierocrypt3 through every kernel, and the public type's own behaviour.</summary>
public class Hierocrypt3VectorTests
{
    /// <summary>Every vector through every kernel and the public type: the checks shared with the Mono runner.</summary>
    [Fact]
    public void AllPublishedVectors_AllKernels() => CryptrecVectorChecks.Hierocrypt3(Hierocrypt3Kernels.All).CheckEveryFile();

    [Fact]
    public void PublicType_SpecificationExample()
    {
        // The Toshiba specification's 256-bit example and NESSIE set 1 vector 0 of each key size, through the public type's one-shots.
        int checkedCount = 0;
        foreach (VectorRecord record in VectorFile.ReadFamily("hierocrypt3").SelectMany(file => file.ReadTokenLines()))
        {
            if (record.Has("p0") || !record.Has("source") || !(record.Text("source").StartsWith("CRYPTREC", StringComparison.Ordinal) || record.Bytes("key")[0] == 0x80))
            {
                continue;
            }

            using Hierocrypt3 cipher = Hierocrypt3.Create();
            cipher.Key = record.Bytes("key");
            byte[] ct = cipher.EncryptEcb(record.Bytes("pt"), PaddingMode.None);
            Assert.True(record.Bytes("ct").AsSpan().SequenceEqual(ct), $"{record.Where}: Hierocrypt3.EncryptEcb");
            Assert.True(record.Bytes("pt").AsSpan().SequenceEqual(cipher.DecryptEcb(ct, PaddingMode.None)), $"{record.Where}: Hierocrypt3.DecryptEcb");
            checkedCount++;
        }

        Assert.True(checkedCount >= 4, $"only {checkedCount} records checked");
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
        using Hierocrypt3 cipher = Hierocrypt3.Create();
        Assert.Equal(128, cipher.BlockSize);
        Assert.Equal(legal, cipher.ValidKeySize(bits));
        if (!legal)
        {
            Assert.Throws<CryptographicException>(() => cipher.Key = new byte[bits / 8]);
        }
    }
}

/// <summary>Every Hierocrypt-3 kernel (the reference one first).</summary>
internal static class Hierocrypt3Kernels
{
    public static IEnumerable<BlockCipherKernel> All(byte[] key) => RegisteredKernels.Create(Hierocrypt3.Kernels, key, 16);
}
