// Test-side source, not shipped: compiled into the xunit suite, the Mono runner and the benchmarks through
// <Compile Include="../../tests/Shared/..."/>. It reaches the library's internals through InternalsVisibleTo.

using System;

namespace CryptoCli;

/// <summary>
/// CBC and CTR called on a kernel, through the modes (so the kernel's fused loop runs when it has one): the form
/// the tests, the vector checks and the benchmarks use to exercise one kernel.
/// </summary>
internal static class BlockCipherKernelExtensions
{
    public static void EncryptCbc(this BlockCipherKernel kernel, ReadOnlySpan<byte> source, Span<byte> destination,
        Span<byte> chainingValue) =>
        Cbc.EncryptBlocks(kernel, source, destination, chainingValue);

    public static void DecryptCbc(this BlockCipherKernel kernel, ReadOnlySpan<byte> source, Span<byte> destination,
        Span<byte> chainingValue) =>
        Cbc.DecryptBlocks(kernel, source, destination, chainingValue);

    /// <summary>CTR with a full-block counter, advanced past every block used.</summary>
    public static void TransformCtr(this BlockCipherKernel kernel, ReadOnlySpan<byte> source, Span<byte> destination,
        Span<byte> counter) =>
        Ctr.Transform(kernel, source, destination, counter, CounterWidth.FullBlock);
}
