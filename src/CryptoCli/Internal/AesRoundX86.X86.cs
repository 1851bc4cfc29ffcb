// One AES round on one 128-bit lane with AES-NI (x86), same semantics as the portable AesRound:
// Encrypt = AESENC, EncryptLast = AESENCLAST, Decrypt = AESDEC, DecryptLast = AESDECLAST, InverseMixColumns = AESIMC.
// Plus the 32-bit-lane moves the AES-round designs permute with (P5: punpckldq/punpckhdq and vpblendd).
// .NET 10 exposes no 256-bit VAES intrinsics, so every kernel is built from these 128-bit operations.
// Constant-time.
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli;

internal readonly struct AesRoundX86 : IAesRound
{
    public static bool IsSupported => X86Aes.IsSupported;

    /// <summary>True when the blend-based permutations can use <c>vpblendd</c>.</summary>
    public static bool IsBlendSupported => X86Aes.IsSupported && Avx2.IsSupported;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Encrypt(Vector128<byte> state, Vector128<byte> key) => X86Aes.Encrypt(state, key);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> EncryptLast(Vector128<byte> state, Vector128<byte> key) =>
        X86Aes.EncryptLast(state, key);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Decrypt(Vector128<byte> state, Vector128<byte> key) => X86Aes.Decrypt(state, key);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> DecryptLast(Vector128<byte> state, Vector128<byte> key) =>
        X86Aes.DecryptLast(state, key);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> InverseMixColumns(Vector128<byte> state) => X86Aes.InverseMixColumns(state);

    /// <summary>pshufb with a reversing mask (SSSE3; the AES-NI kernels that use it check for it).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> ReverseBytes(Vector128<byte> state) =>
        Ssse3.Shuffle(state, Vector128.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));

    /// <summary>punpckldq: (a0, b0, a1, b1) in 32-bit words.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> UnpackLow32(Vector128<byte> a, Vector128<byte> b) =>
        Sse2.UnpackLow(a.AsUInt32(), b.AsUInt32()).AsByte();

    /// <summary>punpckhdq: (a2, b2, a3, b3) in 32-bit words.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> UnpackHigh32(Vector128<byte> a, Vector128<byte> b) =>
        Sse2.UnpackHigh(a.AsUInt32(), b.AsUInt32()).AsByte();

    /// <summary>
    /// vpblendd: word j from <paramref name="b"/> where bit j of <paramref name="mask"/> is set, else from
    /// <paramref name="a"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Blend32(Vector128<byte> a, Vector128<byte> b, [ConstantExpected] byte mask) =>
        Avx2.Blend(a.AsUInt32(), b.AsUInt32(), mask).AsByte();

    /// <summary>shufpd with imm 1: (high half of a, low half of b).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> HighLow64(Vector128<byte> a, Vector128<byte> b) =>
        Sse2.Shuffle(a.AsDouble(), b.AsDouble(), 1).AsByte();

    /// <summary>shufpd with imm 2: (low half of a, high half of b).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> LowHigh64(Vector128<byte> a, Vector128<byte> b) =>
        Sse2.Shuffle(a.AsDouble(), b.AsDouble(), 2).AsByte();
}
