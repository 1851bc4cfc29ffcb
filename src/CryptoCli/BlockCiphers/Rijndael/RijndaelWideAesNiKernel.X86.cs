using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli;

/// <summary>
/// Rijndael with a 256-bit block on AES-NI (any key size). The state is two 128-bit halves (columns 0-3 and
/// 4-7). AESENC applies AES's ShiftRows within each half; Rijndael-256 shifts rows 1-3 by 1, 3 and 4 columns
/// across the whole block. SubBytes commutes with moving bytes, and MixColumns and AddRoundKey are column-local,
/// so permuting bytes across the halves before each AESENC (P = ShiftRows4⁻¹ ∘ ShiftRows8, two byte shuffles and
/// an OR per half) gives exactly one Rijndael-256 round (Intel's AES-NI white paper does the same with blends).
/// Four blocks are interleaved for ECB and CBC decryption. Constant-time.
/// </summary>
internal sealed class RijndaelWideAesNiKernel : BlockCipherKernel, ICbcEncryptKernel, ICbcDecryptKernel
{
    private const int Lanes = 4;
    private static readonly Vector128<byte>[] s_encryptMasks = BuildMasks(encrypt: true);
    private static readonly Vector128<byte>[] s_decryptMasks = BuildMasks(encrypt: false);
    private readonly Vector128<byte>[] _encryptionKeys; // two vectors per round
    private readonly Vector128<byte>[] _decryptionKeys;
    private readonly int _rounds;

    public RijndaelWideAesNiKernel(ReadOnlySpan<byte> key)
        : base(32)
    {
        Debug.Assert(IsSupported);
        _encryptionKeys = RijndaelHardwareKeySchedule.ExpandEncryptionKey<AesRoundX86>(key, 8);
        _decryptionKeys = RijndaelHardwareKeySchedule.ToDecryptionKey<AesRoundX86>(_encryptionKeys, 8);
        _rounds = _encryptionKeys.Length / 2 - 1;
    }

    public static bool IsSupported => X86Aes.IsSupported && Ssse3.IsSupported;

    public override string Name => "aesni-wide";

