using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace CryptoCli;

/// <summary>Creates a kernel bound to <paramref name="key"/> for blocks of <paramref name="blockSizeInBytes"/>.</summary>
internal delegate BlockCipherKernel BlockCipherKernelFactory(ReadOnlySpan<byte> key, int blockSizeInBytes);

/// <summary>A registered block-cipher kernel; support may depend on the block size (Rijndael's hardware paths).</summary>
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
}

/// <summary>The ordered kernel list of one block cipher (see <see cref="KernelEntry"/>).</summary>
internal sealed class BlockCipherKernelRegistry
{
    private readonly BlockCipherKernelEntry[] _entries;

    public BlockCipherKernelRegistry(params BlockCipherKernelEntry[] entries)
    {
        Debug.Assert(entries.Length > 0);
        _entries = entries;
    }

    public IReadOnlyList<BlockCipherKernelEntry> Entries => _entries;

    /// <summary>The first supported entry the preferences allow (every registry ends with a portable kernel that always qualifies).</summary>
    public BlockCipherKernelEntry Select(int blockSizeInBytes, bool allowVariableTime = false)
    {
        foreach (BlockCipherKernelEntry entry in _entries)
        {
            if (entry.MayBeDefault(allowVariableTime) && entry.IsSupported(blockSizeInBytes))
            {
                return entry;
            }
        }

        throw new InvalidOperationException("No kernel is registered for this block size.");
    }

    /// <summary>Creates the default kernel (see <see cref="Select"/>).</summary>
    public BlockCipherKernel CreateDefault(ReadOnlySpan<byte> key, int blockSizeInBytes) => Select(blockSizeInBytes).Create(key, blockSizeInBytes);

    /// <summary>The entry called <paramref name="name"/> (tests and benchmarks pin a kernel this way).</summary>
    public BlockCipherKernelEntry Get(string name)
    {
        foreach (BlockCipherKernelEntry entry in _entries)
        {
            if (entry.Name == name)
            {
                return entry;
            }
        }

        throw new ArgumentException($"No kernel called '{name}'.", nameof(name));
    }
}
