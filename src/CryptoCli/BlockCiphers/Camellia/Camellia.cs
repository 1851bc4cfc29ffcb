// Camellia (NTT and Mitsubishi Electric, 2000): RFC 3713, ISO/IEC 18033-3, CRYPTREC and NESSIE selected.
// 128-bit block; 128-bit keys (18 rounds) and 192/256-bit keys (24 rounds). Kernels: CamelliaTable32Kernel.cs,
// CamelliaTable64Kernel.cs (P2), CamelliaByteSlicedKernel.X86.cs and CamelliaByteSliced.X86.cs (byte-sliced, S-boxes through AES-NI),
// CamelliaGfniKernel.X86.cs (the same rounds with S-boxes on GFNI, 256- and 512-bit registers).
using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The Camellia block cipher (RFC 3713) with 128-, 192- and 256-bit keys and a 128-bit block. ECB and CBC through
/// <see cref="SymmetricAlgorithm.Mode"/>, counter mode through <see cref="BlockCipherAlgorithm.EncryptCtr(byte[], byte[])"/>,
/// the runtime's one-shots and <see cref="CryptoStream"/>: code written for <c>Aes</c> works by renaming the type.
/// </summary>
/// <remarks>
/// <para>Status: a current standard cipher (Mitsubishi Electric and NTT, 2000): CRYPTREC e-Government recommended
/// cipher, ISO/IEC 18033-3, NESSIE portfolio, RFC 3713. Verified against RFC 3713 and NTT's full known-answer set.</para>
/// <para>Kernels: a 32-bit and a 64-bit table kernel after Asahi et al. (2010), "Fast implementation of CRYPTREC
/// ciphers on 64-bit platforms" (S-boxes folded with the P-function, coinciding subkeys reused by the key schedule),
/// written with Oikawa et al.'s (2008) CLI techniques; and byte-sliced kernels that encrypt 16 blocks at once or more:
/// on .NET 8 or later (not the netstandard2.0 build) with AES-NI, the S-boxes computed through the AES S-box (the
/// design of the Linux kernel's and libgcrypt's camellia-aesni-avx/avx2 code; passes of 32 blocks with AVX2, 16
/// without), and on .NET 10 or later with GFNI, the same rounds with each S-box as two Galois-field affine
/// instructions (the design of Botan's and libgcrypt's GFNI code; passes of 32 blocks in 256-bit registers with
/// AVX2). The first of GFNI with AVX2 and AES-NI that the CPU has is used. A 512-bit GFNI kernel (passes of 64
/// blocks; on AMD Zen 5 15 to 18 % faster in ECB, -4 to +9 % in CTR) exists but is not used: on Zen 5 its time depended on the data (see
/// the measured caveats below). Which input takes which kernel, decided per call (per <see cref="ICryptoTransform.TransformBlock"/> call
/// through a transform or <see cref="CryptoStream"/>):</para>
/// <list type="bullet">
/// <item><description>ECB, CTR and CBC decryption with GFNI or AES-NI: the first whole multiple of 16 blocks of the
/// call (256 bytes) on the byte-sliced kernel, constant-time; the remaining 1..15 blocks of the call (and a CTR call's
/// partial last block) on the 64-bit table kernel, not constant-time. So a call of fewer than 16 blocks runs entirely
/// on tables.</description></item>
/// <item><description>CBC encryption (serial): always the 64-bit table kernel, not constant-time.</description></item>
/// <item><description>Without GFNI and AES-NI (netstandard2.0 builds such as .NET Framework, Mono and Unity; other CPUs):
/// every call on the 64-bit table kernel in 64-bit processes and the 32-bit one in 32-bit processes, not
/// constant-time.</description></item>
/// <item><description>Key setup, on every path: the key schedule derives its intermediate keys with the table
/// F-function, so it indexes tables with key bits and is not constant-time.</description></item>
/// </list>
/// <para>Constant-time, in short: only the byte-sliced GFNI and AES-NI kernels (their rounds have no secret-dependent
/// branch or memory index), i.e. the 16-block parts of ECB, CTR and CBC-decryption calls; everything else is
/// table-driven and leaks through the cache.</para>
/// <para>Measured caveat: on AMD Zen 3 the repository's timing test (fixed vs random plaintext, 10^6 calls) found the
/// byte-sliced AES-NI kernel's calls slightly faster or slower for a repeated plaintext (under 1 ns on a call of
/// about 800 ns) while the kernel read and wrote the caller's buffers directly; with each batch copied into a fixed
/// place on the stack beside its state, the layout the kernel now uses, its |t| stayed below the test's threshold of
/// 4.5 in repeated runs (one reading of 4.85 did not repeat). The machine code has no secret-dependent branch, memory
/// index or spill; the mechanism is not found (docs/leakage-test.md).</para>
/// <para>Measured caveat, AMD Zen 5: the 512-bit GFNI kernel ran a 128-block call 0.5 to 2 ns faster (of about
/// 1.1 us; |t| 5 to 24 in 14 of 15 processes) when the plaintext equalled the pre-whitening key, so that the state
/// entering round 1 was all zero; a repeated non-zero plaintext and a fixed random one measured below 4.5, as did the
/// 256-bit GFNI kernel on the same input. A probe of the CPU alone (the same XOR and AND instructions on all-zero and
/// on random 512-bit registers) shows zeros running faster too, so the CPU times zero data differently; since that
/// reaches a whole call only at 512 bits here, the 512-bit kernel is never the default.</para>
/// </remarks>
public sealed class Camellia : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 256, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(128, 128, 0) };

    /// <summary>Creates an instance with a 256-bit key (generated on first use) and a 128-bit block, in CBC mode with PKCS7 padding.</summary>
    public Camellia()
        : base(s_legalKeySizes, s_legalBlockSizes, 256, 128)
    {
    }

    /// <summary>Creates an instance with a 256-bit key (generated on first use) and a 128-bit block, in CBC mode with PKCS7 padding.</summary>
    public static new Camellia Create() => new();

    /// <summary>True when calls of 16 blocks or more run on a constant-time byte-sliced kernel (GFNI or AES-NI) in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(16).UsesHardware;

    /// <summary>
    /// The kernels, in order of preference. The byte-sliced kernels (GFNI on 256-bit registers, AES-NI) serve calls of
    /// 16 blocks or more and hand shorter calls and tails to the 64-bit table kernel; without them, the table kernel for
    /// the word size of the process (P2: 64-bit code on 64-bit platforms). GFNI on 512-bit registers is listed first
    /// but never chosen by default: on AMD Zen 5 its time depended on the data (a plaintext equal to the pre-whitening
    /// key, whose state is then all zero, ran 0.5 to 2 ns faster per 128-block call, |t| 5 to 24, where the 256-bit
    /// kernel stayed below 4.5; docs/camellia-gfni.md). It stays for tests and benchmarks.
    /// </summary>
    internal static readonly BlockCipherKernelRegistry Kernels = new(
#if NET10_0_OR_GREATER
        new BlockCipherKernelEntry("gfni-v512", _ => CamelliaGfniKernel.IsSupported512, (key, _) => new CamelliaGfniKernel(key, use512: true),
            isConstantTime: false, usesHardware: true, preference: KernelPreference.TestsAndBenchmarksOnly),
        new BlockCipherKernelEntry("gfni-v256", _ => CamelliaGfniKernel.IsSupported256, (key, _) => new CamelliaGfniKernel(key, use512: false),
            isConstantTime: false, usesHardware: true),
#endif
#if NET
        new BlockCipherKernelEntry("aesni", _ => CamelliaAesNiKernel.IsSupported, (key, _) => new CamelliaAesNiKernel(key),
            isConstantTime: false, usesHardware: true),
#endif
        new BlockCipherKernelEntry("table64", _ => true, (key, _) => new CamelliaTable64Kernel(key), preference: KernelPreference.On64BitProcess),
        new BlockCipherKernelEntry("table32", _ => true, (key, _) => new CamelliaTable32Kernel(key), preference: KernelPreference.On32BitProcess));

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}
