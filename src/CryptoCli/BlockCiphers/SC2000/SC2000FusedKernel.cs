// SC2000 (Fujitsu; CRYPTREC 2001): 128-bit block, 128/192/256-bit keys, 6.5 or 7.5 rounds.
// P2's fast kernel: fused I-B-I and R2, bitsliced B, merged 11-10-11-bit S-box look-ups fused with M.
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// SC2000 as Asahi et al. (2010) implement it: the state in four locals; I-B-I as one step (key XOR, B computed
/// with boolean operations on whole words, i.e. bitsliced: 32 S-boxes at once, key XOR); the two R rounds of a
/// round as one step R2 whose closing half swap is a renaming of the locals (two rounds per loop trip, so no
/// word moves); F = M∘S as three look-ups in the merged S11_M, S10_M, S11_M tables. The B layer is constant-time;
/// the F look-ups are not.
/// </summary>
internal sealed class SC2000FusedKernel : BlockCipherKernel
{
    private const uint Mask0 = 0x55555555, Mask1 = 0x33333333;

    private readonly uint[] _encryptionKey;
    private readonly uint[] _decryptionKey;
    private readonly bool _oddRound; // 7 full rounds (192/256-bit keys): one round after the three pairs

    public SC2000FusedKernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        _oddRound = SC2000KeySchedule.FullRounds(key.Length) == 7;
        _encryptionKey = SC2000KeySchedule.Expand(key, useFusedTables: true);
        _decryptionKey = SC2000KeySchedule.ReverseGroups(_encryptionKey);
        // Before the AggressiveOptimization loops compile, so that the byte-order test folds away.
        ByteOrder.EnsureInitialized();
    }

    public override string Name => "fused";

#if NET
    // The whole-buffer loop runs long on its first calls: compile it optimized at once rather than as tier-0/OSR code.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
#endif
    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref uint f = ref MemoryMarshal.GetReference(SC2000Tables.FusedMS.AsSpan());
        ref uint key = ref MemoryMarshal.GetReference(_encryptionKey.AsSpan());
        Debug.Assert(destination.Length >= source.Length);
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            ref uint k = ref key;
            uint a = ByteOrder.ReadUInt32BigEndian(ref input, offset);
            uint b = ByteOrder.ReadUInt32BigEndian(ref input, offset + 4);
            uint c = ByteOrder.ReadUInt32BigEndian(ref input, offset + 8);
            uint d = ByteOrder.ReadUInt32BigEndian(ref input, offset + 12);
            for (int pair = 0; pair < 3; pair++)
            {
                IBI(ref k, ref a, ref b, ref c, ref d);
                R2(ref f, ref a, ref b, ref c, ref d, Mask0); // halves now (c, d, a, b)
                IBI(ref Unsafe.Add(ref k, 8), ref c, ref d, ref a, ref b);
                R2(ref f, ref c, ref d, ref a, ref b, Mask1); // back to (a, b, c, d)
                k = ref Unsafe.Add(ref k, 16);
            }

            if (_oddRound)
            {
                IBI(ref k, ref a, ref b, ref c, ref d);
                R2(ref f, ref a, ref b, ref c, ref d, Mask0);
                IBI(ref Unsafe.Add(ref k, 8), ref c, ref d, ref a, ref b);
                Store(ref Unsafe.Add(ref output, offset), c, d, a, b);
            }
            else
            {
                IBI(ref k, ref a, ref b, ref c, ref d);
                Store(ref Unsafe.Add(ref output, offset), a, b, c, d);
            }
        }
    }

#if NET
    // The whole-buffer loop runs long on its first calls: compile it optimized at once rather than as tier-0/OSR code.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
