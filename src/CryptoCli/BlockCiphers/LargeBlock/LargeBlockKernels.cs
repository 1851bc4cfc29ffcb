// The large-state block ciphers of Shiba, Sakamoto, Isobe 2021 (P5): the public types. Construction, key schedule
// (our choice) and inverse in LargeBlockDefinition.cs; kernels in LargeBlockPortableKernel.cs / .X86.cs.
using System;
using System.Security.Cryptography;
#if NET
using System.Diagnostics.CodeAnalysis;
#endif

namespace CryptoCli;

/// <summary>Picks the kernel of a construction once per key.</summary>
internal static class LargeBlockKernels
{
    /// <summary>The diagnostic id of the research constructions' <c>[Experimental]</c> attribute.</summary>
    public const string ExperimentalDiagnosticId = "CRYPTOCLI001";

    /// <summary>The one legal key and block size of the 256-bit constructions.</summary>
    public static readonly KeySizes[] LegalSizes256 = { new KeySizes(256, 256, 0) };

    /// <summary>The one legal key and block size of the 512-bit constructions.</summary>
    public static readonly KeySizes[] LegalSizes512 = { new KeySizes(512, 512, 0) };

    /// <summary>The kernels of one construction, in order of preference.</summary>
    public static BlockCipherKernelRegistry CreateRegistry(LargeBlockDefinition definition) => new(
#if NET
        new BlockCipherKernelEntry("aesni", _ => LargeBlockAesNiKernel.IsSupported(definition),
            (key, _) => LargeBlockAesNiKernel.Create(definition, key), isConstantTime: true, usesHardware: true),
#endif
        new BlockCipherKernelEntry("portable", _ => true, (key, _) => new LargeBlockPortableKernel(definition, key)));
}

/// <summary>
/// RESEARCH CONSTRUCTION LargeBlock256-OneRound-Unpack: a 256-bit block cipher with a 256-bit key (Shiba, Sakamoto,
/// Isobe 2021, "Efficient constructions of large-state block ciphers using AES-NI"), the one-round construction with
/// permutation π8u: r = 6 AES rounds on l = 2 parallel 128-bit lanes, a 32-bit-word permutation after every AES round
/// (5 in all, built from punpckldq/punpckhdq (Sse2.UnpackLow/UnpackHigh on 32-bit lanes, as in Haraka v2)), the last
/// round without MixColumns and without permutation; at least 43 active S-boxes.
/// </summary>
/// <include file="LargeBlockDocs.xml" path="docs/remarks"/>
#if NET
[Experimental(LargeBlockKernels.ExperimentalDiagnosticId)]
#endif
public sealed class LargeBlock256OneRoundUnpack : BlockCipherAlgorithm
{
    internal static readonly BlockCipherKernelRegistry Kernels =
        LargeBlockKernels.CreateRegistry(LargeBlockDefinition.OneRound256Unpack);

    /// <summary>Creates an instance with a 256-bit key (generated on first use) and a 256-bit block, in CBC mode
    /// with PKCS7 padding.</summary>
    public LargeBlock256OneRoundUnpack()
        : base(LargeBlockKernels.LegalSizes256, LargeBlockKernels.LegalSizes256, 256, 256)
    {
    }

    /// <inheritdoc cref="LargeBlock256OneRoundUnpack()"/>
    /// <returns>A new instance.</returns>
    public static new LargeBlock256OneRoundUnpack Create() => new();

    /// <summary>True when this construction runs on AES-NI in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(32).UsesHardware;

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}

