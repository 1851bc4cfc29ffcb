using System;
using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The kernel registries of the families that are not block ciphers (GHASH, MUGI, Luffa, Haraka): what the vector,
/// differential and registry tests enumerate. Entries this process cannot run are listed by
/// <see cref="UnsupportedFamilyKernelsFactAttribute"/> and skip the tests that need them, with the reason.
/// </summary>
internal static class FamilyKernelRegistries
{
    public static IEnumerable<(string Family, KernelEntry Entry, bool IsSupported)> AllEntries() =>
        Entries("GHASH", GHashKernel.Kernels)
            .Concat(Entries("MUGI", MugiCore.Kernels))
            .Concat(Entries("Luffa", LuffaCore.Kernels))
            .Concat(Entries("Haraka", Haraka.Kernels));

    private static IEnumerable<(string Family, KernelEntry Entry, bool IsSupported)> Entries<TFactory>(string family,
        KernelRegistry<KernelEntry<TFactory>> registry)
        where TFactory : Delegate =>
        registry.Entries.Select(e => (family, (KernelEntry)e, e.IsSupported));

    /// <summary>The registry's supported entries other than its last (portable) one: the kernels checked against it.</summary>
    public static KernelEntry<TFactory>[] FastKernels<TFactory>(KernelRegistry<KernelEntry<TFactory>> registry)
        where TFactory : Delegate =>
        registry.Entries.Take(registry.Entries.Count - 1).Where(e => e.IsSupported).ToArray();

    /// <summary>The portable entry every registry ends with.</summary>
    public static KernelEntry<TFactory> Portable<TFactory>(KernelRegistry<KernelEntry<TFactory>> registry)
        where TFactory : Delegate => registry.Entries[registry.Entries.Count - 1];

    /// <summary>The names of the entries this process runs, as theory data.</summary>
    public static TheoryData<string> SupportedNames<TFactory>(KernelRegistry<KernelEntry<TFactory>> registry)
        where TFactory : Delegate
    {
        var data = new TheoryData<string>();
        foreach (KernelEntry<TFactory> entry in registry.Entries.Where(e => e.IsSupported))
        {
            data.Add(entry.Name);
        }

        return data;
    }

    public static string UnsupportedList(string? family = null) =>
        string.Join(", ", AllEntries().Where(e => !e.IsSupported && (family is null || e.Family == family)).Select(e => $"{e.Family}/{e.Entry.Name}"));
}

/// <summary>Skips, listing them, when registered kernels of GHASH, MUGI, Luffa or Haraka cannot run in this process.</summary>
public sealed class UnsupportedFamilyKernelsFactAttribute : FactAttribute
{
    public UnsupportedFamilyKernelsFactAttribute()
    {
        string missing = FamilyKernelRegistries.UnsupportedList();
        if (missing.Length > 0)
        {
            Skip = "Kernels not supported in this process (not tested in this run): " + missing;
        }
    }
}

/// <summary>
/// A fact comparing a family's fast kernels with its portable one: skipped, with the list of kernels that cannot
/// run here, when the family has no fast kernel this process runs (no such CPU instructions, or intrinsics off).
/// </summary>
public sealed class FastFamilyKernelsFactAttribute : FactAttribute
{
    public FastFamilyKernelsFactAttribute(string family)
    {
        var entries = FamilyKernelRegistries.AllEntries().Where(e => e.Family == family).ToArray();
        bool anyFast = entries.Take(entries.Length - 1).Any(e => e.IsSupported); // every entry before the portable one
        if (!anyFast)
        {
            Skip = $"no fast {family} kernel runs in this process (not supported here: {FamilyKernelRegistries.UnsupportedList(family)})";
        }
    }
}
