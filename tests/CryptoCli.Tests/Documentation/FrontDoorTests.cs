using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using Xunit;

namespace CryptoCli.Tests.Documentation;

/// <summary>
/// The pages a newcomer reads first stay short and timeless: README.md is at most 200 lines and keeps the test command
/// CI runs as "the README's command"; the package readme is src/CryptoCli/PACKAGE.md, packed, in the runtime's
/// package-readme shape (dotnet/runtime's PACKAGE.md sections) and with no relative links (nuget.org cannot follow them); none of these pages carries a date
/// or an issue number.
/// </summary>
public class FrontDoorTests
{
    private const int ReadmeMaxLines = 200;

    private static readonly string[] FrontDoorFiles =
    {
        "README.md", "CONTRIBUTING.md", "CHANGELOG.md", "LICENSE", "docs/examples.md", "src/CryptoCli/PACKAGE.md",
        "benchmarks/README.md", "samples/README.md", "tools/README.md",
    };

    private static readonly string[] PackageReadmeSections =
    {
        "## About", "## Key Features", "## How to Use", "## Main Types", "## Additional Documentation", "## Feedback & Contributing",
    };

    private static string[] Lines(string relativePath) =>
        File.ReadAllText(Path.Combine(RepositoryRoot.Find(), relativePath)).Replace("\r\n", "\n", StringComparison.Ordinal).TrimEnd('\n').Split('\n');

    [Fact]
    public void Readme_IsAtMost200Lines()
    {
        int count = Lines("README.md").Length;
        Assert.True(count <= ReadmeMaxLines, $"README.md has {count} lines; the front door keeps to {ReadmeMaxLines} (details go to docs/)");
    }

    [Fact]
    public void Readme_HasTheTestCommandCiRuns()
    {
        // .ci/run runs `dotnet test` (plus its logger options) as "the README's command".
        string[] commands = Lines("README.md").Select(line => line.Split('#')[0].Trim()).ToArray();
        Assert.Contains("dotnet test", commands);
        Assert.Contains("dotnet run -c Release --project benchmarks/CryptoCli.Benchmarks", commands);
    }

    [Fact]
    public void PackageReadme_IsPackageMd_AndPacked()
    {
        string project = Path.Combine(RepositoryRoot.Find(), "src", "CryptoCli", "CryptoCli.csproj");
        XDocument csproj = XDocument.Load(project);
        Assert.Equal("PACKAGE.md", csproj.Descendants("PackageReadmeFile").Single().Value);
        XElement packed = Assert.Single(csproj.Descendants("None"), e => (string?)e.Attribute("Include") == "PACKAGE.md");
        Assert.Equal("true", (string?)packed.Attribute("Pack"));
        Assert.Equal("", (string?)packed.Attribute("PackagePath"));
    }

    [Fact]
    public void PackageReadme_HasTheRuntimesSections_AndNoRelativeLinks()
    {
        string[] lines = Lines(Path.Combine("src", "CryptoCli", "PACKAGE.md"));
        Assert.InRange(lines.Length, 30, 80);
        Assert.StartsWith("# ", lines[0], StringComparison.Ordinal);

        int previous = -1;
        foreach (string section in PackageReadmeSections)
        {
            int index = Array.FindIndex(lines, line => line.TrimEnd() == section);
            Assert.True(index > previous, $"PACKAGE.md lacks '{section}', or has it out of order");
            previous = index;
        }

        var relative = new List<string>();
        foreach (Match link in Regex.Matches(string.Join("\n", lines), @"\]\(([^)\s]+)\)"))
        {
            if (!link.Groups[1].Value.StartsWith("https://", StringComparison.Ordinal))
            {
                relative.Add(link.Value);
            }
        }

        Assert.True(relative.Count == 0, "nuget.org cannot follow relative links in PACKAGE.md: " + string.Join(", ", relative));
    }

    [Fact]
    public void FrontDoorFiles_CarryNoDateAndNoIssueNumber()
    {
        var findings = new List<string>();
        var date = new Regex(@"\b(19|20)\d\d-[01]\d-[0-3]\d\b");
        var issue = new Regex(@"(?<![\w&])#\d+\b|\b[Ii]ssues?\s*#?\d+|\bissue\d+");
        foreach (string file in FrontDoorFiles)
        {
            string[] lines = Lines(file);
            for (int i = 0; i < lines.Length; i++)
            {
                if (date.IsMatch(lines[i]) || issue.IsMatch(lines[i]))
                {
                    findings.Add($"{file}:{i + 1}: {lines[i].Trim()}");
                }
            }
        }

        Assert.True(findings.Count == 0, "dates and issue numbers belong in commit messages:" + Environment.NewLine + string.Join(Environment.NewLine, findings));
    }
}
