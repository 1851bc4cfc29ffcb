using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Numerics;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Camellia's GFNI kernel. The S-box matrices, the backend and the whole byte-sliced kernel at 128-, 256- and 512-bit
/// register widths run on every machine with a software model of GF2P8AFFINEQB/GF2P8AFFINEINVQB
/// (<see cref="EmulatedGfni"/>) in place of the instructions; the kernels on the real instructions ("gfni-v256",
/// "gfni-v512") run where the CPU has them and are reported as skipped, with the reason, elsewhere.
/// </summary>
public class CamelliaGfniTests
{
    private static readonly byte[][] SBoxOfPosition =
    {
        CamelliaTables.SBox1, CamelliaTables.SBox2, CamelliaTables.SBox3, CamelliaTables.SBox4,
        CamelliaTables.SBox2, CamelliaTables.SBox3, CamelliaTables.SBox4, CamelliaTables.SBox1,
    };

    [Fact]
    public void Emulation_ReproducesPublishedGfniConstants()
    {
        // The identity matrix 0x0102040810204080, and the AES S-box as GF2P8AFFINEINVQB(x, 0xF1E3C78F1F3E7CF8, 0x63):
        // FIPS-197's affine map (5.1.1) in the instruction's matrix layout, the constant GFNI code for AES uses. The
        // model's bit order and its inversion are checked against values it was not written from.
        for (int x = 0; x < 256; x++)
        {
            Assert.Equal((byte)x, EmulatedGfni.Affine(0x0102040810204080, (byte)x, 0));
            Assert.Equal(RijndaelTables.SBox[x], EmulatedGfni.Affine(0xF1E3C78F1F3E7CF8, EmulatedGfni.Inverse((byte)x), 0x63));
        }

        Assert.Equal(0, EmulatedGfni.Inverse(0));
    }

    [Fact]
    public void DerivedMatrices_AroundAesFieldInversion_GiveTheCamelliaSBoxes()
    {
        for (int x = 0; x < 256; x++)
        {
            byte p1 = (byte)(EmulatedGfni.Affine(CamelliaAffine.GfniPre1, (byte)x, 0) ^ CamelliaAffine.GfniInputConstant);
            byte p4 = (byte)(EmulatedGfni.Affine(CamelliaAffine.GfniPre4, (byte)x, 0) ^ CamelliaAffine.GfniInputConstant);
            Assert.Equal(CamelliaTables.SBox1[x], EmulatedGfni.Affine(CamelliaAffine.GfniPost1, EmulatedGfni.Inverse(p1), CamelliaAffine.GfniOutputConstant1));
            Assert.Equal(CamelliaTables.SBox2[x], EmulatedGfni.Affine(CamelliaAffine.GfniPost2, EmulatedGfni.Inverse(p1), CamelliaAffine.GfniOutputConstant2));
            Assert.Equal(CamelliaTables.SBox3[x], EmulatedGfni.Affine(CamelliaAffine.GfniPost3, EmulatedGfni.Inverse(p1), CamelliaAffine.GfniOutputConstant3));
            Assert.Equal(CamelliaTables.SBox4[x], EmulatedGfni.Affine(CamelliaAffine.GfniPost1, EmulatedGfni.Inverse(p4), CamelliaAffine.GfniOutputConstant1));
            Assert.Equal(EmulatedGfni.Affine(CamelliaAffine.GfniPre1, (byte)x, 0), CamelliaAffine.GfniMultiply(CamelliaAffine.GfniPre1, (byte)x));
        }
    }

