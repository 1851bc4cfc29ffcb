using System;
using System.IO;
using System.Linq;
using CryptoCli.Fuzz;
using Xunit;

namespace CryptoCli.Tests.Fuzz;

/// <summary>
/// Replays every committed fuzz input through its target (tests/CryptoCli.Fuzz/Targets, compiled into this assembly):
/// the minimised corpora of the AFL++ runs (Corpus/TARGET) and the input of every finding that was fixed
/// (Findings/TARGET). A target throws on anything its API does not document, and on a failed check of its own, so a
/// fixed finding stays fixed and every corpus input still decodes to a call that behaves.
/// </summary>
public class FuzzCorpusReplayTests
{
    private static readonly string CorpusRoot = Path.Combine(AppContext.BaseDirectory, "FuzzCorpus");
    private static readonly string FindingsRoot = Path.Combine(AppContext.BaseDirectory, "FuzzFindings");

    /// <summary>(target, path relative to the test assembly) for every corpus and finding file.</summary>
    public static TheoryData<string, string> Inputs()
    {
        var data = new TheoryData<string, string>();
        foreach (string root in new[] { CorpusRoot, FindingsRoot }.Where(Directory.Exists))
        {
            foreach (string folder in Directory.GetDirectories(root).OrderBy(f => f, StringComparer.Ordinal))
            {
                foreach (string file in Directory.GetFiles(folder).OrderBy(f => f, StringComparer.Ordinal))
                {
                    data.Add(Path.GetFileName(folder), Path.GetRelativePath(AppContext.BaseDirectory, file));
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Input_RunsThroughItsTarget(string target, string file)
    {
        Assert.True(FuzzTargets.All.TryGetValue(target, out FuzzTarget? run), $"no fuzz target named {target}");
        run!(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, file)));
    }

    [Fact]
    public void EveryTarget_HasACommittedCorpus()
    {
        foreach (string target in FuzzTargets.All.Keys)
        {
            string folder = Path.Combine(CorpusRoot, target);
            Assert.True(Directory.Exists(folder) && Directory.GetFiles(folder).Length > 0, $"no corpus for {target}");
        }
    }
}
