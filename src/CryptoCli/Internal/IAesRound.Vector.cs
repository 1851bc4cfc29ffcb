// The hardware AES-round backends (AesRoundX86, AesRoundArm) behind one interface, so a kernel written once as
// a generic method over a struct backend is specialised and inlined by the JIT for each instruction set.
// Semantics are x86's: Encrypt = AESENC (SubBytes, ShiftRows, MixColumns, XOR key), and so on.
using System.Runtime.Intrinsics;

namespace CryptoCli;

internal interface IAesRound
{
    public static abstract Vector128<byte> Encrypt(Vector128<byte> state, Vector128<byte> key);

    public static abstract Vector128<byte> EncryptLast(Vector128<byte> state, Vector128<byte> key);

    public static abstract Vector128<byte> Decrypt(Vector128<byte> state, Vector128<byte> key);

    public static abstract Vector128<byte> DecryptLast(Vector128<byte> state, Vector128<byte> key);

    public static abstract Vector128<byte> InverseMixColumns(Vector128<byte> state);

    /// <summary>
    /// The 16 bytes in reverse order (x86 pshufb, Arm tbl): a little-endian (low, high) pair of words becomes a
    /// big-endian 128-bit integer.
    /// </summary>
    public static abstract Vector128<byte> ReverseBytes(Vector128<byte> state);

    /// <summary>(a0, b0, a1, b1) in 32-bit words (x86 punpckldq, Arm zip1).</summary>
    public static abstract Vector128<byte> UnpackLow32(Vector128<byte> a, Vector128<byte> b);

    /// <summary>(a2, b2, a3, b3) in 32-bit words (x86 punpckhdq, Arm zip2).</summary>
    public static abstract Vector128<byte> UnpackHigh32(Vector128<byte> a, Vector128<byte> b);
}
