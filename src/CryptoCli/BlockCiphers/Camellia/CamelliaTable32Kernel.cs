// Camellia, 32-bit table kernel (P2 "32-bit fast"): RFC 3713 / the Camellia specification, 128-bit block,
// 128/192/256-bit keys (18 or 24 rounds). The state is four 32-bit words; F uses the specification's equivalent
// form for 32-bit processors: four 8->32-bit tables folding each S-box with P (SP1110, SP0222, SP3033, SP4404),
// y_L = A ^ B and y_R = y_L ^ (A >>> 8), where A comes from the left half of the F input and B from the right.
using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli;

/// <summary>
/// The 32-bit table kernel, with Oikawa et al.'s (2008) CLI techniques: tables read through refs held in locals with
/// <see cref="Unsafe.Add{T}(ref T, int)"/> (no bounds checks), bytes extracted by <c>(byte)</c> casts, the whole
/// 6-round group unrolled, the key schedule's scratch on the stack; ECB (and so CTR) runs two blocks interleaved.
/// Not constant-time (secret-indexed tables).
/// </summary>
internal sealed class CamelliaTable32Kernel : BlockCipherKernel, ICbcEncryptKernel
{
    private readonly uint[] _encryptionKey;
    private readonly uint[] _decryptionKey;
    private readonly int _groups;

