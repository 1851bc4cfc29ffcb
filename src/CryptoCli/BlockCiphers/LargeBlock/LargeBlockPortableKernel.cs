// P5's large-block ciphers, portable kernel (any block of LargeBlockDefinition): the state as little-endian
// 32-bit words, AES rounds through the T-table AesRound, permutations through their tables.
// Not constant-time (table look-ups indexed by data). See LargeBlockDefinition.cs for the construction.
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

internal sealed class LargeBlockPortableKernel : BlockCipherKernel
{
    private readonly LargeBlockDefinition _definition;
    private readonly uint[] _encryptionKeys;
    private readonly uint[] _decryptionKeys;

    public LargeBlockPortableKernel(LargeBlockDefinition definition, ReadOnlySpan<byte> key)
        : base(definition.BlockSizeInBytes)
    {
        _definition = definition;
        _encryptionKeys = definition.ExpandEncryptionKey(key);
        _decryptionKeys = definition.ExpandDecryptionKey(_encryptionKeys);
    }

    public override string Name => "portable";

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        LargeBlockDefinition definition = _definition;
        int words = definition.Words;
        int rounds = definition.Rounds;
        ReadOnlySpan<byte> pi = definition.Permutation;
        Span<uint> state = stackalloc uint[16];
        state = state.Slice(0, words);
        ref uint s = ref MemoryMarshal.GetReference(state);
        ref uint keys = ref MemoryMarshal.GetReference(_encryptionKeys.AsSpan());
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            Load(source.Slice(offset), state, ref keys);
            for (int round = 1; round < rounds; round++)
            {
                ref uint roundKey = ref Unsafe.Add(ref keys, round * words);
                for (int lane = 0; lane < words; lane += 4)
                {
                    AesRound.Encrypt(ref Unsafe.Add(ref s, lane), ref Unsafe.Add(ref roundKey, lane));
                }

                if (definition.PermutesAfter(round))
                {
                    HarakaPortable.Permute(state, pi);
                }
            }

            ref uint lastKey = ref Unsafe.Add(ref keys, rounds * words);
            for (int lane = 0; lane < words; lane += 4)
            {
                AesRound.EncryptLast(ref Unsafe.Add(ref s, lane), ref Unsafe.Add(ref lastKey, lane));
            }

            Store(state, destination.Slice(offset));
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(state));
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        LargeBlockDefinition definition = _definition;
        int words = definition.Words;
        int rounds = definition.Rounds;
        ReadOnlySpan<byte> inverse = definition.InversePermutation;
        Span<uint> state = stackalloc uint[16];
        state = state.Slice(0, words);
        ref uint s = ref MemoryMarshal.GetReference(state);
        ref uint keys = ref MemoryMarshal.GetReference(_decryptionKeys.AsSpan());
        for (int offset = 0; offset < source.Length; offset += BlockSizeInBytes)
        {
            Load(source.Slice(offset), state, ref keys);
            for (int step = 1; step < rounds; step++)
            {
                int round = rounds - step;
                ref uint roundKey = ref Unsafe.Add(ref keys, step * words);
                for (int lane = 0; lane < words; lane += 4)
                {
                    AesRound.Decrypt(ref Unsafe.Add(ref s, lane), ref Unsafe.Add(ref roundKey, lane));
                }

                if (definition.PermutesAfter(round))
                {
                    HarakaPortable.Permute(state, inverse);
                }
            }

            ref uint lastKey = ref Unsafe.Add(ref keys, rounds * words);
            for (int lane = 0; lane < words; lane += 4)
            {
                AesRound.DecryptLast(ref Unsafe.Add(ref s, lane), ref Unsafe.Add(ref lastKey, lane));
            }

            Store(state, destination.Slice(offset));
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(state));
    }

    /// <summary>Reads one block and XORs the first round key (whitening).</summary>
    private static void Load(ReadOnlySpan<byte> source, Span<uint> state, ref uint key)
    {
        Debug.Assert(source.Length >= 4 * state.Length);
        ref byte from = ref MemoryMarshal.GetReference(source);
        for (int w = 0; w < state.Length; w++)
        {
            state[w] = ByteOrder.ReadUInt32LittleEndian(ref from, 4 * w) ^ Unsafe.Add(ref key, w);
        }
    }

    private static void Store(Span<uint> state, Span<byte> destination)
    {
        Debug.Assert(destination.Length >= 4 * state.Length);
        ref byte to = ref MemoryMarshal.GetReference(destination);
        for (int w = 0; w < state.Length; w++)
        {
            ByteOrder.WriteUInt32LittleEndian(ref to, 4 * w, state[w]);
        }
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroWords(_encryptionKeys);
        CryptographicOperationsHelper.ZeroWords(_decryptionKeys);
    }
}
