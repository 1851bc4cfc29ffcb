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

    /// <summary>
    /// A piece that ends inside a block, then one of several 128-byte groups: the stitched loop must not take the
    /// second piece (it starts mid-block), in either direction.
    /// </summary>
    [Fact]
    public void MisalignedPieceThenALongOne_EqualsTheOneShot()
    {
        var random = TestRandom.Create(6100);
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(random, 16);
        using var gcm = new BlockCipherGcm(aes);
        byte[] nonce = TestRandom.Bytes(random, 12), plaintext = TestRandom.Bytes(random, 1 + 1024);
        byte[] expected = new byte[plaintext.Length], tag = new byte[16];
        gcm.Encrypt(nonce, plaintext, expected, tag);

        byte[] ciphertext = new byte[plaintext.Length], streamTag = new byte[16];
        using (BlockCipherGcmEncryptor e = gcm.CreateEncryptor(nonce))
        {
            e.Encrypt(plaintext.AsSpan(0, 1), ciphertext.AsSpan(0, 1));
            e.Encrypt(plaintext.AsSpan(1), ciphertext.AsSpan(1));
            e.Finish(streamTag);
        }

        Assert.Equal(expected, ciphertext);
        Assert.Equal(tag, streamTag);

        byte[] decrypted = new byte[plaintext.Length];
        using (BlockCipherGcmDecryptor d = gcm.CreateDecryptor(nonce, tag))
        {
            d.Authenticate(expected);
            d.VerifyTag();
            d.Decrypt(expected.AsSpan(0, 1), decrypted.AsSpan(0, 1));
            d.Decrypt(expected.AsSpan(1), decrypted.AsSpan(1));
            d.Finish();
        }

        Assert.Equal(plaintext, decrypted);
    }

    /// <summary>
    /// Calls out of order after the end of a stream (a finished or disposed encryptor, a second <c>VerifyTag</c>, an
    /// <c>Authenticate</c> after it, any call after <c>Finish</c>) throw <see cref="InvalidOperationException"/>; a
    /// disposed <see cref="BlockCipherGcm"/> makes its streams throw <see cref="ObjectDisposedException"/>; a bad nonce
    /// or overlapping pieces are refused by name.
    /// </summary>
    [Fact]
    public void CallsOutOfOrder_AfterDisposal_OrWithBadArguments_Throw()
    {
        using var aes = RijndaelCipher.Create();
        aes.Key = new byte[16];
        using var gcm = new BlockCipherGcm(aes);
        byte[] nonce = new byte[12], plaintext = new byte[20], ct = new byte[20], tag = new byte[16];
        gcm.Encrypt(nonce, plaintext, ct, tag);

        BlockCipherGcmEncryptor finished = gcm.CreateEncryptor(nonce);
        finished.Encrypt(plaintext, new byte[20]);
        finished.Finish(new byte[16]);
        byte[] untouched = new byte[4];
        Assert.Throws<InvalidOperationException>(() => finished.Encrypt(new byte[4], untouched));
        Assert.Throws<InvalidOperationException>(() => finished.Finish(new byte[16]));
        Assert.All(untouched, b => Assert.Equal(0, b));

        BlockCipherGcmEncryptor disposed = gcm.CreateEncryptor(nonce);
        disposed.Dispose();
        Assert.Throws<InvalidOperationException>(() => disposed.Encrypt(new byte[4], new byte[4]));

        using (BlockCipherGcmEncryptor e = gcm.CreateEncryptor(nonce))
        {
            byte[] buffer = new byte[40];
            var overlap = Assert.Throws<ArgumentException>("destination",
                () => e.Encrypt(buffer.AsSpan(0, 20), buffer.AsSpan(1, 20)));
            Assert.Equal("The destination must not overlap with the source. (Parameter 'destination')", overlap.Message);
            Assert.All(buffer, b => Assert.Equal(0, b));
        }

        Assert.Throws<ArgumentException>("nonce", () => gcm.CreateDecryptor(ReadOnlySpan<byte>.Empty, tag));

        BlockCipherGcmDecryptor d = gcm.CreateDecryptor(nonce, tag);
        d.Authenticate(ct);
        d.VerifyTag();
        Assert.Throws<InvalidOperationException>(() => d.VerifyTag());
        Assert.Throws<InvalidOperationException>(() => d.Authenticate(ct));
        d.Decrypt(ct, new byte[20]);
        d.Finish();
        Assert.Throws<InvalidOperationException>(() => d.Finish());
        Assert.Throws<InvalidOperationException>(() => d.Decrypt(new byte[1], new byte[1]));
        d.Dispose();

        using var other = RijndaelCipher.Create();
        other.Key = new byte[16];
        var orphaned = new BlockCipherGcm(other);
        BlockCipherGcmEncryptor encryptor = orphaned.CreateEncryptor(nonce);
        BlockCipherGcmEncryptor unfinished = orphaned.CreateEncryptor(nonce);
        unfinished.Encrypt(new byte[3], new byte[3]);
        BlockCipherGcmDecryptor authenticating = orphaned.CreateDecryptor(nonce, tag);
        orphaned.Dispose();
        Assert.Throws<ObjectDisposedException>(() => encryptor.Encrypt(new byte[4], new byte[4]));
        Assert.Throws<ObjectDisposedException>(() => unfinished.Finish(new byte[16]));
        Assert.Throws<ObjectDisposedException>(() => authenticating.Authenticate(ct));
    }
}
