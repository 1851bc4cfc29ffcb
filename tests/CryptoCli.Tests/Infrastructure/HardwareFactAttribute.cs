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

public sealed class Ssse3FactAttribute : FactAttribute
{
    public Ssse3FactAttribute()
    {
        if (!System.Runtime.Intrinsics.X86.Ssse3.IsSupported)
        {
            Skip = "SSSE3 is not available (or hardware intrinsics are disabled)";
        }
    }
}

public sealed class Avx2FactAttribute : FactAttribute
{
    public Avx2FactAttribute()
    {
        if (!System.Runtime.Intrinsics.X86.Avx2.IsSupported)
        {
            Skip = "AVX2 is not available (or hardware intrinsics are disabled)";
        }
    }
}

/// <summary>Runs where Camellia's 256-bit GFNI kernel runs (GFNI on 128 and 256 bits, AVX2, SSSE3).</summary>
public sealed class GfniV256FactAttribute : FactAttribute
{
    public GfniV256FactAttribute()
    {
        if (!CamelliaGfniKernel.IsSupported256)
        {
            Skip = "GFNI on 256-bit registers (Gfni.V256, with AVX2) is not available on this CPU (or hardware intrinsics are disabled); "
                + "the GFNI rounds are still tested here on a software model of the instructions";
        }
    }
}

/// <summary>Runs where Camellia's 512-bit GFNI kernel runs (Gfni.V512 with AVX512BW, and the 256-bit kernel's instructions).</summary>
public sealed class GfniV512FactAttribute : FactAttribute
{
    public GfniV512FactAttribute()
    {
        if (!CamelliaGfniKernel.IsSupported512)
        {
            Skip = "GFNI on 512-bit registers (Gfni.V512, with AVX512BW) is not available on this CPU (or hardware intrinsics are disabled); "
                + "the GFNI rounds are still tested here on a software model of the instructions";
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

/// <summary>
/// A fact about the machine code of the optimised library (what ships), reported as skipped when the library under
/// test is a Debug build: with the JIT optimiser off, every struct local gets unoptimised temporary copies in frames
/// the library does not control, so a stack scan measures the Debug JIT, not the code. `.ci/run` runs these facts
/// on the Release build as a step of their own.
/// </summary>
public sealed class OptimizedLibraryFactAttribute : FactAttribute
{
    public OptimizedLibraryFactAttribute()
    {
        var debuggable = (System.Diagnostics.DebuggableAttribute?)System.Attribute.GetCustomAttribute(
            typeof(ECDsaSecp192r1).Assembly, typeof(System.Diagnostics.DebuggableAttribute));
        if (debuggable is not null && debuggable.IsJITOptimizerDisabled)
        {
            Skip = "the library under test is a Debug build (JIT optimiser off); run with -c Release (.ci/run does)";
        }
    }
}
