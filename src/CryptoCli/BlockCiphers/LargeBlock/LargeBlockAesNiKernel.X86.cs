// P5's large-block ciphers on AES-NI (128-bit AESENC per lane; .NET exposes no 256-bit VAES), one generic kernel
// per block size specialised by the JIT for each construction (ILargeBlock256Shape / ILargeBlock512Shape).
// ECB, CTR and CBC decryption keep eight AES lanes in flight (four 256-bit or two 512-bit blocks): AESENC has
// latency 4 and two units on Zen 3. CBC encryption is serial by definition. Constant-time.
// The construction, key schedule and the derivation of the inverse are in LargeBlockDefinition.cs.
using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli;

/// <summary>Shared key setup and CTR counter handling of the two AES-NI kernels.</summary>
internal abstract class LargeBlockAesNiKernel : BlockCipherKernel, ICbcEncryptKernel, ICounterModeKernel
{
    protected readonly Vector128<byte>[] EncryptionKeys;
    protected readonly Vector128<byte>[] DecryptionKeys;

    protected LargeBlockAesNiKernel(LargeBlockDefinition definition, ReadOnlySpan<byte> key)
        : base(definition.BlockSizeInBytes)
    {
        uint[] encryption = definition.ExpandEncryptionKey(key);
        uint[] decryption = definition.ExpandDecryptionKey(encryption, InverseMixColumns);
        EncryptionKeys = ToVectors(encryption);
        DecryptionKeys = ToVectors(decryption);
        CryptographicOperationsHelper.ZeroWords(encryption);
        CryptographicOperationsHelper.ZeroWords(decryption);
    }

    public static bool IsSupported(LargeBlockDefinition definition) =>
        definition.Blend ? AesRoundX86.IsBlendSupported : AesRoundX86.IsSupported;

    public static LargeBlockAesNiKernel Create(LargeBlockDefinition definition, ReadOnlySpan<byte> key)
    {
        Debug.Assert(IsSupported(definition));
        return (definition.BlockSizeInBytes, definition.TwoRound, definition.Blend) switch
        {
            (32, false, false) => new LargeBlock256AesNiKernel<LargeBlock256OneRoundUnpackShape>(definition, key),
            (32, false, true) => new LargeBlock256AesNiKernel<LargeBlock256OneRoundBlendShape>(definition, key),
            (32, true, false) => new LargeBlock256AesNiKernel<LargeBlock256TwoRoundUnpackShape>(definition, key),
            (32, true, true) => new LargeBlock256AesNiKernel<LargeBlock256TwoRoundBlendShape>(definition, key),
            (64, false, false) => new LargeBlock512AesNiKernel<LargeBlock512OneRoundUnpackShape>(definition, key),
            (64, false, true) => new LargeBlock512AesNiKernel<LargeBlock512OneRoundBlendShape>(definition, key),
            (64, true, false) => new LargeBlock512AesNiKernel<LargeBlock512TwoRoundUnpackShape>(definition, key),
            _ => new LargeBlock512AesNiKernel<LargeBlock512TwoRoundBlendShape>(definition, key),
        };
    }

    public override string Name => "aesni";

