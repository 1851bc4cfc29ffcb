namespace CryptoCli.Benchmarks;

/// <summary>
/// The kernels the per-kernel rows time, taken from the cipher's registry by name (as the tests and the Mono runner
/// enumerate it), so a row names the registered entry rather than a kernel class.
/// </summary>
internal static class RegisteredKernel
{
    /// <summary>The entry <paramref name="name"/> of <paramref name="registry"/> for this key, or null where it cannot run.</summary>
    public static BlockCipherKernel? TryCreate(KernelRegistry<BlockCipherKernelEntry> registry, string name,
        byte[] key, int blockBytes = 16)
    {
        BlockCipherKernelEntry entry = registry.Get(name);
        return entry.IsSupported(blockBytes) ? entry.Create(key, blockBytes) : null;
    }

    /// <summary>The entry <paramref name="name"/>, which always runs (a portable or reference kernel).</summary>
    public static BlockCipherKernel Create(KernelRegistry<BlockCipherKernelEntry> registry, string name, byte[] key,
        int blockBytes = 16) =>
        registry.Get(name).Create(key, blockBytes);
}
