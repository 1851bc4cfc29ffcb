using System;
using System.Buffers.Binary;

namespace CryptoCli;

/// <summary>
/// GHASH (NIST SP 800-38D, section 6.4) bound to one hash subkey H: the polynomial hash of GCM over GF(2^128) with
/// the field polynomial x^128 + x^7 + x^2 + x + 1, in GCM's bit order (the first bit of a block is the coefficient
/// of x^0). <see cref="Update"/> folds whole 16-byte blocks into the running value Y; callers pad partial blocks with
/// zeros. Every kernel is constant-time: the carry-less multiplications are instructions or integer multiplications,
/// and nothing branches on or indexes memory with H, Y or the data.
/// </summary>
internal abstract class GHashKernel : IDisposable
{
    public const int BlockSize = 16;

    /// <summary>
    /// A short name for tests and benchmarks: "portable", "pclmul", "vpclmul256", "vpclmul512", "pmull".
    /// </summary>
    public abstract string Name { get; }

    /// <summary>
    /// Y = (Y xor X_1)·H, then (Y xor X_2)·H, ... for every 16-byte block X_i of <paramref name="blocks"/>.
    /// </summary>
    /// <param name="y">The running value, 16 bytes in GCM byte order, updated in place.</param>
    /// <param name="blocks">Whole blocks (the length is a multiple of 16).</param>
    public abstract void Update(Span<byte> y, ReadOnlySpan<byte> blocks);

    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Wipes H and its powers.</summary>
    protected abstract void Dispose(bool disposing);

    /// <summary>
    /// The GHASH kernels, fastest first: 512-bit VPCLMULQDQ (AVX-512, four blocks per instruction), 256-bit VPCLMULQDQ
    /// (two blocks per instruction), PCLMULQDQ, ARMv8 PMULL,
    /// then the portable kernel, which always runs. GCM uses the first supported entry; tests, the Mono runner, the
    /// leakage tool and the benchmarks enumerate the list.
    /// </summary>
    internal static readonly KernelRegistry<KernelEntry<Func<byte[], GHashKernel>>> Kernels = new(
#if NET9_0_OR_GREATER
        new KernelEntry<Func<byte[], GHashKernel>>("vpclmul512",
            () => Vpclmul512Instructions.IsSupported && GHashVpclmul256Kernel.IsSupported,
            h => new GHashVpclmul512Kernel<Vpclmul512Instructions>(h), isConstantTime: true, usesHardware: true),
        new KernelEntry<Func<byte[], GHashKernel>>("vpclmul256", () => GHashVpclmul256Kernel.IsSupported,
            h => new GHashVpclmul256Kernel(h), isConstantTime: true, usesHardware: true),
#endif
#if NET
        new KernelEntry<Func<byte[], GHashKernel>>("pclmul", () => GHashPclmulKernel.IsSupported,
            h => new GHashPclmulKernel(h), isConstantTime: true, usesHardware: true),
        new KernelEntry<Func<byte[], GHashKernel>>("pmull", () => GHashPmullKernel.IsSupported,
            h => new GHashPmullKernel(h), isConstantTime: true, usesHardware: true),
#endif
        new KernelEntry<Func<byte[], GHashKernel>>("portable", () => true, h => new GHashPortableKernel(h),
            isConstantTime: true));

    /// <summary>The default kernel (<see cref="Kernels"/>) for <paramref name="hashKey"/> = E_K(0^128).</summary>
    public static GHashKernel Create(byte[] hashKey) => Kernels.Default.Create(hashKey);

    /// <summary>
    /// True when <see cref="Create"/> picks a carry-less-multiply instruction rather than the portable kernel.
    /// </summary>
    public static bool IsHardwareAccelerated => Kernels.Default.UsesHardware;

    /// <summary>
    /// Reduces the 256-bit carry-less product of two bit-reflected field elements (x3 the most significant word) modulo
    /// the GCM polynomial, returning the reflected result as (high, low). The product of two reflected 128-bit values
    /// is the reflection of the true product shifted right by one bit, hence the one-bit shift first; then x^128 =
    /// x^7 + x^2 + x + 1 folds the low half (which holds the high-degree coefficients) into the high half twice.
    /// Shared by the instruction kernels (once per aggregated group of blocks) and the portable one.
    /// </summary>
    internal static (ulong High, ulong Low) Reduce(ulong x3, ulong x2, ulong x1, ulong x0)
    {
        x3 = (x3 << 1) | (x2 >> 63);
        x2 = (x2 << 1) | (x1 >> 63);
        x1 = (x1 << 1) | (x0 >> 63);
        x0 <<= 1;

        x2 ^= x0 ^ (x0 >> 1) ^ (x0 >> 2) ^ (x0 >> 7);
        x1 ^= (x0 << 63) ^ (x0 << 62) ^ (x0 << 57);
        x3 ^= x1 ^ (x1 >> 1) ^ (x1 >> 2) ^ (x1 >> 7);
        x2 ^= (x1 << 63) ^ (x1 << 62) ^ (x1 << 57);
        return (x3, x2);
    }

    /// <summary>Reads a block as the big-endian 128-bit integer (high, low): the bit-reflected field element.</summary>
    internal static (ulong High, ulong Low) ReadReflected(ReadOnlySpan<byte> block) =>
        (BinaryPrimitives.ReadUInt64BigEndian(block), BinaryPrimitives.ReadUInt64BigEndian(block.Slice(8)));

    internal static void WriteReflected(Span<byte> block, ulong high, ulong low)
    {
        BinaryPrimitives.WriteUInt64BigEndian(block, high);
        BinaryPrimitives.WriteUInt64BigEndian(block.Slice(8), low);
    }
}
