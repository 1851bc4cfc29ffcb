// One AES round on one 128-bit lane, portable (T-tables), with the x86 instruction semantics:
//   Encrypt     = AESENC:      ShiftRows, SubBytes, MixColumns, XOR key
//   EncryptLast = AESENCLAST:  ShiftRows, SubBytes, XOR key
//   Decrypt     = AESDEC:      InvShiftRows, InvSubBytes, InvMixColumns, XOR key
//   DecryptLast = AESDECLAST:  InvShiftRows, InvSubBytes, XOR key
//   InverseMixColumns = AESIMC
// FIPS-197 §5.1/§5.3. A lane is four little-endian column words (word k = state bytes 4k..4k+3, row 0 in the
// low byte), exactly the memory layout of an XMM register. Used by Haraka v2 and the large-block ciphers;
// the hardware versions with the same semantics are AesRoundX86 and AesRoundArm.
// Not constant-time: the table look-ups are indexed by state bytes.
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli;

internal static class AesRound
{
    /// <summary>
    /// AESENC on the four words at <paramref name="state"/>, with the four key words at <paramref name="key"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Encrypt(ref uint state, ref uint key)
    {
        ref uint te0 = ref MemoryMarshal.GetReference(RijndaelTables.Te0.AsSpan());
        ref uint te1 = ref MemoryMarshal.GetReference(RijndaelTables.Te1.AsSpan());
        ref uint te2 = ref MemoryMarshal.GetReference(RijndaelTables.Te2.AsSpan());
        ref uint te3 = ref MemoryMarshal.GetReference(RijndaelTables.Te3.AsSpan());
        uint s0 = state, s1 = Unsafe.Add(ref state, 1), s2 = Unsafe.Add(ref state, 2), s3 = Unsafe.Add(ref state, 3);
        state = Unsafe.Add(ref te0, (byte)s0) ^ Unsafe.Add(ref te1, (byte)(s1 >> 8))
            ^ Unsafe.Add(ref te2, (byte)(s2 >> 16)) ^ Unsafe.Add(ref te3, (int)(s3 >> 24)) ^ key;
        Unsafe.Add(ref state, 1) = Unsafe.Add(ref te0, (byte)s1) ^ Unsafe.Add(ref te1, (byte)(s2 >> 8))
            ^ Unsafe.Add(ref te2, (byte)(s3 >> 16)) ^ Unsafe.Add(ref te3, (int)(s0 >> 24)) ^ Unsafe.Add(ref key, 1);
        Unsafe.Add(ref state, 2) = Unsafe.Add(ref te0, (byte)s2) ^ Unsafe.Add(ref te1, (byte)(s3 >> 8))
            ^ Unsafe.Add(ref te2, (byte)(s0 >> 16)) ^ Unsafe.Add(ref te3, (int)(s1 >> 24)) ^ Unsafe.Add(ref key, 2);
        Unsafe.Add(ref state, 3) = Unsafe.Add(ref te0, (byte)s3) ^ Unsafe.Add(ref te1, (byte)(s0 >> 8))
            ^ Unsafe.Add(ref te2, (byte)(s1 >> 16)) ^ Unsafe.Add(ref te3, (int)(s2 >> 24)) ^ Unsafe.Add(ref key, 3);
    }

    /// <summary>AESENCLAST: no MixColumns.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void EncryptLast(ref uint state, ref uint key)
    {
        ref byte box = ref MemoryMarshal.GetReference(RijndaelTables.SBox.AsSpan());
        uint s0 = state, s1 = Unsafe.Add(ref state, 1), s2 = Unsafe.Add(ref state, 2), s3 = Unsafe.Add(ref state, 3);
        state = Substitute(ref box, s0, s1, s2, s3) ^ key;
        Unsafe.Add(ref state, 1) = Substitute(ref box, s1, s2, s3, s0) ^ Unsafe.Add(ref key, 1);
        Unsafe.Add(ref state, 2) = Substitute(ref box, s2, s3, s0, s1) ^ Unsafe.Add(ref key, 2);
        Unsafe.Add(ref state, 3) = Substitute(ref box, s3, s0, s1, s2) ^ Unsafe.Add(ref key, 3);
    }

