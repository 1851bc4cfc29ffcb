// Haraka v2 (Koelbl, Lauridsen, Mendel, Rechberger; ePrint 2016/098): Haraka-256 (32-byte input) and Haraka-512
// (64-byte input), both with a 32-byte output. Five rounds; a round is two AES rounds (AESENC with round
// constants) on every 128-bit lane, then the word permutation pi8u / pi16u (P5's notation); then feed-forward
// (XOR the input), and Haraka-512 keeps bytes 8..15 of lanes 0 and 1 and bytes 0..7 of lanes 2 and 3.
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli;

/// <summary>
/// Haraka v2, the short-input hash functions Haraka-256 (32 bytes to 32 bytes) and Haraka-512 (64 bytes to
/// 32 bytes) built from AES rounds, as specified in "Haraka v2 – Efficient Short-Input Hashing for
/// Post-Quantum Applications" (Kölbl, Lauridsen, Mendel, Rechberger; IACR ToSC 2016(2), ePrint 2016/098).
/// </summary>
/// <remarks>
/// <para>Inputs have a fixed length: there is no padding and no streaming (Haraka is meant for hash-based
/// signatures and Merkle trees). The batched methods hash 4 or 8 independent inputs in one call, keeping enough
/// AES rounds in flight to fill the pipelines; they give the same outputs as the single calls.</para>
/// <para>Status: a research primitive for short fixed-length inputs, not a general-purpose hash: the designers claim
/// 256-bit preimage and 128-bit collision resistance (Haraka-256; Haraka-512 truncates and claims the same) only in
/// that setting, and published cryptanalysis breaks reduced-round versions. Use SHA-2 or SHA-3 for
/// anything else.</para>
/// <para>These are the round constants of Haraka v2 (not Haraka v1, and not the seed-derived constants of
/// SPHINCS+-Haraka).</para>
/// <para>Kernels: AES-NI on x86 (128-bit: .NET exposes no 256-bit VAES), the ARMv8 AES instructions on Arm64,
/// and a portable T-table kernel elsewhere (netstandard2.0, Mono, CPUs without AES instructions).
/// Constant-time: the hardware kernels are; the portable kernel is not (table look-ups indexed by data).</para>
/// </remarks>
public static class Haraka
{
    /// <summary>The input length of Haraka-256, in bytes.</summary>
    public const int Haraka256InputSizeInBytes = 32;

    /// <summary>The input length of Haraka-512, in bytes.</summary>
    public const int Haraka512InputSizeInBytes = 64;

    /// <summary>The output length of both functions, in bytes.</summary>
    public const int OutputSizeInBytes = 32;

    /// <summary>
    /// The Haraka kernels, fastest first: AES-NI, the ARMv8 AES instructions, then the portable T-table kernel, which
    /// always runs. The public functions use the first supported entry; tests, the Mono runner and the benchmarks
    /// enumerate the list.
    /// </summary>
    internal static readonly KernelRegistry<KernelEntry<Func<HarakaKernel>>> Kernels = new(
#if NET
        new KernelEntry<Func<HarakaKernel>>("aesni", () => AesRoundX86.IsSupported,
            () => HarakaVectorKernel<AesRoundX86>.Instance, isConstantTime: true, usesHardware: true),
        new KernelEntry<Func<HarakaKernel>>("armv8", () => AesRoundArm.IsSupported,
            () => HarakaVectorKernel<AesRoundArm>.Instance, isConstantTime: true, usesHardware: true),
#endif
        new KernelEntry<Func<HarakaKernel>>("portable", () => true, () => HarakaPortableKernel.Instance));

    // The registry's default. The public calls reach it only where no AES instructions exist (HashOne256 and the
    // others call the hardware rounds directly).
    private static readonly HarakaKernel s_kernel = Kernels.Default.Create();

    /// <summary>The kernel the public functions use (the registry's default).</summary>
    internal static HarakaKernel DefaultKernel => s_kernel;

    /// <summary>True when Haraka runs on AES instructions in this process.</summary>
    public static bool IsHardwareAccelerated => Kernels.Default.UsesHardware;

