using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The portable Rijndael kernel, for every block size (4..8 words) and key size, written with P1's techniques:
/// T-tables that fold SubBytes and MixColumns, table reads without bounds checks (<see cref="Unsafe.Add{T}(ref T, int)"/>
/// over refs held in locals), <c>(byte)</c> casts for byte extraction, and <c>stackalloc</c> state for wide blocks.
/// Word loads and stores go through <see cref="ByteOrder"/> (little-endian column words), so the kernel is endian-correct.
/// Not constant-time: table indices depend on secret data (cache timing).
/// </summary>
internal sealed class RijndaelPortableKernel : BlockCipherKernel
{
    private readonly uint[] _encryptionKey;
    private readonly uint[] _decryptionKey;
    private readonly int _blockWords;
    private readonly int _rounds;
    private readonly int _shift1, _shift2, _shift3;

    public RijndaelPortableKernel(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(blockSizeInBytes)
    {
        _blockWords = blockSizeInBytes / 4;
        _encryptionKey = RijndaelKeySchedule.ExpandEncryptionKey(key, _blockWords);
        _decryptionKey = RijndaelKeySchedule.ToDecryptionKey(_encryptionKey, _blockWords);
        _rounds = _encryptionKey.Length / _blockWords - 1;
        // ShiftRows offsets of rows 1..3 (Rijndael proposal, Table 2).
        (_shift1, _shift2, _shift3) = _blockWords switch { < 7 => (1, 2, 3), 7 => (1, 2, 4), _ => (1, 3, 4) };
        ByteOrder.EnsureInitialized(); // before the AggressiveOptimization loops compile, so the byte-order test folds away
    }

    public override string Name => "portable";

    internal uint[] EncryptionKey => _encryptionKey;

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(destination.Length >= source.Length);
        if (_blockWords == 4)
        {
            Encrypt4(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), source.Length);
            return;
        }

        int blockSize = BlockSizeInBytes;
        for (int offset = 0; offset < source.Length; offset += blockSize)
        {
            Transform(source.Slice(offset, blockSize), destination.Slice(offset, blockSize), encrypt: true);
        }
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(destination.Length >= source.Length);
        if (_blockWords == 4)
        {
            Decrypt4(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), source.Length);
            return;
        }

        int blockSize = BlockSizeInBytes;
        for (int offset = 0; offset < source.Length; offset += blockSize)
        {
            Transform(source.Slice(offset, blockSize), destination.Slice(offset, blockSize), encrypt: false);
        }
    }

    // AES-sized blocks, the whole buffer in one call: the state in four locals, one unrolled round per loop trip.
    // Fully optimised at once: a one-block call would otherwise enter the loop through on-stack replacement on every
    // call until tier 1 replaces the method (measured 180-300 ns instead of 60-80 ns per block in short benchmark runs).
#if NET
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
#endif
    private void Encrypt4(ref byte source, ref byte destination, int length)
    {
        ref uint te = ref MemoryMarshal.GetReference(RijndaelTables.Te.AsSpan());
        ref byte sbox = ref MemoryMarshal.GetReference(RijndaelTables.SBox.AsSpan());
        ref uint key = ref MemoryMarshal.GetReference(_encryptionKey.AsSpan());
        int rounds = _rounds;
        for (int offset = 0; offset < length; offset += 16)
        {
            ref byte input = ref Unsafe.Add(ref source, offset);
            ref byte output = ref Unsafe.Add(ref destination, offset);
            ref uint rk = ref key;

            uint s0 = ByteOrder.ReadUInt32LittleEndian(ref input, 0) ^ rk;
            uint s1 = ByteOrder.ReadUInt32LittleEndian(ref input, 4) ^ Unsafe.Add(ref rk, 1);
            uint s2 = ByteOrder.ReadUInt32LittleEndian(ref input, 8) ^ Unsafe.Add(ref rk, 2);
            uint s3 = ByteOrder.ReadUInt32LittleEndian(ref input, 12) ^ Unsafe.Add(ref rk, 3);
            for (int round = 1; round < rounds; round++)
            {
                rk = ref Unsafe.Add(ref rk, 4);
                uint t0 = Unsafe.Add(ref te, (nuint)(byte)s0) ^ Unsafe.Add(ref te, (nuint)(byte)(s1 >> 8) + 256) ^ Unsafe.Add(ref te, (nuint)(byte)(s2 >> 16) + 512) ^ Unsafe.Add(ref te, (nuint)(s3 >> 24) + 768) ^ rk;
                uint t1 = Unsafe.Add(ref te, (nuint)(byte)s1) ^ Unsafe.Add(ref te, (nuint)(byte)(s2 >> 8) + 256) ^ Unsafe.Add(ref te, (nuint)(byte)(s3 >> 16) + 512) ^ Unsafe.Add(ref te, (nuint)(s0 >> 24) + 768) ^ Unsafe.Add(ref rk, 1);
                uint t2 = Unsafe.Add(ref te, (nuint)(byte)s2) ^ Unsafe.Add(ref te, (nuint)(byte)(s3 >> 8) + 256) ^ Unsafe.Add(ref te, (nuint)(byte)(s0 >> 16) + 512) ^ Unsafe.Add(ref te, (nuint)(s1 >> 24) + 768) ^ Unsafe.Add(ref rk, 2);
                uint t3 = Unsafe.Add(ref te, (nuint)(byte)s3) ^ Unsafe.Add(ref te, (nuint)(byte)(s0 >> 8) + 256) ^ Unsafe.Add(ref te, (nuint)(byte)(s1 >> 16) + 512) ^ Unsafe.Add(ref te, (nuint)(s2 >> 24) + 768) ^ Unsafe.Add(ref rk, 3);
                s0 = t0;
                s1 = t1;
                s2 = t2;
                s3 = t3;
            }

            rk = ref Unsafe.Add(ref rk, 4);
            ByteOrder.WriteUInt32LittleEndian(ref output, 0, LastRound(ref sbox, s0, s1, s2, s3) ^ rk);
            ByteOrder.WriteUInt32LittleEndian(ref output, 4, LastRound(ref sbox, s1, s2, s3, s0) ^ Unsafe.Add(ref rk, 1));
            ByteOrder.WriteUInt32LittleEndian(ref output, 8, LastRound(ref sbox, s2, s3, s0, s1) ^ Unsafe.Add(ref rk, 2));
            ByteOrder.WriteUInt32LittleEndian(ref output, 12, LastRound(ref sbox, s3, s0, s1, s2) ^ Unsafe.Add(ref rk, 3));
        }
    }

