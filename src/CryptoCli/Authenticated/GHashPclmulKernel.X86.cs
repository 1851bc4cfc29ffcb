using System;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace CryptoCli;

/// <summary>
/// GHASH on PCLMULQDQ with aggregated reduction: blocks are byte-reversed into bit-reflected field elements, eight
/// at a time are multiplied by H^8, ..., H^1 (four 64x64 carry-less products each) and the eight unreduced 256-bit
/// products are summed, so one reduction serves eight blocks (Gueron and Kounavis' aggregation). A last group of
/// one to seven blocks uses H^n, ..., H^1 the same way. The powers are stored times x^-1 ("twisted"), so that the
/// products need no one-bit shift and the reduction is two carry-less multiplications by a constant
/// (<see cref="ReduceTwisted"/>). Constant-time.
/// </summary>
internal sealed class GHashPclmulKernel : GHashKernel
{
    private const int Group = 8;

    // H^8, H^7, ..., H^1 as reflected values: _powers[i] = H^(8 - i).
    private readonly Vector128<ulong>[] _powers = new Vector128<ulong>[Group];
    private readonly Vector128<ulong>[] _karatsuba;

    public GHashPclmulKernel(ReadOnlySpan<byte> hashKey)
    {
        Debug.Assert(IsSupported && hashKey.Length == BlockSize);
        ComputePowers(hashKey, _powers);
        _karatsuba = ComputeKaratsuba(_powers);
    }

    public static bool IsSupported => Pclmulqdq.IsSupported && Ssse3.IsSupported;

    /// <summary>H^8, ..., H^1, twisted (for GCM's stitched loop).</summary>
    internal Vector128<ulong>[] Powers => _powers;

    /// <summary>The Karatsuba middle operands of H^8, ..., H^1: the xor of each power's two halves, in both lanes
    /// (for GCM's stitched loop, which multiplies with three carry-less products per block instead of four).</summary>
    internal Vector128<ulong>[] KaratsubaPowers => _karatsuba;

    /// <summary>For each power h: (h.low xor h.high) in both lanes.</summary>
    internal static Vector128<ulong>[] ComputeKaratsuba(Vector128<ulong>[] powers)
    {
        var folded = new Vector128<ulong>[powers.Length];
        for (int i = 0; i < powers.Length; i++)
        {
            folded[i] = Vector128.Create(powers[i].GetElement(0) ^ powers[i].GetElement(1));
        }

        return folded;
    }

    public override string Name => "pclmul";

