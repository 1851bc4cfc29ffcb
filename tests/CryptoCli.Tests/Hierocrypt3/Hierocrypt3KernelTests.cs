using System;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Hierocrypt-3's fused tables; every registered kernel against the reference kernel is in
/// <see cref="RegisteredKernelDifferentialTests"/>.
/// </summary>
public class Hierocrypt3KernelTests
{
    [Fact]
    public void MdsHPatterns_AreTheOnesTheGeneratedCodeAssumes()
    {
        // P2: S-box + MDS_H needs only 7 distinct 8-to-32-bit tables; the inverse matrix needs 10. The 32-bit kernel
        // indexes them in this sorted order.
        Assert.Equal(new byte[] { 0x5, 0x7, 0x9, 0xa, 0xd, 0xe, 0xf }, Hierocrypt3FusedTables.Encryption32Patterns);
        Assert.Equal(new byte[] { 0x5, 0x6, 0x7, 0x9, 0xa, 0xb, 0xc, 0xd, 0xe, 0xf }, Hierocrypt3FusedTables.Decryption32Patterns);
    }

    [Fact]
    public void PublicType_AgreesWithReferenceInCtr()
    {
        Random random = TestRandom.Create(7);
        byte[] key = TestRandom.Bytes(random, 24);
        byte[] counter = TestRandom.Bytes(random, 16);
        byte[] data = TestRandom.Bytes(random, 1000);
        using Hierocrypt3 cipher = Hierocrypt3.Create();
        cipher.Key = key;
        byte[] actual = cipher.EncryptCtr(data, counter);
        using var reference = new Hierocrypt3ReferenceKernel(key);
        byte[] expected = new byte[data.Length];
        reference.TransformCtr(data, expected, (byte[])counter.Clone());
        Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(actual));
    }
}
