// The 32-bit-word permutations of P5 (Shiba, Sakamoto, Isobe 2021, "Efficient constructions of large-state
// block ciphers using AES-NI"), as tabulated in docs/papers.md (P5): new word j = old word pi[j], where word k is
// state bytes 4k..4k+3. pi8u and pi16u are Haraka v2's unpack-based mixes (punpckldq/punpckhdq); pi8b and
// pi16b are built from vpblendd, as in Pholkos.
using System;

namespace CryptoCli;

internal static class LargeBlockPermutations
{
    /// <summary>pi8u (256-bit state, unpack family; Haraka-256's mix).</summary>
    public static ReadOnlySpan<byte> Pi8Unpack => new byte[] { 0, 4, 1, 5, 2, 6, 3, 7 };

    /// <summary>pi16u (512-bit state, unpack family; Haraka-512's mix).</summary>
    public static ReadOnlySpan<byte> Pi16Unpack => new byte[] { 3, 11, 7, 15, 8, 0, 12, 4, 9, 1, 13, 5, 2, 10, 6, 14 };

    /// <summary>pi8b (256-bit state, blend family).</summary>
    public static ReadOnlySpan<byte> Pi8Blend => new byte[] { 0, 5, 2, 7, 4, 1, 6, 3 };

    /// <summary>pi16b (512-bit state, blend family).</summary>
    public static ReadOnlySpan<byte> Pi16Blend => new byte[] { 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11 };

    /// <summary>The table of a construction's permutation.</summary>
    public static ReadOnlySpan<byte> Get(int blockSizeInBytes, bool blend) =>
        blockSizeInBytes == 32 ? (blend ? Pi8Blend : Pi8Unpack) : (blend ? Pi16Blend : Pi16Unpack);

    /// <summary>The inverse table: inverse[pi[j]] = j, so applying pi then the inverse is the identity.</summary>
    public static byte[] Invert(ReadOnlySpan<byte> pi)
    {
        byte[] inverse = new byte[pi.Length];
        for (int j = 0; j < pi.Length; j++)
        {
            inverse[pi[j]] = (byte)j;
        }

        return inverse;
    }
}
