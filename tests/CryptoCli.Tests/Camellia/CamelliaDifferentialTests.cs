using System;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Random differential tests: every kernel and the public type against BouncyCastle's CamelliaEngine (an
/// independent implementation) for every key size and mode, and every kernel against the 32-bit table kernel on
/// random lengths of 1 to 100 blocks (covering the bulk kernel's 16-block groups and its tails), in place too.
/// </summary>
public class CamelliaDifferentialTests
{
    [Theory]
    [InlineData(16)]
    [InlineData(24)]
    [InlineData(32)]
    public void AgainstBouncyCastle_AllModes(int keyBytes)
    {
        var random = TestRandom.Create(1000 + keyBytes);
        for (int trial = 0; trial < 12; trial++)
        {
            byte[] key = TestRandom.Bytes(random, keyBytes);
            byte[] iv = TestRandom.Bytes(random, 16);
            int blocks = random.Next(1, 70);
            byte[] plaintext = TestRandom.Bytes(random, blocks * 16);
            string where = $"seed {1000 + keyBytes}, trial {trial}, {blocks} blocks";

            byte[] ecb = BouncyCastle(new CamelliaEngine(), true, new KeyParameter(key), plaintext);
            byte[] cbc = BouncyCastle(new CbcBlockCipher(new CamelliaEngine()), true, new ParametersWithIV(new KeyParameter(key), iv), plaintext);
            byte[] ctr = BouncyCastle(new SicBlockCipher(new CamelliaEngine()), true, new ParametersWithIV(new KeyParameter(key), iv), plaintext);

            foreach (BlockCipherKernel kernel in CamelliaKernels.All(key))
            {
                using (kernel)
                {
                    string w = $"{where} ({kernel.Name})";
                    byte[] output = new byte[plaintext.Length];
                    kernel.EncryptBlocks(plaintext, output);
                    Assert.True(ecb.AsSpan().SequenceEqual(output), $"{w}: ECB encrypt");
                    kernel.DecryptBlocks(ecb, output);
                    Assert.True(plaintext.AsSpan().SequenceEqual(output), $"{w}: ECB decrypt");
                    kernel.EncryptCbc(plaintext, output, (byte[])iv.Clone());
                    Assert.True(cbc.AsSpan().SequenceEqual(output), $"{w}: CBC encrypt");
                    kernel.DecryptCbc(cbc, output, (byte[])iv.Clone());
                    Assert.True(plaintext.AsSpan().SequenceEqual(output), $"{w}: CBC decrypt");
                    kernel.TransformCtr(plaintext, output, (byte[])iv.Clone());
                    Assert.True(ctr.AsSpan().SequenceEqual(output), $"{w}: CTR");
                }
            }

            using var camellia = Camellia.Create();
            camellia.Key = key;
            Assert.True(ecb.AsSpan().SequenceEqual(camellia.EncryptEcb(plaintext, PaddingMode.None)), $"{where}: Camellia.EncryptEcb");
            Assert.True(plaintext.AsSpan().SequenceEqual(camellia.DecryptEcb(ecb, PaddingMode.None)), $"{where}: Camellia.DecryptEcb");
            Assert.True(cbc.AsSpan().SequenceEqual(camellia.EncryptCbc(plaintext, iv, PaddingMode.None)), $"{where}: Camellia.EncryptCbc");
            Assert.True(plaintext.AsSpan().SequenceEqual(camellia.DecryptCbc(cbc, iv, PaddingMode.None)), $"{where}: Camellia.DecryptCbc");
            Assert.True(ctr.AsSpan().SequenceEqual(camellia.EncryptCtr(plaintext, iv)), $"{where}: Camellia.EncryptCtr");
        }
    }

    private static byte[] BouncyCastle(IBlockCipher cipher, bool encrypt, ICipherParameters parameters, byte[] input)
    {
        cipher.Init(encrypt, parameters);
        byte[] output = new byte[input.Length];
        for (int offset = 0; offset < input.Length; offset += 16)
        {
            cipher.ProcessBlock(input, offset, output, offset);
        }

        return output;
    }

    [Fact]
    public void EveryKernel_AgainstTable32_OneTo100Blocks_InPlaceToo() => AgainstTable32(CamelliaKernels.All);

    /// <summary>The bulk kernel on its own, so that a run without AES-NI shows it as skipped.</summary>
    [X86AesFact]
    public void AesNiKernel_AgainstTable32_OneTo100Blocks_InPlaceToo() =>
        AgainstTable32(key => new BlockCipherKernel[] { new CamelliaAesNiKernel(key) });

    /// <summary>
    /// The byte-sliced kernel with 128-bit registers only (its width without AVX2: passes of 32 and 16 blocks), which
    /// an AVX2 machine otherwise runs only for a call's last 16-block batch.
    /// </summary>
    [X86AesFact]
    public void AesNiKernel128BitRegistersOnly_AgainstTable32_OneTo100Blocks_InPlaceToo() =>
        AgainstTable32(key => new BlockCipherKernel[] { new CamelliaAesNiKernel(key, useAvx2: false) });

