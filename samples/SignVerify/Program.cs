// SignVerify: generates a P-192 key, exports it as PEM with the runtime's PEM APIs, signs a file, verifies the
// signature, and shows that the runtime's own ECDsa verifies CryptoCli's signature where the platform has the curve.
//
//   dotnet run --project samples/SignVerify -- FILE
//
// P-192 gives about 96-bit security and NIST no longer allows it for new signatures: use it for interoperability
// with existing systems and for verifying legacy signatures.
using System;
using System.IO;
using System.Security.Cryptography;
using CryptoCli;

if (args.Length != 1)
{
    Console.Error.WriteLine("usage: SignVerify FILE");
    return 2;
}

byte[] data = File.ReadAllBytes(args[0]);
using var key = new ECDsaSecp192r1();
string privatePem = key.ExportPkcs8PrivateKeyPem();
string publicPem = key.ExportSubjectPublicKeyInfoPem();
Console.WriteLine(publicPem);
Console.WriteLine($"(private key: {privatePem.Split('\n').Length} PEM lines, not shown)");

byte[] signature = key.SignData(data, HashAlgorithmName.SHA256);
Console.WriteLine($"signature (r||s): {Convert.ToHexStringLower(signature)}");

using var verifier = new ECDsaSecp192r1();
verifier.ImportFromPem(publicPem);
bool ours = verifier.VerifyData(data, signature, HashAlgorithmName.SHA256);
Console.WriteLine($"CryptoCli verifies: {ours}");

data[0] ^= 1;
bool tampered = verifier.VerifyData(data, signature, HashAlgorithmName.SHA256);
data[0] ^= 1;
Console.WriteLine($"CryptoCli verifies a tampered file: {tampered}");

bool? builtIn = null;
try
{
    using ECDsa runtime = ECDsa.Create();
    runtime.ImportFromPem(publicPem);
    builtIn = runtime.VerifyData(data, signature, HashAlgorithmName.SHA256);
    Console.WriteLine($"the built-in ECDsa verifies: {builtIn}");
}
catch (Exception e) when (e is CryptographicException or PlatformNotSupportedException)
{
    Console.WriteLine($"the built-in ECDsa has no P-192 here: {e.Message}");
}

return ours && !tampered && builtIn != false ? 0 : 1;
