// SC2000 key schedule (SC2000 specification, CRYPTREC 2001, section "key schedule"): 128/192/256-bit user key
// -> 12 intermediate words -> 56 (128-bit key, 6.5 rounds) or 64 (192/256-bit keys, 7.5 rounds) extended-key words.
using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli;

/// <summary>
/// SC2000's key schedule. The user key is read as big-endian 32-bit words uk[0..]; shorter keys are wrapped to
/// 8 words, not zero-padded (128-bit: uk[4..7] = uk[0..3]; 192-bit: uk[6..7] = uk[0..1]), so the all-zero
/// 192- and 256-bit keys give the same cipher. The extended key is 4 words per I layer, in order of use.
/// </summary>
internal static class SC2000KeySchedule
{
    // Which intermediate-key strand feeds the x, y, z, w inputs of ek[n], for t = (n + n / 36) % 12 ...
    private static readonly byte[] s_order =
    {
        0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 0, 1, 3, 2, 1, 0, 0, 2, 3, 1, 1, 3, 2, 0,
        2, 0, 1, 3, 3, 1, 0, 2, 0, 3, 1, 2, 1, 2, 0, 3, 2, 1, 3, 0, 3, 0, 2, 1,
    };

    // ... and which word of that strand, for s = n % 9.
    private static readonly byte[] s_index =
    {
        0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 1, 0, 1, 1, 2, 1, 2, 2, 0, 2, 0,
        0, 2, 0, 2, 1, 0, 1, 0, 2, 1, 2, 1,
    };

    /// <summary>Rounds (I-B-I-R-R) before the final half round: 6 for 128-bit keys, 7 for 192/256-bit keys.</summary>
    public static int FullRounds(int keyBytes) => keyBytes == 16 ? 6 : 7;

    /// <summary>
    /// The extended key for encryption. <paramref name="useFusedTables"/> picks how M∘S is computed (the fused
    /// 11-10-11-bit tables, or S then M from their definitions), so the two kernels share no code path for it.
    /// </summary>
    public static uint[] Expand(ReadOnlySpan<byte> key, bool useFusedTables)
    {
        Debug.Assert(key.Length is 16 or 24 or 32);
        Span<uint> uk = stackalloc uint[8];
        int words = key.Length / 4;
        for (int i = 0; i < 8; i++)
        {
            // Wrap, don't pad: 128-bit keys give uk[4..7] = uk[0..3], 192-bit keys uk[6..7] = uk[0..1].
            uk[i] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(i % words * 4));
        }

        // Intermediate keys: ik[3 * j + i] for strand j (from uk[2j], uk[2j+1]) and index i.
        Span<uint> ik = stackalloc uint[12];
        for (int j = 0; j < 4; j++)
        {
            for (int i = 0; i < 3; i++)
            {
                uint ka = MS(uk[2 * j], useFusedTables) + MS((uint)(4 * i + j), useFusedTables);
                uint kb = MS(uk[2 * j + 1], useFusedTables) * (uint)(i + 1);
                ik[3 * j + i] = MS(ka ^ kb, useFusedTables);
            }
        }

        uint[] extended = new uint[(2 * FullRounds(key.Length) + 2) * 4];
        for (int n = 0; n < extended.Length; n++)
        {
            int t = (n + n / 36) % 12;
            int s = n % 9;
            uint x = ik[3 * s_order[4 * t] + s_index[4 * s]];
            uint y = ik[3 * s_order[4 * t + 1] + s_index[4 * s + 1]];
            uint z = ik[3 * s_order[4 * t + 2] + s_index[4 * s + 2]];
            uint w = ik[3 * s_order[4 * t + 3] + s_index[4 * s + 3]];
            extended[n] = (Bits.RotateLeft(x, 1) + y) ^ Bits.RotateLeft(Bits.RotateLeft(z, 1) - w, 1);
        }

        uk.Clear();
        ik.Clear();
        return extended;
    }

    /// <summary>The extended key in decryption order: the same 4-word groups, last first.</summary>
    public static uint[] ReverseGroups(uint[] extended)
    {
        uint[] reversed = new uint[extended.Length];
        int groups = extended.Length / 4;
        for (int g = 0; g < groups; g++)
        {
            Array.Copy(extended, 4 * g, reversed, 4 * (groups - 1 - g), 4);
        }

        return reversed;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint MS(uint x, bool useFusedTables) =>
        useFusedTables
            ? FusedMS(ref MemoryMarshal.GetReference(SC2000Tables.FusedMS.AsSpan()), x)
            : SC2000Tables.M(SC2000Tables.S(x));

    /// <summary>M∘S by three look-ups in the fused 11-10-11-bit tables.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint FusedMS(ref uint tables, uint x) =>
        Unsafe.Add(ref Unsafe.Add(ref tables, SC2000Tables.S11MHigh), (nint)(x >> 21)) ^
        Unsafe.Add(ref Unsafe.Add(ref tables, SC2000Tables.S10M), (nint)((x >> 11) & 0x3ff)) ^
        Unsafe.Add(ref Unsafe.Add(ref tables, SC2000Tables.S11MLow), (nint)(x & 0x7ff));
}
