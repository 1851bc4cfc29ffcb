using System;
using System.IO;
using System.Linq;
using System.Xml.Linq;
using Xunit;

namespace CryptoCli.Tests.Documentation;

/// <summary>
/// The package description's "Commonly Used Types" list (src/CryptoCli/CryptoCli.csproj, shown by NuGet) names every
/// public type of the library and nothing else. The package smoke test checks the packed nuspec too, but only late in
/// CI; this catches a new public type at the first test run.
/// </summary>
public class PackageDescriptionTests
{
    [Fact]
    public void CommonlyUsedTypes_AreExactlyThePublicTypes()
    {
        string project = Path.Combine(RepositoryRoot.Find(), "src", "CryptoCli", "CryptoCli.csproj");
        string description = XDocument.Load(project).Descendants("Description").Single().Value;
        int list = description.IndexOf("Commonly Used Types:", StringComparison.Ordinal);
        Assert.True(list >= 0, "the description has no \"Commonly Used Types:\" list");

        string[] listed = description.Substring(list).Split('\n').Skip(1).Select(line => line.Trim()).Where(line => line.Length > 0).Order(StringComparer.Ordinal).ToArray();
        string[] exported = typeof(RijndaelCipher).Assembly.GetExportedTypes().Select(type => type.FullName!).Order(StringComparer.Ordinal).ToArray();
        Assert.Equal(exported, listed);
    }
}
