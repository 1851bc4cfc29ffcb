using System;

namespace CryptoCli;

/// <summary>
/// Optional capability of a kernel: a fused counter-mode loop (counter blocks built in registers, encrypted
/// interleaved and XORed in one pass). The <see cref="Ctr"/> mode uses it when the kernel has it.
/// </summary>
internal interface ICounterModeKernel
{
    /// <summary>
    /// XORs <paramref name="source"/> (any length) with E(counter), E(counter + 1), ... where only the
    /// <paramref name="width"/> low-order bytes of the counter count; on exit <paramref name="counter"/> is advanced
    /// past every block used (a partial last block uses one counter value). <paramref name="destination"/> has the
    /// source's length and is disjoint from it or the same memory.
    /// </summary>
    public void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counter, CounterWidth width);
}
