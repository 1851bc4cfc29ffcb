// Camellia, 64-bit table kernel (P2 "64-bit fast"): RFC 3713 / the Camellia specification, 128-bit block,
// 128/192/256-bit keys. The state is two 64-bit words D1, D2; F is the specification's equation for 64-bit
// processors: eight 8->64-bit tables (16 KiB) folding each S-box with P, so F = XOR of eight look-ups.
// Subkeys are 64-bit words from the shared key schedule, which copies the coinciding subkeys
// ((k15,k16) = (ke2,ke1) for 128-bit keys, (k19,k20) = (ke2,ke1) for longer keys) instead of recomputing them.
using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The 64-bit table kernel, with the CLI techniques (table refs in locals, <see cref="Unsafe.Add{T}(ref T, int)"/>,
/// <c>(byte)</c> casts, unrolled rounds). ECB and CTR process two blocks per trip, interleaved, to hide the
/// latency of the look-up chain; CBC encryption, serial, is one fused loop over a single-block path written for
/// latency. Not constant-time (secret-indexed tables).
/// </summary>
internal sealed class CamelliaTable64Kernel : BlockCipherKernel, ICbcEncryptKernel, ICounterModeKernel
{
    private readonly ulong[] _encryptionKey;
    private readonly ulong[] _decryptionKey;
    private readonly int _groups;

    public CamelliaTable64Kernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        int count = CamelliaKeySchedule.SubkeyCount(key.Length);
        _groups = key.Length == 16 ? 3 : 4;
        _encryptionKey = new ulong[count];
        _decryptionKey = new ulong[count];
        CamelliaKeySchedule.Expand(key, _encryptionKey);
        CamelliaKeySchedule.ToDecryptionOrder(_encryptionKey, _decryptionKey);
    }

    public override string Name => "table64";

    internal ulong[] EncryptionKey => _encryptionKey;

    internal ulong[] DecryptionKey => _decryptionKey;

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _encryptionKey, _groups);

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _decryptionKey, _groups);

    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        // Serial, so latency-bound: one fused loop, the key schedule and the tables through refs, no call per block.
        // The three loops of this kernel are compiled optimised at once, as the byte-sliced kernel's: a long call
        // otherwise starts in unoptimised first-tier code (the 16-byte row of a short benchmark run read 1.07 us).
        Debug.Assert(destination.Length >= source.Length && source.Length % 16 == 0 && chainingValue.Length == 16);
        ref ulong k = ref MemoryMarshal.GetReference(_encryptionKey.AsSpan());
        ref ulong sp = ref MemoryMarshal.GetReference(CamelliaTables.SP64.AsSpan());
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        int groups = _groups;
        ulong c0 = BinaryPrimitives.ReadUInt64BigEndian(chainingValue);
        ulong c1 = BinaryPrimitives.ReadUInt64BigEndian(chainingValue.Slice(8));
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            c0 ^= ByteOrder.ReadUInt64BigEndian(ref input, offset);
            c1 ^= ByteOrder.ReadUInt64BigEndian(ref input, offset + 8);
            Block(ref k, ref sp, groups, ref c0, ref c1);
            ByteOrder.WriteUInt64BigEndian(ref output, offset, c0);
            ByteOrder.WriteUInt64BigEndian(ref output, offset + 8, c1);
        }

        BinaryPrimitives.WriteUInt64BigEndian(chainingValue, c0);
        BinaryPrimitives.WriteUInt64BigEndian(chainingValue.Slice(8), c1);
    }

    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    public void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counterBlock,
        CounterWidth width)
    {
        ref ulong k = ref MemoryMarshal.GetReference(_encryptionKey.AsSpan());
        var counter = new Counter128(counterBlock, width);
        Debug.Assert(destination.Length >= source.Length);
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        int offset = 0;
        int length = source.Length;
        for (; offset <= length - 32; offset += 32)
        {
            ulong a0 = counter.High, a1 = counter.Low;
            counter.Increment();
            ulong b0 = counter.High, b1 = counter.Low;
            counter.Increment();
            Block2(ref k, _groups, ref a0, ref a1, ref b0, ref b1);
            ByteOrder.XorUInt64BigEndian(ref input, ref output, offset, a0);
            ByteOrder.XorUInt64BigEndian(ref input, ref output, offset + 8, a1);
            ByteOrder.XorUInt64BigEndian(ref input, ref output, offset + 16, b0);
            ByteOrder.XorUInt64BigEndian(ref input, ref output, offset + 24, b1);
        }

        Span<byte> keystream = stackalloc byte[16];
        for (; offset < length; offset += 16)
        {
            ulong a0 = counter.High, a1 = counter.Low;
            counter.Increment();
            Block(ref k, _groups, ref a0, ref a1);
            BinaryPrimitives.WriteUInt64BigEndian(keystream, a0);
            BinaryPrimitives.WriteUInt64BigEndian(keystream.Slice(8), a1);
            int n = Math.Min(16, length - offset);
            SpanHelpers.Xor(source.Slice(offset, n), keystream.Slice(0, n), destination.Slice(offset, n));
        }

        CryptographicOperations.ZeroMemory(keystream);
        counter.Store(counterBlock);
    }

    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private static void Transform(ReadOnlySpan<byte> source, Span<byte> destination, ulong[] subkeys, int groups)
    {
        Debug.Assert(destination.Length >= source.Length);
        ref ulong k = ref MemoryMarshal.GetReference(subkeys.AsSpan());
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        int offset = 0;
        int length = source.Length;
        for (; offset <= length - 32; offset += 32)
        {
            ulong a0 = ByteOrder.ReadUInt64BigEndian(ref input, offset);
            ulong a1 = ByteOrder.ReadUInt64BigEndian(ref input, offset + 8);
            ulong b0 = ByteOrder.ReadUInt64BigEndian(ref input, offset + 16);
            ulong b1 = ByteOrder.ReadUInt64BigEndian(ref input, offset + 24);
            Block2(ref k, groups, ref a0, ref a1, ref b0, ref b1);
            ByteOrder.WriteUInt64BigEndian(ref output, offset, a0);
            ByteOrder.WriteUInt64BigEndian(ref output, offset + 8, a1);
            ByteOrder.WriteUInt64BigEndian(ref output, offset + 16, b0);
            ByteOrder.WriteUInt64BigEndian(ref output, offset + 24, b1);
        }

        for (; offset < length; offset += 16)
        {
            ulong a0 = ByteOrder.ReadUInt64BigEndian(ref input, offset);
            ulong a1 = ByteOrder.ReadUInt64BigEndian(ref input, offset + 8);
            Block(ref k, groups, ref a0, ref a1);
            ByteOrder.WriteUInt64BigEndian(ref output, offset, a0);
            ByteOrder.WriteUInt64BigEndian(ref output, offset + 8, a1);
        }
    }

    /// <summary>One block in place: (d1, d2) on entry, the ciphertext order D2 || D1 written back on exit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Block(ref ulong k, int groups, ref ulong w0, ref ulong w1) =>
        Block(ref k, ref MemoryMarshal.GetReference(CamelliaTables.SP64.AsSpan()), groups, ref w0, ref w1);

    /// <summary>
    /// One block, written for latency: a serial mode (CBC encryption) waits for the chain from one round's table
    /// look-ups to the next round's indices, so that chain is kept short. F is two XOR chains of four look-ups
    /// (<see cref="F(ref ulong, ulong, out ulong, out ulong)"/>); the next round's input, the other half XOR its
    /// subkey, is computed beforehand and XORed with the two chains as they arrive, so F's result is never formed
    /// on the critical path.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Block(ref ulong k, ref ulong sp, int groups, ref ulong w0, ref ulong w1)
    {
        ulong d1 = w0 ^ k, d2 = w1 ^ Unsafe.Add(ref k, 1);
        k = ref Unsafe.Add(ref k, 2);
        ulong x = d1 ^ k; // the input of the next F
        for (int group = 0; ; )
        {
            // Rounds alternate d2 ^= F(d1 ^ k_i) and d1 ^= F(d2 ^ k_i); x_next = ((other half ^ k_next) ^ low) ^ high.
            F(ref sp, x, out ulong low, out ulong high);
            x = ((d2 ^ Unsafe.Add(ref k, 1)) ^ low) ^ high;
            d2 ^= low ^ high;
            F(ref sp, x, out low, out high);
            x = ((d1 ^ Unsafe.Add(ref k, 2)) ^ low) ^ high;
            d1 ^= low ^ high;
            F(ref sp, x, out low, out high);
            x = ((d2 ^ Unsafe.Add(ref k, 3)) ^ low) ^ high;
            d2 ^= low ^ high;
            F(ref sp, x, out low, out high);
            x = ((d1 ^ Unsafe.Add(ref k, 4)) ^ low) ^ high;
            d1 ^= low ^ high;
            F(ref sp, x, out low, out high);
            x = ((d2 ^ Unsafe.Add(ref k, 5)) ^ low) ^ high;
            d2 ^= low ^ high;
            F(ref sp, x, out low, out high);
            d1 ^= low ^ high;
            k = ref Unsafe.Add(ref k, 6);
            if (++group == groups)
            {
                break;
            }

            d1 = FL(d1, k);
            d2 = FLInverse(d2, Unsafe.Add(ref k, 1));
            k = ref Unsafe.Add(ref k, 2);
            x = d1 ^ k;
        }

        w0 = d2 ^ k;
        w1 = d1 ^ Unsafe.Add(ref k, 1);
    }

    /// <summary>
    /// F without its key, as two XOR chains of four look-ups (F = <paramref name="low"/> ^ <paramref name="high"/>).
    /// Written as one expression the JIT would re-associate a tree into a single chain of eight (a ^ (b ^ c) becomes
    /// (a ^ b) ^ c); two results keep the chains apart. With BMI1 each index is one BEXTR instead of a shift and a
    /// zero-extension.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F(ref ulong sp, ulong x, out ulong low, out ulong high)
    {
        low = Unsafe.Add(ref sp, ByteExtractor.Byte(x, 24) + 1024) ^
            Unsafe.Add(ref sp, ByteExtractor.Byte(x, 16) + 1280) ^
            Unsafe.Add(ref sp, ByteExtractor.Byte(x, 8) + 1536) ^ Unsafe.Add(ref sp, (nuint)(byte)x + 1792);
        high = Unsafe.Add(ref sp, (nuint)(x >> 56)) ^ Unsafe.Add(ref sp, ByteExtractor.Byte(x, 48) + 256) ^
            Unsafe.Add(ref sp, ByteExtractor.Byte(x, 40) + 512) ^ Unsafe.Add(ref sp, ByteExtractor.Byte(x, 32) + 768);
    }

    /// <summary>Two independent blocks, interleaved round by round.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Block2(ref ulong k, int groups, ref ulong a0, ref ulong a1, ref ulong b0, ref ulong b1)
    {
        ref ulong sp = ref MemoryMarshal.GetReference(CamelliaTables.SP64.AsSpan());
        ulong a = a0 ^ k, c = a1 ^ Unsafe.Add(ref k, 1);
        ulong b = b0 ^ k, d = b1 ^ Unsafe.Add(ref k, 1);
        k = ref Unsafe.Add(ref k, 2);
        for (int group = 0; group < groups; group++)
        {
            if (group != 0)
            {
                a = FL(a, k);
                b = FL(b, k);
                c = FLInverse(c, Unsafe.Add(ref k, 1));
                d = FLInverse(d, Unsafe.Add(ref k, 1));
                k = ref Unsafe.Add(ref k, 2);
            }

            for (int i = 0; i < 6; i += 2)
            {
                ulong k0 = Unsafe.Add(ref k, i), k1 = Unsafe.Add(ref k, i + 1);
                c ^= CamelliaKeySchedule.F(ref sp, a ^ k0);
                d ^= CamelliaKeySchedule.F(ref sp, b ^ k0);
                a ^= CamelliaKeySchedule.F(ref sp, c ^ k1);
                b ^= CamelliaKeySchedule.F(ref sp, d ^ k1);
            }

            k = ref Unsafe.Add(ref k, 6);
        }

        ulong kw0 = k, kw1 = Unsafe.Add(ref k, 1);
        a0 = c ^ kw0;
        a1 = a ^ kw1;
        b0 = d ^ kw0;
        b1 = b ^ kw1;
    }

    /// <summary>FL (RFC 3713 2.4.2) on 64-bit words.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong FL(ulong x, ulong key)
    {
        uint left = (uint)(x >> 32), right = (uint)x;
        right ^= Bits.RotateLeft(left & (uint)(key >> 32), 1);
        left ^= right | (uint)key;
        return ((ulong)left << 32) | right;
    }

    /// <summary>FL^-1 (RFC 3713 2.4.3) on 64-bit words.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong FLInverse(ulong y, ulong key)
    {
        uint left = (uint)(y >> 32), right = (uint)y;
        left ^= right | (uint)key;
        right ^= Bits.RotateLeft(left & (uint)(key >> 32), 1);
        return ((ulong)left << 32) | right;
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroWords(_encryptionKey);
        CryptographicOperationsHelper.ZeroWords(_decryptionKey);
    }
}