    internal static Vector128<byte> ByteReverse =>
        Vector128.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);

    /// <summary>
    /// powers[i] = H^(powers.Length - i)·x^-1, reflected (the twisted powers <see cref="ReduceTwisted"/> expects).
    /// </summary>
    internal static void ComputePowers(ReadOnlySpan<byte> hashKey, Span<Vector128<ulong>> powers)
    {
        // x^-1 = x^127 + x^6 + x + 1 (x times it is x^128 + x^7 + x^2 + x, which is 1 modulo the GCM polynomial),
        // reflected: bit 127 - k holds the coefficient of x^k.
        Vector128<ulong> inverseOfX = Vector128.Create(1UL, 0xC200000000000000UL);
        Vector128<ulong> h = Ssse3.Shuffle(Vector128.Create(hashKey), ByteReverse).AsUInt64();
        Vector128<ulong> power = h;
        for (int i = powers.Length - 1; i >= 0; i--)
        {
            powers[i] = Multiply(power, inverseOfX);
            power = Multiply(power, h);
        }
    }

    /// <summary>One reduced product of reflected elements (for the powers of H).</summary>
    internal static Vector128<ulong> Multiply(Vector128<ulong> a, Vector128<ulong> b)
    {
        Vector128<ulong> lo = Pclmulqdq.CarrylessMultiply(a, b, 0x00);
        Vector128<ulong> hi = Pclmulqdq.CarrylessMultiply(a, b, 0x11);
        Vector128<ulong> mid = Pclmulqdq.CarrylessMultiply(a, b, 0x01) ^ Pclmulqdq.CarrylessMultiply(a, b, 0x10);
        return Reduce(lo, mid, hi);
    }

    /// <summary>
    /// Reduces hi·2^128 + mid·2^64 + lo, a sum of carry-less products of reflected elements by twisted powers of H.
    /// The carry-less product of two reflected values is the reflection of their true product times x; with one
    /// factor times x^-1 it is exactly the 256-bit reflection of the product, whose low 128 bits (W1:W0) hold the
    /// coefficients of x^128 and up. x^128 = x^7 + x^2 + x + 1 moves W0 into the next two words as W0·(x^63 + x^62 +
    /// x^57) (a carry-less multiplication by 0xC2000000_00000000) plus W0 itself one word up; done twice (the first
    /// fold fills W1 again) it leaves the result in the high 128 bits. The same operations as
    /// <see cref="GHashKernel.Reduce"/> after its one-bit shift, in vector registers.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<ulong> ReduceTwisted(Vector128<ulong> lo, Vector128<ulong> mid, Vector128<ulong> hi)
    {
        Vector128<ulong> low = lo ^ Sse2.ShiftLeftLogical128BitLane(mid, 8);
        Vector128<ulong> high = hi ^ Sse2.ShiftRightLogical128BitLane(mid, 8);
        Vector128<ulong> fold = Vector128.Create(0xC200000000000000UL, 0UL);
        low = Sse2.Shuffle(low.AsUInt32(), 0x4E).AsUInt64() ^ Pclmulqdq.CarrylessMultiply(low, fold, 0x00);
        low = Sse2.Shuffle(low.AsUInt32(), 0x4E).AsUInt64() ^ Pclmulqdq.CarrylessMultiply(low, fold, 0x00);
        return low ^ high;
    }

    /// <summary>
    /// Reduces hi·2^128 + mid·2^64 + lo, a sum of products of plain (not twisted) reflected elements.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<ulong> Reduce(Vector128<ulong> lo, Vector128<ulong> mid, Vector128<ulong> hi)
    {
        (ulong high, ulong low) = GHashKernel.Reduce(hi.GetElement(1), hi.GetElement(0) ^ mid.GetElement(1),
            lo.GetElement(1) ^ mid.GetElement(0), lo.GetElement(0));
        return Vector128.Create(low, high);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)] // called once per message: never run its loop as tier-0 code
    public override void Update(Span<byte> y, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(y.Length == BlockSize && blocks.Length % BlockSize == 0);
        Vector128<byte> reverse = ByteReverse;
        ref Vector128<ulong> powers = ref MemoryMarshal.GetArrayDataReference(_powers);
        ref byte data = ref MemoryMarshal.GetReference(blocks);
        Vector128<ulong> acc =
            Ssse3.Shuffle(Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(y)), reverse).AsUInt64();
        int length = blocks.Length;
        int offset = 0;
        for (; offset <= length - Group * BlockSize; offset += Group * BlockSize)
        {
            Vector128<ulong> lo = default, mid = default, hi = default;
            ref byte group = ref Unsafe.Add(ref data, offset);
            Vector128<ulong> x = Ssse3.Shuffle(Vector128.LoadUnsafe(ref group), reverse).AsUInt64() ^ acc;
            Accumulate(x, powers, ref lo, ref mid, ref hi);
            for (int i = 1; i < Group; i++)
            {
                x = Ssse3.Shuffle(Vector128.LoadUnsafe(ref group, (nuint)(i * BlockSize)), reverse).AsUInt64();
                Accumulate(x, Unsafe.Add(ref powers, i), ref lo, ref mid, ref hi);
            }

            acc = ReduceTwisted(lo, mid, hi);
        }

        Ssse3.Shuffle(acc.AsByte(), reverse).StoreUnsafe(ref MemoryMarshal.GetReference(y));
        if (offset < length)
        {
            UpdateTail(y, blocks.Slice(offset), _powers);
        }
    }

    /// <summary>
    /// Folds 1 to powers.Length - 1 blocks into <paramref name="y"/> with one reduction: X_1·H^n + ... + X_n·H^1 with
    /// the last n entries of <paramref name="powers"/> (twisted, highest first): every x86 kernel's last partial group.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)] // called once per message: never run its loop as tier-0 code
    internal static void UpdateTail(Span<byte> y, ReadOnlySpan<byte> blocks, Vector128<ulong>[] powers)
    {
        int rest = blocks.Length / BlockSize;
        Debug.Assert(rest > 0 && rest < powers.Length && blocks.Length % BlockSize == 0);
        Vector128<byte> reverse = ByteReverse;
        ref byte data = ref MemoryMarshal.GetReference(blocks);
        ref Vector128<ulong> tail = ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(powers),
            powers.Length - rest);
        Vector128<ulong> x = Ssse3.Shuffle(Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(y)), reverse).AsUInt64()
            ^ Ssse3.Shuffle(Vector128.LoadUnsafe(ref data), reverse).AsUInt64();
        Vector128<ulong> lo = default, mid = default, hi = default;
        Accumulate(x, tail, ref lo, ref mid, ref hi);
        for (int i = 1; i < rest; i++)
        {
            x = Ssse3.Shuffle(Vector128.LoadUnsafe(ref data, (nuint)(i * BlockSize)), reverse).AsUInt64();
            Accumulate(x, Unsafe.Add(ref tail, i), ref lo, ref mid, ref hi);
        }

        Ssse3.Shuffle(ReduceTwisted(lo, mid, hi).AsByte(), reverse).StoreUnsafe(ref MemoryMarshal.GetReference(y));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Accumulate(Vector128<ulong> x, Vector128<ulong> h, ref Vector128<ulong> lo,
        ref Vector128<ulong> mid, ref Vector128<ulong> hi)
    {
        lo ^= Pclmulqdq.CarrylessMultiply(x, h, 0x00);
        hi ^= Pclmulqdq.CarrylessMultiply(x, h, 0x11);
        mid ^= Pclmulqdq.CarrylessMultiply(x, h, 0x01) ^ Pclmulqdq.CarrylessMultiply(x, h, 0x10);
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroVectors(_powers);
        CryptographicOperationsHelper.ZeroVectors(_karatsuba);
    }
}

