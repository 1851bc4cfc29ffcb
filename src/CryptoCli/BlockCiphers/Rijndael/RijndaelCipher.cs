using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Rijndael with every block size and key size of the original proposal: 128, 160, 192, 224 and 256 bits each
/// (all 25 combinations; a 128-bit block is AES, FIPS-197). ECB and CBC through <see cref="SymmetricAlgorithm.Mode"/>,
/// counter mode through <see cref="BlockCipherAlgorithm.EncryptCtr(byte[], byte[])"/>, and the runtime's one-shots.
/// Code written for <c>RijndaelManaged { BlockSize = 256 }</c> migrates by renaming the type.
/// </summary>
/// <remarks>
/// <para>Standard followed: FIPS-197 (AES) for 128-bit blocks; the other block sizes follow the Rijndael proposal
/// (Daemen and Rijmen, "AES Proposal: Rijndael", 1999), are not part of AES and are not approved by NIST: use them
/// for interoperability with existing data (RijndaelManaged, libmcrypt), prefer AES for new designs.</para>
/// <para>Kernels, chosen once per key, and whether each is constant-time:</para>
/// <list type="bullet">
/// <item><description>128-bit blocks on x86 with AES-NI, or ARMv8 with the AES instructions (not on netstandard2.0
/// builds): the hardware kernel, 8 blocks interleaved for ECB, CTR and CBC decryption, key expansion on the AES unit.
/// Constant-time.</description></item>
/// <item><description>256-bit blocks on x86 with AES-NI (not on netstandard2.0 builds): AES-NI with a byte permutation
/// across the two halves that turns AES's ShiftRows into Rijndael-256's. Constant-time.</description></item>
/// <item><description>128-bit blocks without AES instructions but with SSSE3 (x86) or AdvSimd (64-bit Arm), not on
/// netstandard2.0 builds: the vector-permute kernel, which computes the S-box as an inversion in a tower field from
/// 16-entry look-ups done by byte shuffles on registers (Hamburg, CHES 2009), one block per register, four blocks
/// interleaved for ECB, CTR and CBC decryption. Constant-time: no table in memory is indexed and no branch is taken
/// by secret data. A lone block costs one block's work, so CBC and CFB encryption, OFB and CMAC run at about the
/// speed of the other modes per block.</description></item>
/// <item><description>Everything else (160-, 192- and 224-bit blocks always; 128- and 256-bit blocks on netstandard2.0
/// builds such as .NET Framework, Mono and Unity, 256-bit blocks on CPUs without AES-NI, and 128-bit blocks on CPUs
/// with neither AES instructions nor byte shuffles): the portable bitsliced
/// kernel, which evaluates the S-box as a Boolean circuit with no table and no data-dependent branch or index, key
/// schedule included. Constant-time: the same instructions run for every input. A batch holds 4 blocks of 128 bits,
/// 3 of 160 or 2 of 192..256 bits; one pass runs 4 batches on Vector256 registers, 2 on Vector128 where only those are
/// accelerated, 1 on 64-bit words otherwise (netstandard2.0 builds). ECB, CTR and CBC decryption fill the passes; CBC
/// encryption is serial and costs one pass per block. The planes move between general-purpose and vector registers
/// by register moves, not through a stack buffer: an earlier version that did (and wiped that buffer) showed a
/// data-dependent time at the Vector128/Vector256 widths, which this layout removed. The measurements are in
/// docs/bitsliced-rijndael.md.</description></item>
/// <item><description>Only if <see cref="AllowVariableTimeTableKernel"/> is set: the portable T-table kernel replaces
/// the bitsliced one in the cases above (never the vector-permute kernel, which is faster). Not constant-time: its
/// table look-ups are indexed by secret data, which leaks through the cache.</description></item>
/// </list>
/// </remarks>
public sealed class RijndaelCipher : BlockCipherAlgorithm
{
    private static readonly KeySizes[] s_legalSizes = { new KeySizes(128, 256, 32) };
    private bool _allowVariableTimeTableKernel;

    /// <summary>
    /// Creates an instance with <c>RijndaelManaged</c>'s defaults: a 256-bit key (generated on first use), a 128-bit
    /// block, CBC mode, PKCS7 padding and a <see cref="SymmetricAlgorithm.FeedbackSize"/> of 128 bits.
    /// </summary>
    /// <remarks>The feedback size differs from the modern <c>Aes</c>'s (8 bits, CFB-8): code and data written with
    /// <c>RijndaelManaged</c>, whose CFB is CFB-128 by default at every block size, read the same after renaming the
    /// type. Set <see cref="SymmetricAlgorithm.FeedbackSize"/> to 8 for <c>Aes</c>'s CFB.</remarks>
    public RijndaelCipher()
        : base(s_legalSizes, s_legalSizes, 256, 128, defaultFeedbackSize: 128)
    {
    }

