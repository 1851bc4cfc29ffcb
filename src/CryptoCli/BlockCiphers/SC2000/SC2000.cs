// SC2000 (Fujitsu; CRYPTREC 2001 candidate, NESSIE submission): 128-bit block, 128/192/256-bit keys.
using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The SC2000 block cipher (Fujitsu, 2000): 128-bit block, 128-, 192- or 256-bit key, 6.5 rounds for 128-bit keys
/// and 7.5 rounds for longer keys, each round I-B-I-R-R (key XOR, a bitsliced 4-bit S-box layer, key XOR, two
/// Feistel rounds). ECB and CBC through <see cref="SymmetricAlgorithm.Mode"/>, counter mode through
/// <see cref="BlockCipherAlgorithm.EncryptCtr(byte[], byte[])"/>, and the runtime's one-shots.
/// </summary>
/// <remarks>
/// <para>Standard followed: the SC2000 specification submitted to CRYPTREC (2001) and NESSIE; key and block are
/// big-endian 32-bit words, and 128/192-bit keys are wrapped to 256 bits (not zero-padded). Verified against the
/// NESSIE test vectors and the CRYPTREC specification's example.</para>
/// <para>Status: SC2000 was a CRYPTREC candidate cipher and is not in the current CRYPTREC list of recommended
/// ciphers; it is provided for interoperability with existing data and for research. Prefer AES
/// (<see cref="RijndaelCipher"/>) for new designs.</para>
/// <para>Implementation: the fused-table kernel of Asahi et al. (2010): the I-B-I sequence and each pair of
/// R rounds fused with the half swap made a renaming, B bitsliced on the four words, and the 6-5-5-5-5-6-bit
/// S layer merged into 11-10-11-bit look-ups that include the linear layer M (20 KiB of tables, built at
/// start-up from the specification's S-boxes and matrix).</para>
/// <para>Constant-time: no. The F function's table look-ups are indexed by secret data and leak through the
/// cache; the B layer alone is constant-time.</para>
/// </remarks>
public sealed class SC2000 : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(128, 256, 64) };
    private static readonly KeySizes[] s_legalBlockSizes = { new KeySizes(128, 128, 0) };

    /// <summary>
    /// Creates an instance with a 256-bit key (generated on first use) and a 128-bit block, in CBC mode with
    /// PKCS7 padding.
    /// </summary>
    public SC2000()
        : base(s_legalKeySizes, s_legalBlockSizes, 256, 128)
    {
    }

    /// <summary>
    /// Creates an instance with a 256-bit key (generated on first use) and a 128-bit block, in CBC mode with
    /// PKCS7 padding.
    /// </summary>
    public static new SC2000 Create() => new();

    /// <summary>False: every kernel is table-driven integer code.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(16).UsesHardware;

    internal static readonly BlockCipherKernelRegistry Kernels = new(
        new BlockCipherKernelEntry("fused", _ => true, (key, _) => new SC2000FusedKernel(key)),
        new BlockCipherKernelEntry("reference", _ => true, (key, _) => new SC2000ReferenceKernel(key),
            preference: KernelPreference.TestsAndBenchmarksOnly));

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}
