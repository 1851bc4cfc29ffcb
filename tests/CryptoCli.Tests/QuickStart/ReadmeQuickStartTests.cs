using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Xunit;

namespace CryptoCli.Tests.QuickStart;

/// <summary>
/// Keeps the documented code equal to the compiled snippets of <see cref="QuickStartTests"/>: every <c>```csharp</c>
/// block of README.md's "Quick start" section and of docs/examples.md must be one marker region of QuickStartTests.cs
/// (after removing common indentation), and every region must appear in one of the two pages.
/// </summary>
public sealed class ReadmeQuickStartTests
{
    private const string QuickStartHeading = "## Quick start";
    private static readonly string s_snippetFile = Path.Combine("tests", "CryptoCli.Tests", "QuickStart", "QuickStartTests.cs");
    private static readonly string s_examplesFile = Path.Combine("docs", "examples.md");

    [Fact]
    public void EveryDocumentedBlockIsACompiledSnippet_AndEverySnippetIsDocumented()
    {
        string root = RepositoryRoot.Find();
        List<string> readmeBlocks = ReadmeCSharpBlocks(File.ReadAllText(Path.Combine(root, "README.md")));
        List<string> exampleBlocks = CSharpBlocks(File.ReadAllText(Path.Combine(root, s_examplesFile)), s_examplesFile, heading: null);
        Dictionary<string, string> regions = MarkerRegions(File.ReadAllText(Path.Combine(root, s_snippetFile)));

        Assert.True(readmeBlocks.Count > 0, "README.md's Quick start section has no ```csharp block");
        Assert.True(exampleBlocks.Count > 0, $"{s_examplesFile} has no ```csharp block");
        Assert.True(regions.Count >= 8, $"{s_snippetFile} has only {regions.Count} quickstart regions");

        foreach (string block in readmeBlocks)
        {
            Assert.True(
                regions.ContainsValue(block),
                $"This README Quick start block is not a marker region of {s_snippetFile}:\n{block}");
        }

        foreach (string block in exampleBlocks)
        {
            Assert.True(
                regions.ContainsValue(block),
                $"This {s_examplesFile} block is not a marker region of {s_snippetFile}:\n{block}");
        }

        foreach ((string name, string region) in regions)
        {
            Assert.True(
                readmeBlocks.Contains(region) || exampleBlocks.Contains(region),
                $"Snippet '{name}' of {s_snippetFile} is missing from README.md's Quick start and from {s_examplesFile} (or differs)");
        }
    }

    [Fact]
    public void PackageReadmeBlocks_AreCompiledSnippets()
    {
        // The package readme (src/CryptoCli/PACKAGE.md, shown by nuget.org) shows compiled code only.
        string root = RepositoryRoot.Find();
        string packageReadme = Path.Combine("src", "CryptoCli", "PACKAGE.md");
        List<string> blocks = CSharpBlocks(File.ReadAllText(Path.Combine(root, packageReadme)), packageReadme, heading: null);
        Dictionary<string, string> regions = MarkerRegions(File.ReadAllText(Path.Combine(root, s_snippetFile)));

        Assert.True(blocks.Count > 0, $"{packageReadme} has no ```csharp block");
        foreach (string block in blocks)
        {
            Assert.True(regions.ContainsValue(block), $"This {packageReadme} block is not a marker region of {s_snippetFile}:\n{block}");
        }
    }

    [Fact]
    public void ReadmeQuickStart_ShowsTheCoreSnippets()
    {
        // The front door shows a block cipher (one-shot and CTR), GCM, a hash and ECDSA; the rest is in docs/examples.md.
        string root = RepositoryRoot.Find();
        List<string> readmeBlocks = ReadmeCSharpBlocks(File.ReadAllText(Path.Combine(root, "README.md")));
        Dictionary<string, string> regions = MarkerRegions(File.ReadAllText(Path.Combine(root, s_snippetFile)));
        foreach (string name in new[] { "usings", "block-cipher", "gcm", "hash", "ecdsa" })
        {
            Assert.True(regions.ContainsKey(name), $"{s_snippetFile} has no quickstart region '{name}'");
            Assert.True(readmeBlocks.Contains(regions[name]), $"README.md's Quick start lacks the snippet '{name}'");
        }
    }