    /// <summary>
    /// Creates an instance with <c>RijndaelManaged</c>'s defaults (see <see cref="RijndaelCipher()"/>).
    /// </summary>
    public static new RijndaelCipher Create() => new();

    /// <summary>True when 128-bit blocks run on AES instructions in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Select(16).UsesHardware;

    /// <summary>
    /// The kernels, in order of preference: the first one supported for the block size is used. Tests, the Mono
    /// runner and the benchmarks run every entry.
    /// </summary>
    internal static readonly BlockCipherKernelRegistry Kernels = new(
#if NET
        new BlockCipherKernelEntry("aesni", blockSize => blockSize == 16 && RijndaelAesNiKernel.IsSupported,
            (key, _) => new RijndaelAesNiKernel(key), isConstantTime: true, usesHardware: true),
        new BlockCipherKernelEntry("armv8", blockSize => blockSize == 16 && RijndaelArmKernel.IsSupported,
            (key, _) => new RijndaelArmKernel(key), isConstantTime: true, usesHardware: true),
        new BlockCipherKernelEntry("aesni-wide", blockSize => blockSize == 32 && RijndaelWideAesNiKernel.IsSupported,
            (key, _) => new RijndaelWideAesNiKernel(key), isConstantTime: true, usesHardware: true),

        // Without AES instructions, 128-bit blocks on byte shuffles (SSSE3 or 64-bit Arm AdvSimd): constant-time, and
        // ahead of the opt-in T-table kernel because it is faster than that one too. Not "hardware" in the sense of
        // IsHardwareAccelerated, which reports the AES instructions.
        new BlockCipherKernelEntry("vperm",
            blockSize => blockSize == 16 && (RijndaelSsse3Kernel.IsSupported || RijndaelNeonKernel.IsSupported),
            (key, _) => RijndaelSsse3Kernel.IsSupported ? new RijndaelSsse3Kernel(key) : new RijndaelNeonKernel(key),
            isConstantTime: true),
#endif
        // The T-table kernel only when the user opts in (AllowVariableTimeTableKernel); otherwise the bitsliced one.
        new BlockCipherKernelEntry("portable", _ => true,
            (key, blockSize) => new RijndaelPortableKernel(key, blockSize),
            preference: KernelPreference.VariableTimeOptIn),
        new BlockCipherKernelEntry("bitsliced", _ => true,
            (key, blockSize) => new RijndaelBitslicedKernel(key, blockSize), isConstantTime: true));

    /// <summary>
    /// Opts in to the variable-time T-table kernel wherever the bitsliced kernel would otherwise run (160-, 192- and
    /// 224-bit blocks; every block size on netstandard2.0 builds; 256-bit blocks on CPUs without AES-NI, and 128-bit
    /// blocks on CPUs with neither AES instructions nor SSSE3/AdvSimd). False by default: those cases then run the
    /// constant-time bitsliced kernel. It does not replace the constant-time vector-permute kernel (128-bit blocks
    /// with SSSE3 or AdvSimd but no AES instructions), which is faster than the table kernel.
    /// </summary>
    /// <remarks>
    /// <para>Risk: the table kernel indexes its tables with bytes of the key and the state, so which cache lines it
    /// touches depends on them. An attacker who shares the machine (another process, virtual machine or thread on the
    /// same core) or can time many encryptions precisely can recover the key by cache timing, as shown for table-based
    /// AES by Bernstein (2005) and Osvik, Shamir and Tromer (2006). Set it only where no such observer exists, for the
    /// table kernel's speed (about 2x the bitsliced kernel for serial CBC encryption).</para>
    /// <para>Changing it drops the cached key schedule; the next operation builds the chosen kernel. It does not change
    /// what the hardware kernels do: they are used whenever available, with or without this switch.</para>
    /// </remarks>
    public bool AllowVariableTimeTableKernel
    {
        get => _allowVariableTimeTableKernel;
        set
        {
            if (value != _allowVariableTimeTableKernel)
            {
                _allowVariableTimeTableKernel = value;
                ResetKernel();
            }
        }
    }

    private protected override bool AllowsVariableTimeKernels => _allowVariableTimeTableKernel;

    private protected override BlockCipherKernelRegistry KernelRegistry => Kernels;
}