#if NET
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
#endif
    private void Decrypt4(ref byte source, ref byte destination, int length)
    {
        ref uint td = ref MemoryMarshal.GetReference(RijndaelTables.Td.AsSpan());
        ref byte inverseSBox = ref MemoryMarshal.GetReference(RijndaelTables.InverseSBox.AsSpan());
        ref uint key = ref MemoryMarshal.GetReference(_decryptionKey.AsSpan());
        int rounds = _rounds;
        for (int offset = 0; offset < length; offset += 16)
        {
            ref byte input = ref Unsafe.Add(ref source, offset);
            ref byte output = ref Unsafe.Add(ref destination, offset);
            ref uint rk = ref key;

            uint s0 = ByteOrder.ReadUInt32LittleEndian(ref input, 0) ^ rk;
            uint s1 = ByteOrder.ReadUInt32LittleEndian(ref input, 4) ^ Unsafe.Add(ref rk, 1);
            uint s2 = ByteOrder.ReadUInt32LittleEndian(ref input, 8) ^ Unsafe.Add(ref rk, 2);
            uint s3 = ByteOrder.ReadUInt32LittleEndian(ref input, 12) ^ Unsafe.Add(ref rk, 3);
            for (int round = 1; round < rounds; round++)
            {
                rk = ref Unsafe.Add(ref rk, 4);
                uint t0 = Unsafe.Add(ref td, (nuint)(byte)s0) ^ Unsafe.Add(ref td, (nuint)(byte)(s3 >> 8) + 256) ^ Unsafe.Add(ref td, (nuint)(byte)(s2 >> 16) + 512) ^ Unsafe.Add(ref td, (nuint)(s1 >> 24) + 768) ^ rk;
                uint t1 = Unsafe.Add(ref td, (nuint)(byte)s1) ^ Unsafe.Add(ref td, (nuint)(byte)(s0 >> 8) + 256) ^ Unsafe.Add(ref td, (nuint)(byte)(s3 >> 16) + 512) ^ Unsafe.Add(ref td, (nuint)(s2 >> 24) + 768) ^ Unsafe.Add(ref rk, 1);
                uint t2 = Unsafe.Add(ref td, (nuint)(byte)s2) ^ Unsafe.Add(ref td, (nuint)(byte)(s1 >> 8) + 256) ^ Unsafe.Add(ref td, (nuint)(byte)(s0 >> 16) + 512) ^ Unsafe.Add(ref td, (nuint)(s3 >> 24) + 768) ^ Unsafe.Add(ref rk, 2);
                uint t3 = Unsafe.Add(ref td, (nuint)(byte)s3) ^ Unsafe.Add(ref td, (nuint)(byte)(s2 >> 8) + 256) ^ Unsafe.Add(ref td, (nuint)(byte)(s1 >> 16) + 512) ^ Unsafe.Add(ref td, (nuint)(s0 >> 24) + 768) ^ Unsafe.Add(ref rk, 3);
                s0 = t0;
                s1 = t1;
                s2 = t2;
                s3 = t3;
            }

            rk = ref Unsafe.Add(ref rk, 4);
            ByteOrder.WriteUInt32LittleEndian(ref output, 0, LastRound(ref inverseSBox, s0, s3, s2, s1) ^ rk);
            ByteOrder.WriteUInt32LittleEndian(ref output, 4, LastRound(ref inverseSBox, s1, s0, s3, s2) ^ Unsafe.Add(ref rk, 1));
            ByteOrder.WriteUInt32LittleEndian(ref output, 8, LastRound(ref inverseSBox, s2, s1, s0, s3) ^ Unsafe.Add(ref rk, 2));
            ByteOrder.WriteUInt32LittleEndian(ref output, 12, LastRound(ref inverseSBox, s3, s2, s1, s0) ^ Unsafe.Add(ref rk, 3));
        }
    }

    /// <summary>S-box only (no MixColumns): row r of the output column comes from word <c>r</c> of the arguments.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint LastRound(ref byte box, uint w0, uint w1, uint w2, uint w3) =>
        Unsafe.Add(ref box, (byte)w0) | ((uint)Unsafe.Add(ref box, (byte)(w1 >> 8)) << 8) |
        ((uint)Unsafe.Add(ref box, (byte)(w2 >> 16)) << 16) | ((uint)Unsafe.Add(ref box, (int)(w3 >> 24)) << 24);

    // Wide blocks (5..8 words): the state in stackalloc'd spans; column c of row r comes from column c ± shift_r.
    private void Transform(ReadOnlySpan<byte> input, Span<byte> output, bool encrypt)
    {
        int nb = _blockWords;
        Span<uint> state = stackalloc uint[8];
        Span<uint> next = stackalloc uint[8];
        Span<int> from1 = stackalloc int[8];
        Span<int> from2 = stackalloc int[8];
        Span<int> from3 = stackalloc int[8];
        for (int c = 0; c < nb; c++)
        {
            int direction = encrypt ? 1 : nb - 1; // decryption shifts right: c - shift = c + (nb - 1)·shift mod nb
            from1[c] = (c + direction * _shift1) % nb;
            from2[c] = (c + direction * _shift2) % nb;
            from3[c] = (c + direction * _shift3) % nb;
        }

        uint[] keys = encrypt ? _encryptionKey : _decryptionKey;
        ref uint t0 = ref MemoryMarshal.GetReference((encrypt ? RijndaelTables.Te0 : RijndaelTables.Td0).AsSpan());
        ref uint t1 = ref MemoryMarshal.GetReference((encrypt ? RijndaelTables.Te1 : RijndaelTables.Td1).AsSpan());
        ref uint t2 = ref MemoryMarshal.GetReference((encrypt ? RijndaelTables.Te2 : RijndaelTables.Td2).AsSpan());
        ref uint t3 = ref MemoryMarshal.GetReference((encrypt ? RijndaelTables.Te3 : RijndaelTables.Td3).AsSpan());
        ref byte box = ref MemoryMarshal.GetReference((encrypt ? RijndaelTables.SBox : RijndaelTables.InverseSBox).AsSpan());
        ref uint rk = ref MemoryMarshal.GetReference(keys.AsSpan());

        for (int c = 0; c < nb; c++)
        {
            state[c] = ByteOrder.ReadUInt32LittleEndian(ref MemoryMarshal.GetReference(input), 4 * c) ^ Unsafe.Add(ref rk, c);
        }

        for (int round = 1; round < _rounds; round++)
        {
            rk = ref Unsafe.Add(ref rk, nb);
            for (int c = 0; c < nb; c++)
            {
                next[c] = Unsafe.Add(ref t0, (byte)state[c]) ^ Unsafe.Add(ref t1, (byte)(state[from1[c]] >> 8)) ^
                          Unsafe.Add(ref t2, (byte)(state[from2[c]] >> 16)) ^ Unsafe.Add(ref t3, (int)(state[from3[c]] >> 24)) ^ Unsafe.Add(ref rk, c);
            }

            Span<uint> swap = state;
            state = next;
            next = swap;
        }

        rk = ref Unsafe.Add(ref rk, nb);
        for (int c = 0; c < nb; c++)
        {
            uint word = LastRound(ref box, state[c], state[from1[c]], state[from2[c]], state[from3[c]]) ^ Unsafe.Add(ref rk, c);
            ByteOrder.WriteUInt32LittleEndian(ref MemoryMarshal.GetReference(output), 4 * c, word);
        }

        state.Clear();
        next.Clear();
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_encryptionKey.AsSpan()));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_decryptionKey.AsSpan()));
    }
}