    public abstract void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue);

    public abstract void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counter,
        CounterWidth width);

    /// <summary>
    /// True when the next <paramref name="lanes"/> counter values differ only in the low 64-bit word, without
    /// wrapping its counting bits: the fast paths keep that word in a register and add lane numbers.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    protected static bool CanAddLanes(ulong low, CounterWidth width, int lanes)
    {
        ulong mask = width == CounterWidth.Bits32 ? uint.MaxValue : ulong.MaxValue;
        return (low & mask) <= mask - (ulong)lanes;
    }

    /// <summary>The last counter lane for low word <paramref name="low"/>: bytes 0..7 from the counter, bytes 8..15
    /// big-endian low.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    protected static Vector128<byte> CounterLane(Vector128<byte> lastLane, ulong low) =>
        lastLane.AsUInt64().WithElement(1, BinaryPrimitives.ReverseEndianness(low)).AsByte();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    protected static Vector128<byte> Load(ref byte source, int lane)
        => Vector128.LoadUnsafe(ref source, (nuint)(16 * lane));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    protected static void Store(ref byte destination, int lane, Vector128<byte> value)
        => value.StoreUnsafe(ref destination, (nuint)(16 * lane));

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroVectors(EncryptionKeys);
        CryptographicOperationsHelper.ZeroVectors(DecryptionKeys);
    }

    /// <summary>AESIMC on every column: the round keys derive from the secret key, so no InvMixColumns table.</summary>
    internal static void InverseMixColumns(Span<uint> columns)
    {
        Span<Vector128<byte>> vectors = MemoryMarshal.Cast<uint, Vector128<byte>>(columns);
        for (int i = 0; i < vectors.Length; i++)
        {
            vectors[i] = X86Aes.InverseMixColumns(vectors[i]);
        }
    }

    private static Vector128<byte>[] ToVectors(uint[] words)
    {
        var vectors = new Vector128<byte>[words.Length / 4];
        for (int i = 0; i < vectors.Length; i++)
        {
            vectors[i] = Vector128.Create(words[4 * i], words[4 * i + 1], words[4 * i + 2], words[4 * i + 3]).AsByte();
        }

        return vectors;
    }
}

