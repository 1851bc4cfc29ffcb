using System;
using System.IO;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Samples.Tests;

/// <summary>SignVerify as a process: PEM keys, DER signatures, and OpenSSL interoperability in both directions.</summary>
public sealed class SignVerifyTests : IDisposable
{
    private readonly SampleProcess _run = new();

    public SignVerifyTests()
    {
        _run.Write("document", RandomNumberGenerator.GetBytes(5000));
        _run.Write("empty", Array.Empty<byte>());
    }

    public void Dispose() => _run.Dispose();

    private ProcessResult Sign(params string[] args) => _run.Sample("SignVerify", null, args);

    private ProcessResult OpenSsl(params string[] args) => _run.Run("openssl", args);

    private void KeyGen()
    {
        ProcessResult keygen = Sign("keygen", "--private", "priv.pem", "--public", "pub.pem");
        Expect.Exit(0, keygen);
        Assert.StartsWith("-----BEGIN PRIVATE KEY-----", File.ReadAllText(_run.PathOf("priv.pem")), StringComparison.Ordinal);
        Assert.StartsWith("-----BEGIN PUBLIC KEY-----", File.ReadAllText(_run.PathOf("pub.pem")), StringComparison.Ordinal);
    }

    [Fact]
    public void KeyGen_Sign_Verify_AndATamperedFileFails()
    {
        KeyGen();
        Expect.Exit(0, Sign("sign", "--key", "priv.pem", "document"));
        byte[] signature = File.ReadAllBytes(_run.PathOf("document.sig"));
        Assert.Equal(0x30, signature[0]); // DER SEQUENCE
        ProcessResult verified = Sign("verify", "--key", "pub.pem", "--signature", "document.sig", "document");
        Expect.Exit(0, verified);
        Assert.Equal("Verified OK\n", verified.Out);

        byte[] document = File.ReadAllBytes(_run.PathOf("document"));
        document[0] ^= 1;
        _run.Write("document", document);
        Expect.Error(1, Sign("verify", "--key", "pub.pem", "--signature", "document.sig", "document"), "Verification failure");
    }

    [Fact]
    public void EmptyFile_SignsAndVerifies()
    {
        KeyGen();
        Expect.Exit(0, Sign("sign", "-k", "priv.pem", "-o", "empty.sig", "empty"));
        Expect.Exit(0, Sign("verify", "-k", "pub.pem", "-s", "empty.sig", "empty"));
        Expect.Exit(0, Sign("sign", "-k", "priv.pem", "-o", "empty.p1363", "--format", "p1363", "empty"));
        Assert.Equal(48, new FileInfo(_run.PathOf("empty.p1363")).Length);
        Expect.Exit(0, Sign("verify", "-k", "pub.pem", "-s", "empty.p1363", "--format", "p1363", "empty"));
        Expect.Error(1, Sign("verify", "-k", "pub.pem", "-s", "empty.p1363", "empty"), "Verification failure"); // r || s read as DER
    }

    [Fact]
    public void MissingFilesAndWrongKeys_AreInputErrors()
    {
        KeyGen();
        Expect.Error(2, Sign("sign", "--key", "priv.pem", "absent"), "absent: no such file");
        Expect.Error(2, Sign("sign", "--key", "nokey.pem", "document"), "nokey.pem: no such file");
        Expect.Error(2, Sign("sign", "--key", "pub.pem", "document"), "pub.pem", "private key");
        Expect.Error(2, Sign("verify", "--key", "pub.pem", "--signature", "absent.sig", "document"), "absent.sig: no such file");
        _run.Write("garbage.pem", "not a key");
        Expect.Error(2, Sign("verify", "--key", "garbage.pem", "--signature", "document", "document"), "garbage.pem");
        Expect.Error(2, Sign("sign", "document"), "--key");
        Expect.Error(2, Sign("frobnicate"), "frobnicate");
    }

    [Fact]
    public void KeyGen_RefusesToOverwrite()
    {
        KeyGen();
        string before = File.ReadAllText(_run.PathOf("priv.pem"));
        Expect.Error(2, Sign("keygen", "--private", "priv.pem", "--public", "other.pem"), "priv.pem", "already exists");
        Assert.Equal(before, File.ReadAllText(_run.PathOf("priv.pem")));
        Assert.False(File.Exists(_run.PathOf("other.pem")));
        Expect.Exit(0, Sign("keygen", "--private", "priv.pem", "--public", "pub.pem", "--force"));
        Assert.NotEqual(before, File.ReadAllText(_run.PathOf("priv.pem")));
    }

