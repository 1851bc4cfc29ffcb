// <quickstart:usings>
using System;
using System.IO;
using System.Numerics;
using System.Security.Cryptography;
using System.Text;
using CryptoCli;
// </quickstart:usings>
using Xunit;

namespace CryptoCli.Tests.QuickStart;

/// <summary>
/// The code of README.md's "Quick start" and of docs/examples.md, compiled and run. Each snippet sits between
/// <c>// &lt;quickstart:NAME&gt;</c> and <c>// &lt;/quickstart:NAME&gt;</c> markers and is copied verbatim (minus
/// indentation) into one of the two pages; <see cref="ReadmeQuickStartTests"/> fails when they drift apart.
/// Assertions after each snippet check that it does what the page says, with a published vector where one is cheap.
/// </summary>
public sealed class QuickStartTests
{
    [Fact]
    public void BlockCipher_RijndaelWideBlock_CbcAndCtr()
    {
        // <quickstart:block-cipher>
        byte[] message = Encoding.UTF8.GetBytes("Rijndael with a 256-bit block, as RijndaelManaged had");

        using var rijndael = RijndaelCipher.Create();
        rijndael.BlockSize = 256;                        // 128 is AES; 160..256 in steps of 32 are Rijndael
        rijndael.Key = RandomNumberGenerator.GetBytes(32);
        byte[] iv = RandomNumberGenerator.GetBytes(rijndael.BlockSize / 8);

        byte[] ciphertext = rijndael.EncryptCbc(message, iv);          // PKCS7 padding by default
        byte[] decrypted = rijndael.DecryptCbc(ciphertext, iv);

        byte[] counter = RandomNumberGenerator.GetBytes(rijndael.BlockSize / 8);   // never reuse with the same key
        byte[] ctrCiphertext = rijndael.EncryptCtr(message, counter);  // any length, no padding
        byte[] ctrDecrypted = rijndael.DecryptCtr(ctrCiphertext, counter);
        // </quickstart:block-cipher>

        Assert.Equal(message, decrypted);
        Assert.Equal(message, ctrDecrypted);
        Assert.Equal((message.Length / 32 + 1) * 32, ciphertext.Length);
        Assert.Equal(message.Length, ctrCiphertext.Length);
        Assert.NotEqual(message, ctrCiphertext);

        // The first CTR keystream block is E(counter): check it against ECB on the same key.
        byte[] keystream = rijndael.EncryptEcb(counter, PaddingMode.None);
        for (int i = 0; i < 32; i++)
        {
            Assert.Equal((byte)(message[i] ^ keystream[i]), ctrCiphertext[i]);
        }

        // Gladman's Rijndael vector, 256-bit block and key (rijndael-wide.txt).
        rijndael.Key = Convert.FromHexString("2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe");
        Assert.Equal(
            "a49406115dfb30a40418aafa4869b7c6a886ff31602a7dd19c889dc64f7e4e7a",
            Convert.ToHexStringLower(rijndael.EncryptEcb(
                Convert.FromHexString("3243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c8"), PaddingMode.None)));
    }

    [Fact]
    public void BlockCipher_Camellia_CryptoStream()
    {
        // <quickstart:camellia-stream>
        byte[] message = RandomNumberGenerator.GetBytes(100_000);   // e.g. a file's contents

        using var camellia = Camellia.Create();          // 256-bit random key, CBC, PKCS7: as Aes.Create()
        camellia.GenerateIV();

        using var encrypted = new MemoryStream();
        using (ICryptoTransform encryptor = camellia.CreateEncryptor())
        using (var writer = new CryptoStream(encrypted, encryptor, CryptoStreamMode.Write, leaveOpen: true))
        {
            writer.Write(message);                       // or source.CopyTo(writer) for a file
        }

        encrypted.Position = 0;
        using var decrypted = new MemoryStream();
        using (ICryptoTransform decryptor = camellia.CreateDecryptor())
        using (var reader = new CryptoStream(encrypted, decryptor, CryptoStreamMode.Read))
        {
            reader.CopyTo(decrypted);
        }
        // </quickstart:camellia-stream>

        Assert.Equal(message, decrypted.ToArray());
        Assert.Equal(camellia.EncryptCbc(message, camellia.IV), encrypted.ToArray());

        // RFC 3713 Appendix A, 128-bit key.
        camellia.Key = Convert.FromHexString("0123456789abcdeffedcba9876543210");
        Assert.Equal(
            "67673138549669730857065648eabe43",
            Convert.ToHexStringLower(camellia.EncryptEcb(Convert.FromHexString("0123456789abcdeffedcba9876543210"), PaddingMode.None)));
    }

