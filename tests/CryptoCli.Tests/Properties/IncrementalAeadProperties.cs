using System;
using CsCheck;
using Xunit;

namespace CryptoCli.Tests.Properties;

/// <summary>
/// Property: the incremental GCM and OCB APIs (CreateEncryptor/CreateDecryptor) give the one-shot's ciphertext and
/// tag, and decrypt it back, for random chunkings of the text, random associated data, nonce and tag lengths, over
/// every 128-bit-block cipher.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class IncrementalAeadProperties
{
    public sealed record AeadCase(int Cipher, byte[] Key, int TagBytes, byte[] Nonce, byte[] AssociatedData,
        byte[] Plaintext, int[] EncryptChunks, int[] AuthenticateChunks, int[] DecryptChunks)
    {
        public override string ToString() =>
            $"{PropertyRuns.CipherNames[Cipher]}, tag {TagBytes} bytes, key {PropertyRuns.Hex(Key)}, " +
            $"nonce {PropertyRuns.Hex(Nonce)}, AAD {PropertyRuns.Hex(AssociatedData)}, " +
            $"plaintext ({Plaintext.Length}) {PropertyRuns.Hex(Plaintext)}, chunks " +
            $"{PropertyRuns.Chunks(EncryptChunks)} {PropertyRuns.Chunks(AuthenticateChunks)} " +
            $"{PropertyRuns.Chunks(DecryptChunks)}";
    }

    private static Gen<AeadCase> Cases(Gen<int> tagBytes, Gen<int> nonceBytes) =>
        from cipher in Gen.Int[0, PropertyRuns.CipherNames.Length - 1]
        from key in PropertyRuns.Key
        from tag in tagBytes
        from nonceLength in nonceBytes
        from nonce in Gen.Byte.Array[nonceLength]
        from aad in Gen.Byte.Array[0, 40]
        from plaintext in Gen.Byte.Array[0, 100]
        from encryptChunks in Gen.Int[0, 40].Array[0, 6]
        from authenticateChunks in Gen.Int[0, 40].Array[0, 6]
        from decryptChunks in Gen.Int[0, 40].Array[0, 6]
        select new AeadCase(cipher, key, tag, nonce, aad, plaintext, encryptChunks, authenticateChunks,
            decryptChunks);

    [Fact]
    public void GcmIncrementalEqualsOneShot() =>
        PropertyRuns.Sample(Cases(Gen.Int[12, 16], Gen.OneOf<int>(Gen.Const(12), Gen.Int[1, 40])), CheckGcm, 200,
            c => c.ToString());

    [Fact]
    public void OcbIncrementalEqualsOneShot() =>
        PropertyRuns.Sample(Cases(Gen.OneOf(8, 12, 16), Gen.Int[1, 15]), CheckOcb, 200, c => c.ToString());

    private static void CheckGcm(AeadCase c)
    {
        using BlockCipherAlgorithm cipher = PropertyRuns.CreateCipher(c.Cipher, 128, c.Key);
        using var gcm = new BlockCipherGcm(cipher, c.TagBytes);
        byte[] ciphertext = new byte[c.Plaintext.Length];
        byte[] tag = new byte[c.TagBytes];
        gcm.Encrypt(c.Nonce, c.Plaintext, ciphertext, tag, c.AssociatedData);

        byte[] incremental = new byte[c.Plaintext.Length];
        byte[] incrementalTag = new byte[c.TagBytes];
        using (BlockCipherGcmEncryptor encryptor = gcm.CreateEncryptor(c.Nonce, c.AssociatedData))
        {
            foreach ((int offset, int length) in PropertyRuns.Split(c.Plaintext.Length, c.EncryptChunks))
            {
                encryptor.Encrypt(c.Plaintext.AsSpan(offset, length), incremental.AsSpan(offset, length));
            }

            encryptor.Finish(incrementalTag);
        }

        PropertyRuns.Equal(ciphertext, incremental, "GCM ciphertext");
        PropertyRuns.Equal(tag, incrementalTag, "GCM tag");

        byte[] decrypted = new byte[ciphertext.Length];
        using (BlockCipherGcmDecryptor decryptor = gcm.CreateDecryptor(c.Nonce, tag, c.AssociatedData))
        {
            foreach ((int offset, int length) in PropertyRuns.Split(ciphertext.Length, c.AuthenticateChunks))
            {
                decryptor.Authenticate(ciphertext.AsSpan(offset, length));
            }

            decryptor.VerifyTag();
            foreach ((int offset, int length) in PropertyRuns.Split(ciphertext.Length, c.DecryptChunks))
            {
                decryptor.Decrypt(ciphertext.AsSpan(offset, length), decrypted.AsSpan(offset, length));
            }

            decryptor.Finish();
        }

        PropertyRuns.Equal(c.Plaintext, decrypted, "GCM decryption");
    }

    private static void CheckOcb(AeadCase c)
    {
        using BlockCipherAlgorithm cipher = PropertyRuns.CreateCipher(c.Cipher, 128, c.Key);
        using var ocb = new BlockCipherOcb(cipher, c.TagBytes);
        byte[] ciphertext = new byte[c.Plaintext.Length];
        byte[] tag = new byte[c.TagBytes];
        ocb.Encrypt(c.Nonce, c.Plaintext, ciphertext, tag, c.AssociatedData);

        // Output lags input by up to 15 bytes: each call writes what it returns, Finish writes the rest.
        byte[] incremental = new byte[c.Plaintext.Length];
        byte[] incrementalTag = new byte[c.TagBytes];
        int written = 0;
        using (BlockCipherOcbEncryptor encryptor = ocb.CreateEncryptor(c.Nonce, c.AssociatedData))
        {
            foreach ((int offset, int length) in PropertyRuns.Split(c.Plaintext.Length, c.EncryptChunks))
            {
                written += encryptor.Encrypt(c.Plaintext.AsSpan(offset, length), incremental.AsSpan(written));
            }

            written += encryptor.Finish(incremental.AsSpan(written), incrementalTag);
        }

        Assert.Equal(c.Plaintext.Length, written);
        PropertyRuns.Equal(ciphertext, incremental, "OCB ciphertext");
        PropertyRuns.Equal(tag, incrementalTag, "OCB tag");

        byte[] decrypted = new byte[ciphertext.Length];
        written = 0;
        using (BlockCipherOcbDecryptor decryptor = ocb.CreateDecryptor(c.Nonce, tag, c.AssociatedData))
        {
            foreach ((int offset, int length) in PropertyRuns.Split(ciphertext.Length, c.AuthenticateChunks))
            {
                decryptor.Authenticate(ciphertext.AsSpan(offset, length));
            }

            decryptor.VerifyTag();
            foreach ((int offset, int length) in PropertyRuns.Split(ciphertext.Length, c.DecryptChunks))
            {
                written += decryptor.Decrypt(ciphertext.AsSpan(offset, length), decrypted.AsSpan(written));
            }

            written += decryptor.Finish(decrypted.AsSpan(written));
        }

        Assert.Equal(ciphertext.Length, written);
        PropertyRuns.Equal(c.Plaintext, decrypted, "OCB decryption");
    }
}