    public CamelliaTable32Kernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        int count = CamelliaKeySchedule.SubkeyCount(key.Length);
        _groups = key.Length == 16 ? 3 : 4;
        Span<ulong> subkeys = stackalloc ulong[34];
        Span<ulong> reversed = stackalloc ulong[34];
        subkeys = subkeys.Slice(0, count);
        reversed = reversed.Slice(0, count);
        CamelliaKeySchedule.Expand(key, subkeys);
        CamelliaKeySchedule.ToDecryptionOrder(subkeys, reversed);
        _encryptionKey = ToWords(subkeys);
        _decryptionKey = ToWords(reversed);
        subkeys.Clear();
        reversed.Clear();
    }

    public override string Name => "table32";

    internal uint[] EncryptionKey => _encryptionKey;

    internal uint[] DecryptionKey => _decryptionKey;

    /// <summary>
    /// Only the key schedule, as Table 4 of Asahi et al. (2010) times it (the encryption subkeys, as 32-bit words).
    /// </summary>
    internal static void ExpandKey(ReadOnlySpan<byte> key, Span<uint> words)
    {
        int count = CamelliaKeySchedule.SubkeyCount(key.Length);
        Span<ulong> subkeys = stackalloc ulong[34];
        CamelliaKeySchedule.Expand(key, subkeys.Slice(0, count));
        for (int i = 0; i < count; i++)
        {
            words[2 * i] = (uint)(subkeys[i] >> 32);
            words[2 * i + 1] = (uint)subkeys[i];
        }
    }

    private static uint[] ToWords(ReadOnlySpan<ulong> subkeys)
    {
        uint[] words = new uint[subkeys.Length * 2];
        for (int i = 0; i < subkeys.Length; i++)
        {
            words[2 * i] = (uint)(subkeys[i] >> 32);
            words[2 * i + 1] = (uint)subkeys[i];
        }

        return words;
    }

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _encryptionKey);

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _decryptionKey);

    public void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        ref uint k = ref MemoryMarshal.GetReference(_encryptionKey.AsSpan());
        uint c0 = BinaryPrimitives.ReadUInt32BigEndian(chainingValue);
        uint c1 = BinaryPrimitives.ReadUInt32BigEndian(chainingValue.Slice(4));
        uint c2 = BinaryPrimitives.ReadUInt32BigEndian(chainingValue.Slice(8));
        uint c3 = BinaryPrimitives.ReadUInt32BigEndian(chainingValue.Slice(12));
        Debug.Assert(destination.Length >= source.Length);
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            c0 ^= ByteOrder.ReadUInt32BigEndian(ref input, offset);
            c1 ^= ByteOrder.ReadUInt32BigEndian(ref input, offset + 4);
            c2 ^= ByteOrder.ReadUInt32BigEndian(ref input, offset + 8);
            c3 ^= ByteOrder.ReadUInt32BigEndian(ref input, offset + 12);
            Block(ref k, _groups, ref c0, ref c1, ref c2, ref c3);
            ByteOrder.WriteUInt32BigEndian(ref output, offset, c0);
            ByteOrder.WriteUInt32BigEndian(ref output, offset + 4, c1);
            ByteOrder.WriteUInt32BigEndian(ref output, offset + 8, c2);
            ByteOrder.WriteUInt32BigEndian(ref output, offset + 12, c3);
        }

        BinaryPrimitives.WriteUInt32BigEndian(chainingValue, c0);
        BinaryPrimitives.WriteUInt32BigEndian(chainingValue.Slice(4), c1);
        BinaryPrimitives.WriteUInt32BigEndian(chainingValue.Slice(8), c2);
        BinaryPrimitives.WriteUInt32BigEndian(chainingValue.Slice(12), c3);
    }

    private void Transform(ReadOnlySpan<byte> source, Span<byte> destination, uint[] subkeys)
    {
        Debug.Assert(destination.Length >= source.Length);
        ref uint k = ref MemoryMarshal.GetReference(subkeys.AsSpan());
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        int groups = _groups;
        int offset = 0;
        int length = source.Length;
        // Two blocks per trip: one block is a chain of dependent look-ups, two fill the pipeline.
        for (; offset <= length - 32; offset += 32)
        {
            ref byte from = ref Unsafe.Add(ref input, offset);
            uint a0 = ByteOrder.ReadUInt32BigEndian(ref from, 0);
            uint a1 = ByteOrder.ReadUInt32BigEndian(ref from, 4);
            uint a2 = ByteOrder.ReadUInt32BigEndian(ref from, 8);
            uint a3 = ByteOrder.ReadUInt32BigEndian(ref from, 12);
            uint b0 = ByteOrder.ReadUInt32BigEndian(ref from, 16);
            uint b1 = ByteOrder.ReadUInt32BigEndian(ref from, 20);
            uint b2 = ByteOrder.ReadUInt32BigEndian(ref from, 24);
            uint b3 = ByteOrder.ReadUInt32BigEndian(ref from, 28);
            Block2(ref k, groups, ref a0, ref a1, ref a2, ref a3, ref b0, ref b1, ref b2, ref b3);
            ref byte to = ref Unsafe.Add(ref output, offset);
            ByteOrder.WriteUInt32BigEndian(ref to, 0, a0);
            ByteOrder.WriteUInt32BigEndian(ref to, 4, a1);
            ByteOrder.WriteUInt32BigEndian(ref to, 8, a2);
            ByteOrder.WriteUInt32BigEndian(ref to, 12, a3);
            ByteOrder.WriteUInt32BigEndian(ref to, 16, b0);
            ByteOrder.WriteUInt32BigEndian(ref to, 20, b1);
            ByteOrder.WriteUInt32BigEndian(ref to, 24, b2);
            ByteOrder.WriteUInt32BigEndian(ref to, 28, b3);
        }

        for (; offset < length; offset += 16)
        {
            uint w0 = ByteOrder.ReadUInt32BigEndian(ref input, offset);
            uint w1 = ByteOrder.ReadUInt32BigEndian(ref input, offset + 4);
            uint w2 = ByteOrder.ReadUInt32BigEndian(ref input, offset + 8);
            uint w3 = ByteOrder.ReadUInt32BigEndian(ref input, offset + 12);
            Block(ref k, groups, ref w0, ref w1, ref w2, ref w3);
            ByteOrder.WriteUInt32BigEndian(ref output, offset, w0);
            ByteOrder.WriteUInt32BigEndian(ref output, offset + 4, w1);
            ByteOrder.WriteUInt32BigEndian(ref output, offset + 8, w2);
            ByteOrder.WriteUInt32BigEndian(ref output, offset + 12, w3);
        }
    }

    /// <summary>Two independent blocks, interleaved round by round (same subkeys).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Block2(ref uint k, int groups, ref uint a0, ref uint a1, ref uint a2, ref uint a3, ref uint b0,
        ref uint b1, ref uint b2, ref uint b3)
    {
        ref uint sp = ref MemoryMarshal.GetReference(CamelliaTables.SP32.AsSpan());
        uint al0 = a0 ^ k, al1 = a1 ^ Unsafe.Add(ref k, 1), ar0 = a2 ^ Unsafe.Add(ref k, 2),
            ar1 = a3 ^ Unsafe.Add(ref k, 3);
        uint bl0 = b0 ^ k, bl1 = b1 ^ Unsafe.Add(ref k, 1), br0 = b2 ^ Unsafe.Add(ref k, 2),
            br1 = b3 ^ Unsafe.Add(ref k, 3);
        k = ref Unsafe.Add(ref k, 4);
        for (int group = 0; group < groups; group++)
        {
            if (group != 0)
            {
                uint kl0 = k, kl1 = Unsafe.Add(ref k, 1), kr0 = Unsafe.Add(ref k, 2), kr1 = Unsafe.Add(ref k, 3);
                al1 ^= Bits.RotateLeft(al0 & kl0, 1);
                bl1 ^= Bits.RotateLeft(bl0 & kl0, 1);
                al0 ^= al1 | kl1;
                bl0 ^= bl1 | kl1;
                ar0 ^= ar1 | kr1;
                br0 ^= br1 | kr1;
                ar1 ^= Bits.RotateLeft(ar0 & kr0, 1);
                br1 ^= Bits.RotateLeft(br0 & kr0, 1);
                k = ref Unsafe.Add(ref k, 4);
            }

            for (int i = 0; i < 12; i += 4)
            {
                uint k0 = Unsafe.Add(ref k, i), k1 = Unsafe.Add(ref k, i + 1), k2 = Unsafe.Add(ref k, i + 2),
                    k3 = Unsafe.Add(ref k, i + 3);
                Round(ref sp, al0 ^ k0, al1 ^ k1, ref ar0, ref ar1);
                Round(ref sp, bl0 ^ k0, bl1 ^ k1, ref br0, ref br1);
                Round(ref sp, ar0 ^ k2, ar1 ^ k3, ref al0, ref al1);
                Round(ref sp, br0 ^ k2, br1 ^ k3, ref bl0, ref bl1);
            }

            k = ref Unsafe.Add(ref k, 12);
        }

        uint w0 = k, w1 = Unsafe.Add(ref k, 1), w2 = Unsafe.Add(ref k, 2), w3 = Unsafe.Add(ref k, 3);
        a0 = ar0 ^ w0;
        a1 = ar1 ^ w1;
        a2 = al0 ^ w2;
        a3 = al1 ^ w3;
        b0 = br0 ^ w0;
        b1 = br1 ^ w1;
        b2 = bl0 ^ w2;
        b3 = bl1 ^ w3;
    }

    /// <summary>
    /// One block in place: (w0, w1) = D1, (w2, w3) = D2 on entry; the output order C = D2 || D1 is applied on exit.
    /// <paramref name="k"/> is an encryption- or decryption-ordered subkey array (same code for both).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Block(ref uint k, int groups, ref uint w0, ref uint w1, ref uint w2, ref uint w3)
    {
        // P1: tables through a local (one array, so one base register: 4 separate refs spill on x64).
        ref uint sp = ref MemoryMarshal.GetReference(CamelliaTables.SP32.AsSpan());

        uint l0 = w0 ^ k, l1 = w1 ^ Unsafe.Add(ref k, 1);
        uint r0 = w2 ^ Unsafe.Add(ref k, 2), r1 = w3 ^ Unsafe.Add(ref k, 3);
        k = ref Unsafe.Add(ref k, 4);
        for (int group = 0; group < groups; group++)
        {
            if (group != 0)
            {
                // FL on D1, FL^-1 on D2 (RFC 3713 2.4.2, 2.4.3).
                l1 ^= Bits.RotateLeft(l0 & k, 1);
                l0 ^= l1 | Unsafe.Add(ref k, 1);
                r0 ^= r1 | Unsafe.Add(ref k, 3);
                r1 ^= Bits.RotateLeft(r0 & Unsafe.Add(ref k, 2), 1);
                k = ref Unsafe.Add(ref k, 4);
            }

            Round(ref sp, l0 ^ k, l1 ^ Unsafe.Add(ref k, 1), ref r0, ref r1);
            Round(ref sp, r0 ^ Unsafe.Add(ref k, 2), r1 ^ Unsafe.Add(ref k, 3), ref l0, ref l1);
            Round(ref sp, l0 ^ Unsafe.Add(ref k, 4), l1 ^ Unsafe.Add(ref k, 5), ref r0, ref r1);
            Round(ref sp, r0 ^ Unsafe.Add(ref k, 6), r1 ^ Unsafe.Add(ref k, 7), ref l0, ref l1);
            Round(ref sp, l0 ^ Unsafe.Add(ref k, 8), l1 ^ Unsafe.Add(ref k, 9), ref r0, ref r1);
            Round(ref sp, r0 ^ Unsafe.Add(ref k, 10), r1 ^ Unsafe.Add(ref k, 11), ref l0, ref l1);
            k = ref Unsafe.Add(ref k, 12);
        }

        w0 = r0 ^ k;
        w1 = r1 ^ Unsafe.Add(ref k, 1);
        w2 = l0 ^ Unsafe.Add(ref k, 2);
        w3 = l1 ^ Unsafe.Add(ref k, 3);
    }

    /// <summary>(d0, d1) ^= F(x) with the key already in x = (xL, xR): the specification's 32-bit form of F.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref uint sp, uint xL, uint xR, ref uint d0, ref uint d1)
    {
        // sp + 0: SP1110, + 256: SP0222, + 512: SP3033, + 768: SP4404.
        // Balanced XOR trees: the round's critical path is load, two XORs, not load, three XORs.
        uint a = (Unsafe.Add(ref sp, (nuint)(xL >> 24)) ^ Unsafe.Add(ref sp, (nuint)(byte)(xL >> 16) + 256)) ^
                 (Unsafe.Add(ref sp, (nuint)(byte)(xL >> 8) + 512) ^ Unsafe.Add(ref sp, (nuint)(byte)xL + 768));
        uint b = (Unsafe.Add(ref sp, (nuint)(xR >> 24) + 256) ^ Unsafe.Add(ref sp, (nuint)(byte)(xR >> 16) + 512)) ^
                 (Unsafe.Add(ref sp, (nuint)(byte)(xR >> 8) + 768) ^ Unsafe.Add(ref sp, (nuint)(byte)xR));
        uint left = a ^ b;
        d0 ^= left;
        d1 ^= left ^ Bits.RotateRight(a, 8);
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroWords(_encryptionKey);
        CryptographicOperationsHelper.ZeroWords(_decryptionKey);
    }
}