#if NET9_0_OR_GREATER // Pclmulqdq.V256 is new in .NET 9: the net8.0 build runs GHashPclmulKernel
/// <summary>
/// GHASH on 256-bit VPCLMULQDQ (AVX2 registers): two blocks per carry-less multiply instruction, eight blocks per
/// reduction as in <see cref="GHashPclmulKernel"/> (which also handles the last 1..7 blocks). Constant-time.
/// </summary>
internal sealed class GHashVpclmul256Kernel : GHashKernel, IGHashPowerPairs
{
    private const int Group = 8;

    // (H^8, H^7), (H^6, H^5), (H^4, H^3), (H^2, H^1): the lower lane multiplies the earlier block.
    private readonly Vector256<ulong>[] _pairs;
    private readonly Vector128<ulong>[] _powers = new Vector128<ulong>[Group];
    private readonly Vector256<ulong>[] _karatsubaPairs;

    public GHashVpclmul256Kernel(ReadOnlySpan<byte> hashKey)
    {
        Debug.Assert(IsSupported && hashKey.Length == BlockSize);
        GHashPclmulKernel.ComputePowers(hashKey, _powers);
        _pairs = ComputePairs(_powers);
        _karatsubaPairs = ComputeKaratsubaPairs(_powers);
    }

    public static bool IsSupported => Pclmulqdq.V256.IsSupported && Avx2.IsSupported && GHashPclmulKernel.IsSupported;

    public Vector256<ulong>[] PowerPairs => _pairs;

    public Vector256<ulong>[] KaratsubaPairs => _karatsubaPairs;

    /// <summary>(H^8, H^7), ..., (H^2, H^1) from the last eight of <paramref name="powers"/>.</summary>
    internal static Vector256<ulong>[] ComputePairs(Vector128<ulong>[] powers)
    {
        var pairs = new Vector256<ulong>[Group / 2];
        int first = powers.Length - Group;
        for (int i = 0; i < pairs.Length; i++)
        {
            pairs[i] = Vector256.Create(powers[first + 2 * i], powers[first + 2 * i + 1]);
        }

        return pairs;
    }

    /// <summary>The Karatsuba middle operands of the pairs of <see cref="ComputePairs"/>.</summary>
    internal static Vector256<ulong>[] ComputeKaratsubaPairs(Vector128<ulong>[] powers)
    {
        Vector128<ulong>[] folded = GHashPclmulKernel.ComputeKaratsuba(powers);
        Vector256<ulong>[] pairs = ComputePairs(folded);
        CryptographicOperationsHelper.ZeroVectors(folded);
        return pairs;
    }

