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

/// <summary>Runs where either AES instruction set is usable: AES-NI (x86) or the ARMv8 cryptography extension.</summary>
public sealed class AesInstructionsFactAttribute : FactAttribute
{
    public AesInstructionsFactAttribute()
    {
        if (!(AesRoundX86.IsSupported || AesRoundArm.IsSupported))
        {
            Skip = "neither AES-NI nor the ARMv8 AES instructions are available (or hardware intrinsics are disabled)";
        }
    }
}
