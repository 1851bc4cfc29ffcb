using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The constant-time portable Rijndael kernel, for every block size (4..8 words) and key size: bitsliced over 64-bit
/// words (<see cref="RijndaelBitslice"/>), as many whole blocks per batch as fit in 16 columns (4 AES blocks, 3 of
/// 160 bits, 2 of 192, 224 or 256 bits). ECB, CTR and CBC decryption fill whole batches; CBC encryption is serial and
/// pays a batch per block. No table look-ups, no branch on data: only the lengths decide the control flow.
/// </summary>
internal sealed class RijndaelBitslicedKernel : BlockCipherKernel
{
    private readonly ulong[] _roundKeys; // 8 planes per round, each round key repeated for every block of a batch
    private readonly int _rounds;
    private readonly int _batchBytes;
    private readonly RowShifts _shiftRows;
    private readonly RowShifts _inverseShiftRows;

    public RijndaelBitslicedKernel(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(blockSizeInBytes)
    {
        int blockWords = blockSizeInBytes / 4;
        int blocksPerBatch = RijndaelBitslice.Slots / blockWords;
        int usedSlots = blocksPerBatch * blockWords;
        _batchBytes = blocksPerBatch * blockSizeInBytes;

        uint[] words = RijndaelBitslice.ExpandKey(key, blockWords);
        _rounds = words.Length / blockWords - 1;
        _roundKeys = new ulong[(_rounds + 1) * 8];
        Span<byte> repeated = stackalloc byte[RijndaelBitslice.BatchBytes];
        for (int round = 0; round <= _rounds; round++)
        {
            for (int slot = 0; slot < usedSlots; slot++)
            {
                ByteOrder.WriteUInt32LittleEndian(ref MemoryMarshal.GetReference(repeated), 4 * slot, words[round * blockWords + slot % blockWords]);
            }

            RijndaelBitslice.Load(ref MemoryMarshal.GetReference(repeated), usedSlots, out BitPlanes planes);
            _roundKeys[8 * round] = planes.P0;
            _roundKeys[8 * round + 1] = planes.P1;
            _roundKeys[8 * round + 2] = planes.P2;
            _roundKeys[8 * round + 3] = planes.P3;
            _roundKeys[8 * round + 4] = planes.P4;
            _roundKeys[8 * round + 5] = planes.P5;
            _roundKeys[8 * round + 6] = planes.P6;
            _roundKeys[8 * round + 7] = planes.P7;
        }

        CryptographicOperations.ZeroMemory(repeated);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(words.AsSpan()));

        // ShiftRows offsets of rows 1..3 (Rijndael proposal, Table 2); decryption shifts the other way.
        (int shift1, int shift2, int shift3) = blockWords switch { < 7 => (1, 2, 3), 7 => (1, 2, 4), _ => (1, 3, 4) };
        _shiftRows = new RowShifts(blockWords, blocksPerBatch, shift1, shift2, shift3);
        _inverseShiftRows = new RowShifts(blockWords, blocksPerBatch, blockWords - shift1, blockWords - shift2, blockWords - shift3);
        ByteOrder.EnsureInitialized(); // before the AggressiveOptimization loops compile, so the byte-order test folds away
    }

    public override string Name => "bitsliced";

    /// <summary>Blocks processed together by one pass of the circuit.</summary>
    internal int BlocksPerBatch => _batchBytes / BlockSizeInBytes;

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(destination.Length >= source.Length && source.Length % BlockSizeInBytes == 0);
        Encrypt(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), source.Length);
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(destination.Length >= source.Length && source.Length % BlockSizeInBytes == 0);
        Decrypt(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), source.Length);
    }

    // Compiled fully optimized at once, as the T-table kernel: one-block calls (CBC encryption) would otherwise run
    // through on-stack replacement until tier 1.
#if NET
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
#endif
    private void Encrypt(ref byte source, ref byte destination, int length)
    {
        ref ulong keys = ref MemoryMarshal.GetReference(_roundKeys.AsSpan());
        int rounds = _rounds;
        RowShifts shifts = _shiftRows;
        for (int offset = 0; offset < length; offset += _batchBytes)
        {
            int usedSlots = Math.Min(_batchBytes, length - offset) / 4;
            RijndaelBitslice.Load(ref Unsafe.Add(ref source, offset), usedSlots, out BitPlanes q);
            RijndaelBitslice.AddRoundKey(ref q, ref keys);
            for (int round = 1; round < rounds; round++)
            {
                RijndaelBitslice.SubBytes(ref q);
                shifts.Apply(ref q);
                RijndaelBitslice.MixColumns(ref q);
                RijndaelBitslice.AddRoundKey(ref q, ref Unsafe.Add(ref keys, 8 * round));
            }

            RijndaelBitslice.SubBytes(ref q);
            shifts.Apply(ref q);
            RijndaelBitslice.AddRoundKey(ref q, ref Unsafe.Add(ref keys, 8 * rounds));
            RijndaelBitslice.Store(ref q, ref Unsafe.Add(ref destination, offset), usedSlots);
        }
    }

    // The inverse cipher in its direct form (FIPS-197 §5.3): the encryption round keys in reverse order.
