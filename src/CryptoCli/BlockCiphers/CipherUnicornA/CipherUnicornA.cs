// CIPHERUNICORN-A (NEC, CRYPTREC 2000-2003): 128-bit block, 128/192/256-bit keys, 16 Feistel rounds with modular
// whitening. Public type; kernels in CipherUnicornAKernel.cs (fast, P2's 8->32 T table),
// Internal/Bmi1ByteExtractor.X86.cs
// (BMI1 byte extraction) and CipherUnicornAReferenceKernel.cs (straightforward, for tests). Vectors: consistency
// vectors from two public implementations (tests/CryptoCli.Tests/Vectors/cipherunicorna), not from the specification.
using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// CIPHERUNICORN-A (NEC), a 128-bit block cipher with 128-, 192- and 256-bit keys: a 16-round Feistel network on
/// big-endian 32-bit words with modular whitening, multiplications mod 2^32 and data-dependent S-box selection.
/// ECB and CBC through <see cref="SymmetricAlgorithm.Mode"/>, counter mode through
/// <see cref="BlockCipherAlgorithm.EncryptCtr(byte[], byte[])"/>, and the runtime's one-shots.
/// </summary>
/// <remarks>
/// <para>Status: listed by CRYPTREC in 2003 and moved to its "candidate" list in 2013; kept for interoperability and
/// research. Prefer AES for new designs.</para>
/// <para><b>Test vectors are not from the specification.</b> The CRYPTREC specification (07_02espec.pdf) and its
/// appendix of test data could not be obtained. This implementation follows Robshaw's CRYPTREC review (2001) and
/// reproduces consistency vectors produced by two independent public implementations (a C code lineage and
/// Jither's cryptopunk) that agree with each other on every vector. The key schedule details (the three dummy
/// passes, extraction order, 192-bit keys), the whitening order and the round structure rest on that code
/// lineage, not on a check against the specification: ciphertexts may not interoperate with NEC's reference.</para>
/// <para>Implementation: the fast technique of Asahi et al. (2010) (T_n folded into one 8-bit-in, 32-bit-out table,
/// generated at start-up from the S-boxes' algebraic definitions) with Oikawa et al.'s (2008) CLI techniques. Not
/// constant-time: the table look-ups and the data-dependent choice of T_n's byte position depend on secret data
/// (cache timing).</para>
/// </remarks>
public sealed class CipherUnicornA : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 256, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(128, 128, 0) };

    /// <summary>
    /// Creates an instance with a 256-bit key (generated on first use) and a 128-bit block, in CBC mode with
    /// PKCS7 padding.
    /// </summary>
    public CipherUnicornA()
        : base(s_legalKeySizes, s_legalBlockSizes, 256, 128)
    {
    }

    /// <summary>
    /// Creates an instance with a 256-bit key (generated on first use) and a 128-bit block, in CBC mode with
    /// PKCS7 padding.
    /// </summary>
    public static new CipherUnicornA Create() => new();

    /// <summary>False: BMI1's BEXTR extracts table indices, which is not counted as a hardware cipher path.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(16).UsesHardware;

    internal static readonly BlockCipherKernelRegistry Kernels = new(
#if NET
        new BlockCipherKernelEntry("table32-bmi1", _ => System.Runtime.Intrinsics.X86.Bmi1.IsSupported,
            (key, _) => new CipherUnicornAKernel<Bmi1ByteExtractor>(key)),
#endif
        new BlockCipherKernelEntry("table32", _ => true, (key, _) => new CipherUnicornAKernel<ShiftByteExtractor>(key)),
        new BlockCipherKernelEntry("reference", _ => true, (key, _) => new CipherUnicornAReferenceKernel(key),
            preference: KernelPreference.TestsAndBenchmarksOnly));

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}
