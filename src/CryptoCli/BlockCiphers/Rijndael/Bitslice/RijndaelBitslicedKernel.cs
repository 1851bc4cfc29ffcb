#if NET
using System.Runtime.Intrinsics;
#endif
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
/// pays a batch per block. No table look-ups, no branch on data: only the lengths decide the control flow. On .NET the
/// same circuits run on Vector256 (4 batches at once) or Vector128 (2) registers where those are hardware-accelerated.
/// </summary>
internal sealed class RijndaelBitslicedKernel : BlockCipherKernel
{
    private readonly ulong[] _roundKeys; // 8 planes per round, each round key repeated for every block of a batch
    private readonly int _batchBytes;
    private readonly RowShiftPattern _shiftRows;
    private readonly RowShiftPattern _inverseShiftRows;
    private readonly int _lanes;

    /// <param name="key">The key (16..32 bytes in steps of 4).</param>
    /// <param name="blockSizeInBytes">16, 20, 24, 28 or 32.</param>
    /// <param name="lanes">Batches per register: 1 (64-bit words), 2 (Vector128) or 4 (Vector256); 0 picks the widest
    /// the hardware accelerates (always 1 on netstandard2.0). Tests force each width.</param>
    public RijndaelBitslicedKernel(ReadOnlySpan<byte> key, int blockSizeInBytes, int lanes = 0)
        : base(blockSizeInBytes)
    {
        _lanes = lanes != 0 ? lanes : WidestAcceleratedLanes();
        Debug.Assert(_lanes is 1 or 2 or 4);
        int blockWords = blockSizeInBytes / 4;
        int blocksPerBatch = RijndaelBitslice.Slots / blockWords;
        int usedSlots = blocksPerBatch * blockWords;
        _batchBytes = blocksPerBatch * blockSizeInBytes;

        uint[] words = RijndaelBitslice.ExpandKey(key, blockWords);
        int rounds = words.Length / blockWords - 1;
        _roundKeys = new ulong[(rounds + 1) * 8];
        Span<byte> repeated = stackalloc byte[RijndaelBitslice.BatchBytes];
        for (int round = 0; round <= rounds; round++)
        {
            for (int slot = 0; slot < usedSlots; slot++)
            {
                ByteOrder.WriteUInt32LittleEndian(ref MemoryMarshal.GetReference(repeated), 4 * slot,
                    words[round * blockWords + slot % blockWords]);
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
        _shiftRows = new RowShiftPattern(blockWords, blocksPerBatch, shift1, shift2, shift3);
        _inverseShiftRows = new RowShiftPattern(blockWords, blocksPerBatch, blockWords - shift1, blockWords - shift2,
            blockWords - shift3);
        // Before the AggressiveOptimization loops compile, so that the byte-order test folds away.
        ByteOrder.EnsureInitialized();
    }

    public override string Name => "bitsliced";

    /// <summary>Blocks processed together by one pass of the circuit on one 64-bit lane.</summary>
    internal int BlocksPerBatch => _batchBytes / BlockSizeInBytes;

    /// <summary>64-bit lanes per register in use (1, 2 or 4).</summary>
    internal int Lanes => _lanes;

    private static int WidestAcceleratedLanes()
    {
#if NET
        if (Vector256.IsHardwareAccelerated)
        {
            return 4;
        }

        if (Vector128.IsHardwareAccelerated)
        {
            return 2;
        }
#endif
        return 1;
    }

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(destination.Length >= source.Length && source.Length % BlockSizeInBytes == 0);
        Transform(source, destination, encrypt: true);
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(destination.Length >= source.Length && source.Length % BlockSizeInBytes == 0);
        Transform(source, destination, encrypt: false);
    }

    // Compiled fully optimized at once, as the T-table kernel: one-block calls (CBC encryption) would otherwise run
    // through on-stack replacement until tier 1. One batch or less (CBC encryption) takes the 64-bit words: wider
    // registers would only carry empty lanes.
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private void Transform(ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        int length = source.Length;
#if NET
        int lanes = length <= _batchBytes ? 1 : _lanes;
        if (lanes == 4)
        {
            Run<PlaneWord256>(ref input, ref output, length, encrypt);
        }
        else if (lanes == 2)
        {
            Run<PlaneWord128>(ref input, ref output, length, encrypt);
        }
        else
        {
            Run<PlaneWord64>(ref input, ref output, length, encrypt);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Run<TWord>(ref byte input, ref byte output, int length, bool encrypt)
        where TWord : struct, IPlaneWord<TWord>
    {
        if (encrypt)
        {
            RijndaelBitsliceCore<TWord>.Encrypt(ref input, ref output, length, _batchBytes, _roundKeys, _shiftRows);
        }
        else
        {
            RijndaelBitsliceCore<TWord>.Decrypt(ref input, ref output, length, _batchBytes, _roundKeys,
                _inverseShiftRows);
        }
#else
        if (encrypt)
        {
            RijndaelBitsliceCore.Encrypt(ref input, ref output, length, _batchBytes, _roundKeys, _shiftRows);
        }
        else
        {
            RijndaelBitsliceCore.Decrypt(ref input, ref output, length, _batchBytes, _roundKeys, _inverseShiftRows);
        }
#endif
    }

    protected override void Dispose(bool disposing) =>
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_roundKeys.AsSpan()));
}
