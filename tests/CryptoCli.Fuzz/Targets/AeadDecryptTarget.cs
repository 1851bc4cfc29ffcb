using System;
using System.Security.Cryptography;

namespace CryptoCli.Fuzz;

/// <summary>
/// GCM (one-shot and incremental), CCM and OCB3 decryption with arbitrary nonce, tag, associated-data and text lengths.
/// Input: mode, cipher, key size, key, tag length, nonce, associated data, tag (each length-prefixed), chunk length,
/// then the ciphertext. When the mode byte's top bit is set, the rest is plaintext that is first encrypted, so the
/// success path is reached and the decryption must return it. Documented: ArgumentException (sizes the input chose),
/// CryptographicException (AuthenticationTagMismatchException on .NET). Checked: a rejected tag leaves the plaintext
/// zeroed; a round trip returns the plaintext and a flipped tag bit is rejected.
/// </summary>
internal static class AeadDecryptTarget
{
    public static void Run(ReadOnlySpan<byte> data)
    {
        var input = new FuzzInput(data);
        byte mode = input.Byte();
        using BlockCipherAlgorithm cipher = FuzzCiphers.CreateKeyed(ref input);
        int tagSize = input.Byte() % 18;
        ReadOnlySpan<byte> nonce = input.Prefixed();
        ReadOnlySpan<byte> associatedData = input.Prefixed();
        byte[] tag = input.Prefixed().ToArray();
        int chunk = input.Byte() + 1;
        ReadOnlySpan<byte> text = input.TakeRest();
        bool allowShortTags = (mode & 0x40) != 0;
        IAead? aead = null;
        try
        {
            aead = (mode % 4) switch
            {
                0 => new Gcm(new BlockCipherGcm(cipher, tagSize, allowShortTags), chunk: 0),
                1 => new Gcm(new BlockCipherGcm(cipher, tagSize, allowShortTags), chunk),
                2 => new Ccm(new BlockCipherCcm(cipher)),
                _ => new Ocb(new BlockCipherOcb(cipher, tagSize, allowShortTags)),
            };
        }
        catch (ArgumentException)
        {
            return;
        }

        using (aead)
        {
            if ((mode & 0x80) != 0)
            {
                RoundTrip(aead, nonce, associatedData, tag, text);
            }
            else
            {
                Decrypt(aead, nonce, associatedData, tag, text);
            }
        }
    }

    private static void Decrypt(
        IAead aead, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, byte[] tag, ReadOnlySpan<byte> text)
    {
        byte[] plaintext = new byte[text.Length];
        try
        {
            aead.Decrypt(nonce, text, tag, plaintext, associatedData);
        }
        catch (ArgumentException)
        {
            FuzzFindingException.Check(plaintext.AsSpan().IndexOfAnyExcept((byte)0) < 0, "refused call wrote");
        }
        catch (CryptographicException)
        {
            FuzzFindingException.Check(plaintext.AsSpan().IndexOfAnyExcept((byte)0) < 0, "bad tag left plaintext");
        }
    }

    private static void RoundTrip(
        IAead aead, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, byte[] tag, ReadOnlySpan<byte> text)
    {
        byte[] ciphertext = new byte[text.Length];
        try
        {
            aead.Encrypt(nonce, text, ciphertext, tag, associatedData);
        }
        catch (ArgumentException)
        {
            return;
        }

        byte[] plaintext = new byte[text.Length];
        aead.Decrypt(nonce, ciphertext, tag, plaintext, associatedData);
        FuzzFindingException.Check(plaintext.AsSpan().SequenceEqual(text), "round trip changed the plaintext");
        if (tag.Length == 0)
        {
            return;
        }

        tag[(text.Length + nonce.Length) % tag.Length] ^= (byte)(1 << (text.Length % 8));
        Array.Clear(plaintext);
        try
        {
            aead.Decrypt(nonce, ciphertext, tag, plaintext, associatedData);
        }
        catch (AuthenticationTagMismatchException)
        {
            FuzzFindingException.Check(plaintext.AsSpan().IndexOfAnyExcept((byte)0) < 0, "bad tag left plaintext");
            return;
        }

        throw new FuzzFindingException("a flipped tag bit was accepted");
    }

    private interface IAead : IDisposable
    {
        public void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext,
            Span<byte> tag, ReadOnlySpan<byte> associatedData);

        public void Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag,
            Span<byte> plaintext, ReadOnlySpan<byte> associatedData);
    }

    /// <summary>GCM one-shot (chunk 0) or incremental with pieces of <c>chunk</c> bytes.</summary>
    private sealed class Gcm(BlockCipherGcm gcm, int chunk) : IAead
    {
        public void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext,
            Span<byte> tag, ReadOnlySpan<byte> associatedData)
        {
            if (chunk == 0)
            {
                gcm.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);
                return;
            }

            if (tag.Length != gcm.TagSizeInBytes)
            {
                gcm.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);
                return;
            }

            using BlockCipherGcmEncryptor encryptor = gcm.CreateEncryptor(nonce, associatedData);
            for (int offset = 0; offset < plaintext.Length; offset += chunk)
            {
                int n = Math.Min(chunk, plaintext.Length - offset);
                encryptor.Encrypt(plaintext.Slice(offset, n), ciphertext.Slice(offset, n));
            }

            encryptor.Finish(tag);
        }

        public void Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag,
            Span<byte> plaintext, ReadOnlySpan<byte> associatedData)
        {
            if (chunk == 0)
            {
                gcm.Decrypt(nonce, ciphertext, tag, plaintext, associatedData);
                return;
            }

            using BlockCipherGcmDecryptor decryptor = gcm.CreateDecryptor(nonce, tag, associatedData);
            for (int offset = 0; offset < ciphertext.Length; offset += chunk)
            {
                decryptor.Authenticate(ciphertext.Slice(offset, Math.Min(chunk, ciphertext.Length - offset)));
            }

            decryptor.VerifyTag();
            for (int offset = 0; offset < ciphertext.Length; offset += chunk)
            {
                int n = Math.Min(chunk, ciphertext.Length - offset);
                decryptor.Decrypt(ciphertext.Slice(offset, n), plaintext.Slice(offset, n));
            }

            decryptor.Finish();
        }

        public void Dispose() => gcm.Dispose();
    }

    private sealed class Ccm(BlockCipherCcm ccm) : IAead
    {
        public void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext,
            Span<byte> tag, ReadOnlySpan<byte> associatedData) =>
            ccm.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);

        public void Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag,
            Span<byte> plaintext, ReadOnlySpan<byte> associatedData) =>
            ccm.Decrypt(nonce, ciphertext, tag, plaintext, associatedData);

        public void Dispose() => ccm.Dispose();
    }

    private sealed class Ocb(BlockCipherOcb ocb) : IAead
    {
        public void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext,
            Span<byte> tag, ReadOnlySpan<byte> associatedData) =>
            ocb.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);

        public void Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag,
            Span<byte> plaintext, ReadOnlySpan<byte> associatedData) =>
            ocb.Decrypt(nonce, ciphertext, tag, plaintext, associatedData);

        public void Dispose() => ocb.Dispose();
    }
}
