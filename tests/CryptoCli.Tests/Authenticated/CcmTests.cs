using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// <see cref="BlockCipherCcm"/>: every file of Vectors/ccm on every AES and Camellia kernel; random differential tests
/// against the runtime's <c>AesCcm</c> and BouncyCastle's <c>CcmBlockCipher</c> (AES and Camellia) over every nonce and
/// tag size and associated-data lengths across the 0xFF00 encoding boundary; every registered kernel of every 128-bit
/// cipher against a block-at-a-time reference; tampering in every region; every bad argument.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class CcmTests
{
    private static readonly int[] s_tagSizes = { 4, 6, 8, 10, 12, 14, 16 };

    [Fact]

    [Trait(TestCategories.MutationRun, TestCategories.Skip)]
    public void AllVectorFiles_EveryKernel() =>
        new CcmVectorChecks(Kernels).CheckEveryFile();

    internal static IEnumerable<BlockCipherKernel> Kernels(string cipher, byte[] key) =>
        cipher == "aes" ? RijndaelKernels.All(key, 16) : CamelliaKernels.All(key);

    [AesCcmSupportedFact]
    public void AgainstBuiltInAesCcm_AllNonceAndTagSizes()
    {
        var random = TestRandom.Create(7000);
        for (int trial = 0; trial < 140; trial++)
        {
            byte[] key = TestRandom.Bytes(random, 16 + 8 * (trial % 3));
            byte[] nonce = TestRandom.Bytes(random, 7 + trial % 7);
            int tagBytes = s_tagSizes[trial / 7 % 7];
            int maxLength = nonce.Length == 13 ? 65535 : 20000;
            byte[] plaintext = TestRandom.Bytes(random, random.Next(0, trial % 10 == 0 ? maxLength : 300));
            byte[] aad = TestRandom.Bytes(random, random.Next(0, trial % 5 == 0 ? 1000 : 40));
            string where = $"trial {trial}, nonce {nonce.Length}, tag {tagBytes}, {plaintext.Length} bytes";

            byte[] expectedCt = new byte[plaintext.Length], expectedTag = new byte[tagBytes];
            using (var builtIn = new AesCcm(key))
            {
                builtIn.Encrypt(nonce, plaintext, expectedCt, expectedTag, aad);
            }

            using var aes = RijndaelCipher.Create();
            aes.Key = key;
            using var ccm = new BlockCipherCcm(aes);
            CheckBothDirections(ccm, nonce, aad, plaintext, expectedCt, expectedTag, where);
        }
    }

    [Theory]
    [InlineData("aes", 16)]
    [InlineData("aes", 24)]
    [InlineData("aes", 32)]
    [InlineData("camellia", 16)]
    [InlineData("camellia", 24)]
    [InlineData("camellia", 32)]
    public void AgainstBouncyCastle_AllNonceAndTagSizes(string cipherName, int keyBytes)
    {
        int seed = 7100 + keyBytes + (cipherName == "aes" ? 0 : 100);
        var random = TestRandom.Create(seed);
        for (int trial = 0; trial < 49; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keyBytes);
            byte[] nonce = TestRandom.Bytes(random, 7 + trial % 7);
            int tagBytes = s_tagSizes[trial / 7];
            byte[] plaintext = TestRandom.Bytes(random, random.Next(0, trial % 8 == 0 ? 9000 : 200));
            byte[] aad = TestRandom.Bytes(random, random.Next(0, 50));
            string where = $"seed {seed}, trial {trial}, nonce {nonce.Length}, tag {tagBytes}, {plaintext.Length} B";
            (byte[] expectedCt, byte[] expectedTag) =
                BouncyCastleEncrypt(cipherName, key, nonce, aad, plaintext, tagBytes);

            using BlockCipherAlgorithm cipher = cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
            cipher.Key = key;
            using var ccm = new BlockCipherCcm(cipher);
            CheckBothDirections(ccm, nonce, aad, plaintext, expectedCt, expectedTag, where);
        }
    }

    /// <summary>Associated data of 0xFEFF, 0xFF00 and 0xFF01 bytes: the last with a 2-byte length prefix and the first
    /// two with the 0xFF 0xFE form.</summary>
    [Theory]
    [InlineData("aes")]
    [InlineData("camellia")]
    public void AssociatedDataLengths_AcrossThe0xFF00Boundary(string cipherName)
    {
        var random = TestRandom.Create(7200);
        byte[] key = TestRandom.Bytes(random, 16);
        using BlockCipherAlgorithm cipher = cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
        cipher.Key = key;
        using var ccm = new BlockCipherCcm(cipher);
        foreach (int aadLength in new[] { 0xFEFE, 0xFEFF, 0xFF00, 0xFF01, 0x10000, 0x10001 })
        {
            byte[] nonce = TestRandom.Bytes(random, 12), aad = TestRandom.Bytes(random, aadLength);
            byte[] plaintext = TestRandom.Bytes(random, 33);
            (byte[] expectedCt, byte[] expectedTag) = BouncyCastleEncrypt(cipherName, key, nonce, aad, plaintext, 16);
            CheckBothDirections(ccm, nonce, aad, plaintext, expectedCt, expectedTag, $"{cipherName}, aad {aadLength}");
            if (cipherName == "aes" && AesCcm.IsSupported)
            {
                using var builtIn = new AesCcm(key);
                byte[] ct = new byte[plaintext.Length], tag = new byte[16];
                builtIn.Encrypt(nonce, plaintext, ct, tag, aad);
                Assert.Equal(expectedCt, ct);
                Assert.Equal(expectedTag, tag);
            }
        }
    }

    [Fact]
    public void AssociatedDataLengthPrefix_Forms()
    {
        byte[] prefix = new byte[10];
        Assert.Equal(2, BlockCipherCcm.EncodeAssociatedDataLength(0xFEFF, prefix));
        Assert.Equal(new byte[] { 0xFE, 0xFF }, prefix.Take(2));
        Assert.Equal(6, BlockCipherCcm.EncodeAssociatedDataLength(0xFF00, prefix));
        Assert.Equal(new byte[] { 0xFF, 0xFE, 0, 0, 0xFF, 0 }, prefix.Take(6));
        Assert.Equal(6, BlockCipherCcm.EncodeAssociatedDataLength(uint.MaxValue, prefix));
        Assert.Equal(new byte[] { 0xFF, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF }, prefix.Take(6));
        Assert.Equal(10, BlockCipherCcm.EncodeAssociatedDataLength(1L << 32, prefix));
        Assert.Equal(new byte[] { 0xFF, 0xFF, 0, 0, 0, 1, 0, 0, 0, 0 }, prefix);
    }

    /// <summary>Every registered kernel of every 128-bit block cipher, through CCM, against a reference that encrypts
    /// one block at a time with the registry's last (portable) kernel; lengths cross the chunk size.</summary>
    [Theory]
    [InlineData("aes")]
    [InlineData("camellia")]
    [InlineData("hierocrypt3")]
    [InlineData("sc2000")]
    [InlineData("cipherunicorna")]
    public void EveryRegisteredKernel_AgainstBlockAtATimeReference(string cipherName)
    {
        KernelRegistry<BlockCipherKernelEntry> registry = cipherName switch
        {
            "aes" => RijndaelCipher.Kernels,
            "camellia" => Camellia.Kernels,
            "hierocrypt3" => Hierocrypt3.Kernels,
            "sc2000" => SC2000.Kernels,
            _ => CipherUnicornA.Kernels,
        };
        var random = TestRandom.Create(7300 + cipherName.Length);
        foreach (int length in new[] { 0, 1, 15, 16, 17, 255, 4096, 4097, 9000 })
        {
            byte[] key = TestRandom.Bytes(random, 16), nonce = TestRandom.Bytes(random, 7 + length % 7);
            byte[] aad = TestRandom.Bytes(random, length % 3 == 0 ? 0 : 1 + length % 40);
            byte[] plaintext = TestRandom.Bytes(random, length);
            int tagBytes = s_tagSizes[length % 7];
            using BlockCipherKernel reference = RegisteredKernels.Create(registry, key, 16).Last();
            (byte[] expectedCt, byte[] expectedTag) = ReferenceCcm.Encrypt(reference, nonce, aad, plaintext, tagBytes);
            foreach (BlockCipherKernel kernel in RegisteredKernels.Create(registry, key, 16))
            {
                using var ccm = new BlockCipherCcm(kernel);
                string where = $"{cipherName} {kernel.Name}, {length} bytes";
                CheckBothDirections(ccm, nonce, aad, plaintext, expectedCt, expectedTag, where);
            }
        }
    }

    /// <summary>The AES-NI kernel runs the stitched CBC-MAC and counter loop (whole blocks; the chunked loop finishes a
    /// partial one); every AES kernel agrees with the block-at-a-time reference, for every key size.</summary>
    [Fact]
    [Trait(TestCategories.MutationRun, TestCategories.Skip)]
    public void AesNiKernel_RunsTheStitchedLoop_AndAgreesWithTheReference()
    {
        var random = TestRandom.Create(7700);
        int stitched = 0, instances = 0;
        foreach (int keyBytes in new[] { 16, 24, 32 })
        {
            foreach (int length in new[] { 16, 17, 31, 32, 48, 100, 4096, 4111, 20000 })
            {
                byte[] key = TestRandom.Bytes(random, keyBytes), nonce = TestRandom.Bytes(random, 7 + length % 7);
                byte[] aad = TestRandom.Bytes(random, length % 5 * 7), plaintext = TestRandom.Bytes(random, length);
                int tagBytes = s_tagSizes[(length + keyBytes) % 7];
                using BlockCipherKernel reference = RegisteredKernels.Create(RijndaelCipher.Kernels, key, 16).Last();
                (byte[] expectedCt, byte[] expectedTag) =
                    ReferenceCcm.Encrypt(reference, nonce, aad, plaintext, tagBytes);
                foreach (BlockCipherKernel kernel in RegisteredKernels.Create(RijndaelCipher.Kernels, key, 16))
                {
                    using var ccm = new BlockCipherCcm(kernel);
                    stitched += ccm.IsStitched ? 1 : 0;
                    instances++;
                    string where = $"{kernel.Name}, key {keyBytes}, {length} bytes, stitched {ccm.IsStitched}";
                    CheckBothDirections(ccm, nonce, aad, plaintext, expectedCt, expectedTag, where);
                }
            }
        }

        Assert.Equal(RijndaelAesNiKernel.IsSupported ? 27 : 0, stitched);
        Assert.True(instances > stitched);
    }

    [Theory]
    [InlineData("nonce")]
    [InlineData("aad")]
    [InlineData("ciphertext")]
    [InlineData("tag")]
    public void Tampering_AnyRegion_Rejected_DestinationZeroed(string region)
    {
        var random = TestRandom.Create(7400);
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(random, 16);
        using var ccm = new BlockCipherCcm(aes);
        foreach (int length in new[] { 1, 16, 100, 5000 })
        {
            for (int trial = 0; trial < 8; trial++)
            {
                byte[] nonce = TestRandom.Bytes(random, 7 + trial % 7), aad = TestRandom.Bytes(random, 1 + trial * 5);
                byte[] plaintext = TestRandom.Bytes(random, length);
                byte[] ct = new byte[length], tag = new byte[s_tagSizes[trial % 7]];
                ccm.Encrypt(nonce, plaintext, ct, tag, aad);
                byte[] target = region switch { "nonce" => nonce, "aad" => aad, "ciphertext" => ct, _ => tag };
                int at = random.Next(target.Length);
                target[at] ^= (byte)(1 << random.Next(8));

                byte[] destination = TestRandom.Bytes(random, length);
                Assert.ThrowsAny<CryptographicException>(() => ccm.Decrypt(nonce, ct, tag, destination, aad));
                Assert.All(destination, b => Assert.Equal(0, b));
#if NET
                Assert.Throws<AuthenticationTagMismatchException>(() => ccm.Decrypt(nonce, ct, tag, destination, aad));
#endif
            }
        }
    }

    [Fact]
    public void BadArguments_NamedAndNothingWritten()
    {
        using var aes = RijndaelCipher.Create();
        using var ccm = new BlockCipherCcm(aes);
        byte[] nonce = new byte[12], plaintext = new byte[20], ciphertext = new byte[20], tag = new byte[16];

        foreach (int nonceLength in new[] { 0, 6, 14, 16 })
        {
            byte[] badNonce = new byte[nonceLength];
            AssertNothingWritten("nonce", destination => ccm.Encrypt(badNonce, plaintext, destination, tag));
            AssertNothingWritten("nonce", destination => ccm.Decrypt(badNonce, ciphertext, tag, destination));
        }

        foreach (int tagLength in new[] { 0, 2, 3, 5, 15, 17, 18 })
        {
            byte[] badTag = new byte[tagLength];
            AssertNothingWritten("tag", destination => ccm.Encrypt(nonce, plaintext, destination, badTag));
            AssertNothingWritten("tag", destination => ccm.Decrypt(nonce, ciphertext, badTag, destination));
        }

        Assert.Throws<ArgumentException>("ciphertext", () => ccm.Encrypt(nonce, plaintext, new byte[19], tag));
        Assert.Throws<ArgumentException>("ciphertext", () => ccm.Encrypt(nonce, plaintext, new byte[21], tag));
        Assert.Throws<ArgumentException>("plaintext", () => ccm.Decrypt(nonce, ciphertext, tag, new byte[19]));

        // A 13-byte nonce leaves a 2-byte length field: at most 65535 bytes.
        byte[] big = new byte[65536];
        Assert.Throws<ArgumentException>("plaintext", () => ccm.Encrypt(new byte[13], big, new byte[65536], tag));
        Assert.Throws<ArgumentException>("ciphertext", () => ccm.Decrypt(new byte[13], big, tag, new byte[65536]));
        ccm.Encrypt(new byte[13], big.AsSpan(0, 65535), new byte[65535], tag);

        // Partial overlap; exact in-place is allowed.
        byte[] buffer = new byte[40];
        Assert.Throws<ArgumentException>(
            "ciphertext", () => ccm.Encrypt(nonce, buffer.AsSpan(0, 20), buffer.AsSpan(1, 20), tag));
        ccm.Encrypt(nonce, buffer.AsSpan(0, 20), buffer.AsSpan(0, 20), tag);

        Assert.Throws<ArgumentNullException>("nonce", () => ccm.Encrypt(null!, plaintext, ciphertext, tag));
        Assert.Throws<ArgumentNullException>("plaintext", () => ccm.Encrypt(nonce, null!, ciphertext, tag));
        Assert.Throws<ArgumentNullException>("ciphertext", () => ccm.Encrypt(nonce, plaintext, null!, tag));
        Assert.Throws<ArgumentNullException>("tag", () => ccm.Encrypt(nonce, plaintext, ciphertext, null!));
        Assert.Throws<ArgumentNullException>("nonce", () => ccm.Decrypt(null!, ciphertext, tag, plaintext));
        Assert.Throws<ArgumentNullException>("ciphertext", () => ccm.Decrypt(nonce, null!, tag, plaintext));
        Assert.Throws<ArgumentNullException>("tag", () => ccm.Decrypt(nonce, ciphertext, null!, plaintext));
        Assert.Throws<ArgumentNullException>("plaintext", () => ccm.Decrypt(nonce, ciphertext, tag, null!));
        Assert.Throws<ArgumentNullException>("cipher", () => new BlockCipherCcm((BlockCipherAlgorithm)null!));

        using var wide = RijndaelCipher.Create();
        wide.BlockSize = 256;
        Assert.Throws<ArgumentException>("cipher", () => new BlockCipherCcm(wide));

        static void AssertNothingWritten(string paramName, Action<byte[]> call)
        {
            byte[] destination = Enumerable.Repeat((byte)0x5A, 20).ToArray();
            Assert.Throws<ArgumentException>(paramName, () => call(destination));
            Assert.All(destination, b => Assert.Equal(0x5A, b));
        }
    }

    [Fact]
    public void Dispose_WipesTheKeySchedule()
    {
        byte[] key = Enumerable.Range(1, 16).Select(i => (byte)i).ToArray();
        BlockCipherKernel kernel = XtsTests.Kernels("aes").First().Create(key, 16);
        var ccm = new BlockCipherCcm(kernel);
        ccm.Encrypt(new byte[12], new byte[20], new byte[20], new byte[16]);
        Assert.False(kernel.HasBeenWiped());
        ccm.Dispose();
        Assert.True(kernel.HasBeenWiped());
    }

    [Fact]
    public void Sizes_AsTheRuntimeStatesThem()
    {
        Assert.Equal((7, 13, 1), (BlockCipherCcm.NonceByteSizes.MinSize, BlockCipherCcm.NonceByteSizes.MaxSize,
            BlockCipherCcm.NonceByteSizes.SkipSize));
        Assert.Equal((4, 16, 2), (BlockCipherCcm.TagByteSizes.MinSize, BlockCipherCcm.TagByteSizes.MaxSize,
            BlockCipherCcm.TagByteSizes.SkipSize));
    }

    [Fact]
    public void KeyIsCopied_AndDisposeMakesTheInstanceUnusable()
    {
        var random = TestRandom.Create(7500);
        byte[] key = TestRandom.Bytes(random, 16), nonce = TestRandom.Bytes(random, 12);
        byte[] plaintext = TestRandom.Bytes(random, 50);
        using var aes = RijndaelCipher.Create();
        aes.Key = key;
        var ccm = new BlockCipherCcm(aes);
        byte[] ct1 = new byte[50], tag1 = new byte[16], ct2 = new byte[50], tag2 = new byte[16];
        ccm.Encrypt(nonce, plaintext, ct1, tag1);
        aes.Key = TestRandom.Bytes(random, 16);
        ccm.Encrypt(nonce, plaintext, ct2, tag2);
        Assert.Equal(ct1, ct2);
        Assert.Equal(tag1, tag2);

        ccm.Dispose();
        ccm.Dispose();
        Assert.Throws<ObjectDisposedException>(() => ccm.Encrypt(nonce, plaintext, ct1, tag1));
        Assert.Throws<ObjectDisposedException>(() => ccm.Decrypt(nonce, ct1, tag1, plaintext));
    }

    [Fact]
    public void NoAllocationPerCall()
    {
        var random = TestRandom.Create(7600);
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(random, 16);
        using var ccm = new BlockCipherCcm(aes);
        byte[] nonce = TestRandom.Bytes(random, 12), aad = TestRandom.Bytes(random, 300);
        byte[] plaintext = TestRandom.Bytes(random, 16 * 1024), ct = new byte[plaintext.Length], tag = new byte[16];
        byte[] decrypted = new byte[plaintext.Length];
        for (int i = 0; i < 3; i++)
        {
            ccm.Encrypt(nonce, plaintext, ct, tag, aad);
            ccm.Decrypt(nonce, ct, tag, decrypted, aad);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 10; i++)
        {
            ccm.Encrypt(nonce, plaintext, ct, tag, aad);
            ccm.Decrypt(nonce, ct, tag, decrypted, aad);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    private static void CheckBothDirections(
        BlockCipherCcm ccm,
        byte[] nonce,
        byte[] aad,
        byte[] plaintext,
        byte[] expectedCt,
        byte[] expectedTag,
        string where)
    {
        byte[] ct = new byte[plaintext.Length], tag = new byte[expectedTag.Length];
        ccm.Encrypt(nonce, plaintext, ct, tag, aad);
        Assert.True(expectedCt.AsSpan().SequenceEqual(ct), $"{where}: ciphertext");
        Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"{where}: tag");

        byte[] decrypted = new byte[ct.Length];
        ccm.Decrypt(nonce, ct, tag, decrypted, aad);
        Assert.True(plaintext.AsSpan().SequenceEqual(decrypted), $"{where}: decryption");

        byte[] buffer = (byte[])plaintext.Clone();
        ccm.Encrypt(nonce, buffer, buffer, tag, aad);
        Assert.True(expectedCt.AsSpan().SequenceEqual(buffer), $"{where}: in-place encryption");
        ccm.Decrypt(nonce, buffer, tag, buffer, aad);
        Assert.True(plaintext.AsSpan().SequenceEqual(buffer), $"{where}: in-place decryption");
    }

    private static (byte[] Ciphertext, byte[] Tag) BouncyCastleEncrypt(
        string cipherName, byte[] key, byte[] nonce, byte[] aad, byte[] plaintext, int tagBytes)
    {
        IBlockCipher engine = cipherName == "aes" ? new AesEngine() : new CamelliaEngine();
        var bc = new CcmBlockCipher(engine);
        bc.Init(true, new AeadParameters(new KeyParameter(key), tagBytes * 8, nonce, aad));
        byte[] output = bc.ProcessPacket(plaintext, 0, plaintext.Length);
        return (output.AsSpan(0, plaintext.Length).ToArray(), output.AsSpan(plaintext.Length).ToArray());
    }
}

