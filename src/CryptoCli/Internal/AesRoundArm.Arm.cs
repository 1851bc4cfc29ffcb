// One AES round on one 128-bit lane with the ARMv8 cryptography extension, with the x86 semantics of AesRound:
// AESE XORs the key FIRST, then SubBytes and ShiftRows, and AESMC is a separate MixColumns, so
//   AESENC(x, k)    = AESMC(AESE(x, 0)) ^ k        AESENCLAST(x, k) = AESE(x, 0) ^ k
//   AESDEC(x, k)    = AESIMC(AESD(x, 0)) ^ k       AESDECLAST(x, k) = AESD(x, 0) ^ k
// Constant-time. Compiled, but not run on this project's x86 machines.
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using ArmAes = System.Runtime.Intrinsics.Arm.Aes;

namespace CryptoCli;

internal readonly struct AesRoundArm : IAesRound
{
    public static bool IsSupported => ArmAes.IsSupported && AdvSimd.Arm64.IsSupported;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Encrypt(Vector128<byte> state, Vector128<byte> key) =>
        ArmAes.MixColumns(ArmAes.Encrypt(state, Vector128<byte>.Zero)) ^ key;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> EncryptLast(Vector128<byte> state, Vector128<byte> key) =>
        ArmAes.Encrypt(state, Vector128<byte>.Zero) ^ key;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Decrypt(Vector128<byte> state, Vector128<byte> key) =>
        ArmAes.InverseMixColumns(ArmAes.Decrypt(state, Vector128<byte>.Zero)) ^ key;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> DecryptLast(Vector128<byte> state, Vector128<byte> key) =>
        ArmAes.Decrypt(state, Vector128<byte>.Zero) ^ key;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> InverseMixColumns(Vector128<byte> state) => ArmAes.InverseMixColumns(state);

    /// <summary>tbl with a reversing index vector.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> ReverseBytes(Vector128<byte> state) =>
        AdvSimd.Arm64.VectorTableLookup(state,
            Vector128.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));

    /// <summary>zip1 on 32-bit lanes = x86 punpckldq: (a0, b0, a1, b1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> UnpackLow32(Vector128<byte> a, Vector128<byte> b) =>
        AdvSimd.Arm64.ZipLow(a.AsUInt32(), b.AsUInt32()).AsByte();

    /// <summary>zip2 on 32-bit lanes = x86 punpckhdq: (a2, b2, a3, b3).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> UnpackHigh32(Vector128<byte> a, Vector128<byte> b) =>
        AdvSimd.Arm64.ZipHigh(a.AsUInt32(), b.AsUInt32()).AsByte();
}
