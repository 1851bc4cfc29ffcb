using System;
using System.IO;
using Xunit;

namespace CryptoCli.Samples.Tests;

/// <summary>HashFile as a process: published Luffa vectors, and --check behaving as sha256sum -c.</summary>
public sealed class HashFileTests : IDisposable
{
    // Luffa-256 and Luffa-512 of the empty message (NIST ShortMsgKAT, Len = 0).
    private const string Empty256 = "dbb8665871f4154d3e4396aefbba417cb7837dd683c332ba6be87e02a2712d6f";
    private const string Empty512 = "6e7de4501189b3ca58f3ac114916654bbcd4922024b4cc1cd764acfe8ab4b7805df133eab345ffdb1c414564c924f48e0a301824e2ac4c34bd4efde2e43da90e";
    private readonly SampleProcess _run = new();

    public HashFileTests()
    {
        _run.Write("empty", Array.Empty<byte>());
        _run.Write("a.txt", "alpha\n");
        _run.Write("b.txt", "beta\n");
    }

    public void Dispose() => _run.Dispose();

    private ProcessResult Hash(params string[] args) => _run.Sample("HashFile", null, args);

    [Fact]
    public void PublishedVectors_FileAndStandardInput()
    {
        ProcessResult file = Hash("empty");
        Expect.Exit(0, file);
        Assert.Equal($"{Empty256}  empty\n", file.Out);
        ProcessResult stdin = _run.SampleWithInput("HashFile", null, "", "--512");
        Expect.Exit(0, stdin);
        Assert.Equal($"{Empty512}  -\n", stdin.Out);
    }

    [Fact]
    public void Help_IsNotAFileName()
    {
        ProcessResult help = Hash("--help");
        Expect.Exit(0, help);
        Assert.Contains("--check", help.Out, StringComparison.Ordinal);
        Expect.Error(2, Hash("--chek", "a.txt"), "--chek");
    }

    [Fact]
    public void MissingFileOrDirectory_ReportedAndTheOthersStillHashed()
    {
        Directory.CreateDirectory(_run.PathOf("folder"));
        ProcessResult result = Hash("a.txt", "absent", "folder", "b.txt");
        Expect.Error(2, result, "absent: no such file", "folder: is a directory");
        Assert.Contains("  a.txt\n", result.Out, StringComparison.Ordinal);
        Assert.Contains("  b.txt\n", result.Out, StringComparison.Ordinal);
    }

    private void WriteSums(string name, params string[] files)
    {
        ProcessResult sums = Hash(files);
        Expect.Exit(0, sums);
        _run.Write(name, sums.Out);
    }

    [Fact]
    public void Check_AllMatch_OkPerLine()
    {
        WriteSums("SUMS", "a.txt", "b.txt");
        ProcessResult check = Hash("--check", "SUMS");
        Expect.Exit(0, check);
        Assert.Equal("a.txt: OK\nb.txt: OK\n", check.Out);
        Assert.Equal("", check.Err);
    }

    [Fact]
    public void Check_GnuBinaryMarker_AndLuffa512Lines()
    {
        ProcessResult wide = Hash("--512", "b.txt");
        string line512 = wide.Out.TrimEnd('\n');
        string hash256 = Hash("a.txt").Out.Split(' ')[0];
        _run.Write("SUMS", $"{hash256} *a.txt\n{line512}\n");
        ProcessResult check = Hash("-c", "SUMS");
        Expect.Exit(0, check);
        Assert.Equal("a.txt: OK\nb.txt: OK\n", check.Out);
    }

    [Fact]
    public void Check_ChangedFile_FailedAndExit1()
    {
        WriteSums("SUMS", "a.txt", "b.txt");
        _run.Write("a.txt", "changed\n");
        ProcessResult check = Hash("--check", "SUMS");
        Expect.Error(1, check, "WARNING: 1 computed checksum did NOT match");
        Assert.Equal("a.txt: FAILED\nb.txt: OK\n", check.Out);
    }

    [Fact]
    public void Check_MissingListedFile_ReportedAndTheCheckGoesOn()
    {
        WriteSums("SUMS", "a.txt", "b.txt");
        File.Delete(_run.PathOf("a.txt"));
        ProcessResult check = Hash("--check", "SUMS");
        Expect.Error(1, check, "a.txt: no such file", "WARNING: 1 listed file could not be read");
        Assert.Equal("a.txt: FAILED open or read\nb.txt: OK\n", check.Out);
    }

    [Fact]
    public void Check_EmptyOrUnrecognisable_NothingCheckedIsAFailure()
    {
        _run.Write("EMPTY", "");
        Expect.Error(1, Hash("--check", "EMPTY"), "EMPTY: no properly formatted");
        _run.Write("JUNK", "not a checksum line\nzz" + new string('q', 62) + "  a.txt\n");
        ProcessResult junk = Hash("--check", "JUNK");
        Expect.Error(1, junk, "JUNK: no properly formatted", "WARNING: 2 lines are improperly formatted");
        Assert.Equal("", junk.Out);
    }

    [Fact]
    public void Check_BadHexLineAmongGoodOnes_IsReportedNotACrash()
    {
        WriteSums("SUMS", "a.txt");
        File.AppendAllText(_run.PathOf("SUMS"), new string('g', 64) + "  b.txt\n");
        ProcessResult check = Hash("--check", "SUMS");
        Expect.Error(0, check, "WARNING: 1 line is improperly formatted");
        Assert.Equal("a.txt: OK\n", check.Out);
    }

    [Fact]
    public void Check_QuietAndStatus()
    {
        WriteSums("SUMS", "a.txt", "b.txt");
        ProcessResult quiet = Hash("--check", "--quiet", "SUMS");
        Expect.Exit(0, quiet);
        Assert.Equal("", quiet.Out);

        _run.Write("b.txt", "changed\n");
        ProcessResult quietFailed = Hash("--check", "--quiet", "SUMS");
        Expect.Exit(1, quietFailed);
        Assert.Equal("b.txt: FAILED\n", quietFailed.Out);

        ProcessResult status = Hash("--check", "--status", "SUMS");
        Expect.Exit(1, status);
        Assert.Equal("", status.Out + status.Err);
    }

    [Fact]
    public void Check_SumsFileMissingOrDirectory_IsAnInputError()
    {
        Directory.CreateDirectory(_run.PathOf("folder"));
        Expect.Error(2, Hash("--check", "absent"), "absent: no such file");
        Expect.Error(2, Hash("--check", "folder"), "folder: is a directory");
    }

    [Fact]
    public void Check_FromStandardInput()
    {
        WriteSums("SUMS", "a.txt");
        ProcessResult check = _run.SampleWithInput("HashFile", null, File.ReadAllText(_run.PathOf("SUMS")), "--check");
        Expect.Exit(0, check);
        Assert.Equal("a.txt: OK\n", check.Out);
    }
}
