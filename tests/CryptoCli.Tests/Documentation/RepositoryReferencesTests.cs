using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Xunit;

namespace CryptoCli.Tests.Documentation;

/// <summary>
/// The repository explains itself: no comment, doc or script points to a document outside it (the engineers' design
/// notes, a shared folder), every paper tag P1..P5 used anywhere is defined in docs/papers.md, and every relative
/// link of a Markdown page leads to a file of the repository.
/// </summary>
public class RepositoryReferencesTests
{
    private static readonly string[] TextExtensions = { ".cs", ".md", ".sh", ".csproj", ".props", ".json", ".config", ".txt", "" };

    private static readonly (string Pattern, string Why)[] OutsideReferences =
    {
        (@"STYLE\.md", "the style notes are not in the repository (docs/design.md is)"),
        (@"HECC-G3\.md", "the genus-3 note is not in the repository (docs/design.md, genus 3)"),
        (@"CIPHER-NOTES", "the cipher notes are not in the repository (docs/papers.md has the figures)"),
        (@"PAPERS\.md", "use docs/papers.md"),
        (@"/work/shared|\.\./shared/|\.\./design/|vectors-debug", "a folder outside the repository"),
    };

    private static IEnumerable<string> RepositoryTextFiles(string root)
    {
        string[] skipped = { ".git", "bin", "obj", "artifacts", "BenchmarkDotNet.Artifacts", "node_modules" };
        var pending = new Stack<string>();
        pending.Push(root);
        while (pending.Count > 0)
        {
            string directory = pending.Pop();
            foreach (string sub in Directory.GetDirectories(directory))
            {
                if (!skipped.Contains(Path.GetFileName(sub)))
                {
                    pending.Push(sub);
                }
            }

            foreach (string file in Directory.GetFiles(directory))
            {
                if (TextExtensions.Contains(Path.GetExtension(file)) && new FileInfo(file).Length < 2_000_000)
                {
                    yield return file;
                }
            }
        }
    }

    private static string Relative(string root, string path) => Path.GetRelativePath(root, path).Replace('\\', '/');

    [Fact]
    public void NoFilePointsOutsideTheRepository()
    {
        string root = RepositoryRoot.Find();
        var findings = new List<string>();
        foreach (string file in RepositoryTextFiles(root).Where(f => Path.GetFileName(f) != "RepositoryReferencesTests.cs"))
        {
            string[] lines = File.ReadAllLines(file);
            for (int i = 0; i < lines.Length; i++)
            {
                foreach ((string pattern, string why) in OutsideReferences)
                {
                    if (Regex.IsMatch(lines[i], pattern))
                    {
                        findings.Add($"{Relative(root, file)}:{i + 1}: {why}: {lines[i].Trim()}");
                    }
                }
            }
        }

        Assert.True(findings.Count == 0, string.Join(Environment.NewLine, findings));
    }

    [Fact]
    public void EveryPaperTagIsDefinedInDocsPapers()
    {
        string root = RepositoryRoot.Find();
        string papers = File.ReadAllText(Path.Combine(root, "docs", "papers.md"));
        var defined = new HashSet<string>(Regex.Matches(papers, @"^## (P\d+):", RegexOptions.Multiline).Select(m => m.Groups[1].Value));
        Assert.Equal(new[] { "P1", "P2", "P3", "P4", "P5" }, defined.OrderBy(t => t, StringComparer.Ordinal));

        var findings = new List<string>();
        int uses = 0;
        foreach (string file in RepositoryTextFiles(root).Where(f => !f.Contains($"{Path.DirectorySeparatorChar}Vectors{Path.DirectorySeparatorChar}", StringComparison.Ordinal)))
        {
            foreach (Match tag in Regex.Matches(Prose(file), @"(?<![\w-])P[1-9](?![\w-])"))
            {
                uses++;
                if (!defined.Contains(tag.Value))
                {
                    findings.Add($"{Relative(root, file)}: {tag.Value} is not defined in docs/papers.md");
                }
            }
        }

        Assert.True(uses > 0, "no paper tag found: the scan read nothing");
        Assert.True(findings.Count == 0, string.Join(Environment.NewLine, findings.Distinct()));
    }

    /// <summary>The text a reader reads: the comments of C# sources (identifiers, such as the bit-plane fields, are not
    /// paper tags), everything of other files.</summary>
    private static string Prose(string file)
    {
        if (!file.EndsWith(".cs", StringComparison.Ordinal))
        {
            return File.ReadAllText(file);
        }

        return string.Join('\n', File.ReadLines(file).Select(line => line.IndexOf("//", StringComparison.Ordinal) is int start and >= 0 ? line[start..] : ""));
    }

    [Fact]
    public void EveryRelativeMarkdownLinkLeadsToAFile()
    {
        string root = RepositoryRoot.Find();
        var findings = new List<string>();
        foreach (string file in RepositoryTextFiles(root).Where(f => f.EndsWith(".md", StringComparison.Ordinal)))
        {
            // Code is not prose: fenced blocks and inline code spans are left out (ops[i](k) is not a link).
            string prose = Regex.Replace(File.ReadAllText(file), @"```.*?```|`[^`\n]*`", "", RegexOptions.Singleline);
            foreach (Match link in Regex.Matches(prose, @"\]\(([^)\s]+)\)"))
            {
                string target = link.Groups[1].Value;
                if (target.StartsWith('#') || target.Contains("://", StringComparison.Ordinal) || target.StartsWith("mailto:", StringComparison.Ordinal))
                {
                    continue;
                }

                string path = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(file)!, target.Split('#')[0]));
                if (!path.StartsWith(root, StringComparison.Ordinal) || !(File.Exists(path) || Directory.Exists(path)))
                {
                    findings.Add($"{Relative(root, file)}: ({target}) is not a file of the repository");
                }
            }
        }

        Assert.True(findings.Count == 0, string.Join(Environment.NewLine, findings));
    }
}