    [Fact]
    public void Authenticated_CamelliaGcm()
    {
        // <quickstart:gcm>
        byte[] plaintext = Encoding.UTF8.GetBytes("Camellia-GCM: encrypted and authenticated");
        byte[] associatedData = Encoding.UTF8.GetBytes("a header sent in the clear, authenticated too");

        using var camellia = Camellia.Create();          // a fresh 256-bit key (RijndaelCipher for AES, etc.)
        using var gcm = new BlockCipherGcm(camellia);    // copies the key; the API of the runtime's AesGcm
        byte[] nonce = RandomNumberGenerator.GetBytes(12);   // never reuse a nonce with the same key
        byte[] ciphertext = new byte[plaintext.Length];
        byte[] tag = new byte[16];
        gcm.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);

        byte[] decrypted = new byte[ciphertext.Length];
        gcm.Decrypt(nonce, ciphertext, tag, decrypted, associatedData);   // throws if anything was changed
        // </quickstart:gcm>

        Assert.Equal(plaintext, decrypted);
        Assert.NotEqual(plaintext, ciphertext);

        // A changed ciphertext byte fails the tag check, and the destination is left zeroed.
        byte[] tampered = (byte[])ciphertext.Clone();
        tampered[0] ^= 1;
        byte[] rejected = new byte[tampered.Length];
        Array.Fill(rejected, (byte)0xAA);
        Assert.ThrowsAny<CryptographicException>(() => gcm.Decrypt(nonce, tampered, tag, rejected, associatedData));
        Assert.All(rejected, b => Assert.Equal(0, b));
        Assert.ThrowsAny<CryptographicException>(() => gcm.Decrypt(nonce, ciphertext, tag, rejected, plaintext));

