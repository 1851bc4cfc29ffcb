// SignVerify: ECDSA over P-192 (secp192r1, prime192v1) with PEM keys and DER signatures that OpenSSL reads and writes.
//
//   SignVerify keygen --private priv.pem --public pub.pem [--encrypt] [--force]
//   SignVerify sign --key priv.pem [--output FILE.sig] [--hash SHA256] FILE
//   SignVerify verify --key pub.pem --signature FILE.sig [--hash SHA256] FILE
//
// Keys: PKCS#8 ("PRIVATE KEY", or "ENCRYPTED PRIVATE KEY" with the password from CRYPTOCLI_PASSWORD or the
// terminal), SEC1 ("EC PRIVATE KEY", as `openssl ecparam -genkey` writes) and SubjectPublicKeyInfo ("PUBLIC KEY").
// Signatures are DER (SEQUENCE of r and s), as `openssl dgst -sha256 -sign` writes and `-verify` reads;
// --format p1363 gives raw r || s (48 bytes). Exit codes: 0 done or signature valid, 1 signature invalid, 2 usage
// or input error.
//
// P-192 gives about 96-bit security and NIST no longer allows it for new signatures: use it to verify legacy
// signatures and to interoperate with systems that require it.
using System;
using System.CommandLine;
using System.IO;
using System.Security.Cryptography;
using CryptoCli;
using CryptoCli.Samples;

var keygen = new Command("keygen", "Generate a P-192 key pair: a PKCS#8 private key and a SubjectPublicKeyInfo public key, in PEM.");
var privateOption = new Option<string>("--private") { Description = "Where to write the private key (PEM).", Required = true };
var publicOption = new Option<string>("--public") { Description = "Where to write the public key (PEM).", Required = true };
var encryptOption = new Option<bool>("--encrypt") { Description = "Encrypt the private key with a password (PBES2, AES-256-CBC, PBKDF2-HMAC-SHA256)." };
var keygenForce = new Option<bool>("--force", "-f") { Description = "Overwrite existing files." };
keygen.Add(privateOption);
keygen.Add(publicOption);
keygen.Add(encryptOption);
keygen.Add(keygenForce);
keygen.SetAction(parsed => KeyGen(parsed.GetValue(privateOption)!, parsed.GetValue(publicOption)!, parsed.GetValue(encryptOption), parsed.GetValue(keygenForce)));

var sign = new Command("sign", "Sign a file with a private key.");
var signFile = new Argument<string>("FILE") { Description = "The file to sign." };
var signKey = new Option<string>("--key", "-k") { Description = "The private key (PEM: PKCS#8, encrypted PKCS#8 or SEC1).", Required = true };
var signOutput = new Option<string?>("--output", "-o") { Description = "Where to write the signature (default: FILE.sig)." };
var signForce = new Option<bool>("--force", "-f") { Description = "Overwrite the signature file if it exists." };
Option<string> signHash = HashOption();
Option<string> signFormat = FormatOption();
sign.Add(signFile);
sign.Add(signKey);
sign.Add(signOutput);
sign.Add(signForce);
sign.Add(signHash);
sign.Add(signFormat);
sign.SetAction(parsed => Sign(parsed.GetValue(signFile)!, parsed.GetValue(signKey)!, parsed.GetValue(signOutput) ?? parsed.GetValue(signFile) + ".sig",
    parsed.GetValue(signForce), parsed.GetValue(signHash)!, parsed.GetValue(signFormat)!));

var verify = new Command("verify", "Verify a file's signature with a public key (or a private key).");
var verifyFile = new Argument<string>("FILE") { Description = "The signed file." };
var verifyKey = new Option<string>("--key", "-k") { Description = "The public key (PEM: SubjectPublicKeyInfo), or a private key.", Required = true };
var verifySignature = new Option<string>("--signature", "-s") { Description = "The signature file.", Required = true };
Option<string> verifyHash = HashOption();
Option<string> verifyFormat = FormatOption();
verify.Add(verifyFile);
verify.Add(verifyKey);
verify.Add(verifySignature);
verify.Add(verifyHash);
verify.Add(verifyFormat);
verify.SetAction(parsed => Verify(parsed.GetValue(verifyFile)!, parsed.GetValue(verifyKey)!, parsed.GetValue(verifySignature)!, parsed.GetValue(verifyHash)!, parsed.GetValue(verifyFormat)!));

var root = new RootCommand("ECDSA P-192 keys, signatures and verification, interoperable with OpenSSL (PEM keys, DER signatures).");
root.Add(keygen);
root.Add(sign);
root.Add(verify);
return Cli.Run(root, args);