    public override string Name => "vpclmul256";

    [MethodImpl(MethodImplOptions.AggressiveOptimization)] // called once per message: never run its loop as tier-0 code
    public override void Update(Span<byte> y, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(y.Length == BlockSize && blocks.Length % BlockSize == 0);
        Vector128<byte> reverse = GHashPclmulKernel.ByteReverse;
        Vector256<byte> reverse256 = Vector256.Create(reverse, reverse);
        ref Vector256<ulong> pairs = ref MemoryMarshal.GetArrayDataReference(_pairs);
        ref byte data = ref MemoryMarshal.GetReference(blocks);
        Vector128<ulong> acc =
            Ssse3.Shuffle(Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(y)), reverse).AsUInt64();
        int length = blocks.Length;
        int offset = 0;
        for (; offset <= length - Group * BlockSize; offset += Group * BlockSize)
        {
            ref byte group = ref Unsafe.Add(ref data, offset);
            Vector256<ulong> x0 = Avx2.Shuffle(Vector256.LoadUnsafe(ref group), reverse256).AsUInt64()
                ^ acc.ToVector256();
            Vector256<ulong> x1 = Avx2.Shuffle(Vector256.LoadUnsafe(ref group, 32), reverse256).AsUInt64();
            Vector256<ulong> x2 = Avx2.Shuffle(Vector256.LoadUnsafe(ref group, 64), reverse256).AsUInt64();
            Vector256<ulong> x3 = Avx2.Shuffle(Vector256.LoadUnsafe(ref group, 96), reverse256).AsUInt64();
            Vector256<ulong> h0 = pairs, h1 = Unsafe.Add(ref pairs, 1), h2 = Unsafe.Add(ref pairs, 2),
                h3 = Unsafe.Add(ref pairs, 3);

            Vector256<ulong> lo = Pclmulqdq.V256.CarrylessMultiply(x0, h0, 0x00)
                ^ Pclmulqdq.V256.CarrylessMultiply(x1, h1, 0x00)
                ^ Pclmulqdq.V256.CarrylessMultiply(x2, h2, 0x00) ^ Pclmulqdq.V256.CarrylessMultiply(x3, h3, 0x00);
            Vector256<ulong> hi = Pclmulqdq.V256.CarrylessMultiply(x0, h0, 0x11)
                ^ Pclmulqdq.V256.CarrylessMultiply(x1, h1, 0x11)
                ^ Pclmulqdq.V256.CarrylessMultiply(x2, h2, 0x11) ^ Pclmulqdq.V256.CarrylessMultiply(x3, h3, 0x11);
            Vector256<ulong> mid = Pclmulqdq.V256.CarrylessMultiply(x0, h0, 0x01)
                ^ Pclmulqdq.V256.CarrylessMultiply(x0, h0, 0x10)
                ^ Pclmulqdq.V256.CarrylessMultiply(x1, h1, 0x01) ^ Pclmulqdq.V256.CarrylessMultiply(x1, h1, 0x10)
                ^ Pclmulqdq.V256.CarrylessMultiply(x2, h2, 0x01) ^ Pclmulqdq.V256.CarrylessMultiply(x2, h2, 0x10)
                ^ Pclmulqdq.V256.CarrylessMultiply(x3, h3, 0x01) ^ Pclmulqdq.V256.CarrylessMultiply(x3, h3, 0x10);

            acc = GHashPclmulKernel.ReduceTwisted(lo.GetLower() ^ lo.GetUpper(), mid.GetLower() ^ mid.GetUpper(),
                hi.GetLower() ^ hi.GetUpper());
        }

        Ssse3.Shuffle(acc.AsByte(), reverse).StoreUnsafe(ref MemoryMarshal.GetReference(y));
        if (offset < length)
        {
            // The last 1..7 blocks, on the 128-bit code with the same powers.
            GHashPclmulKernel.UpdateTail(y, blocks.Slice(offset), _powers);
        }
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroVectors(_powers);
        CryptographicOperationsHelper.ZeroVectors(_pairs);
        CryptographicOperationsHelper.ZeroVectors(_karatsubaPairs);
    }
}

