#if NET
using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli;

/// <summary>
/// AES-GCM with counter mode and GHASH stitched into one loop (AES-NI with PCLMULQDQ or VPCLMULQDQ; the 512-bit GHASH
/// kernel lends its 256-bit pairs of powers, since a group is eight blocks): each group
/// of eight blocks runs the AES rounds of eight 32-bit-counter blocks with the carry-less multiplications of eight
/// ciphertext blocks placed between them, so the out-of-order core overlaps the two instead of running them as two
/// passes (where both share the same vector pipes, the gain is smaller; docs/gcm.md). Decryption hashes the group it
/// decrypts (its ciphertext is the input); encryption hashes the group it encrypted two iterations earlier (already
/// stored in the destination). Every block is read before its own destination block is written, so in-place operation
/// works. Constant-time, as both kernels are.
/// </summary>
internal static class GcmStitchedX86
{
    private const int GroupBytes = 128;
    private const int EncryptLag = 2;

    /// <summary>True when this process can run the stitched loop for this pair of kernels.</summary>
    public static bool Supports(BlockCipherKernel kernel, GHashKernel ghash) =>
        kernel is RijndaelAesNiKernel && (ghash is GHashPclmulKernel
#if NET9_0_OR_GREATER
            || ghash is IGHashPowerPairs
#endif
            );

    /// <summary>
    /// Decrypts the whole 128-byte groups of <paramref name="source"/> into <paramref name="destination"/> and folds
    /// their ciphertext into <paramref name="y"/>; advances <paramref name="counter"/> (32-bit width) past the blocks
    /// used and returns the number of bytes done.
    /// </summary>
    public static int Decrypt(BlockCipherKernel kernel, GHashKernel ghash, ReadOnlySpan<byte> source,
        Span<byte> destination, Span<byte> counter, Span<byte> y)
    {
        int groups = source.Length / GroupBytes;
        if (groups != 0)
        {
            ref byte src = ref MemoryMarshal.GetReference(source);
            Run(kernel, ghash, ref src, ref MemoryMarshal.GetReference(destination), ref src, groups, counter, y);
        }

        return groups * GroupBytes;
    }

    /// <summary>
    /// Encrypts the whole 128-byte groups of <paramref name="source"/> into <paramref name="destination"/> and folds
    /// the ciphertext into <paramref name="y"/>; advances <paramref name="counter"/> and returns the number of
    /// bytes done.
    /// </summary>
    public static int Encrypt(BlockCipherKernel kernel, GHashKernel ghash, ReadOnlySpan<byte> source,
        Span<byte> destination, Span<byte> counter, Span<byte> y)
    {
        int groups = source.Length / GroupBytes;
        if (groups == 0)
        {
            return 0;
        }

        // Encryption hashes the ciphertext it stored two groups earlier: a 256-bit load of blocks stored one
        // iteration before would span two 128-bit stores, which the CPU cannot forward, and would wait for them to
        // reach the cache. So the first two groups are counter mode alone, the loop hashes group g - 2 while it
        // encrypts group g, and the last two groups are hashed at the end.
        int lead = Math.Min(groups, EncryptLag);
        Ctr.Transform(kernel, source.Slice(0, lead * GroupBytes), destination.Slice(0, lead * GroupBytes), counter,
            CounterWidth.Bits32);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        if (groups > lead)
        {
            ref byte src = ref MemoryMarshal.GetReference(source);
            Run(kernel, ghash, ref Unsafe.Add(ref src, lead * GroupBytes), ref Unsafe.Add(ref dst, lead * GroupBytes),
                ref dst, groups - lead, counter, y);
        }

        ghash.Update(y, destination.Slice((groups - lead) * GroupBytes, lead * GroupBytes));
        return groups * GroupBytes;
    }

    private static void Run(BlockCipherKernel kernel, GHashKernel ghash, ref byte source, ref byte destination,
        ref byte hashed, int groups, Span<byte> counterBlock, Span<byte> y)
    {
        var aes = (RijndaelAesNiKernel)kernel;
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(aes.EncryptionRoundKeys);
        Vector128<byte> reverse = GHashPclmulKernel.ByteReverse;
        Vector128<ulong> acc =
            Ssse3.Shuffle(Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(y)), reverse).AsUInt64();

        // The counter block stays in memory order; only its last 32 bits count (inc32), tracked as a number too.
        Vector128<byte> counter = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(counterBlock));
        uint low = BinaryPrimitives.ReadUInt32BigEndian(counterBlock.Slice(12));
