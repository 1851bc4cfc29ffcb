// Camellia (RFC 3713), byte-sliced kernel on AES-NI + SSSE3: 16 blocks at a time, 128-bit block, 128/192/256-bit keys.
// Design of the Linux kernel's and libgcrypt's camellia-aesni-avx code (J. Kivilinna): the 16 blocks are transposed
// so that vector register j holds byte j of every block; an S-box is then one affine input map (two PSHUFB nibble
// look-ups, the round key folded in), AESENCLAST or AESDECLAST with a zero key (the AES S-box or its inverse) and one
// affine output map; P, FL and FL^-1 are byte-wise XOR/AND/OR. Rounds alternate AESENCLAST and AESDECLAST so that their
// ShiftRows and InvShiftRows cancel instead of being undone by a shuffle each round. The affine maps are derived at
// start-up (CamelliaAffine.cs). .NET 10 has no 256-bit VAES intrinsics, so this is 128-bit AES-NI; with AVX2 the
// byte-wise work runs on 32 blocks at once (Camellia.Avx2.X86.cs).
using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using System.Security.Cryptography;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli;

/// <summary>
/// The byte-sliced AES-NI kernel for ECB, CTR and CBC decryption of 16 blocks or more per call (32-block groups with
/// AVX2, then a 16-block group); shorter calls, the
/// tail of fewer than 16 blocks and CBC encryption (serial) go to the 64-bit table kernel it holds, which shares
/// the same key schedule. The 16- and 32-block paths are constant-time: no secret-dependent branch or memory index.
/// </summary>
internal sealed partial class CamelliaAesNiKernel : BlockCipherKernel, ICbcEncryptKernel, ICbcDecryptKernel, ICounterModeKernel
{
    private const int Lanes = 16;
    private const int BatchBytes = Lanes * 16;
    private readonly CamelliaTable64Kernel _table;
    private readonly Vector128<byte>[] _encryptionKeys;
    private readonly Vector128<byte>[] _decryptionKeys;
    private readonly Vector256<byte>[]? _encryptionKeys256;
    private readonly Vector256<byte>[]? _decryptionKeys256;
    private readonly int _groups;

