using System;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Samples.Tests;

/// <summary>EncryptFile as a process: round trips, and every failure a user can cause reported in one line with the right exit code.</summary>
public sealed class EncryptFileTests : IDisposable
{
    private const string Password = "correct horse battery staple";
    private readonly SampleProcess _run = new();
    private readonly byte[] _plain = RandomNumberGenerator.GetBytes(200_001);

    public EncryptFileTests() => _run.Write("plain", _plain);

    public void Dispose() => _run.Dispose();

    private ProcessResult Encrypt(string? password, params string[] args) => _run.Sample("EncryptFile", password, ["encrypt", .. args]);

    private ProcessResult Decrypt(string? password, params string[] args) => _run.Sample("EncryptFile", password, ["decrypt", .. args]);

    [Theory]
    [InlineData("rijndael", "gcm")]
    [InlineData("camellia", "gcm")]
    [InlineData("rijndael", "cbc")]
    [InlineData("rijndael", "ctr")]
    [InlineData("camellia", "cbc")]
    [InlineData("camellia", "ctr")]
    public void RoundTrip(string cipher, string mode)
    {
        Expect.Exit(0, Encrypt(Password, "plain", "enc", "--cipher", cipher, "--mode", mode));
        Expect.Exit(0, Decrypt(Password, "enc", "dec"));
        Assert.Equal(_plain, File.ReadAllBytes(_run.PathOf("dec")));
        Assert.Equal(["dec", "enc", "plain"], _run.FileNames());
    }