/// <summary>
/// RESEARCH CONSTRUCTION LargeBlock256-OneRound-Blend: a 256-bit block cipher with a 256-bit key (Shiba, Sakamoto,
/// Isobe 2021, "Efficient constructions of large-state block ciphers using AES-NI"), the one-round construction with
/// permutation π8b: r = 6 AES rounds on l = 2 parallel 128-bit lanes, a 32-bit-word permutation after every AES round
/// (5 in all, built from vpblendd (Avx2.Blend on 32-bit lanes, as in Pholkos)), the last round without MixColumns and
/// without permutation; at least 43 active S-boxes.
/// </summary>
/// <include file="LargeBlockDocs.xml" path="docs/remarks"/>
#if NET
[Experimental(LargeBlockKernels.ExperimentalDiagnosticId)]
#endif
public sealed class LargeBlock256OneRoundBlend : BlockCipherAlgorithm
{
    internal static readonly BlockCipherKernelRegistry Kernels =
        LargeBlockKernels.CreateRegistry(LargeBlockDefinition.OneRound256Blend);

    /// <summary>Creates an instance with a 256-bit key (generated on first use) and a 256-bit block, in CBC mode
    /// with PKCS7 padding.</summary>
    public LargeBlock256OneRoundBlend()
        : base(LargeBlockKernels.LegalSizes256, LargeBlockKernels.LegalSizes256, 256, 256)
    {
    }

    /// <inheritdoc cref="LargeBlock256OneRoundBlend()"/>
    /// <returns>A new instance.</returns>
    public static new LargeBlock256OneRoundBlend Create() => new();

    /// <summary>True when this construction runs on AES-NI with AVX2 in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(32).UsesHardware;

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}

/// <summary>
/// RESEARCH CONSTRUCTION LargeBlock256-TwoRound-Unpack: a 256-bit block cipher with a 256-bit key (Shiba, Sakamoto,
/// Isobe 2021, "Efficient constructions of large-state block ciphers using AES-NI"), the two-round construction with
/// permutation π8u: r = 7 AES rounds on l = 2 parallel 128-bit lanes, a 32-bit-word permutation after every two AES
/// rounds (3 in all, built from punpckldq/punpckhdq (Sse2.UnpackLow/UnpackHigh on 32-bit lanes, as in Haraka v2)), the
/// last round without MixColumns and without permutation; at least 43 active S-boxes.
/// </summary>
/// <include file="LargeBlockDocs.xml" path="docs/remarks"/>
#if NET
[Experimental(LargeBlockKernels.ExperimentalDiagnosticId)]
#endif
public sealed class LargeBlock256TwoRoundUnpack : BlockCipherAlgorithm
{
    internal static readonly BlockCipherKernelRegistry Kernels =
        LargeBlockKernels.CreateRegistry(LargeBlockDefinition.TwoRound256Unpack);

    /// <summary>Creates an instance with a 256-bit key (generated on first use) and a 256-bit block, in CBC mode
    /// with PKCS7 padding.</summary>
    public LargeBlock256TwoRoundUnpack()
        : base(LargeBlockKernels.LegalSizes256, LargeBlockKernels.LegalSizes256, 256, 256)
    {
    }

    /// <inheritdoc cref="LargeBlock256TwoRoundUnpack()"/>
    /// <returns>A new instance.</returns>
    public static new LargeBlock256TwoRoundUnpack Create() => new();

    /// <summary>True when this construction runs on AES-NI in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(32).UsesHardware;

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}

/// <summary>
/// RESEARCH CONSTRUCTION LargeBlock256-TwoRound-Blend: a 256-bit block cipher with a 256-bit key (Shiba, Sakamoto,
/// Isobe 2021, "Efficient constructions of large-state block ciphers using AES-NI"), the two-round construction with
/// permutation π8b: r = 7 AES rounds on l = 2 parallel 128-bit lanes, a 32-bit-word permutation after every two AES
/// rounds (3 in all, built from vpblendd (Avx2.Blend on 32-bit lanes, as in Pholkos)), the last round without
/// MixColumns and without permutation; at least 43 active S-boxes.
/// </summary>
/// <include file="LargeBlockDocs.xml" path="docs/remarks"/>
#if NET
[Experimental(LargeBlockKernels.ExperimentalDiagnosticId)]
#endif
public sealed class LargeBlock256TwoRoundBlend : BlockCipherAlgorithm
{
    internal static readonly BlockCipherKernelRegistry Kernels =
        LargeBlockKernels.CreateRegistry(LargeBlockDefinition.TwoRound256Blend);