    [Fact]
    public void EmulatedBackend_SBoxWithRoundKey_EqualsTheTables_ForAll256Inputs()
    {
        // The backend as the kernel calls it (16 lanes of a 128-bit slice, both round directions, every position),
        // with round keys in the backend's form: S-box of position j applied to x ^ k.
        var random = TestRandom.Create(8118);
        foreach (byte key in new byte[] { 0, 0xff, (byte)random.Next(256), (byte)random.Next(256) })
        {
            for (int position = 0; position < 8; position++)
            {
                foreach (bool inverse in new[] { false, true })
                {
                    var roundKey = CamelliaSlice128.Create(CamelliaGfniSBoxes<EmulatedGfni>.RoundKey(key, position, inverse));
                    for (int start = 0; start < 256; start += 16)
                    {
                        byte[] input = Enumerable.Range(start, 16).Select(v => (byte)v).ToArray();
                        CamelliaSlice128 output = CamelliaGfniSBoxes<EmulatedGfni>.SBox(CamelliaSlice128.Load(ref input[0], 0), roundKey, position, inverse);
                        byte[] actual = new byte[16];
                        CamelliaSlice128.Store(output, ref actual[0], 0);
                        for (int i = 0; i < 16; i++)
                        {
                            Assert.True(SBoxOfPosition[position][input[i] ^ key] == actual[i], $"position {position}, key {key:x2}, x {input[i]:x2}, inverse {inverse}");
                        }
                    }
                }
            }
        }
    }

    /// <summary>The whole kernel on the instruction model with 128-bit registers only (SSSE3 for the rest of the round).</summary>
    [Ssse3Fact]
    public void EmulatedKernel128_AgainstTable32() =>
        CamelliaDifferentialTests.AgainstTable32(key => new BlockCipherKernel[] { Emulated(key, 128) }, Enumerable.Range(1, 40).Concat(new[] { 64, 65, 100 }));

    /// <summary>256-bit registers (AVX2), with the 128-bit tail: passes of 64 and 32 blocks, then 16.</summary>
    [Avx2Fact]
    public void EmulatedKernel256_AgainstTable32() =>
        CamelliaDifferentialTests.AgainstTable32(key => new BlockCipherKernel[] { Emulated(key, 256) }, Enumerable.Range(1, 50).Concat(new[] { 63, 64, 65, 80, 96, 100, 130 }));

    /// <summary>
    /// 512-bit registers (the cross-platform Vector512 operations and AVX2 per half where AVX-512 is missing), with the
    /// 256- and 128-bit tails: passes of 128 and 64 blocks, then 32 and 16.
    /// </summary>
    [Avx2Fact]
    public void EmulatedKernel512_AgainstTable32() =>
        CamelliaDifferentialTests.AgainstTable32(key => new BlockCipherKernel[] { Emulated(key, 512) }, new[] { 1, 15, 16, 17, 31, 32, 48, 63, 64, 65, 80, 96, 112, 127, 128, 129, 144, 160, 192, 200, 240, 256, 257, 300 });

    [Avx2Fact]
    public void EmulatedKernels_NttVectors_InEveryLaneOfAPass() =>
        CheckNttVectorsInEveryLane(key => new[] { Emulated(key, 128), Emulated(key, 256), Emulated(key, 512) }, stride: 32);

    /// <summary>The 256-bit GFNI kernel on the real instructions, against the table kernel and the published vectors.</summary>
    [GfniV256Fact]
    public void GfniV256Kernel_AgainstTable32_AndVectors()
    {
        CamelliaDifferentialTests.AgainstTable32(key => new BlockCipherKernel[] { new CamelliaGfniKernel(key, use512: false) }, Enumerable.Range(1, 140));
        CheckNttVectorsInEveryLane(key => new BlockCipherKernel[] { new CamelliaGfniKernel(key, use512: false) }, stride: 1);
    }

    /// <summary>The 512-bit GFNI kernel on the real instructions, against the table kernel and the published vectors.</summary>
    [GfniV512Fact]
    public void GfniV512Kernel_AgainstTable32_AndVectors()
    {
        CamelliaDifferentialTests.AgainstTable32(key => new BlockCipherKernel[] { new CamelliaGfniKernel(key, use512: true) }, Enumerable.Range(1, 300));
        CheckNttVectorsInEveryLane(key => new BlockCipherKernel[] { new CamelliaGfniKernel(key, use512: true) }, stride: 1);
    }

    /// <summary>Where the instructions run, the model agrees with them on random bytes and matrices at every width.</summary>
    [GfniV512Fact]
    public void Emulation_AgreesWithTheInstructions() => EmulationAgrees<CamelliaSlice512>();

