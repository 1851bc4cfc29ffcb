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
/// <see cref="BlockCipherOcb"/>: every file of Vectors/ocb (RFC 7253 Appendix A: the sample results and the iterated
/// test for each key and tag length) through every AES kernel; random differential tests against BouncyCastle's
/// <c>OcbBlockCipher</c> over AES and Camellia (every nonce length, every tag length BouncyCastle takes, lengths
/// around block boundaries); streaming equals one-shot; tampering anywhere is rejected with the destination zeroed;
/// every registered kernel of every 128-bit cipher; bad arguments.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class OcbTests
{
    private static readonly int[] s_lengths =
        { 0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 127, 128, 129, 1024, 1041 };

    [Fact]

    [Trait(TestCategories.MutationRun, TestCategories.Skip)]
    public void AllVectorFiles_EveryAesKernel() =>
        Assert.True(new OcbVectorChecks(XtsTests.Kernels("aes").ToArray()).CheckEveryFile() > 0);

    [Theory]
    [InlineData("aes")]
    [InlineData("camellia")]
    public void AgainstBouncyCastle_RandomInputs(string cipherName)
    {
        var random = TestRandom.Create(8100 + cipherName.Length);
        for (int trial = 0; trial < 240; trial++)
        {
            int keyBytes = 16 + 8 * (trial % 3);
            byte[] key = TestRandom.Bytes(random, keyBytes);
            byte[] nonce = TestRandom.Bytes(random, 1 + trial % 15);
            int tagBytes = 8 + trial % 9;
            int length = trial < s_lengths.Length * 6 ? s_lengths[trial % s_lengths.Length] : random.Next(0, 3000);
            byte[] plaintext = TestRandom.Bytes(random, length);
            byte[] aad = TestRandom.Bytes(random, trial % 4 == 0 ? 0 : s_lengths[random.Next(s_lengths.Length)]);
            string where = $"{cipherName} trial {trial}: key {keyBytes}, nonce {nonce.Length}, tag {tagBytes}, "
                + $"{length} bytes, aad {aad.Length}";

            byte[] expected = BouncyCastleOcb(cipherName, key, nonce, tagBytes, aad, plaintext);
            using BlockCipherAlgorithm cipher = XtsTests.CreateCipher(cipherName);
            cipher.Key = key;
            using var ocb = new BlockCipherOcb(cipher, tagBytes, allowShortTags: true);
            byte[] ct = new byte[length], tag = new byte[tagBytes];
            ocb.Encrypt(nonce, plaintext, ct, tag, aad);
            Assert.True(expected.AsSpan(0, length).SequenceEqual(ct), $"{where}: ciphertext");
            Assert.True(expected.AsSpan(length).SequenceEqual(tag), $"{where}: tag");

            byte[] back = new byte[length];
            ocb.Decrypt(nonce, ct, tag, back, aad);
            Assert.True(plaintext.AsSpan().SequenceEqual(back), $"{where}: decryption");
            ocb.Decrypt(nonce, ct, tag, ct, aad);
            Assert.True(plaintext.AsSpan().SequenceEqual(ct), $"{where}: in-place decryption");
        }
    }

    internal static byte[] BouncyCastleOcb(
        string cipherName, byte[] key, byte[] nonce, int tagBytes, byte[] aad, byte[] plaintext)
    {
        IBlockCipher Engine() => cipherName == "aes" ? new AesEngine() : new CamelliaEngine();
        var ocb = new OcbBlockCipher(Engine(), Engine());
        ocb.Init(true, new AeadParameters(new KeyParameter(key), 8 * tagBytes, nonce, aad));
        byte[] output = new byte[ocb.GetOutputSize(plaintext.Length)];
        int written = ocb.ProcessBytes(plaintext, 0, plaintext.Length, output, 0);
        written += ocb.DoFinal(output, written);
        Assert.Equal(output.Length, written);
        return output;
    }

    [Theory]
    [MemberData(nameof(XtsTests.CipherNames), MemberType = typeof(XtsTests))]
    public void EveryKernel_AgreesWithTheDefault(string cipherName)
    {
        var random = TestRandom.Create(8200 + cipherName.Length);
        byte[] key = TestRandom.Bytes(random, 16), nonce = TestRandom.Bytes(random, 12);
        using BlockCipherAlgorithm cipher = XtsTests.CreateCipher(cipherName);
        cipher.Key = key;
        using var reference = new BlockCipherOcb(cipher);
        foreach (int length in s_lengths.Concat(new[] { 4096 + 9 }))
        {
            byte[] plaintext = TestRandom.Bytes(random, length), aad = TestRandom.Bytes(random, length % 70);
            byte[] expected = new byte[length], expectedTag = new byte[16];
            reference.Encrypt(nonce, plaintext, expected, expectedTag, aad);
            foreach (BlockCipherKernelEntry entry in XtsTests.Kernels(cipherName))
            {
                string where = $"{cipherName} {entry.Name}, {length} bytes";
                using var ocb = new BlockCipherOcb(entry.Create(key, 16), 16, allowShortTags: false);
                byte[] ct = new byte[length], tag = new byte[16];
                ocb.Encrypt(nonce, plaintext, ct, tag, aad);
                Assert.True(expected.AsSpan().SequenceEqual(ct), $"{where}: ciphertext");
                Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"{where}: tag");
                ocb.Decrypt(nonce, ct, tag, ct, aad);
                Assert.True(plaintext.AsSpan().SequenceEqual(ct), $"{where}: decryption");
            }
        }
    }

    [Fact]
    public void Streaming_EqualsOneShot_RandomChunkings()
    {
        var random = TestRandom.Create(8300);
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(random, 16);
        for (int trial = 0; trial < 120; trial++)
        {
            using var ocb = new BlockCipherOcb(aes, trial % 3 == 0 ? 12 : 16);
            int tagBytes = ocb.TagSizeInBytes;
            int length = trial < 40 ? s_lengths[trial % s_lengths.Length] : random.Next(0, 5000);
            byte[] plaintext = TestRandom.Bytes(random, length), aad = TestRandom.Bytes(random, random.Next(0, 40));
            byte[] nonce = TestRandom.Bytes(random, 1 + trial % 15);
            byte[] expected = new byte[length], expectedTag = new byte[tagBytes];
            ocb.Encrypt(nonce, plaintext, expected, expectedTag, aad);
            List<int> cuts = Chunking(random, length, wholeBlocks: trial % 4 == 0);
            string where = $"trial {trial}, {length} bytes in {cuts.Count} pieces";

            // Encryption in pieces (in place when every piece but the last is whole blocks).
            byte[] ct = new byte[length], tag = new byte[tagBytes];
            using (BlockCipherOcbEncryptor encryptor = ocb.CreateEncryptor(nonce, aad))
            {
                int read = 0, written = 0;
                byte[] buffer = (byte[])plaintext.Clone();
                foreach (int cut in cuts)
                {
                    written += trial % 4 == 0
                        ? encryptor.Encrypt(buffer.AsSpan(read, cut), buffer.AsSpan(read))
                        : encryptor.Encrypt(plaintext.AsSpan(read, cut), ct.AsSpan(written));
                    read += cut;
                }

                if (trial % 4 == 0)
                {
                    written += encryptor.Finish(buffer.AsSpan(written), tag);
                    buffer.CopyTo(ct, 0);
                }
                else
                {
                    written += encryptor.Finish(ct.AsSpan(written), tag);
                }

                Assert.Equal(length, written);
                Assert.Throws<InvalidOperationException>(() => encryptor.Encrypt(new byte[1], new byte[16]));
            }

            Assert.True(expected.AsSpan().SequenceEqual(ct), $"{where}: streamed ciphertext");
            Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"{where}: streamed tag");

            // Two-pass decryption in other pieces.
            List<int> cuts2 = Chunking(random, length, wholeBlocks: false);
            using BlockCipherOcbDecryptor decryptor = ocb.CreateDecryptor(nonce, tag, aad);
            int offset = 0;
            foreach (int cut in cuts2)
            {
                decryptor.Authenticate(ct.AsSpan(offset, cut));
                offset += cut;
            }

            decryptor.VerifyTag();
            byte[] pt = new byte[length];
            int done = 0;
            offset = 0;
            foreach (int cut in cuts)
            {
                done += decryptor.Decrypt(ct.AsSpan(offset, cut), pt.AsSpan(done));
                offset += cut;
            }

            done += decryptor.Finish(pt.AsSpan(done));
            Assert.Equal(length, done);
            Assert.True(plaintext.AsSpan().SequenceEqual(pt), $"{where}: two-pass decryption");
        }
    }

    private static List<int> Chunking(Random random, int length, bool wholeBlocks)
    {
        var cuts = new List<int>();
        int left = length;
        while (left > 0)
        {
            int cut = Math.Min(left, random.Next(0, 3) == 0 ? random.Next(0, 5) : random.Next(1, 700));
            if (wholeBlocks && cut != left)
            {
                cut &= ~15;
            }

            cuts.Add(cut);
            left -= cut;
        }

        cuts.Add(0);
        return cuts;
    }

    [Fact]
    public void TamperAnywhere_Rejected_DestinationZeroed()
    {
        var random = TestRandom.Create(8400);
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(random, 32);
        using var ocb = new BlockCipherOcb(aes);
        byte[] nonce = TestRandom.Bytes(random, 12), aad = TestRandom.Bytes(random, 20);
        byte[] plaintext = TestRandom.Bytes(random, 70), ct = new byte[70], tag = new byte[16];
        ocb.Encrypt(nonce, plaintext, ct, tag, aad);
        var cases = new List<(string Name, byte[] Nonce, byte[] Ct, byte[] Tag, byte[] Aad)>();
        foreach (int position in new[] { 0, 15, 16, 40, 63, 64, 69 })
        {
            cases.Add(($"ciphertext byte {position}", nonce, Flip(ct, position), tag, aad));
        }

        foreach (int position in new[] { 0, 7, 15 })
        {
            cases.Add(($"tag byte {position}", nonce, ct, Flip(tag, position), aad));
        }

        cases.Add(("aad byte 3", nonce, ct, tag, Flip(aad, 3)));
        cases.Add(("aad byte 19", nonce, ct, tag, Flip(aad, 19)));
        cases.Add(("aad shortened", nonce, ct, tag, aad.AsSpan(0, 19).ToArray()));
        cases.Add(("nonce byte 11", Flip(nonce, 11), ct, tag, aad));
        cases.Add(("nonce shortened", nonce.AsSpan(0, 11).ToArray(), ct, tag, aad));
        foreach (var (name, n, c, t, a) in cases)
        {
            byte[] destination = Enumerable.Repeat((byte)0xAA, c.Length).ToArray();
            Assert.Throws<AuthenticationTagMismatchException>(() => ocb.Decrypt(n, c, t, destination, a));
            Assert.True(destination.All(b => b == 0), $"{name}: destination not zeroed");
            using BlockCipherOcbDecryptor decryptor = ocb.CreateDecryptor(n, t, a);
            decryptor.Authenticate(c);
            Assert.Throws<AuthenticationTagMismatchException>(() => decryptor.VerifyTag());
            Assert.Throws<InvalidOperationException>(() => decryptor.Decrypt(c, new byte[c.Length]));
        }

        // Pass 2 fed something else than pass 1: Finish refuses, and releases none of the held-back bytes.
        using BlockCipherOcbDecryptor swapped = ocb.CreateDecryptor(nonce, tag, aad);
        swapped.Authenticate(ct);
        swapped.VerifyTag();
        byte[] released = new byte[70];
        Assert.Equal(64, swapped.Decrypt(Flip(ct, 66), released));
        byte[] last = Enumerable.Repeat((byte)0xAA, 6).ToArray();
        Assert.Throws<CryptographicException>(() => swapped.Finish(last));
        Assert.True(last.All(b => b == 0xAA), "held-back bytes released after a mismatch");
    }

    private static byte[] Flip(byte[] data, int position)
    {
        byte[] copy = (byte[])data.Clone();
        copy[position] ^= 0x04;
        return copy;
    }

    [Fact]
    public void BadArguments()
    {
        using var aes = RijndaelCipher.Create();
        Assert.Throws<ArgumentNullException>("cipher", () => new BlockCipherOcb(null!));
        Assert.Throws<ArgumentException>("tagSizeInBytes", () => new BlockCipherOcb(aes, 10));
        Assert.Throws<ArgumentException>("tagSizeInBytes", () => new BlockCipherOcb(aes, 17, allowShortTags: true));
        Assert.Throws<ArgumentException>("tagSizeInBytes", () => new BlockCipherOcb(aes, 0, allowShortTags: true));
        using (new BlockCipherOcb(aes, 1, allowShortTags: true))
        using (new BlockCipherOcb(aes, 8))
        using (new BlockCipherOcb(aes, 12))
        {
        }

        using var wide = RijndaelCipher.Create();
        wide.BlockSize = 192;
        Assert.Throws<ArgumentException>("cipher", () => new BlockCipherOcb(wide));

        var ocb = new BlockCipherOcb(aes);
        byte[] nonce = new byte[12], data = new byte[20], tag = new byte[16];
        Assert.Throws<ArgumentException>("nonce", () => ocb.Encrypt(Array.Empty<byte>(), data, new byte[20], tag));
        Assert.Throws<ArgumentException>("nonce", () => ocb.Encrypt(new byte[16], data, new byte[20], tag));
        Assert.Throws<ArgumentException>("nonce", () => ocb.Decrypt(new byte[16], data, tag, new byte[20]));
        Assert.Throws<ArgumentException>("nonce", () => ocb.CreateEncryptor(ReadOnlySpan<byte>.Empty));
        Assert.Throws<ArgumentException>("tag", () => ocb.Encrypt(nonce, data, new byte[20], new byte[12]));
        Assert.Throws<ArgumentException>("tag", () => ocb.Decrypt(nonce, data, new byte[15], new byte[20]));
        Assert.Throws<ArgumentException>("tag", () => ocb.CreateDecryptor(nonce, new byte[8]));
        Assert.Throws<ArgumentException>(() => ocb.Encrypt(nonce, data, new byte[19], tag));
        Assert.Throws<ArgumentException>(() => ocb.Decrypt(nonce, data, tag, new byte[21]));
        byte[] buffer = new byte[64];
        Assert.Throws<ArgumentException>("ciphertext",
            () => ocb.Encrypt(nonce, buffer.AsSpan(0, 32), buffer.AsSpan(4, 32), tag));
        Assert.Throws<ArgumentNullException>("nonce", () => ocb.Encrypt(null!, data, data, tag));
        Assert.Throws<ArgumentNullException>("plaintext", () => ocb.Encrypt(nonce, null!, data, tag));
        Assert.Throws<ArgumentNullException>("ciphertext", () => ocb.Encrypt(nonce, data, null!, tag));
        Assert.Throws<ArgumentNullException>("tag", () => ocb.Encrypt(nonce, data, data, null!));
        Assert.Throws<ArgumentNullException>("ciphertext", () => ocb.Decrypt(nonce, null!, tag, data));
        Assert.Throws<ArgumentNullException>("plaintext", () => ocb.Decrypt(nonce, data, tag, null!));
        Assert.Throws<ArgumentNullException>("nonce", () => ocb.Decrypt(null!, data, tag, data));
        Assert.Throws<ArgumentNullException>("tag", () => ocb.Decrypt(nonce, data, null!, data));

        // Partial overlap names the destination first, the source second, in either direction.
        var overlapped = Assert.Throws<ArgumentException>("ciphertext",
            () => ocb.Encrypt(nonce, buffer.AsSpan(4, 32), buffer.AsSpan(0, 32), tag));
        Assert.StartsWith("The ciphertext must not overlap with the plaintext.", overlapped.Message);
        overlapped = Assert.Throws<ArgumentException>("plaintext",
            () => ocb.Decrypt(nonce, buffer.AsSpan(0, 32), tag, buffer.AsSpan(4, 32)));
        Assert.StartsWith("The plaintext must not overlap with the ciphertext.", overlapped.Message);

        // The kernel constructor (every kernel's tests) checks the tag length as the public one does.
        using (BlockCipherKernel kernel = XtsTests.Kernels("aes").First().Create(new byte[16], 16))
        {
            Assert.Throws<ArgumentException>("tagSizeInBytes", () => new BlockCipherOcb(kernel, 10, false));
            Assert.Throws<ArgumentException>("tagSizeInBytes", () => new BlockCipherOcb(kernel, 0, true));
        }

        // Streaming: a too-short destination writes nothing; overlap is refused while bytes are held back.
        using (BlockCipherOcbEncryptor encryptor = ocb.CreateEncryptor(nonce))
        {
            Assert.Throws<ArgumentException>("ciphertext", () => encryptor.Encrypt(new byte[40], new byte[31]));
            Assert.Equal(0, encryptor.Encrypt(new byte[5], Span<byte>.Empty));
            Assert.Throws<ArgumentException>("ciphertext", () => encryptor.Encrypt(buffer.AsSpan(0, 20), buffer));
            Assert.Throws<ArgumentException>("ciphertext", () => encryptor.Finish(new byte[4], tag));
            Assert.Throws<ArgumentException>("tag", () => encryptor.Finish(new byte[5], new byte[15]));
            Assert.Equal(5, encryptor.Finish(new byte[5], tag));
        }

        ocb.Dispose();
        ocb.Dispose();
        Assert.Throws<ObjectDisposedException>(() => ocb.Encrypt(nonce, data, new byte[20], tag));
        Assert.Throws<ObjectDisposedException>(() => ocb.CreateEncryptor(nonce));
    }

    [Fact]
    public void Streams_RefuseCallsOutOfOrder()
    {
        var random = TestRandom.Create(8500);
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(random, 16);
        using var ocb = new BlockCipherOcb(aes);
        byte[] nonce = TestRandom.Bytes(random, 12), plaintext = TestRandom.Bytes(random, 40);
        byte[] ct = new byte[40], tag = new byte[16];
        ocb.Encrypt(nonce, plaintext, ct, tag);

        // The nonce is checked before the tag, as by the one-shot Decrypt.
        Assert.Throws<ArgumentException>("nonce", () => ocb.CreateDecryptor(new byte[16], new byte[8]));

        BlockCipherOcbEncryptor finished = ocb.CreateEncryptor(nonce);
        Assert.Equal(0, finished.Finish(Span<byte>.Empty, new byte[16]));
        Assert.Throws<InvalidOperationException>(() => finished.Finish(new byte[16], new byte[16]));
        BlockCipherOcbEncryptor disposed = ocb.CreateEncryptor(nonce);
        disposed.Dispose();
        Assert.Throws<InvalidOperationException>(() => disposed.Encrypt(new byte[16], new byte[16]));
        Assert.Throws<InvalidOperationException>(() => disposed.Finish(new byte[16], new byte[16]));

        using BlockCipherOcbDecryptor decryptor = ocb.CreateDecryptor(nonce, tag);
        Assert.Throws<InvalidOperationException>(() => decryptor.Decrypt(ct, new byte[40]));
        Assert.Throws<InvalidOperationException>(() => decryptor.Finish(new byte[40]));
        decryptor.Authenticate(ct);
        decryptor.VerifyTag();
        Assert.Throws<InvalidOperationException>(() => decryptor.Authenticate(ct));
        Assert.Throws<InvalidOperationException>(() => decryptor.VerifyTag());
        byte[] pt = new byte[40];
        int done = decryptor.Decrypt(ct, pt);
        done += decryptor.Finish(pt.AsSpan(done));
        Assert.Equal(40, done);
        Assert.Equal(plaintext, pt);
        Assert.Throws<InvalidOperationException>(() => decryptor.Finish(new byte[40]));
        Assert.Throws<InvalidOperationException>(() => decryptor.Decrypt(ct, new byte[40]));
    }

    [Fact]
    public void Streams_OfADisposedOcb_ThrowObjectDisposed()
    {
        using var aes = RijndaelCipher.Create();
        var ocb = new BlockCipherOcb(aes);
        byte[] nonce = new byte[12];
        using BlockCipherOcbEncryptor encryptor = ocb.CreateEncryptor(nonce), finisher = ocb.CreateEncryptor(nonce);
        using BlockCipherOcbDecryptor decryptor = ocb.CreateDecryptor(nonce, new byte[16]);
        Assert.Equal(0, encryptor.Encrypt(new byte[5], Span<byte>.Empty));
        ocb.Dispose();

        // Even a piece that completes no block, and the end of a message with nothing held back.
        Assert.Throws<ObjectDisposedException>(() => encryptor.Encrypt(new byte[3], Span<byte>.Empty));
        Assert.Throws<ObjectDisposedException>(() => finisher.Finish(Span<byte>.Empty, new byte[16]));
        Assert.Throws<ObjectDisposedException>(() => decryptor.Authenticate(new byte[3]));
        Assert.Throws<ObjectDisposedException>(() => decryptor.Authenticate(ReadOnlySpan<byte>.Empty));
    }

    [Fact]
    public void TwoPassDecryption_LongPiecesShortDestinationsAndAnOverlongPass2()
    {
        var random = TestRandom.Create(8600);
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(random, 16);
        using var ocb = new BlockCipherOcb(aes);
        byte[] nonce = TestRandom.Bytes(random, 12), plaintext = TestRandom.Bytes(random, 1500);
        byte[] ct = new byte[1500], tag = new byte[16];
        ocb.Encrypt(nonce, plaintext, ct, tag);

        // Pass 1 in one piece longer than the internal scratch.
        using BlockCipherOcbDecryptor decryptor = ocb.CreateDecryptor(nonce, tag);
        decryptor.Authenticate(ct);
        decryptor.VerifyTag();

        byte[] pt = Enumerable.Repeat((byte)0xAA, 1500).ToArray();
        Assert.Throws<ArgumentException>("plaintext", () => decryptor.Decrypt(ct.AsSpan(0, 40), pt.AsSpan(0, 31)));
        Assert.True(pt.All(b => b == 0xAA), "written to a short destination");
        int done = decryptor.Decrypt(ct.AsSpan(0, 1490), pt);
        Assert.Equal(1488, done);

        // Pass 2 longer than pass 1: refused before anything is written, and the stream goes on.
        byte[] longer = new byte[26];
        ct.AsSpan(1490).CopyTo(longer);
        byte[] untouched = Enumerable.Repeat((byte)0xAA, 32).ToArray();
        Assert.Throws<CryptographicException>(() => decryptor.Decrypt(longer, untouched));
        Assert.True(untouched.All(b => b == 0xAA), "written by a refused pass-2 piece");
        Assert.Equal(0, decryptor.Decrypt(ct.AsSpan(1490), pt.AsSpan(done)));

        // Finish refuses a destination shorter than the 12 held-back bytes, and takes a longer one.
        byte[] shortLast = new byte[11], last = Enumerable.Repeat((byte)0xAA, 16).ToArray();
        Assert.Throws<ArgumentException>("plaintext", () => decryptor.Finish(shortLast));
        Assert.True(shortLast.All(b => b == 0), "written to a short destination");
        Assert.Equal(12, decryptor.Finish(last));
        last.AsSpan(0, 12).CopyTo(pt.AsSpan(done));
        Assert.Equal(plaintext, pt);
        Assert.True(last.AsSpan(12).ToArray().All(b => b == 0xAA), "written past the held-back bytes");
    }

    [Fact]
    public void NoAllocationPerCall()
    {
        using var aes = RijndaelCipher.Create();
        using var ocb = new BlockCipherOcb(aes);
        byte[] nonce = new byte[12], aad = new byte[33], buffer = new byte[4096 + 7], tag = new byte[16];
        ocb.Encrypt(nonce, buffer, buffer, tag, aad);
        ocb.Decrypt(nonce, buffer, tag, buffer, aad);
        long before = GC.GetAllocatedBytesForCurrentThread();
        ocb.Encrypt(nonce, buffer, buffer, tag, aad);
        ocb.Decrypt(nonce, buffer, tag, buffer, aad);
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    public void Dispose_WipesTheKeySchedule()
    {
        byte[] key = Enumerable.Range(1, 16).Select(i => (byte)i).ToArray();
        BlockCipherKernel kernel = XtsTests.Kernels("aes").First().Create(key, 16);
        var ocb = new BlockCipherOcb(kernel, 16, allowShortTags: false);
        ocb.Encrypt(new byte[12], new byte[20], new byte[20], new byte[16]);
        Assert.False(kernel.HasBeenWiped());
        ocb.Dispose();
        Assert.True(kernel.HasBeenWiped());
    }

    /// <summary>
    /// The fused kernel runs when the kernel has one and the process is little-endian, and never when
    /// UseFusedKernel is false (the fused-against-generic comparisons of RegisteredKernelContractTests rely on it).
    /// The kernel receives L_0 .. L_63, each the doubling of the one before from L_* = E_K(0^128) (RFC 7253 4.1,
    /// computed here bytewise with the runtime's AES), and Dispose wipes that table.
    /// </summary>
    [Fact]
    public void UseFusedKernel_ChoosesThePath_AndTheKernelGetsTheWholeTable()
    {
        byte[] key = Enumerable.Range(1, 16).Select(i => (byte)(3 * i)).ToArray();
        BlockCipherKernelEntry entry = XtsTests.Kernels("aes").First();
        using var reference = new BlockCipherOcb(entry.Create(key, 16), 16, allowShortTags: false);
        var fusedKernel = new CountingOcbKernel(entry.Create(key, 16));
        var genericKernel = new CountingOcbKernel(entry.Create(key, 16));
        var fused = new BlockCipherOcb(fusedKernel, 16, allowShortTags: false);
        using var generic = new BlockCipherOcb(genericKernel, 16, allowShortTags: false) { UseFusedKernel = false };
        byte[] nonce = new byte[12], data = TestRandom.Bytes(TestRandom.Create(8500), 100);
        byte[] expected = new byte[100], expectedTag = new byte[16], actual = new byte[100], tag = new byte[16];
        reference.Encrypt(nonce, data, expected, expectedTag);
        foreach (BlockCipherOcb ocb in new[] { fused, generic })
        {
            ocb.Encrypt(nonce, data, actual, tag);
            Assert.Equal(expected, actual);
            Assert.Equal(expectedTag, tag);
            ocb.Decrypt(nonce, expected, expectedTag, actual);
            Assert.Equal(data, actual);
        }

        Assert.Equal(ByteOrder.IsLittleEndianHost, fusedKernel.FusedCalls > 0);
        Assert.Equal(0, genericKernel.FusedCalls);
        if (!ByteOrder.IsLittleEndianHost)
        {
            fused.Dispose();
            return;
        }

        using (var aes = Aes.Create())
        {
            aes.Key = key;
            byte[] l = aes.EncryptEcb(new byte[16], PaddingMode.None); // L_*
            var expectedTable = new List<ulong>();
            for (int i = -2; i < 64; i++)
            {
                if (i >= 0)
                {
                    expectedTable.Add(BinaryPrimitives.ReadUInt64LittleEndian(l));
                    expectedTable.Add(BinaryPrimitives.ReadUInt64LittleEndian(l.AsSpan(8)));
                }

                ReferenceGf128.DoubleBigEndian(l);
            }

            Assert.Equal(expectedTable, fusedKernel.LastTable);
        }

        // After Dispose the table is zeros (the internal loop still runs; the public methods refuse).
        fused.Dispose();
        var cursor = default(OcbCursor);
        fused.ProcessBlocks(ref cursor, new byte[16], new byte[16], encrypt: true);
        Assert.Equal(128, fusedKernel.LastTable.Length);
        Assert.True(fusedKernel.LastTable.All(w => w == 0), "L table not wiped");
    }

    /// <summary>A kernel with a fused OCB loop (a block at a time over the wrapped kernel) that counts its calls
    /// and keeps a copy of the last table it was given.</summary>
    private sealed class CountingOcbKernel : BlockCipherKernel, IOcbKernel
    {
        private readonly BlockCipherKernel _inner;

        public CountingOcbKernel(BlockCipherKernel inner)
            : base(inner.BlockSizeInBytes) => _inner = inner;

        public int FusedCalls { get; private set; }

        public ulong[] LastTable { get; private set; } = Array.Empty<ulong>();

        public override string Name => "counting " + _inner.Name;

        public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
            _inner.EncryptBlocks(source, destination);

        public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
            _inner.DecryptBlocks(source, destination);

        public void TransformOcb(ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<ulong> lTable,
            ref OcbCursor cursor, bool encrypt)
        {
            FusedCalls++;
            LastTable = lTable.ToArray();
            Span<byte> block = stackalloc byte[16];
            for (int offset = 0; offset < source.Length; offset += 16)
            {
                int l = 2 * System.Numerics.BitOperations.TrailingZeroCount(++cursor.Index);
                cursor.OffsetLo ^= lTable[l];
                cursor.OffsetHi ^= lTable[l + 1];
                ulong s0 = BinaryPrimitives.ReadUInt64LittleEndian(source.Slice(offset));
                ulong s1 = BinaryPrimitives.ReadUInt64LittleEndian(source.Slice(offset + 8));
                BinaryPrimitives.WriteUInt64LittleEndian(block, s0 ^ cursor.OffsetLo);
                BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(8), s1 ^ cursor.OffsetHi);
                if (encrypt)
                {
                    _inner.EncryptBlock(block, block);
                }
                else
                {
                    _inner.DecryptBlock(block, block);
                }

                ulong d0 = BinaryPrimitives.ReadUInt64LittleEndian(block) ^ cursor.OffsetLo;
                ulong d1 = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(8)) ^ cursor.OffsetHi;
                BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(offset), d0);
                BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(offset + 8), d1);
                cursor.SumLo ^= encrypt ? s0 : d0;
                cursor.SumHi ^= encrypt ? s1 : d1;
            }
        }

        protected override void Dispose(bool disposing) => _inner.Dispose();
    }
}
