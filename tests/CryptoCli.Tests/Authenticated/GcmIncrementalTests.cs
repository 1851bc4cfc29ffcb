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

    /// <summary>
    /// A call that overlaps another on one encryptor (held inside the cipher kernel) throws
    /// <see cref="CryptographicException"/> and changes nothing, whether it is <c>Encrypt</c> or <c>Finish</c>. The
    /// held call completes: a piece gives the one-shot's ciphertext, a <c>Finish</c> the one-shot's tag. A message
    /// overlapped in <c>Encrypt</c> is refused at <c>Finish</c> (nothing written), and the encryptor is closed then: a
    /// retried <c>Finish</c> gets no tag either. The <see cref="BlockCipherGcm"/> still gives the one-shot's results.
    /// </summary>
    [Fact]
    public void Encryptor_OverlappingCalls_AreRefused_AndTheTagWithThem()
    {
        var random = TestRandom.Create(6102);
        byte[] key = TestRandom.Bytes(random, 16), nonce = TestRandom.Bytes(random, 12);
        byte[] aad = TestRandom.Bytes(random, 20), plaintext = TestRandom.Bytes(random, 64);
        (byte[] expected, byte[] expectedTag) = OneShot(key, nonce, plaintext, aad);
        using BlockCipherGcm gcm = GatedGcm(key, out CallGate cipherGate, out _);
        var entries = new (string Name, Action<BlockCipherGcmEncryptor> Call)[]
        {
            ("Encrypt", e => e.Encrypt(plaintext.AsSpan(0, 16), new byte[16])),
            ("Finish", e => e.Finish(new byte[16])),
        };
        foreach ((string name, Action<BlockCipherGcmEncryptor> call) in entries)
        {
            // Held in Encrypt.
            byte[] ciphertext = new byte[64], tag = new byte[16];
            using (BlockCipherGcmEncryptor e = gcm.CreateEncryptor(nonce, aad))
            {
                Exception? held = cipherGate.Overlap(() => e.Encrypt(plaintext.AsSpan(0, 32), ciphertext.AsSpan(0, 32)),
                    () => CallGate.AssertRefused(() => call(e)));
                Assert.True(held is null, $"{name}, in Encrypt: {held}");
                e.Encrypt(plaintext.AsSpan(32), ciphertext.AsSpan(32));
                Assert.True(expected.AsSpan().SequenceEqual(ciphertext), $"{name}, in Encrypt");
                CallGate.AssertRefused(() => e.Finish(tag));
                Assert.Throws<InvalidOperationException>(() => e.Finish(tag));
                Assert.Throws<InvalidOperationException>(() => e.Encrypt(new byte[1], new byte[1]));
                Assert.All(tag, b => Assert.Equal(0, b));
            }

            // Held in Finish: the tag is the one-shot's.
            using (BlockCipherGcmEncryptor e = gcm.CreateEncryptor(nonce, aad))
            {
                e.Encrypt(plaintext, ciphertext);
                Exception? held = cipherGate.Overlap(() => e.Finish(tag), () => CallGate.AssertRefused(() => call(e)));
                Assert.True(held is null, $"{name}, in Finish: {held}");
                Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"{name}, in Finish");
            }
        }

        byte[] again = new byte[64], againTag = new byte[16];
        using (BlockCipherGcmEncryptor e = gcm.CreateEncryptor(nonce, aad))
        {
            e.Encrypt(plaintext, again);
            e.Finish(againTag);
        }

        Assert.Equal(expected, again);
        Assert.Equal(expectedTag, againTag);
    }

    /// <summary>
    /// A call that overlaps another on one decryptor throws <see cref="CryptographicException"/> and changes nothing,
    /// whichever entry it comes through, held in <c>Authenticate</c> (inside GHASH), in <c>Decrypt</c> or in
    /// <c>Finish</c> (inside the cipher kernel). The held call completes. A message overlapped in pass 1 is refused at
    /// <c>VerifyTag</c>, one overlapped in pass 2 at <c>Finish</c>, and the decryptor is closed then (a retry throws
    /// <see cref="InvalidOperationException"/>, nothing is decrypted). One overlapped only in its <c>Finish</c> is
    /// accepted with the plaintext.
    /// </summary>
    [Fact]
    public void Decryptor_OverlappingCalls_AreRefused_AndTheMessageWithThem()
    {
        var random = TestRandom.Create(6103);
        byte[] key = TestRandom.Bytes(random, 16), nonce = TestRandom.Bytes(random, 12);
        byte[] aad = TestRandom.Bytes(random, 20), plaintext = TestRandom.Bytes(random, 64);
        (byte[] ciphertext, byte[] tag) = OneShot(key, nonce, plaintext, aad);
        using BlockCipherGcm gcm = GatedGcm(key, out CallGate cipherGate, out CallGate hashGate);
        var entries = new (string Name, Action<BlockCipherGcmDecryptor> Call)[]
        {
            ("Authenticate", d => d.Authenticate(ciphertext.AsSpan(0, 16))),
            ("VerifyTag", d => d.VerifyTag()),
            ("Decrypt", d => d.Decrypt(ciphertext.AsSpan(0, 16), new byte[16])),
            ("Finish", d => d.Finish()),
        };
        foreach ((string name, Action<BlockCipherGcmDecryptor> call) in entries)
        {
            // Held in Authenticate: VerifyTag refuses the message.
            byte[] decrypted = new byte[64];
            using (BlockCipherGcmDecryptor d = gcm.CreateDecryptor(nonce, tag, aad))
            {
                Exception? held = hashGate.Overlap(() => d.Authenticate(ciphertext.AsSpan(0, 32)),
                    () => CallGate.AssertRefused(() => call(d)));
                Assert.True(held is null, $"{name}, in Authenticate: {held}");
                d.Authenticate(ciphertext.AsSpan(32));
                CallGate.AssertRefused(() => d.VerifyTag());
                Assert.Throws<InvalidOperationException>(() => d.VerifyTag());
                Assert.Throws<InvalidOperationException>(() => d.Decrypt(ciphertext, decrypted));
                Assert.All(decrypted, b => Assert.Equal(0, b));
            }

            // Held in Decrypt: Finish refuses the message.
            using (BlockCipherGcmDecryptor d = gcm.CreateDecryptor(nonce, tag, aad))
            {
                d.Authenticate(ciphertext);
                d.VerifyTag();
                Exception? held = cipherGate.Overlap(() => d.Decrypt(ciphertext.AsSpan(0, 32), decrypted.AsSpan(0, 32)),
                    () => CallGate.AssertRefused(() => call(d)));
                Assert.True(held is null, $"{name}, in Decrypt: {held}");
                d.Decrypt(ciphertext.AsSpan(32), decrypted.AsSpan(32));
                Assert.True(plaintext.AsSpan().SequenceEqual(decrypted), $"{name}, in Decrypt");
                CallGate.AssertRefused(() => d.Finish());
                Assert.Throws<InvalidOperationException>(() => d.Finish());
            }

            // Held in Finish: the message is accepted.
            Array.Clear(decrypted);
            using (BlockCipherGcmDecryptor d = gcm.CreateDecryptor(nonce, tag, aad))
            {
                d.Authenticate(ciphertext);
                d.VerifyTag();
                d.Decrypt(ciphertext, decrypted);
                Exception? held = cipherGate.Overlap(() => d.Finish(), () => CallGate.AssertRefused(() => call(d)));
                Assert.True(held is null, $"{name}, in Finish: {held}");
                Assert.True(plaintext.AsSpan().SequenceEqual(decrypted), $"{name}, in Finish");
            }
        }
    }

    /// <summary>
    /// The text may reach 2^36 - 32 bytes (SP 800-38D's 2^39 - 256 bits) but not pass it: a piece that would pass it
    /// is refused with <see cref="CryptographicException"/> before anything is written or counted, when encrypting and
    /// when only authenticating; a piece that ends exactly at the limit runs. The count starts near the limit through
    /// the stream state's <c>TextLength</c> (64 GiB would go through GHASH otherwise).
    /// </summary>
    [Fact]
    public void TextLengthLimit_RefusesAPiecePastIt_AndRunsOneEndingAtIt()
    {
        const long Limit = (1L << 36) - 32;
        var random = TestRandom.Create(6104);
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(random, 16);
        using var gcm = new BlockCipherGcm(aes);
        byte[] nonce = TestRandom.Bytes(random, 12), plaintext = TestRandom.Bytes(random, 21);
        byte[] expected = new byte[20];
        gcm.Encrypt(nonce, plaintext.AsSpan(0, 20), expected, new byte[16]);

        using (var state = new GcmStreamState(gcm, nonce, default))
        {
            state.TextLength = Limit - 20;
            byte[] output = new byte[21];
            output.AsSpan().Fill(0xEE);
            CryptographicException tooLong = Assert.Throws<CryptographicException>(
                () => state.Transform(plaintext, output, hashOutput: true));
            Assert.Equal(SR.MessageTooLong, tooLong.Message);
            Assert.All(output, b => Assert.Equal(0xEE, b));
            Assert.Equal(Limit - 20, state.TextLength);

            // Only the count was moved: the keystream still starts at the first counter block.
            state.Transform(plaintext.AsSpan(0, 20), output.AsSpan(0, 20), hashOutput: true);
            Assert.Equal(expected, output.AsSpan(0, 20).ToArray());
            Assert.Equal(0xEE, output[20]);
            Assert.Equal(Limit, state.TextLength);
            state.Transform(ReadOnlySpan<byte>.Empty, Span<byte>.Empty, hashOutput: true);
            Assert.Throws<CryptographicException>(
                () => state.Transform(plaintext.AsSpan(20), output.AsSpan(20), hashOutput: true));
            Assert.Equal(0xEE, output[20]);
        }

        using (var state = new GcmStreamState(gcm, nonce, default))
        {
            state.TextLength = Limit - 16;
            CryptographicException tooLong = Assert.Throws<CryptographicException>(
                () => state.HashOnly(plaintext.AsSpan(0, 17)));
            Assert.Equal(SR.MessageTooLong, tooLong.Message);
            Assert.Equal(Limit - 16, state.TextLength);
            state.HashOnly(plaintext.AsSpan(0, 16));
            Assert.Equal(Limit, state.TextLength);
            Assert.Throws<CryptographicException>(() => state.HashOnly(plaintext.AsSpan(0, 1)));
        }
    }

    /// <summary>GCM over the portable AES kernel and the default GHASH kernel, each behind a gate.</summary>
    private static BlockCipherGcm GatedGcm(byte[] key, out CallGate cipherGate, out CallGate hashGate)
    {
        var kernel = new GatedKernel(RijndaelCipher.Kernels.Get("portable").Create(key, 16));
        GatedGHashKernel? ghash = null;
        var gcm = new BlockCipherGcm(kernel, h => ghash = new GatedGHashKernel(GHashKernel.Create(h)), 16,
            allowShortTags: false);
        cipherGate = kernel.Gate;
        hashGate = ghash!.Gate;
        return gcm;
    }

    private static (byte[] Ciphertext, byte[] Tag) OneShot(byte[] key, byte[] nonce, byte[] plaintext, byte[] aad)
    {
        using var aes = RijndaelCipher.Create();
        aes.Key = key;
        using var gcm = new BlockCipherGcm(aes);
        byte[] ciphertext = new byte[plaintext.Length], tag = new byte[16];
        gcm.Encrypt(nonce, plaintext, ciphertext, tag, aad);
        return (ciphertext, tag);
    }
}
