// Hierocrypt-3 (Toshiba; CRYPTREC 2001): 128-bit block, 128/192/256-bit keys, 6/7/8 rounds.
// The straightforward kernel: XS and MDS_H as the specification writes them, no fused tables.
using System;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Test oracle, never selected by default (registered as <see cref="KernelPreference.TestsAndBenchmarksOnly"/>):
/// Hierocrypt-3 layer by layer, as the yardstick for the fused-table kernels. A round is XS on each of the four
/// rows (XOR K1, S-box, MDS_L, XOR K2, S-box) then MDS_H across the rows; the last round has no MDS_H and is
/// followed by an XOR with the final K1. Decryption is the equivalent inverse cipher: the same data path with
/// the inverse S-box and matrices and transformed round keys (<see cref="Hierocrypt3KeySchedule.ToDecryption"/>).
/// Slow on purpose; not constant-time.
/// </summary>
internal sealed class Hierocrypt3ReferenceKernel : BlockCipherKernel
{
    private readonly uint[] _encryptionKey;
    private readonly uint[] _decryptionKey;
    private readonly int _rounds;

    public Hierocrypt3ReferenceKernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        _rounds = Hierocrypt3KeySchedule.Rounds(key.Length);
        _encryptionKey = Hierocrypt3KeySchedule.Expand(key);
        _decryptionKey = Hierocrypt3KeySchedule.ToDecryption(_encryptionKey);
    }

    public override string Name => "reference";

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _encryptionKey, Hierocrypt3Tables.SBox, Hierocrypt3Tables.MdsLRow,
            Hierocrypt3Tables.MdsHRow);

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _decryptionKey, Hierocrypt3Tables.InverseSBox, Hierocrypt3Tables.InverseMdsLRow,
            Hierocrypt3Tables.InverseMdsHRow);

    private void Transform(ReadOnlySpan<byte> source, Span<byte> destination, uint[] key, byte[] box, byte[] mdsL,
        byte[] mdsH)
    {
        Span<uint> state = stackalloc uint[4];
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            Hierocrypt3Rows.Load(source.Slice(offset), state);
            for (int round = 0; round < _rounds; round++)
            {
                for (int i = 0; i < 4; i++)
                {
                    uint row = Hierocrypt3Tables.SubWord(box, state[i] ^ key[8 * round + i]);
                    row = Hierocrypt3Tables.ApplyMdsL(mdsL, row);
                    state[i] = Hierocrypt3Tables.SubWord(box, row ^ key[8 * round + 4 + i]);
                }

                if (round < _rounds - 1)
                {
                    Hierocrypt3Tables.ApplyMdsH(mdsH, state);
                }
            }

            for (int i = 0; i < 4; i++)
            {
                state[i] ^= key[8 * _rounds + i];
            }

            Hierocrypt3Rows.Store(state, destination.Slice(offset));
        }

        state.Clear();
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_encryptionKey.AsSpan()));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_decryptionKey.AsSpan()));
    }
}

/// <summary>Loads and stores the state as four big-endian row words (row i = bytes 4i..4i+3).</summary>
internal static class Hierocrypt3Rows
{
    public static void Load(ReadOnlySpan<byte> block, Span<uint> rows)
    {
        for (int i = 0; i < 4; i++)
        {
            rows[i] = System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(block.Slice(4 * i));
        }
    }

    public static void Store(ReadOnlySpan<uint> rows, Span<byte> block)
    {
        for (int i = 0; i < 4; i++)
        {
            System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(block.Slice(4 * i), rows[i]);
        }
    }
}
