using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Samples.Tests;

/// <summary>
/// EncryptFile --openssl against the openssl command line, both ways: the sample's file decrypted by
/// <c>openssl enc -d</c>, and openssl's file decrypted by the sample, for AES and Camellia in every mode the sample
/// knows, with PBKDF2 (several digests and iteration counts) and EVP_BytesToKey (MD5 and SHA-256).
/// </summary>
public sealed class OpenSslInteropTests : IDisposable
{
    private const string Password = "correct horse battery staple";
    private readonly SampleProcess _run = new();
    private readonly byte[] _plain = RandomNumberGenerator.GetBytes(200_003); // four 64 KiB chunks, not whole blocks

    public OpenSslInteropTests() => _run.Write("plain", _plain);

    public void Dispose() => _run.Dispose();

    /// <summary>Cipher, then the key derivation as openssl enc options (the sample's are derived from them).</summary>
    public static TheoryData<string, string> Cases => new()
    {
        { "aes-256-cbc", "-pbkdf2" },
        { "aes-192-cfb", "-pbkdf2" },
        { "aes-128-ctr", "-pbkdf2 -iter 1000 -md sha1" },
        { "aes-128-ofb", "-md md5" },
        { "aes-192-cfb8", "-md sha256" },
        { "aes-256-ecb", "-pbkdf2 -iter 20000" },
        { "camellia-256-cfb", "-pbkdf2 -iter 20000 -md sha512" },
        { "camellia-128-cbc", "-md md5" },
        { "camellia-192-ctr", "-pbkdf2" },
        { "camellia-256-ofb", "-md sha256" },
        { "camellia-128-cfb8", "-pbkdf2 -iter 5000" },
        { "camellia-256-ecb", "-md md5" },
    };

    [OpenSslTheory]
    [MemberData(nameof(Cases))]
    public void BothWays(string cipher, string derivation)
    {
        string[] openSsl = derivation.Split(' ');
        string[] sample = SampleOptions(cipher, openSsl);

        // Ours, read by openssl.
        Expect.Exit(0, Sample("encrypt", "plain", "ours", sample));
        byte[] ours = File.ReadAllBytes(_run.PathOf("ours"));
        Assert.Equal("Salted__"u8.ToArray(), ours[..8]);
        bool padded = cipher.EndsWith("-cbc", StringComparison.Ordinal)
            || cipher.EndsWith("-ecb", StringComparison.Ordinal);
        Assert.Equal(16 + (padded ? (_plain.Length / 16 + 1) * 16 : _plain.Length), ours.Length);
        Expect.Exit(0, OpenSsl(["-d", "-" + cipher, .. openSsl, "-in", "ours", "-out", "ours.openssl"]));
        byte[] decrypted = File.ReadAllBytes(_run.PathOf("ours.openssl"));
        Assert.True(_plain.SequenceEqual(decrypted), $"openssl -d of our {cipher} file");

        // Openssl's, read by us.
        Expect.Exit(0, OpenSsl(["-e", "-" + cipher, .. openSsl, "-in", "plain", "-out", "theirs"]));
        Expect.Exit(0, Sample("decrypt", "theirs", "theirs.sample", sample));
        decrypted = File.ReadAllBytes(_run.PathOf("theirs.sample"));
        Assert.True(_plain.SequenceEqual(decrypted), $"our decryption of openssl's {cipher} file");
    }

    [OpenSslTheory]
    [InlineData("aes-128-cbc")]
    [InlineData("camellia-256-ctr")]
    [InlineData("aes-256-cfb8")]
    public void EmptyFile_BothWays(string cipher)
    {
        _run.Write("empty", []);
        Expect.Exit(0, Sample("encrypt", "empty", "ours", "--openssl", "--cipher", cipher, "--allow-empty-password"));
        Expect.Exit(0, OpenSsl(["-d", "-" + cipher, "-pbkdf2", "-in", "ours", "-out", "ours.openssl"]));
        Assert.Empty(File.ReadAllBytes(_run.PathOf("ours.openssl")));
        Expect.Exit(0, OpenSsl(["-e", "-" + cipher, "-pbkdf2", "-in", "empty", "-out", "theirs"]));
        Expect.Exit(0, Sample("decrypt", "theirs", "theirs.sample", "--openssl", "--cipher", cipher));
        Assert.Empty(File.ReadAllBytes(_run.PathOf("theirs.sample")));
    }

