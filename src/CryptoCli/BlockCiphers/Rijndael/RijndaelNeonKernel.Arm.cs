using System;
using System.Diagnostics;

namespace CryptoCli;

/// <summary>
/// Rijndael with 128-bit blocks on 64-bit Arm AdvSimd without the AES instructions: the vector-permute kernel
/// (<see cref="RijndaelVectorPermuteKernel{TShuffle}"/>) on tbl. Constant-time. Compiled, but not run on this
/// project's x86 machines.
/// </summary>
internal sealed class RijndaelNeonKernel : RijndaelVectorPermuteKernel<ByteShuffleArm>
{
    public RijndaelNeonKernel(ReadOnlySpan<byte> key)
        : base(key)
    {
        Debug.Assert(IsSupported);
    }

    public static bool IsSupported => ByteShuffleArm.IsSupported;
}