    /// <summary>Computes Haraka-256 of a 32-byte input.</summary>
    /// <param name="input">Exactly 32 bytes.</param>
    /// <param name="output">At least 32 bytes; the first 32 receive the hash. It may be the input itself.</param>
    /// <exception cref="ArgumentException"><paramref name="input"/> is not 32 bytes long, <paramref name="output"/> is
    /// shorter than 32 bytes, or the two partially overlap.</exception>
#if NET
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
#else
    [MethodImpl(MethodImplOptions.NoInlining)]
#endif
    public static void Haraka256(ReadOnlySpan<byte> input, Span<byte> output)
    {
        // A call is about 20 AES rounds, so everything around them shows. The single calls check once here and call
        // the hardware rounds directly (see HashOne256): no kernel object, no virtual call, nothing that only a
        // later tier or dynamic PGO would flatten. Compiled optimised at once (AggressiveOptimization): a first-tier
        // version would call each round, and a process short of CPU time may run it for long before the runtime
        // recompiles it. Never inlined into the caller: there dynamic PGO would inline it and the caller's inlining
        // budget ran out before the rounds, leaving calls behind, several times slower.
        if (input.Length != Haraka256InputSizeInBytes)
        {
            ThrowHelper.ThrowFixedLength(nameof(input), Haraka256InputSizeInBytes);
        }

        if (output.Length < OutputSizeInBytes)
        {
            ThrowHelper.ThrowDestinationTooShort(nameof(output));
        }

        ref byte source = ref MemoryMarshal.GetReference(input);
        ref byte destination = ref MemoryMarshal.GetReference(output);
        if (PartiallyOverlaps(ref source, Haraka256InputSizeInBytes, ref destination))
        {
            ThrowHelper.ThrowOverlap(nameof(output), nameof(input));
        }

        HashOne256(ref source, ref destination, input, output);
    }

    /// <summary>Computes Haraka-512 of a 64-byte input.</summary>
    /// <param name="input">Exactly 64 bytes.</param>
    /// <param name="output">At least 32 bytes; the first 32 receive the hash. It may start at the input.</param>
    /// <exception cref="ArgumentException"><paramref name="input"/> is not 64 bytes long, <paramref name="output"/> is
    /// shorter than 32 bytes, or the two partially overlap.</exception>
#if NET
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
#else
    [MethodImpl(MethodImplOptions.NoInlining)]
#endif
    public static void Haraka512(ReadOnlySpan<byte> input, Span<byte> output)
    {
        // Flat, optimised at once and never inlined, as Haraka256.
        if (input.Length != Haraka512InputSizeInBytes)
        {
            ThrowHelper.ThrowFixedLength(nameof(input), Haraka512InputSizeInBytes);
        }

        if (output.Length < OutputSizeInBytes)
        {
            ThrowHelper.ThrowDestinationTooShort(nameof(output));
        }

        ref byte source = ref MemoryMarshal.GetReference(input);
        ref byte destination = ref MemoryMarshal.GetReference(output);
        if (PartiallyOverlaps(ref source, Haraka512InputSizeInBytes, ref destination))
        {
            ThrowHelper.ThrowOverlap(nameof(output), nameof(input));
        }

        HashOne512(ref source, ref destination, input, output);
    }

    /// <summary>Computes Haraka-256 of four independent 32-byte inputs, stored one after the other.</summary>
    /// <param name="inputs">Exactly 4 × 32 = 128 bytes.</param>
    /// <param name="outputs">At least 128 bytes: the four hashes in input order. It may be the
    /// inputs themselves.</param>
    /// <exception cref="ArgumentException"><paramref name="inputs"/> is not 128 bytes long, <paramref name="outputs"/>
    /// is too short, or the two partially overlap.</exception>
    public static void Haraka256x4(ReadOnlySpan<byte> inputs, Span<byte> outputs) =>
        Hash(inputs, outputs, 4, Haraka256InputSizeInBytes);

    /// <summary>Computes Haraka-256 of eight independent 32-byte inputs, stored one after the other.</summary>
    /// <param name="inputs">Exactly 8 × 32 = 256 bytes.</param>
    /// <param name="outputs">At least 256 bytes: the eight hashes in input order. It may be the
    /// inputs themselves.</param>
    /// <exception cref="ArgumentException"><paramref name="inputs"/> is not 256 bytes long, <paramref name="outputs"/>
    /// is too short, or the two partially overlap.</exception>
    public static void Haraka256x8(ReadOnlySpan<byte> inputs, Span<byte> outputs) =>
        Hash(inputs, outputs, 8, Haraka256InputSizeInBytes);

    /// <summary>Computes Haraka-512 of four independent 64-byte inputs, stored one after the other.</summary>
    /// <param name="inputs">Exactly 4 × 64 = 256 bytes.</param>
    /// <param name="outputs">At least 4 × 32 = 128 bytes: the four hashes in input order. It may start at
    /// the inputs.</param>
    /// <exception cref="ArgumentException"><paramref name="inputs"/> is not 256 bytes long, <paramref name="outputs"/>
    /// is too short, or the two partially overlap.</exception>
    public static void Haraka512x4(ReadOnlySpan<byte> inputs, Span<byte> outputs) =>
        Hash(inputs, outputs, 4, Haraka512InputSizeInBytes);