/// <summary>
/// What GCM's stitched loop (<see cref="GcmStitchedX86"/>) needs from a 256-bit-or-wider GHASH kernel: the powers
/// H^8..H^1 in 256-bit pairs and their Karatsuba middle operands.
/// </summary>
internal interface IGHashPowerPairs
{
    /// <summary>(H^8, H^7), ..., (H^2, H^1), twisted; the lower lane multiplies the earlier block.</summary>
    public Vector256<ulong>[] PowerPairs { get; }

    /// <summary>For each lane of <see cref="PowerPairs"/>: its power's two halves xored, in both words.</summary>
    public Vector256<ulong>[] KaratsubaPairs { get; }
}

/// <summary>
/// The two operations of <see cref="GHashVpclmul512Kernel{TInstructions}"/> that need AVX-512: the carry-less
/// multiplication in each of four 128-bit lanes (VPCLMULQDQ zmm) and the byte reversal of each lane (VPSHUFB zmm).
/// <see cref="Vpclmul512Instructions"/> are the instructions; tests on CPUs without them put a software model here,
/// so the kernel's loop, powers and reduction run on every x64 machine.
/// </summary>
internal interface IVpclmul512
{
    /// <summary>In each lane, the 128-bit carry-less product of the low (0x00), high (0x11) or mixed (0x01: a's high
    /// word by b's low word; 0x10: a's low by b's high) 64-bit words.</summary>
    public static abstract Vector512<ulong> Multiply(Vector512<ulong> a, Vector512<ulong> b,
        [ConstantExpected] byte control);

    /// <summary>Reverses the 16 bytes of each 128-bit lane.</summary>
    public static abstract Vector512<ulong> ReverseLanes(Vector512<byte> value);
}

/// <summary>VPCLMULQDQ and VPSHUFB on 512-bit registers.</summary>
internal readonly struct Vpclmul512Instructions : IVpclmul512
{
    private static readonly Vector128<byte> s_reverse = GHashPclmulKernel.ByteReverse;

    public static bool IsSupported => Pclmulqdq.V512.IsSupported && Avx512BW.IsSupported;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<ulong> Multiply(Vector512<ulong> a, Vector512<ulong> b, [ConstantExpected] byte control) =>
        Pclmulqdq.V512.CarrylessMultiply(a, b, control);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<ulong> ReverseLanes(Vector512<byte> value)
    {
        Vector256<byte> reverse = Vector256.Create(s_reverse, s_reverse);
        return Avx512BW.Shuffle(value, Vector512.Create(reverse, reverse)).AsUInt64();
    }
}

