// SC2000 (Fujitsu; CRYPTREC 2001): 128-bit block, 128/192/256-bit keys, 6.5 or 7.5 rounds of I-B-I-R-R.
// The straightforward kernel: each layer as the specification writes it, no fused tables.
using System;
using System.Buffers.Binary;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Test oracle, never selected by default (registered as <see cref="KernelPreference.TestsAndBenchmarksOnly"/>):
/// SC2000 written layer by layer from the specification, as the yardstick for the fast kernel: I (XOR with 4
/// extended-key words), B (the 4-bit S-box applied bit by bit across the four words), R (a Feistel round on
/// word pairs with F = L(M∘S, M∘S), S and M computed from their definitions), and the half swap after the
/// second R. Decryption runs the same structure with the inverse B and the key groups reversed (the pair R, R
/// is its own inverse). Slow on purpose; not constant-time.
/// </summary>
internal sealed class SC2000ReferenceKernel : BlockCipherKernel
{
    private const uint Mask0 = 0x55555555, Mask1 = 0x33333333;

    private readonly uint[] _encryptionKey;
    private readonly uint[] _decryptionKey;
    private readonly int _fullRounds;

    public SC2000ReferenceKernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        _fullRounds = SC2000KeySchedule.FullRounds(key.Length);
        _encryptionKey = SC2000KeySchedule.Expand(key, useFusedTables: false);
        _decryptionKey = SC2000KeySchedule.ReverseGroups(_encryptionKey);
    }

    public override string Name => "reference";

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _encryptionKey, SC2000Tables.S4, firstMask: 0);

    // Decryption walks the masks backwards: 128-bit keys (6 rounds) start on the second mask, 7 rounds on the first.
    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _decryptionKey, SC2000Tables.S4Inverse, firstMask: (_fullRounds + 1) % 2);

    private void Transform(ReadOnlySpan<byte> source, Span<byte> destination, uint[] key, byte[] box, int firstMask)
    {
        Span<uint> x = stackalloc uint[4];
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            for (int i = 0; i < 4; i++)
            {
                x[i] = BinaryPrimitives.ReadUInt32BigEndian(source.Slice(offset + 4 * i));
            }

            int k = 0;
            for (int round = 0; round < _fullRounds; round++)
            {
                uint mask = (round + firstMask) % 2 == 0 ? Mask0 : Mask1;
                I(x, key, ref k);
                SC2000Tables.B(box, ref x[0], ref x[1], ref x[2], ref x[3]);
                I(x, key, ref k);

                // R: (a, b) ^= F(c, d); R again with the halves swapped: (c, d) ^= F(a, b); then swap the halves.
                (uint s, uint t) = F(x[2], x[3], mask);
                x[0] ^= s;
                x[1] ^= t;
                (s, t) = F(x[0], x[1], mask);
                (x[0], x[1], x[2], x[3]) = (x[2] ^ s, x[3] ^ t, x[0], x[1]);
            }

            I(x, key, ref k);
            SC2000Tables.B(box, ref x[0], ref x[1], ref x[2], ref x[3]);
            I(x, key, ref k);
            for (int i = 0; i < 4; i++)
            {
                BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(offset + 4 * i), x[i]);
            }
        }

        x.Clear();
    }

    private static void I(Span<uint> x, uint[] key, ref int k)
    {
        for (int i = 0; i < 4; i++)
        {
            x[i] ^= key[k++];
        }
    }

    /// <summary>F(a, b) = L(M(S(a)), M(S(b))) with L(s, t) = ((s &amp; mask) ^ t, (t &amp; ~mask) ^ s).</summary>
    private static (uint, uint) F(uint a, uint b, uint mask)
    {
        uint s = SC2000Tables.M(SC2000Tables.S(a));
        uint t = SC2000Tables.M(SC2000Tables.S(b));
        return ((s & mask) ^ t, (t & ~mask) ^ s);
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_encryptionKey.AsSpan()));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_decryptionKey.AsSpan()));
    }
}
