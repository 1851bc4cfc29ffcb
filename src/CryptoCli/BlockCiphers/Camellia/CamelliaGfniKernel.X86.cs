// Camellia (RFC 3713), byte-sliced kernel on GFNI (.NET 10 or later): the rounds of CamelliaByteSliced.X86.cs with a
// backend whose S-box is two instructions, GF2P8AFFINEQB (an 8x8 bit matrix times every byte) and GF2P8AFFINEINVQB
// (the same after inversion in the AES field), the design of Botan's and libgcrypt's GFNI Camellia. Camellia's
// S-boxes are affine maps around inversion in a field of 256 elements; the field change, the S-box's own affine maps
// and s2/s3/s4's rotations are folded into the two matrices (CamelliaAffine.cs, docs/camellia-gfni.md), the round key
// into one XOR between them. No lane moves, so no ShiftRows bookkeeping. Widths: 256-bit registers (Gfni.V256, AVX2
// for the rest of the round) and 512-bit ones (Gfni.V512, AVX512BW), each handing batches too short for it to the
// narrower widths. The instructions go through IGaloisFieldAffine so that tests can put a software model of them in
// their place on CPUs without GFNI (the rounds, transposes, key forms and passes are then tested everywhere).
#if NET10_0_OR_GREATER
using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli;

/// <summary>
/// The byte-sliced GFNI kernel: <see cref="CamelliaByteSlicedKernel{TSBoxes}"/> with the GFNI backend, in passes of
/// 512-bit registers (64 blocks) or 256-bit ones (32 blocks), then narrower registers down to 16 blocks.
/// </summary>
internal sealed class CamelliaGfniKernel : CamelliaByteSlicedKernel<CamelliaGfniSBoxes<GfniInstructions>>
{
    public CamelliaGfniKernel(ReadOnlySpan<byte> key, bool use512)
        : base(key, use512 ? 512 : 256, use512 ? "gfni-v512" : "gfni-v256")
    {
        System.Diagnostics.Debug.Assert(use512 ? IsSupported512 : IsSupported256);
    }

    /// <summary>
    /// GFNI on 128- and 256-bit registers with SSSE3 and AVX2 for the rest of the round (the 256-bit kernel and its
    /// 16-block tail).
    /// </summary>
    public static bool IsSupported256 =>
        Gfni.IsSupported && Gfni.V256.IsSupported && Avx2.IsSupported && Ssse3.IsSupported;

    /// <summary>
    /// The above, and GFNI on 512-bit registers with AVX512BW (byte shuffles and 16-bit shifts on 512 bits).
    /// </summary>
    public static bool IsSupported512 =>
        IsSupported256 && Gfni.V512.IsSupported && Avx512BW.IsSupported && Avx512F.IsSupported;

    /// <summary>The matrices and the round-key input map as vectors (static readonly: the JIT embeds them).</summary>
    internal static class Constants
    {
        public static readonly Vector128<byte> Pre1 = Vector128.Create(CamelliaAffine.GfniPre1).AsByte();
        public static readonly Vector128<byte> Pre4 = Vector128.Create(CamelliaAffine.GfniPre4).AsByte();
        public static readonly Vector128<byte> Post1 = Vector128.Create(CamelliaAffine.GfniPost1).AsByte();
        public static readonly Vector128<byte> Post2 = Vector128.Create(CamelliaAffine.GfniPost2).AsByte();
        public static readonly Vector128<byte> Post3 = Vector128.Create(CamelliaAffine.GfniPost3).AsByte();

        /// <summary>The identity lane permutation (PSHUFB mask): this backend moves no lanes.</summary>
        public static readonly Vector128<byte> Identity =
            Vector128.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    }
}

/// <summary>
/// GF2P8AFFINEQB and GF2P8AFFINEINVQB on a register of byte slices: the instructions (<see cref="GfniInstructions"/>)
/// or, in tests on CPUs without them, a software model of their definition.
/// </summary>
internal interface IGaloisFieldAffine
{
    public static abstract TSlice Transform<TSlice>(TSlice x, TSlice matrix, [ConstantExpected] byte constant)
        where TSlice : struct, ICamelliaSlice<TSlice>;

    public static abstract TSlice TransformInverse<TSlice>(TSlice x, TSlice matrix, [ConstantExpected] byte constant)
        where TSlice : struct, ICamelliaSlice<TSlice>;
}

/// <summary>The GFNI instructions of the register width (Gfni, Gfni.V256, Gfni.V512).</summary>
internal readonly struct GfniInstructions : IGaloisFieldAffine
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TSlice Transform<TSlice>(TSlice x, TSlice matrix, [ConstantExpected] byte constant)
        where TSlice : struct, ICamelliaSlice<TSlice> =>
        TSlice.GaloisFieldAffineTransform(x, matrix, constant);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TSlice TransformInverse<TSlice>(TSlice x, TSlice matrix, [ConstantExpected] byte constant)
        where TSlice : struct, ICamelliaSlice<TSlice> =>
        TSlice.GaloisFieldAffineTransformInverse(x, matrix, constant);
}

