using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.Intrinsics.X86;

namespace CryptoCli.Leakage;

/// <summary>
/// Every case the tool knows: the positive control, every path the library's docs call constant-time, and the
/// public types' default Rijndael path at each block size (its claim follows the kernel it picks).
/// </summary>
internal static class CaseCatalog
{
    private const string NoAesNi = "no AES-NI + SSSE3 in this process";
    private const string NoArmAes = "no ARMv8 AES instructions in this process (x86 machine)";

    public static List<LeakageCase> Create()
    {
        var cases = new List<LeakageCase>
        {
            // The positive control (see TableControlCase): it must be detected, or the measurement is not sensitive
            // enough to vouch for anything.
            new TableControlCase(),

            // The same kernel under exactly the conditions of the constant-time rows (L1 eviction only), for reference:
            // how strongly this harness sees a table leak without the attacker's help.
            new BlockKernelCase("rijndael-ttable-128", "RijndaelPortableKernel (T-tables), AES-128, EncryptBlocks, 1 block",
                Claim.NotConstantTime, 16, 16, 1, decrypt: false, fixedIsWhiteningKey: true,
                key => new RijndaelPortableKernel(key, 16), Always),

            // AES-NI, 128-bit block: 9 blocks per call cover the 8-way interleaved loop and the one-block tail.
            new BlockKernelCase("aesni-128-encrypt", "RijndaelAesNiKernel, AES-128, EncryptBlocks, 9 blocks (8-way loop + tail)",
                Claim.ConstantTime, 16, 16, 9, decrypt: false, fixedIsWhiteningKey: true,
                key => new RijndaelAesNiKernel(key), AesNi),
            new BlockKernelCase("aesni-128-decrypt", "RijndaelAesNiKernel, AES-128, DecryptBlocks, 9 blocks (8-way loop + tail)",
                Claim.ConstantTime, 16, 16, 9, decrypt: true, fixedIsWhiteningKey: false,
                key => new RijndaelAesNiKernel(key), AesNi),
            new KeyExpansionCase("aesni-128-key-expansion", "new RijndaelAesNiKernel(key) + Dispose, AES-256 key (encryption and decryption keys)",
                Claim.ConstantTime, 32, key => new RijndaelAesNiKernel(key), AesNi),

            // AES-NI, 256-bit Rijndael block: 5 blocks per call cover the 4-way loop and the tail.
            new BlockKernelCase("aesni-wide-256-encrypt", "RijndaelWideAesNiKernel, Rijndael-256/256, EncryptBlocks, 5 blocks (4-way loop + tail)",
                Claim.ConstantTime, 32, 32, 5, decrypt: false, fixedIsWhiteningKey: true,
                key => new RijndaelWideAesNiKernel(key), AesNi),
            new BlockKernelCase("aesni-wide-256-decrypt", "RijndaelWideAesNiKernel, Rijndael-256/256, DecryptBlocks, 5 blocks (4-way loop + tail)",
                Claim.ConstantTime, 32, 32, 5, decrypt: true, fixedIsWhiteningKey: false,
                key => new RijndaelWideAesNiKernel(key), AesNi),
            new KeyExpansionCase("aesni-wide-256-key-expansion", "new RijndaelWideAesNiKernel(key) + Dispose, 256-bit key (encryption and decryption keys)",
                Claim.ConstantTime, 32, key => new RijndaelWideAesNiKernel(key), AesNi),

            // ARMv8 AES: listed so that an Arm64 run measures it; skipped visibly elsewhere.
            new BlockKernelCase("armv8-128-encrypt", "RijndaelArmKernel, AES-128, EncryptBlocks, 9 blocks",
                Claim.ConstantTime, 16, 16, 9, decrypt: false, fixedIsWhiteningKey: true,
                key => new RijndaelArmKernel(key), ArmAes),
            new BlockKernelCase("armv8-128-decrypt", "RijndaelArmKernel, AES-128, DecryptBlocks, 9 blocks",
                Claim.ConstantTime, 16, 16, 9, decrypt: true, fixedIsWhiteningKey: false,
                key => new RijndaelArmKernel(key), ArmAes),

            // Camellia's byte-sliced kernel: 16 blocks take the 128-bit path, 32 blocks the AVX2 path. With a
            // 256-bit key the pre-whitening key is the key's first 128 bits.
            new BlockKernelCase("camellia-bytesliced-16-encrypt", "CamelliaAesNiKernel, Camellia-256, EncryptBlocks, 16 blocks (the default: half a 256-bit batch with AVX2, else the 128-bit path)",
                Claim.ConstantTime, 32, 16, 16, decrypt: false, fixedIsWhiteningKey: true,
                key => new CamelliaAesNiKernel(key), AesNi),
            new BlockKernelCase("camellia-bytesliced-16-encrypt-sse", "CamelliaAesNiKernel without AVX2 (what CPUs without AVX2 run), Camellia-256, EncryptBlocks, 16 blocks (128-bit path)",
                Claim.ConstantTime, 32, 16, 16, decrypt: false, fixedIsWhiteningKey: true,
                key => new CamelliaAesNiKernel(key, useAvx2: false), AesNi),
            new BlockKernelCase("camellia-bytesliced-32-encrypt", "CamelliaAesNiKernel, Camellia-256, EncryptBlocks, 32 blocks (AVX2 path)",
                Claim.ConstantTime, 32, 16, 32, decrypt: false, fixedIsWhiteningKey: true,
                key => new CamelliaAesNiKernel(key), () => AesNi() ?? (Avx2.IsSupported ? null : "no AVX2 in this process")),
            new BlockKernelCase("camellia-bytesliced-64-encrypt", "CamelliaAesNiKernel, Camellia-256, EncryptBlocks, 64 blocks (AVX2 path: two passes of one 32-block batch each, as in long messages)",
                Claim.ConstantTime, 32, 16, 64, decrypt: false, fixedIsWhiteningKey: true,
                key => new CamelliaAesNiKernel(key), () => AesNi() ?? (Avx2.IsSupported ? null : "no AVX2 in this process")),
            new BlockKernelCase("camellia-bytesliced-32-decrypt", "CamelliaAesNiKernel, Camellia-256, DecryptBlocks, 32 blocks (AVX2 path)",
                Claim.ConstantTime, 32, 16, 32, decrypt: true, fixedIsWhiteningKey: false,
                key => new CamelliaAesNiKernel(key), () => AesNi() ?? (Avx2.IsSupported ? null : "no AVX2 in this process")),

            // Camellia's GFNI kernels: two batches at their widest registers (64 and 128 blocks); listed so that a GFNI
            // CPU measures them, skipped visibly elsewhere. The 512-bit kernel is never the default (its time depended
            // on the data on AMD Zen 5): measured for reference, as a kernel the docs do not call constant-time.
            new BlockKernelCase("camellia-gfni-v256-64-encrypt", "CamelliaGfniKernel (gfni-v256), Camellia-256, EncryptBlocks, 64 blocks",
                Claim.ConstantTime, 32, 16, 64, decrypt: false, fixedIsWhiteningKey: true,
                key => new CamelliaGfniKernel(key, use512: false), () => CamelliaGfniKernel.IsSupported256 ? null : "no GFNI with AVX2 in this process"),
            new BlockKernelCase("camellia-gfni-v512-128-encrypt", "CamelliaGfniKernel (gfni-v512, never the default), Camellia-256, EncryptBlocks, 128 blocks",
                Claim.NotConstantTime, 32, 16, 128, decrypt: false, fixedIsWhiteningKey: true,
                key => new CamelliaGfniKernel(key, use512: true), () => CamelliaGfniKernel.IsSupported512 ? null : "no GFNI with AVX-512 in this process"),

            // Luffa: every path is documented constant-time (bitsliced); two message blocks per call.
            new FunctionCase("luffa-256-vector", "LuffaCore.Hash(256), Vector128 kernel, 64-byte message",
                Claim.ConstantTime, 64, 32, (input, output) => LuffaCore.Hash(256, input, output, LuffaCore.Kernels.Get("vector128").Create()),
                () => LuffaCore.Kernels.Get("vector128").IsSupported ? null : "Vector128 is not hardware accelerated"),
            new FunctionCase("luffa-256-portable", "LuffaCore.Hash(256), portable scalar kernel, 64-byte message",
                Claim.ConstantTime, 64, 32, (input, output) => LuffaCore.Hash(256, input, output, LuffaCore.Kernels.Get("portable").Create()), Always),
            new FunctionCase("luffa-512-vector", "LuffaCore.Hash(512), Vector128 kernel, 64-byte message",
                Claim.ConstantTime, 64, 64, (input, output) => LuffaCore.Hash(512, input, output, LuffaCore.Kernels.Get("vector128").Create()),
                () => LuffaCore.Kernels.Get("vector128").IsSupported ? null : "Vector128 is not hardware accelerated"),
            new FunctionCase("luffa-512-avx2", "LuffaCore.Hash(512), AVX2 kernel (all five sub-blocks in 256-bit registers), 64-byte message",
                Claim.ConstantTime, 64, 64, (input, output) => LuffaCore.Hash(512, input, output, LuffaCore.Kernels.Get("avx2").Create()),
                () => LuffaCore.Kernels.Get("avx2").IsSupported ? null : "no AVX2 in this process"),
            new FunctionCase("luffa-512-portable", "LuffaCore.Hash(512), portable scalar kernel, 64-byte message",
                Claim.ConstantTime, 64, 64, (input, output) => LuffaCore.Hash(512, input, output, LuffaCore.Kernels.Get("portable").Create()), Always),
            new FunctionCase("luffa-384-vector", "LuffaCore.Hash(384), Vector128 kernel, 64-byte message",
                Claim.ConstantTime, 64, 48, (input, output) => LuffaCore.Hash(384, input, output, LuffaCore.Kernels.Get("vector128").Create()),
                () => LuffaCore.Kernels.Get("vector128").IsSupported ? null : "Vector128 is not hardware accelerated"),

            // Haraka: the hardware kernels (the public entry points pick them when present).
            new FunctionCase("haraka-256-hw", "Haraka.Haraka256 (AES instructions), 32-byte input",
                Claim.ConstantTime, 32, 32, (input, output) => Haraka.Haraka256(input, output), HarakaHardware),
            new FunctionCase("haraka-512-hw", "Haraka.Haraka512 (AES instructions), 64-byte input",
                Claim.ConstantTime, 64, 32, (input, output) => Haraka.Haraka512(input, output), HarakaHardware),
            new FunctionCase("haraka-512x8-hw", "Haraka.Haraka512x8 (AES instructions), 8 x 64-byte inputs",
                Claim.ConstantTime, 512, 256, (input, output) => Haraka.Haraka512x8(input, output), HarakaHardware),

            // The research large-block ciphers' AES-NI kernels (round key 0 is the key).
            new BlockKernelCase("largeblock-256-tworound-blend", "LargeBlock256TwoRoundBlend AES-NI kernel, EncryptBlocks, 4 blocks",
                Claim.ConstantTime, 32, 32, 4, decrypt: false, fixedIsWhiteningKey: true,
                key => LargeBlockKernels.CreateRegistry(LargeBlockDefinition.TwoRound256Blend).CreateDefault(key, 32),
                () => LargeBlockKernels.CreateRegistry(LargeBlockDefinition.TwoRound256Blend).Select(32).UsesHardware ? null : NoAesNi),
            new BlockKernelCase("largeblock-512-oneround-unpack", "LargeBlock512OneRoundUnpack AES-NI kernel, EncryptBlocks, 2 blocks",
                Claim.ConstantTime, 64, 64, 2, decrypt: false, fixedIsWhiteningKey: true,
                key => LargeBlockKernels.CreateRegistry(LargeBlockDefinition.OneRound512Unpack).CreateDefault(key, 64),
                () => LargeBlockKernels.CreateRegistry(LargeBlockDefinition.OneRound512Unpack).Select(64).UsesHardware ? null : NoAesNi),

            // ECDSA P-192 signing: the private key, then the nonce, as the secret.
            new EcdsaSigningKeyCase(),
            new EcdsaNonceCase(),
        };

        // The constant-time bitsliced Rijndael kernel (the default wherever the hardware kernel is not used) at every
        // block size, 256-bit key. Default width (what .NET 10 runs here: Vector256, 4 batches per pass) at every
        // size, both directions at 128 and 256 bits; the 64-bit-word width (what netstandard2.0 and Mono run) at every
        // size; Vector128 at 128 and 256 bits. Each call is one full pass plus one block (a full and a partial pass).
        int widest;
        using (var probe = new RijndaelBitslicedKernel(new byte[16], 16))
        {
            widest = probe.Lanes;
        }

        foreach (int blockBits in new[] { 128, 160, 192, 224, 256 })
        {
            int blockBytes = blockBits / 8;
            foreach ((int lanes, string width) in new[] { (0, $"default width ({WidthName(widest)})"), (1, WidthName(1)), (2, WidthName(2)) })
            {
                if ((lanes == 2 && blockBits is not (128 or 256)) || (lanes != 0 && lanes == widest))
                {
                    continue;
                }

                int effectiveLanes = lanes == 0 ? widest : lanes;
                int blocksPerPass = effectiveLanes * (16 / (blockBytes / 4)); // 16 columns per batch: 4, 3, 2, 2, 2 blocks
                string suffix = lanes == 0 ? "" : "-" + WidthName(lanes);
                int laneCount = lanes;
                cases.Add(new BlockKernelCase($"bitsliced-{blockBits}-encrypt{suffix}", $"RijndaelBitslicedKernel, {width}, {blockBits}-bit block, 256-bit key, EncryptBlocks, {blocksPerPass + 1} blocks (a pass of {blocksPerPass} + 1)",
                    Claim.ConstantTime, 32, blockBytes, blocksPerPass + 1, decrypt: false, fixedIsWhiteningKey: true,
                    key => new RijndaelBitslicedKernel(key, blockBytes, laneCount), Always));
                if (lanes == 0 && blockBits is 128 or 256)
                {
                    cases.Add(new BlockKernelCase($"bitsliced-{blockBits}-decrypt", $"RijndaelBitslicedKernel, {width}, {blockBits}-bit block, 256-bit key, DecryptBlocks, {blocksPerPass + 1} blocks (a pass of {blocksPerPass} + 1)",
                        Claim.ConstantTime, 32, blockBytes, blocksPerPass + 1, decrypt: true, fixedIsWhiteningKey: false,
                        key => new RijndaelBitslicedKernel(key, blockBytes), Always));
                }
            }
        }

        // Probes of the CPU itself at the three widths the bitsliced kernel runs (see CpuProbeCase): whether identical
        // XOR/AND instruction streams take different times for all-zero and random registers.
        cases.Add(new CpuProbeCase("cpu-probe-u64", 1, 1200));
        cases.Add(new CpuProbeCase("cpu-probe-v128", 2, 1200));
        cases.Add(new CpuProbeCase("cpu-probe-v256", 4, 1200));
        cases.Add(new CpuProbeCase("cpu-probe-wide-v256", 16, 200));
        cases.Add(new CpuProbeCase("cpu-probe-memory-v256", 4, 300, throughMemory: true));
        cases.Add(new CpuProbeCase("cpu-probe-ones-u64", 1, 1200, allOnes: true));
        cases.Add(new CpuProbeCase("cpu-probe-ones-v256", 4, 1200, allOnes: true));
        cases.Add(new CpuProbeCase("cpu-probe-ones-wide-v256", 16, 200, allOnes: true));
        cases.Add(new CpuProbeCase("cpu-probe-ones-memory-v256", 4, 300, throughMemory: true, allOnes: true));
        cases.Add(new CpuAesProbeCase("cpu-probe-aes-v128", 800));
        cases.Add(new CpuProbeCase("cpu-probe-v512", 8, 1200));
        cases.Add(new CpuProbeCase("cpu-probe-ones-v512", 8, 1200, allOnes: true));
        cases.Add(new CpuGfniProbeCase("cpu-probe-gfni-v256", 256, 300));
        cases.Add(new CpuGfniProbeCase("cpu-probe-gfni-v512", 512, 300));
        cases.Add(new BitslicedSBoxCase("bitsliced-sbox-u64", 1));
        cases.Add(new BitslicedSBoxCase("bitsliced-sbox-v256", 4));

        // The vector-permute kernel (128-bit blocks without AES instructions, with SSSE3 or AdvSimd; pinned by name,
        // so it runs wherever SSSE3 does): the 4-way loop and a tail in both directions, the serial CBC chain (what
        // the kernel is the default for), and the key expansion.
        cases.Add(new BlockKernelCase("vperm-128-encrypt", "vperm (RijndaelSsse3Kernel), AES-256 key, EncryptBlocks, 5 blocks (4-way loop + tail)",
            Claim.ConstantTime, 32, 16, 5, decrypt: false, fixedIsWhiteningKey: true, CreateVperm, Vperm));
        cases.Add(new BlockKernelCase("vperm-128-decrypt", "vperm (RijndaelSsse3Kernel), AES-256 key, DecryptBlocks, 5 blocks (4-way loop + tail)",
            Claim.ConstantTime, 32, 16, 5, decrypt: true, fixedIsWhiteningKey: false, CreateVperm, Vperm));
        cases.Add(new BlockKernelCase("vperm-128-cbc-encrypt", "vperm (RijndaelSsse3Kernel), AES-256 key, CBC encryption (the serial chain), 8 blocks, zero IV",
            Claim.ConstantTime, 32, 16, 8, decrypt: false, fixedIsWhiteningKey: true, CreateVperm, Vperm, cbcEncrypt: true));
        cases.Add(new KeyExpansionCase("vperm-128-key-expansion", "new vperm kernel (RijndaelSsse3Kernel) + Dispose, AES-256 key (encryption and decryption keys)",
            Claim.ConstantTime, 32, CreateVperm, Vperm));

        cases.Add(new KeyExpansionCase("bitsliced-key-expansion", "new RijndaelBitslicedKernel(key, 16) + Dispose, 256-bit key",
            Claim.ConstantTime, 32, key => new RijndaelBitslicedKernel(key, 16), Always));

        // GHASH, every kernel (the data, then the hash key, as the secret), and AES-GCM through the public type.
        foreach ((string name, Func<byte[], GHashKernel> create, Func<string?> unavailable) in GHashKernels())
        {
            cases.Add(new GHashDataCase($"ghash-{name}-data", name, create, unavailable));
            cases.Add(new GHashKeyCase($"ghash-{name}-key", name, create, unavailable));
        }

        cases.Add(new GcmEncryptCase());

        // The other 128-bit-block modes over AES-128 through their public types: XTS (tweak arithmetic, whole data
        // units, ciphertext stealing), OCB3 (data, and the key behind the L table and offsets) and CCM (ModeCases).
        cases.AddRange(ModeCases.Create());

        // The public RijndaelCipher's default path at every block size, 256-bit key, 1 block per call: what an
        // application gets. Its claim is read from the kernel it picks (the T-table kernel, taken only on opt-in, is
        // not constant-time).
        foreach (int blockBits in new[] { 128, 160, 192, 224, 256 })
        {
            int blockBytes = blockBits / 8;
            cases.Add(new BlockKernelCase($"rijndael-default-{blockBits}", $"RijndaelCipher {{ BlockSize = {blockBits} }}.Kernel, 256-bit key, EncryptBlocks, 1 block",
                Claim.ConstantTime, 32, blockBytes, 1, decrypt: false, fixedIsWhiteningKey: true,
                key => new RijndaelCipher { BlockSize = blockBits, Key = key }.Kernel, Always,
                kernel => kernel is RijndaelPortableKernel ? Claim.NotConstantTime : Claim.ConstantTime));
        }

        // The public Camellia type's default kernel, 64 blocks per call (all byte-sliced where a byte-sliced kernel
        // runs): what an application gets. Its claim is read from the kernel it picks (the table kernels are not
        // constant-time).
        cases.Add(new BlockKernelCase("camellia-default-64-encrypt", "Camellia.Kernels.CreateDefault, Camellia-256, EncryptBlocks, 64 blocks",
            Claim.ConstantTime, 32, 16, 64, decrypt: false, fixedIsWhiteningKey: true,
            key => Camellia.Kernels.CreateDefault(key, 16), Always,
            kernel => kernel is CamelliaTable64Kernel or CamelliaTable32Kernel ? Claim.NotConstantTime : Claim.ConstantTime));

        return cases;
    }

    /// <summary>Every entry of the GHASH registry, with the reason it cannot run here when it cannot.</summary>
    private static (string Name, Func<byte[], GHashKernel> Create, Func<string?> Unavailable)[] GHashKernels() =>
        GHashKernel.Kernels.Entries
            .Select(e => (e.Name, e.Create, (Func<string?>)(() => e.IsSupported ? null : $"the {e.Name} instructions are not available in this process")))
            .ToArray();

    private static string? Always() => null;

    private static BlockCipherKernel CreateVperm(byte[] key) => RijndaelCipher.Kernels.Get("vperm").Create(key, 16);

    private static string? Vperm() =>
        RijndaelCipher.Kernels.Get("vperm").IsSupported(16) ? null : "no SSSE3 or 64-bit Arm AdvSimd in this process";

    private static string WidthName(int lanes) => lanes switch { 1 => "u64", 2 => "v128", _ => "v256" };

    private static string? AesNi() => RijndaelAesNiKernel.IsSupported ? null : NoAesNi;

    private static string? ArmAes() => RijndaelArmKernel.IsSupported ? null : NoArmAes;

    private static string? HarakaHardware() => Haraka.IsHardwareAccelerated ? null : "no AES instructions in this process";
}