    /// <summary>
    /// AESDEC: InvShiftRows moves row r of column c to column c + r, so output column j reads column j - r.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Decrypt(ref uint state, ref uint key)
    {
        ref uint td0 = ref MemoryMarshal.GetReference(RijndaelTables.Td0.AsSpan());
        ref uint td1 = ref MemoryMarshal.GetReference(RijndaelTables.Td1.AsSpan());
        ref uint td2 = ref MemoryMarshal.GetReference(RijndaelTables.Td2.AsSpan());
        ref uint td3 = ref MemoryMarshal.GetReference(RijndaelTables.Td3.AsSpan());
        uint s0 = state, s1 = Unsafe.Add(ref state, 1), s2 = Unsafe.Add(ref state, 2), s3 = Unsafe.Add(ref state, 3);
        state = Unsafe.Add(ref td0, (byte)s0) ^ Unsafe.Add(ref td1, (byte)(s3 >> 8))
            ^ Unsafe.Add(ref td2, (byte)(s2 >> 16)) ^ Unsafe.Add(ref td3, (int)(s1 >> 24)) ^ key;
        Unsafe.Add(ref state, 1) = Unsafe.Add(ref td0, (byte)s1) ^ Unsafe.Add(ref td1, (byte)(s0 >> 8))
            ^ Unsafe.Add(ref td2, (byte)(s3 >> 16)) ^ Unsafe.Add(ref td3, (int)(s2 >> 24)) ^ Unsafe.Add(ref key, 1);
        Unsafe.Add(ref state, 2) = Unsafe.Add(ref td0, (byte)s2) ^ Unsafe.Add(ref td1, (byte)(s1 >> 8))
            ^ Unsafe.Add(ref td2, (byte)(s0 >> 16)) ^ Unsafe.Add(ref td3, (int)(s3 >> 24)) ^ Unsafe.Add(ref key, 2);
        Unsafe.Add(ref state, 3) = Unsafe.Add(ref td0, (byte)s3) ^ Unsafe.Add(ref td1, (byte)(s2 >> 8))
            ^ Unsafe.Add(ref td2, (byte)(s1 >> 16)) ^ Unsafe.Add(ref td3, (int)(s0 >> 24)) ^ Unsafe.Add(ref key, 3);
    }

    /// <summary>AESDECLAST: no InvMixColumns.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void DecryptLast(ref uint state, ref uint key)
    {
        ref byte box = ref MemoryMarshal.GetReference(RijndaelTables.InverseSBox.AsSpan());
        uint s0 = state, s1 = Unsafe.Add(ref state, 1), s2 = Unsafe.Add(ref state, 2), s3 = Unsafe.Add(ref state, 3);
        state = Substitute(ref box, s0, s3, s2, s1) ^ key;
        Unsafe.Add(ref state, 1) = Substitute(ref box, s1, s0, s3, s2) ^ Unsafe.Add(ref key, 1);
        Unsafe.Add(ref state, 2) = Substitute(ref box, s2, s1, s0, s3) ^ Unsafe.Add(ref key, 2);
        Unsafe.Add(ref state, 3) = Substitute(ref box, s3, s2, s1, s0) ^ Unsafe.Add(ref key, 3);
    }

    /// <summary>AESIMC on one column word.</summary>
    public static uint InverseMixColumns(uint column) => RijndaelTables.InverseMixColumn(column);

    /// <summary>S-box on one output column: row r comes from word <c>r</c> of the arguments.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Substitute(ref byte box, uint w0, uint w1, uint w2, uint w3) =>
        Unsafe.Add(ref box, (byte)w0) | ((uint)Unsafe.Add(ref box, (byte)(w1 >> 8)) << 8) |
        ((uint)Unsafe.Add(ref box, (byte)(w2 >> 16)) << 16) | ((uint)Unsafe.Add(ref box, (int)(w3 >> 24)) << 24);
}
