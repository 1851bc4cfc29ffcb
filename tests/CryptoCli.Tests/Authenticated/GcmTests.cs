using System;
using System.Buffers.Binary;
using System.Linq;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// <see cref="BlockCipherGcm"/>: random differential tests against the runtime's <c>AesGcm</c> (12-byte nonces) and
/// BouncyCastle's <c>GcmBlockCipher</c> over AES and Camellia (odd nonce lengths, every tag length), the 32-bit
/// counter wrap, in-place operation, and every bad-input case.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class GcmTests
{
    [Theory]
    [InlineData(16)]
    [InlineData(24)]
    [InlineData(32)]
    public void AgainstBuiltInAesGcm_RandomLengths(int keyBytes)
    {
        var random = TestRandom.Create(5000 + keyBytes);
        for (int trial = 0; trial < 60; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keyBytes), nonce = TestRandom.Bytes(random, 12);
            byte[] plaintext = TestRandom.Bytes(random, random.Next(0, trial < 50 ? 300 : 20000));
            byte[] aad = TestRandom.Bytes(random, random.Next(0, 70));
            int tagBytes = random.Next(12, 17);
            string where = $"seed {5000 + keyBytes}, trial {trial}, {plaintext.Length} bytes, tag {tagBytes}";

            byte[] expectedCt = new byte[plaintext.Length], expectedTag = new byte[tagBytes];
            using (var builtIn = new AesGcm(key, tagBytes))
            {
                builtIn.Encrypt(nonce, plaintext, expectedCt, expectedTag, aad);
            }

            using var aes = RijndaelCipher.Create();
            aes.Key = key;
            using var gcm = new BlockCipherGcm(aes, tagBytes);
            byte[] ct = new byte[plaintext.Length], tag = new byte[tagBytes];
            gcm.Encrypt(nonce, plaintext, ct, tag, aad);
            Assert.True(expectedCt.AsSpan().SequenceEqual(ct), $"{where}: ciphertext");
            Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"{where}: tag");

            byte[] decrypted = new byte[ct.Length];
            gcm.Decrypt(nonce, ct, tag, decrypted, aad);
            Assert.True(plaintext.AsSpan().SequenceEqual(decrypted), $"{where}: decryption");

            // In place, both directions.
            byte[] buffer = (byte[])plaintext.Clone();
            gcm.Encrypt(nonce, buffer, buffer, tag, aad);
            Assert.True(expectedCt.AsSpan().SequenceEqual(buffer), $"{where}: in-place encryption");
            gcm.Decrypt(nonce, buffer, tag, buffer, aad);
            Assert.True(plaintext.AsSpan().SequenceEqual(buffer), $"{where}: in-place decryption");
        }
    }

    [Theory]
    [InlineData("aes", 16)]
    [InlineData("aes", 24)]
    [InlineData("aes", 32)]
    [InlineData("camellia", 16)]
    [InlineData("camellia", 24)]
    [InlineData("camellia", 32)]
    public void AgainstBouncyCastle_OddNonces_AllTagLengths(string cipherName, int keyBytes)
    {
        int seed = 5100 + keyBytes + (cipherName == "aes" ? 0 : 100);
        var random = TestRandom.Create(seed);
        int[] tagLengths = { 4, 8, 12, 13, 14, 15, 16 };
        for (int trial = 0; trial < 40; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keyBytes);
            byte[] nonce = TestRandom.Bytes(random, trial % 4 == 0 ? 12 : random.Next(1, 80));
            byte[] plaintext = TestRandom.Bytes(random, random.Next(0, trial < 30 ? 200 : 5000));
            byte[] aad = TestRandom.Bytes(random, random.Next(0, 50));
            int tagBytes = tagLengths[random.Next(tagLengths.Length)];
            string where = $"seed {seed}, trial {trial}, nonce {nonce.Length}, {plaintext.Length} bytes, tag {tagBytes}";

            var bc = new GcmBlockCipher(cipherName == "aes" ? new AesEngine() : new CamelliaEngine());
            bc.Init(true, new AeadParameters(new KeyParameter(key), tagBytes * 8, nonce, aad));
            byte[] expected = new byte[bc.GetOutputSize(plaintext.Length)];
            int written = bc.ProcessBytes(plaintext, 0, plaintext.Length, expected, 0);
            bc.DoFinal(expected, written);

            using BlockCipherAlgorithm cipher = cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
            cipher.Key = key;
            using var gcm = new BlockCipherGcm(cipher, tagBytes, allowShortTags: true);
            byte[] ct = new byte[plaintext.Length], tag = new byte[tagBytes];
            gcm.Encrypt(nonce, plaintext, ct, tag, aad);
            Assert.True(expected.AsSpan(0, plaintext.Length).SequenceEqual(ct), $"{where}: ciphertext");
            Assert.True(expected.AsSpan(plaintext.Length).SequenceEqual(tag), $"{where}: tag");
            byte[] decrypted = new byte[ct.Length];
            gcm.Decrypt(nonce, ct, tag, decrypted, aad);
            Assert.True(plaintext.AsSpan().SequenceEqual(decrypted), $"{where}: decryption");
        }
    }

    [Fact]
    public void Counter_Wraps_In32Bits_KeepingThePrefix()
    {
        var random = TestRandom.Create(5200);
        byte[] key = TestRandom.Bytes(random, 16);
        using var aes = RijndaelCipher.Create();
        aes.Key = key;
        foreach (uint start in new[] { 0xFFFFFFFFu, 0xFFFFFFFEu, 0xFFFFFFF9u, 0xFFFFFFF0u, 0u })
        {
            foreach (int length in new[] { 1, 16, 17, 100, 16 * 20 + 5 })
            {
                byte[] j0 = TestRandom.Bytes(random, 16);
                for (int i = 12; i < 16; i++)
                {
                    j0[i] = 0xFF; // the prefix's last byte would take a carry from a whole-block counter
                }

                byte[] counter = (byte[])j0.Clone();
                BinaryPrimitives.WriteUInt32BigEndian(counter.AsSpan(12), start);
                byte[] source = TestRandom.Bytes(random, length);

                // Reference: one block at a time with inc32.
                byte[] expected = new byte[length];
                using (var portable = new RijndaelPortableKernel(key, 16))
                {
                    byte[] block = new byte[16];
                    for (int offset = 0, i = 0; offset < length; offset += 16, i++)
                    {
                        j0.AsSpan(0, 12).CopyTo(block);
                        BinaryPrimitives.WriteUInt32BigEndian(block.AsSpan(12), unchecked(start + (uint)i));
                        portable.EncryptBlocks(block, block);
                        for (int b = 0; b < Math.Min(16, length - offset); b++)
                        {
                            expected[offset + b] = (byte)(source[offset + b] ^ block[b]);
                        }
                    }
                }

                using var gcm = new BlockCipherGcm(aes);
                byte[] actual = new byte[length];
                gcm.TransformCtr32(counter, source, actual);
                Assert.True(expected.AsSpan().SequenceEqual(actual), $"start {start:x8}, {length} bytes");
                Assert.True(j0.AsSpan(0, 12).SequenceEqual(counter.AsSpan(0, 12)), $"start {start:x8}: prefix changed");
                Assert.Equal(unchecked(start + (uint)((length + 15) / 16)), BinaryPrimitives.ReadUInt32BigEndian(counter.AsSpan(12)));
            }
        }
    }

    [Fact]
    public void EveryTagLength_EveryFlippedTagBit_IsRejected_AndZeroesThePlaintext()
    {
        // The tag comparison works on two zero-padded 16-byte blocks as 64-bit words: a flip in any byte of either
        // word, and at every length (4 and 8 bytes only in the first word), must be caught; the right tag passes.
        using var aes = RijndaelCipher.Create();
        byte[] nonce = new byte[12], plaintext = TestRandom.Bytes(TestRandom.Create(8100), 200);
        foreach (int tagBytes in new[] { 4, 8, 12, 13, 14, 15, 16 })
        {
            using var gcm = new BlockCipherGcm(aes, tagBytes, allowShortTags: true);
            byte[] ct = new byte[plaintext.Length], tag = new byte[tagBytes], output = new byte[plaintext.Length];
            gcm.Encrypt(nonce, plaintext, ct, tag);
            gcm.Decrypt(nonce, ct, tag, output);
            Assert.True(plaintext.AsSpan().SequenceEqual(output), $"{tagBytes}-byte tag: decryption");
            for (int bit = 0; bit < 8 * tagBytes; bit++)
            {
                byte[] badTag = (byte[])tag.Clone();
                badTag[bit / 8] ^= (byte)(1 << (bit % 8));
                output.AsSpan().Fill(0x77);
                Assert.Throws<AuthenticationTagMismatchException>(() => gcm.Decrypt(nonce, ct, badTag, output));
                Assert.True(output.AsSpan().IndexOfAnyExcept((byte)0) < 0, $"{tagBytes}-byte tag, bit {bit}: plaintext not zeroed");
            }
        }
    }

    [Fact]
    public void WrongTag_ModifiedCiphertext_ModifiedAad_Throw_AndZeroThePlaintext()
    {
        using var aes = RijndaelCipher.Create();
        using var gcm = new BlockCipherGcm(aes);
        byte[] nonce = new byte[12], plaintext = new byte[100], aad = { 1, 2, 3 };
        byte[] ct = new byte[100], tag = new byte[16];
        gcm.Encrypt(nonce, plaintext, ct, tag, aad);

        void Expect(byte[] c, byte[] t, byte[] a)
        {
            byte[] output = new byte[c.Length];
            output.AsSpan().Fill(0x77);
            Assert.Throws<AuthenticationTagMismatchException>(() => gcm.Decrypt(nonce, c, t, output, a));
            Assert.All(output, b => Assert.Equal(0, b));
        }

        byte[] badTag = (byte[])tag.Clone();
        badTag[15] ^= 1;
        Expect(ct, badTag, aad);
        byte[] badCt = (byte[])ct.Clone();
        badCt[50] ^= 0x80;
        Expect(badCt, tag, aad);
        Expect(ct, tag, new byte[] { 1, 2, 4 });
        Expect(ct, tag, Array.Empty<byte>());
        byte[] otherNonce = new byte[12];
        otherNonce[0] = 1;
        byte[] output2 = new byte[100];
        Assert.Throws<AuthenticationTagMismatchException>(() => gcm.Decrypt(otherNonce, ct, tag, output2, aad));
    }

    [Fact]
    public void Dispose_WipesTheKeyScheduleAndTheHashKey()
    {
        BlockCipherKernel kernel = XtsTests.Kernels("aes").First().Create(new byte[16], 16);
        DisposalTrackingGHashKernel? ghash = null;
        var gcm = new BlockCipherGcm(kernel, h => ghash = new DisposalTrackingGHashKernel(GHashKernel.Create(h)), 16,
            allowShortTags: false);
        gcm.Encrypt(new byte[12], new byte[20], new byte[20], new byte[16]);
        Assert.False(kernel.HasBeenWiped());
        Assert.False(ghash!.Disposed);
        gcm.Dispose();
        Assert.True(kernel.HasBeenWiped());
        Assert.True(ghash.Disposed);
    }

    [Fact]
    public void BadArguments_ThrowWithParameterNames_AndWriteNothing()
    {
        using var aes = RijndaelCipher.Create();
        Assert.Throws<ArgumentNullException>("cipher", () => new BlockCipherGcm(null!));
        Assert.Throws<ArgumentException>("tagSizeInBytes", () => new BlockCipherGcm(aes, 11));
        Assert.Throws<ArgumentException>("tagSizeInBytes", () => new BlockCipherGcm(aes, 17));
        Assert.Throws<ArgumentException>("tagSizeInBytes", () => new BlockCipherGcm(aes, 8));
        Assert.Throws<ArgumentException>("tagSizeInBytes", () => new BlockCipherGcm(aes, 4));
        Assert.Throws<ArgumentException>("tagSizeInBytes", () => new BlockCipherGcm(aes, 6, allowShortTags: true));
        using (new BlockCipherGcm(aes, 8, allowShortTags: true))
        {
        }

        using var wide = RijndaelCipher.Create();
        wide.BlockSize = 256;
        Assert.Throws<ArgumentException>("cipher", () => new BlockCipherGcm(wide));

        // The kernel constructor (the tests' way to run every kernel pair) checks the tag size too.
        using (BlockCipherKernel kernel = XtsTests.Kernels("aes").First().Create(new byte[16], 16))
        {
            Assert.Throws<ArgumentException>("tagSizeInBytes",
                () => new BlockCipherGcm(kernel, GHashKernel.Create, 11, allowShortTags: false));
            Assert.Throws<ArgumentException>("tagSizeInBytes",
                () => new BlockCipherGcm(kernel, GHashKernel.Create, 8, allowShortTags: false));
        }

        using var gcm = new BlockCipherGcm(aes);
        byte[] output = new byte[10];
        output.AsSpan().Fill(0x33);
        byte[] tag = new byte[16];
        Assert.Throws<ArgumentException>("nonce", () => gcm.Encrypt(Array.Empty<byte>(), new byte[10], output, tag));
        Assert.Throws<ArgumentException>("tag", () => gcm.Encrypt(new byte[12], new byte[10], output, new byte[15]));
        Assert.Throws<ArgumentException>("tag", () => gcm.Decrypt(new byte[12], new byte[10], new byte[12], output));
        Assert.Throws<ArgumentException>(() => gcm.Encrypt(new byte[12], new byte[10], new byte[9], tag));
        Assert.Throws<ArgumentException>(() => gcm.Decrypt(new byte[12], new byte[10], tag, new byte[11]));
        Assert.All(output, b => Assert.Equal(0x33, b));
        Assert.Throws<ArgumentNullException>("nonce", () => gcm.Encrypt(null!, new byte[1], new byte[1], tag));
        Assert.Throws<ArgumentNullException>("plaintext", () => gcm.Encrypt(new byte[12], null!, new byte[1], tag));
        Assert.Throws<ArgumentNullException>("ciphertext", () => gcm.Encrypt(new byte[12], new byte[1], null!, tag));
        Assert.Throws<ArgumentNullException>("tag", () => gcm.Encrypt(new byte[12], new byte[1], new byte[1], null!));
        Assert.Throws<ArgumentNullException>("nonce", () => gcm.Decrypt(null!, new byte[1], tag, new byte[1]));
        Assert.Throws<ArgumentNullException>("ciphertext", () => gcm.Decrypt(new byte[12], null!, tag, new byte[1]));
        Assert.Throws<ArgumentNullException>("tag", () => gcm.Decrypt(new byte[12], new byte[1], null!, new byte[1]));
        Assert.Throws<ArgumentNullException>("plaintext", () => gcm.Decrypt(new byte[12], new byte[1], tag, null!));

        byte[] buffer = new byte[40];
        Assert.Throws<ArgumentException>("ciphertext", () => gcm.Encrypt(new byte[12], buffer.AsSpan(0, 32), buffer.AsSpan(8, 32), tag));

        gcm.Dispose();
        Assert.Throws<ObjectDisposedException>(() => gcm.Encrypt(new byte[12], new byte[1], new byte[1], tag));
    }

    [Fact]
    public void KeyIsCopied_AtConstruction()
    {
        using var aes = RijndaelCipher.Create();
        aes.Key = new byte[16];
        using var gcm = new BlockCipherGcm(aes);
        aes.Key = new byte[16].AsSpan().ToArray().Also(k => k[0] = 1);
        byte[] ct = new byte[4], tag = new byte[16];
        gcm.Encrypt(new byte[12], new byte[4], ct, tag);

        using var reference = new AesGcm(new byte[16], 16);
        byte[] ct2 = new byte[4], tag2 = new byte[16];
        reference.Encrypt(new byte[12], new byte[4], ct2, tag2);
        Assert.Equal(ct2, ct);
        Assert.Equal(tag2, tag);
    }

    /// <summary>
    /// Input and output that partly overlap are refused before any work: the exception names the output as its
    /// parameter and the message names both, in each direction, and the output is left unwritten.
    /// </summary>
    [Fact]
    public void PartialOverlap_NamesTheOutputAndTheInput()
    {
        using var aes = RijndaelCipher.Create();
        aes.Key = new byte[16];
        using var gcm = new BlockCipherGcm(aes);
        byte[] buffer = new byte[48], nonce = new byte[12], tag = new byte[16];
        var e = Assert.Throws<ArgumentException>("ciphertext",
            () => gcm.Encrypt(nonce, buffer.AsSpan(0, 32), buffer.AsSpan(1, 32), tag));
        Assert.Equal("The ciphertext must not overlap with the plaintext. (Parameter 'ciphertext')", e.Message);
        var d = Assert.Throws<ArgumentException>("plaintext",
            () => gcm.Decrypt(nonce, buffer.AsSpan(0, 32), tag, buffer.AsSpan(1, 32)));
        Assert.Equal("The plaintext must not overlap with the ciphertext. (Parameter 'plaintext')", d.Message);
        Assert.All(buffer, b => Assert.Equal(0, b));
        Assert.All(tag, b => Assert.Equal(0, b));
    }

    /// <summary>A GHASH kernel that records its disposal (the hash key and its powers are wiped there).</summary>
    private sealed class DisposalTrackingGHashKernel : GHashKernel
    {
        private readonly GHashKernel _inner;

        public DisposalTrackingGHashKernel(GHashKernel inner) => _inner = inner;

        public bool Disposed { get; private set; }

        public override string Name => "tracked";

        public override void Update(Span<byte> y, ReadOnlySpan<byte> blocks) => _inner.Update(y, blocks);

        protected override void Dispose(bool disposing)
        {
            Disposed = true;
            _inner.Dispose();
        }
    }
}

internal static class TestExtensions
{
    public static T Also<T>(this T value, Action<T> action)
    {
        action(value);
        return value;
    }
}
