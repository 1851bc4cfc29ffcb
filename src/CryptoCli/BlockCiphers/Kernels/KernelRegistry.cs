// The one kernel registry of the library: every family (the block ciphers, GHASH, MUGI, Luffa, Haraka) lists its
// kernels as entries of a KernelRegistry<TEntry>, and its public type, the tests, the Mono runner, the benchmarks
// and the leakage tool read the same list.

using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace CryptoCli;

/// <summary>When a registered kernel may be a public type's default (tests and benchmarks enumerate every entry
/// regardless).</summary>
internal enum KernelPreference
{
    /// <summary>Chosen whenever it is supported and no earlier entry is.</summary>
    Default,

    /// <summary>A variable-time kernel chosen only when the user opts in to variable-time code; otherwise skipped
    /// for a later constant-time entry.</summary>
    VariableTimeOptIn,

    /// <summary>Preferred in 64-bit processes only (its 32-bit sibling is faster elsewhere).</summary>
    On64BitProcess,

    /// <summary>Preferred in 32-bit processes only.</summary>
    On32BitProcess,

    /// <summary>Not for production: never the default, only run when pinned by name (tests, benchmarks, the leakage
    /// tool). A straightforward reference kernel kept as a test oracle, or a kernel whose time was measured to depend
    /// on its data.</summary>
    TestsAndBenchmarksOnly,
}

/// <summary>The one word-size test of the library (a JIT-time constant).</summary>
internal static class WordSize
{
    public static bool Is64Bit => IntPtr.Size == 8;
}

/// <summary>
/// One entry of a family's kernel registry: a name, whether it runs in this process, how to create it, and
/// when it may be the default. A family's registry is an ordered list of these: the public type takes the first
/// supported entry its preference allows, and the tests, the Mono runner and the benchmarks enumerate the same list.
/// </summary>
internal abstract class KernelEntry
{
    protected KernelEntry(string name, bool isConstantTime, bool usesHardware, KernelPreference preference)
    {
        Name = name;
        IsConstantTime = isConstantTime;
        UsesHardware = usesHardware;
        Preference = preference;
    }

    /// <summary>The short name used by tests and benchmarks ("portable", "aesni", "table64", ...).</summary>
    public string Name { get; }

    /// <summary>True when the kernel has no secret-dependent branch or memory index.</summary>
    public bool IsConstantTime { get; }

    /// <summary>True when the kernel runs on hardware instructions (AES-NI, ARMv8 AES, AVX2, ...).</summary>
    public bool UsesHardware { get; }

    public KernelPreference Preference { get; }

    /// <summary>Whether the preference lets this entry be the default in this process.</summary>
    public bool MayBeDefault(bool allowVariableTime) => Preference switch
    {
        KernelPreference.Default => true,
        KernelPreference.VariableTimeOptIn => allowVariableTime,
        KernelPreference.On64BitProcess => WordSize.Is64Bit,
        KernelPreference.On32BitProcess => !WordSize.Is64Bit,
        _ => false,
    };

    /// <summary>True when the kernel runs in this process for blocks of <paramref name="blockSizeInBytes"/>; the
    /// families whose kernels do not depend on a block size ignore it.</summary>
    internal abstract bool RunsAt(int blockSizeInBytes);

    public override string ToString() => Name;
}

/// <summary>
/// A registered kernel of a family whose kernels do not depend on a block size (GHASH, MUGI, Luffa, Haraka): one
/// <see cref="IsSupported"/> test and a factory of the family's own shape (<typeparamref name="TFactory"/>).
/// </summary>
internal sealed class KernelEntry<TFactory> : KernelEntry
    where TFactory : Delegate
{
    private readonly Func<bool> _isSupported;

    public KernelEntry(string name, Func<bool> isSupported, TFactory create,
        bool isConstantTime = false, bool usesHardware = false, KernelPreference preference = KernelPreference.Default)
        : base(name, isConstantTime, usesHardware, preference)
    {
        _isSupported = isSupported;
        Create = create;
    }

    /// <summary>True when the kernel runs in this process.</summary>
    public bool IsSupported => _isSupported();

    /// <summary>Creates the kernel (only call it when <see cref="IsSupported"/>).</summary>
    public TFactory Create { get; }

    internal override bool RunsAt(int blockSizeInBytes) => IsSupported;
}

/// <summary>
/// The ordered kernel list of one family (see <see cref="KernelEntry"/>); the last entry always runs. The block
/// ciphers' registries hold <see cref="BlockCipherKernelEntry"/> items and select per block size; the other families'
/// hold <see cref="KernelEntry{TFactory}"/> items and use <see cref="Default"/>.
/// </summary>
internal sealed class KernelRegistry<TEntry>
    where TEntry : KernelEntry
{
    /// <summary>The block size a family whose kernels do not depend on one selects with.</summary>
    private const int AnyBlockSize = 0;

    private readonly TEntry[] _entries;
    private TEntry? _default;

    public KernelRegistry(params TEntry[] entries)
    {
        Debug.Assert(entries.Length > 0);
        _entries = entries;
    }

    public IReadOnlyList<TEntry> Entries => _entries;

    /// <summary>The entry the public type of a family whose kernels do not depend on a block size uses: the first
    /// supported one the preferences allow (computed once).</summary>
    public TEntry Default => _default ??= Select(AnyBlockSize);

    /// <summary>The first entry the preferences allow that runs at this block size (every registry ends with a
    /// portable kernel that always qualifies).</summary>
    public TEntry Select(int blockSizeInBytes, bool allowVariableTime = false)
    {
        foreach (TEntry entry in _entries)
        {
            if (entry.MayBeDefault(allowVariableTime) && entry.RunsAt(blockSizeInBytes))
            {
                return entry;
            }
        }

        throw new InvalidOperationException("No kernel of this family runs in this process at this block size.");
    }

    /// <summary>The entry called <paramref name="name"/> (tests and benchmarks pin a kernel this way).</summary>
    public TEntry Get(string name)
    {
        foreach (TEntry entry in _entries)
        {
            if (entry.Name == name)
            {
                return entry;
            }
        }

        throw new ArgumentException($"No kernel called '{name}'.", nameof(name));
    }
}
