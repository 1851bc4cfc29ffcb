// Rijndael with 128-bit blocks (AES, and the 160/224-bit key sizes) on AES instructions, written once over an
// AES-round backend (AesRoundX86 = AES-NI, AesRoundArm = ARMv8 AESE/AESMC) and specialised by the JIT for each, as
// Haraka is. ECB, CTR and CBC decryption keep eight independent blocks in flight: AESENC has a latency of several
// cycles and cores with two AES units issue one on each per cycle, so eight blocks fill both pipes (ARM cores
// pipeline AESE/AESMC the same way). CBC encryption is serial by definition. Constant-time, key expansion included.
// .NET exposes no 256-bit VAES intrinsics (checked: X86 Aes has no V256 class), so this is the widest path.
using System;
using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The hardware kernel for 128-bit blocks on backend <typeparamref name="TAes"/>, in the backend's x86 round semantics
/// (Encrypt = AESENC: the key XORed after the round); <see cref="RijndaelAesNiKernel"/> and
/// <see cref="RijndaelArmKernel"/> name its two instances.
/// </summary>
internal abstract class RijndaelAesKernel<TAes> : BlockCipherKernel, ICbcEncryptKernel, ICbcMacKernel,
    ICbcDecryptKernel, ICfbEncryptKernel, ICounterModeKernel
    where TAes : struct, IAesRound
{
    private const int Lanes = 8;
    private readonly Vector128<byte>[] _encryptionKeys;
    private readonly Vector128<byte>[] _decryptionKeys;
    private readonly int _rounds;

    protected RijndaelAesKernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        _encryptionKeys = RijndaelHardwareKeySchedule.ExpandEncryptionKey<TAes>(key, 4);
        _decryptionKeys = RijndaelHardwareKeySchedule.ToDecryptionKey<TAes>(_encryptionKeys, 4);
        _rounds = _encryptionKeys.Length - 1;
    }

    /// <summary>The encryption round keys (for GCM's stitched loop, which runs its own AES rounds).</summary>
    internal Vector128<byte>[] EncryptionRoundKeys => _encryptionKeys;

    /// <summary>The number of rounds (10 to 14).</summary>
    internal int Rounds => _rounds;

    // The whole-buffer entry points handle one block inline and leave runs of eight blocks to a separate method: when a
    // caller inlines the entry point (dynamic PGO does, through the kernel's type), the eight-block body would use up
    // the JIT's inlining budget and leave the lone block's rounds behind a call with the state spilled to memory.
    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_encryptionKeys);
        int length = source.Length;
        int offset = length >= Lanes * 16 ? EncryptLanes(ref keys, _rounds, ref src, ref dst, length) : 0;
        if (length - offset >= 4 * 16)
        {
            Encrypt4(ref keys, _rounds, ref Unsafe.Add(ref src, offset), ref Unsafe.Add(ref dst, offset));
            offset += 4 * 16;
        }

        for (; offset < length; offset += 16)
        {
            EncryptBlock(ref keys, _rounds,
                Vector128.LoadUnsafe(ref Unsafe.Add(ref src, offset))).StoreUnsafe(ref Unsafe.Add(ref dst, offset));
        }
    }

    /// <summary>
    /// Four blocks, round by round: each round key is loaded once for the four, and the four chains overlap in the
    /// two AES units (a 64-byte call, or the tail of a longer one, after its runs of eight).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void Encrypt4(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst)
    {
        Vector128<byte> key = keys;
        Vector128<byte> b0 = Load(ref src, 0) ^ key, b1 = Load(ref src, 1) ^ key, b2 = Load(ref src, 2) ^ key,
            b3 = Load(ref src, 3) ^ key;
        for (int i = 1; i < rounds; i++)
        {
            key = Unsafe.Add(ref keys, i);
            b0 = TAes.Encrypt(b0, key); b1 = TAes.Encrypt(b1, key);
            b2 = TAes.Encrypt(b2, key); b3 = TAes.Encrypt(b3, key);
        }

        key = Unsafe.Add(ref keys, rounds);
        Store(ref dst, 0, TAes.EncryptLast(b0, key)); Store(ref dst, 1, TAes.EncryptLast(b1, key));
        Store(ref dst, 2, TAes.EncryptLast(b2, key)); Store(ref dst, 3, TAes.EncryptLast(b3, key));
    }

    public override void EncryptBlock(ReadOnlySpan<byte> source, Span<byte> destination) =>
        EncryptOneBlock(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination));

    public override void DecryptBlock(ReadOnlySpan<byte> source, Span<byte> destination) =>
        DecryptOneBlock(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination));

    /// <summary>
    /// One block, 16 bytes at <paramref name="source"/> to 16 at <paramref name="destination"/> (the same or disjoint).
    /// Not virtual: a caller that has tested the kernel's type calls it directly, and it inlines there.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void EncryptOneBlock(ref byte source, ref byte destination) =>
        OneBlock<Encryption>(_encryptionKeys, ref source, ref destination);

    /// <summary>The inverse of <see cref="EncryptOneBlock"/>, under the same rules.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void DecryptOneBlock(ref byte source, ref byte destination) =>
        OneBlock<Decryption>(_decryptionKeys, ref source, ref destination);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void OneBlock<TDirection>(Vector128<byte>[] roundKeys, ref byte source, ref byte destination)
        where TDirection : struct, IAesDirection
    {
        // A ten-round key (AES-128, the usual size) ends with its last round key at a constant offset and no loop
        // test: a lone block's call is short enough for the two index instructions and the test to show.
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(roundKeys);
        int rounds = _rounds;
        Vector128<byte> block = Rounds1To9<TDirection>(ref keys, Vector128.LoadUnsafe(ref source) ^ keys);
        block = rounds == 10
            ? TDirection.LastRound(block, Unsafe.Add(ref keys, 10))
            : TDirection.LastRound(Rounds10On<TDirection>(ref keys, rounds, block), Unsafe.Add(ref keys, rounds));
        block.StoreUnsafe(ref destination);
    }

    // The eight-block loops are out of line so that a lone block inlines into its caller, and compiled optimised at
    // once: called once per message, they would otherwise run their loop as unoptimised first-tier code until the
    // runtime recompiles them, long enough to show in a default benchmark run.

    /// <summary>ECB encryption of every whole run of eight blocks; returns the bytes done.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static int EncryptLanes(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst, int length)
    {
        int offset = 0;
        for (; offset <= length - Lanes * 16; offset += Lanes * 16)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            Encrypt8(ref keys, rounds,
                Load(ref s, 0), Load(ref s, 1), Load(ref s, 2), Load(ref s, 3), Load(ref s, 4), Load(ref s, 5),
                Load(ref s, 6), Load(ref s, 7),
                ref Unsafe.Add(ref dst, offset));
        }

        return offset;
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_decryptionKeys);
        int length = source.Length;
        int offset = length >= Lanes * 16 ? DecryptLanes(ref keys, _rounds, ref src, ref dst, length) : 0;
        for (; offset < length; offset += 16)
        {
            DecryptBlock(ref keys, _rounds,
                Vector128.LoadUnsafe(ref Unsafe.Add(ref src, offset))).StoreUnsafe(ref Unsafe.Add(ref dst, offset));
        }
    }

    /// <summary>ECB decryption of every whole run of eight blocks; returns the bytes done.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static int DecryptLanes(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst, int length)
    {
        int offset = 0;
        for (; offset <= length - Lanes * 16; offset += Lanes * 16)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            Decrypt8(ref keys, rounds,
                Load(ref s, 0), Load(ref s, 1), Load(ref s, 2), Load(ref s, 3), Load(ref s, 4), Load(ref s, 5),
                Load(ref s, 6), Load(ref s, 7),
                out Vector128<byte> p0, out Vector128<byte> p1, out Vector128<byte> p2, out Vector128<byte> p3,
                out Vector128<byte> p4, out Vector128<byte> p5, out Vector128<byte> p6, out Vector128<byte> p7);
            ref byte d = ref Unsafe.Add(ref dst, offset);
            Store(ref d, 0, p0); Store(ref d, 1, p1); Store(ref d, 2, p2); Store(ref d, 3, p3);
            Store(ref d, 4, p4); Store(ref d, 5, p5); Store(ref d, 6, p6); Store(ref d, 7, p7);
        }

        return offset;
    }

    public void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_encryptionKeys);
        ref byte chainRef = ref MemoryMarshal.GetReference(chainingValue);
        Vector128<byte> chain = Vector128.LoadUnsafe(ref chainRef);
        if (source.Length == 16)
        {
            chain = EncryptBlock(ref keys, _rounds, Vector128.LoadUnsafe(ref src) ^ chain);
            chain.StoreUnsafe(ref dst);
        }
        else if (source.Length != 0)
        {
            chain = ChainCbc(ref keys, _rounds, ref src, ref dst, source.Length, chain, storeCiphertext: true);
        }

        chain.StoreUnsafe(ref chainRef);
    }

    /// <summary>
    /// CBC-MAC over whole blocks (CMAC's chain): <paramref name="chainingValue"/> becomes E(... E(E(chainingValue xor
    /// B1) xor B2) ...), with no ciphertext written.
    /// </summary>
    public void MacCbc(ReadOnlySpan<byte> source, Span<byte> chainingValue)
    {
        if (source.IsEmpty)
        {
            return;
        }

        ref byte chainRef = ref MemoryMarshal.GetReference(chainingValue);
        ref byte src = ref MemoryMarshal.GetReference(source);
        ChainCbc(ref MemoryMarshal.GetArrayDataReference(_encryptionKeys), _rounds, ref src, ref src, source.Length,
            Vector128.LoadUnsafe(ref chainRef), storeCiphertext: false).StoreUnsafe(ref chainRef);
    }

    /// <summary>
    /// The serial CBC chain over whole blocks (at least one); returns the last ciphertext block. The chain is latency
    /// bound, so the next block's input is folded into the last round's key, off the chain: AESENCLAST XORs its key
    /// after the round, and C[i] xor P[i+1] xor K[0] (the next block's first step) is the last round with key
    /// K[last] xor K[0] xor P[i+1]. Each block then costs the AES rounds' latency alone instead of two XORs more; the
    /// ciphertext, when wanted, is recovered off the chain by XORing K[0] xor P[i+1] back.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static Vector128<byte> ChainCbc(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst,
        int length, Vector128<byte> chain, bool storeCiphertext)
    {
        Vector128<byte> firstKey = keys;
        Vector128<byte> lastKey = Unsafe.Add(ref keys, rounds);
        Vector128<byte> lastXorFirst = lastKey ^ firstKey;
        Vector128<byte> state = Vector128.LoadUnsafe(ref src) ^ chain ^ firstKey;
        int lastOffset = length - 16;
        for (int offset = 0; offset < lastOffset; offset += 16)
        {
            // Read before this block's ciphertext is stored, so that in-place encryption works.
            Vector128<byte> next = Vector128.LoadUnsafe(ref Unsafe.Add(ref src, offset + 16));
            state = TAes.EncryptLast(MiddleRounds(ref keys, rounds, state), lastXorFirst ^ next);
            if (storeCiphertext)
            {
                (state ^ firstKey ^ next).StoreUnsafe(ref Unsafe.Add(ref dst, offset));
            }
        }

        state = TAes.EncryptLast(MiddleRounds(ref keys, rounds, state), lastKey);
        if (storeCiphertext)
        {
            state.StoreUnsafe(ref Unsafe.Add(ref dst, lastOffset));
        }

        return state;
    }

    public void EncryptCfb(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> register)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_encryptionKeys);
        Vector128<byte> feedback = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(register));
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            feedback = EncryptBlock(ref keys, _rounds, feedback)
                ^ Vector128.LoadUnsafe(ref Unsafe.Add(ref src, offset));
            feedback.StoreUnsafe(ref Unsafe.Add(ref dst, offset));
        }

        feedback.StoreUnsafe(ref MemoryMarshal.GetReference(register));
    }

    public void DecryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_decryptionKeys);
        ref byte chainRef = ref MemoryMarshal.GetReference(chainingValue);
        Vector128<byte> chain = Vector128.LoadUnsafe(ref chainRef);
        int length = source.Length;
        int offset = length >= Lanes * 16 ? DecryptCbcLanes(ref keys, _rounds, ref src, ref dst, length, ref chain) : 0;
        for (; offset < length; offset += 16)
        {
            Vector128<byte> c = Vector128.LoadUnsafe(ref Unsafe.Add(ref src, offset));
            (DecryptBlock(ref keys, _rounds, c) ^ chain).StoreUnsafe(ref Unsafe.Add(ref dst, offset));
            chain = c;
        }

        chain.StoreUnsafe(ref chainRef);
    }

    /// <summary>
    /// CBC decryption of every whole run of eight blocks, <paramref name="chain"/> carried; returns the bytes done.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static int DecryptCbcLanes(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst, int length,
        ref Vector128<byte> chain)
    {
        int offset = 0;
        for (; offset <= length - Lanes * 16; offset += Lanes * 16)
        {
            // Every ciphertext block is read before any plaintext is stored, so in-place works.
            ref byte s = ref Unsafe.Add(ref src, offset);
            Vector128<byte> c0 = Load(ref s, 0), c1 = Load(ref s, 1), c2 = Load(ref s, 2), c3 = Load(ref s, 3);
            Vector128<byte> c4 = Load(ref s, 4), c5 = Load(ref s, 5), c6 = Load(ref s, 6), c7 = Load(ref s, 7);
            Decrypt8(ref keys, rounds, c0, c1, c2, c3, c4, c5, c6, c7,
                out Vector128<byte> p0, out Vector128<byte> p1, out Vector128<byte> p2, out Vector128<byte> p3,
                out Vector128<byte> p4, out Vector128<byte> p5, out Vector128<byte> p6, out Vector128<byte> p7);
            ref byte d = ref Unsafe.Add(ref dst, offset);
            Store(ref d, 0, p0 ^ chain); Store(ref d, 1, p1 ^ c0); Store(ref d, 2, p2 ^ c1); Store(ref d, 3, p3 ^ c2);
            Store(ref d, 4, p4 ^ c3); Store(ref d, 5, p5 ^ c4); Store(ref d, 6, p6 ^ c5); Store(ref d, 7, p7 ^ c6);
            chain = c7;
        }

        return offset;
    }

    public void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counterBlock,
        CounterWidth width)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_encryptionKeys);
        // The shared generator keeps the big-endian counter as two native words and applies the counter width.
        var counter = new Counter128(counterBlock, width);
        int length = source.Length;
        int offset = length >= Lanes * 16
            ? TransformCtrLanes(ref keys, _rounds, ref src, ref dst, length, ref counter)
            : 0;
        for (; offset <= length - 16; offset += 16)
        {
            Vector128<byte> keystream = EncryptBlock(ref keys, _rounds, NextCounter(ref counter));
            (Vector128.LoadUnsafe(ref Unsafe.Add(ref src, offset))
                ^ keystream).StoreUnsafe(ref Unsafe.Add(ref dst, offset));
        }

        if (offset < length)
        {
            TransformCtrTail(ref keys, _rounds, source.Slice(offset), destination.Slice(offset), ref counter);
        }

        counter.Store(counterBlock);
    }

    /// <summary>
    /// Counter mode over every whole run of eight blocks, the counter advanced; returns the bytes done.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static int TransformCtrLanes(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst, int length,
        ref Counter128 counter)
    {
        int offset = 0;
        for (; offset <= length - Lanes * 16; offset += Lanes * 16)
        {
            Vector128<byte> k0, k1, k2, k3, k4, k5, k6, k7;
            if (counter.CanAdd(Lanes))
            {
                // No wrap inside this batch: lane additions on the little-endian form.
                Vector128<ulong> v = Vector128.Create(counter.Low, counter.High);
                k0 = TAes.ReverseBytes(v.AsByte());
                k1 = TAes.ReverseBytes((v + Vector128.Create(1UL, 0)).AsByte());
                k2 = TAes.ReverseBytes((v + Vector128.Create(2UL, 0)).AsByte());
                k3 = TAes.ReverseBytes((v + Vector128.Create(3UL, 0)).AsByte());
                k4 = TAes.ReverseBytes((v + Vector128.Create(4UL, 0)).AsByte());
                k5 = TAes.ReverseBytes((v + Vector128.Create(5UL, 0)).AsByte());
                k6 = TAes.ReverseBytes((v + Vector128.Create(6UL, 0)).AsByte());
                k7 = TAes.ReverseBytes((v + Vector128.Create(7UL, 0)).AsByte());
                counter.Advance(Lanes);
            }
            else
            {
                k0 = NextCounter(ref counter); k1 = NextCounter(ref counter);
                k2 = NextCounter(ref counter); k3 = NextCounter(ref counter);
                k4 = NextCounter(ref counter); k5 = NextCounter(ref counter);
                k6 = NextCounter(ref counter); k7 = NextCounter(ref counter);
            }

            // Encrypt8 stores the keystream in place over the destination; XOR the source in afterwards.
            ref byte s = ref Unsafe.Add(ref src, offset);
            Vector128<byte> m0 = Load(ref s, 0), m1 = Load(ref s, 1), m2 = Load(ref s, 2), m3 = Load(ref s, 3);
            Vector128<byte> m4 = Load(ref s, 4), m5 = Load(ref s, 5), m6 = Load(ref s, 6), m7 = Load(ref s, 7);
            EncryptXor8(ref keys, rounds, k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, m2, m3, m4, m5, m6, m7,
                ref Unsafe.Add(ref dst, offset));
        }

        return offset;
    }

    /// <summary>The last, partial block of counter mode (1 to 15 bytes), through a wiped stack block.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void TransformCtrTail(ref Vector128<byte> keys, int rounds, ReadOnlySpan<byte> source,
        Span<byte> destination, ref Counter128 counter)
    {
        Span<byte> block = stackalloc byte[16];
        EncryptBlock(ref keys, rounds, NextCounter(ref counter)).StoreUnsafe(ref MemoryMarshal.GetReference(block));
        SpanHelpers.Xor(source, block.Slice(0, source.Length), destination);
        block.Clear();
    }

    /// <summary>
    /// XTS's XEX over whole blocks (<see cref="IXtsKernel"/>, declared by the kernels whose path is tested here): runs
    /// of eight blocks with the eight tweaks made in registers by sequential doublings; the tweak is folded into the
    /// first and last round keys, so each block is read and written once. Compiled optimised at once, as the loops
    /// it calls are: a data unit is often a single call.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void TransformXts(ReadOnlySpan<byte> source, Span<byte> destination, ref ulong tweakLo, ref ulong tweakHi,
        bool encrypt)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(encrypt ? _encryptionKeys : _decryptionKeys);
        Vector128<byte> tweak = Vector128.Create(tweakLo, tweakHi).AsByte();
        int length = source.Length;
        int offset = 0;
        if (length >= Lanes * 16)
        {
            // The eight tweaks xor the last round key wait here during the rounds: kept in registers they would
            // crowd out the blocks (AESENC has no EVEX form in .NET, so only xmm0-15 hold its operands).
            Span<Vector128<byte>> scratch = stackalloc Vector128<byte>[Lanes];
            ref Vector128<byte> saved = ref MemoryMarshal.GetReference(scratch);
            offset = encrypt
                ? XtsLanes<Encryption>(ref keys, _rounds, ref src, ref dst, length, ref tweak, ref saved)
                : XtsLanes<Decryption>(ref keys, _rounds, ref src, ref dst, length, ref tweak, ref saved);
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(scratch));
        }

        for (; offset < length; offset += 16)
        {
            Vector128<byte> block = Vector128.LoadUnsafe(ref Unsafe.Add(ref src, offset)) ^ tweak;
            block = encrypt ? EncryptBlock(ref keys, _rounds, block) : DecryptBlock(ref keys, _rounds, block);
            (block ^ tweak).StoreUnsafe(ref Unsafe.Add(ref dst, offset));
            tweak = Gf128.MultiplyByAlpha(tweak);
        }

        tweakLo = tweak.AsUInt64().GetElement(0);
        tweakHi = tweak.AsUInt64().GetElement(1);
    }

    /// <summary>
    /// XTS over every whole run of eight blocks in direction <typeparamref name="TDirection"/>, the tweak advanced;
    /// returns the bytes done. <paramref name="saved"/> is eight vectors of scratch for the run's tweaks xor the last
    /// round key.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static int XtsLanes<TDirection>(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst,
        int length, ref Vector128<byte> tweak, ref Vector128<byte> saved)
        where TDirection : struct, IAesDirection
    {
        Vector128<byte> t = tweak;
        int offset = 0;
        for (; offset <= length - Lanes * 16; offset += Lanes * 16)
        {
            t = WhitenXts(ref Unsafe.Add(ref src, offset), t, keys, Unsafe.Add(ref keys, rounds), ref saved,
                out Vector128<byte> b0, out Vector128<byte> b1, out Vector128<byte> b2, out Vector128<byte> b3,
                out Vector128<byte> b4, out Vector128<byte> b5, out Vector128<byte> b6, out Vector128<byte> b7);
            for (int i = 1; i < rounds; i++)
            {
                Vector128<byte> key = Unsafe.Add(ref keys, i);
                b0 = TDirection.Round(b0, key); b1 = TDirection.Round(b1, key);
                b2 = TDirection.Round(b2, key); b3 = TDirection.Round(b3, key);
                b4 = TDirection.Round(b4, key); b5 = TDirection.Round(b5, key);
                b6 = TDirection.Round(b6, key); b7 = TDirection.Round(b7, key);
            }

            // The last round XORs its key after the round: the tweak rides in with it.
            ref byte d = ref Unsafe.Add(ref dst, offset);
            Store(ref d, 0, TDirection.LastRound(b0, saved));
            Store(ref d, 1, TDirection.LastRound(b1, Unsafe.Add(ref saved, 1)));
            Store(ref d, 2, TDirection.LastRound(b2, Unsafe.Add(ref saved, 2)));
            Store(ref d, 3, TDirection.LastRound(b3, Unsafe.Add(ref saved, 3)));
            Store(ref d, 4, TDirection.LastRound(b4, Unsafe.Add(ref saved, 4)));
            Store(ref d, 5, TDirection.LastRound(b5, Unsafe.Add(ref saved, 5)));
            Store(ref d, 6, TDirection.LastRound(b6, Unsafe.Add(ref saved, 6)));
            Store(ref d, 7, TDirection.LastRound(b7, Unsafe.Add(ref saved, 7)));
        }

        tweak = t;
        return offset;
    }

    /// <summary>
    /// The eight tweaks T, T·α, ..., T·α^7 of a run, stored xor <paramref name="lastKey"/> to
    /// <paramref name="saved"/>, and the eight blocks whitened with them and the first round key; returns T·α^8.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> WhitenXts(ref byte s, Vector128<byte> t, Vector128<byte> firstKey,
        Vector128<byte> lastKey, ref Vector128<byte> saved,
        out Vector128<byte> b0, out Vector128<byte> b1, out Vector128<byte> b2, out Vector128<byte> b3,
        out Vector128<byte> b4, out Vector128<byte> b5, out Vector128<byte> b6, out Vector128<byte> b7)
    {
        b0 = Load(ref s, 0) ^ t ^ firstKey; saved = t ^ lastKey; t = Gf128.MultiplyByAlpha(t);
        b1 = Load(ref s, 1) ^ t ^ firstKey; Unsafe.Add(ref saved, 1) = t ^ lastKey; t = Gf128.MultiplyByAlpha(t);
        b2 = Load(ref s, 2) ^ t ^ firstKey; Unsafe.Add(ref saved, 2) = t ^ lastKey; t = Gf128.MultiplyByAlpha(t);
        b3 = Load(ref s, 3) ^ t ^ firstKey; Unsafe.Add(ref saved, 3) = t ^ lastKey; t = Gf128.MultiplyByAlpha(t);
        b4 = Load(ref s, 4) ^ t ^ firstKey; Unsafe.Add(ref saved, 4) = t ^ lastKey; t = Gf128.MultiplyByAlpha(t);
        b5 = Load(ref s, 5) ^ t ^ firstKey; Unsafe.Add(ref saved, 5) = t ^ lastKey; t = Gf128.MultiplyByAlpha(t);
        b6 = Load(ref s, 6) ^ t ^ firstKey; Unsafe.Add(ref saved, 6) = t ^ lastKey; t = Gf128.MultiplyByAlpha(t);
        b7 = Load(ref s, 7) ^ t ^ firstKey; Unsafe.Add(ref saved, 7) = t ^ lastKey;
        return Gf128.MultiplyByAlpha(t);
    }

    /// <summary>The rounds of one direction of the cipher, for loops written once for both.</summary>
    private interface IAesDirection
    {
        /// <summary>True for encryption (a constant of each instantiation).</summary>
        public static abstract bool Encrypts { get; }

        public static abstract Vector128<byte> Round(Vector128<byte> state, Vector128<byte> key);

        public static abstract Vector128<byte> LastRound(Vector128<byte> state, Vector128<byte> key);
    }

    /// <summary>AESENC and AESENCLAST (the encryption round keys).</summary>
    private readonly struct Encryption : IAesDirection
    {
        public static bool Encrypts => true;

        public static Vector128<byte> Round(Vector128<byte> state, Vector128<byte> key) => TAes.Encrypt(state, key);

        public static Vector128<byte> LastRound(Vector128<byte> state, Vector128<byte> key) =>
            TAes.EncryptLast(state, key);
    }

    /// <summary>AESDEC and AESDECLAST (the decryption round keys, in the equivalent inverse cipher's form).</summary>
    private readonly struct Decryption : IAesDirection
    {
        public static bool Encrypts => false;

        public static Vector128<byte> Round(Vector128<byte> state, Vector128<byte> key) => TAes.Decrypt(state, key);

        public static Vector128<byte> LastRound(Vector128<byte> state, Vector128<byte> key) =>
            TAes.DecryptLast(state, key);
    }

    /// <summary>
    /// OCB3's whole-block loop (<see cref="IOcbKernel"/>, declared by the kernels whose path is tested here). Runs of
    /// eight blocks start at an index that is a multiple of eight, where the eight offsets are the run's starting
    /// offset xor seven fixed sums of L_0, L_1, L_2 (ntz of i + 1 .. i + 7 is 0, 1, 0, 2, 0, 1, 0) and the last one
    /// also xors L_ntz(i + 8): eight independent offsets, no chain. Single blocks lead up to such an index and finish.
    /// </summary>
    public void TransformOcb(ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<ulong> lTable,
        ref OcbCursor cursor, bool encrypt)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref byte table = ref Unsafe.As<ulong, byte>(ref MemoryMarshal.GetReference(lTable));
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(encrypt ? _encryptionKeys : _decryptionKeys);
        var state = new OcbState
        {
            Offset = Vector128.Create(cursor.OffsetLo, cursor.OffsetHi).AsByte(),
            Sum = Vector128.Create(cursor.SumLo, cursor.SumHi).AsByte(),
            Index = cursor.Index,
        };
        int length = source.Length;
        int lead = (int)Math.Min((ulong)(-state.Index & (Lanes - 1)), (ulong)(length / 16)) * 16;
        OcbSingles(ref keys, _rounds, ref src, ref dst, 0, lead, ref table, ref state, encrypt);
        int offset = lead;
        if (length - offset >= Lanes * 16)
        {
            // The run's offset sums and its eight offsets xor the last round key wait here (see TransformXts).
            Span<Vector128<byte>> scratch = stackalloc Vector128<byte>[2 * Lanes];
            ref byte from = ref Unsafe.Add(ref src, offset), to = ref Unsafe.Add(ref dst, offset);
            ref Vector128<byte> work = ref MemoryMarshal.GetReference(scratch);
            offset += encrypt
                ? OcbLanes<Encryption>(ref keys, _rounds, ref from, ref to, length - offset, ref table, ref state,
                    ref work)
                : OcbLanes<Decryption>(ref keys, _rounds, ref from, ref to, length - offset, ref table, ref state,
                    ref work);
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(scratch));
        }

        OcbSingles(ref keys, _rounds, ref src, ref dst, offset, length, ref table, ref state, encrypt);
        cursor.OffsetLo = state.Offset.AsUInt64().GetElement(0);
        cursor.OffsetHi = state.Offset.AsUInt64().GetElement(1);
        cursor.SumLo = state.Sum.AsUInt64().GetElement(0);
        cursor.SumHi = state.Sum.AsUInt64().GetElement(1);
        cursor.Index = state.Index;
        state = default;
    }

    /// <summary>The offset, checksum and last block index of an OCB pass, as vectors.</summary>
    private struct OcbState
    {
        public Vector128<byte> Offset;
        public Vector128<byte> Sum;
        public long Index;
    }

    /// <summary>L_n from the table (n = ntz of a block index: its position, public).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> LoadL(ref byte table, int n) => Vector128.LoadUnsafe(ref table, (nuint)(16 * n));

    /// <summary>OCB one block at a time over bytes [<paramref name="offset"/>, <paramref name="end"/>).</summary>
    private static void OcbSingles(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst, int offset,
        int end, ref byte table, ref OcbState state, bool encrypt)
    {
        for (; offset < end; offset += 16)
        {
            state.Offset ^= LoadL(ref table, BitOperations.TrailingZeroCount((ulong)++state.Index));
            Vector128<byte> block = Vector128.LoadUnsafe(ref Unsafe.Add(ref src, offset));
            if (encrypt)
            {
                state.Sum ^= block;
                block = EncryptBlock(ref keys, rounds, block ^ state.Offset) ^ state.Offset;
            }
            else
            {
                block = DecryptBlock(ref keys, rounds, block ^ state.Offset) ^ state.Offset;
                state.Sum ^= block;
            }

            block.StoreUnsafe(ref Unsafe.Add(ref dst, offset));
        }
    }

    /// <summary>OCB over every whole run of eight blocks in direction <typeparamref name="TDirection"/>, the index a
    /// multiple of eight on entry; returns the bytes done. <paramref name="scratch"/> has sixteen vectors.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static int OcbLanes<TDirection>(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst,
        int length, ref byte table, ref OcbState state, ref Vector128<byte> scratch)
        where TDirection : struct, IAesDirection
    {
        Vector128<byte> l0 = LoadL(ref table, 0), l1 = LoadL(ref table, 1), l2 = LoadL(ref table, 2);
        Vector128<byte> firstKey = keys;
        // sums[j] = Offset_{i+j+1} xor Offset_i xor K_0 for j = 0..6 (the first round key folded in), sums[7] = L_2.
        ref Vector128<byte> sums = ref scratch;
        ref Vector128<byte> saved = ref Unsafe.Add(ref scratch, Lanes);
        sums = l0 ^ firstKey;
        Unsafe.Add(ref sums, 1) = l0 ^ l1 ^ firstKey;
        Unsafe.Add(ref sums, 2) = l1 ^ firstKey;
        Unsafe.Add(ref sums, 3) = l1 ^ l2 ^ firstKey;
        Unsafe.Add(ref sums, 4) = l0 ^ l1 ^ l2 ^ firstKey;
        Unsafe.Add(ref sums, 5) = l0 ^ l2 ^ firstKey;
        Unsafe.Add(ref sums, 6) = l2 ^ firstKey;
        Unsafe.Add(ref sums, 7) = l2;
        Vector128<byte> lastXorFirst = Unsafe.Add(ref keys, rounds) ^ firstKey;
        Vector128<byte> offset = state.Offset, sum = state.Sum;
        long index = state.Index;
        int done = 0;
        for (; done <= length - Lanes * 16; done += Lanes * 16)
        {
            index += Lanes;
            ref byte s = ref Unsafe.Add(ref src, done);
            // w_j = Offset_j xor K_0 whitens the input; w_j xor K_0 xor K_last goes to the last round.
            Vector128<byte> w = offset ^ sums;
            Vector128<byte> b0 = Load(ref s, 0), b1 = Load(ref s, 1), b2 = Load(ref s, 2), b3 = Load(ref s, 3);
            Vector128<byte> b4 = Load(ref s, 4), b5 = Load(ref s, 5), b6 = Load(ref s, 6), b7 = Load(ref s, 7);
            if (TDirection.Encrypts)
            {
                sum ^= (b0 ^ b1) ^ (b2 ^ b3) ^ ((b4 ^ b5) ^ (b6 ^ b7));
            }

            b0 ^= w; saved = w ^ lastXorFirst;
            w = offset ^ Unsafe.Add(ref sums, 1); b1 ^= w; Unsafe.Add(ref saved, 1) = w ^ lastXorFirst;
            w = offset ^ Unsafe.Add(ref sums, 2); b2 ^= w; Unsafe.Add(ref saved, 2) = w ^ lastXorFirst;
            w = offset ^ Unsafe.Add(ref sums, 3); b3 ^= w; Unsafe.Add(ref saved, 3) = w ^ lastXorFirst;
            w = offset ^ Unsafe.Add(ref sums, 4); b4 ^= w; Unsafe.Add(ref saved, 4) = w ^ lastXorFirst;
            w = offset ^ Unsafe.Add(ref sums, 5); b5 ^= w; Unsafe.Add(ref saved, 5) = w ^ lastXorFirst;
            w = offset ^ Unsafe.Add(ref sums, 6); b6 ^= w; Unsafe.Add(ref saved, 6) = w ^ lastXorFirst;
            offset ^= Unsafe.Add(ref sums, 7) ^ LoadL(ref table, BitOperations.TrailingZeroCount((ulong)index));
            w = offset ^ firstKey; b7 ^= w; Unsafe.Add(ref saved, 7) = w ^ lastXorFirst;
            for (int i = 1; i < rounds; i++)
            {
                Vector128<byte> key = Unsafe.Add(ref keys, i);
                b0 = TDirection.Round(b0, key); b1 = TDirection.Round(b1, key);
                b2 = TDirection.Round(b2, key); b3 = TDirection.Round(b3, key);
                b4 = TDirection.Round(b4, key); b5 = TDirection.Round(b5, key);
                b6 = TDirection.Round(b6, key); b7 = TDirection.Round(b7, key);
            }

            // Offset_j xor K_last, XORed by the last round itself.
            b0 = TDirection.LastRound(b0, saved); b1 = TDirection.LastRound(b1, Unsafe.Add(ref saved, 1));
            b2 = TDirection.LastRound(b2, Unsafe.Add(ref saved, 2));
            b3 = TDirection.LastRound(b3, Unsafe.Add(ref saved, 3));
            b4 = TDirection.LastRound(b4, Unsafe.Add(ref saved, 4));
            b5 = TDirection.LastRound(b5, Unsafe.Add(ref saved, 5));
            b6 = TDirection.LastRound(b6, Unsafe.Add(ref saved, 6));
            b7 = TDirection.LastRound(b7, Unsafe.Add(ref saved, 7));
            ref byte d = ref Unsafe.Add(ref dst, done);
            Store(ref d, 0, b0); Store(ref d, 1, b1); Store(ref d, 2, b2); Store(ref d, 3, b3);
            Store(ref d, 4, b4); Store(ref d, 5, b5); Store(ref d, 6, b6); Store(ref d, 7, b7);
            if (!TDirection.Encrypts)
            {
                sum ^= (b0 ^ b1) ^ (b2 ^ b3) ^ ((b4 ^ b5) ^ (b6 ^ b7));
            }
        }

        state.Offset = offset;
        state.Sum = sum;
        state.Index = index;
        return done;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> NextCounter(ref Counter128 counter)
    {
        Vector128<byte> block = TAes.ReverseBytes(Vector128.Create(counter.Low, counter.High).AsByte());
        counter.Increment();
        return block;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Load(ref byte source, int block) =>
        Vector128.LoadUnsafe(ref source, (nuint)(16 * block));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store(ref byte destination, int block, Vector128<byte> value) =>
        value.StoreUnsafe(ref destination, (nuint)(16 * block));

    // One block: the first nine rounds, which every key size has (10 to 14 rounds), are written out, so that a lone
    // block costs no loop branches; a short call's instructions then fit the out-of-order window with the next call's.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> EncryptBlock(ref Vector128<byte> keys, int rounds, Vector128<byte> block) =>
        Block<Encryption>(ref keys, rounds, block);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> DecryptBlock(ref Vector128<byte> keys, int rounds, Vector128<byte> block) =>
        Block<Decryption>(ref keys, rounds, block);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Block<TDirection>(ref Vector128<byte> keys, int rounds, Vector128<byte> block)
        where TDirection : struct, IAesDirection =>
        TDirection.LastRound(Rounds10On<TDirection>(ref keys, rounds, Rounds1To9<TDirection>(ref keys, block ^ keys)),
            Unsafe.Add(ref keys, rounds));

    /// <summary>Rounds 1 to <paramref name="rounds"/> - 1 of encryption on an already whitened block.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> MiddleRounds(ref Vector128<byte> keys, int rounds, Vector128<byte> block) =>
        Rounds10On<Encryption>(ref keys, rounds, Rounds1To9<Encryption>(ref keys, block));

    /// <summary>Rounds 1 to 9, which every key size has, on an already whitened block.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Rounds1To9<TDirection>(ref Vector128<byte> keys, Vector128<byte> block)
        where TDirection : struct, IAesDirection
    {
        block = TDirection.Round(block, Unsafe.Add(ref keys, 1));
        block = TDirection.Round(block, Unsafe.Add(ref keys, 2));
        block = TDirection.Round(block, Unsafe.Add(ref keys, 3));
        block = TDirection.Round(block, Unsafe.Add(ref keys, 4));
        block = TDirection.Round(block, Unsafe.Add(ref keys, 5));
        block = TDirection.Round(block, Unsafe.Add(ref keys, 6));
        block = TDirection.Round(block, Unsafe.Add(ref keys, 7));
        block = TDirection.Round(block, Unsafe.Add(ref keys, 8));
        return TDirection.Round(block, Unsafe.Add(ref keys, 9));
    }

    /// <summary>Rounds 10 to <paramref name="rounds"/> - 1 (none for a ten-round key).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Rounds10On<TDirection>(ref Vector128<byte> keys, int rounds, Vector128<byte> block)
        where TDirection : struct, IAesDirection
    {
        for (int i = 10; i < rounds; i++)
        {
            block = TDirection.Round(block, Unsafe.Add(ref keys, i));
        }

        return block;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Encrypt8(ref Vector128<byte> keys, int rounds,
        Vector128<byte> b0, Vector128<byte> b1, Vector128<byte> b2, Vector128<byte> b3,
        Vector128<byte> b4, Vector128<byte> b5, Vector128<byte> b6, Vector128<byte> b7, ref byte destination)
    {
        Vector128<byte> key = keys;
        b0 ^= key; b1 ^= key; b2 ^= key; b3 ^= key; b4 ^= key; b5 ^= key; b6 ^= key; b7 ^= key;
        for (int i = 1; i < rounds; i++)
        {
            key = Unsafe.Add(ref keys, i);
            b0 = TAes.Encrypt(b0, key); b1 = TAes.Encrypt(b1, key);
            b2 = TAes.Encrypt(b2, key); b3 = TAes.Encrypt(b3, key);
            b4 = TAes.Encrypt(b4, key); b5 = TAes.Encrypt(b5, key);
            b6 = TAes.Encrypt(b6, key); b7 = TAes.Encrypt(b7, key);
        }

        key = Unsafe.Add(ref keys, rounds);
        Store(ref destination, 0, TAes.EncryptLast(b0, key)); Store(ref destination, 1, TAes.EncryptLast(b1, key));
        Store(ref destination, 2, TAes.EncryptLast(b2, key)); Store(ref destination, 3, TAes.EncryptLast(b3, key));
        Store(ref destination, 4, TAes.EncryptLast(b4, key)); Store(ref destination, 5, TAes.EncryptLast(b5, key));
        Store(ref destination, 6, TAes.EncryptLast(b6, key)); Store(ref destination, 7, TAes.EncryptLast(b7, key));
    }

    /// <summary>Encrypts eight counter blocks and stores them XORed with eight message blocks.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void EncryptXor8(ref Vector128<byte> keys, int rounds,
        Vector128<byte> b0, Vector128<byte> b1, Vector128<byte> b2, Vector128<byte> b3,
        Vector128<byte> b4, Vector128<byte> b5, Vector128<byte> b6, Vector128<byte> b7,
        Vector128<byte> m0, Vector128<byte> m1, Vector128<byte> m2, Vector128<byte> m3,
        Vector128<byte> m4, Vector128<byte> m5, Vector128<byte> m6, Vector128<byte> m7, ref byte destination)
    {
        Vector128<byte> key = keys;
        b0 ^= key; b1 ^= key; b2 ^= key; b3 ^= key; b4 ^= key; b5 ^= key; b6 ^= key; b7 ^= key;
        for (int i = 1; i < rounds; i++)
        {
            key = Unsafe.Add(ref keys, i);
            b0 = TAes.Encrypt(b0, key); b1 = TAes.Encrypt(b1, key);
            b2 = TAes.Encrypt(b2, key); b3 = TAes.Encrypt(b3, key);
            b4 = TAes.Encrypt(b4, key); b5 = TAes.Encrypt(b5, key);
            b6 = TAes.Encrypt(b6, key); b7 = TAes.Encrypt(b7, key);
        }

        // The last round key is XORed into the message first, so EncryptLast's own XOR finishes both at once.
        key = Unsafe.Add(ref keys, rounds);
        Store(ref destination, 0, TAes.EncryptLast(b0, key ^ m0));
        Store(ref destination, 1, TAes.EncryptLast(b1, key ^ m1));
        Store(ref destination, 2, TAes.EncryptLast(b2, key ^ m2));
        Store(ref destination, 3, TAes.EncryptLast(b3, key ^ m3));
        Store(ref destination, 4, TAes.EncryptLast(b4, key ^ m4));
        Store(ref destination, 5, TAes.EncryptLast(b5, key ^ m5));
        Store(ref destination, 6, TAes.EncryptLast(b6, key ^ m6));
        Store(ref destination, 7, TAes.EncryptLast(b7, key ^ m7));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Decrypt8(ref Vector128<byte> keys, int rounds,
        Vector128<byte> b0, Vector128<byte> b1, Vector128<byte> b2, Vector128<byte> b3,
        Vector128<byte> b4, Vector128<byte> b5, Vector128<byte> b6, Vector128<byte> b7,
        out Vector128<byte> p0, out Vector128<byte> p1, out Vector128<byte> p2, out Vector128<byte> p3,
        out Vector128<byte> p4, out Vector128<byte> p5, out Vector128<byte> p6, out Vector128<byte> p7)
    {
        Vector128<byte> key = keys;
        b0 ^= key; b1 ^= key; b2 ^= key; b3 ^= key; b4 ^= key; b5 ^= key; b6 ^= key; b7 ^= key;
        for (int i = 1; i < rounds; i++)
        {
            key = Unsafe.Add(ref keys, i);
            b0 = TAes.Decrypt(b0, key); b1 = TAes.Decrypt(b1, key);
            b2 = TAes.Decrypt(b2, key); b3 = TAes.Decrypt(b3, key);
            b4 = TAes.Decrypt(b4, key); b5 = TAes.Decrypt(b5, key);
            b6 = TAes.Decrypt(b6, key); b7 = TAes.Decrypt(b7, key);
        }

        key = Unsafe.Add(ref keys, rounds);
        p0 = TAes.DecryptLast(b0, key); p1 = TAes.DecryptLast(b1, key);
        p2 = TAes.DecryptLast(b2, key); p3 = TAes.DecryptLast(b3, key);
        p4 = TAes.DecryptLast(b4, key); p5 = TAes.DecryptLast(b5, key);
        p6 = TAes.DecryptLast(b6, key); p7 = TAes.DecryptLast(b7, key);
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroVectors(_encryptionKeys);
        CryptographicOperationsHelper.ZeroVectors(_decryptionKeys);
    }
}