    /// <summary>Creates an instance with a 256-bit key (generated on first use) and a 256-bit block, in CBC mode
    /// with PKCS7 padding.</summary>
    public LargeBlock256TwoRoundBlend()
        : base(LargeBlockKernels.LegalSizes256, LargeBlockKernels.LegalSizes256, 256, 256)
    {
    }

    /// <inheritdoc cref="LargeBlock256TwoRoundBlend()"/>
    /// <returns>A new instance.</returns>
    public static new LargeBlock256TwoRoundBlend Create() => new();

    /// <summary>True when this construction runs on AES-NI with AVX2 in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(32).UsesHardware;

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}

/// <summary>
/// RESEARCH CONSTRUCTION LargeBlock512-OneRound-Unpack: a 512-bit block cipher with a 512-bit key (Shiba, Sakamoto,
/// Isobe 2021, "Efficient constructions of large-state block ciphers using AES-NI"), the one-round construction with
/// permutation π16u: r = 10 AES rounds on l = 4 parallel 128-bit lanes, a 32-bit-word permutation after every AES round
/// (9 in all, built from punpckldq/punpckhdq (Sse2.UnpackLow/UnpackHigh on 32-bit lanes, as in Haraka v2)), the last
/// round without MixColumns and without permutation; at least 86 active S-boxes.
/// </summary>
/// <include file="LargeBlockDocs.xml" path="docs/remarks"/>
#if NET
[Experimental(LargeBlockKernels.ExperimentalDiagnosticId)]
#endif
public sealed class LargeBlock512OneRoundUnpack : BlockCipherAlgorithm
{
    internal static readonly BlockCipherKernelRegistry Kernels =
        LargeBlockKernels.CreateRegistry(LargeBlockDefinition.OneRound512Unpack);

    /// <summary>Creates an instance with a 512-bit key (generated on first use) and a 512-bit block, in CBC mode
    /// with PKCS7 padding.</summary>
    public LargeBlock512OneRoundUnpack()
        : base(LargeBlockKernels.LegalSizes512, LargeBlockKernels.LegalSizes512, 512, 512)
    {
    }

    /// <inheritdoc cref="LargeBlock512OneRoundUnpack()"/>
    /// <returns>A new instance.</returns>
    public static new LargeBlock512OneRoundUnpack Create() => new();

    /// <summary>True when this construction runs on AES-NI in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(64).UsesHardware;

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}

/// <summary>
/// RESEARCH CONSTRUCTION LargeBlock512-OneRound-Blend: a 512-bit block cipher with a 512-bit key (Shiba, Sakamoto,
/// Isobe 2021, "Efficient constructions of large-state block ciphers using AES-NI"), the one-round construction with
/// permutation π16b: r = 8 AES rounds on l = 4 parallel 128-bit lanes, a 32-bit-word permutation after every AES round
/// (7 in all, built from vpblendd (Avx2.Blend on 32-bit lanes, as in Pholkos)), the last round without MixColumns and
/// without permutation; at least 86 active S-boxes.
/// </summary>
/// <include file="LargeBlockDocs.xml" path="docs/remarks"/>
#if NET
[Experimental(LargeBlockKernels.ExperimentalDiagnosticId)]
#endif
public sealed class LargeBlock512OneRoundBlend : BlockCipherAlgorithm
{
    internal static readonly BlockCipherKernelRegistry Kernels =
        LargeBlockKernels.CreateRegistry(LargeBlockDefinition.OneRound512Blend);

    /// <summary>Creates an instance with a 512-bit key (generated on first use) and a 512-bit block, in CBC mode
    /// with PKCS7 padding.</summary>
    public LargeBlock512OneRoundBlend()
        : base(LargeBlockKernels.LegalSizes512, LargeBlockKernels.LegalSizes512, 512, 512)
    {
    }

