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
/// The 64-bit table kernel, with P1's CLI techniques (table refs in locals, <see cref="Unsafe.Add{T}(ref T, int)"/>,
/// <c>(byte)</c> casts, unrolled rounds). ECB and CTR process two blocks per trip, interleaved, to hide the
/// latency of the look-up chain. Not constant-time (secret-indexed tables).
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

    public void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        ref ulong k = ref MemoryMarshal.GetReference(_encryptionKey.AsSpan());
        ulong c0 = BinaryPrimitives.ReadUInt64BigEndian(chainingValue);
        ulong c1 = BinaryPrimitives.ReadUInt64BigEndian(chainingValue.Slice(8));
        Debug.Assert(destination.Length >= source.Length);
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            c0 ^= ByteOrder.ReadUInt64BigEndian(ref input, offset);
            c1 ^= ByteOrder.ReadUInt64BigEndian(ref input, offset + 8);
            Block(ref k, _groups, ref c0, ref c1);
            ByteOrder.WriteUInt64BigEndian(ref output, offset, c0);
            ByteOrder.WriteUInt64BigEndian(ref output, offset + 8, c1);
        }

        BinaryPrimitives.WriteUInt64BigEndian(chainingValue, c0);
        BinaryPrimitives.WriteUInt64BigEndian(chainingValue.Slice(8), c1);
    }

    public void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counterBlock, CounterWidth width)
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
    internal static void Block(ref ulong k, int groups, ref ulong w0, ref ulong w1)
    {
        ref ulong sp = ref MemoryMarshal.GetReference(CamelliaTables.SP64.AsSpan());
        ulong d1 = w0 ^ k, d2 = w1 ^ Unsafe.Add(ref k, 1);
        k = ref Unsafe.Add(ref k, 2);
        for (int group = 0; group < groups; group++)
        {
            if (group != 0)
            {
                d1 = FL(d1, k);
                d2 = FLInverse(d2, Unsafe.Add(ref k, 1));
                k = ref Unsafe.Add(ref k, 2);
            }

            d2 ^= CamelliaKeySchedule.F(ref sp, d1 ^ k);
            d1 ^= CamelliaKeySchedule.F(ref sp, d2 ^ Unsafe.Add(ref k, 1));
            d2 ^= CamelliaKeySchedule.F(ref sp, d1 ^ Unsafe.Add(ref k, 2));
            d1 ^= CamelliaKeySchedule.F(ref sp, d2 ^ Unsafe.Add(ref k, 3));
            d2 ^= CamelliaKeySchedule.F(ref sp, d1 ^ Unsafe.Add(ref k, 4));
            d1 ^= CamelliaKeySchedule.F(ref sp, d2 ^ Unsafe.Add(ref k, 5));
            k = ref Unsafe.Add(ref k, 6);
        }

        w0 = d2 ^ k;
        w1 = d1 ^ Unsafe.Add(ref k, 1);
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
