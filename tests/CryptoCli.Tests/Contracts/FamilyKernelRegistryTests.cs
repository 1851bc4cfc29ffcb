using System;
using System.Collections.Generic;
using System.Linq;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The registries of GHASH, MUGI, Luffa and Haraka follow the dispatch rule of the block ciphers: unique names, a
/// last entry that always runs without hardware, the public type on the first supported entry, and the public
/// <c>IsHardwareAccelerated</c> saying whether that entry uses hardware. Entries this process cannot run are reported
/// by a skipped test.
/// </summary>
public class FamilyKernelRegistryTests
{
    /// <summary>Reported as skipped, with the list, when some registered kernels cannot run in this process.</summary>
    [UnsupportedFamilyKernelsFact]
    public void KernelsThatCannotRunHereAreReportedAsSkipped() =>
        Assert.All(FamilyKernelRegistries.AllEntries(), e => Assert.True(e.IsSupported, $"{e.Family}/{e.Entry.Name}"));

    [Fact]
    public void EveryRegistry_HasUniqueNames_AndEndsWithAPortableKernelThatAlwaysRuns()
    {
        foreach (IGrouping<string, (string Family, KernelEntry Entry, bool IsSupported)> family in FamilyKernelRegistries.AllEntries().GroupBy(e => e.Family))
        {
            string[] names = family.Select(e => e.Entry.Name).ToArray();
            Assert.True(names.Distinct(StringComparer.Ordinal).Count() == names.Length, $"{family.Key}: duplicate names in {string.Join(", ", names)}");
            (string _, KernelEntry last, bool supported) = family.Last();
            Assert.True(supported && !last.UsesHardware && last.Preference == KernelPreference.Default, $"{family.Key}: last entry {last.Name}");
            Assert.Equal("portable", last.Name);
        }
    }

    [Fact]
    public void PublicTypes_UseTheFirstSupportedEntry_AndSayWhetherItIsHardware()
    {
        byte[] sixteen = new byte[16];
        using (GHashKernel ghash = GHashKernel.Create(sixteen))
        {
            Assert.Equal(First(GHashKernel.Kernels).Name, ghash.Name);
        }

        Assert.Equal(First(GHashKernel.Kernels).UsesHardware, BlockCipherGcm.IsHardwareAccelerated);

        using (var mugi = new Mugi(sixteen, sixteen))
        {
            Assert.Equal(First(MugiCore.Kernels).Name, mugi.Core.Name);
        }

        Assert.Equal(First(MugiCore.Kernels).UsesHardware, Mugi.IsHardwareAccelerated);

        using (var luffa = new LuffaCore(256))
        {
            Assert.Equal(First(LuffaCore.Kernels).Name, luffa.Kernel.Name);
        }

        bool luffaHardware = First(LuffaCore.Kernels).UsesHardware;
        Assert.Equal(new[] { luffaHardware, luffaHardware, luffaHardware, luffaHardware },
            new[] { Luffa224.IsHardwareAccelerated, Luffa256.IsHardwareAccelerated, Luffa384.IsHardwareAccelerated, Luffa512.IsHardwareAccelerated });

        Assert.Equal(First(Haraka.Kernels).Name, Haraka.DefaultKernel.Name);
        Assert.Equal(First(Haraka.Kernels).UsesHardware, Haraka.IsHardwareAccelerated);
    }

    [Fact]
    public void EveryKernel_ReportsItsRegisteredName()
    {
        byte[] sixteen = new byte[16];
        foreach (KernelEntry<Func<byte[], GHashKernel>> entry in GHashKernel.Kernels.Entries.Where(e => e.IsSupported))
        {
            using GHashKernel kernel = entry.Create(sixteen);
            Assert.Equal(entry.Name, kernel.Name);
        }

        foreach (KernelEntry<MugiCoreFactory> entry in MugiCore.Kernels.Entries.Where(e => e.IsSupported))
        {
            using var mugi = new Mugi(sixteen, sixteen, entry);
            Assert.Equal(entry.Name, mugi.Core.Name);
        }

        Assert.All(LuffaCore.Kernels.Entries.Where(e => e.IsSupported), e => Assert.Equal(e.Name, e.Create().Name));
        Assert.All(Haraka.Kernels.Entries.Where(e => e.IsSupported), e => Assert.Equal(e.Name, e.Create().Name));
    }

    private static KernelEntry<TFactory> First<TFactory>(KernelRegistry<KernelEntry<TFactory>> registry)
        where TFactory : Delegate =>
        registry.Entries.First(e => e.IsSupported);
}