/// <summary>256-bit blocks (two lanes); four blocks interleaved.</summary>
internal sealed class LargeBlock256AesNiKernel<TShape> : LargeBlockAesNiKernel
    where TShape : struct, ILargeBlock256Shape
{
    public LargeBlock256AesNiKernel(LargeBlockDefinition definition, ReadOnlySpan<byte> key)
        : base(definition, key)
    {
        Debug.Assert(definition.BlockSizeInBytes == 32 && definition.Rounds == TShape.Rounds
            && definition.TwoRound == TShape.TwoRound);
    }

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(EncryptionKeys);
        int length = source.Length;
        int offset = 0;
        for (; offset <= length - 128; offset += 128)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            Vector128<byte> a0 = Load(ref s, 0), a1 = Load(ref s, 1), b0 = Load(ref s, 2), b1 = Load(ref s, 3);
            Vector128<byte> c0 = Load(ref s, 4), c1 = Load(ref s, 5), d0 = Load(ref s, 6), d1 = Load(ref s, 7);
            Encrypt4(ref keys, ref a0, ref a1, ref b0, ref b1, ref c0, ref c1, ref d0, ref d1);
            ref byte d = ref Unsafe.Add(ref dst, offset);
            Store(ref d, 0, a0); Store(ref d, 1, a1); Store(ref d, 2, b0); Store(ref d, 3, b1);
            Store(ref d, 4, c0); Store(ref d, 5, c1); Store(ref d, 6, d0); Store(ref d, 7, d1);
        }

        for (; offset < length; offset += 32)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            Vector128<byte> s0 = Load(ref s, 0), s1 = Load(ref s, 1);
            Encrypt1(ref keys, ref s0, ref s1);
            Store(ref Unsafe.Add(ref dst, offset), 0, s0);
            Store(ref Unsafe.Add(ref dst, offset), 1, s1);
        }
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(DecryptionKeys);
        int length = source.Length;
        int offset = 0;
        for (; offset <= length - 128; offset += 128)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            Vector128<byte> a0 = Load(ref s, 0), a1 = Load(ref s, 1), b0 = Load(ref s, 2), b1 = Load(ref s, 3);
            Vector128<byte> c0 = Load(ref s, 4), c1 = Load(ref s, 5), d0 = Load(ref s, 6), d1 = Load(ref s, 7);
            Decrypt4(ref keys, ref a0, ref a1, ref b0, ref b1, ref c0, ref c1, ref d0, ref d1);
            ref byte d = ref Unsafe.Add(ref dst, offset);
            Store(ref d, 0, a0); Store(ref d, 1, a1); Store(ref d, 2, b0); Store(ref d, 3, b1);
            Store(ref d, 4, c0); Store(ref d, 5, c1); Store(ref d, 6, d0); Store(ref d, 7, d1);
        }

        for (; offset < length; offset += 32)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            Vector128<byte> s0 = Load(ref s, 0), s1 = Load(ref s, 1);
            Decrypt1(ref keys, ref s0, ref s1);
            Store(ref Unsafe.Add(ref dst, offset), 0, s0);
            Store(ref Unsafe.Add(ref dst, offset), 1, s1);
        }
    }

    public override void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref byte chain = ref MemoryMarshal.GetReference(chainingValue);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(EncryptionKeys);
        Vector128<byte> s0 = Load(ref chain, 0), s1 = Load(ref chain, 1);
        for (int offset = 0; offset < source.Length; offset += 32)
        {
            s0 ^= Load(ref Unsafe.Add(ref src, offset), 0);
            s1 ^= Load(ref Unsafe.Add(ref src, offset), 1);
            Encrypt1(ref keys, ref s0, ref s1);
            Store(ref Unsafe.Add(ref dst, offset), 0, s0);
            Store(ref Unsafe.Add(ref dst, offset), 1, s1);
        }

        Store(ref chain, 0, s0);
        Store(ref chain, 1, s1);
    }

    /// <summary>CTR, four blocks per batch; the low 64 bits of the big-endian counter in a register.</summary>
    public override void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counter,
        CounterWidth width)
    {
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(EncryptionKeys);
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref byte c = ref MemoryMarshal.GetReference(counter);
        Vector128<byte> first = Load(ref c, 0), last = Load(ref c, 1);
        ulong low = BinaryPrimitives.ReadUInt64BigEndian(counter.Slice(24));
        int length = source.Length;
        int offset = 0;
        for (; offset <= length - 128 && CanAddLanes(low, width, 4); offset += 128, low += 4)
        {
            Vector128<byte> a0 = first, b0 = first, c0 = first, d0 = first;
            Vector128<byte> a1 = CounterLane(last, low), b1 = CounterLane(last, low + 1),
                c1 = CounterLane(last, low + 2), d1 = CounterLane(last, low + 3);
            Encrypt4(ref keys, ref a0, ref a1, ref b0, ref b1, ref c0, ref c1, ref d0, ref d1);
            ref byte s = ref Unsafe.Add(ref src, offset);
            ref byte d = ref Unsafe.Add(ref dst, offset);
            Store(ref d, 0, a0 ^ Load(ref s, 0)); Store(ref d, 1, a1 ^ Load(ref s, 1));
            Store(ref d, 2, b0 ^ Load(ref s, 2)); Store(ref d, 3, b1 ^ Load(ref s, 3));
            Store(ref d, 4, c0 ^ Load(ref s, 4)); Store(ref d, 5, c1 ^ Load(ref s, 5));
            Store(ref d, 6, d0 ^ Load(ref s, 6)); Store(ref d, 7, d1 ^ Load(ref s, 7));
        }

        BinaryPrimitives.WriteUInt64BigEndian(counter.Slice(24), low);
        if (offset < length)
        {
            Ctr.TransformWithBlocks(this, source.Slice(offset), destination.Slice(offset), counter, width);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool PermutesAfter(int round) => !TShape.TwoRound || (round & 1) == 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Encrypt1(ref Vector128<byte> keys, ref Vector128<byte> s0, ref Vector128<byte> s1)
    {
        s0 ^= keys;
        s1 ^= Unsafe.Add(ref keys, 1);
        for (int round = 1; round < TShape.Rounds; round++)
        {
            s0 = X86Aes.Encrypt(s0, Unsafe.Add(ref keys, 2 * round));
            s1 = X86Aes.Encrypt(s1, Unsafe.Add(ref keys, 2 * round + 1));
            if (PermutesAfter(round))
            {
                TShape.Permute(ref s0, ref s1);
            }
        }

        s0 = X86Aes.EncryptLast(s0, Unsafe.Add(ref keys, 2 * TShape.Rounds));
        s1 = X86Aes.EncryptLast(s1, Unsafe.Add(ref keys, 2 * TShape.Rounds + 1));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Encrypt4(ref Vector128<byte> keys,
        ref Vector128<byte> a0, ref Vector128<byte> a1, ref Vector128<byte> b0, ref Vector128<byte> b1,
        ref Vector128<byte> c0, ref Vector128<byte> c1, ref Vector128<byte> d0, ref Vector128<byte> d1)
    {
        Vector128<byte> k0 = keys, k1 = Unsafe.Add(ref keys, 1);
        a0 ^= k0; b0 ^= k0; c0 ^= k0; d0 ^= k0;
        a1 ^= k1; b1 ^= k1; c1 ^= k1; d1 ^= k1;
        for (int round = 1; round < TShape.Rounds; round++)
        {
            k0 = Unsafe.Add(ref keys, 2 * round);
            k1 = Unsafe.Add(ref keys, 2 * round + 1);
            a0 = X86Aes.Encrypt(a0, k0); b0 = X86Aes.Encrypt(b0, k0); c0 = X86Aes.Encrypt(c0, k0);
            d0 = X86Aes.Encrypt(d0, k0);
            a1 = X86Aes.Encrypt(a1, k1); b1 = X86Aes.Encrypt(b1, k1); c1 = X86Aes.Encrypt(c1, k1);
            d1 = X86Aes.Encrypt(d1, k1);
            if (PermutesAfter(round))
            {
                TShape.Permute(ref a0, ref a1); TShape.Permute(ref b0, ref b1);
                TShape.Permute(ref c0, ref c1); TShape.Permute(ref d0, ref d1);
            }
        }

        k0 = Unsafe.Add(ref keys, 2 * TShape.Rounds);
        k1 = Unsafe.Add(ref keys, 2 * TShape.Rounds + 1);
        a0 = X86Aes.EncryptLast(a0, k0); b0 = X86Aes.EncryptLast(b0, k0); c0 = X86Aes.EncryptLast(c0, k0);
        d0 = X86Aes.EncryptLast(d0, k0);
        a1 = X86Aes.EncryptLast(a1, k1); b1 = X86Aes.EncryptLast(b1, k1); c1 = X86Aes.EncryptLast(c1, k1);
        d1 = X86Aes.EncryptLast(d1, k1);
    }

    /// <summary>The inverse: step s undoes AES round R - s (keys in use order, see LargeBlockDefinition).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Decrypt1(ref Vector128<byte> keys, ref Vector128<byte> s0, ref Vector128<byte> s1)
    {
        s0 ^= keys;
        s1 ^= Unsafe.Add(ref keys, 1);
        for (int step = 1; step < TShape.Rounds; step++)
        {
            s0 = X86Aes.Decrypt(s0, Unsafe.Add(ref keys, 2 * step));
            s1 = X86Aes.Decrypt(s1, Unsafe.Add(ref keys, 2 * step + 1));
            if (PermutesAfter(TShape.Rounds - step))
            {
                TShape.InversePermute(ref s0, ref s1);
            }
        }

        s0 = X86Aes.DecryptLast(s0, Unsafe.Add(ref keys, 2 * TShape.Rounds));
        s1 = X86Aes.DecryptLast(s1, Unsafe.Add(ref keys, 2 * TShape.Rounds + 1));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Decrypt4(ref Vector128<byte> keys,
        ref Vector128<byte> a0, ref Vector128<byte> a1, ref Vector128<byte> b0, ref Vector128<byte> b1,
        ref Vector128<byte> c0, ref Vector128<byte> c1, ref Vector128<byte> d0, ref Vector128<byte> d1)
    {
        Vector128<byte> k0 = keys, k1 = Unsafe.Add(ref keys, 1);
        a0 ^= k0; b0 ^= k0; c0 ^= k0; d0 ^= k0;
        a1 ^= k1; b1 ^= k1; c1 ^= k1; d1 ^= k1;
        for (int step = 1; step < TShape.Rounds; step++)
        {
            k0 = Unsafe.Add(ref keys, 2 * step);
            k1 = Unsafe.Add(ref keys, 2 * step + 1);
            a0 = X86Aes.Decrypt(a0, k0); b0 = X86Aes.Decrypt(b0, k0); c0 = X86Aes.Decrypt(c0, k0);
            d0 = X86Aes.Decrypt(d0, k0);
            a1 = X86Aes.Decrypt(a1, k1); b1 = X86Aes.Decrypt(b1, k1); c1 = X86Aes.Decrypt(c1, k1);
            d1 = X86Aes.Decrypt(d1, k1);
            if (PermutesAfter(TShape.Rounds - step))
            {
                TShape.InversePermute(ref a0, ref a1); TShape.InversePermute(ref b0, ref b1);
                TShape.InversePermute(ref c0, ref c1); TShape.InversePermute(ref d0, ref d1);
            }
        }

        k0 = Unsafe.Add(ref keys, 2 * TShape.Rounds);
        k1 = Unsafe.Add(ref keys, 2 * TShape.Rounds + 1);
        a0 = X86Aes.DecryptLast(a0, k0); b0 = X86Aes.DecryptLast(b0, k0); c0 = X86Aes.DecryptLast(c0, k0);
        d0 = X86Aes.DecryptLast(d0, k0);
        a1 = X86Aes.DecryptLast(a1, k1); b1 = X86Aes.DecryptLast(b1, k1); c1 = X86Aes.DecryptLast(c1, k1);
        d1 = X86Aes.DecryptLast(d1, k1);
    }
}

/// <summary>512-bit blocks (four lanes); two blocks interleaved.</summary>
internal sealed class LargeBlock512AesNiKernel<TShape> : LargeBlockAesNiKernel
    where TShape : struct, ILargeBlock512Shape
{
    public LargeBlock512AesNiKernel(LargeBlockDefinition definition, ReadOnlySpan<byte> key)
        : base(definition, key)
    {
        Debug.Assert(definition.BlockSizeInBytes == 64 && definition.Rounds == TShape.Rounds
            && definition.TwoRound == TShape.TwoRound);
    }

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, EncryptionKeys, decrypt: false);

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, DecryptionKeys, decrypt: true);

    public override void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref byte chain = ref MemoryMarshal.GetReference(chainingValue);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(EncryptionKeys);
        Vector128<byte> s0 = Load(ref chain, 0), s1 = Load(ref chain, 1), s2 = Load(ref chain, 2),
            s3 = Load(ref chain, 3);
        for (int offset = 0; offset < source.Length; offset += 64)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            s0 ^= Load(ref s, 0); s1 ^= Load(ref s, 1); s2 ^= Load(ref s, 2); s3 ^= Load(ref s, 3);
            Encrypt1(ref keys, ref s0, ref s1, ref s2, ref s3);
            ref byte d = ref Unsafe.Add(ref dst, offset);
            Store(ref d, 0, s0); Store(ref d, 1, s1); Store(ref d, 2, s2); Store(ref d, 3, s3);
        }

        Store(ref chain, 0, s0); Store(ref chain, 1, s1); Store(ref chain, 2, s2); Store(ref chain, 3, s3);
    }

    /// <summary>CTR, two blocks per batch; the low 64 bits of the big-endian counter in a register.</summary>
    public override void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counter,
        CounterWidth width)
    {
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(EncryptionKeys);
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref byte c = ref MemoryMarshal.GetReference(counter);
        Vector128<byte> lane0 = Load(ref c, 0), lane1 = Load(ref c, 1), lane2 = Load(ref c, 2), last = Load(ref c, 3);
        ulong low = BinaryPrimitives.ReadUInt64BigEndian(counter.Slice(56));
        int length = source.Length;
        int offset = 0;
        for (; offset <= length - 128 && CanAddLanes(low, width, 2); offset += 128, low += 2)
        {
            Vector128<byte> a0 = lane0, a1 = lane1, a2 = lane2, b0 = lane0, b1 = lane1, b2 = lane2;
            Vector128<byte> a3 = CounterLane(last, low), b3 = CounterLane(last, low + 1);
            Encrypt2(ref keys, ref a0, ref a1, ref a2, ref a3, ref b0, ref b1, ref b2, ref b3);
            ref byte s = ref Unsafe.Add(ref src, offset);
            ref byte d = ref Unsafe.Add(ref dst, offset);
            Store(ref d, 0, a0 ^ Load(ref s, 0)); Store(ref d, 1, a1 ^ Load(ref s, 1));
            Store(ref d, 2, a2 ^ Load(ref s, 2)); Store(ref d, 3, a3 ^ Load(ref s, 3));
            Store(ref d, 4, b0 ^ Load(ref s, 4)); Store(ref d, 5, b1 ^ Load(ref s, 5));
            Store(ref d, 6, b2 ^ Load(ref s, 6)); Store(ref d, 7, b3 ^ Load(ref s, 7));
        }

        BinaryPrimitives.WriteUInt64BigEndian(counter.Slice(56), low);
        if (offset < length)
        {
            Ctr.TransformWithBlocks(this, source.Slice(offset), destination.Slice(offset), counter, width);
        }
    }

    private static void Transform(ReadOnlySpan<byte> source, Span<byte> destination, Vector128<byte>[] keyArray,
        bool decrypt)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(keyArray);
        int length = source.Length;
        int offset = 0;
        for (; offset <= length - 128; offset += 128)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            Vector128<byte> a0 = Load(ref s, 0), a1 = Load(ref s, 1), a2 = Load(ref s, 2), a3 = Load(ref s, 3);
            Vector128<byte> b0 = Load(ref s, 4), b1 = Load(ref s, 5), b2 = Load(ref s, 6), b3 = Load(ref s, 7);
            if (decrypt)
            {
                Decrypt2(ref keys, ref a0, ref a1, ref a2, ref a3, ref b0, ref b1, ref b2, ref b3);
            }
            else
            {
                Encrypt2(ref keys, ref a0, ref a1, ref a2, ref a3, ref b0, ref b1, ref b2, ref b3);
            }

            ref byte d = ref Unsafe.Add(ref dst, offset);
            Store(ref d, 0, a0); Store(ref d, 1, a1); Store(ref d, 2, a2); Store(ref d, 3, a3);
            Store(ref d, 4, b0); Store(ref d, 5, b1); Store(ref d, 6, b2); Store(ref d, 7, b3);
        }

        for (; offset < length; offset += 64)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            Vector128<byte> s0 = Load(ref s, 0), s1 = Load(ref s, 1), s2 = Load(ref s, 2), s3 = Load(ref s, 3);
            if (decrypt)
            {
                Decrypt1(ref keys, ref s0, ref s1, ref s2, ref s3);
            }
            else
            {
                Encrypt1(ref keys, ref s0, ref s1, ref s2, ref s3);
            }

            ref byte d = ref Unsafe.Add(ref dst, offset);
            Store(ref d, 0, s0); Store(ref d, 1, s1); Store(ref d, 2, s2); Store(ref d, 3, s3);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool PermutesAfter(int round) => !TShape.TwoRound || (round & 1) == 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Encrypt1(ref Vector128<byte> keys, ref Vector128<byte> s0, ref Vector128<byte> s1,
        ref Vector128<byte> s2, ref Vector128<byte> s3)
    {
        s0 ^= keys; s1 ^= Unsafe.Add(ref keys, 1); s2 ^= Unsafe.Add(ref keys, 2); s3 ^= Unsafe.Add(ref keys, 3);
        for (int round = 1; round < TShape.Rounds; round++)
        {
            ref Vector128<byte> k = ref Unsafe.Add(ref keys, 4 * round);
            s0 = X86Aes.Encrypt(s0, k); s1 = X86Aes.Encrypt(s1, Unsafe.Add(ref k, 1));
            s2 = X86Aes.Encrypt(s2, Unsafe.Add(ref k, 2)); s3 = X86Aes.Encrypt(s3, Unsafe.Add(ref k, 3));
            if (PermutesAfter(round))
            {
                TShape.Permute(ref s0, ref s1, ref s2, ref s3);
            }
        }

        ref Vector128<byte> last = ref Unsafe.Add(ref keys, 4 * TShape.Rounds);
        s0 = X86Aes.EncryptLast(s0, last); s1 = X86Aes.EncryptLast(s1, Unsafe.Add(ref last, 1));
        s2 = X86Aes.EncryptLast(s2, Unsafe.Add(ref last, 2)); s3 = X86Aes.EncryptLast(s3, Unsafe.Add(ref last, 3));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Encrypt2(ref Vector128<byte> keys,
        ref Vector128<byte> a0, ref Vector128<byte> a1, ref Vector128<byte> a2, ref Vector128<byte> a3,
        ref Vector128<byte> b0, ref Vector128<byte> b1, ref Vector128<byte> b2, ref Vector128<byte> b3)
    {
        Vector128<byte> k = keys;
        a0 ^= k; b0 ^= k;
        k = Unsafe.Add(ref keys, 1); a1 ^= k; b1 ^= k;
        k = Unsafe.Add(ref keys, 2); a2 ^= k; b2 ^= k;
        k = Unsafe.Add(ref keys, 3); a3 ^= k; b3 ^= k;
        for (int round = 1; round < TShape.Rounds; round++)
        {
            ref Vector128<byte> rk = ref Unsafe.Add(ref keys, 4 * round);
            k = rk; a0 = X86Aes.Encrypt(a0, k); b0 = X86Aes.Encrypt(b0, k);
            k = Unsafe.Add(ref rk, 1); a1 = X86Aes.Encrypt(a1, k); b1 = X86Aes.Encrypt(b1, k);
            k = Unsafe.Add(ref rk, 2); a2 = X86Aes.Encrypt(a2, k); b2 = X86Aes.Encrypt(b2, k);
            k = Unsafe.Add(ref rk, 3); a3 = X86Aes.Encrypt(a3, k); b3 = X86Aes.Encrypt(b3, k);
            if (PermutesAfter(round))
            {
                TShape.Permute(ref a0, ref a1, ref a2, ref a3);
                TShape.Permute(ref b0, ref b1, ref b2, ref b3);
            }
        }

        ref Vector128<byte> last = ref Unsafe.Add(ref keys, 4 * TShape.Rounds);
        k = last; a0 = X86Aes.EncryptLast(a0, k); b0 = X86Aes.EncryptLast(b0, k);
        k = Unsafe.Add(ref last, 1); a1 = X86Aes.EncryptLast(a1, k); b1 = X86Aes.EncryptLast(b1, k);
        k = Unsafe.Add(ref last, 2); a2 = X86Aes.EncryptLast(a2, k); b2 = X86Aes.EncryptLast(b2, k);
        k = Unsafe.Add(ref last, 3); a3 = X86Aes.EncryptLast(a3, k); b3 = X86Aes.EncryptLast(b3, k);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Decrypt1(ref Vector128<byte> keys, ref Vector128<byte> s0, ref Vector128<byte> s1,
        ref Vector128<byte> s2, ref Vector128<byte> s3)
    {
        s0 ^= keys; s1 ^= Unsafe.Add(ref keys, 1); s2 ^= Unsafe.Add(ref keys, 2); s3 ^= Unsafe.Add(ref keys, 3);
        for (int step = 1; step < TShape.Rounds; step++)
        {
            ref Vector128<byte> k = ref Unsafe.Add(ref keys, 4 * step);
            s0 = X86Aes.Decrypt(s0, k); s1 = X86Aes.Decrypt(s1, Unsafe.Add(ref k, 1));
            s2 = X86Aes.Decrypt(s2, Unsafe.Add(ref k, 2)); s3 = X86Aes.Decrypt(s3, Unsafe.Add(ref k, 3));
            if (PermutesAfter(TShape.Rounds - step))
            {
                TShape.InversePermute(ref s0, ref s1, ref s2, ref s3);
            }
        }

        ref Vector128<byte> last = ref Unsafe.Add(ref keys, 4 * TShape.Rounds);
        s0 = X86Aes.DecryptLast(s0, last); s1 = X86Aes.DecryptLast(s1, Unsafe.Add(ref last, 1));
        s2 = X86Aes.DecryptLast(s2, Unsafe.Add(ref last, 2)); s3 = X86Aes.DecryptLast(s3, Unsafe.Add(ref last, 3));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Decrypt2(ref Vector128<byte> keys,
        ref Vector128<byte> a0, ref Vector128<byte> a1, ref Vector128<byte> a2, ref Vector128<byte> a3,
        ref Vector128<byte> b0, ref Vector128<byte> b1, ref Vector128<byte> b2, ref Vector128<byte> b3)
    {
        Vector128<byte> k = keys;
        a0 ^= k; b0 ^= k;
        k = Unsafe.Add(ref keys, 1); a1 ^= k; b1 ^= k;
        k = Unsafe.Add(ref keys, 2); a2 ^= k; b2 ^= k;
        k = Unsafe.Add(ref keys, 3); a3 ^= k; b3 ^= k;
        for (int step = 1; step < TShape.Rounds; step++)
        {
            ref Vector128<byte> rk = ref Unsafe.Add(ref keys, 4 * step);
            k = rk; a0 = X86Aes.Decrypt(a0, k); b0 = X86Aes.Decrypt(b0, k);
            k = Unsafe.Add(ref rk, 1); a1 = X86Aes.Decrypt(a1, k); b1 = X86Aes.Decrypt(b1, k);
            k = Unsafe.Add(ref rk, 2); a2 = X86Aes.Decrypt(a2, k); b2 = X86Aes.Decrypt(b2, k);
            k = Unsafe.Add(ref rk, 3); a3 = X86Aes.Decrypt(a3, k); b3 = X86Aes.Decrypt(b3, k);
            if (PermutesAfter(TShape.Rounds - step))
            {
                TShape.InversePermute(ref a0, ref a1, ref a2, ref a3);
                TShape.InversePermute(ref b0, ref b1, ref b2, ref b3);
            }
        }

        ref Vector128<byte> last = ref Unsafe.Add(ref keys, 4 * TShape.Rounds);
        k = last; a0 = X86Aes.DecryptLast(a0, k); b0 = X86Aes.DecryptLast(b0, k);
        k = Unsafe.Add(ref last, 1); a1 = X86Aes.DecryptLast(a1, k); b1 = X86Aes.DecryptLast(b1, k);
        k = Unsafe.Add(ref last, 2); a2 = X86Aes.DecryptLast(a2, k); b2 = X86Aes.DecryptLast(b2, k);
        k = Unsafe.Add(ref last, 3); a3 = X86Aes.DecryptLast(a3, k); b3 = X86Aes.DecryptLast(b3, k);
    }
}
