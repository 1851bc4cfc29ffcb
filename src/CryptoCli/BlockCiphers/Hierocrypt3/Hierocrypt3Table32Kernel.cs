// Hierocrypt-3 (Toshiba; CRYPTREC 2001): 128-bit block, 128/192/256-bit keys, 6/7/8 rounds.
// P2's 32-bit fused-table kernel: four mdsL_ST tables for S-box + MDS_L, the 7 distinct MDSH_ST tables for
// S-box + MDS_H.
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Hierocrypt-3 with 32-bit words (Asahi et al. 2010, "32-bit" implementation): the state is four row words;
/// per round, the first half of XS costs 16 look-ups in the <c>mdsL_ST</c> tables (S-box and MDS_L fused), and the
/// second S-box layer fused with MDS_H costs 64 look-ups in the 7 distinct <c>MDSH_ST</c> tables (10 for the
/// inverse matrix), picked per (input byte, output row) as <see cref="Hierocrypt3FusedTables"/> explains. Every
/// table of a direction sits in one array reached through one ref, with constant offsets. Not constant-time.
/// </summary>
internal sealed class Hierocrypt3Table32Kernel : BlockCipherKernel
{
    private readonly uint[] _encryptionKey;
    private readonly uint[] _decryptionKey;
    private readonly int _rounds;

    public Hierocrypt3Table32Kernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        _rounds = Hierocrypt3KeySchedule.Rounds(key.Length);
        _encryptionKey = Hierocrypt3KeySchedule.Expand(key);
        _decryptionKey = Hierocrypt3KeySchedule.ToDecryption(_encryptionKey);
        // Before the AggressiveOptimization loops compile, so that the byte-order test folds away.
        ByteOrder.EnsureInitialized();
    }

    public override string Name => "table32";

#if NET
    // The whole-buffer loop runs long on its first calls: compile it optimized at once rather than as tier-0/OSR code.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
#endif
    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref uint t = ref MemoryMarshal.GetReference(Hierocrypt3FusedTables.Encryption32.AsSpan());
        Debug.Assert(destination.Length >= source.Length);
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            ref uint k = ref MemoryMarshal.GetReference(_encryptionKey.AsSpan());
            uint s0 = ByteOrder.ReadUInt32BigEndian(ref input, offset);
            uint s1 = ByteOrder.ReadUInt32BigEndian(ref input, offset + 4);
            uint s2 = ByteOrder.ReadUInt32BigEndian(ref input, offset + 8);
            uint s3 = ByteOrder.ReadUInt32BigEndian(ref input, offset + 12);
            for (int round = 1; ; round++)
            {
                uint u0 = XsFirstHalf(ref t, s0 ^ k) ^ Unsafe.Add(ref k, 4);
                uint u1 = XsFirstHalf(ref t, s1 ^ Unsafe.Add(ref k, 1)) ^ Unsafe.Add(ref k, 5);
                uint u2 = XsFirstHalf(ref t, s2 ^ Unsafe.Add(ref k, 2)) ^ Unsafe.Add(ref k, 6);
                uint u3 = XsFirstHalf(ref t, s3 ^ Unsafe.Add(ref k, 3)) ^ Unsafe.Add(ref k, 7);
                k = ref Unsafe.Add(ref k, 8);
                if (round == _rounds)
                {
                    Finish(ref t, ref k, u0, u1, u2, u3, ref Unsafe.Add(ref output, offset));
                    break;
                }

                // S-box + MDS_H: output row i takes input row j through the tables of column (i - j) mod 4.
                s0 = H(ref t, 5, u0, 24) ^ H(ref t, 1, u0, 16) ^ H(ref t, 3, u0, 8) ^ H(ref t, 0, u0, 0)
                    ^ H(ref t, 5, u1, 24) ^ H(ref t, 1, u1, 16) ^ H(ref t, 3, u1, 8) ^ H(ref t, 0, u1, 0)
                    ^ H(ref t, 6, u2, 24) ^ H(ref t, 5, u2, 16) ^ H(ref t, 1, u2, 8) ^ H(ref t, 3, u2, 0)
                    ^ H(ref t, 2, u3, 24) ^ H(ref t, 4, u3, 16) ^ H(ref t, 6, u3, 8) ^ H(ref t, 5, u3, 0);
                s1 = H(ref t, 2, u0, 24) ^ H(ref t, 4, u0, 16) ^ H(ref t, 6, u0, 8) ^ H(ref t, 5, u0, 0)
                    ^ H(ref t, 5, u1, 24) ^ H(ref t, 1, u1, 16) ^ H(ref t, 3, u1, 8) ^ H(ref t, 0, u1, 0)
                    ^ H(ref t, 5, u2, 24) ^ H(ref t, 1, u2, 16) ^ H(ref t, 3, u2, 8) ^ H(ref t, 0, u2, 0)
                    ^ H(ref t, 6, u3, 24) ^ H(ref t, 5, u3, 16) ^ H(ref t, 1, u3, 8) ^ H(ref t, 3, u3, 0);
                s2 = H(ref t, 6, u0, 24) ^ H(ref t, 5, u0, 16) ^ H(ref t, 1, u0, 8) ^ H(ref t, 3, u0, 0)
                    ^ H(ref t, 2, u1, 24) ^ H(ref t, 4, u1, 16) ^ H(ref t, 6, u1, 8) ^ H(ref t, 5, u1, 0)
                    ^ H(ref t, 5, u2, 24) ^ H(ref t, 1, u2, 16) ^ H(ref t, 3, u2, 8) ^ H(ref t, 0, u2, 0)
                    ^ H(ref t, 5, u3, 24) ^ H(ref t, 1, u3, 16) ^ H(ref t, 3, u3, 8) ^ H(ref t, 0, u3, 0);
                s3 = H(ref t, 5, u0, 24) ^ H(ref t, 1, u0, 16) ^ H(ref t, 3, u0, 8) ^ H(ref t, 0, u0, 0)
                    ^ H(ref t, 6, u1, 24) ^ H(ref t, 5, u1, 16) ^ H(ref t, 1, u1, 8) ^ H(ref t, 3, u1, 0)
                    ^ H(ref t, 2, u2, 24) ^ H(ref t, 4, u2, 16) ^ H(ref t, 6, u2, 8) ^ H(ref t, 5, u2, 0)
                    ^ H(ref t, 5, u3, 24) ^ H(ref t, 1, u3, 16) ^ H(ref t, 3, u3, 8) ^ H(ref t, 0, u3, 0);
            }
        }
    }