/// <summary>CCM written out from SP 800-38C, one block at a time over a kernel's single-block encryption: the
/// reference the kernel tests compare with.</summary>
internal static class ReferenceCcm
{
    public static (byte[] Ciphertext, byte[] Tag) Encrypt(
        BlockCipherKernel kernel, byte[] nonce, byte[] aad, byte[] plaintext, int tagBytes)
    {
        int q = 15 - nonce.Length;
        var blocks = new List<byte>();
        byte[] b0 = new byte[16];
        b0[0] = (byte)((aad.Length > 0 ? 0x40 : 0) | ((tagBytes - 2) / 2 << 3) | (q - 1));
        nonce.CopyTo(b0, 1);
        for (int i = 0, length = plaintext.Length; i < q; i++, length >>= 8)
        {
            b0[15 - i] = (byte)length;
        }

        blocks.AddRange(b0);
        if (aad.Length > 0)
        {
            var formatted = new List<byte>();
            if (aad.Length < 0xFF00)
            {
                formatted.Add((byte)(aad.Length >> 8));
                formatted.Add((byte)aad.Length);
            }
            else
            {
                formatted.AddRange(new byte[] { 0xFF, 0xFE });
                byte[] length = new byte[4];
                BinaryPrimitives.WriteUInt32BigEndian(length, (uint)aad.Length);
                formatted.AddRange(length);
            }

            formatted.AddRange(aad);
            blocks.AddRange(Padded(formatted));
        }

        blocks.AddRange(Padded(plaintext));
        byte[] mac = new byte[16];
        byte[] all = blocks.ToArray();
        for (int offset = 0; offset < all.Length; offset += 16)
        {
            for (int i = 0; i < 16; i++)
            {
                mac[i] ^= all[offset + i];
            }

            kernel.EncryptBlocks(mac, mac);
        }

        byte[] counter = new byte[16], keystream = new byte[16];
        counter[0] = (byte)(q - 1);
        nonce.CopyTo(counter, 1);
        byte[] ciphertext = new byte[plaintext.Length];
        for (int offset = 0, i = 1; offset < plaintext.Length; offset += 16, i++)
        {
            for (int j = 0; j < Math.Min(q, 4); j++)
            {
                counter[15 - j] = (byte)(i >> (8 * j));
            }

            kernel.EncryptBlocks(counter, keystream);
            for (int j = 0; j < Math.Min(16, plaintext.Length - offset); j++)
            {
                ciphertext[offset + j] = (byte)(plaintext[offset + j] ^ keystream[j]);
            }
        }

        counter.AsSpan(1 + nonce.Length).Clear();
        kernel.EncryptBlocks(counter, keystream);
        byte[] tag = new byte[tagBytes];
        for (int i = 0; i < tagBytes; i++)
        {
            tag[i] = (byte)(mac[i] ^ keystream[i]);
        }

        return (ciphertext, tag);
    }

    private static byte[] Padded(IReadOnlyCollection<byte> data)
    {
        byte[] padded = new byte[(data.Count + 15) / 16 * 16];
        data.ToArray().CopyTo(padded, 0);
        return padded;
    }
}

/// <summary>Skipped, visibly, when the runtime's <c>AesCcm</c> is not supported on this platform.</summary>
public sealed class AesCcmSupportedFactAttribute : FactAttribute
{
    public AesCcmSupportedFactAttribute()
    {
        if (!AesCcm.IsSupported)
        {
            Skip = "the runtime's AesCcm is not supported on this platform";
        }
    }
}
