using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace CryptoCli;

/// <summary>
/// GHASH without carry-less-multiply instructions and without tables (the constant-time method of BearSSL's
/// ghash_ctmul64): a 64x64-bit carry-less product is assembled from four ordinary integer multiplications of
/// operands masked to every fourth bit ("multiplications with holes"), so the carries of each partial product land
/// in the holes and are masked away. The high half of each 64x64 product comes from the same routine on
/// bit-reversed operands; Karatsuba makes three 64x64 products (six calls) per block. Constant-time wherever the
/// 64-bit integer multiplication is (x64, ARM64; not guaranteed on some 32-bit CPUs, where it is a library routine).
/// </summary>
internal sealed class GHashPortableKernel : GHashKernel
{
    private ulong _h0;
    private ulong _h1;
    private ulong _h0Reversed;
    private ulong _h1Reversed;

    public GHashPortableKernel(ReadOnlySpan<byte> hashKey)
    {
        Debug.Assert(hashKey.Length == BlockSize);
        (_h1, _h0) = ReadReflected(hashKey);
        _h0Reversed = ReverseBits(_h0);
        _h1Reversed = ReverseBits(_h1);
    }

    public override string Name => "portable";

    [MethodImpl(CompileOptions.OptimizeAtOnce)] // called once per message: never run its loop as tier-0 code
    public override void Update(Span<byte> y, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(y.Length == BlockSize && blocks.Length % BlockSize == 0);
        (ulong y1, ulong y0) = ReadReflected(y);
        ulong h0 = _h0, h1 = _h1, h2 = h0 ^ h1;
        ulong h0r = _h0Reversed, h1r = _h1Reversed, h2r = h0r ^ h1r;
        for (int offset = 0; offset < blocks.Length; offset += BlockSize)
        {
            (ulong x1, ulong x0) = ReadReflected(blocks.Slice(offset, BlockSize));
            y1 ^= x1;
            y0 ^= x0;
            ulong y0r = ReverseBits(y0), y1r = ReverseBits(y1);
            ulong y2 = y0 ^ y1, y2r = y0r ^ y1r;

            // Low and (reversed) high halves of y0·h0, y1·h1 and the Karatsuba middle (y0^y1)·(h0^h1).
            ulong z0 = MultiplyLow(y0, h0), z1 = MultiplyLow(y1, h1), z2 = MultiplyLow(y2, h2);
            ulong z0h = MultiplyLow(y0r, h0r), z1h = MultiplyLow(y1r, h1r), z2h = MultiplyLow(y2r, h2r);
            z2 ^= z0 ^ z1;
            z2h ^= z0h ^ z1h;
            z0h = ReverseBits(z0h) >> 1;
            z1h = ReverseBits(z1h) >> 1;
            z2h = ReverseBits(z2h) >> 1;

            (y1, y0) = Reduce(z1h, z1 ^ z2h, z0h ^ z2, z0);
        }

        WriteReflected(y, y1, y0);
    }

    /// <summary>
    /// The low 64 bits of the carry-less product of x and y, from integer multiplications with holes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong MultiplyLow(ulong x, ulong y)
    {
        const ulong M0 = 0x1111111111111111, M1 = 0x2222222222222222, M2 = 0x4444444444444444, M3 = 0x8888888888888888;
        ulong x0 = x & M0, x1 = x & M1, x2 = x & M2, x3 = x & M3;
        ulong y0 = y & M0, y1 = y & M1, y2 = y & M2, y3 = y & M3;
        ulong z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
        ulong z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
        ulong z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
        ulong z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
        return (z0 & M0) | (z1 & M1) | (z2 & M2) | (z3 & M3);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong ReverseBits(ulong x)
    {
        x = ((x & 0x5555555555555555) << 1) | ((x >> 1) & 0x5555555555555555);
        x = ((x & 0x3333333333333333) << 2) | ((x >> 2) & 0x3333333333333333);
        x = ((x & 0x0F0F0F0F0F0F0F0F) << 4) | ((x >> 4) & 0x0F0F0F0F0F0F0F0F);
        x = ((x & 0x00FF00FF00FF00FF) << 8) | ((x >> 8) & 0x00FF00FF00FF00FF);
        x = ((x & 0x0000FFFF0000FFFF) << 16) | ((x >> 16) & 0x0000FFFF0000FFFF);
        return (x << 32) | (x >> 32);
    }

    protected override void Dispose(bool disposing)
    {
        _h0 = _h1 = _h0Reversed = _h1Reversed = 0;
    }
}