        // McGrew and Viega, "The Galois/Counter Mode of Operation", test case 2 (AES-128, zero key and IV).
        using var aes = RijndaelCipher.Create();
        aes.Key = new byte[16];
        using var aesGcm = new BlockCipherGcm(aes);
        byte[] knownCiphertext = new byte[16];
        byte[] knownTag = new byte[16];
        aesGcm.Encrypt(new byte[12], new byte[16], knownCiphertext, knownTag);
        Assert.Equal("0388dace60b6a392f328c2b971b2fe78", Convert.ToHexStringLower(knownCiphertext));
        Assert.Equal("ab6e47d42cec13bdf53a67b21257bddf", Convert.ToHexStringLower(knownTag));
    }

    [Fact]
    public void StreamCipher_Mugi()
    {
        // <quickstart:stream-cipher>
        byte[] key = RandomNumberGenerator.GetBytes(Mugi.KeySizeInBytes);      // 16 bytes
        byte[] iv = RandomNumberGenerator.GetBytes(Mugi.IVSizeInBytes);        // 16 bytes, never reused with the key
        byte[] message = Encoding.UTF8.GetBytes("MUGI: a CRYPTREC candidate keystream generator");

        byte[] ciphertext = new byte[message.Length];
        using (var mugi = new Mugi(key, iv))
        {
            mugi.Transform(message.AsSpan(0, 10), ciphertext.AsSpan(0, 10));  // the keystream continues
            mugi.Transform(message.AsSpan(10), ciphertext.AsSpan(10));        // across calls
        }

        byte[] decrypted = new byte[ciphertext.Length];
        using (var mugi = new Mugi(key, iv))
        {
            mugi.Transform(ciphertext, decrypted);       // decryption is the same XOR
        }
        // </quickstart:stream-cipher>

        Assert.Equal(message, decrypted);
        Assert.NotEqual(message, ciphertext);

        // MUGI specification, example 2 (mugi.txt), first 32 bytes of keystream.
        using var known = new Mugi(
            Convert.FromHexString("000102030405060708090a0b0c0d0e0f"), Convert.FromHexString("f0e0d0c0b0a090807060504030201000"));
        byte[] keystream = new byte[32];
        known.GenerateKeystream(keystream);
        Assert.Equal("bc62430614b79b7171a66681c35542de7aba5b4fb80e82d70b96982890b6e143", Convert.ToHexStringLower(keystream));
    }

    [Fact]
    public void Hash_Luffa256_OneShotAndIncremental()
    {
        // <quickstart:hash>
        byte[] data = Encoding.UTF8.GetBytes("The quick brown fox jumps over the lazy dog");
        byte[] digest = Luffa256.HashData(data);         // one-shot, 32 bytes, as SHA256.HashData

        using var luffa = Luffa256.Create();             // a HashAlgorithm: incremental, ComputeHash, CryptoStream
        luffa.TransformBlock(data, 0, 16, null, 0);
        luffa.TransformFinalBlock(data, 16, data.Length - 16);
        byte[] incremental = luffa.Hash!;

        using var file = new MemoryStream(data);          // any Stream, e.g. File.OpenRead(path)
        byte[] fromStream = luffa.ComputeHash(file);
        // </quickstart:hash>

        Assert.Equal(Luffa256.HashSizeInBytes, digest.Length);
        Assert.Equal(digest, incremental);
        Assert.Equal(digest, fromStream);

        // NIST ShortMsgKAT (round 2), Len = 0 (luffa.txt).
        Assert.Equal(
            "dbb8665871f4154d3e4396aefbba417cb7837dd683c332ba6be87e02a2712d6f",
            Convert.ToHexStringLower(Luffa256.HashData(ReadOnlySpan<byte>.Empty)));
    }

    [Fact]
    public void Haraka_256And512()
    {
        // <quickstart:haraka>
        byte[] input256 = new byte[Haraka.Haraka256InputSizeInBytes];   // exactly 32 bytes
        byte[] input512 = new byte[Haraka.Haraka512InputSizeInBytes];   // exactly 64 bytes
        for (int i = 0; i < input512.Length; i++)
        {
            input512[i] = (byte)i;
        }

        input512.AsSpan(0, 32).CopyTo(input256);

        byte[] hash256 = new byte[Haraka.OutputSizeInBytes];            // 32 bytes for both
        byte[] hash512 = new byte[Haraka.OutputSizeInBytes];
        Haraka.Haraka256(input256, hash256);
        Haraka.Haraka512(input512, hash512);
        // </quickstart:haraka>

        // Haraka v2 paper, Appendix B (haraka.txt).
        Assert.Equal("8027ccb87949774b78d0545fb72bf70c695c2a0923cbd47bba1159efbf2b2c1c", Convert.ToHexStringLower(hash256));
        Assert.Equal("be7f723b4e80a99813b292287f306f625a6d57331cae5f34dd9277b0945be2aa", Convert.ToHexStringLower(hash512));
    }

    [Fact]
    public void Ecdsa_P192_SignVerifyPem()
    {
        // <quickstart:ecdsa>
        byte[] document = Encoding.UTF8.GetBytes("a legacy P-192 signature");

        using var signer = new ECDsaSecp192r1();         // a fresh key pair; an ECDsa like the runtime's
        byte[] signature = signer.SignData(document, HashAlgorithmName.SHA256);     // r || s, 48 bytes
        string privateKeyPem = signer.ExportPkcs8PrivateKeyPem();
        string publicKeyPem = signer.ExportSubjectPublicKeyInfoPem();

        using var verifier = new ECDsaSecp192r1();
        verifier.ImportFromPem(publicKeyPem);
        bool valid = verifier.VerifyData(document, signature, HashAlgorithmName.SHA256);

        using var restored = new ECDsaSecp192r1();
        restored.ImportFromPem(privateKeyPem);          // the same key pair, able to sign
        byte[] again = restored.SignData(document, HashAlgorithmName.SHA256);       // RFC 6979: deterministic
        // </quickstart:ecdsa>

        // <quickstart:ecdsa-builtin>
        // The runtime's own ECDsa verifies our signature where the platform has P-192.
        bool? builtInValid = null;
        try
        {
            using ECDsa builtIn = ECDsa.Create();
            builtIn.ImportFromPem(publicKeyPem);
            builtInValid = builtIn.VerifyData(document, signature, HashAlgorithmName.SHA256);
        }
        catch (Exception e) when (e is CryptographicException or PlatformNotSupportedException)
        {
            // no P-192 in this platform's crypto library
        }
        // </quickstart:ecdsa-builtin>

        Assert.True(valid);
        Assert.Equal(48, signature.Length);
        Assert.Equal(signature, again);
        Assert.NotEqual(false, builtInValid);

        byte[] tamperedDocument = (byte[])document.Clone();
        tamperedDocument[0] ^= 1;
        Assert.False(verifier.VerifyData(tamperedDocument, signature, HashAlgorithmName.SHA256));
        byte[] tamperedSignature = (byte[])signature.Clone();
        tamperedSignature[47] ^= 1;
        Assert.False(verifier.VerifyData(document, tamperedSignature, HashAlgorithmName.SHA256));
        if (builtInValid is not null)
        {
            using ECDsa builtIn = ECDsa.Create();
            builtIn.ImportFromPem(publicKeyPem);
            Assert.False(builtIn.VerifyData(document, tamperedSignature, HashAlgorithmName.SHA256));
        }

        Assert.Equal(
            signer.ExportParameters(includePrivateParameters: true).D,
            restored.ExportParameters(includePrivateParameters: true).D);
    }

    [Fact]
    public void Hyperelliptic_Genus3_SkewFrobeniusEqualsPlain()
    {
        // <quickstart:genus3>
        // A divisor class in Mumford form (u, v) over F_{p^2}, p = 2^31 - 1, in the vector files' JSON form.
        Genus3Divisor d = Genus3Divisor.Parse("""
            {"u":[[1262921639,528578580],[1886136798,1802993825],[1355849489,1263420733],[1,0]],"v":[[1428980130,538134900],[1449409459,1657657015],[1286159824,858647592]]}
            """);

        BigInteger k = new BigInteger(RandomNumberGenerator.GetBytes(24), isUnsigned: true) % Genus3Curve.Order;
        Genus3Divisor fast = Genus3Curve.MultiplySkewFrobenius(d, k);   // about 91 doublings
        Genus3Divisor plain = Genus3Curve.MultiplyNaf(d, k);            // about 183 doublings
        bool same = fast == plain;

        bool eigenvalue = Genus3Curve.SkewFrobenius(d) == Genus3Curve.Multiply(d, Genus3Curve.SkewFrobeniusEigenvalue);
        bool order = Genus3Curve.Multiply(d, Genus3Curve.Order).IsIdentity;
        // </quickstart:genus3>

        Assert.True(same);
        Assert.True(eigenvalue);
        Assert.True(order);
        Assert.False(fast.IsIdentity && !k.IsZero);

        // hecc-g3.txt, divisor 1: phiD and dblD.
        Assert.Equal(
            """{"u":[[1646136188,568804705],[570433245,1269194018],[327068516,2065710767],[1,0]],"v":[[1748171981,1984307729],[48081172,1422237174],[1850978870,821700849]]}""",
            Genus3Curve.SkewFrobenius(d).ToString());
        Assert.Equal(
            """{"u":[[1067049495,1431519134],[1688380614,704914388],[2146723547,182357124],[1,0]],"v":[[1010221403,1084139195],[383051786,72176975],[2115188559,1549731250]]}""",
            Genus3Curve.Multiply(d, 2).ToString());
        Assert.Equal(Genus3Curve.Twice(d), d + d);
    }

    [Fact]
    public void LargeBlock_Experimental()
    {
        // <quickstart:large-block>
        #pragma warning disable CRYPTOCLI001 // a research construction: no analysis beyond the paper's active-S-box bounds
        using var wide = LargeBlock256TwoRoundUnpack.Create();     // 256-bit key and 256-bit block
        #pragma warning restore CRYPTOCLI001
        byte[] message = Encoding.UTF8.GetBytes("AES rounds on a 256-bit state");
        byte[] iv = RandomNumberGenerator.GetBytes(32);
        byte[] ciphertext = wide.EncryptCbc(message, iv);
        byte[] decrypted = wide.DecryptCbc(ciphertext, iv);
        // </quickstart:large-block>

        Assert.Equal(message, decrypted);
        Assert.Equal(32, ciphertext.Length);
        Assert.Equal(256, wide.BlockSize);
        Assert.Equal(256, wide.KeySize);
        Assert.NotEqual(message, ciphertext.AsSpan(0, message.Length).ToArray());
    }
}