    /// <inheritdoc cref="LargeBlock512OneRoundBlend()"/>
    /// <returns>A new instance.</returns>
    public static new LargeBlock512OneRoundBlend Create() => new();

    /// <summary>True when this construction runs on AES-NI with AVX2 in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(64).UsesHardware;

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}

/// <summary>
/// RESEARCH CONSTRUCTION LargeBlock512-TwoRound-Unpack: a 512-bit block cipher with a 512-bit key (Shiba, Sakamoto,
/// Isobe 2021, "Efficient constructions of large-state block ciphers using AES-NI"), the two-round construction with
/// permutation π16u: r = 9 AES rounds on l = 4 parallel 128-bit lanes, a 32-bit-word permutation after every two AES
/// rounds (4 in all, built from punpckldq/punpckhdq (Sse2.UnpackLow/UnpackHigh on 32-bit lanes, as in Haraka v2)), the
/// last round without MixColumns and without permutation; at least 86 active S-boxes.
/// </summary>
/// <include file="LargeBlockDocs.xml" path="docs/remarks"/>
#if NET
[Experimental(LargeBlockKernels.ExperimentalDiagnosticId)]
#endif
public sealed class LargeBlock512TwoRoundUnpack : BlockCipherAlgorithm
{
    internal static readonly BlockCipherKernelRegistry Kernels =
        LargeBlockKernels.CreateRegistry(LargeBlockDefinition.TwoRound512Unpack);

    /// <summary>Creates an instance with a 512-bit key (generated on first use) and a 512-bit block, in CBC mode
    /// with PKCS7 padding.</summary>
    public LargeBlock512TwoRoundUnpack()
        : base(LargeBlockKernels.LegalSizes512, LargeBlockKernels.LegalSizes512, 512, 512)
    {
    }

    /// <inheritdoc cref="LargeBlock512TwoRoundUnpack()"/>
    /// <returns>A new instance.</returns>
    public static new LargeBlock512TwoRoundUnpack Create() => new();

    /// <summary>True when this construction runs on AES-NI in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(64).UsesHardware;

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}

/// <summary>
/// RESEARCH CONSTRUCTION LargeBlock512-TwoRound-Blend: a 512-bit block cipher with a 512-bit key (Shiba, Sakamoto,
/// Isobe 2021, "Efficient constructions of large-state block ciphers using AES-NI"), the two-round construction with
/// permutation π16b: r = 9 AES rounds on l = 4 parallel 128-bit lanes, a 32-bit-word permutation after every two AES
/// rounds (4 in all, built from vpblendd (Avx2.Blend on 32-bit lanes, as in Pholkos)), the last round without
/// MixColumns and without permutation; at least 86 active S-boxes.
/// </summary>
/// <include file="LargeBlockDocs.xml" path="docs/remarks"/>
#if NET
[Experimental(LargeBlockKernels.ExperimentalDiagnosticId)]
#endif
public sealed class LargeBlock512TwoRoundBlend : BlockCipherAlgorithm
{
    internal static readonly BlockCipherKernelRegistry Kernels =
        LargeBlockKernels.CreateRegistry(LargeBlockDefinition.TwoRound512Blend);

    /// <summary>Creates an instance with a 512-bit key (generated on first use) and a 512-bit block, in CBC mode
    /// with PKCS7 padding.</summary>
    public LargeBlock512TwoRoundBlend()
        : base(LargeBlockKernels.LegalSizes512, LargeBlockKernels.LegalSizes512, 512, 512)
    {
    }

    /// <inheritdoc cref="LargeBlock512TwoRoundBlend()"/>
    /// <returns>A new instance.</returns>
    public static new LargeBlock512TwoRoundBlend Create() => new();

    /// <summary>True when this construction runs on AES-NI with AVX2 in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(64).UsesHardware;

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}