    [Fact]
    public void Help_ListsCommandsAndOptions()
    {
        ProcessResult help = _run.Sample("EncryptFile", null, "--help");
        Expect.Exit(0, help);
        Assert.Contains("encrypt", help.Out, StringComparison.Ordinal);
        Assert.Contains("decrypt", help.Out, StringComparison.Ordinal);
        ProcessResult encryptHelp = _run.Sample("EncryptFile", null, "encrypt", "--help");
        Expect.Exit(0, encryptHelp);
        Assert.Contains("--cipher", encryptHelp.Out, StringComparison.Ordinal);
        Assert.Contains("--allow-empty-password", encryptHelp.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void MisspelledOption_IsAnError() =>
        Expect.Error(2, Encrypt(Password, "plain", "enc", "--cypher", "camellia"), "--cypher", "--help");

    [Fact]
    public void ModeWithoutValue_IsAnError()
    {
        Expect.Error(2, Encrypt(Password, "plain", "enc", "--mode"), "--mode");
        Expect.Error(2, Encrypt(Password, "plain", "enc", "--mode", "ecb"), "ecb");
        Assert.False(File.Exists(_run.PathOf("enc")));
    }

    [Fact]
    public void InputDirectory_IsAnError()
    {
        Directory.CreateDirectory(_run.PathOf("folder"));
        Expect.Error(2, Encrypt(Password, "folder", "enc"), "folder", "is a directory");
        Expect.Error(2, Decrypt(Password, "folder", "dec"), "folder", "is a directory");
    }

    [Fact]
    public void OutputDirectory_IsAnError()
    {
        Directory.CreateDirectory(_run.PathOf("folder"));
        Expect.Error(2, Encrypt(Password, "plain", "folder"), "folder", "is a directory");
        Assert.Empty(Directory.GetFileSystemEntries(_run.PathOf("folder")));
    }

    [Fact]
    public void MissingInput_IsAnError() => Expect.Error(2, Encrypt(Password, "absent", "enc"), "absent", "no such file");

    [Fact]
    public void NoPasswordAndNoTerminal_IsAnErrorNotACrash()
    {
        // Standard input is a pipe: nothing can be typed, so it must not try Console.ReadKey.
        Expect.Error(2, _run.SampleWithInput("EncryptFile", null, "secret\n", "encrypt", "plain", "enc"), "CRYPTOCLI_PASSWORD");
        Expect.Exit(0, Encrypt(Password, "plain", "enc"));
        Expect.Error(2, _run.SampleWithInput("EncryptFile", null, "", "decrypt", "enc", "dec"), "CRYPTOCLI_PASSWORD");
        Assert.Equal(["enc", "plain"], _run.FileNames());
    }

    [Fact]
    public void EmptyPassword_RefusedUnlessAllowed()
    {
        Expect.Error(2, Encrypt("", "plain", "enc"), "empty", "--allow-empty-password");
        Assert.False(File.Exists(_run.PathOf("enc")));
        Expect.Exit(0, Encrypt("", "plain", "enc", "--allow-empty-password"));
        Expect.Exit(0, Decrypt("", "enc", "dec"));
        Assert.Equal(_plain, File.ReadAllBytes(_run.PathOf("dec")));
    }

    [Fact]
    public void ExistingOutput_RefusedWithoutForce()
    {
        _run.Write("enc", "keep me");
        Expect.Error(2, Encrypt(Password, "plain", "enc"), "enc", "already exists", "--force");
        Assert.Equal("keep me", File.ReadAllText(_run.PathOf("enc")));

        Expect.Exit(0, Encrypt(Password, "plain", "enc", "--force"));
        _run.Write("dec", "keep me too");
        Expect.Error(2, Decrypt(Password, "enc", "dec"), "dec", "already exists");
        Assert.Equal("keep me too", File.ReadAllText(_run.PathOf("dec")));
        Expect.Exit(0, Decrypt(Password, "enc", "dec", "-f"));
        Assert.Equal(_plain, File.ReadAllBytes(_run.PathOf("dec")));
    }

    [Fact]
    public void WrongPassword_FailsWithExit1_AndWritesNothing()
    {
        Expect.Exit(0, Encrypt(Password, "plain", "enc"));
        Expect.Error(1, Decrypt("wrong", "enc", "dec"), "enc", "wrong password");
        Assert.Equal(["enc", "plain"], _run.FileNames());
    }

    [Theory]
    [InlineData("gcm")]
    [InlineData("cbc")]
    [InlineData("ctr")]
    public void ModifiedOrTruncatedFile_FailsWithExit1_BeforeAnyPlaintext(string mode)
    {
        Expect.Exit(0, Encrypt(Password, "plain", "enc", "--mode", mode));
        byte[] encrypted = File.ReadAllBytes(_run.PathOf("enc"));

        byte[] modified = (byte[])encrypted.Clone();
        modified[^40] ^= 1; // the last ciphertext block: in CBC it holds the padding, so no padding oracle is reachable
        _run.Write("modified", modified);
        Expect.Error(1, Decrypt(Password, "modified", "dec"), "modified", "authentication");

        _run.Write("truncated", encrypted[..1000]);
        Expect.Error(1, Decrypt(Password, "truncated", "dec"), "truncated");
        _run.Write("short", encrypted[..60]);
        Expect.Error(1, Decrypt(Password, "short", "dec"), "short", "truncated");
        Assert.Equal(["enc", "modified", "plain", "short", "truncated"], _run.FileNames());
    }

    [Theory]
    [InlineData(new byte[0])]
    [InlineData(new byte[] { 42 })]
    public void Gcm_IsTheDefault_AndEmptyAndTinyFilesRoundTrip(byte[] content)
    {
        _run.Write("small", content);
        Expect.Exit(0, Encrypt(Password, "small", "enc"));
        byte[] encrypted = File.ReadAllBytes(_run.PathOf("enc"));
        Assert.Equal("CCLI2"u8.ToArray(), encrypted[..5]);
        Assert.Equal(46 + content.Length + 16, encrypted.Length); // header, one (last) chunk and its tag
        Expect.Exit(0, Decrypt(Password, "enc", "dec"));
        Assert.Equal(content, File.ReadAllBytes(_run.PathOf("dec")));
    }

    [Fact]
    public void Gcm_ChunksCannotBeDroppedOrReordered()
    {
        // 200,001 bytes are four chunks: three of 64 KiB and a last one. Each sealed chunk is 64 KiB + a 16-byte tag.
        Expect.Exit(0, Encrypt(Password, "plain", "enc"));
        byte[] encrypted = File.ReadAllBytes(_run.PathOf("enc"));
        const int Header = 46, Sealed = 65536 + 16;
        Assert.Equal(Header + 3 * Sealed + (200_001 - 3 * 65536) + 16, encrypted.Length);

        _run.Write("cut", encrypted[..(Header + 3 * Sealed)]); // cut at a chunk boundary: the last chunk is missing
        Expect.Error(1, Decrypt(Password, "cut", "dec"), "cut", "chunk 2");

        byte[] swapped = (byte[])encrypted.Clone();
        encrypted.AsSpan(Header, Sealed).CopyTo(swapped.AsSpan(Header + Sealed));
        encrypted.AsSpan(Header + Sealed, Sealed).CopyTo(swapped.AsSpan(Header));
        _run.Write("swapped", swapped);
        Expect.Error(1, Decrypt(Password, "swapped", "dec"), "swapped", "chunk 0");
        Assert.Equal(["cut", "enc", "plain", "swapped"], _run.FileNames());
    }

    [Fact]
    public void NotAnEncryptedFile_IsAnInputError()
    {
        Expect.Error(2, Decrypt(Password, "plain", "dec"), "plain", "not a file written by EncryptFile");
        Assert.Equal(["plain"], _run.FileNames());
    }

    [Fact]
    public void Progress_OnEncryptVerifyAndDecrypt_OnlyWhenAsked()
    {
        ProcessResult quiet = Encrypt(Password, "plain", "enc");
        Expect.Exit(0, quiet);
        Assert.Equal("", quiet.Err); // stderr is not a terminal: no progress line

        ProcessResult encrypt = Encrypt(Password, "plain", "enc2", "--progress", "always");
        Expect.Exit(0, encrypt);
        Assert.Contains("encrypting", encrypt.Err, StringComparison.Ordinal);
        foreach (string part in new[] { "100%", "MB/s", "ETA" })
        {
            Assert.Contains(part, encrypt.Err, StringComparison.Ordinal);
        }

        ProcessResult decrypt = Decrypt(Password, "enc2", "dec", "--progress", "always");
        Expect.Exit(0, decrypt);
        Assert.Contains("decrypting", decrypt.Err, StringComparison.Ordinal); // GCM: one pass, each chunk verified before it is written
        Assert.Contains("100%", decrypt.Err, StringComparison.Ordinal);

        // The CBC format verifies the whole file first, then decrypts: two progress lines.
        Expect.Exit(0, Encrypt(Password, "plain", "enc3", "--mode", "cbc"));
        ProcessResult twoPasses = Decrypt(Password, "enc3", "dec3", "--progress", "always");
        Expect.Exit(0, twoPasses);
        Assert.Contains("verifying", twoPasses.Err, StringComparison.Ordinal);
        Assert.Contains("decrypting", twoPasses.Err, StringComparison.Ordinal);
        Assert.Equal(2, twoPasses.Err.Split("100%").Length - 1);
    }

    [TerminalFact]
    public void TypedPassword_AskedTwice_BackspaceEdits()
    {
        // Through a pseudo-terminal: "secreX", Backspace, "t" is "secret"; asked twice on encrypt.
        string typed = "secreX\u007ft\rsecret\r";
        ProcessResult encrypt = Typed(typed, "encrypt", "plain", "enc");
        Expect.Exit(0, encrypt);
        Assert.Contains("Repeat the password", encrypt.Out, StringComparison.Ordinal);
        Expect.Exit(0, Decrypt("secret", "enc", "dec"));
        Assert.Equal(_plain, File.ReadAllBytes(_run.PathOf("dec")));

        ProcessResult differ = Typed("one\rtwo\r", "encrypt", "plain", "enc2");
        Expect.Exit(2, differ);
        Assert.Contains("the two passwords differ", differ.Out, StringComparison.Ordinal);
        Assert.False(File.Exists(_run.PathOf("enc2")));
    }

    // script(1) runs the sample on a pseudo-terminal and copies its output (stdout and stderr both) to ours; the
    // keystrokes are sent once the prompt is up, so the sample reads them in raw mode, not the terminal's line editor.
    private ProcessResult Typed(string keystrokes, params string[] args)
    {
        string command = string.Join(' ', new[] { SampleProcess.DotnetHost(), SampleProcess.SampleDll("EncryptFile") }.Concat(args).Select(a => "'" + a + "'"));
        string keys = string.Concat(keystrokes.Select(c => $"\\{Convert.ToString(c, 8).PadLeft(3, '0')}"));
        string driver = $"(sleep 3; printf '{keys.Replace("\\015", "\\015'; sleep 1; printf '")}'; sleep 3) | script -qefc \"{command}\" /dev/null";
        return _run.Run("bash", ["-c", driver]);
    }
}
