// The kernels of a family registry that run in this process: what the vector checks enumerate, in the xunit suite
// (every entry the CPU supports) and in the Mono runner (the netstandard2.0 build, whose registries hold only the
// portable entries). Entries this process cannot run are listed by the xunit suite's skipped-kernel test.

using System;
using System.Linq;

namespace CryptoCli.VectorChecks;

internal static class FamilyKernels
{
    /// <summary>The supported entries of <paramref name="registry"/>, in registry order.</summary>
    public static KernelEntry<TFactory>[] Supported<TFactory>(KernelRegistry<KernelEntry<TFactory>> registry)
        where TFactory : Delegate =>
        registry.Entries.Where(e => e.IsSupported).ToArray();
}
