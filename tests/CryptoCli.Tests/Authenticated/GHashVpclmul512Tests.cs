using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The 512-bit VPCLMULQDQ GHASH kernel. Its loop, powers, lane sums and reduction run on every x64 machine with
/// PCLMULQDQ, over a software model of the two AVX-512 operations it needs (<see cref="EmulatedVpclmul512"/>: a
/// bit-by-bit carry-less multiplication and a byte reversal per 128-bit lane), against the portable kernel and, inside
/// GCM's stitched loop, against the runtime's <c>AesGcm</c>. The kernel on the real instructions ("vpclmul512") runs
/// where the CPU has them (the registry-driven GHASH and GCM tests include it) and is reported as skipped elsewhere.
/// </summary>
public class GHashVpclmul512Tests
{
    [PclmulFact]
    public void Model_AgreesWithPclmulqdq_InEveryLane()
    {
        var random = TestRandom.Create(5120);
        foreach (byte control in new byte[] { 0x00, 0x01, 0x10, 0x11 })
        {
            for (int trial = 0; trial < 50; trial++)
            {
                Vector512<ulong> a = Vector512.Create(TestRandom.Bytes(random, 64)).AsUInt64();
                Vector512<ulong> b = Vector512.Create(TestRandom.Bytes(random, 64)).AsUInt64();
                Vector512<ulong> product = control switch
                {
                    0x00 => EmulatedVpclmul512.Multiply(a, b, 0x00),
                    0x01 => EmulatedVpclmul512.Multiply(a, b, 0x01),
                    0x10 => EmulatedVpclmul512.Multiply(a, b, 0x10),
                    _ => EmulatedVpclmul512.Multiply(a, b, 0x11),
                };
                for (int lane = 0; lane < 4; lane++)
                {
                    Vector128<ulong> x = Lane(a, lane), y = Lane(b, lane);
                    Vector128<ulong> expected = control switch
                    {
                        0x00 => Pclmulqdq.CarrylessMultiply(x, y, 0x00),
                        0x01 => Pclmulqdq.CarrylessMultiply(x, y, 0x01),
                        0x10 => Pclmulqdq.CarrylessMultiply(x, y, 0x10),
                        _ => Pclmulqdq.CarrylessMultiply(x, y, 0x11),
                    };
                    Assert.Equal(expected, Lane(product, lane));
                }
            }
        }

        byte[] bytes = new byte[64];
        for (int i = 0; i < 64; i++)
        {
            bytes[i] = (byte)i;
        }

        Vector512<byte> reversed = EmulatedVpclmul512.ReverseLanes(Vector512.Create(bytes)).AsByte();
        for (int i = 0; i < 64; i++)
        {
            Assert.Equal((byte)(i / 16 * 16 + 15 - i % 16), reversed[i]);
        }
    }

    [PclmulFact]
    public void EmulatedKernel_MatchesPortable_RandomLengths()
    {
        var random = TestRandom.Create(5121);
        for (int trial = 0; trial < 120; trial++)
        {
            byte[] h = TestRandom.Bytes(random, 16), y0 = TestRandom.Bytes(random, 16);
            byte[] first = TestRandom.Bytes(random, 16 * random.Next(0, 70)), second = TestRandom.Bytes(random, 16 * random.Next(0, 40));
            byte[] expected = (byte[])y0.Clone(), y = (byte[])y0.Clone();
            using (var portable = new GHashPortableKernel(h))
            {
                portable.Update(expected, first);
                portable.Update(expected, second);
            }

            using var kernel = new GHashVpclmul512Kernel<EmulatedVpclmul512>(h);
            kernel.Update(y, first);
            kernel.Update(y, second);
            Assert.True(expected.AsSpan().SequenceEqual(y), $"seed 5121, trial {trial}: {first.Length}+{second.Length} bytes");
        }
    }

