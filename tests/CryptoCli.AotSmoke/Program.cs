// NativeAOT smoke test: one line of output per operation over fixed inputs, so that the NativeAOT binary and the
// JIT build can be compared line by line (.ci/nativeaot.sh). Published answers are checked too: the program exits
// non-zero when one differs, on either runtime.

using System;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using CryptoCli;

int mismatches = 0;
byte[] message = Enumerable.Range(0, 100).Select(i => (byte)(i * 7 + 3)).ToArray();
byte[] blockMessage = message.AsSpan(0, 96).ToArray();

void Print(string name, ReadOnlySpan<byte> value) => Console.WriteLine($"{name}: {Convert.ToHexStringLower(value)}");

void Expect(string name, ReadOnlySpan<byte> value, string published)
{
    Print(name, value);
    if (Convert.ToHexStringLower(value) != published)
    {
        Console.WriteLine($"MISMATCH {name}: expected {published}");
        mismatches++;
    }
}

byte[] Key(int length, int seed) => Enumerable.Range(0, length).Select(i => (byte)(i * 13 + seed)).ToArray();

void BlockCipher(string name, BlockCipherAlgorithm cipher, int keyBytes)
{
    cipher.Key = Key(keyBytes, name.Length);
    byte[] iv = Key(cipher.BlockSize / 8, 5);
    byte[] ecb = cipher.EncryptEcb(blockMessage, PaddingMode.None);
    byte[] cbc = cipher.EncryptCbc(message, iv);
    byte[] ctr = cipher.EncryptCtr(message, iv);
    Print($"{name} ECB", ecb);
    Print($"{name} CBC-PKCS7", cbc);
    Print($"{name} CTR", ctr);
    if (!cipher.DecryptEcb(ecb, PaddingMode.None).AsSpan().SequenceEqual(blockMessage)
        || !cipher.DecryptCbc(cbc, iv).AsSpan().SequenceEqual(message)
        || !cipher.DecryptCtr(ctr, iv).AsSpan().SequenceEqual(message))
    {
        Console.WriteLine($"MISMATCH {name}: decryption does not give the message back");
        mismatches++;
    }
}

Console.WriteLine($"Haraka hardware-accelerated: {Haraka.IsHardwareAccelerated}");

// FIPS-197 Appendix C.1 (AES-128) and C.3 (AES-256).
using (var aes = RijndaelCipher.Create())
{
    aes.Key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f");
    Expect("AES-128 FIPS-197 C.1", aes.EncryptEcb(Convert.FromHexString("00112233445566778899aabbccddeeff"), PaddingMode.None), "69c4e0d86a7b0430d8cdb78070b4c55a");
    aes.Key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    Expect("AES-256 FIPS-197 C.3", aes.EncryptEcb(Convert.FromHexString("00112233445566778899aabbccddeeff"), PaddingMode.None), "8ea2b7ca516745bfeafc49904b496089");
    BlockCipher("AES-128", aes, 16);
}

using (var rijndael = RijndaelCipher.Create())
{
    rijndael.BlockSize = 256;
    BlockCipher("Rijndael-256/256", rijndael, 32);
    rijndael.BlockSize = 192;
    BlockCipher("Rijndael-192/160", rijndael, 20);
}

using (var camellia = Camellia.Create())
{
    // RFC 3713 Appendix A, 128-bit key.
    camellia.Key = Convert.FromHexString("0123456789abcdeffedcba9876543210");
    Expect("Camellia-128 RFC 3713", camellia.EncryptEcb(Convert.FromHexString("0123456789abcdeffedcba9876543210"), PaddingMode.None), "67673138549669730857065648eabe43");
    BlockCipher("Camellia-256", camellia, 32);
}

using (var hierocrypt = Hierocrypt3.Create())
{
    BlockCipher("Hierocrypt-3-128", hierocrypt, 16);
}

using (var sc2000 = SC2000.Create())
{
    BlockCipher("SC2000-192", sc2000, 24);
}

using (var unicorn = CipherUnicornA.Create())
{
    BlockCipher("CIPHERUNICORN-A-256", unicorn, 32);
}

using (var mugi = new Mugi(Key(16, 1), Key(16, 2)))
{
    byte[] ciphertext = new byte[message.Length];
    mugi.Transform(message, ciphertext);
    Print("MUGI", ciphertext);
}

Print("Luffa-224", Luffa224.HashData(message));
Print("Luffa-256", Luffa256.HashData(message));
Print("Luffa-384", Luffa384.HashData(message));
Print("Luffa-512", Luffa512.HashData(message));
byte[] haraka = new byte[32];
Haraka.Haraka256(message.AsSpan(0, 32), haraka);
Print("Haraka-256", haraka);
Haraka.Haraka512(message.AsSpan(0, 64), haraka);
Print("Haraka-512", haraka);

// RFC 6979 A.2.3: P-192, SHA-256, message "sample"; deterministic, so the signature itself is compared.
var parameters = new ECParameters
{
    Curve = ECDsaSecp192r1.Curve,
    D = Convert.FromHexString("6FAB034934E4C0FC9AE67F5B5659A9D7D1FEFD187EE09FD4"),
    Q = new ECPoint
    {
        X = Convert.FromHexString("AC2C77F529F91689FEA0EA5EFEC7F210D8EEA0B9E047ED56"),
        Y = Convert.FromHexString("3BC723E57670BD4887EBC732C523063D0A7C957BC97C1C43"),
    },
};
using (var signer = new ECDsaSecp192r1(parameters))
{
    byte[] hash = SHA256.HashData(Encoding.UTF8.GetBytes("sample"));
    byte[] signature = signer.SignHash(hash);
    Expect("ECDSA-P192 RFC 6979 A.2.3", signature, "4b0b8ce98a92866a2820e20aa6b75b56382e0f9bfd5ecb55ccdb006926ea9565cbadc840829d8c384e06de1f1e381b85");

    // PEM round trips: the private key into a second instance (which must sign identically), the public key into
    // a third (which must verify), and a DER signature.
    string privatePem = signer.ExportPkcs8PrivateKeyPem();
    string publicPem = signer.ExportSubjectPublicKeyInfoPem();
    Console.WriteLine("PKCS#8 PEM: " + privatePem.Replace("\n", "|", StringComparison.Ordinal));
    Console.WriteLine("SPKI PEM: " + publicPem.Replace("\n", "|", StringComparison.Ordinal));
    using var fromPem = new ECDsaSecp192r1();
    fromPem.ImportFromPem(privatePem);
    using var verifier = new ECDsaSecp192r1();
    verifier.ImportFromPem(publicPem);
    byte[] der = fromPem.SignHash(hash, DSASignatureFormat.Rfc3279DerSequence);
    Print("ECDSA-P192 DER from the PEM key", der);
    bool verified = verifier.VerifyHash(hash, signature) && verifier.VerifyHash(hash, der, DSASignatureFormat.Rfc3279DerSequence);
    Console.WriteLine($"ECDSA-P192 PEM round trip verifies: {verified}");
    if (!verified || !fromPem.SignHash(hash).AsSpan().SequenceEqual(signature))
    {
        Console.WriteLine("MISMATCH ECDSA-P192 PEM round trip");
        mismatches++;
    }
}

Console.WriteLine($"published answers that differ: {mismatches}");
return mismatches == 0 ? 0 : 1;
