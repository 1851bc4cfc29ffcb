// Hierocrypt-3 (Toshiba; CRYPTREC 2001 candidate, NESSIE submission): 128-bit block, 128/192/256-bit keys.
using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The Hierocrypt-3 block cipher (Toshiba, 2000): 128-bit block, 128-, 192- or 256-bit key, 6, 7 or 8 rounds, a
/// nested SPN (each round applies the XS layer, itself a small SPN with the 8-bit S-box and the MDS_L matrix, to
/// each 32-bit row, then mixes the rows with MDS_H). ECB and CBC through <see cref="SymmetricAlgorithm.Mode"/>,
/// counter mode through <see cref="BlockCipherAlgorithm.EncryptCtr(byte[], byte[])"/>, and the runtime's one-shots.
/// </summary>
/// <remarks>
/// <para>Standard followed: the Hierocrypt-3 specification submitted to CRYPTREC (2001) and NESSIE; block and key
/// are plain byte strings. Verified against the NESSIE test vectors (sets 1-4, three key sizes) and the
/// specification's 256-bit example.</para>
/// <para>Status: Hierocrypt-3 was a CRYPTREC candidate cipher and is not in the current CRYPTREC list of
/// recommended ciphers; it is provided for interoperability with existing data and for research. Prefer AES
/// (<see cref="RijndaelCipher"/>) for new designs.</para>
/// <para>Implementation: the fused tables of Asahi et al. (2010), built at start-up from the algebraic definitions:
/// the S-box and MDS_L fused into four 8-to-32-bit tables, and the S-box and MDS_H fused into the distinct
/// 8-to-64-bit (64-bit kernel) or 8-to-32-bit (32-bit kernel) column tables.</para>
/// <para>Constant-time: no. Every table look-up is indexed by secret data and leaks through the cache.</para>
/// </remarks>
public sealed class Hierocrypt3 : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 256, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(128, 128, 0) };

    /// <summary>
    /// Creates an instance with a 256-bit key (generated on first use) and a 128-bit block, in CBC mode with
    /// PKCS7 padding.
    /// </summary>
    public Hierocrypt3()
        : base(s_legalKeySizes, s_legalBlockSizes, 256, 128)
    {
    }

    /// <summary>
    /// Creates an instance with a 256-bit key (generated on first use) and a 128-bit block, in CBC mode with
    /// PKCS7 padding.
    /// </summary>
    public static new Hierocrypt3 Create() => new();

    /// <summary>False: every kernel is table-driven integer code.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(16).UsesHardware;

    // P2's conclusion, which our benchmark repeats: 64-bit words win in a 64-bit process.
    internal static readonly BlockCipherKernelRegistry Kernels = new(
        new BlockCipherKernelEntry("table64", _ => true, (key, _) => new Hierocrypt3Table64Kernel(key),
            preference: KernelPreference.On64BitProcess),
        new BlockCipherKernelEntry("table32", _ => true, (key, _) => new Hierocrypt3Table32Kernel(key),
            preference: KernelPreference.On32BitProcess),
        new BlockCipherKernelEntry("reference", _ => true, (key, _) => new Hierocrypt3ReferenceKernel(key),
            preference: KernelPreference.TestsAndBenchmarksOnly));

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}
