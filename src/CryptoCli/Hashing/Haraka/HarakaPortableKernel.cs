// Haraka v2, portable kernel: the state as little-endian 32-bit words, AES rounds through the T-table
// AesRound (AESENC semantics), the mix as a word permutation new[j] = old[pi[j]].
// Not constant-time (table look-ups indexed by data).
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli;

/// <summary>The portable Haraka kernel (see <see cref="HarakaPortable"/>), the registry's last entry.</summary>
internal sealed class HarakaPortableKernel : HarakaKernel
{
    public static readonly HarakaPortableKernel Instance = new();

    private HarakaPortableKernel()
    {
    }

    public override string Name => "portable";

    public override void Haraka256(ReadOnlySpan<byte> input, Span<byte> output) =>
        HarakaPortable.Haraka256(input, output);

    public override void Haraka512(ReadOnlySpan<byte> input, Span<byte> output) =>
        HarakaPortable.Haraka512(input, output);

    public override void Hash(ReadOnlySpan<byte> input, Span<byte> output, int count, int inputSize) =>
        HarakaPortable.Hash(input, output, count, inputSize);
}

internal static class HarakaPortable
{
    private const int Rounds = 5;

    /// <summary>Hashes <paramref name="count"/> inputs of <paramref name="inputSize"/> (32 or 64) bytes each.</summary>
    public static void Hash(ReadOnlySpan<byte> input, Span<byte> output, int count, int inputSize)
    {
        for (int i = 0; i < count; i++)
        {
            if (inputSize == Haraka.Haraka256InputSizeInBytes)
            {
                Haraka256(input.Slice(i * 32, 32), output.Slice(i * 32, 32));
            }
            else
            {
                Haraka512(input.Slice(i * 64, 64), output.Slice(i * 32, 32));
            }
        }
    }

    public static void Haraka256(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Span<uint> state = stackalloc uint[8];
        Span<uint> feedForward = stackalloc uint[8];
        Debug.Assert(input.Length >= 32 && output.Length >= 32);
        ref byte from = ref MemoryMarshal.GetReference(input);
        for (int k = 0; k < 8; k++)
        {
            state[k] = feedForward[k] = ByteOrder.ReadUInt32LittleEndian(ref from, 4 * k);
        }

        ref uint s = ref MemoryMarshal.GetReference(state);
        ref uint rc = ref MemoryMarshal.GetReference(HarakaConstants.RoundConstants);
        for (int t = 0; t < Rounds; t++)
        {
            // Round t, AES sub-round m: lane 0 uses RC[4t + 2m], lane 1 uses RC[4t + 2m + 1] (4 words each).
            AesRound.Encrypt(ref s, ref Unsafe.Add(ref rc, 16 * t));
            AesRound.Encrypt(ref Unsafe.Add(ref s, 4), ref Unsafe.Add(ref rc, 16 * t + 4));
            AesRound.Encrypt(ref s, ref Unsafe.Add(ref rc, 16 * t + 8));
            AesRound.Encrypt(ref Unsafe.Add(ref s, 4), ref Unsafe.Add(ref rc, 16 * t + 12));
            Mix256(state);
        }

        ref byte to = ref MemoryMarshal.GetReference(output);
        for (int k = 0; k < 8; k++)
        {
            ByteOrder.WriteUInt32LittleEndian(ref to, 4 * k, state[k] ^ feedForward[k]);
        }
    }

    public static void Haraka512(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Span<uint> state = stackalloc uint[16];
        Span<uint> feedForward = stackalloc uint[16];
        Debug.Assert(input.Length >= 64 && output.Length >= 32);
        ref byte from = ref MemoryMarshal.GetReference(input);
        for (int k = 0; k < 16; k++)
        {
            state[k] = feedForward[k] = ByteOrder.ReadUInt32LittleEndian(ref from, 4 * k);
        }

        ref uint s = ref MemoryMarshal.GetReference(state);
        ref uint rc = ref MemoryMarshal.GetReference(HarakaConstants.RoundConstants);
        for (int t = 0; t < Rounds; t++)
        {
            // Round t, AES sub-round m: lane k uses RC[8t + 4m + k].
            for (int m = 0; m < 2; m++)
            {
                for (int k = 0; k < 4; k++)
                {
                    AesRound.Encrypt(ref Unsafe.Add(ref s, 4 * k), ref Unsafe.Add(ref rc, 4 * (8 * t + 4 * m + k)));
                }
            }

            Mix512(state);
        }

        for (int k = 0; k < 16; k++)
        {
            state[k] ^= feedForward[k];
        }

        // Truncation: bytes 8..15 of lanes 0 and 1, bytes 0..7 of lanes 2 and 3 = words 2, 3, 6, 7, 8, 9, 12, 13.
        ReadOnlySpan<byte> kept = stackalloc byte[] { 2, 3, 6, 7, 8, 9, 12, 13 };
        ref byte to = ref MemoryMarshal.GetReference(output);
        for (int k = 0; k < 8; k++)
        {
            ByteOrder.WriteUInt32LittleEndian(ref to, 4 * k, state[kept[k]]);
        }
    }

    /// <summary>pi8u = [0, 4, 1, 5, 2, 6, 3, 7] (new word j = old word pi[j]).</summary>
    public static void Mix256(Span<uint> state)
    {
        uint w1 = state[1], w2 = state[2], w3 = state[3], w4 = state[4], w5 = state[5], w6 = state[6];
        state[1] = w4;
        state[2] = w1;
        state[3] = w5;
        state[4] = w2;
        state[5] = w6;
        state[6] = w3;
    }

    /// <summary>pi16u = [3, 11, 7, 15, 8, 0, 12, 4, 9, 1, 13, 5, 2, 10, 6, 14] (new word j = old word pi[j]).</summary>
    public static void Mix512(Span<uint> state) => Permute(state, LargeBlockPermutations.Pi16Unpack);

    /// <summary>new[j] = old[pi[j]] for any word permutation of up to 16 words.</summary>
    public static void Permute(Span<uint> state, ReadOnlySpan<byte> pi)
    {
        Span<uint> old = stackalloc uint[16];
        state.CopyTo(old);
        for (int j = 0; j < pi.Length; j++)
        {
            state[j] = old[pi[j]];
        }
    }
}