    [Fact]
    public void Dedent_RemovesOnlyCommonIndentation()
    {
        Assert.Equal("a\n  b\n\nc", Dedent(new[] { "    a", "      b", "", "    c" }));
    }

    [Fact]
    public void MarkerRegions_RejectUnclosedRegion()
    {
        Assert.ThrowsAny<Exception>(() => MarkerRegions("// <quickstart:x>\nint a;\n"));
    }

    private static List<string> ReadmeCSharpBlocks(string readme) => CSharpBlocks(readme, "README.md", QuickStartHeading);

    /// <summary>The <c>```csharp</c> blocks of <paramref name="page"/>, or of its section <paramref name="heading"/> (up to
    /// the next <c>## </c> heading) when one is given.</summary>
    private static List<string> CSharpBlocks(string page, string pageName, string? heading)
    {
        string[] lines = page.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        int start = -1;
        int end = lines.Length;
        if (heading is not null)
        {
            start = Array.FindIndex(lines, l => l.TrimEnd() == heading);
            Assert.True(start >= 0, $"{pageName} has no '{heading}' heading");
            end = Array.FindIndex(lines, start + 1, l => l.StartsWith("## ", StringComparison.Ordinal));
            if (end < 0)
            {
                end = lines.Length;
            }
        }

        var blocks = new List<string>();
        for (int i = start + 1; i < end; i++)
        {
            if (lines[i].Trim() != "```csharp")
            {
                continue;
            }

            int close = Array.FindIndex(lines, i + 1, l => l.Trim() == "```");
            Assert.True(close > i && close < end, $"{pageName} line {i + 1}: unclosed ```csharp block{(heading is null ? "" : " in the " + heading[3..] + " section")}");
            blocks.Add(Dedent(lines[(i + 1)..close]));
            i = close;
        }

        return blocks;
    }

    private static Dictionary<string, string> MarkerRegions(string source)
    {
        string[] lines = source.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        var regions = new Dictionary<string, string>(StringComparer.Ordinal);
        var open = new Regex(@"^\s*// <quickstart:([a-z0-9-]+)>\s*$");
        for (int i = 0; i < lines.Length; i++)
        {
            Match m = open.Match(lines[i]);
            if (!m.Success)
            {
                continue;
            }

            string name = m.Groups[1].Value;
            string closing = $"// </quickstart:{name}>";
            int close = Array.FindIndex(lines, i + 1, l => l.Trim() == closing);
            if (close < 0)
            {
                throw new InvalidOperationException($"Region '{name}' opened on line {i + 1} is never closed");
            }

            regions.Add(name, Dedent(lines[(i + 1)..close]));
            i = close;
        }

        return regions;
    }

    /// <summary>Removes the indentation common to the non-blank lines, trailing spaces and leading/trailing blank lines.</summary>
    private static string Dedent(IReadOnlyList<string> lines)
    {
        List<string> trimmed = lines.Select(l => l.TrimEnd()).ToList();
        while (trimmed.Count > 0 && trimmed[0].Length == 0)
        {
            trimmed.RemoveAt(0);
        }

        while (trimmed.Count > 0 && trimmed[^1].Length == 0)
        {
            trimmed.RemoveAt(trimmed.Count - 1);
        }

        int indent = trimmed.Where(l => l.Length > 0).Select(l => l.Length - l.TrimStart(' ').Length).DefaultIfEmpty(0).Min();
        return string.Join("\n", trimmed.Select(l => l.Length == 0 ? l : l[indent..]));
    }
}