    /// <summary>
    /// Shuffle masks (low-from-low, low-from-high, high-from-low, high-from-high) for the byte permutation that
    /// turns the 128-bit (Inv)ShiftRows done by AESENC/AESDEC into Rijndael-256's. Byte i = 4·column + row.
    /// </summary>
    private static Vector128<byte>[] BuildMasks(bool encrypt)
    {
        int[] shift = { 0, 1, 3, 4 };
        // The source of out[i]: over all 32 bytes, and within each half.
        int Wide(int i) => 4 * (((i / 4) + (encrypt ? shift[i % 4] : 8 - shift[i % 4])) % 8) + i % 4;
        int Narrow(int i) => 16 * (i / 16) + 4 * ((((i % 16) / 4) + (encrypt ? i % 4 : 4 - i % 4)) % 4) + i % 4;
        int[] source = new int[32];
        for (int i = 0; i < 32; i++)
        {
            source[Narrow(i)] = Wide(i); // P(x)[Narrow(i)] = x[Wide(i)], so that Narrow∘P = Wide
        }

        var masks = new Vector128<byte>[4];
        for (int half = 0; half < 2; half++)
        {
            byte[] fromLow = new byte[16], fromHigh = new byte[16];
            for (int j = 0; j < 16; j++)
            {
                int s = source[16 * half + j];
                fromLow[j] = s < 16 ? (byte)s : (byte)0x80;     // 0x80: PSHUFB writes zero
                fromHigh[j] = s >= 16 ? (byte)(s - 16) : (byte)0x80;
            }

            masks[2 * half] = Vector128.Create(fromLow);
            masks[2 * half + 1] = Vector128.Create(fromHigh);
        }

        return masks;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Permute(ref Vector128<byte> low, ref Vector128<byte> high, Vector128<byte> m0,
        Vector128<byte> m1, Vector128<byte> m2, Vector128<byte> m3)
    {
        Vector128<byte> newLow = Ssse3.Shuffle(low, m0) | Ssse3.Shuffle(high, m1);
        high = Ssse3.Shuffle(low, m2) | Ssse3.Shuffle(high, m3);
        low = newLow;
    }

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, encrypt: true);

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, encrypt: false);

    private void Transform(ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        int length = source.Length;
        int offset = 0;
        for (; offset <= length - Lanes * 32; offset += Lanes * 32)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            Vector128<byte> a0 = Vector128.LoadUnsafe(ref s, 0), b0 = Vector128.LoadUnsafe(ref s, 16);
            Vector128<byte> a1 = Vector128.LoadUnsafe(ref s, 32), b1 = Vector128.LoadUnsafe(ref s, 48);
            Vector128<byte> a2 = Vector128.LoadUnsafe(ref s, 64), b2 = Vector128.LoadUnsafe(ref s, 80);
            Vector128<byte> a3 = Vector128.LoadUnsafe(ref s, 96), b3 = Vector128.LoadUnsafe(ref s, 112);
            Rounds4(encrypt, ref a0, ref b0, ref a1, ref b1, ref a2, ref b2, ref a3, ref b3);
            ref byte d = ref Unsafe.Add(ref dst, offset);
            a0.StoreUnsafe(ref d, 0); b0.StoreUnsafe(ref d, 16); a1.StoreUnsafe(ref d, 32); b1.StoreUnsafe(ref d, 48);
            a2.StoreUnsafe(ref d, 64); b2.StoreUnsafe(ref d, 80); a3.StoreUnsafe(ref d, 96); b3.StoreUnsafe(ref d, 112);
        }

        for (; offset < length; offset += 32)
        {
            Vector128<byte> a = Vector128.LoadUnsafe(ref src, (nuint)offset),
                b = Vector128.LoadUnsafe(ref src, (nuint)offset + 16);
            Round1(encrypt, ref a, ref b);
            a.StoreUnsafe(ref dst, (nuint)offset);
            b.StoreUnsafe(ref dst, (nuint)offset + 16);
        }
    }

    public void DecryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        Vector128<byte> chainLow = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(chainingValue));
        Vector128<byte> chainHigh = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(chainingValue), 16);
        int length = source.Length;
        int offset = 0;
        for (; offset <= length - Lanes * 32; offset += Lanes * 32)
        {
            ref byte s = ref Unsafe.Add(ref src, offset);
            Vector128<byte> c0 = Vector128.LoadUnsafe(ref s, 0), d0 = Vector128.LoadUnsafe(ref s, 16);
            Vector128<byte> c1 = Vector128.LoadUnsafe(ref s, 32), d1 = Vector128.LoadUnsafe(ref s, 48);
            Vector128<byte> c2 = Vector128.LoadUnsafe(ref s, 64), d2 = Vector128.LoadUnsafe(ref s, 80);
            Vector128<byte> c3 = Vector128.LoadUnsafe(ref s, 96), d3 = Vector128.LoadUnsafe(ref s, 112);
            Vector128<byte> a0 = c0, b0 = d0, a1 = c1, b1 = d1, a2 = c2, b2 = d2, a3 = c3, b3 = d3;
            Rounds4(false, ref a0, ref b0, ref a1, ref b1, ref a2, ref b2, ref a3, ref b3);
            ref byte t = ref Unsafe.Add(ref dst, offset);
            (a0 ^ chainLow).StoreUnsafe(ref t, 0); (b0 ^ chainHigh).StoreUnsafe(ref t, 16);
            (a1 ^ c0).StoreUnsafe(ref t, 32); (b1 ^ d0).StoreUnsafe(ref t, 48);
            (a2 ^ c1).StoreUnsafe(ref t, 64); (b2 ^ d1).StoreUnsafe(ref t, 80);
            (a3 ^ c2).StoreUnsafe(ref t, 96); (b3 ^ d2).StoreUnsafe(ref t, 112);
            chainLow = c3;
            chainHigh = d3;
        }

        for (; offset < length; offset += 32)
        {
            Vector128<byte> c = Vector128.LoadUnsafe(ref src, (nuint)offset),
                d = Vector128.LoadUnsafe(ref src, (nuint)offset + 16);
            Vector128<byte> a = c, b = d;
            Round1(false, ref a, ref b);
            (a ^ chainLow).StoreUnsafe(ref dst, (nuint)offset);
            (b ^ chainHigh).StoreUnsafe(ref dst, (nuint)offset + 16);
            chainLow = c;
            chainHigh = d;
        }

        chainLow.StoreUnsafe(ref MemoryMarshal.GetReference(chainingValue));
        chainHigh.StoreUnsafe(ref MemoryMarshal.GetReference(chainingValue), 16);
    }

    public void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        Vector128<byte> a = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(chainingValue));
        Vector128<byte> b = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(chainingValue), 16);
        for (int offset = 0; offset < source.Length; offset += 32)
        {
            a ^= Vector128.LoadUnsafe(ref src, (nuint)offset);
            b ^= Vector128.LoadUnsafe(ref src, (nuint)offset + 16);
            Round1(true, ref a, ref b);
            a.StoreUnsafe(ref dst, (nuint)offset);
            b.StoreUnsafe(ref dst, (nuint)offset + 16);
        }

        a.StoreUnsafe(ref MemoryMarshal.GetReference(chainingValue));
        b.StoreUnsafe(ref MemoryMarshal.GetReference(chainingValue), 16);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Round1(bool encrypt, ref Vector128<byte> a, ref Vector128<byte> b)
    {
        Vector128<byte>[] masks = encrypt ? s_encryptMasks : s_decryptMasks;
        Vector128<byte> m0 = masks[0], m1 = masks[1], m2 = masks[2], m3 = masks[3];
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(encrypt ? _encryptionKeys : _decryptionKeys);
        a ^= keys;
        b ^= Unsafe.Add(ref keys, 1);
        for (int round = 1; round <= _rounds; round++)
        {
            Permute(ref a, ref b, m0, m1, m2, m3);
            Vector128<byte> k0 = Unsafe.Add(ref keys, 2 * round), k1 = Unsafe.Add(ref keys, 2 * round + 1);
            if (round < _rounds)
            {
                a = encrypt ? X86Aes.Encrypt(a, k0) : X86Aes.Decrypt(a, k0);
                b = encrypt ? X86Aes.Encrypt(b, k1) : X86Aes.Decrypt(b, k1);
            }
            else
            {
                a = encrypt ? X86Aes.EncryptLast(a, k0) : X86Aes.DecryptLast(a, k0);
                b = encrypt ? X86Aes.EncryptLast(b, k1) : X86Aes.DecryptLast(b, k1);
            }
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Rounds4(bool encrypt,
        ref Vector128<byte> a0, ref Vector128<byte> b0, ref Vector128<byte> a1, ref Vector128<byte> b1,
        ref Vector128<byte> a2, ref Vector128<byte> b2, ref Vector128<byte> a3, ref Vector128<byte> b3)
    {
        Vector128<byte>[] masks = encrypt ? s_encryptMasks : s_decryptMasks;
        Vector128<byte> m0 = masks[0], m1 = masks[1], m2 = masks[2], m3 = masks[3];
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(encrypt ? _encryptionKeys : _decryptionKeys);
        Vector128<byte> k0 = keys, k1 = Unsafe.Add(ref keys, 1);
        a0 ^= k0; b0 ^= k1; a1 ^= k0; b1 ^= k1; a2 ^= k0; b2 ^= k1; a3 ^= k0; b3 ^= k1;
        for (int round = 1; round < _rounds; round++)
        {
            Permute(ref a0, ref b0, m0, m1, m2, m3);
            Permute(ref a1, ref b1, m0, m1, m2, m3);
            Permute(ref a2, ref b2, m0, m1, m2, m3);
            Permute(ref a3, ref b3, m0, m1, m2, m3);
            k0 = Unsafe.Add(ref keys, 2 * round);
            k1 = Unsafe.Add(ref keys, 2 * round + 1);
            if (encrypt)
            {
                a0 = X86Aes.Encrypt(a0, k0); b0 = X86Aes.Encrypt(b0, k1);
                a1 = X86Aes.Encrypt(a1, k0); b1 = X86Aes.Encrypt(b1, k1);
                a2 = X86Aes.Encrypt(a2, k0); b2 = X86Aes.Encrypt(b2, k1);
                a3 = X86Aes.Encrypt(a3, k0); b3 = X86Aes.Encrypt(b3, k1);
            }
            else
            {
                a0 = X86Aes.Decrypt(a0, k0); b0 = X86Aes.Decrypt(b0, k1);
                a1 = X86Aes.Decrypt(a1, k0); b1 = X86Aes.Decrypt(b1, k1);
                a2 = X86Aes.Decrypt(a2, k0); b2 = X86Aes.Decrypt(b2, k1);
                a3 = X86Aes.Decrypt(a3, k0); b3 = X86Aes.Decrypt(b3, k1);
            }
        }

        Permute(ref a0, ref b0, m0, m1, m2, m3);
        Permute(ref a1, ref b1, m0, m1, m2, m3);
        Permute(ref a2, ref b2, m0, m1, m2, m3);
        Permute(ref a3, ref b3, m0, m1, m2, m3);
        k0 = Unsafe.Add(ref keys, 2 * _rounds);
        k1 = Unsafe.Add(ref keys, 2 * _rounds + 1);
        if (encrypt)
        {
            a0 = X86Aes.EncryptLast(a0, k0); b0 = X86Aes.EncryptLast(b0, k1);
            a1 = X86Aes.EncryptLast(a1, k0); b1 = X86Aes.EncryptLast(b1, k1);
            a2 = X86Aes.EncryptLast(a2, k0); b2 = X86Aes.EncryptLast(b2, k1);
            a3 = X86Aes.EncryptLast(a3, k0); b3 = X86Aes.EncryptLast(b3, k1);
        }
        else
        {
            a0 = X86Aes.DecryptLast(a0, k0); b0 = X86Aes.DecryptLast(b0, k1);
            a1 = X86Aes.DecryptLast(a1, k0); b1 = X86Aes.DecryptLast(b1, k1);
            a2 = X86Aes.DecryptLast(a2, k0); b2 = X86Aes.DecryptLast(b2, k1);
            a3 = X86Aes.DecryptLast(a3, k0); b3 = X86Aes.DecryptLast(b3, k1);
        }
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroVectors(_encryptionKeys);
        CryptographicOperationsHelper.ZeroVectors(_decryptionKeys);
    }
}
