using System;
using System.Diagnostics;

namespace CryptoCli;

/// <summary>
/// Rijndael with 128-bit blocks on the ARMv8 cryptography extension: the shared AES-instruction kernel
/// (<see cref="RijndaelAesKernel{TAes}"/>, with its 8-block interleaving and CBC/CTR/XTS/OCB fusions) on
/// <see cref="AesRoundArm"/>, which gives AESE/AESMC the x86 round semantics (one extra XOR per round: AESE XORs the
/// key before SubBytes, AESENC after MixColumns). Little-endian only: the kernel moves words between vectors and
/// integers in host order. Constant-time.
/// </summary>
internal sealed class RijndaelArmKernel : RijndaelAesKernel<AesRoundArm>, IXtsKernel, IOcbKernel
{
    public RijndaelArmKernel(ReadOnlySpan<byte> key)
        : base(key)
    {
        Debug.Assert(IsSupported);
    }

    public static bool IsSupported => AesRoundArm.IsSupported && BitConverter.IsLittleEndian;

    public override string Name => "armv8";
}
