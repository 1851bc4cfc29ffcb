// The block ciphers' kernel entries: one instance of the registry every family uses (KernelRegistry.cs), with a
// support test and a factory that take the block size (Rijndael's hardware paths run at some block sizes only).

global using BlockCipherKernelRegistry = CryptoCli.KernelRegistry<CryptoCli.BlockCipherKernelEntry>;

using System;
using System.Diagnostics;

namespace CryptoCli;

/// <summary>Creates a kernel bound to <paramref name="key"/> for blocks of
/// <paramref name="blockSizeInBytes"/>.</summary>
internal delegate BlockCipherKernel BlockCipherKernelFactory(ReadOnlySpan<byte> key, int blockSizeInBytes);

/// <summary>A registered block-cipher kernel; support may depend on the block size (Rijndael's hardware
/// paths).</summary>
internal sealed class BlockCipherKernelEntry : KernelEntry
{
    private readonly Func<int, bool> _isSupported;
    private readonly BlockCipherKernelFactory _create;

    public BlockCipherKernelEntry(string name, Func<int, bool> isSupported, BlockCipherKernelFactory create,
        bool isConstantTime = false, bool usesHardware = false, KernelPreference preference = KernelPreference.Default)
        : base(name, isConstantTime, usesHardware, preference)
    {
        _isSupported = isSupported;
        _create = create;
    }

    /// <summary>True when the kernel runs in this process for blocks of <paramref name="blockSizeInBytes"/>.</summary>
    public bool IsSupported(int blockSizeInBytes) => _isSupported(blockSizeInBytes);

    public BlockCipherKernel Create(ReadOnlySpan<byte> key, int blockSizeInBytes)
    {
        Debug.Assert(IsSupported(blockSizeInBytes));
        return _create(key, blockSizeInBytes);
    }

    internal override bool RunsAt(int blockSizeInBytes) => IsSupported(blockSizeInBytes);
}

/// <summary>What only the block ciphers' registries do.</summary>
internal static class BlockCipherKernelRegistryExtensions
{
    /// <summary>Creates the default kernel at this block size (see
    /// <see cref="KernelRegistry{TEntry}.Select"/>).</summary>
    public static BlockCipherKernel CreateDefault(this KernelRegistry<BlockCipherKernelEntry> registry,
        ReadOnlySpan<byte> key, int blockSizeInBytes) =>
        registry.Select(blockSizeInBytes).Create(key, blockSizeInBytes);
}