#endif
    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref uint f = ref MemoryMarshal.GetReference(SC2000Tables.FusedMS.AsSpan());
        ref uint key = ref MemoryMarshal.GetReference(_decryptionKey.AsSpan());
        Debug.Assert(destination.Length >= source.Length);
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        // The masks run backwards: 6 rounds end on Mask1, so decryption starts on it; 7 rounds are a palindrome.
        uint first = _oddRound ? Mask0 : Mask1, second = _oddRound ? Mask1 : Mask0;
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            ref uint k = ref key;
            uint a = ByteOrder.ReadUInt32BigEndian(ref input, offset);
            uint b = ByteOrder.ReadUInt32BigEndian(ref input, offset + 4);
            uint c = ByteOrder.ReadUInt32BigEndian(ref input, offset + 8);
            uint d = ByteOrder.ReadUInt32BigEndian(ref input, offset + 12);
            for (int pair = 0; pair < 3; pair++)
            {
                InverseIBI(ref k, ref a, ref b, ref c, ref d);
                R2(ref f, ref a, ref b, ref c, ref d, first);
                InverseIBI(ref Unsafe.Add(ref k, 8), ref c, ref d, ref a, ref b);
                R2(ref f, ref c, ref d, ref a, ref b, second);
                k = ref Unsafe.Add(ref k, 16);
            }

            if (_oddRound)
            {
                InverseIBI(ref k, ref a, ref b, ref c, ref d);
                R2(ref f, ref a, ref b, ref c, ref d, first);
                InverseIBI(ref Unsafe.Add(ref k, 8), ref c, ref d, ref a, ref b);
                Store(ref Unsafe.Add(ref output, offset), c, d, a, b);
            }
            else
            {
                InverseIBI(ref k, ref a, ref b, ref c, ref d);
                Store(ref Unsafe.Add(ref output, offset), a, b, c, d);
            }
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store(ref byte output, uint a, uint b, uint c, uint d)
    {
        ByteOrder.WriteUInt32BigEndian(ref output, 0, a);
        ByteOrder.WriteUInt32BigEndian(ref output, 4, b);
        ByteOrder.WriteUInt32BigEndian(ref output, 8, c);
        ByteOrder.WriteUInt32BigEndian(ref output, 12, d);
    }

    /// <summary>I, B, I: XOR k[0..3], the bitsliced S4 layer, XOR k[4..7].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void IBI(ref uint k, ref uint a, ref uint b, ref uint c, ref uint d)
    {
        uint x = a ^ k, y = b ^ Unsafe.Add(ref k, 1), z = c ^ Unsafe.Add(ref k, 2), w = d ^ Unsafe.Add(ref k, 3);
        B(x, y, z, w, out a, out b, out c, out d);
        a ^= Unsafe.Add(ref k, 4);
        b ^= Unsafe.Add(ref k, 5);
        c ^= Unsafe.Add(ref k, 6);
        d ^= Unsafe.Add(ref k, 7);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void InverseIBI(ref uint k, ref uint a, ref uint b, ref uint c, ref uint d)
    {
        uint x = a ^ k, y = b ^ Unsafe.Add(ref k, 1), z = c ^ Unsafe.Add(ref k, 2), w = d ^ Unsafe.Add(ref k, 3);
        InverseB(x, y, z, w, out a, out b, out c, out d);
        a ^= Unsafe.Add(ref k, 4);
        b ^= Unsafe.Add(ref k, 5);
        c ^= Unsafe.Add(ref k, 6);
        d ^= Unsafe.Add(ref k, 7);
    }

    /// <summary>
    /// S4 = (2 5 a c 7 f 1 b d 6 0 9 4 8 3 e) on 32 nibbles at once, word a holding the most significant bits:
    /// the algebraic normal form of each output bit, factored (derived from the table; a test checks all 16 inputs).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void B(uint a, uint b, uint c, uint d, out uint oa, out uint ob, out uint oc, out uint od)
    {
        uint bcd = b & (c ^ d);
        oa = c ^ bcd ^ (a & ~(b | d));
        ob = b ^ d ^ bcd ^ (a & ~(d ^ (b | c)));
        oc = ~(a ^ d ^ (b & (c | d)) ^ (a & c & d));
        od = a ^ b ^ d ^ (c & d) ^ (b & d & ~c) ^ (a & c & ~d);
    }

    /// <summary>S4^-1 = (a 6 0 e c 1 9 4 d b 2 7 3 8 f 5), bitsliced the same way.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void InverseB(uint a, uint b, uint c, uint d, out uint oa, out uint ob, out uint oc, out uint od)
    {
        uint bc = b & c;
        oa = ~(c ^ d ^ bc ^ (a & ((b | d) ^ bc)));
        ob = b ^ d ^ bc ^ (a & ~(c ^ (b & (c ^ d))));
        oc = ~(a ^ b ^ c ^ (c & d) ^ (bc & ~d) ^ (a & d));
        od = a ^ (b & (c ^ d)) ^ (a & c & ~d);
    }

    /// <summary>
    /// R2: (a, b) ^= F(c, d), then (c, d) ^= F(a, b); the caller reads the result as (c, d, a, b), which is the half
    /// swap. F(x, y) = L(M∘S(x), M∘S(y)) with L(s, t) = ((s &amp; m) ^ t, (t &amp; ~m) ^ s).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void R2(ref uint f, ref uint a, ref uint b, ref uint c, ref uint d, uint mask)
    {
        uint s = SC2000KeySchedule.FusedMS(ref f, c);
        uint t = SC2000KeySchedule.FusedMS(ref f, d);
        a ^= (s & mask) ^ t;
        b ^= (t & ~mask) ^ s;
        s = SC2000KeySchedule.FusedMS(ref f, a);
        t = SC2000KeySchedule.FusedMS(ref f, b);
        c ^= (s & mask) ^ t;
        d ^= (t & ~mask) ^ s;
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_encryptionKey.AsSpan()));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_decryptionKey.AsSpan()));
    }
}
