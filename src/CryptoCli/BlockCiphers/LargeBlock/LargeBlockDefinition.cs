// P5's large-state block ciphers (Shiba, Sakamoto, Isobe 2021, "Efficient constructions of large-state block
// ciphers using AES-NI"): 256-bit (2 AES lanes) or 512-bit (4 AES lanes) blocks; a step is one AES round
// (one-round construction) or two (two-round) on every lane followed by a 32-bit-word permutation pi; the last
// AES round is AESENCLAST with no permutation after it. AES round counts from P5 Table 3 as corrected in
// docs/papers.md: 256-bit 6 (one-round) / 7 (two-round); 512-bit one-round 8 (pi16b) / 10 (pi16u); 512-bit two-round 9.
//
// Key schedule (OUR choice; the paper leaves it open and uses arbitrary constants): the key K is one block.
//   RK_0 = K (whitening, XORed before the first round),
//   RK_i = K XOR RC_i for AES rounds i = 1..R, where RC_i is the block of Haraka v2 round constants
//          RC[(i-1)L .. (i-1)L + L-1] (L = lanes; at most 10 x 4 = 40 constants, exactly Haraka's 40).
// Encryption: x ^= RK_0; for i = 1..R-1 { x = AESENC(x, RK_i) per lane; if pi follows round i, x = pi(x) };
//             x = AESENCLAST(x, RK_R). The one-round construction permutes after every round, the two-round one
//             after every even round.
// Decryption, derived step by step (InvMixColumns is linear and acts on one 32-bit column, so it commutes with a
// word permutation; InvSubBytes/InvShiftRows do not need to):
//   x ^= RK_R; for i = R-1..1 { x = AESDEC(x, D_i); if pi follows round i, x = pi^-1(x) }; x = AESDECLAST(x, RK_0),
//   with D_i = InvMixColumns(RK_i), permuted by pi when pi follows round i (pi^-1(a ^ pi(k)) = pi^-1(a) ^ k).
using System;
using System.Buffers.Binary;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>Transforms every 32-bit column of a round key in place.</summary>
internal delegate void ColumnTransform(Span<uint> columns);

internal sealed class LargeBlockDefinition
{
    private LargeBlockDefinition(int blockSizeInBytes, bool twoRound, bool blend, int rounds)
    {
        BlockSizeInBytes = blockSizeInBytes;
        TwoRound = twoRound;
        Blend = blend;
        Rounds = rounds;
        Permutation = LargeBlockPermutations.Get(blockSizeInBytes, blend).ToArray();
        InversePermutation = LargeBlockPermutations.Invert(Permutation);
    }

    public static readonly LargeBlockDefinition OneRound256Unpack = new(32, twoRound: false, blend: false, rounds: 6);
    public static readonly LargeBlockDefinition OneRound256Blend = new(32, twoRound: false, blend: true, rounds: 6);
    public static readonly LargeBlockDefinition TwoRound256Unpack = new(32, twoRound: true, blend: false, rounds: 7);
    public static readonly LargeBlockDefinition TwoRound256Blend = new(32, twoRound: true, blend: true, rounds: 7);
    public static readonly LargeBlockDefinition OneRound512Unpack = new(64, twoRound: false, blend: false, rounds: 10);
    public static readonly LargeBlockDefinition OneRound512Blend = new(64, twoRound: false, blend: true, rounds: 8);
    public static readonly LargeBlockDefinition TwoRound512Unpack = new(64, twoRound: true, blend: false, rounds: 9);
    public static readonly LargeBlockDefinition TwoRound512Blend = new(64, twoRound: true, blend: true, rounds: 9);

    public static LargeBlockDefinition[] All => new[]
    {
        OneRound256Unpack, OneRound256Blend, TwoRound256Unpack, TwoRound256Blend,
        OneRound512Unpack, OneRound512Blend, TwoRound512Unpack, TwoRound512Blend,
    };

    public int BlockSizeInBytes { get; }

    public int Lanes => BlockSizeInBytes / 16;

    public int Words => BlockSizeInBytes / 4;

    public bool TwoRound { get; }

    public bool Blend { get; }

    /// <summary>AES rounds, the last one AESENCLAST.</summary>
    public int Rounds { get; }

    /// <summary>new word j = old word Permutation[j].</summary>
    public byte[] Permutation { get; }

    public byte[] InversePermutation { get; }

    /// <summary>The primitive's name, e.g. LargeBlock256-TwoRound-Unpack.</summary>
    public string Name
        => $"LargeBlock{BlockSizeInBytes * 8}-{(TwoRound ? "TwoRound" : "OneRound")}-{(Blend ? "Blend" : "Unpack")}";

    /// <summary>The number of permutations (Table 3's last column).</summary>
    public int PermutationCount => TwoRound ? (Rounds - 1) / 2 : Rounds - 1;

    /// <summary>True when the permutation follows AES round <paramref name="round"/> (1..Rounds-1).</summary>
    public bool PermutesAfter(int round) => !TwoRound || round % 2 == 0;

    public override string ToString() => Name;

    /// <summary>RK_0..RK_R as little-endian words, Words per round key.</summary>
    public uint[] ExpandEncryptionKey(ReadOnlySpan<byte> key)
    {
        int words = Words;
        uint[] keys = new uint[(Rounds + 1) * words];
        ReadOnlySpan<uint> rc = HarakaConstants.RoundConstants;
        for (int i = 0; i <= Rounds; i++)
        {
            for (int w = 0; w < words; w++)
            {
                uint k = BinaryPrimitives.ReadUInt32LittleEndian(key.Slice(4 * w));
                keys[i * words + w] = i == 0 ? k : k ^ rc[(i - 1) * words + w];
            }
        }

        return keys;
    }

    /// <summary>The decryption keys in use order: RK_R, D_{R-1}, ..., D_1, RK_0 (see the file header).</summary>
    /// <remarks>InvMixColumns by the T-tables, indexed by key bytes: for the portable kernel only.</remarks>
    public uint[] ExpandDecryptionKey(uint[] encryptionKeys)
        => ExpandDecryptionKey(encryptionKeys, InverseMixColumnsByTables);

    /// <summary>
    /// As <see cref="ExpandDecryptionKey(uint[])"/>, with InvMixColumns done by <paramref name="inverseMixColumns"/>
    /// (the hardware kernels pass AESIMC, so that no key byte indexes a table).
    /// </summary>
    public uint[] ExpandDecryptionKey(uint[] encryptionKeys, ColumnTransform inverseMixColumns)
    {
        int words = Words;
        uint[] keys = new uint[encryptionKeys.Length];
        Span<uint> column = stackalloc uint[16];
        encryptionKeys.AsSpan(Rounds * words, words).CopyTo(keys);
        encryptionKeys.AsSpan(0, words).CopyTo(keys.AsSpan(Rounds * words));
        for (int step = 1; step < Rounds; step++)
        {
            int round = Rounds - step;
            Span<uint> d = keys.AsSpan(step * words, words);
            encryptionKeys.AsSpan(round * words, words).CopyTo(column);
            inverseMixColumns(column.Slice(0, words));

            for (int w = 0; w < words; w++)
            {
                d[w] = PermutesAfter(round) ? column[Permutation[w]] : column[w];
            }
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(column));
        return keys;
    }

    private static void InverseMixColumnsByTables(Span<uint> columns)
    {
        for (int w = 0; w < columns.Length; w++)
        {
            columns[w] = AesRound.InverseMixColumns(columns[w]);
        }
    }
}
