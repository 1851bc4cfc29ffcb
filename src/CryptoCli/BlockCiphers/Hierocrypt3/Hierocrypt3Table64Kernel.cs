// Hierocrypt-3 (Toshiba; CRYPTREC 2001): 128-bit block, 128/192/256-bit keys, 6/7/8 rounds.
// P2's 64-bit fused-table kernel: the state in two 64-bit words, S-box + MDS_H through 8-to-64-bit tables.
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Hierocrypt-3 with 64-bit words (Asahi et al. 2010, "64-bit" implementation). The state is two words,
/// <c>a = row0 || row2</c> and <c>b = row1 || row3</c>. The first half of XS uses the 32-bit <c>mdsL_ST</c> tables per
/// row; the S-box + MDS_H layer costs 32 look-ups in 8-to-64-bit tables <c>E_k</c>, <c>O_k</c> (k = byte of the
/// row): because MDS_H is circulant over rows, this packing turns the contributions of rows 1 and 2 into one
/// 32-bit rotation per output word, so 8 tables (16 KiB) serve all 16 input bytes:
/// <c>a' = E(row0) ^ O(row3) ^ rot32(O(row1) ^ E(row2))</c>, <c>b' = O(row0) ^ E(row1) ^ rot32(O(row2) ^ E(row3))</c>.
/// Decryption is the same code over the inverse tables. Not constant-time.
/// </summary>
internal sealed class Hierocrypt3Table64Kernel : BlockCipherKernel
{
    private readonly ulong[] _encryptionKey;
    private readonly ulong[] _decryptionKey;
    private readonly int _rounds;

    public Hierocrypt3Table64Kernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        _rounds = Hierocrypt3KeySchedule.Rounds(key.Length);
        uint[] encryption = Hierocrypt3KeySchedule.Expand(key);
        uint[] decryption = Hierocrypt3KeySchedule.ToDecryption(encryption);
        _encryptionKey = Pack(encryption, _rounds);
        _decryptionKey = Pack(decryption, _rounds);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(encryption.AsSpan()));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(decryption.AsSpan()));
        // Before the AggressiveOptimization loops compile, so that the byte-order test folds away.
        ByteOrder.EnsureInitialized();
    }

    public override string Name => "table64";

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _encryptionKey, Hierocrypt3FusedTables.Encryption32,
            Hierocrypt3FusedTables.Encryption64);

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _decryptionKey, Hierocrypt3FusedTables.Decryption32,
            Hierocrypt3FusedTables.Decryption64);

    // Round keys as (K1 rows 0||2, K1 rows 1||3, K2 rows 0||2, K2 rows 1||3) per round, then the final K1 (2 words).
    private static ulong[] Pack(uint[] rows, int rounds)
    {
        ulong[] packed = new ulong[4 * rounds + 2];
        for (int r = 0; r <= rounds; r++)
        {
            for (int half = 0; half < (r < rounds ? 2 : 1); half++)
            {
                int from = 8 * r + 4 * half;
                packed[4 * r + 2 * half] = ((ulong)rows[from] << 32) | rows[from + 2];
                packed[4 * r + 2 * half + 1] = ((ulong)rows[from + 1] << 32) | rows[from + 3];
            }
        }

        return packed;
    }

#if NET
    // The whole-buffer loop runs long on its first calls: compile it optimized at once rather than as tier-0/OSR code.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
