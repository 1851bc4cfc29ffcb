using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// A fact that is reported as skipped, visibly, when the instruction set it tests is missing (or turned off
/// with DOTNET_EnableHWIntrinsic=0). xunit 2.9 has no runtime skip, so the attribute decides at discovery.
/// </summary>
public sealed class X86AesFactAttribute : FactAttribute
{
    public X86AesFactAttribute()
    {
        if (!System.Runtime.Intrinsics.X86.Aes.IsSupported)
        {
            Skip = "AES-NI is not available (or hardware intrinsics are disabled)";
        }
    }
}

public sealed class Avx2AesFactAttribute : FactAttribute
{
    public Avx2AesFactAttribute()
    {
        if (!(System.Runtime.Intrinsics.X86.Aes.IsSupported && System.Runtime.Intrinsics.X86.Avx2.IsSupported))
        {
            Skip = "AES-NI with AVX2 is not available (or hardware intrinsics are disabled)";
        }
    }
}

public sealed class Vector128FactAttribute : FactAttribute
{
    public Vector128FactAttribute()
    {
        if (!System.Runtime.Intrinsics.Vector128.IsHardwareAccelerated)
        {
            Skip = "Vector128 is not hardware accelerated (or hardware intrinsics are disabled)";
        }
    }
}