    [Fact]
    public void EncryptedPrivateKey_NeedsTheRightPassword()
    {
        Expect.Exit(0, _run.Sample("SignVerify", "pem password", "keygen", "--private", "priv.pem", "--public", "pub.pem", "--encrypt"));
        Assert.StartsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----", File.ReadAllText(_run.PathOf("priv.pem")), StringComparison.Ordinal);
        Expect.Exit(0, _run.Sample("SignVerify", "pem password", "sign", "--key", "priv.pem", "document"));
        Expect.Exit(0, Sign("verify", "--key", "pub.pem", "--signature", "document.sig", "document"));
        Expect.Error(2, _run.Sample("SignVerify", "wrong", "sign", "--key", "priv.pem", "-o", "x.sig", "--force", "document"), "priv.pem");
        Expect.Error(2, _run.SampleWithInput("SignVerify", null, "", "sign", "--key", "priv.pem", "-o", "y.sig", "document"), "CRYPTOCLI_PASSWORD");
    }

    [OpenSslFact]
    public void OpenSsl_VerifiesOurSignature_AndReadsOurKeys()
    {
        KeyGen();
        Expect.Exit(0, Sign("sign", "--key", "priv.pem", "-o", "sig.der", "document"));
        ProcessResult openssl = OpenSsl("dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.der", "document");
        Assert.True(openssl.ExitCode == 0 && openssl.Out.Contains("Verified OK", StringComparison.Ordinal), openssl.ToString());

        ProcessResult publicFromPrivate = OpenSsl("pkey", "-in", "priv.pem", "-pubout");
        Expect.Exit(0, publicFromPrivate);
        Assert.Equal(File.ReadAllText(_run.PathOf("pub.pem")).Trim(), publicFromPrivate.Out.Trim());

        // A modified file: openssl refuses our signature too.
        _run.Write("document2", File.ReadAllBytes(_run.PathOf("document"))[1..]);
        Assert.NotEqual(0, OpenSsl("dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.der", "document2").ExitCode);
    }

    [OpenSslFact]
    public void OpenSsl_ReadsOurEncryptedKey()
    {
        Expect.Exit(0, _run.Sample("SignVerify", "pem password", "keygen", "--private", "priv.pem", "--public", "pub.pem", "--encrypt"));
        ProcessResult openssl = OpenSsl("pkey", "-in", "priv.pem", "-passin", "pass:pem password", "-pubout");
        Expect.Exit(0, openssl);
        Assert.Equal(File.ReadAllText(_run.PathOf("pub.pem")).Trim(), openssl.Out.Trim());
    }

    [OpenSslFact]
    public void WeVerifyOpenSslSignatures_AndSignWithItsKeys()
    {
        // An OpenSSL SEC1 key ("EC PRIVATE KEY") and a PKCS#8 one, both P-192.
        Expect.Exit(0, OpenSsl("ecparam", "-name", "prime192v1", "-genkey", "-noout", "-out", "sec1.pem"));
        Expect.Exit(0, OpenSsl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-192", "-out", "pkcs8.pem"));
        foreach (string key in new[] { "sec1.pem", "pkcs8.pem" })
        {
            Expect.Exit(0, OpenSsl("pkey", "-in", key, "-pubout", "-out", key + ".pub"));
            Expect.Exit(0, OpenSsl("dgst", "-sha256", "-sign", key, "-out", key + ".sig", "document"));
            ProcessResult ours = Sign("verify", "--key", key + ".pub", "--signature", key + ".sig", "document");
            Expect.Exit(0, ours);
            Assert.Equal("Verified OK\n", ours.Out);
            Expect.Error(1, Sign("verify", "--key", key + ".pub", "--signature", key + ".sig", "empty"), "Verification failure");

            Expect.Exit(0, Sign("sign", "--key", key, "-o", key + ".ours.sig", "document"));
            ProcessResult openssl = OpenSsl("dgst", "-sha256", "-verify", key + ".pub", "-signature", key + ".ours.sig", "document");
            Assert.True(openssl.ExitCode == 0, openssl.ToString());
        }

        // SHA-384 as openssl dgst -sha384 signs it.
        Expect.Exit(0, OpenSsl("dgst", "-sha384", "-sign", "sec1.pem", "-out", "sha384.sig", "document"));
        Expect.Exit(0, Sign("verify", "--key", "sec1.pem.pub", "--signature", "sha384.sig", "--hash", "SHA384", "document"));
    }

    [OpenSslFact]
    public void AnotherCurve_IsAnInputError()
    {
        Expect.Exit(0, OpenSsl("ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "p256.pem"));
        Expect.Error(2, Sign("sign", "--key", "p256.pem", "document"), "p256.pem", "not a P-192 key");
    }
}
