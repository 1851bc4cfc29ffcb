using System;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The hardware kernels' key schedule (SubWord and InvMixColumns on the AES unit, no table indexed by key bytes)
/// against the table schedule, on every AES instruction set available here: random keys of every key size, for the
/// 128- and 256-bit blocks the hardware kernels run, encryption and decryption keys.
/// </summary>
public class RijndaelHardwareKeyScheduleTests
{
    [AesInstructionsFact]
    public void SubWord_IsTheSBoxOnEveryByte()
    {
        if (AesRoundX86.IsSupported)
        {
            CheckSubWord<AesRoundX86>();
        }

        if (AesRoundArm.IsSupported)
        {
            CheckSubWord<AesRoundArm>();
        }
    }

    [AesInstructionsFact]
    public void ExpandedKeys_EqualTheTableSchedule_EveryKeySize()
    {
        if (AesRoundX86.IsSupported)
        {
            CheckSchedules<AesRoundX86>(seed: 1401);
        }

        if (AesRoundArm.IsSupported)
        {
            CheckSchedules<AesRoundArm>(seed: 1402);
        }
    }

    [X86AesFact]
    public void LargeBlockDecryptionKeys_AesImcEqualsTheTables()
    {
        var random = TestRandom.Create(1403);
        foreach (LargeBlockDefinition definition in LargeBlockDefinition.All)
        {
            for (int trial = 0; trial < 20; trial++)
            {
                uint[] encryption = definition.ExpandEncryptionKey(TestRandom.Bytes(random, definition.BlockSizeInBytes));
                Assert.Equal(definition.ExpandDecryptionKey(encryption), definition.ExpandDecryptionKey(encryption, LargeBlockAesNiKernel.InverseMixColumns));
            }
        }
    }

    private static void CheckSubWord<TAes>()
        where TAes : struct, IAesRound
    {
        byte[] sbox = RijndaelTables.SBox;
        for (int x = 0; x < 256; x++)
        {
            // Four different bytes per word, so a byte taken from the wrong position is caught.
            uint word = (uint)x | ((uint)(x ^ 0x5a) << 8) | ((uint)(x ^ 0xa5) << 16) | ((uint)(255 - x) << 24);
            uint expected = sbox[x] | ((uint)sbox[x ^ 0x5a] << 8) | ((uint)sbox[x ^ 0xa5] << 16) | ((uint)sbox[255 - x] << 24);
            Assert.Equal(expected, RijndaelHardwareKeySchedule.SubWord<TAes>(word));
        }
    }

    private static void CheckSchedules<TAes>(int seed)
        where TAes : struct, IAesRound
    {
        var random = TestRandom.Create(seed);
        foreach (int blockWords in new[] { 4, 8 })
        {
            for (int keyWords = 4; keyWords <= 8; keyWords++)
            {
                for (int trial = 0; trial < 50; trial++)
                {
                    byte[] key = TestRandom.Bytes(random, 4 * keyWords);
                    uint[] expected = RijndaelKeySchedule.ExpandEncryptionKey(key, blockWords);
                    Vector128<byte>[] actual = RijndaelHardwareKeySchedule.ExpandEncryptionKey<TAes>(key, blockWords);
                    string context = $"{typeof(TAes).Name} Nb={blockWords} Nk={keyWords} key {Convert.ToHexStringLower(key)}";
                    Assert.True(expected.AsSpan().SequenceEqual(Words(actual)), "encryption keys, " + context);

                    uint[] expectedInverse = RijndaelKeySchedule.ToDecryptionKey(expected, blockWords);
                    Vector128<byte>[] actualInverse = RijndaelHardwareKeySchedule.ToDecryptionKey<TAes>(actual, blockWords);
                    Assert.True(expectedInverse.AsSpan().SequenceEqual(Words(actualInverse)), "decryption keys, " + context);
                }
            }
        }
    }

    private static ReadOnlySpan<uint> Words(Vector128<byte>[] vectors) => MemoryMarshal.Cast<Vector128<byte>, uint>(vectors.AsSpan());
}
