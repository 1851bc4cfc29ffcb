using System.Collections.Generic;
using System.Linq;

namespace CryptoCli.Tests;

/// <summary>The kernels of a registry that run in this process: what every kernel-level test enumerates.</summary>
internal static class RegisteredKernels
{
    public static IEnumerable<BlockCipherKernel> Create(KernelRegistry<BlockCipherKernelEntry> registry, byte[] key,
        int blockSizeInBytes) =>
        registry.Entries.Where(e => e.IsSupported(blockSizeInBytes)).Select(e => e.Create(key, blockSizeInBytes));
}
