using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using BenchmarkDotNet.Running;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Marks a benchmark method as an <c>OpenSSL</c> row and names the libcrypto cipher it needs (OpenSSL's name, such as
/// <c>AES-128-CTR</c>); <see cref="OpenSslRowFilter"/> leaves the row out, with a message, where that cipher cannot run.
/// </summary>
[AttributeUsage(AttributeTargets.Method, Inherited = false)]
public sealed class OpenSslAttribute : Attribute
{
    public OpenSslAttribute(string cipher) => Cipher = cipher;

    public string Cipher { get; }
}

/// <summary>
/// The benchmark filter of every configuration: a method marked <see cref="OpenSslAttribute"/> runs only where libcrypto
/// loaded and has its cipher. Each skipped row is printed once, and listed in the result table's header.
/// </summary>
internal static class OpenSslRowFilter
{
    private static readonly List<string> s_skipped = new();

    /// <summary>The rows left out so far, as "Class.Method (cipher)".</summary>
    public static IReadOnlyList<string> Skipped
    {
        get
        {
            lock (s_skipped)
            {
                return s_skipped.ToArray();
            }
        }
    }

    public static bool Runs(BenchmarkCase benchmarkCase)
    {
        MethodInfo method = benchmarkCase.Descriptor.WorkloadMethod;
        OpenSslAttribute? openSsl = method.GetCustomAttribute<OpenSslAttribute>();
        string? reason = openSsl is null ? null : LibCrypto.Unavailable(openSsl.Cipher);
        if (reason is null)
        {
            return true;
        }

        string row = $"{method.DeclaringType?.Name}.{method.Name} ({openSsl!.Cipher})";
        lock (s_skipped)
        {
            if (!s_skipped.Contains(row))
            {
                s_skipped.Add(row);
                Console.WriteLine($"// Skipped OpenSSL row {row}: {reason}");
            }
        }

        return false;
    }
}

/// <summary>
/// One libcrypto <c>EVP_CIPHER_CTX</c>, keyed once at construction; each call re-initialises it with a NULL cipher and
/// key (keeping both) and only the IV or nonce, then runs Update and Final, so a row times the cipher and not context
/// allocation or the key schedule. Padding is off: every input is a whole number of blocks.
/// </summary>
internal sealed unsafe class OpenSslCipher : IDisposable
{
    private readonly bool _encrypt;

    // CCM (the one cipher given a tag length at construction) takes the message length before the message, and its
    // decryption verifies in the Update call: it has no Final step.
    private readonly bool _ccm;
    private IntPtr _ctx;

    private OpenSslCipher(IntPtr cipher, bool encrypt, byte[] key, int nonceBytes, int tagBytes)
    {
        _encrypt = encrypt;
        _ccm = tagBytes > 0;
        _ctx = LibCrypto.CipherCtxNew();
        if (_ctx == IntPtr.Zero)
        {
            throw new InvalidOperationException("EVP_CIPHER_CTX_new failed");
        }

        // The cipher, then the IV length and padding, then the key: OpenSSL's documented order for a GCM IV length.
        Require(Init(cipher, null, null), "Init (cipher)");
        if (nonceBytes > 0)
        {
            Require(LibCrypto.CipherCtxCtrl(_ctx, LibCrypto.CtrlAeadSetIvLength, nonceBytes, null), "EVP_CTRL_AEAD_SET_IVLEN");
        }

        // CCM's tag length goes into its key setup, so it comes before the key in both directions; a decryptor then
        // passes the tag itself with each message.
        if (tagBytes > 0)
        {
            Require(LibCrypto.CipherCtxCtrl(_ctx, LibCrypto.CtrlAeadSetTag, tagBytes, null), "EVP_CTRL_AEAD_SET_TAG (length)");
        }

        Require(LibCrypto.CipherCtxSetPadding(_ctx, 0), "EVP_CIPHER_CTX_set_padding");
        fixed (byte* k = key)
        {
            Require(Init(IntPtr.Zero, k, null), "Init (key)");
        }
    }

    /// <summary>A context for <paramref name="name"/> (OpenSSL's cipher name) under <paramref name="key"/>, or null where
    /// the cipher cannot run here (<see cref="OpenSslRowFilter"/> then skips its rows). <paramref name="tagBytes"/> is
    /// CCM's tag length, which OpenSSL wants before the key.</summary>
    public static OpenSslCipher? TryCreate(string name, bool encrypt, byte[] key, int nonceBytes = 0, int tagBytes = 0)
    {
        IntPtr cipher = LibCrypto.Cipher(name, out string? error);
        return error is null ? new OpenSslCipher(cipher, encrypt, key, nonceBytes, tagBytes) : null;
    }

    /// <summary>ECB, CBC or CTR over whole blocks from <paramref name="iv"/> (empty for ECB), or XTS over one data unit
    /// with <paramref name="iv"/> as its tweak; returns the bytes written.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public int Transform(ReadOnlySpan<byte> iv, ReadOnlySpan<byte> input, Span<byte> output)
    {
        int written, last;
        fixed (byte* v = iv)
        fixed (byte* i = input)
        fixed (byte* o = output)
        {
            Require(Init(IntPtr.Zero, null, v), "Init (IV)");
            Require(_encrypt ? LibCrypto.EncryptUpdate(_ctx, o, &written, i, input.Length) : LibCrypto.DecryptUpdate(_ctx, o, &written, i, input.Length), "Update");
            Require(_encrypt ? LibCrypto.EncryptFinal(_ctx, o + written, &last) : LibCrypto.DecryptFinal(_ctx, o + written, &last), "Final");
        }

        if (written + last != input.Length)
        {
            ThrowLength(written + last, input.Length);
        }

        return written + last;
    }

    /// <summary>GCM, OCB or CCM encryption with no associated data: ciphertext and the <paramref name="tag"/>'s length
    /// of tag.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void AeadEncrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
    {
        int written, last, announced;
        fixed (byte* n = nonce)
        fixed (byte* p = plaintext)
        fixed (byte* c = ciphertext)
        fixed (byte* t = tag)
        {
            Require(LibCrypto.EncryptInit(_ctx, IntPtr.Zero, IntPtr.Zero, null, n), "EVP_EncryptInit_ex (nonce)");
            if (_ccm)
            {
                Require(LibCrypto.EncryptUpdate(_ctx, null, &announced, null, plaintext.Length), "EVP_EncryptUpdate (length)");
            }

            Require(LibCrypto.EncryptUpdate(_ctx, c, &written, p, plaintext.Length), "EVP_EncryptUpdate");
            Require(LibCrypto.EncryptFinal(_ctx, c + written, &last), "EVP_EncryptFinal_ex");
            Require(LibCrypto.CipherCtxCtrl(_ctx, LibCrypto.CtrlAeadGetTag, tag.Length, t), "EVP_CTRL_AEAD_GET_TAG");
        }

        if (written + last != plaintext.Length)
        {
            ThrowLength(written + last, plaintext.Length);
        }
    }

    /// <summary>GCM, OCB or CCM decryption with no associated data; throws
    /// <see cref="AuthenticationTagMismatchException"/> on a wrong tag.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void AeadDecrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        int written, last = 0, announced, verified;
        fixed (byte* n = nonce)
        fixed (byte* c = ciphertext)
        fixed (byte* t = tag)
        fixed (byte* p = plaintext)
        {
            Require(LibCrypto.DecryptInit(_ctx, IntPtr.Zero, IntPtr.Zero, null, n), "EVP_DecryptInit_ex (nonce)");
            Require(LibCrypto.CipherCtxCtrl(_ctx, LibCrypto.CtrlAeadSetTag, tag.Length, t), "EVP_CTRL_AEAD_SET_TAG");
            if (_ccm)
            {
                Require(LibCrypto.DecryptUpdate(_ctx, null, &announced, null, ciphertext.Length), "EVP_DecryptUpdate (length)");
                verified = LibCrypto.DecryptUpdate(_ctx, p, &written, c, ciphertext.Length);
            }
            else
            {
                Require(LibCrypto.DecryptUpdate(_ctx, p, &written, c, ciphertext.Length), "EVP_DecryptUpdate");
                verified = LibCrypto.DecryptFinal(_ctx, p + written, &last);
            }
        }

        if (verified <= 0)
        {
            throw new AuthenticationTagMismatchException();
        }

        if (written + last != ciphertext.Length)
        {
            ThrowLength(written + last, ciphertext.Length);
        }
    }

    /// <summary>
    /// Runs our call, then OpenSSL's, into the same <paramref name="output"/>, and throws unless they wrote the same
    /// bytes: a wrong binding must not produce a figure. Nothing is checked where the cipher cannot run.
    /// </summary>
    public static void Check(OpenSslCipher? openSsl, Action ours, Action openSslCall, byte[] output, string what)
    {
        if (openSsl is null)
        {
            return;
        }

        ours();
        byte[] expected = (byte[])output.Clone();
        Array.Clear(output);
        openSslCall();
        if (!expected.AsSpan().SequenceEqual(output))
        {
            throw new InvalidOperationException($"OpenSSL {what} differs from CryptoCli");
        }
    }

    public void Dispose()
    {
        if (_ctx != IntPtr.Zero)
        {
            LibCrypto.CipherCtxFree(_ctx);
            _ctx = IntPtr.Zero;
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int Init(IntPtr cipher, byte* key, byte* iv) => _encrypt
        ? LibCrypto.EncryptInit(_ctx, cipher, IntPtr.Zero, key, iv)
        : LibCrypto.DecryptInit(_ctx, cipher, IntPtr.Zero, key, iv);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Require(int result, string what)
    {
        if (result != 1)
        {
            ThrowFailed(what);
        }
    }

    [DoesNotReturn]
    private static void ThrowFailed(string what) => throw new CryptographicException($"libcrypto {what} failed");

    [DoesNotReturn]
    private static void ThrowLength(int written, int expected) =>
        throw new CryptographicException($"libcrypto wrote {written} bytes for {expected}");
}
