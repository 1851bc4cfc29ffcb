using System;
using System.IO;
using System.Linq;
using CryptoCli.Tests.Ecdsa;
using Xunit;

namespace CryptoCli.Tests.VectorHarness;

/// <summary>
/// The vector harness reads whatever valid files a family folder holds: a file added to a (temporary copy of a)
/// folder is checked with no code change, however few vectors it has, and a file is complete when it holds the
/// count its header declares ("# vectors: N"), not when a family reaches a number written in the code.
/// </summary>
public sealed class VectorHarnessTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), "cryptocli-vectors-" + Guid.NewGuid().ToString("N"));

    public VectorHarnessTests()
    {
        Directory.CreateDirectory(_folder);
        foreach (string file in Directory.GetFiles(VectorFile.FamilyDirectory("ecdsa"), "*.txt"))
        {
            File.Copy(file, Path.Combine(_folder, Path.GetFileName(file)));
        }
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private static EcdsaVectorChecks Ecdsa() =>
        new(EcdsaVectorTests.VerifyDer, EcdsaVectorTests.CheckDerSignature, EcdsaVectorTests.VerifyP1363ThroughSpanOverload);

    /// <summary>Wycheproof-format lines of the published P1363 file: the first of each result kind asked for.</summary>
    private static string[] WycheproofLines(int valid, int invalid)
    {
        string[] rows = File.ReadAllLines(Path.Combine(VectorFile.FamilyDirectory("ecdsa"), "ecdsa-p192-wycheproof-p1363.txt"))
            .Where(line => line.Length != 0 && !line.StartsWith('#'))
            .ToArray();
        return rows.Where(r => r.Split(' ')[1] == "valid").Take(valid)
            .Concat(rows.Where(r => r.Split(' ')[1] == "invalid").Take(invalid))
            .ToArray();
    }

    private void Write(string name, string header, string[] rows) =>
        File.WriteAllLines(Path.Combine(_folder, name), new[] { "# a file added to a copy of Vectors/ecdsa by a test", header }.Concat(rows));

    [Fact]
    public void AFifthFileWithFewValidCases_IsCheckedWithNoCodeChange()
    {
        int published = Ecdsa().CheckEveryFile(_folder);
        string[] rows = WycheproofLines(valid: 3, invalid: 9);
        Write("extra-small-p1363.txt", $"# vectors: {rows.Length}", rows);

        Assert.Equal(published + rows.Length, Ecdsa().CheckEveryFile(_folder));
    }

    [Fact]
    public void AnAddedFileIsReallyChecked_AWrongExpectationFails()
    {
        // The added file's vectors go through the checks: flipping a "valid" to "invalid" is caught.
        string[] rows = WycheproofLines(valid: 2, invalid: 0);
        rows[1] = rows[1].Replace(" valid ", " invalid ", StringComparison.Ordinal);
        Write("extra-wrong-p1363.txt", "# vectors: 2", rows);

        var failure = Assert.Throws<VectorCheckException>(() => Ecdsa().CheckEveryFile(_folder));
        Assert.StartsWith("extra-wrong-p1363.txt:", failure.Message, StringComparison.Ordinal);
        Assert.Contains("invalid signature accepted", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void AFileShortOfItsDeclaredCount_Fails()
    {
        string[] rows = WycheproofLines(valid: 2, invalid: 2);
        Write("extra-short-p1363.txt", "# vectors: 5", rows);

        var failure = Assert.Throws<VectorCheckException>(() => Ecdsa().CheckEveryFile(_folder));
        Assert.Equal("extra-short-p1363.txt: 4 vectors checked, the header declares 5", failure.Message);
    }

    [Fact]
    public void AFileWithoutADeclaredCount_Fails()
    {
        Write("extra-undeclared-p1363.txt", "# no count here", WycheproofLines(valid: 1, invalid: 1));

        var failure = Assert.Throws<VectorCheckException>(() => Ecdsa().CheckEveryFile(_folder));
        Assert.StartsWith("extra-undeclared-p1363.txt: the header declares no vector count", failure.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("# vectors: many")]
    [InlineData("# vectors: 0")]
    [InlineData("# vectors: -3")]
    public void AMalformedDeclaration_IsAFormatError(string header)
    {
        Write("extra-malformed-p1363.txt", header, WycheproofLines(valid: 1, invalid: 1));

        var failure = Assert.Throws<VectorFormatException>(() => Ecdsa().CheckEveryFile(_folder));
        Assert.StartsWith("extra-malformed-p1363.txt:2:", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void EveryPublishedFile_DeclaresItsCount()
    {
        // The declaration is what makes each file's completeness checkable; the family tests check the counts.
        string root = Path.Combine(AppContext.BaseDirectory, "Vectors");
        string[] files = Directory.GetFiles(root, "*.txt", SearchOption.AllDirectories);
        Assert.NotEmpty(files);
        Assert.All(files, path => Assert.True(VectorFile.Read(path).DeclaredCount > 0, $"{path}: no '# vectors: N' line"));
    }
}
