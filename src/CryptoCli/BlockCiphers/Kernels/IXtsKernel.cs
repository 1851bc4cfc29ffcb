using System;

namespace CryptoCli;

/// <summary>
/// Optional capability: XTS's XEX step fused over whole blocks (the tweaks computed in registers, the blocks encrypted
/// interleaved and whitened on both sides in one pass). <see cref="BlockCipherXts"/> uses it when the data kernel has
/// it, on little-endian processes.
/// </summary>
internal interface IXtsKernel
{
    /// <summary>
    /// Block j of <paramref name="source"/> (whole blocks, any number) becomes E(B_j xor T_j) xor T_j, or D(...) when
    /// <paramref name="encrypt"/> is false, with T_j = T·α^j in GF(2^128) (IEEE 1619: bytes 0-7 of T are the
    /// little-endian word <paramref name="tweakLo"/>, bytes 8-15 <paramref name="tweakHi"/>). On exit the tweak is
    /// T·α^n, n the number of blocks. <paramref name="destination"/> is as long, disjoint or the same memory. The
    /// tweak arithmetic never branches on or indexes by tweak bits.
    /// </summary>
    public void TransformXts(ReadOnlySpan<byte> source, Span<byte> destination, ref ulong tweakLo, ref ulong tweakHi,
        bool encrypt);
}
