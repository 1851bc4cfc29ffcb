using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// GCM's stitched loop (AES-NI rounds with PCLMULQDQ or VPCLMULQDQ-256 multiplications in one loop): every pair of
/// AES kernel and GHASH kernel, stitched or not, against BouncyCastle's <c>GcmBlockCipher</c> and the runtime's
/// <c>AesGcm</c> on random lengths around the 128-byte groups, in place, with odd nonces (any 32-bit counter start);
/// tag mismatches in every region zero the destination; the stitched routines against the portable counter mode and
/// GHASH with counters that wrap inside and between groups.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class GcmStitchedTests
{
    [Fact]
    public void EveryKernelPair_AgainstBouncyCastleAndBuiltIn_RandomLengths()
    {
        var random = TestRandom.Create(9100);
        int stitchedPairs = 0, pairs = 0;
        for (int trial = 0; trial < 24; trial++)
        {
            int keyBytes = 16 + 8 * (trial % 3);
            byte[] key = TestRandom.Bytes(random, keyBytes);
            foreach (Func<byte[], GHashKernel> ghash in GHashKernels.Factories)
            {
                foreach (BlockCipherKernel kernel in RijndaelKernels.All(key, 16))
                {
                    using var gcm = new BlockCipherGcm(kernel, ghash, 16, allowShortTags: false);
                    string pair = $"{kernel.Name}+{gcm.GHashKernelName}";
                    pairs++;
                    stitchedPairs += gcm.IsStitched ? 1 : 0;
                    for (int message = 0; message < 4; message++)
                    {
                        int length = RandomLength(random);
                        byte[] nonce = TestRandom.Bytes(random, message % 2 == 0 ? 12 : random.Next(1, 40));
                        byte[] plaintext = TestRandom.Bytes(random, length), aad = TestRandom.Bytes(random, random.Next(0, 40));
                        string where = $"seed 9100, trial {trial}, {pair}, key {keyBytes}, nonce {nonce.Length}, {length} bytes";
                        (byte[] expectedCt, byte[] expectedTag) = BouncyCastleEncrypt(key, nonce, plaintext, aad);
                        if (nonce.Length == 12)
                        {
                            using var builtIn = new AesGcm(key, 16);
                            byte[] builtInCt = new byte[length], builtInTag = new byte[16];
                            builtIn.Encrypt(nonce, plaintext, builtInCt, builtInTag, aad);
                            Assert.True(builtInCt.AsSpan().SequenceEqual(expectedCt) && builtInTag.AsSpan().SequenceEqual(expectedTag), $"{where}: the references disagree");
                        }

                        byte[] ct = new byte[length], tag = new byte[16];
                        gcm.Encrypt(nonce, plaintext, ct, tag, aad);
                        Assert.True(expectedCt.AsSpan().SequenceEqual(ct), $"{where}: ciphertext");
                        Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"{where}: tag");
                        byte[] decrypted = new byte[length];
                        gcm.Decrypt(nonce, ct, tag, decrypted, aad);
                        Assert.True(plaintext.AsSpan().SequenceEqual(decrypted), $"{where}: decryption");

                        byte[] buffer = (byte[])plaintext.Clone();
                        gcm.Encrypt(nonce, buffer, buffer, tag, aad);
                        Assert.True(expectedCt.AsSpan().SequenceEqual(buffer) && expectedTag.AsSpan().SequenceEqual(tag), $"{where}: in-place encryption");
                        gcm.Decrypt(nonce, buffer, tag, buffer, aad);
                        Assert.True(plaintext.AsSpan().SequenceEqual(buffer), $"{where}: in-place decryption");
                    }
                }
            }
        }

        Assert.True(pairs > 0);
        Assert.Equal(StitchedPairsPerKey() * 24, stitchedPairs);
    }

    [Fact]
    public void EveryKernelPair_TagMismatch_ZeroesTheDestination_InEveryRegion()
    {
        var random = TestRandom.Create(9200);
        byte[] key = TestRandom.Bytes(random, 16);
        foreach (Func<byte[], GHashKernel> ghash in GHashKernels.Factories)
        {
            foreach (BlockCipherKernel kernel in RijndaelKernels.All(key, 16))
            {
                using var gcm = new BlockCipherGcm(kernel, ghash, 16, allowShortTags: false);
                string pair = $"{kernel.Name}+{gcm.GHashKernelName}";
                foreach (int length in new[] { 128, 300, 1024 + 7, 16384 + 130 })
                {
                    byte[] nonce = TestRandom.Bytes(random, 12), aad = TestRandom.Bytes(random, 13);
                    byte[] plaintext = TestRandom.Bytes(random, length), ct = new byte[length], tag = new byte[16];
                    gcm.Encrypt(nonce, plaintext, ct, tag, aad);

                    // A flipped bit in the first group, a middle group, the last whole group, the tail, the tag, the AAD.
                    int lastGroup = length / 128 * 128 - 1;
                    var changes = new List<(string What, byte[] Ct, byte[] Tag, byte[] Aad)>();
                    foreach (int position in new[] { 0, length / 2, lastGroup, length - 1 })
                    {
                        byte[] bad = (byte[])ct.Clone();
                        bad[position] ^= (byte)(1 << random.Next(8));
                        changes.Add(($"ciphertext byte {position}", bad, tag, aad));
                    }

                    byte[] badTag = (byte[])tag.Clone();
                    badTag[random.Next(16)] ^= 0x10;
                    changes.Add(("tag", ct, badTag, aad));
                    byte[] badAad = (byte[])aad.Clone();
                    badAad[0] ^= 1;
                    changes.Add(("associated data", ct, tag, badAad));

                    foreach ((string what, byte[] badCt, byte[] checkTag, byte[] checkAad) in changes)
                    {
                        string where = $"{pair}, {length} bytes, {what}";
                        byte[] output = new byte[length];
                        output.AsSpan().Fill(0x77);
                        Assert.Throws<AuthenticationTagMismatchException>(() => gcm.Decrypt(nonce, badCt, checkTag, output, checkAad));
                        Assert.True(Array.TrueForAll(output, b => b == 0), $"{where}: destination not zeroed");

                        byte[] inPlace = (byte[])badCt.Clone();
                        Assert.Throws<AuthenticationTagMismatchException>(() => gcm.Decrypt(nonce, inPlace, checkTag, inPlace, checkAad));
                        Assert.True(Array.TrueForAll(inPlace, b => b == 0), $"{where}: in-place destination not zeroed");

                        var bc = new GcmBlockCipher(new AesEngine());
                        bc.Init(false, new AeadParameters(new KeyParameter(key), 128, nonce, checkAad));
                        byte[] input = new byte[length + 16], sink = new byte[length + 16];
                        badCt.CopyTo(input, 0);
                        checkTag.CopyTo(input, length);
                        int written = bc.ProcessBytes(input, 0, input.Length, sink, 0);
                        Assert.ThrowsAny<Org.BouncyCastle.Crypto.InvalidCipherTextException>(() => bc.DoFinal(sink, written));
                    }
                }
            }
        }
    }

    [StitchedGcmFact]
    public void StitchedRoutines_MatchPortableCounterModeAndGHash_AcrossCounterWraps()
    {
        var random = TestRandom.Create(9300);
        foreach (int keyBytes in new[] { 16, 24, 32 })
        {
            byte[] key = TestRandom.Bytes(random, keyBytes), hashKey = TestRandom.Bytes(random, 16);
            foreach (Func<byte[], GHashKernel> createGHash in GHashKernels.Factories)
            {
                using GHashKernel ghash = createGHash(hashKey);
                using var aes = new RijndaelAesNiKernel(key);
                if (!GcmStitchedX86.Supports(aes, ghash))
                {
                    continue;
                }

                using var portable = new RijndaelPortableKernel(key, 16);
                using var portableHash = new GHashPortableKernel(hashKey);
                foreach (uint start in new[] { 0xFFFFFFFFu, 0xFFFFFFFEu, 0xFFFFFFF9u, 0xFFFFFFF8u, 0xFFFFFFF7u, 0xFFFFFFF1u, 0xFFFFFFF0u, 0xFFFFFFE9u, 0x1F7u, 0x1F8u, 0xFFF9u, 2u, (uint)random.Next() })
                {
                    foreach (int length in new[] { 0, 127, 128, 129, 256, 5 * 128 + 40 })
                    {
                        string where = $"{ghash.Name}, key {keyBytes}, counter {start:x8}, {length} bytes";
                        byte[] prefix = TestRandom.Bytes(random, 12), y0 = TestRandom.Bytes(random, 16), source = TestRandom.Bytes(random, length);
                        byte[] counter0 = new byte[16];
                        prefix.CopyTo(counter0, 0);
                        BinaryPrimitives.WriteUInt32BigEndian(counter0.AsSpan(12), start);
                        int whole = length / 128 * 128;

                        foreach (bool decrypt in new[] { false, true })
                        {
                            // Reference: the portable kernel's counter mode and GHASH over the ciphertext of the whole groups.
                            byte[] expected = new byte[whole], expectedCounter = (byte[])counter0.Clone(), expectedY = (byte[])y0.Clone();
                            Ctr.TransformWithBlocks(portable, source.AsSpan(0, whole), expected, expectedCounter, CounterWidth.Bits32);
                            portableHash.Update(expectedY, decrypt ? source.AsSpan(0, whole) : expected);

                            byte[] actual = new byte[length], counter = (byte[])counter0.Clone(), y = (byte[])y0.Clone();
                            int done = decrypt
                                ? GcmStitchedX86.Decrypt(aes, ghash, source, actual, counter, y)
                                : GcmStitchedX86.Encrypt(aes, ghash, source, actual, counter, y);
                            string direction = decrypt ? "decrypt" : "encrypt";
                            Assert.True(done == whole, $"{where}, {direction}: {done} bytes done");
                            Assert.True(expected.AsSpan().SequenceEqual(actual.AsSpan(0, whole)), $"{where}, {direction}: output");
                            Assert.True(expectedCounter.AsSpan().SequenceEqual(counter), $"{where}, {direction}: counter");
                            Assert.True(expectedY.AsSpan().SequenceEqual(y), $"{where}, {direction}: GHASH");
                            Assert.True(Array.TrueForAll(actual.AsSpan(whole).ToArray(), b => b == 0), $"{where}, {direction}: wrote past the groups");

                            byte[] inPlace = (byte[])source.Clone();
                            counter = (byte[])counter0.Clone();
                            y = (byte[])y0.Clone();
                            _ = decrypt
                                ? GcmStitchedX86.Decrypt(aes, ghash, inPlace, inPlace, counter, y)
                                : GcmStitchedX86.Encrypt(aes, ghash, inPlace, inPlace, counter, y);
                            Assert.True(expected.AsSpan().SequenceEqual(inPlace.AsSpan(0, whole)), $"{where}, {direction}: in-place output");
                            Assert.True(expectedY.AsSpan().SequenceEqual(y), $"{where}, {direction}: in-place GHASH");
                        }
                    }
                }
            }
        }
    }

    [StitchedGcmFact]
    public void PublicType_RunsTheStitchedLoop_WhereTheCpuAllows()
    {
        using var aes = RijndaelCipher.Create();
        using var gcm = new BlockCipherGcm(aes);
        Assert.True(gcm.IsStitched, $"AES-NI with {gcm.GHashKernelName}: expected the stitched loop");
    }

    /// <summary>Lengths around the 128-byte groups, the 8 KiB chunks and beyond.</summary>
    private static int RandomLength(Random random) => random.Next(5) switch
    {
        0 => random.Next(0, 128),
        1 => 128 * random.Next(1, 12) + random.Next(-1, 2),
        2 => 128 * random.Next(1, 12) + random.Next(0, 128),
        3 => 8192 * random.Next(1, 3) + random.Next(-130, 130),
        _ => random.Next(0, 20000),
    };

    private static (byte[] Ciphertext, byte[] Tag) BouncyCastleEncrypt(byte[] key, byte[] nonce, byte[] plaintext, byte[] aad)
    {
        var bc = new GcmBlockCipher(new AesEngine());
        bc.Init(true, new AeadParameters(new KeyParameter(key), 128, nonce, aad));
        byte[] output = new byte[bc.GetOutputSize(plaintext.Length)];
        int written = bc.ProcessBytes(plaintext, 0, plaintext.Length, output, 0);
        bc.DoFinal(output, written);
        return (output.AsSpan(0, plaintext.Length).ToArray(), output.AsSpan(plaintext.Length).ToArray());
    }

    /// <summary>How many (AES kernel, GHASH kernel) pairs per key this process can stitch: AES-NI times the x86 GHASH kernels.</summary>
    private static int StitchedPairsPerKey() =>
        !RijndaelAesNiKernel.IsSupported ? 0 : (GHashPclmulKernel.IsSupported ? 1 : 0) + (GHashVpclmul256Kernel.IsSupported ? 1 : 0)
            + (GHashKernel.Kernels.Get("vpclmul512").IsSupported ? 1 : 0);
}

/// <summary>Skipped, visibly, where the stitched GCM loop cannot run (it needs AES-NI with PCLMULQDQ).</summary>
public sealed class StitchedGcmFactAttribute : FactAttribute
{
    public StitchedGcmFactAttribute()
    {
        if (!(RijndaelAesNiKernel.IsSupported && GHashPclmulKernel.IsSupported))
        {
            Skip = "no AES-NI with PCLMULQDQ (or hardware intrinsics are disabled): only the two-pass GCM loop can run";
        }
    }
}
