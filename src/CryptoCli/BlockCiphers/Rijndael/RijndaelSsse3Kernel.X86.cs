using System;
using System.Diagnostics;

namespace CryptoCli;

/// <summary>
/// Rijndael with 128-bit blocks on SSSE3 without AES-NI: the vector-permute kernel
/// (<see cref="RijndaelVectorPermuteKernel{TShuffle}"/>) on pshufb. Constant-time.
/// </summary>
internal sealed class RijndaelSsse3Kernel : RijndaelVectorPermuteKernel<ByteShuffleX86>
{
    public RijndaelSsse3Kernel(ReadOnlySpan<byte> key)
        : base(key)
    {
        Debug.Assert(IsSupported);
    }

    public static bool IsSupported => ByteShuffleX86.IsSupported;
}