static Option<string> HashOption()
{
    var option = new Option<string>("--hash") { Description = "The hash signed (as openssl dgst -sha256 etc.).", DefaultValueFactory = _ => "SHA256" };
    option.AcceptOnlyFromAmong("SHA1", "SHA256", "SHA384", "SHA512");
    return option;
}

static Option<string> FormatOption()
{
    var option = new Option<string>("--format") { Description = "Signature encoding: der (OpenSSL's) or p1363 (r || s).", DefaultValueFactory = _ => "der" };
    option.AcceptOnlyFromAmong("der", "p1363");
    return option;
}

static DSASignatureFormat Format(string name) =>
    name == "p1363" ? DSASignatureFormat.IeeeP1363FixedFieldConcatenation : DSASignatureFormat.Rfc3279DerSequence;

static int KeyGen(string privatePath, string publicPath, bool encrypt, bool force)
{
    Cli.CheckOutput(privatePath, force);
    Cli.CheckOutput(publicPath, force);
    using var key = new ECDsaSecp192r1();
    string privatePem;
    if (encrypt)
    {
        string password = Cli.ReadPassword(confirm: true, allowEmpty: false);
        privatePem = key.ExportEncryptedPkcs8PrivateKeyPem(password, new PbeParameters(PbeEncryptionAlgorithm.Aes256Cbc, HashAlgorithmName.SHA256, 600_000));
    }
    else
    {
        privatePem = key.ExportPkcs8PrivateKeyPem();
    }

    Cli.WriteAtomically(privatePath, force, file => WriteText(file, privatePem));
    Cli.WriteAtomically(publicPath, force, file => WriteText(file, key.ExportSubjectPublicKeyInfoPem()));
    Console.WriteLine($"wrote {privatePath} (private key{(encrypt ? ", encrypted" : "")}) and {publicPath} (public key)");
    return ExitCode.Ok;
}

static void WriteText(Stream file, string pem)
{
    using var writer = new StreamWriter(file, leaveOpen: true);
    writer.Write(pem);
    writer.Write('\n');
}

static int Sign(string path, string keyPath, string signaturePath, bool force, string hash, string format)
{
    Cli.CheckOutput(signaturePath, force);
    using ECDsaSecp192r1 key = ReadKey(keyPath, needPrivate: true);
    byte[] signature;
    using (FileStream input = Cli.OpenInput(path))
    {
        signature = key.SignData(input, new HashAlgorithmName(hash), Format(format));
    }

    Cli.WriteAtomically(signaturePath, force, file => file.Write(signature));
    Console.WriteLine($"wrote {signaturePath} ({signature.Length}-byte {(format == "der" ? "DER" : "r || s")} signature, ECDSA P-192 with {hash})");
    return ExitCode.Ok;
}

static int Verify(string path, string keyPath, string signaturePath, string hash, string format)
{
    using ECDsaSecp192r1 key = ReadKey(keyPath, needPrivate: false);
    byte[] signature;
    using (FileStream signatureFile = Cli.OpenInput(signaturePath))
    {
        if (signatureFile.Length > 1024)
        {
            throw new UsageException($"{signaturePath}: {signatureFile.Length} bytes is not a P-192 signature");
        }

        signature = new byte[signatureFile.Length];
        signatureFile.ReadExactly(signature);
    }

    bool valid;
    using (FileStream input = Cli.OpenInput(path))
    {
        valid = key.VerifyData(input, signature, new HashAlgorithmName(hash), Format(format));
    }

    if (!valid)
    {
        throw new VerificationFailedException($"{path}: Verification failure (the signature in {signaturePath} does not match the file and the key)");
    }

    Console.WriteLine("Verified OK");
    return ExitCode.Ok;
}

// A P-192 key from PEM: private (PKCS#8, encrypted PKCS#8, SEC1) or public (SPKI). Anything else, another curve, or
// a wrong password is a usage error that names the file.
static ECDsaSecp192r1 ReadKey(string path, bool needPrivate)
{
    string pem;
    using (FileStream file = Cli.OpenInput(path))
    using (var reader = new StreamReader(file))
    {
        pem = reader.ReadToEnd();
    }

    var key = new ECDsaSecp192r1();
    try
    {
        if (pem.Contains("-----BEGIN ENCRYPTED PRIVATE KEY-----", StringComparison.Ordinal))
        {
            key.ImportFromEncryptedPem(pem, Cli.ReadPassword(confirm: false, allowEmpty: true));
        }
        else
        {
            key.ImportFromPem(pem);
        }
    }
    catch (Exception e) when (e is ArgumentException or CryptographicException)
    {
        key.Dispose();
        throw new UsageException($"{path}: not a P-192 key in PEM, or a wrong password ({e.Message})");
    }

    if (needPrivate && !key.HasPrivateKey)
    {
        key.Dispose();
        throw new UsageException($"{path}: holds a public key; signing needs the private key");
    }

    return key;
}
