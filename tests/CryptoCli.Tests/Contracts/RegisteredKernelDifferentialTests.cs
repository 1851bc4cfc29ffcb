using System.Linq;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Every registered kernel of a block cipher whose registry keeps a reference kernel (Hierocrypt-3, SC2000,
/// CIPHERUNICORN-A: the specification written out, entries that are never the default) against that reference, on
/// random keys of every size and 1 to 8 blocks, both directions and in place. A kernel added to such a registry is
/// checked here with no code change; entries this process cannot run are reported by the skipped-kernel test of
/// <see cref="RegisteredKernelContractTests"/>.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class RegisteredKernelDifferentialTests
{
    public static TheoryData<string, string> KernelsWithAReference()
    {
        var data = new TheoryData<string, string>();
        foreach (System.Type type in RegisteredKernelContractTests.CipherTypes())
        {
            KernelRegistry<BlockCipherKernelEntry> registry = RegisteredKernelContractTests.Registry(type);
            if (registry.Entries.Any(e => e.Name == "reference"))
            {
                foreach (BlockCipherKernelEntry entry in registry.Entries.Where(e => e.Name != "reference" && e.IsSupported(16)))
                {
                    data.Add(type.Name, entry.Name);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(KernelsWithAReference))]
    public void EveryKernel_MatchesTheReferenceKernel_OnRandomInputs(string cipher, string kernel)
    {
        System.Type type = RegisteredKernelContractTests.CipherTypes().Single(t => t.Name == cipher);
        KernelRegistry<BlockCipherKernelEntry> registry = RegisteredKernelContractTests.Registry(type);
        int seed = 5000 + 100 * type.Name.Length + registry.Entries.ToList().FindIndex(e => e.Name == kernel);
        KernelDifferentialCheck.Run(seed, key => registry.Get("reference").Create(key, 16), key => registry.Get(kernel).Create(key, 16), 200);
    }
}