    [GfniV256Fact]
    public void Emulation_AgreesWithTheInstructions256()
    {
        EmulationAgrees<CamelliaSlice128>();
        EmulationAgrees<CamelliaSlice256>();
    }

    [Fact]
    public void Registry_ListsTheGfniKernelsAheadOfAesNi()
    {
        string[] names = Camellia.Kernels.Entries.Select(e => e.Name).ToArray();
        Assert.Equal(new[] { "gfni-v512", "gfni-v256", "aesni", "table64", "table32" }, names);
        Assert.Equal(CamelliaGfniKernel.IsSupported512, Camellia.Kernels.Get("gfni-v512").IsSupported(16));
        Assert.Equal(CamelliaGfniKernel.IsSupported256, Camellia.Kernels.Get("gfni-v256").IsSupported(16));
    }

    /// <summary>The 512-bit kernel is pinned only by name: its time depended on the data on AMD Zen 5, so the default is
    /// the 256-bit one wherever GFNI runs (and AES-NI, then tables, elsewhere).</summary>
    [Fact]
    public void Default_IsNeverTheGfniV512Kernel()
    {
        Assert.Equal(KernelPreference.TestsAndBenchmarksOnly, Camellia.Kernels.Get("gfni-v512").Preference);
        string expected = CamelliaGfniKernel.IsSupported256 ? "gfni-v256"
            : CamelliaAesNiKernel.IsSupported ? "aesni"
            : WordSize.Is64Bit ? "table64" : "table32";
        Assert.Equal(expected, Camellia.Kernels.Select(16).Name);
        Assert.Equal(CamelliaGfniKernel.IsSupported256 || CamelliaAesNiKernel.IsSupported, Camellia.IsHardwareAccelerated);
    }

    private static BlockCipherKernel Emulated(byte[] key, int registerBits) =>
        new CamelliaByteSlicedKernel<CamelliaGfniSBoxes<EmulatedGfni>>(key, registerBits, $"gfni-emulated-{registerBits}");

    private static void EmulationAgrees<TSlice>()
        where TSlice : struct, ICamelliaSlice<TSlice>
    {
        var random = TestRandom.Create(8119);
        byte[] x = new byte[64], matrix = new byte[64], expected = new byte[64], actual = new byte[64];
        for (int trial = 0; trial < 200; trial++)
        {
            random.NextBytes(x);
            random.NextBytes(matrix);
            TSlice a = TSlice.Load(ref x[0], 0), m = TSlice.Load(ref matrix[0], 0);
            TSlice.Store(EmulatedGfni.Transform(a, m, 0x5a), ref expected[0], 0);
            TSlice.Store(TSlice.GaloisFieldAffineTransform(a, m, 0x5a), ref actual[0], 0);
            Assert.Equal(expected.AsSpan(0, TSlice.Blocks).ToArray(), actual.AsSpan(0, TSlice.Blocks).ToArray());
            TSlice.Store(EmulatedGfni.TransformInverse(a, m, 0xa5), ref expected[0], 0);
            TSlice.Store(TSlice.GaloisFieldAffineTransformInverse(a, m, 0xa5), ref actual[0], 0);
            Assert.Equal(expected.AsSpan(0, TSlice.Blocks).ToArray(), actual.AsSpan(0, TSlice.Blocks).ToArray());
        }
    }

