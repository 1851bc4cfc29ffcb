using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Xunit;

namespace CryptoCli.Tests.Documentation;

/// <summary>
/// Every line of the library's C# sources (src/CryptoCli/**/*.cs, build output excluded) is at most
/// <see cref="MaximumLength"/> characters long, code and comments alike, so that the code reads without horizontal
/// scrolling in a review and side by side in a diff. .editorconfig states the same limit for editors.
/// </summary>
public sealed class SourceLineLengthTests
{
    /// <summary>The limit, in characters (UTF-16 code units, as an editor counts a line without tabs).</summary>
    public const int MaximumLength = 120;

    [Fact]
    public void LibrarySource_HasNoLineLongerThanTheLimit()
    {
        string library = Path.Combine(RepositoryRoot.Find(), "src", "CryptoCli");
        List<string> files = Directory.EnumerateFiles(library, "*.cs", SearchOption.AllDirectories)
            .Select(path => Path.GetRelativePath(library, path).Replace('\\', '/'))
            .Where(path => !path.StartsWith("bin/", StringComparison.Ordinal)
                && !path.StartsWith("obj/", StringComparison.Ordinal))
            .OrderBy(path => path, StringComparer.Ordinal)
            .ToList();
        Assert.True(
            files.Count > 50,
            $"only {files.Count} files found under {library}: is the scan looking in the right place?");

        var violations = new List<string>();
        foreach (string file in files)
        {
            string[] lines = File.ReadAllLines(Path.Combine(library, file));
            for (int i = 0; i < lines.Length; i++)
            {
                if (lines[i].Length > MaximumLength)
                {
                    violations.Add($"src/CryptoCli/{file}:{i + 1}: {lines[i].Length} characters");
                }
            }
        }

        Assert.True(
            violations.Count == 0,
            $"{violations.Count} lines longer than {MaximumLength} characters (wrap them by hand: parameters on "
            + "the following lines indented once more, long conditions broken before an operator, doc comments "
            + "re-flowed):\n"
            + string.Join("\n", violations));
    }
}