/// <summary>
/// Camellia's S-boxes as s(x ^ k) = GF2P8AFFINEINVQB(GF2P8AFFINEQB(x, P, 0) ^ round key, H, d), with the round key
/// byte in the form P(k) ^ c (<see cref="CamelliaAffine"/>). s4 has its own P (its input rotation), s2 and s3 their
/// own H and d (their output rotations). Forward and inverse rounds are the same; no lane is moved.
/// </summary>
internal readonly struct CamelliaGfniSBoxes<TAffine> : ICamelliaSBoxes
    where TAffine : struct, IGaloisFieldAffine
{
    public static Vector128<byte> EntryPermutation => CamelliaGfniKernel.Constants.Identity;

    public static Vector128<byte> ExitPermutation => CamelliaGfniKernel.Constants.Identity;

    public static Vector128<byte> RoundKey(byte keyByte, int position, bool inverse)
    {
        ulong pre = position == 3 || position == 6 ? CamelliaAffine.GfniPre4 : CamelliaAffine.GfniPre1;
        return Vector128.Create((byte)(CamelliaAffine.GfniMultiply(pre, keyByte) ^ CamelliaAffine.GfniInputConstant));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TSlice SBox<TSlice>(TSlice x, TSlice roundKey, int position, bool inverse)
        where TSlice : struct, ICamelliaSlice<TSlice>
    {
        // Positions 0..7 take s1, s2, s3, s4, s2, s3, s4, s1 (the position is a constant once inlined).
        bool s4 = position == 3 || position == 6;
        TSlice pre = TSlice.Create(s4 ? CamelliaGfniKernel.Constants.Pre4 : CamelliaGfniKernel.Constants.Pre1);
        TSlice y = TAffine.Transform(x, pre, 0) ^ roundKey;
        if (position is 1 or 4)
        {
            return TAffine.TransformInverse(y, TSlice.Create(CamelliaGfniKernel.Constants.Post2),
                CamelliaAffine.GfniOutputConstant2);
        }

        if (position is 2 or 5)
        {
            return TAffine.TransformInverse(y, TSlice.Create(CamelliaGfniKernel.Constants.Post3),
                CamelliaAffine.GfniOutputConstant3);
        }

        return TAffine.TransformInverse(y, TSlice.Create(CamelliaGfniKernel.Constants.Post1),
            CamelliaAffine.GfniOutputConstant1);
    }
}

/// <summary>
/// 64 blocks per register. With AVX512BW every operation is one instruction; without it (only in tests, which run
/// the GFNI rounds on a software model of the instructions) the cross-platform Vector512 operations and AVX2 on each
/// 256-bit half stand in, with the same per-128-bit-part semantics.
/// </summary>
internal struct CamelliaSlice512 : ICamelliaSlice<CamelliaSlice512>
{
    // Every operation sets the field of a default value (no constructor call), as in CamelliaSlice128.
    private Vector512<byte> _value;

    public static int Blocks => 64;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 Create(Vector128<byte> pattern)
    {
        CamelliaSlice512 result = default;
        Vector256<byte> half = Vector256.Create(pattern, pattern);
        result._value = Vector512.Create(half, half);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 Create(byte value)
    {
        CamelliaSlice512 result = default;
        result._value = Vector512.Create(value);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 Load(ref byte source, nuint offset)
    {
        CamelliaSlice512 result = default;
        result._value = Vector512.LoadUnsafe(ref source, offset);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(CamelliaSlice512 value, ref byte destination, nuint offset) =>
        value._value.StoreUnsafe(ref destination, offset);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 operator ^(CamelliaSlice512 left, CamelliaSlice512 right)
    {
        CamelliaSlice512 result = default;
        result._value = left._value ^ right._value;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 operator &(CamelliaSlice512 left, CamelliaSlice512 right)
    {
        CamelliaSlice512 result = default;
        result._value = left._value & right._value;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 operator |(CamelliaSlice512 left, CamelliaSlice512 right)
    {
        CamelliaSlice512 result = default;
        result._value = left._value | right._value;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 Double(CamelliaSlice512 value)
    {
        CamelliaSlice512 result = default;
        result._value = value._value + value._value;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 ShiftRightLogical16(CamelliaSlice512 value, [ConstantExpected] byte count)
    {
        CamelliaSlice512 result = default;
        result._value = Vector512.ShiftRightLogical(value._value.AsUInt16(), count).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 Shuffle(CamelliaSlice512 table, CamelliaSlice512 indices)
    {
        CamelliaSlice512 result = default;
        result._value = Avx512BW.IsSupported
            ? Avx512BW.Shuffle(table._value, indices._value)
            : Vector512.Create(Avx2.Shuffle(table._value.GetLower(), indices._value.GetLower()),
                Avx2.Shuffle(table._value.GetUpper(), indices._value.GetUpper()));
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 AesEncryptLast(CamelliaSlice512 value)
    {
        // Not used by the GFNI backend; AES-NI on each 128-bit part (no 512-bit VAES intrinsics in .NET 10).
        CamelliaSlice512 result = default;
        result._value = Vector512.Create(
            Vector256.Create(X86Aes.EncryptLast(value._value.GetLower().GetLower(), Vector128<byte>.Zero),
                X86Aes.EncryptLast(value._value.GetLower().GetUpper(), Vector128<byte>.Zero)),
            Vector256.Create(X86Aes.EncryptLast(value._value.GetUpper().GetLower(), Vector128<byte>.Zero),
                X86Aes.EncryptLast(value._value.GetUpper().GetUpper(), Vector128<byte>.Zero)));
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 AesDecryptLast(CamelliaSlice512 value)
    {
        CamelliaSlice512 result = default;
        result._value = Vector512.Create(
            Vector256.Create(X86Aes.DecryptLast(value._value.GetLower().GetLower(), Vector128<byte>.Zero),
                X86Aes.DecryptLast(value._value.GetLower().GetUpper(), Vector128<byte>.Zero)),
            Vector256.Create(X86Aes.DecryptLast(value._value.GetUpper().GetLower(), Vector128<byte>.Zero),
                X86Aes.DecryptLast(value._value.GetUpper().GetUpper(), Vector128<byte>.Zero)));
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 UnpackLow32(CamelliaSlice512 left, CamelliaSlice512 right)
    {
        CamelliaSlice512 result = default;
        result._value = Avx512F.IsSupported
            ? Avx512F.UnpackLow(left._value.AsUInt32(), right._value.AsUInt32()).AsByte()
            : Vector512.Create(
                Avx2.UnpackLow(left._value.GetLower().AsUInt32(), right._value.GetLower().AsUInt32()),
                Avx2.UnpackLow(left._value.GetUpper().AsUInt32(), right._value.GetUpper().AsUInt32())).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 UnpackHigh32(CamelliaSlice512 left, CamelliaSlice512 right)
    {
        CamelliaSlice512 result = default;
        result._value = Avx512F.IsSupported
            ? Avx512F.UnpackHigh(left._value.AsUInt32(), right._value.AsUInt32()).AsByte()
            : Vector512.Create(
                Avx2.UnpackHigh(left._value.GetLower().AsUInt32(), right._value.GetLower().AsUInt32()),
                Avx2.UnpackHigh(left._value.GetUpper().AsUInt32(), right._value.GetUpper().AsUInt32())).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 UnpackLow64(CamelliaSlice512 left, CamelliaSlice512 right)
    {
        CamelliaSlice512 result = default;
        result._value = Avx512F.IsSupported
            ? Avx512F.UnpackLow(left._value.AsUInt64(), right._value.AsUInt64()).AsByte()
            : Vector512.Create(
                Avx2.UnpackLow(left._value.GetLower().AsUInt64(), right._value.GetLower().AsUInt64()),
                Avx2.UnpackLow(left._value.GetUpper().AsUInt64(), right._value.GetUpper().AsUInt64())).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 UnpackHigh64(CamelliaSlice512 left, CamelliaSlice512 right)
    {
        CamelliaSlice512 result = default;
        result._value = Avx512F.IsSupported
            ? Avx512F.UnpackHigh(left._value.AsUInt64(), right._value.AsUInt64()).AsByte()
            : Vector512.Create(
                Avx2.UnpackHigh(left._value.GetLower().AsUInt64(), right._value.GetLower().AsUInt64()),
                Avx2.UnpackHigh(left._value.GetUpper().AsUInt64(), right._value.GetUpper().AsUInt64())).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 GaloisFieldAffineTransform(CamelliaSlice512 x, CamelliaSlice512 matrix,
        [ConstantExpected] byte constant)
    {
        CamelliaSlice512 result = default;
        result._value = Gfni.V512.GaloisFieldAffineTransform(x._value, matrix._value, constant);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice512 GaloisFieldAffineTransformInverse(CamelliaSlice512 x, CamelliaSlice512 matrix,
        [ConstantExpected] byte constant)
    {
        CamelliaSlice512 result = default;
        result._value = Gfni.V512.GaloisFieldAffineTransformInverse(x._value, matrix._value, constant);
        return result;
    }
}
#endif