    /// <summary>
    /// Every <paramref name="stride"/>-th row of NTT's ECB known-answer file (all three key sizes): the plaintext in
    /// every block of a 128-block call (two 512-bit batches, so every lane of every register width), each block must
    /// give the published ciphertext, and decryption must give the plaintext back.
    /// </summary>
    private static void CheckNttVectorsInEveryLane(Func<byte[], IEnumerable<BlockCipherKernel>> kernels, int stride)
    {
        VectorFile file = VectorFile.ReadFamily("camellia").Single(BlockCipherVectorChecks.IsColumnFormat);
        IReadOnlyList<(VectorLine Line, string[] Columns)> rows = file.ReadColumns(4);
        int checkedRows = 0;
        for (int r = 0; r < rows.Count; r += stride)
        {
            (VectorLine line, string[] c) = rows[r];
            byte[] key = VectorFile.Hex(c[1]), plaintext = VectorFile.Hex(c[2]), ciphertext = VectorFile.Hex(c[3]);
            byte[] input = new byte[128 * 16], expected = new byte[128 * 16];
            for (int block = 0; block < 128; block++)
            {
                plaintext.CopyTo(input, 16 * block);
                ciphertext.CopyTo(expected, 16 * block);
            }

            foreach (BlockCipherKernel kernel in kernels(key))
            {
                using (kernel)
                {
                    byte[] output = new byte[input.Length];
                    kernel.EncryptBlocks(input, output);
                    Assert.True(expected.AsSpan().SequenceEqual(output), $"{file.Where(line)} ({kernel.Name}): encryption");
                    kernel.DecryptBlocks(expected, output);
                    Assert.True(input.AsSpan().SequenceEqual(output), $"{file.Where(line)} ({kernel.Name}): decryption");
                }
            }

            checkedRows++;
        }

        Assert.True(checkedRows >= rows.Count / stride, $"only {checkedRows} of {rows.Count} rows checked");
    }
}

/// <summary>
/// A software model of GF2P8AFFINEQB and GF2P8AFFINEINVQB written from Intel's definition (SDM, "GF2P8AFFINEQB"):
/// for every byte x and the 64-bit word A of the matrix operand covering its lane (bytes 8q..8q+7 share word q),
/// output bit i = parity(A.byte[7 - i] AND x) XOR constant.bit[i]; the INV form first replaces x by its inverse in
/// GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (0 stays 0). It stands in for the instructions in tests on CPUs without
/// GFNI; it is deliberately independent of the library's own scalar helpers.
/// </summary>
internal readonly struct EmulatedGfni : IGaloisFieldAffine
{
    public static TSlice Transform<TSlice>(TSlice x, TSlice matrix, [System.Diagnostics.CodeAnalysis.ConstantExpected] byte constant)
        where TSlice : struct, ICamelliaSlice<TSlice> => Apply(x, matrix, constant, invert: false);

    public static TSlice TransformInverse<TSlice>(TSlice x, TSlice matrix, [System.Diagnostics.CodeAnalysis.ConstantExpected] byte constant)
        where TSlice : struct, ICamelliaSlice<TSlice> => Apply(x, matrix, constant, invert: true);

    public static byte Affine(ulong matrix, byte x, byte constant)
    {
        int result = 0;
        for (int i = 0; i < 8; i++)
        {
            byte row = (byte)(matrix >> (8 * (7 - i)));
            result |= (BitOperations.PopCount((uint)(row & x)) & 1) << i;
        }

        return (byte)(result ^ constant);
    }

    /// <summary>x^254 in the AES field: the inverse of x, and 0 for 0.</summary>
    public static byte Inverse(byte x)
    {
        int result = 1, power = x;
        for (int exponent = 254; exponent != 0; exponent >>= 1)
        {
            if ((exponent & 1) != 0)
            {
                result = Multiply(result, power);
            }

            power = Multiply(power, power);
        }

        return (byte)result;
    }

    private static int Multiply(int a, int b)
    {
        int product = 0;
        for (int i = 0; i < 8; i++)
        {
            if (((b >> i) & 1) != 0)
            {
                product ^= a;
            }

            a <<= 1;
            if ((a & 0x100) != 0)
            {
                a ^= 0x11B;
            }
        }

        return product;
    }

    private static TSlice Apply<TSlice>(TSlice x, TSlice matrix, byte constant, bool invert)
        where TSlice : struct, ICamelliaSlice<TSlice>
    {
        Span<byte> data = stackalloc byte[64];
        Span<byte> matrices = stackalloc byte[64];
        TSlice.Store(x, ref data[0], 0);
        TSlice.Store(matrix, ref matrices[0], 0);
        for (int lane = 0; lane < TSlice.Blocks; lane++)
        {
            ulong word = BinaryPrimitives.ReadUInt64LittleEndian(matrices.Slice(lane & ~7));
            data[lane] = Affine(word, invert ? Inverse(data[lane]) : data[lane], constant);
        }

        return TSlice.Load(ref data[0], 0);
    }
}
