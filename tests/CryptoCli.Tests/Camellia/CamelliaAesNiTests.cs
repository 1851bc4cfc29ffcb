using System.Runtime.Intrinsics;
using Xunit;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli.Tests;

/// <summary>The affine maps of the byte-sliced kernel, derived at start-up, checked against the S-box tables.</summary>
public class CamelliaAesNiTests
{
    [Fact]
    public void AffineMaps_AroundTheAesSBox_GiveTheCamelliaSBoxes()
    {
        // Scalar check on every platform, with the (separately tested) AES S-box of the Rijndael kernel.
        byte[] aes = RijndaelTables.SBox;
        for (int x = 0; x < 256; x++)
        {
            byte pre1 = CamelliaAffine.Apply(CamelliaAffine.PreLow1, CamelliaAffine.PreHigh1, (byte)x);
            byte pre4 = CamelliaAffine.Apply(CamelliaAffine.PreLow4, CamelliaAffine.PreHigh4, (byte)x);
            Assert.Equal(CamelliaTables.SBox1[x], CamelliaAffine.Apply(CamelliaAffine.PostLow1, CamelliaAffine.PostHigh1, aes[pre1]));
            Assert.Equal(CamelliaTables.SBox2[x], CamelliaAffine.Apply(CamelliaAffine.PostLow2, CamelliaAffine.PostHigh2, aes[pre1]));
            Assert.Equal(CamelliaTables.SBox3[x], CamelliaAffine.Apply(CamelliaAffine.PostLow3, CamelliaAffine.PostHigh3, aes[pre1]));
            Assert.Equal(CamelliaTables.SBox4[x], CamelliaAffine.Apply(CamelliaAffine.PostLow1, CamelliaAffine.PostHigh1, aes[pre4]));
        }
    }

    [Fact]
    public void AffineMaps_AroundTheInverseAesSBox_GiveTheCamelliaSBoxes()
    {
        byte[] inverse = RijndaelTables.InverseSBox;
        for (int x = 0; x < 256; x++)
        {
            byte pre1 = CamelliaAffine.Apply(CamelliaAffine.PreDecLow1, CamelliaAffine.PreDecHigh1, (byte)x);
            byte pre4 = CamelliaAffine.Apply(CamelliaAffine.PreDecLow4, CamelliaAffine.PreDecHigh4, (byte)x);
            Assert.Equal(CamelliaTables.SBox1[x], CamelliaAffine.Apply(CamelliaAffine.PostDecLow1, CamelliaAffine.PostDecHigh1, inverse[pre1]));
            Assert.Equal(CamelliaTables.SBox2[x], CamelliaAffine.Apply(CamelliaAffine.PostDecLow2, CamelliaAffine.PostDecHigh2, inverse[pre1]));
            Assert.Equal(CamelliaTables.SBox3[x], CamelliaAffine.Apply(CamelliaAffine.PostDecLow3, CamelliaAffine.PostDecHigh3, inverse[pre1]));
            Assert.Equal(CamelliaTables.SBox4[x], CamelliaAffine.Apply(CamelliaAffine.PostDecLow1, CamelliaAffine.PostDecHigh1, inverse[pre4]));
        }
    }

    [Fact]
    public void KeyFoldedInputMap_EqualsTheMapOfTheKeyedByte()
    {
        var random = TestRandom.Create(5528);
        for (int trial = 0; trial < 64; trial++)
        {
            byte key = (byte)random.Next(256);
            byte[] keyed = CamelliaAffine.WithKey(CamelliaAffine.PreLow4, CamelliaAffine.PreHigh4, key);
            for (int x = 0; x < 256; x++)
            {
                Assert.Equal(
                    CamelliaAffine.Apply(CamelliaAffine.PreLow4, CamelliaAffine.PreHigh4, (byte)(x ^ key)),
                    CamelliaAffine.Apply(keyed, CamelliaAffine.PreHigh4, (byte)x));
            }
        }
    }

    [X86AesFact]
    public void AesEncLast_WithInverseShiftRows_IsTheAesSBoxPerLane()
    {
        for (int start = 0; start < 256; start += 16)
        {
            byte[] input = new byte[16];
            for (int i = 0; i < 16; i++)
            {
                input[i] = (byte)(start + i);
            }

            var shuffled = System.Runtime.Intrinsics.X86.Ssse3.Shuffle(Vector128.Create(input), CamelliaAesNiKernel.Constants.InverseShiftRows);
            Vector128<byte> output = X86Aes.EncryptLast(shuffled, Vector128<byte>.Zero);
            for (int i = 0; i < 16; i++)
            {
                Assert.Equal(RijndaelTables.SBox[start + i], output.GetElement(i));
            }
        }
    }
}
