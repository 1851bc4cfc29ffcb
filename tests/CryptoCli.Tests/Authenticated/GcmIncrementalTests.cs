using System;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The incremental GCM API: random piece sizes give the one-shot's ciphertext and tag (odd nonce lengths too); the
/// two-pass decryption releases plaintext only after <c>VerifyTag</c>, rejects a bad tag, calls out of order, a longer
/// or different second pass. Pieces of whole blocks run the stitched loop (where the CPU has it) inside the incremental API.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class GcmIncrementalTests
{
    [Fact]
    public void RandomPieces_EqualTheOneShot_BothDirections()
    {
        var random = TestRandom.Create(8000);
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(random, 16);
        using var gcm = new BlockCipherGcm(aes);
        for (int trial = 0; trial < 100; trial++)
        {
            byte[] nonce = TestRandom.Bytes(random, trial % 3 == 0 ? 12 : random.Next(1, 40));
            byte[] aad = TestRandom.Bytes(random, random.Next(0, 40));
            byte[] plaintext = TestRandom.Bytes(random, random.Next(0, trial < 60 ? 200 : 20000));
            byte[] expectedCt = new byte[plaintext.Length], expectedTag = new byte[16];
            gcm.Encrypt(nonce, plaintext, expectedCt, expectedTag, aad);
            string where = $"trial {trial}, {plaintext.Length} bytes";

            byte[] ct = new byte[plaintext.Length], tag = new byte[16];
            using (BlockCipherGcmEncryptor encryptor = gcm.CreateEncryptor(nonce, aad))
            {
                foreach ((int offset, int length) in Pieces(random, plaintext.Length))
                {
                    encryptor.Encrypt(plaintext.AsSpan(offset, length), ct.AsSpan(offset, length));
                }

                encryptor.Finish(tag);
                Assert.Throws<InvalidOperationException>(() => encryptor.Finish(new byte[16]));
            }

            Assert.True(expectedCt.AsSpan().SequenceEqual(ct), $"{where}: ciphertext");
            Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"{where}: tag");

            byte[] decrypted = new byte[ct.Length];
            using (BlockCipherGcmDecryptor decryptor = gcm.CreateDecryptor(nonce, tag, aad))
            {
                foreach ((int offset, int length) in Pieces(random, ct.Length))
                {
                    decryptor.Authenticate(ct.AsSpan(offset, length));
                }

                decryptor.VerifyTag();
                foreach ((int offset, int length) in Pieces(random, ct.Length))
                {
                    decryptor.Decrypt(ct.AsSpan(offset, length), decrypted.AsSpan(offset, length));
                }

                decryptor.Finish();
            }

            Assert.True(plaintext.AsSpan().SequenceEqual(decrypted), $"{where}: decryption");
        }
    }

    [Fact]
    public void Decryptor_RefusesPlaintextBeforeVerification_AndDetectsChanges()
    {
        using var camellia = Camellia.Create();
        using var gcm = new BlockCipherGcm(camellia);
        byte[] nonce = new byte[7], plaintext = new byte[100], ct = new byte[100], tag = new byte[16];
        gcm.Encrypt(nonce, plaintext, ct, tag);

        // Decrypt before VerifyTag.
        using (BlockCipherGcmDecryptor d = gcm.CreateDecryptor(nonce, tag))
        {
            d.Authenticate(ct);
            Assert.Throws<InvalidOperationException>(() => d.Decrypt(ct, new byte[100]));
            Assert.Throws<InvalidOperationException>(() => d.Finish());
        }

        // A wrong tag: VerifyTag throws and nothing can be decrypted afterwards.
        byte[] badTag = (byte[])tag.Clone();
        badTag[0] ^= 1;
        using (BlockCipherGcmDecryptor d = gcm.CreateDecryptor(nonce, badTag))
        {
            d.Authenticate(ct);
            Assert.Throws<AuthenticationTagMismatchException>(() => d.VerifyTag());
            byte[] output = new byte[100];
            Assert.Throws<InvalidOperationException>(() => d.Decrypt(ct, output));
            Assert.All(output, b => Assert.Equal(0, b));
        }

        // A second pass that differs from the first, or is longer or shorter.
        byte[] changed = (byte[])ct.Clone();
        changed[99] ^= 1;
        using (BlockCipherGcmDecryptor d = gcm.CreateDecryptor(nonce, tag))
        {
            d.Authenticate(ct);
            d.VerifyTag();
            d.Decrypt(changed, new byte[100]);
            Assert.Throws<CryptographicException>(() => d.Finish());
        }

        using (BlockCipherGcmDecryptor d = gcm.CreateDecryptor(nonce, tag))
        {
            d.Authenticate(ct);
            d.VerifyTag();
            d.Decrypt(ct, new byte[100]);
            Assert.Throws<CryptographicException>(() => d.Decrypt(new byte[1], new byte[1]));
        }

        using (BlockCipherGcmDecryptor d = gcm.CreateDecryptor(nonce, tag))
        {
            d.Authenticate(ct);
            d.VerifyTag();
            d.Decrypt(ct.AsSpan(0, 99), new byte[99]);
            Assert.Throws<CryptographicException>(() => d.Finish());
        }

        Assert.Throws<ArgumentException>("tag", () => gcm.CreateDecryptor(nonce, new byte[12]));
        Assert.Throws<ArgumentException>("nonce", () => gcm.CreateEncryptor(ReadOnlySpan<byte>.Empty));
        using BlockCipherGcmEncryptor e = gcm.CreateEncryptor(nonce);
        Assert.Throws<ArgumentException>(() => e.Encrypt(new byte[3], new byte[4]));
        Assert.Throws<ArgumentException>("tag", () => e.Finish(new byte[15]));
    }

    /// <summary>Random pieces; in half of the calls whole blocks only (up to 5000 bytes), so that pieces start on a
    /// block boundary and run the stitched loop where the CPU has it.</summary>
    private static (int Offset, int Length)[] Pieces(Random random, int total)
    {
        var pieces = new System.Collections.Generic.List<(int, int)>();
        bool wholeBlocks = random.Next(2) == 0;
        for (int offset = 0; offset < total;)
        {
            int length = wholeBlocks
                ? Math.Min(total - offset, 16 * random.Next(0, 313))
                : Math.Min(total - offset, random.Next(4) == 0 ? random.Next(0, 5000) : random.Next(0, 40));
            pieces.Add((offset, length));
            offset += length;
        }

        return pieces.ToArray();
    }
}