#if NET9_0_OR_GREATER
        if (ghash is IGHashPowerPairs wide) // VPCLMULQDQ-256, or the 512-bit kernel's pairs of H^8..H^1
        {
            acc = RunVpclmul256(ref keys, aes.Rounds, ref source, ref destination, ref hashed, groups, ref counter,
                ref low, acc, ref MemoryMarshal.GetArrayDataReference(wide.PowerPairs),
                ref MemoryMarshal.GetArrayDataReference(wide.KaratsubaPairs));
        }
        else
#endif
        {
            var narrow = (GHashPclmulKernel)ghash;
            acc = RunPclmul(ref keys, aes.Rounds, ref source, ref destination, ref hashed, groups, ref counter, ref low,
                acc, ref MemoryMarshal.GetArrayDataReference(narrow.Powers),
                ref MemoryMarshal.GetArrayDataReference(narrow.KaratsubaPowers));
        }

        Ssse3.Shuffle(acc.AsByte(), reverse).StoreUnsafe(ref MemoryMarshal.GetReference(y));
        BinaryPrimitives.WriteUInt32BigEndian(counterBlock.Slice(12), low);
    }

    /// <summary>
    /// The loop with PCLMULQDQ: one block's Karatsuba products (three carry-less multiplications: low halves, high
    /// halves, and the xor of the halves, whose product minus the other two is the middle term) after each of AES
    /// rounds 1 to 8, summed unreduced and reduced once per group.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)] // called once per message: never run its loop as tier-0 code
    private static Vector128<ulong> RunPclmul(ref Vector128<byte> keys, int rounds, ref byte source,
        ref byte destination, ref byte hashed, int groups, ref Vector128<byte> counter, ref uint low,
        Vector128<ulong> acc, ref Vector128<ulong> powers, ref Vector128<ulong> folded)
    {
        Debug.Assert(rounds >= 10);
        Vector128<byte> reverse = GHashPclmulKernel.ByteReverse;
        for (int offset = 0; groups > 0; groups--, offset += GroupBytes)
        {
            NextCounters(ref counter, ref low, out Vector128<byte> b0, out Vector128<byte> b1, out Vector128<byte> b2,
                out Vector128<byte> b3, out Vector128<byte> b4, out Vector128<byte> b5, out Vector128<byte> b6,
                out Vector128<byte> b7);
            Whiten(keys, ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            ref byte h = ref Unsafe.Add(ref hashed, offset);

            // (Y xor X_1)·H^8 + X_2·H^7 + ... + X_8·H, unreduced, between the rounds. X_2..X_8 first: the block that
            // carries the running value Y comes last, so Y's dependency chain through a group is one product long.
            Vector128<ulong> lo = default, hi = default, mid = default, x, power;
            for (int i = 1; i < 8; i++)
            {
                x = Ssse3.Shuffle(Vector128.LoadUnsafe(ref h, (nuint)(i * 16)), reverse).AsUInt64();
                power = Unsafe.Add(ref powers, i);
                lo ^= Pclmulqdq.CarrylessMultiply(x, power, 0x00);
                hi ^= Pclmulqdq.CarrylessMultiply(x, power, 0x11);
                mid ^= Pclmulqdq.CarrylessMultiply(x ^ SwapHalves(x), Unsafe.Add(ref folded, i), 0x00);
                Round(Unsafe.Add(ref keys, i), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            }

            x = Ssse3.Shuffle(Vector128.LoadUnsafe(ref h), reverse).AsUInt64() ^ acc;
            power = powers;
            lo ^= Pclmulqdq.CarrylessMultiply(x, power, 0x00);
            hi ^= Pclmulqdq.CarrylessMultiply(x, power, 0x11);
            mid ^= Pclmulqdq.CarrylessMultiply(x ^ SwapHalves(x), folded, 0x00);
            Round(Unsafe.Add(ref keys, 8), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);

            acc = GHashPclmulKernel.ReduceTwisted(lo, mid ^ lo ^ hi, hi);
            for (int i = 9; i < rounds; i++)
            {
                Round(Unsafe.Add(ref keys, i), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            }

            LastRoundXorStore(Unsafe.Add(ref keys, rounds), b0, b1, b2, b3, b4, b5, b6, b7,
                ref Unsafe.Add(ref source, offset), ref Unsafe.Add(ref destination, offset));
        }

        return acc;
    }

#if NET9_0_OR_GREATER
    /// <summary>
    /// The loop with VPCLMULQDQ-256: two blocks' Karatsuba products (three instructions) after each of AES rounds 1
    /// to 4.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)] // called once per message: never run its loop as tier-0 code
    private static Vector128<ulong> RunVpclmul256(ref Vector128<byte> keys, int rounds, ref byte source,
        ref byte destination, ref byte hashed, int groups, ref Vector128<byte> counter, ref uint low,
        Vector128<ulong> acc, ref Vector256<ulong> pairs, ref Vector256<ulong> folded)
    {
        Debug.Assert(rounds >= 10);
        Vector128<byte> reverse = GHashPclmulKernel.ByteReverse;
        Vector256<byte> reverse256 = Vector256.Create(reverse, reverse);
        for (int offset = 0; groups > 0; groups--, offset += GroupBytes)
        {
            NextCounters(ref counter, ref low, out Vector128<byte> b0, out Vector128<byte> b1, out Vector128<byte> b2,
                out Vector128<byte> b3, out Vector128<byte> b4, out Vector128<byte> b5, out Vector128<byte> b6,
                out Vector128<byte> b7);
            Whiten(keys, ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            ref byte h = ref Unsafe.Add(ref hashed, offset);

            // The pair that carries the running value Y last, as in the PCLMULQDQ loop. Unrolled: the JIT does not
            // unroll loops, and their counters and index arithmetic cost front-end slots the AES rounds need.
            Vector256<ulong> lo = default, hi = default, mid = default;
            MultiplyPair(Avx2.Shuffle(Vector256.LoadUnsafe(ref h, 32), reverse256).AsUInt64(), Unsafe.Add(ref pairs, 1),
                Unsafe.Add(ref folded, 1), ref lo, ref hi, ref mid);
            Round(Unsafe.Add(ref keys, 1), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyPair(Avx2.Shuffle(Vector256.LoadUnsafe(ref h, 64), reverse256).AsUInt64(), Unsafe.Add(ref pairs, 2),
                Unsafe.Add(ref folded, 2), ref lo, ref hi, ref mid);
            Round(Unsafe.Add(ref keys, 2), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyPair(Avx2.Shuffle(Vector256.LoadUnsafe(ref h, 96), reverse256).AsUInt64(), Unsafe.Add(ref pairs, 3),
                Unsafe.Add(ref folded, 3), ref lo, ref hi, ref mid);
            Round(Unsafe.Add(ref keys, 3), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyPair(Avx2.Shuffle(Vector256.LoadUnsafe(ref h), reverse256).AsUInt64() ^ acc.ToVector256(), pairs,
                folded, ref lo, ref hi, ref mid);
            Round(Unsafe.Add(ref keys, 4), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);

            Vector128<ulong> lo128 = lo.GetLower() ^ lo.GetUpper(), hi128 = hi.GetLower() ^ hi.GetUpper();
            acc = GHashPclmulKernel.ReduceTwisted(lo128, mid.GetLower() ^ mid.GetUpper() ^ lo128 ^ hi128, hi128);
            Round(Unsafe.Add(ref keys, 5), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            Round(Unsafe.Add(ref keys, 6), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            Round(Unsafe.Add(ref keys, 7), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            Round(Unsafe.Add(ref keys, 8), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            Round(Unsafe.Add(ref keys, 9), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            for (int i = 10; i < rounds; i++)
            {
                Round(Unsafe.Add(ref keys, i), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            }

            LastRoundXorStore(Unsafe.Add(ref keys, rounds), b0, b1, b2, b3, b4, b5, b6, b7,
                ref Unsafe.Add(ref source, offset), ref Unsafe.Add(ref destination, offset));
        }

        return acc;
    }

    /// <summary>Adds two blocks' Karatsuba products by their powers of H to the unreduced sums.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MultiplyPair(Vector256<ulong> x, Vector256<ulong> power, Vector256<ulong> folded,
        ref Vector256<ulong> lo, ref Vector256<ulong> hi, ref Vector256<ulong> mid)
    {
        lo ^= Pclmulqdq.V256.CarrylessMultiply(x, power, 0x00);
        hi ^= Pclmulqdq.V256.CarrylessMultiply(x, power, 0x11);
        mid ^= Pclmulqdq.V256.CarrylessMultiply(x ^ SwapHalves(x), folded, 0x00);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> SwapHalves(Vector256<ulong> x) => Avx2.Shuffle(x.AsUInt32(), 0x4E).AsUInt64();
#endif

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> SwapHalves(Vector128<ulong> x) => Sse2.Shuffle(x.AsUInt32(), 0x4E).AsUInt64();

    /// <summary>
    /// Eight consecutive inc32 counter blocks from <paramref name="counter"/> (memory order) and advances it by eight.
    /// While the last byte stays below 0xF8 the blocks are byte additions to that byte alone (no carry to propagate);
    /// otherwise (once every 32 groups) the 32-bit count is written into each block, wrapping as inc32 does.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void NextCounters(ref Vector128<byte> counter, ref uint low,
        out Vector128<byte> b0, out Vector128<byte> b1, out Vector128<byte> b2, out Vector128<byte> b3,
        out Vector128<byte> b4, out Vector128<byte> b5, out Vector128<byte> b6, out Vector128<byte> b7)
    {
        Vector128<byte> c = counter;
        if ((low & 0xFF) <= 0xF7)
        {
            b0 = c;
            b1 = c + LastByte(1); b2 = c + LastByte(2); b3 = c + LastByte(3); b4 = c + LastByte(4);
            b5 = c + LastByte(5); b6 = c + LastByte(6); b7 = c + LastByte(7);
            counter = c + LastByte(8);
        }
        else
        {
            b0 = WithCount(c, low); b1 = WithCount(c, low + 1); b2 = WithCount(c, low + 2); b3 = WithCount(c, low + 3);
            b4 = WithCount(c, low + 4); b5 = WithCount(c, low + 5);
            b6 = WithCount(c, low + 6); b7 = WithCount(c, low + 7);
            counter = WithCount(c, low + 8);
        }

        low += 8;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> LastByte(byte value) =>
        Vector128.Create((byte)0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, value);

    /// <summary>
    /// The block with its last four bytes replaced by <paramref name="count"/>, big-endian (wrapping: inc32).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> WithCount(Vector128<byte> block, uint count) =>
        block.AsUInt32().WithElement(3, BinaryPrimitives.ReverseEndianness(count)).AsByte();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Whiten(Vector128<byte> key,
        ref Vector128<byte> b0, ref Vector128<byte> b1, ref Vector128<byte> b2, ref Vector128<byte> b3,
        ref Vector128<byte> b4, ref Vector128<byte> b5, ref Vector128<byte> b6, ref Vector128<byte> b7)
    {
        b0 ^= key; b1 ^= key; b2 ^= key; b3 ^= key; b4 ^= key; b5 ^= key; b6 ^= key; b7 ^= key;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(Vector128<byte> key,
        ref Vector128<byte> b0, ref Vector128<byte> b1, ref Vector128<byte> b2, ref Vector128<byte> b3,
        ref Vector128<byte> b4, ref Vector128<byte> b5, ref Vector128<byte> b6, ref Vector128<byte> b7)
    {
        b0 = X86Aes.Encrypt(b0, key); b1 = X86Aes.Encrypt(b1, key);
        b2 = X86Aes.Encrypt(b2, key); b3 = X86Aes.Encrypt(b3, key);
        b4 = X86Aes.Encrypt(b4, key); b5 = X86Aes.Encrypt(b5, key);
        b6 = X86Aes.Encrypt(b6, key); b7 = X86Aes.Encrypt(b7, key);
    }

    /// <summary>The last round with the source block XORed into its key, so one AESENCLAST finishes both; each source
    /// block is loaded right before its own destination block is stored.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LastRoundXorStore(Vector128<byte> key,
        Vector128<byte> b0, Vector128<byte> b1, Vector128<byte> b2, Vector128<byte> b3,
        Vector128<byte> b4, Vector128<byte> b5, Vector128<byte> b6, Vector128<byte> b7, ref byte source,
        ref byte destination)
    {
        X86Aes.EncryptLast(b0, key ^ Vector128.LoadUnsafe(ref source)).StoreUnsafe(ref destination);
        X86Aes.EncryptLast(b1, key ^ Vector128.LoadUnsafe(ref source, 16)).StoreUnsafe(ref destination, 16);
        X86Aes.EncryptLast(b2, key ^ Vector128.LoadUnsafe(ref source, 32)).StoreUnsafe(ref destination, 32);
        X86Aes.EncryptLast(b3, key ^ Vector128.LoadUnsafe(ref source, 48)).StoreUnsafe(ref destination, 48);
        X86Aes.EncryptLast(b4, key ^ Vector128.LoadUnsafe(ref source, 64)).StoreUnsafe(ref destination, 64);
        X86Aes.EncryptLast(b5, key ^ Vector128.LoadUnsafe(ref source, 80)).StoreUnsafe(ref destination, 80);
        X86Aes.EncryptLast(b6, key ^ Vector128.LoadUnsafe(ref source, 96)).StoreUnsafe(ref destination, 96);
        X86Aes.EncryptLast(b7, key ^ Vector128.LoadUnsafe(ref source, 112)).StoreUnsafe(ref destination, 112);
    }
}
#endif
