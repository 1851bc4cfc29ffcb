using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using CsCheck;
using Xunit;

namespace CryptoCli.Tests.Properties;

/// <summary>
/// Property: decrypt(encrypt(x)) = x for every block cipher, every registered kernel this process runs (pinned behind
/// the public type, as the contract tests do), every legal block size, and every length from 0 to three blocks and
/// one byte, in ECB and CBC (PKCS7), CFB (random feedback size, PKCS7), OFB, CTS and CTR.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class KernelRoundTripProperties
{
    public sealed record Target(Type Type, string Kernel, int BlockBits)
    {
        public override string ToString() => $"{Type.Name}/{Kernel}-{BlockBits}";
    }

    public sealed record RoundTripCase(byte[] Key, byte[] Iv, byte[] Data, int FeedbackBytes)
    {
        public override string ToString() =>
            $"key {PropertyRuns.Hex(Key)}, iv {PropertyRuns.Hex(Iv)}, CFB/OFB segment {FeedbackBytes}, " +
            $"data ({Data.Length}) {PropertyRuns.Hex(Data)}";
    }

    /// <summary>Every (cipher, kernel, block size) this process runs.</summary>
    public static IEnumerable<Target> Targets()
    {
        foreach (Type type in RegisteredKernelContractTests.CipherTypes())
        {
            using BlockCipherAlgorithm cipher = RegisteredKernelContractTests.Create(type);
            foreach (BlockCipherKernelEntry entry in RegisteredKernelContractTests.Registry(type).Entries)
            {
                foreach (int bits in PropertyRuns.Expand(cipher.LegalBlockSizes).Where(b => entry.IsSupported(b / 8)))
                {
                    yield return new Target(type, entry.Name, bits);
                }
            }
        }
    }

    [Fact]
    public void EveryKernelAndBlockSizeRoundTrips()
    {
        Target[] targets = Targets().ToArray();
        Assert.NotEmpty(targets);
        foreach (Target target in targets)
        {
            using BlockCipherAlgorithm cipher = RegisteredKernelContractTests.Create(target.Type);
            cipher.BlockSize = target.BlockBits;
            cipher.PinnedKernel = target.Kernel;
            Assert.Equal(target.Kernel, cipher.Kernel.Name.Split(':')[0]);
            int blockBytes = target.BlockBits / 8;
            int[] keyBytes = PropertyRuns.Expand(cipher.LegalKeySizes).Select(b => b / 8).ToArray();
            Gen<RoundTripCase> cases =
                from keyLength in Gen.OneOf(keyBytes)
                from key in Gen.Byte.Array[keyLength]
                from iv in Gen.Byte.Array[blockBytes]
                from data in Gen.Byte.Array[0, 3 * blockBytes + 1]
                from feedbackBytes in Gen.Int[1, blockBytes]
                select new RoundTripCase(key, iv, data, feedbackBytes);
            // One instance per target: the sample runs on one thread.
            PropertyRuns.Sample(cases, c => RoundTrip(cipher, target, c), 12, c => target + ", " + c, threads: 1);
        }
    }

    private static void RoundTrip(BlockCipherAlgorithm cipher, Target target, RoundTripCase c)
    {
        cipher.Key = c.Key;
        Assert.Equal(target.Kernel, cipher.Kernel.Name.Split(':')[0]);
        byte[] x = c.Data;
        int bits = c.FeedbackBytes * 8;
        PropertyRuns.Equal(x, cipher.DecryptEcb(cipher.EncryptEcb(x, PaddingMode.PKCS7), PaddingMode.PKCS7), "ECB");
        PropertyRuns.Equal(x, cipher.DecryptCbc(cipher.EncryptCbc(x, c.Iv, PaddingMode.PKCS7), c.Iv, PaddingMode.PKCS7),
            "CBC");
        PropertyRuns.Equal(x,
            cipher.DecryptCfb(cipher.EncryptCfb(x, c.Iv, PaddingMode.PKCS7, bits), c.Iv, PaddingMode.PKCS7, bits),
            "CFB");
        PropertyRuns.Equal(x, cipher.DecryptCtr(cipher.EncryptCtr(x, c.Iv), c.Iv), "CTR");
        if (x.Length >= cipher.BlockSize / 8)
        {
            PropertyRuns.Equal(x, cipher.DecryptCts(cipher.EncryptCts(x, c.Iv), c.Iv), "CTS");
        }

        cipher.Mode = CipherMode.OFB;
        cipher.Padding = PaddingMode.PKCS7;
        cipher.FeedbackSize = bits;
        byte[] ofb;
        using (ICryptoTransform encryptor = cipher.CreateEncryptor(c.Key, c.Iv))
        {
            ofb = encryptor.TransformFinalBlock(x, 0, x.Length);
        }

        using (ICryptoTransform decryptor = cipher.CreateDecryptor(c.Key, c.Iv))
        {
            PropertyRuns.Equal(x, decryptor.TransformFinalBlock(ofb, 0, ofb.Length), "OFB");
        }
    }
}