    [StitchedGcmFact]
    public void EmulatedKernel_InGcm_IsStitched_AndMatchesBuiltIn()
    {
        var random = TestRandom.Create(5122);
        for (int trial = 0; trial < 30; trial++)
        {
            byte[] key = TestRandom.Bytes(random, 16 + 8 * (trial % 3));
            using var gcm = new BlockCipherGcm(new RijndaelAesNiKernel(key), h => new GHashVpclmul512Kernel<EmulatedVpclmul512>(h), 16, allowShortTags: false);
            Assert.True(gcm.IsStitched);
            Assert.Equal("vpclmul512", gcm.GHashKernelName);

            // Associated data up to 40 blocks takes the 16-block groups; the text takes the stitched loop's pairs.
            int length = random.Next(0, 1200);
            byte[] nonce = TestRandom.Bytes(random, 12), plaintext = TestRandom.Bytes(random, length), aad = TestRandom.Bytes(random, random.Next(0, 640));
            byte[] expectedCt = new byte[length], expectedTag = new byte[16], ct = new byte[length], tag = new byte[16];
            using (var builtIn = new AesGcm(key, 16))
            {
                builtIn.Encrypt(nonce, plaintext, expectedCt, expectedTag, aad);
            }

            gcm.Encrypt(nonce, plaintext, ct, tag, aad);
            string where = $"seed 5122, trial {trial}, key {key.Length}, {length} bytes, {aad.Length} bytes of AAD";
            Assert.True(expectedCt.AsSpan().SequenceEqual(ct), $"{where}: ciphertext");
            Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"{where}: tag");
            byte[] decrypted = new byte[length];
            gcm.Decrypt(nonce, ct, tag, decrypted, aad);
            Assert.True(plaintext.AsSpan().SequenceEqual(decrypted), $"{where}: decryption");
        }
    }

    [Vpclmul512Fact]
    public void DefaultKernel_IsVpclmul512_WhereSupported()
    {
        using GHashKernel kernel = GHashKernel.Create(new byte[16]);
        Assert.Equal("vpclmul512", kernel.Name);
    }

    private static Vector128<ulong> Lane(Vector512<ulong> value, int lane) =>
        Vector128.Create(value.GetElement(2 * lane), value.GetElement(2 * lane + 1));
}

/// <summary>
/// A software model of VPCLMULQDQ and VPSHUFB (byte reversal) on 512-bit registers, from the instructions' definitions:
/// in each 128-bit lane, control bit 0 picks the first operand's 64-bit word and bit 4 the second's, and their
/// carry-less product is computed bit by bit.
/// </summary>
internal readonly struct EmulatedVpclmul512 : IVpclmul512
{
    public static Vector512<ulong> Multiply(Vector512<ulong> a, Vector512<ulong> b, [ConstantExpected] byte control)
    {
        ulong[] result = new ulong[8];
        for (int lane = 0; lane < 4; lane++)
        {
            ulong x = a.GetElement(2 * lane + (control & 1));
            ulong y = b.GetElement(2 * lane + ((control >> 4) & 1));
            ulong low = 0, high = 0;
            for (int bit = 0; bit < 64; bit++)
            {
                if (((y >> bit) & 1) != 0)
                {
                    low ^= x << bit;
                    high ^= bit == 0 ? 0 : x >> (64 - bit);
                }
            }

            result[2 * lane] = low;
            result[2 * lane + 1] = high;
        }

        return Vector512.Create(result);
    }

    public static Vector512<ulong> ReverseLanes(Vector512<byte> value)
    {
        byte[] result = new byte[64];
        for (int i = 0; i < 64; i++)
        {
            result[i] = value.GetElement(i / 16 * 16 + 15 - i % 16);
        }

        return Vector512.Create(result).AsUInt64();
    }
}

/// <summary>Skipped, visibly, where PCLMULQDQ with SSSE3 is unavailable (the 512-bit kernel's 128-bit parts need them).</summary>
public sealed class PclmulFactAttribute : FactAttribute
{
    public PclmulFactAttribute()
    {
        if (!GHashPclmulKernel.IsSupported)
        {
            Skip = "no PCLMULQDQ with SSSE3 (or hardware intrinsics are disabled)";
        }
    }
}

/// <summary>Skipped, visibly, where 512-bit VPCLMULQDQ with AVX512BW is unavailable.</summary>
public sealed class Vpclmul512FactAttribute : FactAttribute
{
    public Vpclmul512FactAttribute()
    {
        if (!GHashKernel.Kernels.Get("vpclmul512").IsSupported)
        {
            Skip = "no 512-bit VPCLMULQDQ with AVX512BW on this CPU (or hardware intrinsics are disabled); the kernel's "
                + "code runs here on a software model of those instructions (GHashVpclmul512Tests)";
        }
    }
}