#if NET
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
#endif
    private void Decrypt(ref byte source, ref byte destination, int length)
    {
        ref ulong keys = ref MemoryMarshal.GetReference(_roundKeys.AsSpan());
        int rounds = _rounds;
        RowShifts shifts = _inverseShiftRows;
        for (int offset = 0; offset < length; offset += _batchBytes)
        {
            int usedSlots = Math.Min(_batchBytes, length - offset) / 4;
            RijndaelBitslice.Load(ref Unsafe.Add(ref source, offset), usedSlots, out BitPlanes q);
            RijndaelBitslice.AddRoundKey(ref q, ref Unsafe.Add(ref keys, 8 * rounds));
            for (int round = rounds - 1; round > 0; round--)
            {
                shifts.Apply(ref q);
                RijndaelBitslice.InverseSubBytes(ref q);
                RijndaelBitslice.AddRoundKey(ref q, ref Unsafe.Add(ref keys, 8 * round));
                RijndaelBitslice.InverseMixColumns(ref q);
            }

            shifts.Apply(ref q);
            RijndaelBitslice.InverseSubBytes(ref q);
            RijndaelBitslice.AddRoundKey(ref q, ref keys);
            RijndaelBitslice.Store(ref q, ref Unsafe.Add(ref destination, offset), usedSlots);
        }
    }

    protected override void Dispose(bool disposing) => CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_roundKeys.AsSpan()));

    /// <summary>
    /// ShiftRows on bit planes: in row r, the slot of column c takes the slot of column (c + shift_r) mod Nb of the
    /// same block. Columns before Nb − shift_r move down by shift_r positions, the rest up by Nb − shift_r; a mask per
    /// row and direction picks them. The shift amounts and masks depend on the block size only.
    /// </summary>
    private readonly struct RowShifts
    {
        private readonly ulong _row0;
        private readonly ulong _down1, _up1, _down2, _up2, _down3, _up3;
        private readonly int _shift1, _shift2, _shift3;
        private readonly int _wrap1, _wrap2, _wrap3;

        public RowShifts(int blockWords, int blocksPerBatch, int shift1, int shift2, int shift3)
        {
            _row0 = 0xFFFF;
            (_shift1, _wrap1) = (shift1, blockWords - shift1);
            (_shift2, _wrap2) = (shift2, blockWords - shift2);
            (_shift3, _wrap3) = (shift3, blockWords - shift3);
            (_down1, _up1) = Masks(1, shift1, blockWords, blocksPerBatch);
            (_down2, _up2) = Masks(2, shift2, blockWords, blocksPerBatch);
            (_down3, _up3) = Masks(3, shift3, blockWords, blocksPerBatch);
        }

        private static (ulong Down, ulong Up) Masks(int row, int shift, int blockWords, int blocksPerBatch)
        {
            ulong down = 0, up = 0;
            for (int block = 0; block < blocksPerBatch; block++)
            {
                for (int column = 0; column < blockWords; column++)
                {
                    ulong bit = 1UL << (16 * row + block * blockWords + column);
                    if (column < blockWords - shift)
                    {
                        down |= bit;
                    }
                    else
                    {
                        up |= bit;
                    }
                }
            }

            return (down, up);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Apply(ref BitPlanes q)
        {
            q.P0 = Shift(q.P0);
            q.P1 = Shift(q.P1);
            q.P2 = Shift(q.P2);
            q.P3 = Shift(q.P3);
            q.P4 = Shift(q.P4);
            q.P5 = Shift(q.P5);
            q.P6 = Shift(q.P6);
            q.P7 = Shift(q.P7);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ulong Shift(ulong x) =>
            (x & _row0) |
            ((x >> _shift1) & _down1) | ((x << _wrap1) & _up1) |
            ((x >> _shift2) & _down2) | ((x << _wrap2) & _up2) |
            ((x >> _shift3) & _down3) | ((x << _wrap3) & _up3);
    }
}