#endif
    private void Transform(ReadOnlySpan<byte> source, Span<byte> destination, ulong[] key, uint[] tables32,
        ulong[] tables64)
    {
        ref uint t = ref MemoryMarshal.GetReference(tables32.AsSpan());
        ref ulong h = ref MemoryMarshal.GetReference(tables64.AsSpan());
        Debug.Assert(destination.Length >= source.Length);
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        int rounds = _rounds;
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            ref ulong k = ref MemoryMarshal.GetReference(key.AsSpan());
            ulong a = ((ulong)ByteOrder.ReadUInt32BigEndian(ref input, offset) << 32)
                | ByteOrder.ReadUInt32BigEndian(ref input, offset + 8);
            ulong b = ((ulong)ByteOrder.ReadUInt32BigEndian(ref input, offset + 4) << 32)
                | ByteOrder.ReadUInt32BigEndian(ref input, offset + 12);
            for (int round = 1; ; round++)
            {
                ulong x = a ^ k;
                ulong y = b ^ Unsafe.Add(ref k, 1);
                ulong u = (((ulong)XsFirstHalf(ref t, (uint)(x >> 32)) << 32) | XsFirstHalf(ref t, (uint)x))
                    ^ Unsafe.Add(ref k, 2);
                ulong v = (((ulong)XsFirstHalf(ref t, (uint)(y >> 32)) << 32) | XsFirstHalf(ref t, (uint)y))
                    ^ Unsafe.Add(ref k, 3);
                k = ref Unsafe.Add(ref k, 4);
                if (round == rounds)
                {
                    ulong c = SubBytes(ref t, u) ^ k;
                    ulong d = SubBytes(ref t, v) ^ Unsafe.Add(ref k, 1);
                    ByteOrder.WriteUInt32BigEndian(ref output, offset, (uint)(c >> 32));
                    ByteOrder.WriteUInt32BigEndian(ref output, offset + 4, (uint)(d >> 32));
                    ByteOrder.WriteUInt32BigEndian(ref output, offset + 8, (uint)c);
                    ByteOrder.WriteUInt32BigEndian(ref output, offset + 12, (uint)d);
                    break;
                }

                // u = row0 || row2, v = row1 || row3.
                a = E(ref h, u, 32) ^ O(ref h, v, 0) ^ Bits.RotateLeft(O(ref h, v, 32) ^ E(ref h, u, 0), 32);
                b = O(ref h, u, 32) ^ E(ref h, v, 32) ^ Bits.RotateLeft(O(ref h, u, 0) ^ E(ref h, v, 0), 32);
            }
        }
    }

    /// <summary>
    /// Entry <paramref name="index"/> of the table at <paramref name="offset"/> (the offset folds into the address).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static T At<T>(ref T tables, int offset, uint index) =>
        Unsafe.Add(ref Unsafe.Add(ref tables, offset), (nint)index);

    /// <summary>S-box + MDS_L on one row through the four mdsL_ST tables.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint XsFirstHalf(ref uint t, uint x) =>
        At(ref t, 0, x >> 24) ^ At(ref t, 256, (byte)(x >> 16)) ^ At(ref t, 512, (byte)(x >> 8))
            ^ At(ref t, 768, (byte)x);

    /// <summary>
    /// E tables (output rows 0 and 2) over the row held in bits <paramref name="shift"/>..+31 of <paramref name="w"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong E(ref ulong h, ulong w, int shift) =>
        At(ref h, 0, (byte)(w >> (shift + 24))) ^ At(ref h, 256, (byte)(w >> (shift + 16))) ^
        At(ref h, 512, (byte)(w >> (shift + 8))) ^ At(ref h, 768, (byte)(w >> shift));

    /// <summary>
    /// O tables (output rows 1 and 3) over the row held in bits <paramref name="shift"/>..+31 of <paramref name="w"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong O(ref ulong h, ulong w, int shift) =>
        At(ref h, 1024, (byte)(w >> (shift + 24))) ^ At(ref h, 1280, (byte)(w >> (shift + 16))) ^
        At(ref h, 1536, (byte)(w >> (shift + 8))) ^ At(ref h, 1792, (byte)(w >> shift));

    /// <summary>The S-box on each of the 8 bytes (last round, no MDS_H).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong SubBytes(ref uint t, ulong w)
    {
        ref uint s = ref Unsafe.Add(ref t, Hierocrypt3FusedTables.SBoxSlot * 256);
        ulong result = 0;
        for (int shift = 56; shift >= 0; shift -= 8)
        {
            result |= (ulong)At(ref s, 0, (byte)(w >> shift)) << shift;
        }

        return result;
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_encryptionKey.AsSpan()));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_decryptionKey.AsSpan()));
    }
}
