// Deterministic ECDSA nonces, RFC 6979 section 3.2, for the 192-bit order of secp192r1 (qlen = 192 bits, so
// bits2int is "the leftmost 24 bytes" and int2octets is 24 bytes big-endian). HMAC comes from the runtime.

using System;
#if !NET
using System.Buffers;
#endif
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>The HMAC_DRBG of RFC 6979 3.2 steps b-h, keeping K and V on the caller's stack.</summary>
internal ref struct Rfc6979Nonce
{
    private readonly HashAlgorithmName _hash;
    private readonly Span<byte> _k;
    private readonly Span<byte> _v;
    private bool _started;

    /// <summary>
    /// HMAC with the hash that produced the message digest, guessed from its length (20: SHA-1, 32: SHA-256,
    /// 48: SHA-384, 64: SHA-512); any other length (e.g. SHA-224, which the runtime lacks) uses HMAC-SHA-256.
    /// </summary>
    public static HashAlgorithmName HashForDigestLength(int length) => length switch
    {
        20 => HashAlgorithmName.SHA1,
        48 => HashAlgorithmName.SHA384,
        64 => HashAlgorithmName.SHA512,
        _ => HashAlgorithmName.SHA256,
    };

    public static int OutputLength(HashAlgorithmName hash) =>
        hash == HashAlgorithmName.SHA1 ? 20
        : hash == HashAlgorithmName.SHA384 ? 48
        : hash == HashAlgorithmName.SHA512 ? 64
        : 32;

    /// <summary>Steps b-f. <paramref name="k"/> and <paramref name="v"/> are at least 64 bytes of scratch.</summary>
    /// <param name="hash">The HMAC's hash.</param>
    /// <param name="privateKey24">int2octets(x).</param>
    /// <param name="reducedHash">bits2int(h1) mod n.</param>
    /// <param name="k">Scratch for K.</param>
    /// <param name="v">Scratch for V.</param>
    /// <param name="zeroKeyHmac">
    /// Null, or a reusable HMAC object (.NET) keyed with step c's all-zero K for <paramref name="hash"/>: step d's HMAC
    /// then reuses its key state instead of a one-shot call, which re-derives the key state every time. It is left
    /// reset (its key state is public; the message, which holds the private key, is gone).
    /// </param>
    public Rfc6979Nonce(HashAlgorithmName hash, ReadOnlySpan<byte> privateKey24, in P192Scalar reducedHash,
        Span<byte> k, Span<byte> v, IncrementalHash? zeroKeyHmac = null)
    {
        _hash = hash;
        int length = OutputLength(hash);
        _k = k.Slice(0, length);
        _v = v.Slice(0, length);
        _started = false;

        _v.Fill(0x01);
        _k.Clear();
        Span<byte> buffer = stackalloc byte[64 + 1 + 24 + 24];
        try
        {
            Span<byte> message = buffer.Slice(0, length + 1 + 24 + 24);
            for (byte separator = 0; separator <= 1; separator++)
            {
                // K = HMAC_K(V || separator || int2octets(x) || bits2octets(h1)); V = HMAC_K(V)
                _v.CopyTo(message);
                message[length] = separator;
                privateKey24.CopyTo(message.Slice(length + 1));
                reducedHash.Write(message.Slice(length + 1 + 24));
#if NET
                if (separator == 0 && zeroKeyHmac is not null)
                {
                    zeroKeyHmac.AppendData(message);
                    zeroKeyHmac.GetHashAndReset(_k);
                }
                else
#endif
                {
                    Hmac(_k, message, _k);
                }

                Hmac(_k, _v, _v);
            }
        }
        finally
        {
            CryptographicOperations.ZeroMemory(buffer); // holds the private key
        }
    }

    /// <summary>
    /// Step h: the next candidate k in [1, n-1] (the first call gives RFC 6979's k; later calls continue the DRBG).
    /// </summary>
    public void Next(out P192Scalar nonce)
    {
        Span<byte> t = stackalloc byte[24 + 64];
        Span<byte> retry = stackalloc byte[64 + 1];
        try
        {
            while (true)
            {
                if (_started)
                {
                    // K = HMAC_K(V || 0x00); V = HMAC_K(V)
                    _v.CopyTo(retry);
                    retry[_v.Length] = 0;
                    Hmac(_k, retry.Slice(0, _v.Length + 1), _k);
                    Hmac(_k, _v, _v);
                }

                _started = true;
                int filled = 0;
                while (filled < 24)
                {
                    Hmac(_k, _v, _v);
                    _v.CopyTo(t.Slice(filled));
                    filled += _v.Length;
                }

                nonce = P192Scalar.ReadRaw(t.Slice(0, 24));
                if (!nonce.IsZeroVariableTime && P192Scalar.IsBelowN(nonce))
                {
                    return;
                }
            }
        }
        finally
        {
            // t holds the nonce candidates; retry the DRBG state.
            CryptographicOperations.ZeroMemory(t);
            CryptographicOperations.ZeroMemory(retry);
        }
    }

    private readonly void Hmac(ReadOnlySpan<byte> key, ReadOnlySpan<byte> data, Span<byte> destination)
    {
#if NET
#pragma warning disable CA5350 // HMAC-SHA-1 is what RFC 6979 prescribes with SHA-1 digests; HMAC-SHA-1 is not broken.
        if (_hash == HashAlgorithmName.SHA1)
        {
            HMACSHA1.HashData(key, data, destination);
        }
#pragma warning restore CA5350
        else if (_hash == HashAlgorithmName.SHA384)
        {
            HMACSHA384.HashData(key, data, destination);
        }
        else if (_hash == HashAlgorithmName.SHA512)
        {
            HMACSHA512.HashData(key, data, destination);
        }
        else
        {
            HMACSHA256.HashData(key, data, destination);
        }
#else
        // netstandard2.0 has no span HMAC: the key goes into an exact-size array (the HMAC object needs one) and the
        // data, which holds the private key in steps d and f, into a rented buffer; all of them wiped in finally.
        byte[] keyBytes = key.ToArray();
        byte[] message = ArrayPool<byte>.Shared.Rent(data.Length);
        byte[]? mac = null;
        try
        {
            data.CopyTo(message);
#pragma warning disable CA5350 // see above
            using HMAC hmac = _hash == HashAlgorithmName.SHA1 ? new HMACSHA1(keyBytes)
                : _hash == HashAlgorithmName.SHA384 ? new HMACSHA384(keyBytes)
                : _hash == HashAlgorithmName.SHA512 ? new HMACSHA512(keyBytes)
                : new HMACSHA256(keyBytes);
#pragma warning restore CA5350
            mac = hmac.ComputeHash(message, 0, data.Length);
            mac.CopyTo(destination);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(keyBytes);
            CryptographicOperations.ZeroMemory(message.AsSpan(0, data.Length));
            ArrayPool<byte>.Shared.Return(message);
            if (mac is not null)
            {
                CryptographicOperations.ZeroMemory(mac);
            }
        }
#endif
    }
}