    [OpenSslFact]
    public void WrongPassword_Cbc_FailsWithExit1_AndWritesNothing()
    {
        // A fixed text and salt, so that the wrong key's last block is known to fail the padding check (a wrong key
        // passes it by chance about once in 256 files: the format has no password check).
        // (OpenSSL 3 writes no header when given -S: it is added here, as OpenSSL 1.1 wrote it.)
        _run.Write("fixed", "A text whose padding the wrong password does not pass");
        byte[] salt = Convert.FromHexString("0011223344556677");
        Expect.Exit(0, OpenSsl(["-e", "-aes-256-cbc", "-pbkdf2", "-S", "0011223344556677", "-in", "fixed",
            "-out", "bare"]));
        _run.Write("theirs", [.. "Salted__"u8, .. salt, .. File.ReadAllBytes(_run.PathOf("bare"))]);
        File.Delete(_run.PathOf("bare"));
        Expect.Exit(0, Sample("decrypt", "theirs", "right", "--openssl", "--cipher", "aes-256-cbc"));
        Assert.Equal(
            "A text whose padding the wrong password does not pass", File.ReadAllText(_run.PathOf("right")));
        File.Delete(_run.PathOf("right"));
        ProcessResult wrong = _run.Sample(
            "EncryptFile", "wrong", "decrypt", "theirs", "dec", "--openssl", "--cipher", "aes-256-cbc");
        Expect.Error(1, wrong, "theirs", "wrong password");
        Assert.Equal(["fixed", "plain", "theirs"], _run.FileNames());
    }

    [Fact]
    public void NotAnOpenSslFile_IsAnInputError()
    {
        string[] openSsl = ["--openssl", "--cipher", "aes-256-cbc"];
        Expect.Error(2, Sample("decrypt", "plain", "dec", openSsl), "plain", "Salted__");
        Expect.Exit(0, Sample("encrypt", "plain", "native"));
        Expect.Error(2, Sample("decrypt", "native", "dec", openSsl), "native", "Salted__");
        Assert.Equal(["native", "plain"], _run.FileNames());
    }

    [Fact]
    public void OptionsThatDoNotFit_AreUsageErrors()
    {
        Expect.Error(2, Sample("encrypt", "plain", "enc", "--openssl"), "--cipher");
        Expect.Error(2, Sample("decrypt", "plain", "dec", "--openssl"), "--cipher");
        Expect.Error(2, Sample("encrypt", "plain", "enc", "--openssl", "--cipher", "aes-256-gcm"), "aes-256-gcm");
        Expect.Error(2, Sample("encrypt", "plain", "enc", "--openssl", "--cipher", "rijndael"), "rijndael");
        string[] aes = ["--openssl", "--cipher", "aes-128-cbc"];
        Expect.Error(2, Sample("encrypt", "plain", "enc", [.. aes, "--mode", "ctr"]), "--mode");
        Expect.Error(2, Sample("encrypt", "plain", "enc", [.. aes, "--evp-bytes-to-key", "--iter", "5"]), "--iter");
        Expect.Error(2, Sample("encrypt", "plain", "enc", [.. aes, "--md", "md5"]), "md5", "--evp-bytes-to-key");
        Expect.Error(2, Sample("encrypt", "plain", "enc", [.. aes, "--md", "sha3"]), "sha3");
        Expect.Error(2, Sample("encrypt", "plain", "enc", [.. aes, "--iter", "0"]), "--iter");
        Expect.Error(2, Sample("encrypt", "plain", "enc", "--cipher", "aes-128-cbc"), "aes-128-cbc", "--openssl");
        Expect.Error(2, Sample("encrypt", "plain", "enc", "--iter", "5"), "--iter", "--openssl");
        Expect.Error(2, Sample("decrypt", "plain", "dec", "--cipher", "camellia"), "--cipher", "--openssl");
        Assert.Equal(["plain"], _run.FileNames());
    }

    [Fact]
    public void Help_ShowsTheOpenSslOptions()
    {
        ProcessResult help = _run.Sample("EncryptFile", null, "decrypt", "--help");
        Expect.Exit(0, help);
        foreach (string option in new[] { "--openssl", "--cipher", "--iter", "--md", "--evp-bytes-to-key" })
        {
            Assert.Contains(option, help.Out, StringComparison.Ordinal);
        }
    }

    // openssl enc's key derivation options as the sample's: -pbkdf2 is the sample's default, no -pbkdf2 is
    // --evp-bytes-to-key; -iter and -md keep their names with two dashes.
    private static string[] SampleOptions(string cipher, string[] openSsl)
    {
        var options = new List<string> { "--openssl", "--cipher", cipher };
        if (!openSsl.Contains("-pbkdf2"))
        {
            options.Add("--evp-bytes-to-key");
        }

        for (int i = 0; i < openSsl.Length; i++)
        {
            if (openSsl[i] is "-iter" or "-md")
            {
                options.Add("-" + openSsl[i]);
                options.Add(openSsl[++i]);
            }
        }

        return [.. options];
    }

    private ProcessResult Sample(string command, string input, string output, params string[] options) =>
        _run.Sample("EncryptFile", Password, [command, input, output, .. options]);

    private ProcessResult OpenSsl(string[] args) =>
        _run.Run("openssl", ["enc", .. args, "-pass", "env:CRYPTOCLI_PASSWORD"],
            new Dictionary<string, string> { ["CRYPTOCLI_PASSWORD"] = Password });
}