#if NET
    // The whole-buffer loop runs long on its first calls: compile it optimized at once rather than as tier-0/OSR code.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
#endif
    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref uint t = ref MemoryMarshal.GetReference(Hierocrypt3FusedTables.Decryption32.AsSpan());
        Debug.Assert(destination.Length >= source.Length);
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            ref uint k = ref MemoryMarshal.GetReference(_decryptionKey.AsSpan());
            uint s0 = ByteOrder.ReadUInt32BigEndian(ref input, offset);
            uint s1 = ByteOrder.ReadUInt32BigEndian(ref input, offset + 4);
            uint s2 = ByteOrder.ReadUInt32BigEndian(ref input, offset + 8);
            uint s3 = ByteOrder.ReadUInt32BigEndian(ref input, offset + 12);
            for (int round = 1; ; round++)
            {
                uint u0 = XsFirstHalf(ref t, s0 ^ k) ^ Unsafe.Add(ref k, 4);
                uint u1 = XsFirstHalf(ref t, s1 ^ Unsafe.Add(ref k, 1)) ^ Unsafe.Add(ref k, 5);
                uint u2 = XsFirstHalf(ref t, s2 ^ Unsafe.Add(ref k, 2)) ^ Unsafe.Add(ref k, 6);
                uint u3 = XsFirstHalf(ref t, s3 ^ Unsafe.Add(ref k, 3)) ^ Unsafe.Add(ref k, 7);
                k = ref Unsafe.Add(ref k, 8);
                if (round == _rounds)
                {
                    Finish(ref t, ref k, u0, u1, u2, u3, ref Unsafe.Add(ref output, offset));
                    break;
                }

                // Inverse S-box + MDS_H^-1, with the inverse matrix's 10 distinct pattern tables.
                s0 = H(ref t, 2, u0, 24) ^ H(ref t, 4, u0, 16) ^ H(ref t, 0, u0, 8) ^ H(ref t, 5, u0, 0)
                    ^ H(ref t, 3, u1, 24) ^ H(ref t, 7, u1, 16) ^ H(ref t, 9, u1, 8) ^ H(ref t, 8, u1, 0)
                    ^ H(ref t, 3, u2, 24) ^ H(ref t, 7, u2, 16) ^ H(ref t, 9, u2, 8) ^ H(ref t, 8, u2, 0)
                    ^ H(ref t, 0, u3, 24) ^ H(ref t, 5, u3, 16) ^ H(ref t, 6, u3, 8) ^ H(ref t, 1, u3, 0);
                s1 = H(ref t, 0, u0, 24) ^ H(ref t, 5, u0, 16) ^ H(ref t, 6, u0, 8) ^ H(ref t, 1, u0, 0)
                    ^ H(ref t, 2, u1, 24) ^ H(ref t, 4, u1, 16) ^ H(ref t, 0, u1, 8) ^ H(ref t, 5, u1, 0)
                    ^ H(ref t, 3, u2, 24) ^ H(ref t, 7, u2, 16) ^ H(ref t, 9, u2, 8) ^ H(ref t, 8, u2, 0)
                    ^ H(ref t, 3, u3, 24) ^ H(ref t, 7, u3, 16) ^ H(ref t, 9, u3, 8) ^ H(ref t, 8, u3, 0);
                s2 = H(ref t, 3, u0, 24) ^ H(ref t, 7, u0, 16) ^ H(ref t, 9, u0, 8) ^ H(ref t, 8, u0, 0)
                    ^ H(ref t, 0, u1, 24) ^ H(ref t, 5, u1, 16) ^ H(ref t, 6, u1, 8) ^ H(ref t, 1, u1, 0)
                    ^ H(ref t, 2, u2, 24) ^ H(ref t, 4, u2, 16) ^ H(ref t, 0, u2, 8) ^ H(ref t, 5, u2, 0)
                    ^ H(ref t, 3, u3, 24) ^ H(ref t, 7, u3, 16) ^ H(ref t, 9, u3, 8) ^ H(ref t, 8, u3, 0);
                s3 = H(ref t, 3, u0, 24) ^ H(ref t, 7, u0, 16) ^ H(ref t, 9, u0, 8) ^ H(ref t, 8, u0, 0)
                    ^ H(ref t, 3, u1, 24) ^ H(ref t, 7, u1, 16) ^ H(ref t, 9, u1, 8) ^ H(ref t, 8, u1, 0)
                    ^ H(ref t, 0, u2, 24) ^ H(ref t, 5, u2, 16) ^ H(ref t, 6, u2, 8) ^ H(ref t, 1, u2, 0)
                    ^ H(ref t, 2, u3, 24) ^ H(ref t, 4, u3, 16) ^ H(ref t, 0, u3, 8) ^ H(ref t, 5, u3, 0);
            }
        }
    }

    /// <summary>
    /// Entry <paramref name="index"/> of the table at <paramref name="offset"/> (the offset folds into the address).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint At(ref uint tables, int offset, uint index) =>
        Unsafe.Add(ref Unsafe.Add(ref tables, offset), (nint)index);

    /// <summary>XOR K1 is done by the caller; S-box + MDS_L on one row through the four mdsL_ST tables.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint XsFirstHalf(ref uint t, uint x) =>
        At(ref t, 0, x >> 24) ^ At(ref t, 256, (byte)(x >> 16)) ^ At(ref t, 512, (byte)(x >> 8))
            ^ At(ref t, 768, (byte)x);

    /// <summary>
    /// One MDSH_ST look-up: pattern table <paramref name="slot"/> at byte <paramref name="shift"/>/8 (from the right)
    /// of <paramref name="u"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint H(ref uint t, int slot, uint u, int shift) =>
        At(ref t, (Hierocrypt3FusedTables.MdsHSlot + slot) * 256, (byte)(u >> shift));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint SubWord(ref uint t, uint x)
    {
        const int S = Hierocrypt3FusedTables.SBoxSlot * 256;
        return (At(ref t, S, x >> 24) << 24) | (At(ref t, S, (byte)(x >> 16)) << 16)
            | (At(ref t, S, (byte)(x >> 8)) << 8) | At(ref t, S, (byte)x);
    }

    /// <summary>Last round: the second S-box layer without MDS_H, then the final key.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Finish(ref uint t, ref uint k, uint u0, uint u1, uint u2, uint u3, ref byte output)
    {
        ByteOrder.WriteUInt32BigEndian(ref output, 0, SubWord(ref t, u0) ^ k);
        ByteOrder.WriteUInt32BigEndian(ref output, 4, SubWord(ref t, u1) ^ Unsafe.Add(ref k, 1));
        ByteOrder.WriteUInt32BigEndian(ref output, 8, SubWord(ref t, u2) ^ Unsafe.Add(ref k, 2));
        ByteOrder.WriteUInt32BigEndian(ref output, 12, SubWord(ref t, u3) ^ Unsafe.Add(ref k, 3));
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_encryptionKey.AsSpan()));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_decryptionKey.AsSpan()));
    }
}
