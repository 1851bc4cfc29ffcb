using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Xunit;

namespace CryptoCli.Tests.QuickStart;

/// <summary>
/// Keeps README.md's "Quick start" section equal to the compiled snippets of <see cref="QuickStartTests"/>: every
/// <c>```csharp</c> block of the section must be one marker region of QuickStartTests.cs (after removing common
/// indentation), and every region must appear in the README.
/// </summary>
public sealed class ReadmeQuickStartTests
{
    private const string QuickStartHeading = "## Quick start";
    private static readonly string s_snippetFile = Path.Combine("tests", "CryptoCli.Tests", "QuickStart", "QuickStartTests.cs");

    [Fact]
    public void EveryReadmeBlockIsACompiledSnippet_AndEverySnippetIsInTheReadme()
    {
        string root = RepositoryRoot.Find();
        List<string> readmeBlocks = ReadmeCSharpBlocks(File.ReadAllText(Path.Combine(root, "README.md")));
        Dictionary<string, string> regions = MarkerRegions(File.ReadAllText(Path.Combine(root, s_snippetFile)));

        Assert.True(readmeBlocks.Count > 0, "README.md's Quick start section has no ```csharp block");
        Assert.True(regions.Count >= 8, $"{s_snippetFile} has only {regions.Count} quickstart regions");

        foreach (string block in readmeBlocks)
        {
            Assert.True(
                regions.ContainsValue(block),
                $"This README Quick start block is not a marker region of {s_snippetFile}:\n{block}");
        }

        foreach ((string name, string region) in regions)
        {
            Assert.True(readmeBlocks.Contains(region), $"Snippet '{name}' of {s_snippetFile} is missing from README.md's Quick start (or differs)");
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

    private static List<string> ReadmeCSharpBlocks(string readme)
    {
        string[] lines = readme.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        int start = Array.FindIndex(lines, l => l.TrimEnd() == QuickStartHeading);
        Assert.True(start >= 0, $"README.md has no '{QuickStartHeading}' heading");
        int end = Array.FindIndex(lines, start + 1, l => l.StartsWith("## ", StringComparison.Ordinal));
        if (end < 0)
        {
            end = lines.Length;
        }

        var blocks = new List<string>();
        for (int i = start + 1; i < end; i++)
        {
            if (lines[i].Trim() != "```csharp")
            {
                continue;
            }

            int close = Array.FindIndex(lines, i + 1, l => l.Trim() == "```");
            Assert.True(close > i && close < end, $"README.md line {i + 1}: unclosed ```csharp block in the Quick start section");
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