    public CamelliaAesNiKernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(IsSupported);
        _table = new CamelliaTable64Kernel(key);
        _groups = key.Length == 16 ? 3 : 4;
        _encryptionKeys = Broadcast(_table.EncryptionKey);
        _decryptionKeys = Broadcast(_table.DecryptionKey);
        if (Avx2.IsSupported)
        {
            _encryptionKeys256 = Widen(_encryptionKeys);
            _decryptionKeys256 = Widen(_decryptionKeys);
        }
    }

    /// <summary>True when 32 blocks at a time run in 256-bit registers (AVX2 for the byte-wise work, AES-NI per half).</summary>
    public static bool UsesAvx2 => Avx2.IsSupported;

    private static Vector256<byte>[] Widen(Vector128<byte>[] vectors)
    {
        var wide = new Vector256<byte>[vectors.Length];
        for (int i = 0; i < vectors.Length; i++)
        {
            wide[i] = Vector256.Create(vectors[i], vectors[i]);
        }

        return wide;
    }

    public static bool IsSupported => X86Aes.IsSupported && Ssse3.IsSupported;

    public override string Name => "aesni";

    // Each 64-bit subkey becomes eight vectors, one per byte j (0 = most significant). Whitening and FL keys are that
    // byte in every lane; round keys are folded into the input affine map of their S-box instead (a 16-entry
    // PSHUFB table, see CamelliaAffine.WithKey), for the AESENCLAST rounds (D1 -> D2) or AESDECLAST rounds (D2 -> D1).
    private static Vector128<byte>[] Broadcast(ulong[] subkeys)
    {
        var vectors = new Vector128<byte>[subkeys.Length * 8];
        for (int i = 0; i < subkeys.Length; i++)
        {
            int position = (i - 2) % 8; // 0..5: rounds of a 6-round group; 6, 7: FL keys
            bool round = i >= 2 && i < subkeys.Length - 2 && position < 6;
            bool inverse = (position & 1) != 0;
            for (int j = 0; j < 8; j++)
            {
                byte keyByte = (byte)(subkeys[i] >> (56 - 8 * j));
                if (!round)
                {
                    vectors[8 * i + j] = Vector128.Create(keyByte);
                    continue;
                }

                bool rotatedInput = j == 3 || j == 6; // s4
                byte[] low = inverse ? (rotatedInput ? CamelliaAffine.PreDecLow4 : CamelliaAffine.PreDecLow1) : (rotatedInput ? CamelliaAffine.PreLow4 : CamelliaAffine.PreLow1);
                byte[] high = inverse ? (rotatedInput ? CamelliaAffine.PreDecHigh4 : CamelliaAffine.PreDecHigh1) : (rotatedInput ? CamelliaAffine.PreHigh4 : CamelliaAffine.PreHigh1);
                vectors[8 * i + j] = Vector128.Create(CamelliaAffine.WithKey(low, high, keyByte));
            }
        }

        return vectors;
    }

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _encryptionKeys, encrypt: true);

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, _decryptionKeys, encrypt: false);

    public void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue) =>
        _table.EncryptCbc(source, destination, chainingValue);

    private void Transform(ReadOnlySpan<byte> source, Span<byte> destination, Vector128<byte>[] keys, bool encrypt)
    {
        int bulk = source.Length / BatchBytes * BatchBytes;
        if (bulk != 0)
        {
            Span<Vector256<byte>> state = stackalloc Vector256<byte>[Lanes];
            ref Vector128<byte> k = ref MemoryMarshal.GetArrayDataReference(keys);
            ref byte src = ref MemoryMarshal.GetReference(source);
            ref byte dst = ref MemoryMarshal.GetReference(destination);
            int offset = 0;
            Vector256<byte>[]? wideKeys = encrypt ? _encryptionKeys256 : _decryptionKeys256;
            if (wideKeys is not null)
            {
                ref Vector256<byte> kw = ref MemoryMarshal.GetArrayDataReference(wideKeys);
                for (; offset <= bulk - 2 * BatchBytes; offset += 2 * BatchBytes)
                {
                    Process32(ref kw, _groups, ref Unsafe.Add(ref src, offset), ref Unsafe.Add(ref dst, offset), state);
                }
            }

            for (; offset < bulk; offset += BatchBytes)
            {
                Process16(ref k, _groups, ref Unsafe.Add(ref src, offset), ref Unsafe.Add(ref dst, offset), MemoryMarshal.Cast<Vector256<byte>, Vector128<byte>>(state));
            }

            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(state));
        }

        if (bulk != source.Length)
        {
            if (encrypt)
            {
                _table.EncryptBlocks(source.Slice(bulk), destination.Slice(bulk));
            }
            else
            {
                _table.DecryptBlocks(source.Slice(bulk), destination.Slice(bulk));
            }
        }
    }

    public void DecryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        int bulk = source.Length / BatchBytes * BatchBytes;
        if (bulk != 0)
        {
            Span<Vector256<byte>> state = stackalloc Vector256<byte>[Lanes];
            Span<byte> saved = stackalloc byte[2 * BatchBytes];
            ref Vector128<byte> k = ref MemoryMarshal.GetArrayDataReference(_decryptionKeys);
            ref byte src = ref MemoryMarshal.GetReference(source);
            ref byte dst = ref MemoryMarshal.GetReference(destination);
            ref byte ciphertext = ref MemoryMarshal.GetReference(saved);
            Vector128<byte> chain = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(chainingValue));
            int offset = 0;
            while (offset < bulk)
            {
                int chunk = _decryptionKeys256 is not null && bulk - offset >= 2 * BatchBytes ? 2 * BatchBytes : BatchBytes;
                source.Slice(offset, chunk).CopyTo(saved); // in-place decryption overwrites the ciphertext
                ref byte output = ref Unsafe.Add(ref dst, offset);
                if (chunk == BatchBytes)
                {
                    Process16(ref k, _groups, ref ciphertext, ref output, MemoryMarshal.Cast<Vector256<byte>, Vector128<byte>>(state));
                }
                else
                {
                    Process32(ref MemoryMarshal.GetArrayDataReference(_decryptionKeys256!), _groups, ref ciphertext, ref output, state);
                }

                (Vector128.LoadUnsafe(ref output) ^ chain).StoreUnsafe(ref output);
                for (nuint i = 16; i < (nuint)chunk; i += 16)
                {
                    (Vector128.LoadUnsafe(ref output, i) ^ Vector128.LoadUnsafe(ref ciphertext, i - 16)).StoreUnsafe(ref output, i);
                }

                chain = Vector128.LoadUnsafe(ref ciphertext, (nuint)chunk - 16);
                offset += chunk;
            }

            chain.StoreUnsafe(ref MemoryMarshal.GetReference(chainingValue));
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(state));
            CryptographicOperations.ZeroMemory(saved);
        }

        if (bulk != source.Length)
        {
            Cbc.DecryptBlocks(_table, source.Slice(bulk), destination.Slice(bulk), chainingValue);
        }
    }

    public void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counterBlock, CounterWidth width)
    {
        int bulk = source.Length / BatchBytes * BatchBytes;
        if (bulk != 0)
        {
            Span<Vector256<byte>> state = stackalloc Vector256<byte>[Lanes];
            Span<byte> keystream = stackalloc byte[2 * BatchBytes];
            ref Vector128<byte> k = ref MemoryMarshal.GetArrayDataReference(_encryptionKeys);
            ref byte src = ref MemoryMarshal.GetReference(source);
            ref byte dst = ref MemoryMarshal.GetReference(destination);
            ref byte stream = ref MemoryMarshal.GetReference(keystream);
            var counter = new Counter128(counterBlock, width);
            int offset = 0;
            while (offset < bulk)
            {
                int chunk = _encryptionKeys256 is not null && bulk - offset >= 2 * BatchBytes ? 2 * BatchBytes : BatchBytes;
                // Counter blocks: big-endian stores without bounds checks (the batch buffer is exactly chunk bytes).
                for (int i = 0; i < chunk; i += 16)
                {
                    counter.WriteAndIncrement(ref Unsafe.Add(ref stream, i));
                }

                if (chunk == BatchBytes)
                {
                    Process16(ref k, _groups, ref stream, ref stream, MemoryMarshal.Cast<Vector256<byte>, Vector128<byte>>(state));
                }
                else
                {
                    Process32(ref MemoryMarshal.GetArrayDataReference(_encryptionKeys256!), _groups, ref stream, ref stream, state);
                }

                ref byte input = ref Unsafe.Add(ref src, offset);
                ref byte output = ref Unsafe.Add(ref dst, offset);
                for (nuint i = 0; i < (nuint)chunk; i += 32)
                {
                    (Vector256.LoadUnsafe(ref input, i) ^ Vector256.LoadUnsafe(ref stream, i)).StoreUnsafe(ref output, i);
                }

                offset += chunk;
            }

            counter.Store(counterBlock);
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(state));
            CryptographicOperations.ZeroMemory(keystream);
        }

        if (bulk != source.Length)
        {
            _table.TransformCtr(source.Slice(bulk), destination.Slice(bulk), counterBlock, width);
        }
    }

    /// <summary>Encrypts (or decrypts, with decryption-ordered keys) 16 blocks; input and output may be the same memory.</summary>
    private static void Process16(ref Vector128<byte> k, int groups, ref byte input, ref byte output, Span<Vector128<byte>> state)
    {
        ref Vector128<byte> s = ref MemoryMarshal.GetReference(state);
        Transpose16(ref input, ref s);
        ref Vector128<byte> d1 = ref s;
        ref Vector128<byte> d2 = ref Unsafe.Add(ref s, 8);
        for (int j = 0; j < 8; j++)
        {
            Unsafe.Add(ref d1, j) ^= Unsafe.Add(ref k, j);
            Unsafe.Add(ref d2, j) ^= Unsafe.Add(ref k, 8 + j);
        }

        // Rounds alternate AESENCLAST (D1 -> D2, lanes moved by ShiftRows) and AESDECLAST (D2 -> D1, moved back by
        // InvShiftRows): keep D2 in ShiftRows order throughout, so no round needs a shuffle to undo the permutation.
        for (int j = 0; j < 8; j++)
        {
            Unsafe.Add(ref d2, j) = Ssse3.Shuffle(Unsafe.Add(ref d2, j), Constants.ShiftRows);
        }

        k = ref Unsafe.Add(ref k, 16);
        for (int group = 0; group < groups; group++)
        {
            if (group != 0)
            {
                FL(ref d1, ref k);
                FLInverse(ref d2, ref Unsafe.Add(ref k, 8));
                k = ref Unsafe.Add(ref k, 16);
            }

            Round(ref d1, ref d2, ref k, inverse: false);
            Round(ref d2, ref d1, ref Unsafe.Add(ref k, 8), inverse: true);
            Round(ref d1, ref d2, ref Unsafe.Add(ref k, 16), inverse: false);
            Round(ref d2, ref d1, ref Unsafe.Add(ref k, 24), inverse: true);
            Round(ref d1, ref d2, ref Unsafe.Add(ref k, 32), inverse: false);
            Round(ref d2, ref d1, ref Unsafe.Add(ref k, 40), inverse: true);
            k = ref Unsafe.Add(ref k, 48);
        }

        // Post-whitening, then the output order D2 || D1: swap the halves while XORing.
        for (int j = 0; j < 8; j++)
        {
            Vector128<byte> left = Ssse3.Shuffle(Unsafe.Add(ref d2, j), Constants.InverseShiftRows) ^ Unsafe.Add(ref k, j);
            Vector128<byte> right = Unsafe.Add(ref d1, j) ^ Unsafe.Add(ref k, 8 + j);
            Unsafe.Add(ref d1, j) = left;
            Unsafe.Add(ref d2, j) = right;
        }

        Untranspose16(ref s, ref output);
    }

    /// <summary>
    /// d2 ^= F(d1, k): eight S-boxes through AES-NI (the round key is in the input maps <paramref name="k"/>), then P
    /// (RFC 3713 2.4.1) as byte-register XORs. <paramref name="inverse"/> selects AESDECLAST and its affine maps.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref Vector128<byte> d1, ref Vector128<byte> d2, ref Vector128<byte> k, bool inverse)
    {
        Vector128<byte> high1 = inverse ? Constants.PreDecHigh1 : Constants.PreHigh1;
        Vector128<byte> high4 = inverse ? Constants.PreDecHigh4 : Constants.PreHigh4;
        Vector128<byte> postLow1 = inverse ? Constants.PostDecLow1 : Constants.PostLow1, postHigh1 = inverse ? Constants.PostDecHigh1 : Constants.PostHigh1;
        Vector128<byte> postLow2 = inverse ? Constants.PostDecLow2 : Constants.PostLow2, postHigh2 = inverse ? Constants.PostDecHigh2 : Constants.PostHigh2;
        Vector128<byte> postLow3 = inverse ? Constants.PostDecLow3 : Constants.PostLow3, postHigh3 = inverse ? Constants.PostDecHigh3 : Constants.PostHigh3;
        Vector128<byte> t0 = SBox(d1, k, high1, postLow1, postHigh1, inverse);
        Vector128<byte> t1 = SBox(Unsafe.Add(ref d1, 1), Unsafe.Add(ref k, 1), high1, postLow2, postHigh2, inverse);
        Vector128<byte> t2 = SBox(Unsafe.Add(ref d1, 2), Unsafe.Add(ref k, 2), high1, postLow3, postHigh3, inverse);
        Vector128<byte> t3 = SBox(Unsafe.Add(ref d1, 3), Unsafe.Add(ref k, 3), high4, postLow1, postHigh1, inverse);
        Vector128<byte> t4 = SBox(Unsafe.Add(ref d1, 4), Unsafe.Add(ref k, 4), high1, postLow2, postHigh2, inverse);
        Vector128<byte> t5 = SBox(Unsafe.Add(ref d1, 5), Unsafe.Add(ref k, 5), high1, postLow3, postHigh3, inverse);
        Vector128<byte> t6 = SBox(Unsafe.Add(ref d1, 6), Unsafe.Add(ref k, 6), high4, postLow1, postHigh1, inverse);
        Vector128<byte> t7 = SBox(Unsafe.Add(ref d1, 7), Unsafe.Add(ref k, 7), high1, postLow1, postHigh1, inverse);

        // P with shared sums: with s = t0^t1^t2^t3 and q = t4^t5^t6^t7, the left half is (s^t1, s^t2, s^t3, s^t0)
        // ^ (q^t4, q^t5, q^t6, q^t7), and y[4+i] = y[i] ^ a[(i+3) % 4] (the 32-bit form y_R = y_L ^ (A >>> 8)).
        Vector128<byte> sum = t0 ^ t1 ^ t2 ^ t3;
        Vector128<byte> q = t4 ^ t5 ^ t6 ^ t7;
        Vector128<byte> a0 = sum ^ t1, a1 = sum ^ t2, a2 = sum ^ t3, a3 = sum ^ t0;
        Vector128<byte> y0 = a0 ^ q ^ t4, y1 = a1 ^ q ^ t5, y2 = a2 ^ q ^ t6, y3 = a3 ^ q ^ t7;
        d2 ^= y0;
        Unsafe.Add(ref d2, 1) ^= y1;
        Unsafe.Add(ref d2, 2) ^= y2;
        Unsafe.Add(ref d2, 3) ^= y3;
        Unsafe.Add(ref d2, 4) ^= y0 ^ a3;
        Unsafe.Add(ref d2, 5) ^= y1 ^ a0;
        Unsafe.Add(ref d2, 6) ^= y2 ^ a1;
        Unsafe.Add(ref d2, 7) ^= y3 ^ a2;
    }

    /// <summary>
    /// A Camellia S-box on 16 bytes: the affine input map with the key folded in (<paramref name="keyedLow"/>), the AES
    /// S-box (or its inverse), the affine output map. The lanes come out permuted by ShiftRows (InvShiftRows).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> SBox(Vector128<byte> x, Vector128<byte> keyedLow, Vector128<byte> preHigh, Vector128<byte> postLow, Vector128<byte> postHigh, bool inverse)
    {
        Vector128<byte> nibble = Vector128.Create((byte)0x0F);
        Vector128<byte> y = Ssse3.Shuffle(keyedLow, x & nibble) ^ Ssse3.Shuffle(preHigh, Sse2.ShiftRightLogical(x.AsUInt16(), 4).AsByte() & nibble);
        y = inverse ? X86Aes.DecryptLast(y, Vector128<byte>.Zero) : X86Aes.EncryptLast(y, Vector128<byte>.Zero);
        return Ssse3.Shuffle(postLow, y & nibble) ^ Ssse3.Shuffle(postHigh, Sse2.ShiftRightLogical(y.AsUInt16(), 4).AsByte() & nibble);
    }

    /// <summary>FL (RFC 3713 2.4.2) on D1 = x[0..7] (x_L = bytes 0..3): x_R ^= (x_L &amp; k_L) &lt;&lt;&lt; 1; x_L ^= x_R | k_R.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FL(ref Vector128<byte> x, ref Vector128<byte> k)
    {
        Vector128<byte> t0 = x & k, t1 = Unsafe.Add(ref x, 1) & Unsafe.Add(ref k, 1);
        Vector128<byte> t2 = Unsafe.Add(ref x, 2) & Unsafe.Add(ref k, 2), t3 = Unsafe.Add(ref x, 3) & Unsafe.Add(ref k, 3);
        Unsafe.Add(ref x, 4) ^= RotateBytePair(t0, t1);
        Unsafe.Add(ref x, 5) ^= RotateBytePair(t1, t2);
        Unsafe.Add(ref x, 6) ^= RotateBytePair(t2, t3);
        Unsafe.Add(ref x, 7) ^= RotateBytePair(t3, t0);
        x ^= Unsafe.Add(ref x, 4) | Unsafe.Add(ref k, 4);
        Unsafe.Add(ref x, 1) ^= Unsafe.Add(ref x, 5) | Unsafe.Add(ref k, 5);
        Unsafe.Add(ref x, 2) ^= Unsafe.Add(ref x, 6) | Unsafe.Add(ref k, 6);
        Unsafe.Add(ref x, 3) ^= Unsafe.Add(ref x, 7) | Unsafe.Add(ref k, 7);
    }

    /// <summary>FL^-1 (RFC 3713 2.4.3) on D2 = y[0..7]: y_L ^= y_R | k_R; y_R ^= (y_L &amp; k_L) &lt;&lt;&lt; 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FLInverse(ref Vector128<byte> y, ref Vector128<byte> k)
    {
        y ^= Unsafe.Add(ref y, 4) | Unsafe.Add(ref k, 4);
        Unsafe.Add(ref y, 1) ^= Unsafe.Add(ref y, 5) | Unsafe.Add(ref k, 5);
        Unsafe.Add(ref y, 2) ^= Unsafe.Add(ref y, 6) | Unsafe.Add(ref k, 6);
        Unsafe.Add(ref y, 3) ^= Unsafe.Add(ref y, 7) | Unsafe.Add(ref k, 7);
        Vector128<byte> t0 = y & k, t1 = Unsafe.Add(ref y, 1) & Unsafe.Add(ref k, 1);
        Vector128<byte> t2 = Unsafe.Add(ref y, 2) & Unsafe.Add(ref k, 2), t3 = Unsafe.Add(ref y, 3) & Unsafe.Add(ref k, 3);
        Unsafe.Add(ref y, 4) ^= RotateBytePair(t0, t1);
        Unsafe.Add(ref y, 5) ^= RotateBytePair(t1, t2);
        Unsafe.Add(ref y, 6) ^= RotateBytePair(t2, t3);
        Unsafe.Add(ref y, 7) ^= RotateBytePair(t3, t0);
    }

    // Byte i of a 32-bit rotation by one, spread over byte registers: (hi << 1) | (next >> 7) per lane.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> RotateBytePair(Vector128<byte> high, Vector128<byte> next) =>
        Sse2.Add(high, high) | (Sse2.ShiftRightLogical(next.AsUInt16(), 7).AsByte() & Vector128.Create((byte)1));

    /// <summary>Loads 16 blocks and transposes them: register j gets byte j of block i in lane i.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose16(ref byte input, ref Vector128<byte> s)
    {
        // 4x4 transposes of 32-bit words within each group of four blocks, a 4x4 byte transpose inside each
        // register, then 4x4 transposes of 32-bit words across the groups: a full 16x16 byte transpose.
        Vector128<byte> mask = Constants.Transpose4x4Bytes;
        for (int g = 0; g < 4; g++)
        {
            Transpose4x4Words(
                Vector128.LoadUnsafe(ref input, (nuint)(64 * g)), Vector128.LoadUnsafe(ref input, (nuint)(64 * g + 16)),
                Vector128.LoadUnsafe(ref input, (nuint)(64 * g + 32)), Vector128.LoadUnsafe(ref input, (nuint)(64 * g + 48)),
                out Vector128<byte> o0, out Vector128<byte> o1, out Vector128<byte> o2, out Vector128<byte> o3);
            Unsafe.Add(ref s, 4 * g) = Ssse3.Shuffle(o0, mask);
            Unsafe.Add(ref s, 4 * g + 1) = Ssse3.Shuffle(o1, mask);
            Unsafe.Add(ref s, 4 * g + 2) = Ssse3.Shuffle(o2, mask);
            Unsafe.Add(ref s, 4 * g + 3) = Ssse3.Shuffle(o3, mask);
        }

        // Register 4g+k now holds, in word m, byte 4k+m of blocks 4g..4g+3; transpose across g for each k.
        Vector128<byte> r0 = s, r1 = Unsafe.Add(ref s, 1), r2 = Unsafe.Add(ref s, 2), r3 = Unsafe.Add(ref s, 3);
        Vector128<byte> r4 = Unsafe.Add(ref s, 4), r5 = Unsafe.Add(ref s, 5), r6 = Unsafe.Add(ref s, 6), r7 = Unsafe.Add(ref s, 7);
        Vector128<byte> r8 = Unsafe.Add(ref s, 8), r9 = Unsafe.Add(ref s, 9), r10 = Unsafe.Add(ref s, 10), r11 = Unsafe.Add(ref s, 11);
        Vector128<byte> r12 = Unsafe.Add(ref s, 12), r13 = Unsafe.Add(ref s, 13), r14 = Unsafe.Add(ref s, 14), r15 = Unsafe.Add(ref s, 15);
        Transpose4x4Words(r0, r4, r8, r12, out s, out Unsafe.Add(ref s, 1), out Unsafe.Add(ref s, 2), out Unsafe.Add(ref s, 3));
        Transpose4x4Words(r1, r5, r9, r13, out Unsafe.Add(ref s, 4), out Unsafe.Add(ref s, 5), out Unsafe.Add(ref s, 6), out Unsafe.Add(ref s, 7));
        Transpose4x4Words(r2, r6, r10, r14, out Unsafe.Add(ref s, 8), out Unsafe.Add(ref s, 9), out Unsafe.Add(ref s, 10), out Unsafe.Add(ref s, 11));
        Transpose4x4Words(r3, r7, r11, r15, out Unsafe.Add(ref s, 12), out Unsafe.Add(ref s, 13), out Unsafe.Add(ref s, 14), out Unsafe.Add(ref s, 15));
    }

    /// <summary>The inverse of <see cref="Transpose16"/> (the same 16x16 transpose), storing block i at output + 16i.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Untranspose16(ref Vector128<byte> s, ref byte output)
    {
        Vector128<byte> mask = Constants.Transpose4x4Bytes;
        for (int g = 0; g < 4; g++)
        {
            Transpose4x4Words(Unsafe.Add(ref s, 4 * g), Unsafe.Add(ref s, 4 * g + 1), Unsafe.Add(ref s, 4 * g + 2), Unsafe.Add(ref s, 4 * g + 3),
                out Vector128<byte> o0, out Vector128<byte> o1, out Vector128<byte> o2, out Vector128<byte> o3);
            Unsafe.Add(ref s, 4 * g) = Ssse3.Shuffle(o0, mask);
            Unsafe.Add(ref s, 4 * g + 1) = Ssse3.Shuffle(o1, mask);
            Unsafe.Add(ref s, 4 * g + 2) = Ssse3.Shuffle(o2, mask);
            Unsafe.Add(ref s, 4 * g + 3) = Ssse3.Shuffle(o3, mask);
        }

        for (int k = 0; k < 4; k++)
        {
            Transpose4x4Words(Unsafe.Add(ref s, k), Unsafe.Add(ref s, 4 + k), Unsafe.Add(ref s, 8 + k), Unsafe.Add(ref s, 12 + k),
                out Vector128<byte> o0, out Vector128<byte> o1, out Vector128<byte> o2, out Vector128<byte> o3);
            o0.StoreUnsafe(ref output, (nuint)(64 * k));
            o1.StoreUnsafe(ref output, (nuint)(64 * k + 16));
            o2.StoreUnsafe(ref output, (nuint)(64 * k + 32));
            o3.StoreUnsafe(ref output, (nuint)(64 * k + 48));
        }
    }

    /// <summary>Output k holds word k of inputs a, b, c, d in its words 0..3.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose4x4Words(Vector128<byte> a, Vector128<byte> b, Vector128<byte> c, Vector128<byte> d,
        out Vector128<byte> o0, out Vector128<byte> o1, out Vector128<byte> o2, out Vector128<byte> o3)
    {
        Vector128<uint> t0 = Sse2.UnpackLow(a.AsUInt32(), b.AsUInt32());
        Vector128<uint> t1 = Sse2.UnpackLow(c.AsUInt32(), d.AsUInt32());
        Vector128<uint> t2 = Sse2.UnpackHigh(a.AsUInt32(), b.AsUInt32());
        Vector128<uint> t3 = Sse2.UnpackHigh(c.AsUInt32(), d.AsUInt32());
        o0 = Sse2.UnpackLow(t0.AsUInt64(), t1.AsUInt64()).AsByte();
        o1 = Sse2.UnpackHigh(t0.AsUInt64(), t1.AsUInt64()).AsByte();
        o2 = Sse2.UnpackLow(t2.AsUInt64(), t3.AsUInt64()).AsByte();
        o3 = Sse2.UnpackHigh(t2.AsUInt64(), t3.AsUInt64()).AsByte();
    }

    protected override void Dispose(bool disposing)
    {
        _table.Dispose();
        CryptographicOperationsHelper.ZeroVectors(_encryptionKeys);
        CryptographicOperationsHelper.ZeroVectors(_decryptionKeys);
        CryptographicOperationsHelper.ZeroVectors(_encryptionKeys256);
        CryptographicOperationsHelper.ZeroVectors(_decryptionKeys256);
    }

    internal Vector128<byte>[] EncryptionKeys => _encryptionKeys;

    /// <summary>Shuffle masks and the nibble tables of <see cref="CamelliaAffine"/> as vectors (static readonly: the JIT embeds them).</summary>
    internal static class Constants
    {
        public static readonly Vector128<byte> PreLow1 = Load(CamelliaAffine.PreLow1);
        public static readonly Vector128<byte> PreHigh1 = Load(CamelliaAffine.PreHigh1);
        public static readonly Vector128<byte> PreLow4 = Load(CamelliaAffine.PreLow4);
        public static readonly Vector128<byte> PreHigh4 = Load(CamelliaAffine.PreHigh4);
        public static readonly Vector128<byte> PostLow1 = Load(CamelliaAffine.PostLow1);
        public static readonly Vector128<byte> PostHigh1 = Load(CamelliaAffine.PostHigh1);
        public static readonly Vector128<byte> PostLow2 = Load(CamelliaAffine.PostLow2);
        public static readonly Vector128<byte> PostHigh2 = Load(CamelliaAffine.PostHigh2);
        public static readonly Vector128<byte> PostLow3 = Load(CamelliaAffine.PostLow3);
        public static readonly Vector128<byte> PostHigh3 = Load(CamelliaAffine.PostHigh3);
        public static readonly Vector128<byte> PreDecHigh1 = Load(CamelliaAffine.PreDecHigh1);
        public static readonly Vector128<byte> PreDecHigh4 = Load(CamelliaAffine.PreDecHigh4);
        public static readonly Vector128<byte> PostDecLow1 = Load(CamelliaAffine.PostDecLow1);
        public static readonly Vector128<byte> PostDecHigh1 = Load(CamelliaAffine.PostDecHigh1);
        public static readonly Vector128<byte> PostDecLow2 = Load(CamelliaAffine.PostDecLow2);
        public static readonly Vector128<byte> PostDecHigh2 = Load(CamelliaAffine.PostDecHigh2);
        public static readonly Vector128<byte> PostDecLow3 = Load(CamelliaAffine.PostDecLow3);
        public static readonly Vector128<byte> PostDecHigh3 = Load(CamelliaAffine.PostDecHigh3);

        /// <summary>ShiftRows (FIPS-197 5.1.2) as a PSHUFB mask: lane r + 4c takes lane r + 4((c + r) mod 4).</summary>
        public static readonly Vector128<byte> ShiftRows = Vector128.Create(
            (byte)0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11);

        /// <summary>Inverse ShiftRows (FIPS-197 5.3.1) as a PSHUFB mask: lane r + 4c takes lane r + 4((c - r) mod 4).</summary>
        public static readonly Vector128<byte> InverseShiftRows = Vector128.Create(
            (byte)0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3);

        /// <summary>Transposes the 4x4 bytes of a register: lane 4m + b takes lane 4b + m.</summary>
        public static readonly Vector128<byte> Transpose4x4Bytes = Vector128.Create(
            (byte)0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);

        private static Vector128<byte> Load(byte[] table) => Vector128.Create(table);
    }
}