/// <summary>
/// GHASH on 512-bit VPCLMULQDQ (AVX-512): four blocks per carry-less multiply instruction, sixteen blocks per
/// reduction (H^16..H^1, twisted as in <see cref="GHashPclmulKernel"/>); the last 1..15 blocks run on the 128-bit code
/// with the same powers. For GCM's stitched loop it also keeps the 256-bit pairs of H^8..H^1, so AES-NI with this
/// kernel stitches as with <see cref="GHashVpclmul256Kernel"/>. Constant-time.
/// </summary>
/// <typeparam name="TInstructions">The AVX-512 operations: <see cref="Vpclmul512Instructions"/>, or a software model
/// in tests.</typeparam>
internal sealed class GHashVpclmul512Kernel<TInstructions> : GHashKernel, IGHashPowerPairs
    where TInstructions : struct, IVpclmul512
{
    private const int Group = 16;

    // (H^16, H^15, H^14, H^13), ..., (H^4, H^3, H^2, H^1): lane k multiplies the group's block 4i + k.
    private readonly Vector512<ulong>[] _quads = new Vector512<ulong>[Group / 4];
    private readonly Vector128<ulong>[] _powers = new Vector128<ulong>[Group];
    private readonly Vector256<ulong>[] _pairs;
    private readonly Vector256<ulong>[] _karatsubaPairs;

    public GHashVpclmul512Kernel(ReadOnlySpan<byte> hashKey)
    {
        Debug.Assert(GHashPclmulKernel.IsSupported && hashKey.Length == BlockSize);
        GHashPclmulKernel.ComputePowers(hashKey, _powers);
        for (int i = 0; i < _quads.Length; i++)
        {
            _quads[i] = Vector512.Create(
                Vector256.Create(_powers[4 * i], _powers[4 * i + 1]),
                Vector256.Create(_powers[4 * i + 2], _powers[4 * i + 3]));
        }

        _pairs = GHashVpclmul256Kernel.ComputePairs(_powers);
        _karatsubaPairs = GHashVpclmul256Kernel.ComputeKaratsubaPairs(_powers);
    }

    public override string Name => "vpclmul512";

    public Vector256<ulong>[] PowerPairs => _pairs;

    public Vector256<ulong>[] KaratsubaPairs => _karatsubaPairs;

    [MethodImpl(MethodImplOptions.AggressiveOptimization)] // called once per message: never run its loop as tier-0 code
    public override void Update(Span<byte> y, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(y.Length == BlockSize && blocks.Length % BlockSize == 0);
        Vector128<byte> reverse = GHashPclmulKernel.ByteReverse;
        ref Vector512<ulong> quads = ref MemoryMarshal.GetArrayDataReference(_quads);
        ref byte data = ref MemoryMarshal.GetReference(blocks);
        Vector128<ulong> acc =
            Ssse3.Shuffle(Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(y)), reverse).AsUInt64();
        int length = blocks.Length;
        int offset = 0;
        for (; offset <= length - Group * BlockSize; offset += Group * BlockSize)
        {
            ref byte group = ref Unsafe.Add(ref data, offset);
            Vector512<ulong> x0 = TInstructions.ReverseLanes(Vector512.LoadUnsafe(ref group))
                ^ acc.ToVector256().ToVector512();
            Vector512<ulong> x1 = TInstructions.ReverseLanes(Vector512.LoadUnsafe(ref group, 64));
            Vector512<ulong> x2 = TInstructions.ReverseLanes(Vector512.LoadUnsafe(ref group, 128));
            Vector512<ulong> x3 = TInstructions.ReverseLanes(Vector512.LoadUnsafe(ref group, 192));
            Vector512<ulong> h0 = quads, h1 = Unsafe.Add(ref quads, 1), h2 = Unsafe.Add(ref quads, 2),
                h3 = Unsafe.Add(ref quads, 3);

            Vector512<ulong> lo = TInstructions.Multiply(x0, h0, 0x00) ^ TInstructions.Multiply(x1, h1, 0x00)
                ^ TInstructions.Multiply(x2, h2, 0x00) ^ TInstructions.Multiply(x3, h3, 0x00);
            Vector512<ulong> hi = TInstructions.Multiply(x0, h0, 0x11) ^ TInstructions.Multiply(x1, h1, 0x11)
                ^ TInstructions.Multiply(x2, h2, 0x11) ^ TInstructions.Multiply(x3, h3, 0x11);
            Vector512<ulong> mid = TInstructions.Multiply(x0, h0, 0x01) ^ TInstructions.Multiply(x0, h0, 0x10)
                ^ TInstructions.Multiply(x1, h1, 0x01) ^ TInstructions.Multiply(x1, h1, 0x10)
                ^ TInstructions.Multiply(x2, h2, 0x01) ^ TInstructions.Multiply(x2, h2, 0x10)
                ^ TInstructions.Multiply(x3, h3, 0x01) ^ TInstructions.Multiply(x3, h3, 0x10);

            acc = GHashPclmulKernel.ReduceTwisted(SumLanes(lo), SumLanes(mid), SumLanes(hi));
        }

        Ssse3.Shuffle(acc.AsByte(), reverse).StoreUnsafe(ref MemoryMarshal.GetReference(y));
        if (offset < length)
        {
            GHashPclmulKernel.UpdateTail(y, blocks.Slice(offset), _powers);
        }
    }

    /// <summary>The xor of the four 128-bit lanes: the sum of four unreduced partial products.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> SumLanes(Vector512<ulong> value)
    {
        Vector256<ulong> half = value.GetLower() ^ value.GetUpper();
        return half.GetLower() ^ half.GetUpper();
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroVectors(_powers);
        CryptographicOperationsHelper.ZeroVectors(_quads);
        CryptographicOperationsHelper.ZeroVectors(_pairs);
        CryptographicOperationsHelper.ZeroVectors(_karatsubaPairs);
    }
}
#endif
