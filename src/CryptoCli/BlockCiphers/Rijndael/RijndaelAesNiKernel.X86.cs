using System;
using System.Diagnostics;
using System.Runtime.Intrinsics.X86;

namespace CryptoCli;

/// <summary>
/// Rijndael with 128-bit blocks on AES-NI: the shared AES-instruction kernel (<see cref="RijndaelAesKernel{TAes}"/>)
/// on <see cref="AesRoundX86"/>. SSSE3 is required too, for the CTR counter's byte reversal (pshufb). Constant-time.
/// </summary>
internal sealed class RijndaelAesNiKernel : RijndaelAesKernel<AesRoundX86>, IXtsKernel, IOcbKernel
{
    public RijndaelAesNiKernel(ReadOnlySpan<byte> key)
        : base(key)
    {
        Debug.Assert(IsSupported);
    }

    public static bool IsSupported => AesRoundX86.IsSupported && Ssse3.IsSupported;

    public override string Name => "aesni";
}
