// Camellia (NTT and Mitsubishi Electric, 2000): RFC 3713, ISO/IEC 18033-3, CRYPTREC and NESSIE selected.
// 128-bit block; 128-bit keys (18 rounds) and 192/256-bit keys (24 rounds). Kernels: CamelliaTable32Kernel.cs,
// CamelliaTable64Kernel.cs (P2), CamelliaByteSlicedKernel.X86.cs and CamelliaByteSliced.X86.cs (byte-sliced, S-boxes
// through AES-NI), CamelliaGfniKernel.X86.cs (the same rounds with S-boxes on GFNI, 256- and 512-bit registers).
using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The Camellia block cipher (RFC 3713) with 128-, 192- and 256-bit keys and a 128-bit block. ECB and CBC through
/// <see cref="SymmetricAlgorithm.Mode"/>, counter mode through
/// <see cref="BlockCipherAlgorithm.EncryptCtr(byte[], byte[])"/>, the runtime's one-shots and
/// <see cref="CryptoStream"/>: code written for <c>Aes</c> works by renaming the type.
/// </summary>
/// <remarks>
/// <para>Status: a current standard cipher (Mitsubishi Electric and NTT, 2000): CRYPTREC e-Government recommended
/// cipher, ISO/IEC 18033-3, NESSIE portfolio, RFC 3713. Verified against RFC 3713 and NTT's full
/// known-answer set.</para>
/// <para>Kernels: a 32-bit and a 64-bit table kernel after Asahi et al. (2010), "Fast implementation of CRYPTREC
/// ciphers on 64-bit platforms" (S-boxes folded with the P-function, coinciding subkeys reused by the key schedule),
/// written with Oikawa et al.'s (2008) CLI techniques; and byte-sliced kernels that encrypt 16 blocks at once or more:
/// on .NET 8 or later (not the netstandard2.0 build) with AES-NI, the S-boxes computed through the AES S-box (the
/// design of the Linux kernel's and libgcrypt's camellia-aesni-avx/avx2 code; passes of 32 blocks with AVX2, 16
/// without), and on .NET 10 or later with GFNI, the same rounds with each S-box as two Galois-field affine
/// instructions (the design of Botan's and libgcrypt's GFNI code; passes of 32 blocks in 256-bit registers with
/// AVX2). The first of GFNI with AVX2 and AES-NI that the CPU has is used. A 512-bit GFNI kernel (passes of 64
/// blocks) exists but is never chosen: its time was seen to depend on the data (see the caveats below). Which input
/// takes which kernel, decided per call (per <see cref="ICryptoTransform.TransformBlock"/> call through a transform
/// or <see cref="CryptoStream"/>):</para>
/// <list type="bullet">
/// <item><description>ECB, CTR and CBC decryption with GFNI or AES-NI: the first whole multiple of 16 blocks of the
/// call (256 bytes) on the byte-sliced kernel, constant-time; the remaining 1..15 blocks of the call (and a CTR call's
/// partial last block) on the 64-bit table kernel, not constant-time. So a call of fewer than 16 blocks runs entirely
/// on tables.</description></item>
/// <item><description>CBC encryption (serial): always the 64-bit table kernel, not constant-time.</description></item>
/// <item><description>Without GFNI and AES-NI (netstandard2.0 builds such as .NET Framework, Mono and Unity; other
/// CPUs): every call on the 64-bit table kernel in 64-bit processes and the 32-bit one in 32-bit processes, not
/// constant-time.</description></item>
/// <item><description>Key setup, on every path: the key schedule derives its intermediate keys with the table
/// F-function, so it indexes tables with key bits and is not constant-time.</description></item>
/// </list>
/// <para>Constant-time, in short: only the byte-sliced GFNI and AES-NI kernels (their rounds have no secret-dependent
/// branch or memory index), i.e. the 16-block parts of ECB, CTR and CBC-decryption calls; everything else is
/// table-driven and leaks through the cache.</para>
/// <para>Caveat: the byte-sliced kernels' constant-time claim rests on their machine code (no secret-dependent
/// branch, memory index or spill) and on the repository's timing test. That test once found the AES-NI kernel's time
/// varying slightly with a repeated plaintext while the kernel read and wrote the caller's buffers directly; each
/// batch is now copied into a fixed place on the stack beside its state, a layout with which the test finds no
/// difference. The mechanism is not known. The measurements are in docs/leakage-test.md.</para>
/// <para>Caveat: the 512-bit GFNI kernel, which this type never chooses, ran slightly faster on one CPU when the
/// state entering round 1 was all zero (a plaintext equal to the pre-whitening key); that CPU runs the same
/// instructions faster on all-zero registers in general, and the 256-bit kernel showed no difference on the same
/// input. The measurements are in docs/camellia-gfni.md.</para>
/// </remarks>
public sealed class Camellia : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 256, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(128, 128, 0) };

    /// <summary>
    /// Creates an instance with a 256-bit key (generated on first use) and a 128-bit block, in CBC mode with
    /// PKCS7 padding.
    /// </summary>
    public Camellia()
        : base(s_legalKeySizes, s_legalBlockSizes, 256, 128)
    {
    }

    /// <summary>
    /// Creates an instance with a 256-bit key (generated on first use) and a 128-bit block, in CBC mode with
    /// PKCS7 padding.
    /// </summary>
    public static new Camellia Create() => new();

    /// <summary>
    /// True when calls of 16 blocks or more run on a constant-time byte-sliced kernel (GFNI or AES-NI) in this process.
    /// </summary>
    public static bool IsHardwareAccelerated => Kernels.Select(16).UsesHardware;

    /// <summary>
    /// The kernels, in order of preference. The byte-sliced kernels (GFNI on 256-bit registers, AES-NI) serve calls of
    /// 16 blocks or more and hand shorter calls and tails to the 64-bit table kernel; without them, the table kernel
    /// for the word size of the process (64-bit code on 64-bit platforms, as Asahi et al. (2010) do). GFNI on 512-bit
    /// registers is listed first but never chosen by default: its time was seen to depend on the data where the 256-bit
    /// kernel's did not. It stays for tests and benchmarks. The measurements are in docs/camellia-gfni.md.
    /// </summary>
    internal static readonly BlockCipherKernelRegistry Kernels = new(
#if NET10_0_OR_GREATER
        new BlockCipherKernelEntry("gfni-v512", _ => CamelliaGfniKernel.IsSupported512,
            (key, _) => new CamelliaGfniKernel(key, use512: true), isConstantTime: false, usesHardware: true,
            preference: KernelPreference.TestsAndBenchmarksOnly),
        new BlockCipherKernelEntry("gfni-v256", _ => CamelliaGfniKernel.IsSupported256,
            (key, _) => new CamelliaGfniKernel(key, use512: false), isConstantTime: false, usesHardware: true),
#endif
#if NET
        new BlockCipherKernelEntry("aesni", _ => CamelliaAesNiKernel.IsSupported,
            (key, _) => new CamelliaAesNiKernel(key), isConstantTime: false, usesHardware: true),
#endif
        new BlockCipherKernelEntry("table64", _ => true, (key, _) => new CamelliaTable64Kernel(key),
            preference: KernelPreference.On64BitProcess),
        new BlockCipherKernelEntry("table32", _ => true, (key, _) => new CamelliaTable32Kernel(key),
            preference: KernelPreference.On32BitProcess));

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}
