using System;
using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Every file of Vectors/gcm (NIST CAVP with FAIL records and odd nonce lengths for 128- and 256-bit keys, Mbed TLS's
/// selection of NIST's AES-GCM validation vectors for 192- and 256-bit keys, Wycheproof AES-GCM, the Camellia-GCM
/// examples of draft-kato-ipsec-camellia-gcm), Vectors/cmac
/// (RFC 4493 / SP 800-38B, Wycheproof AES-CMAC and Camellia-CMAC) and Vectors/keywrap (RFC 3394, RFC 5649, RFC 3657,
/// Wycheproof AES-KW, AES-KWP and Camellia-KW): the checks shared with the Mono runner
/// (tests/CryptoCli.VectorChecks/AuthenticatedVectorChecks.cs). GCM runs every AES (or Camellia) kernel and every GHASH kernel,
/// every pair of them on the Wycheproof file.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class AuthenticatedVectorTests
{
    [Fact]
    public void Gcm_AllVectorFiles_EveryKernelPair() =>
        new GcmVectorChecks(key => RijndaelKernels.All(key, 16), CamelliaKernels.All, GHashKernels.Factories).CheckEveryFile();

    [Fact]
    public void Cmac_AllVectorFiles() => new CmacVectorChecks().CheckEveryFile();

    [Fact]
    public void KeyWrap_AllVectorFiles() => new KeyWrapVectorChecks().CheckEveryFile();
}

/// <summary>Every GHASH kernel of the registry that can run in this process (the portable one always, last).</summary>
internal static class GHashKernels
{
    public static IReadOnlyList<Func<byte[], GHashKernel>> Factories =>
        FamilyKernels.Supported(GHashKernel.Kernels).Select(e => e.Create).ToArray();
}

/// <summary>Skipped, visibly, when no carry-less multiply instruction is available (or intrinsics are off).</summary>
public sealed class CarrylessMultiplyFactAttribute : FactAttribute
{
    public CarrylessMultiplyFactAttribute()
    {
        if (!GHashKernel.IsHardwareAccelerated)
        {
            Skip = "no PCLMULQDQ or PMULL (or hardware intrinsics are disabled): only the portable GHASH kernel can run";
        }
    }
}

/// <summary>Skipped, visibly, when 256-bit VPCLMULQDQ with AVX2 is unavailable.</summary>
public sealed class Vpclmul256FactAttribute : FactAttribute
{
    public Vpclmul256FactAttribute()
    {
        if (!GHashVpclmul256Kernel.IsSupported)
        {
            Skip = "no VPCLMULQDQ with AVX2 (or hardware intrinsics are disabled)";
        }
    }
}