    /// <summary>Computes Haraka-512 of eight independent 64-byte inputs, stored one after the other.</summary>
    /// <param name="inputs">Exactly 8 × 64 = 512 bytes.</param>
    /// <param name="outputs">At least 8 × 32 = 256 bytes: the eight hashes in input order. It may start at
    /// the inputs.</param>
    /// <exception cref="ArgumentException"><paramref name="inputs"/> is not 512 bytes long, <paramref name="outputs"/>
    /// is too short, or the two partially overlap.</exception>
    public static void Haraka512x8(ReadOnlySpan<byte> inputs, Span<byte> outputs) =>
        Hash(inputs, outputs, 8, Haraka512InputSizeInBytes);

    private static void Hash(ReadOnlySpan<byte> input, Span<byte> output, int count, int inputSize)
    {
        bool single = count == 1;
        if (input.Length != count * inputSize)
        {
            ThrowHelper.ThrowFixedLength(single ? "input" : "inputs", count * inputSize);
        }

        if (output.Length < count * OutputSizeInBytes)
        {
            ThrowHelper.ThrowDestinationTooShort(single ? "output" : "outputs");
        }

        output = output.Slice(0, count * OutputSizeInBytes);
        if (SpanHelpers.PartiallyOverlaps(output, input))
        {
            ThrowHelper.ThrowOverlap(single ? "output" : "outputs", single ? "input" : "inputs");
        }

#if NET
        if (AesRoundX86.IsSupported)
        {
            HarakaVector<AesRoundX86>.Hash(input, output, count, inputSize);
            return;
        }

        if (AesRoundArm.IsSupported)
        {
            HarakaVector<AesRoundArm>.Hash(input, output, count, inputSize);
            return;
        }
#endif
        s_kernel.Hash(input, output, count, inputSize);
    }

    // The public calls' dispatch, in the registry's order (AES-NI, ARMv8, portable). IsSupported is a constant when
    // the code is compiled (JIT at every tier; NativeAOT when the instruction set is targeted, a cached flag
    // otherwise), so an optimised caller keeps one branch and the kernel's rounds inline into it. The kernel objects
    // serve the registry, the tests and the portable fallback.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HashOne256(ref byte source, ref byte destination, ReadOnlySpan<byte> input, Span<byte> output)
    {
#if NET
        if (AesRoundX86.IsSupported)
        {
            HarakaVector<AesRoundX86>.Haraka256(ref source, ref destination);
            return;
        }

        if (AesRoundArm.IsSupported)
        {
            HarakaVector<AesRoundArm>.Haraka256(ref source, ref destination);
            return;
        }
#endif
        s_kernel.Haraka256(input, output);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HashOne512(ref byte source, ref byte destination, ReadOnlySpan<byte> input, Span<byte> output)
    {
#if NET
        if (AesRoundX86.IsSupported)
        {
            HarakaVector<AesRoundX86>.Haraka512(ref source, ref destination);
            return;
        }

        if (AesRoundArm.IsSupported)
        {
            HarakaVector<AesRoundArm>.Haraka512(ref source, ref destination);
            return;
        }
#endif
        s_kernel.Haraka512(input, output);
    }

    /// <summary>
    /// True when the 32 output bytes at <paramref name="output"/> share memory with the <paramref name="inputSize"/>
    /// input bytes at <paramref name="input"/> without starting at the same address: the offset output - input lies in
    /// (-32, inputSize) and is not 0. Two compares, inlined (the general span helper is a call).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool PartiallyOverlaps(ref byte input, int inputSize, ref byte output)
    {
        nint offset = Unsafe.ByteOffset(ref input, ref output);
        return offset != 0 && (nuint)(offset + (OutputSizeInBytes - 1)) < (nuint)(inputSize + OutputSizeInBytes - 1);
    }
}

/// <summary>
/// A Haraka kernel: Haraka-256 and Haraka-512 of one input, and of <c>count</c> inputs stored one after the other.
/// </summary>
internal abstract class HarakaKernel
{
    /// <summary>The short name used by tests and benchmarks ("aesni", "armv8", "portable").</summary>
    public abstract string Name { get; }

    /// <summary>
    /// Haraka-256 of the first 32 bytes of <paramref name="input"/> into the first 32 of <paramref name="output"/>.
    /// </summary>
    public abstract void Haraka256(ReadOnlySpan<byte> input, Span<byte> output);

    /// <summary>
    /// Haraka-512 of the first 64 bytes of <paramref name="input"/> into the first 32 of <paramref name="output"/>.
    /// </summary>
    public abstract void Haraka512(ReadOnlySpan<byte> input, Span<byte> output);

    /// <summary>Hashes <paramref name="count"/> inputs of <paramref name="inputSize"/> (32 or 64) bytes each.</summary>
    public abstract void Hash(ReadOnlySpan<byte> input, Span<byte> output, int count, int inputSize);

    public override string ToString() => Name;
}