    /// <summary>
    /// Every kernel from <paramref name="kernels"/> against the 32-bit table kernel on random keys of every size, for
    /// each length in <paramref name="blockCounts"/> (1 to 100 blocks by default): ECB both ways, CBC both ways, CTR
    /// with a partial last block, XTS's XEX both ways where the kernel has it (against XEX over the 32-bit kernel's ECB;
    /// a little-endian process's tweak words), the chaining values, counters and tweaks on exit, in place too.
    /// </summary>
    internal static void AgainstTable32(Func<byte[], System.Collections.Generic.IEnumerable<BlockCipherKernel>> kernels, System.Collections.Generic.IEnumerable<int>? blockCounts = null)
    {
        var random = TestRandom.Create(2010);
        foreach (int blocks in blockCounts ?? System.Linq.Enumerable.Range(1, 100))
        {
            int keyBytes = 16 + 8 * (blocks % 3);
            byte[] key = TestRandom.Bytes(random, keyBytes);
            byte[] iv = TestRandom.Bytes(random, 16);
            // Counters near a 64-bit carry now and then, so the bulk kernel's counter arithmetic is exercised.
            if (blocks % 7 == 0)
            {
                iv.AsSpan(8).Fill(0xff);
                iv[15] = (byte)(0x100 - blocks / 2);
            }

            byte[] input = TestRandom.Bytes(random, blocks * 16);
            int ctrLength = blocks * 16 - random.Next(0, 16); // CTR also takes a partial last block
            using var reference = new CamelliaTable32Kernel(key);
            byte[] ecb = Run(reference, input, (k, s, d) => k.EncryptBlocks(s, d));
            byte[] ecbDec = Run(reference, input, (k, s, d) => k.DecryptBlocks(s, d));
            byte[] cbc = Run(reference, input, (k, s, d) => k.EncryptCbc(s, d, (byte[])iv.Clone()));
            byte[] cbcDec = Run(reference, input, (k, s, d) => k.DecryptCbc(s, d, (byte[])iv.Clone()));
            byte[] ctr = Run(reference, input.AsSpan(0, ctrLength).ToArray(), (k, s, d) => k.TransformCtr(s, d, (byte[])iv.Clone()));
            byte[] ctrCounter = (byte[])iv.Clone();
            reference.TransformCtr(input.AsSpan(0, ctrLength), new byte[ctrLength], ctrCounter);
            ulong tweakLo = System.BitConverter.ToUInt64(iv, 0), tweakHi = System.BitConverter.ToUInt64(iv, 8) | (1UL << 63);
            (byte[] xts, ulong xtsLo, ulong xtsHi) = Xex(reference, input, tweakLo, tweakHi, encrypt: true);
            (byte[] xtsDec, _, _) = Xex(reference, input, tweakLo, tweakHi, encrypt: false);

            foreach (BlockCipherKernel kernel in kernels(key))
            {
                using (kernel)
                {
                    string w = $"seed 2010, {blocks} blocks, {keyBytes * 8}-bit key ({kernel.Name})";
                    foreach (bool inPlace in new[] { false, true })
                    {
                        string v = inPlace ? $"{w}, in place" : w;
                        Assert.True(ecb.AsSpan().SequenceEqual(Run(kernel, input, (k, s, d) => k.EncryptBlocks(s, d), inPlace)), $"{v}: ECB encrypt");
                        Assert.True(ecbDec.AsSpan().SequenceEqual(Run(kernel, input, (k, s, d) => k.DecryptBlocks(s, d), inPlace)), $"{v}: ECB decrypt");
                        byte[] chain = (byte[])iv.Clone();
                        Assert.True(cbc.AsSpan().SequenceEqual(Run(kernel, input, (k, s, d) => k.EncryptCbc(s, d, chain), inPlace)), $"{v}: CBC encrypt");
                        Assert.True(cbc.AsSpan(cbc.Length - 16).SequenceEqual(chain), $"{v}: CBC encrypt chaining value");
                        chain = (byte[])iv.Clone();
                        Assert.True(cbcDec.AsSpan().SequenceEqual(Run(kernel, input, (k, s, d) => k.DecryptCbc(s, d, chain), inPlace)), $"{v}: CBC decrypt");
                        Assert.True(input.AsSpan(input.Length - 16).SequenceEqual(chain), $"{v}: CBC decrypt chaining value");
                        byte[] counter = (byte[])iv.Clone();
                        Assert.True(ctr.AsSpan().SequenceEqual(Run(kernel, input.AsSpan(0, ctrLength).ToArray(), (k, s, d) => k.TransformCtr(s, d, counter), inPlace)), $"{v}: CTR");
                        Assert.True(ctrCounter.AsSpan().SequenceEqual(counter), $"{v}: CTR counter on exit");
                        if (kernel.Xts is { } fused)
                        {
                            foreach (bool encrypt in new[] { true, false })
                            {
                                ulong lo = tweakLo, hi = tweakHi;
                                byte[] actual = Run(kernel, input, (k, s, d) => fused.TransformXts(s, d, ref lo, ref hi, encrypt), inPlace);
                                Assert.True((encrypt ? xts : xtsDec).AsSpan().SequenceEqual(actual), $"{v}: XTS, encrypt {encrypt}");
                                Assert.True(lo == xtsLo && hi == xtsHi, $"{v}: XTS tweak on exit");
                            }
                        }

                        if (kernel is IXtsDataUnitsKernel units)
                        {
                            foreach (int unitBlocks in DataUnitSizes(blocks))
                            {
                                byte[] tweaks = TestRandom.Bytes(TestRandom.Create(blocks + unitBlocks), blocks / unitBlocks * 16);
                                foreach (bool encrypt in new[] { true, false })
                                {
                                    byte[] expected = XexDataUnits(reference, input, unitBlocks * 16, tweaks, encrypt);
                                    byte[] actual = Run(kernel, input, (k, s, d) => units.TransformXtsDataUnits(s, d, unitBlocks * 16, tweaks, encrypt), inPlace);
                                    Assert.True(expected.AsSpan().SequenceEqual(actual), $"{v}: XTS data units of {unitBlocks} blocks, encrypt {encrypt}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// <summary>
    /// The data-unit sizes, in blocks, that split <paramref name="blocks"/> blocks into at most
    /// <see cref="BlockCipherXts.DataUnitsPerKernelCall"/> units: one unit, and the shortest unit that divides the
    /// blocks, so that unit boundaries fall inside the kernel's batches.
    /// </summary>
    private static System.Collections.Generic.IEnumerable<int> DataUnitSizes(int blocks)
    {
        int shortest = System.Linq.Enumerable.First(
            System.Linq.Enumerable.Range(1, blocks), d => blocks % d == 0 && blocks / d <= BlockCipherXts.DataUnitsPerKernelCall);
        return shortest == blocks ? new[] { blocks } : new[] { shortest, blocks };
    }

    /// <summary>
    /// XTS's XEX over data units of <paramref name="unitBytes"/> bytes, unit u under the tweak in bytes 16u to 16u + 15
    /// of <paramref name="tweaks"/> (a little-endian process's tweak words), each by <see cref="Xex"/>.
    /// </summary>
    private static byte[] XexDataUnits(BlockCipherKernel kernel, byte[] input, int unitBytes, byte[] tweaks, bool encrypt)
    {
        byte[] output = new byte[input.Length];
        for (int u = 0; u < input.Length / unitBytes; u++)
        {
            byte[] unit = input.AsSpan(u * unitBytes, unitBytes).ToArray();
            ulong lo = System.BitConverter.ToUInt64(tweaks, 16 * u), hi = System.BitConverter.ToUInt64(tweaks, 16 * u + 8);
            Xex(kernel, unit, lo, hi, encrypt).Output.CopyTo(output, u * unitBytes);
        }

        return output;
    }

    /// <summary>XTS's XEX block by block over <paramref name="kernel"/>'s ECB, and the tweak after the last block.</summary>
    private static (byte[] Output, ulong Lo, ulong Hi) Xex(BlockCipherKernel kernel, byte[] input, ulong lo, ulong hi, bool encrypt)
    {
        byte[] output = new byte[input.Length], block = new byte[16];
        for (int offset = 0; offset < input.Length; offset += 16)
        {
            System.BitConverter.TryWriteBytes(block.AsSpan(0, 8), System.BitConverter.ToUInt64(input, offset) ^ lo);
            System.BitConverter.TryWriteBytes(block.AsSpan(8), System.BitConverter.ToUInt64(input, offset + 8) ^ hi);
            if (encrypt)
            {
                kernel.EncryptBlocks(block, block);
            }
            else
            {
                kernel.DecryptBlocks(block, block);
            }

            System.BitConverter.TryWriteBytes(output.AsSpan(offset, 8), System.BitConverter.ToUInt64(block, 0) ^ lo);
            System.BitConverter.TryWriteBytes(output.AsSpan(offset + 8, 8), System.BitConverter.ToUInt64(block, 8) ^ hi);
            BlockCipherXts.MultiplyByAlpha(ref lo, ref hi);
        }

        return (output, lo, hi);
    }

    private delegate void Operation(BlockCipherKernel kernel, ReadOnlySpan<byte> source, Span<byte> destination);

    private static byte[] Run(BlockCipherKernel kernel, byte[] input, Operation operation, bool inPlace = false)
    {
        if (inPlace)
        {
            byte[] buffer = (byte[])input.Clone();
            operation(kernel, buffer, buffer);
            return buffer;
        }

        byte[] output = new byte[input.Length];
        operation(kernel, input, output);
        return output;
    }
}
