// ECDSA (FIPS 186-4 section 6, SEC 1 4.1) over secp192r1 / NIST P-192 / prime192v1 (OID 1.2.840.10045.3.1.1),
// with RFC 6979 deterministic nonces. Sizes: 24-byte private key, 2 x 24-byte public key, 48-byte IEEE P1363
// signature (r || s), DER signatures up to 56 bytes.

using System;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Threading;
#if NET
using System.Formats.Asn1;
#endif

namespace CryptoCli;

/// <summary>
/// ECDSA over the NIST P-192 curve (secp192r1, prime192v1, OID 1.2.840.10045.3.1.1) as a drop-in
/// <see cref="ECDsa"/>: key generation, <see cref="ImportParameters"/>/<see cref="ExportParameters"/> (named or
/// explicit curve), hash and data signing and verification in IEEE P1363 (r || s) and, on .NET, DER format, and
/// the base class's SubjectPublicKeyInfo/PKCS#8 import and export where the runtime provides them.
/// </summary>
/// <remarks>
/// <para>Sizes: 192-bit keys (the private scalar D is 24 bytes, the public point Q two 24-byte coordinates),
/// signatures of 48 bytes (r || s) in IEEE P1363 format or up to 56 bytes in DER. Standards followed: FIPS 186-4/186-5
/// ECDSA, SEC 1 and SEC 2 (secp192r1), RFC 6979 nonces.</para>
/// <para>Security level: P-192 gives about 96-bit security. NIST no longer allows it for new signatures
/// (SP 800-131A, FIPS 186-5): the type is kept for verifying legacy signatures and for interoperability.</para>
/// <para>Nonces are deterministic (RFC 6979), with HMAC over the hash identified by the digest length (SHA-1,
/// SHA-256, SHA-384, SHA-512); other lengths, such as SHA-224 digests, use HMAC-SHA-256, which is still a valid
/// deterministic nonce but not RFC 6979's exact value for that hash.</para>
/// <para>Constant-time: signing and key generation (the private scalar and the nonce only meet branch-free field
/// and scalar code, a fixed-base table read entirely under masks, and additions without branches (Jacobian
/// mixed additions where no exceptional case can occur, complete formulas for the last one); when signing,
/// the nonce and the projective Z of k G are inverted as k^-1 = b (k b)^-1 and Z^-1 = c (Z c)^-1 with fresh random
/// b and c, so the variable-time binary inversion only ever sees values that are uniform and independent of k;
/// key generation uses a Fermat field inversion with a public exponent).
/// Not constant-time, by design: verification, which handles only public data,
/// and the RFC 6979 rejection of out-of-range candidates (probability about 2^-96). Field elements are three
/// 64-bit limbs; signing and verifying allocate nothing on the heap on .NET except for DER signatures, once per
/// instance (and per concurrent signer) a 768-byte buffer of random bytes for the blinding factors of
/// 16 signatures, and, on the second verification with a public key, that key's verification table (see
/// <see cref="CacheVerificationTable"/>).</para>
/// </remarks>
public sealed class ECDsaSecp192r1 : ECDsa
{
    private const string CurveOid = "1.2.840.10045.3.1.1";
    private const int FieldSize = 24;
    private const int SignatureSize = 2 * FieldSize;
    private const string CurveNotSupportedMessage =
        "The specified curve is not supported: this type implements secp192r1 (NIST P-192, "
        + "OID 1.2.840.10045.3.1.1) only.";
    private const string InvalidKeyParametersMessage =
        "The specified key parameters are not valid. Q.X and Q.Y must be 24 bytes, and D, if present, 24 bytes.";
    private const string PointNotOnCurveMessage = "The public key is not a point on the curve.";
    private const string PrivateKeyRangeMessage = "The private key is not in the range [1, n-1].";
    private const string KeyMismatchMessage = "The private key does not match the public key.";
    private const string NoPrivateKeyMessage =
        "Object contains only the public half of a key pair. A private key must also be provided.";

    private static readonly KeySizes[] s_legalKeySizes = { new KeySizes(192, 192, 0) };

    // Domain parameters (FIPS 186-4 D.1.2.1), big-endian, for explicit-curve import and export.
    private static readonly byte[] s_prime =
        ToBytes(new P192FieldElement(P192FieldElement.P0, P192FieldElement.P1, P192FieldElement.P2));
    private static readonly byte[] s_a =
        ToBytes(new P192FieldElement(P192FieldElement.P0 - 3, P192FieldElement.P1, P192FieldElement.P2));
    private static readonly byte[] s_b = ToBytes(P192Curve.B);
    private static readonly byte[] s_gx = ToBytes(P192Curve.G.X);
    private static readonly byte[] s_gy = ToBytes(P192Curve.G.Y);
    private static readonly byte[] s_order = ToBytes(new P192FieldElement(P192Scalar.N0, P192Scalar.N1, P192Scalar.N2));

    private P192AffinePoint _publicKey;
    private ulong[]? _privateKey; // three limbs, little-endian; wiped on Dispose and on key replacement
    private bool _disposed;
#if NET
    // RFC 6979's first HMAC key (all zeros), kept between signatures; see TakeZeroKeyHmac.
    private IncrementalHash? _zeroKeyHmac;
#endif
    private BlindingPool? _blindingPool; // random bytes for the blinding of the next signatures; see BlindingPool
    private VerificationTable? _verificationTable; // Q's comb table, built on the second verification with a key
    private int _verifications; // verifications since the key was set (counts to 2, then stays)
    private int _tableBuilder; // 1 while one caller builds the table (the others verify without it meanwhile)
    private bool _cacheVerificationTable = true;

    /// <summary>Creates an instance with a fresh key pair from <see cref="RandomNumberGenerator"/>.</summary>
    public ECDsaSecp192r1()
    {
        KeySizeValue = 192;
        LegalKeySizesValue = s_legalKeySizes;
        GenerateKeyCore();
    }

    /// <summary>Creates an instance from the given key (see <see cref="ImportParameters"/>).</summary>
    /// <param name="parameters">A P-192 public key, optionally with its private key.</param>
    /// <exception cref="CryptographicException">The curve is not P-192 or the key is not valid.</exception>
    public ECDsaSecp192r1(ECParameters parameters)
    {
        KeySizeValue = 192;
        LegalKeySizesValue = s_legalKeySizes;
        ImportParameters(parameters);
    }

    /// <summary>The curve as a named curve (OID 1.2.840.10045.3.1.1).</summary>
    public static ECCurve Curve => ECCurve.CreateFromValue(CurveOid);

    /// <summary>True when the instance holds a private key and can sign.</summary>
    public bool HasPrivateKey => _privateKey is not null;

    /// <summary>
    /// Whether verification keeps a precomputed table of multiples of the public key (default true).
    /// </summary>
    /// <remarks>
    /// <para>When true, the second verification with the same public key builds a table of 1,024 affine multiples
    /// of Q (48 KiB, the shape of the fixed table signing uses for the base point; about as much work as a dozen
    /// verifications without it) and every later verification with that key uses it: u1 G + u2 Q then takes at
    /// most 63 point additions and no point doubling, several times less work than without the table. The first
    /// verification with a key never builds it, so a key used once costs no more than with the cache off.</para>
    /// <para>The table is dropped, and the count starts again, whenever the key changes (<see cref="GenerateKey"/>,
    /// <see cref="ImportParameters"/> and the imports built on it) and on <see cref="IDisposable.Dispose"/>; a
    /// table is only ever used with the key it was built for. Concurrent verifications are safe: one of them builds
    /// the table while the others verify without it, and it is published atomically. Verification is
    /// variable-time in any case (it handles only public data), and its results do not depend on this
    /// setting.</para>
    /// <para>Setting false drops the table and verifies every signature without one (no 48 KiB per instance, and no
    /// build on a second verification); setting true again builds it on the second verification that
    /// follows.</para>
    /// </remarks>
    public bool CacheVerificationTable
    {
        get => _cacheVerificationTable;
        set
        {
            _cacheVerificationTable = value;
            if (!value)
            {
                ResetVerificationTable();
            }
        }
    }

    /// <summary>Replaces the key with a fresh key pair on P-192.</summary>
    /// <param name="curve">P-192, named (OID 1.2.840.10045.3.1.1, nistP192, secp192r1, prime192v1) or explicit.</param>
    /// <exception cref="CryptographicException">Another curve.</exception>
    public override void GenerateKey(ECCurve curve)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        CheckCurve(curve);
        GenerateKeyCore();
    }

    /// <summary>
    /// Imports a key: Q (24-byte coordinates below p, on the curve; derived from D when absent) and optionally D
    /// (24 bytes, in [1, n-1], and D*G = Q when both are given).
    /// </summary>
    /// <param name="parameters">The key on P-192, named or explicit curve.</param>
    /// <exception cref="CryptographicException">Wrong curve, wrong lengths, Q not on the curve, D out of range or not
    /// matching Q.</exception>
    public override void ImportParameters(ECParameters parameters)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        CheckCurve(parameters.Curve);
        byte[]? d = parameters.D;
        byte[]? x = parameters.Q.X;
        byte[]? y = parameters.Q.Y;
        bool hasQ = x is not null || y is not null;
        if ((hasQ && (x is null || y is null || x.Length != FieldSize || y.Length != FieldSize))
            || (d is not null && d.Length != FieldSize) || (!hasQ && d is null))
        {
            throw new CryptographicException(InvalidKeyParametersMessage);
        }

        P192AffinePoint publicKey = default;
        if (hasQ)
        {
            if (!P192FieldElement.TryRead(x, out publicKey.X) || !P192FieldElement.TryRead(y, out publicKey.Y)
                || !P192Curve.IsOnCurve(publicKey))
            {
                throw new CryptographicException(PointNotOnCurveMessage);
            }
        }

        ulong[]? privateKey = null;
        if (d is not null)
        {
            if (!P192Scalar.TryRead(d, out P192Scalar scalar) || scalar.IsZeroVariableTime)
            {
                throw new CryptographicException(PrivateKeyRangeMessage);
            }

            P192Curve.MultiplyBase(scalar, out P192ProjectivePoint derived);
            derived.TryToAffine(out P192AffinePoint derivedAffine);
            if (hasQ && !(derivedAffine.X.EqualsVariableTime(publicKey.X)
                && derivedAffine.Y.EqualsVariableTime(publicKey.Y)))
            {
                throw new CryptographicException(KeyMismatchMessage);
            }

            publicKey = derivedAffine;
            privateKey = new[] { scalar.L0, scalar.L1, scalar.L2 };
            scalar = default;
        }

        SetKey(publicKey, privateKey);
    }

    /// <summary>Exports the key with the curve named by its OID.</summary>
    /// <param name="includePrivateParameters">Whether to include D.</param>
    /// <exception cref="CryptographicException">D was requested but the instance holds only a public key.</exception>
    public override ECParameters ExportParameters(bool includePrivateParameters)
    {
        ECParameters parameters = ExportKey(includePrivateParameters);
        parameters.Curve = Curve;
        return parameters;
    }

    /// <summary>Exports the key with the explicit prime-curve parameters of P-192.</summary>
    /// <param name="includePrivateParameters">Whether to include D.</param>
    /// <exception cref="CryptographicException">D was requested but the instance holds only a public key.</exception>
    public override ECParameters ExportExplicitParameters(bool includePrivateParameters)
    {
        ECParameters parameters = ExportKey(includePrivateParameters);
        parameters.Curve = new ECCurve
        {
            CurveType = ECCurve.ECCurveType.PrimeShortWeierstrass,
            Prime = (byte[])s_prime.Clone(),
            A = (byte[])s_a.Clone(),
            B = (byte[])s_b.Clone(),
            G = new ECPoint { X = (byte[])s_gx.Clone(), Y = (byte[])s_gy.Clone() },
            Order = (byte[])s_order.Clone(),
            Cofactor = new byte[] { 1 },
        };
        return parameters;
    }

    /// <summary>Signs a hash (RFC 6979 nonce, constant-time); returns r || s, 48 bytes.</summary>
    /// <param name="hash">The digest; its leftmost 192 bits are used when it is longer.</param>
    /// <exception cref="ArgumentNullException"><paramref name="hash"/> is null.</exception>
    /// <exception cref="CryptographicException">The instance holds no private key.</exception>
    public override byte[] SignHash(byte[] hash)
    {
        ThrowHelper.ThrowIfNull(hash, nameof(hash));
        byte[] signature = new byte[SignatureSize];
        SignHashP1363(hash, signature);
        return signature;
    }

    /// <summary>
    /// Verifies an r || s signature of a hash; false, never an exception, for any malformed signature.
    /// </summary>
    /// <param name="hash">The digest; its leftmost 192 bits are used when it is longer.</param>
    /// <param name="signature">48 bytes r || s.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    public override bool VerifyHash(byte[] hash, byte[] signature)
    {
        ThrowHelper.ThrowIfNull(hash, nameof(hash));
        ThrowHelper.ThrowIfNull(signature, nameof(signature));
        return VerifyHashP1363(hash, signature);
    }

#if NET
    /// <summary>
    /// Signs a hash into <paramref name="destination"/> as r || s (48 bytes); false when it is too short.
    /// </summary>
    /// <param name="hash">The digest.</param>
    /// <param name="destination">At least 48 bytes.</param>
    /// <param name="bytesWritten">48, or 0 when the destination is too short (then it is not written).</param>
    public override bool TrySignHash(ReadOnlySpan<byte> hash, Span<byte> destination, out int bytesWritten) =>
        TrySignHashCore(hash, destination, DSASignatureFormat.IeeeP1363FixedFieldConcatenation, out bytesWritten);

    /// <summary>Verifies an r || s signature of a hash; false for any malformed signature.</summary>
    /// <param name="hash">The digest.</param>
    /// <param name="signature">48 bytes r || s.</param>
    public override bool VerifyHash(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature) =>
        VerifyHashP1363(hash, signature);

    /// <summary>
    /// Signs a hash in the given format (IEEE P1363 r || s or DER); false when the destination is too short.
    /// </summary>
    /// <param name="hash">The digest.</param>
    /// <param name="destination">The signature's buffer; not written when too short.</param>
    /// <param name="signatureFormat">The encoding of the signature.</param>
    /// <param name="bytesWritten">The signature's length, or 0.</param>
    protected override bool TrySignHashCore(ReadOnlySpan<byte> hash, Span<byte> destination,
        DSASignatureFormat signatureFormat, out int bytesWritten)
    {
        if (signatureFormat == DSASignatureFormat.IeeeP1363FixedFieldConcatenation)
        {
            if (destination.Length < SignatureSize)
            {
                ThrowHelper.ThrowIfDisposed(_disposed, this);
                bytesWritten = 0;
                return false;
            }

            SignHashP1363(hash, destination.Slice(0, SignatureSize));
            bytesWritten = SignatureSize;
            return true;
        }

        if (signatureFormat != DSASignatureFormat.Rfc3279DerSequence)
        {
            throw new ArgumentOutOfRangeException(nameof(signatureFormat));
        }

        Span<byte> raw = stackalloc byte[SignatureSize];
        SignHashP1363(hash, raw);
        AsnWriter writer = new(AsnEncodingRules.DER);
        using (writer.PushSequence())
        {
            // DER integers are minimal: r or s below 2^184 (about one signature in 128) has leading zero bytes.
            writer.WriteIntegerUnsigned(WithoutLeadingZeros(raw.Slice(0, FieldSize)));
            writer.WriteIntegerUnsigned(WithoutLeadingZeros(raw.Slice(FieldSize)));
        }

        return writer.TryEncode(destination, out bytesWritten);
    }

    private static ReadOnlySpan<byte> WithoutLeadingZeros(ReadOnlySpan<byte> value)
    {
        int start = 0;
        while (start < value.Length - 1 && value[start] == 0)
        {
            start++;
        }

        return value.Slice(start);
    }

    /// <summary>
    /// Verifies a signature of a hash in the given format; false, never an exception, for malformed input.
    /// </summary>
    /// <param name="hash">The digest.</param>
    /// <param name="signature">r || s (48 bytes) or a DER SEQUENCE of two INTEGERs.</param>
    /// <param name="signatureFormat">The encoding of the signature.</param>
    protected override bool VerifyHashCore(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature,
        DSASignatureFormat signatureFormat)
    {
        if (signatureFormat == DSASignatureFormat.IeeeP1363FixedFieldConcatenation)
        {
            return VerifyHashP1363(hash, signature);
        }

        if (signatureFormat != DSASignatureFormat.Rfc3279DerSequence)
        {
            throw new ArgumentOutOfRangeException(nameof(signatureFormat));
        }

        Span<byte> raw = stackalloc byte[SignatureSize];
        return TryDerToP1363(signature, raw) && VerifyHashP1363(hash, raw);
    }

    /// <summary>
    /// Strict DER: SEQUENCE { INTEGER r, INTEGER s }, both positive and at most 24 bytes, nothing after.
    /// </summary>
    private static bool TryDerToP1363(ReadOnlySpan<byte> der, Span<byte> raw)
    {
        try
        {
            AsnDecoder.ReadSequence(der, AsnEncodingRules.DER, out int contentOffset, out int contentLength,
                out int consumed);
            if (consumed != der.Length)
            {
                return false;
            }

            ReadOnlySpan<byte> content = der.Slice(contentOffset, contentLength);
            ReadOnlySpan<byte> r = AsnDecoder.ReadIntegerBytes(content, AsnEncodingRules.DER, out int rLength);
            content = content.Slice(rLength);
            ReadOnlySpan<byte> s = AsnDecoder.ReadIntegerBytes(content, AsnEncodingRules.DER, out int sLength);
            return content.Length == sLength && TryCopyUnsigned(r, raw.Slice(0, FieldSize))
                && TryCopyUnsigned(s, raw.Slice(FieldSize));
        }
        catch (AsnContentException)
        {
            return false;
        }
    }

    private static bool TryCopyUnsigned(ReadOnlySpan<byte> integer, Span<byte> destination)
    {
        if (integer.IsEmpty || (integer[0] & 0x80) != 0)
        {
            return false; // negative (or empty, which DER already rejects)
        }

        if (integer.Length > 1 && integer[0] == 0)
        {
            integer = integer.Slice(1);
        }

        if (integer.Length > destination.Length)
        {
            return false;
        }

        destination.Clear();
        integer.CopyTo(destination.Slice(destination.Length - integer.Length));
        return true;
    }
#endif

    /// <summary>
    /// Hashes data for <see cref="ECDsa.SignData(byte[], HashAlgorithmName)"/> and the other data methods, with the
    /// runtime's hash.
    /// </summary>
    /// <param name="data">The data.</param>
    /// <param name="offset">Where the data starts.</param>
    /// <param name="count">How many bytes.</param>
    /// <param name="hashAlgorithm">SHA-1, SHA-256, SHA-384 or SHA-512 (or any name the runtime knows).</param>
    protected override byte[] HashData(byte[] data, int offset, int count, HashAlgorithmName hashAlgorithm)
    {
        ThrowHelper.ThrowIfNull(data, nameof(data));
        using IncrementalHash hash = CreateHash(hashAlgorithm);
        hash.AppendData(data, offset, count);
        return hash.GetHashAndReset();
    }

    /// <summary>Hashes a stream for the data methods, with the runtime's hash.</summary>
    /// <param name="data">The stream, read to its end.</param>
    /// <param name="hashAlgorithm">SHA-1, SHA-256, SHA-384 or SHA-512 (or any name the runtime knows).</param>
    protected override byte[] HashData(Stream data, HashAlgorithmName hashAlgorithm)
    {
        ThrowHelper.ThrowIfNull(data, nameof(data));
        using IncrementalHash hash = CreateHash(hashAlgorithm);
        byte[] buffer = new byte[4096];
        int read;
        while ((read = data.Read(buffer, 0, buffer.Length)) > 0)
        {
            hash.AppendData(buffer, 0, read);
        }

        return hash.GetHashAndReset();
    }

    private static IncrementalHash CreateHash(HashAlgorithmName hashAlgorithm)
    {
        if (string.IsNullOrEmpty(hashAlgorithm.Name))
        {
            throw new ArgumentException("The hash algorithm name cannot be null or empty.", nameof(hashAlgorithm));
        }

        return IncrementalHash.CreateHash(hashAlgorithm);
    }

    /// <summary>Wipes the private scalar.</summary>
    /// <param name="disposing">True when called from <see cref="IDisposable.Dispose"/>.</param>
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            CryptographicOperationsHelper.ZeroWords(_privateKey);
            _privateKey = null;
            _publicKey = default;
            _disposed = true;
            ResetVerificationTable();
#if NET
            Interlocked.Exchange(ref _zeroKeyHmac, null)?.Dispose();
#endif
            Interlocked.Exchange(ref _blindingPool, null)?.Wipe();
        }

        base.Dispose(disposing);
    }

    // ---- the operations ----

    internal void SignHashP1363(ReadOnlySpan<byte> hash, Span<byte> signature)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        ulong[]? privateKeyLimbs = _privateKey;
        if (privateKeyLimbs is null)
        {
            throw new CryptographicException(NoPrivateKeyMessage);
        }

        // Every secret of the signature lives in these stack buffers, wiped in finally whatever happens.
        Span<P192Scalar> secrets = stackalloc P192Scalar[2]; // the private key and the current nonce
        Span<byte> privateKeyBytes = stackalloc byte[FieldSize];
        Span<byte> k = stackalloc byte[64];
        Span<byte> v = stackalloc byte[64];
        HashAlgorithmName hmacHash = Rfc6979Nonce.HashForDigestLength(hash.Length);
#if NET
        IncrementalHash? zeroKeyHmac = TakeZeroKeyHmac(hmacHash);
        bool zeroKeyHmacReset = false;
#else
        System.Security.Cryptography.IncrementalHash? zeroKeyHmac = null;
#endif
        BlindingPool blindingPool = Interlocked.Exchange(ref _blindingPool, null) ?? new BlindingPool();
        try
        {
            ref P192Scalar privateKey = ref secrets[0];
            ref P192Scalar nonce = ref secrets[1];
            privateKey = new P192Scalar(privateKeyLimbs[0], privateKeyLimbs[1], privateKeyLimbs[2]);
            P192Scalar e = P192Scalar.FromHash(hash);
            privateKey.Write(privateKeyBytes);
            Rfc6979Nonce nonces = new(hmacHash, privateKeyBytes, e, k, v, zeroKeyHmac);
#if NET
            zeroKeyHmacReset = true;
#endif
            while (true)
            {
                nonces.Next(out nonce);
                if (TrySign(privateKey, e, nonce, blindingPool, out P192Scalar r, out P192Scalar s))
                {
                    r.Write(signature);
                    s.Write(signature.Slice(FieldSize));
                    break;
                }
            }
        }
        finally
        {
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(secrets));
            CryptographicOperations.ZeroMemory(privateKeyBytes);
            CryptographicOperations.ZeroMemory(k);
            CryptographicOperations.ZeroMemory(v);
#if NET
            ReturnZeroKeyHmac(zeroKeyHmac, zeroKeyHmacReset);
#endif
            if (_disposed || Interlocked.CompareExchange(ref _blindingPool, blindingPool, null) is not null)
            {
                blindingPool.Wipe();
            }
        }
    }

    /// <summary>
    /// Random bytes for the two blinding factors of the next 16 signatures: one call to the
    /// system's generator per 16 signatures instead of one per signature (a call costs about as much as an
    /// inversion). Each signature's 48 bytes are copied out and wiped at once. Taken and returned with Interlocked,
    /// so concurrent signatures never share bytes (a second caller gets a new pool); wiped on Dispose.
    /// </summary>
    private sealed class BlindingPool
    {
        public const int Signatures = 16;

        private readonly byte[] _bytes = new byte[Signatures * 2 * FieldSize];
        private int _next = Signatures; // empty until the first signature fills it

        public void Take(Span<byte> destination)
        {
            if (_next == Signatures)
            {
                SecureRandom.Fill(_bytes);
                _next = 0;
            }

            Span<byte> slot = _bytes.AsSpan(_next * 2 * FieldSize, 2 * FieldSize);
            slot.CopyTo(destination);
            CryptographicOperations.ZeroMemory(slot);
            _next++;
        }

        public void Wipe()
        {
            CryptographicOperations.ZeroMemory(_bytes);
            _next = Signatures;
        }
    }

#if NET
    /// <summary>
    /// The instance's HMAC object keyed with RFC 6979's all-zero K for <paramref name="hash"/>, taken out of the
    /// instance so that concurrent signatures never share it (a second one meanwhile gets null and the one-shot
    /// HMAC). Created by the first signature, so that later signatures allocate nothing.
    /// </summary>
    private IncrementalHash? TakeZeroKeyHmac(HashAlgorithmName hash)
    {
        IncrementalHash? hmac = Interlocked.Exchange(ref _zeroKeyHmac, null);
        // The four hashes used here have four different lengths (AlgorithmName would say "HMACSHA256", not "SHA256").
        int length = Rfc6979Nonce.OutputLength(hash);
        if (hmac is not null && hmac.HashLengthInBytes == length)
        {
            return hmac;
        }

        hmac?.Dispose();
        Span<byte> zeroKey = stackalloc byte[length];
        zeroKey.Clear();
        return IncrementalHash.CreateHMAC(hash, zeroKey);
    }

    /// <summary>
    /// Puts the HMAC object back, unless it may hold part of a message (an exception came first) or one is
    /// already back.
    /// </summary>
    private void ReturnZeroKeyHmac(IncrementalHash? hmac, bool reset)
    {
        if (hmac is null)
        {
            return;
        }

        if (!reset || _disposed || Interlocked.CompareExchange(ref _zeroKeyHmac, hmac, null) is not null)
        {
            hmac.Dispose();
        }
    }
#endif

    /// <summary>
    /// r = x(k*G) mod n, s = k^-1 (e + r d) mod n; false when r or s is zero (then the next nonce is tried).
    /// </summary>
    internal static bool TrySign(
        in P192Scalar privateKey, in P192Scalar e, in P192Scalar nonce, out P192Scalar r, out P192Scalar s) =>
        TrySign(privateKey, e, nonce, null, out r, out s);

    /// <summary>
    /// As above, with the blinding factors' random bytes from a pool (null: from the system's generator).
    /// </summary>
    private static bool TrySign(in P192Scalar privateKey, in P192Scalar e, in P192Scalar nonce,
        BlindingPool? blindingPool, out P192Scalar r, out P192Scalar s)
    {
        // k*G and the values derived from k and d are secret: they live in stack buffers wiped in finally.
        Span<P192ProjectivePoint> nonceTimesG = stackalloc P192ProjectivePoint[1];
        Span<P192FieldElement> fieldSecrets = stackalloc P192FieldElement[3];
        Span<P192Scalar> scalarSecrets = stackalloc P192Scalar[6];
        Span<byte> randomBytes = stackalloc byte[2 * FieldSize];
        try
        {
            if (blindingPool is null)
            {
                SecureRandom.Fill(randomBytes);
            }
            else
            {
                blindingPool.Take(randomBytes);
            }

            return TrySignCore(privateKey, e, nonce, nonceTimesG, fieldSecrets, scalarSecrets, randomBytes, out r,
                out s);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(nonceTimesG));
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(fieldSecrets));
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(scalarSecrets));
            CryptographicOperations.ZeroMemory(randomBytes);
        }
    }

    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private static bool TrySignCore(
        in P192Scalar privateKey,
        in P192Scalar e,
        in P192Scalar nonce,
        Span<P192ProjectivePoint> nonceTimesG,
        Span<P192FieldElement> fieldSecrets,
        Span<P192Scalar> scalarSecrets,
        Span<byte> randomBytes,
        out P192Scalar r,
        out P192Scalar s)
    {
        ref P192ProjectivePoint point = ref nonceTimesG[0];
        P192Curve.MultiplyBase(nonce, out point);

        // x = X / Z with Z^-1 = c (Z c)^-1 for a fresh random c in [1, p-1]: the variable-time inversion only sees
        // Z c, which is uniform and independent of k (Z is never zero: k G is never the point at infinity).
        // randomBytes holds 48 fresh random bytes for both blinding factors.
        Span<byte> blindBytes = randomBytes.Slice(0, FieldSize);
        ref P192FieldElement fieldBlind = ref fieldSecrets[0];
        ref P192FieldElement blindedZ = ref fieldSecrets[1];
        ref P192FieldElement zInverse = ref fieldSecrets[2];
        while (!P192FieldElement.TryRead(blindBytes, out fieldBlind) || fieldBlind.IsZeroVariableTime)
        {
            SecureRandom.Fill(blindBytes);
        }

        P192FieldElement.Multiply(point.Z, fieldBlind, out blindedZ);
        P192FieldElement.InvertVariableTime(blindedZ, out zInverse);
        P192FieldElement.Multiply(zInverse, fieldBlind, out zInverse);
        P192FieldElement.Multiply(point.X, zInverse, out P192FieldElement x);

        // x < p < 2n, so one conditional subtraction reduces it modulo n. x is public: r is x mod n.
        Span<byte> xBytes = stackalloc byte[FieldSize];
        x.Write(xBytes);
        r = P192Scalar.FromHash(xBytes);

        ref P192Scalar rd = ref scalarSecrets[0];
        ref P192Scalar sum = ref scalarSecrets[1];
        ref P192Scalar blind = ref scalarSecrets[2];
        ref P192Scalar blinded = ref scalarSecrets[3];
        ref P192Scalar blindedInverse = ref scalarSecrets[4];
        ref P192Scalar nonceInverse = ref scalarSecrets[5];
        P192Scalar.Multiply(r, privateKey, out rd);
        P192Scalar.Add(e, rd, out sum);
        // k^-1 = b (k b)^-1 for a fresh random b in [1, n-1]: the variable-time inversion only sees k b, which is
        // uniform and independent of k (multiplicative blinding), and it is several times faster than Fermat.
        blindBytes = randomBytes.Slice(FieldSize);
        blind = P192Scalar.ReadRaw(blindBytes);
        while (blind.IsZeroVariableTime || !P192Scalar.IsBelowN(blind))
        {
            SecureRandom.Fill(blindBytes);
            blind = P192Scalar.ReadRaw(blindBytes);
        }

        P192Scalar.MontgomeryMultiply(nonce, blind, out blinded);                  // k b / R
        P192Scalar.InvertVariableTime(blinded, out blindedInverse);                // R / (k b)
        P192Scalar.MontgomeryMultiply(blindedInverse, blind, out nonceInverse);    // 1 / k
        P192Scalar.Multiply(nonceInverse, sum, out s);
        return !r.IsZeroVariableTime && !s.IsZeroVariableTime;
    }

    internal bool VerifyHashP1363(ReadOnlySpan<byte> hash, ReadOnlySpan<byte> signature)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        if (signature.Length != SignatureSize
            || !P192Scalar.TryRead(signature.Slice(0, FieldSize), out P192Scalar r) || r.IsZeroVariableTime
            || !P192Scalar.TryRead(signature.Slice(FieldSize), out P192Scalar s) || s.IsZeroVariableTime)
        {
            return false;
        }

        P192AffinePoint publicKey = _publicKey;
        return Verify(publicKey, TableFor(publicKey), P192Scalar.FromHash(hash), r, s);
    }

    /// <summary>
    /// Q's comb table for this verification, or null: the published table when it was built for
    /// <paramref name="publicKey"/>; else, from the second verification since the key was set, a new one built
    /// here by one caller at a time (a concurrent caller meanwhile gets null and verifies without a table).
    /// </summary>
    private P192AffinePoint[]? TableFor(in P192AffinePoint publicKey)
    {
        if (!_cacheVerificationTable)
        {
            return null;
        }

        VerificationTable? table = Volatile.Read(ref _verificationTable);
        if (table is not null && table.IsFor(publicKey))
        {
            return table.Entries;
        }

        if (Volatile.Read(ref _verifications) < 2 && Interlocked.Increment(ref _verifications) < 2)
        {
            return null; // the first verification with this key
        }

        if (Interlocked.CompareExchange(ref _tableBuilder, 1, 0) != 0)
        {
            return null;
        }

        try
        {
            var built = new VerificationTable(publicKey, P192Curve.BuildCombTableVariableTime(publicKey));
            // Published over what this caller saw. Should the key change meanwhile, the table may still land, but
            // IsFor keeps it from ever being used with the new key, and the next build replaces it.
            if (_cacheVerificationTable && !_disposed)
            {
                Interlocked.CompareExchange(ref _verificationTable, built, table);
            }

            return built.Entries;
        }
        finally
        {
            Volatile.Write(ref _tableBuilder, 0);
        }
    }

    /// <summary>Whether a table built for the current public key is published (for tests).</summary>
    internal bool HasVerificationTable =>
        Volatile.Read(ref _verificationTable) is { } table && table.IsFor(_publicKey);

    private void ResetVerificationTable()
    {
        Volatile.Write(ref _verificationTable, null);
        Volatile.Write(ref _verifications, 0);
    }

    /// <summary>A public key's comb table and the key it was built for (immutable once published).</summary>
    private sealed class VerificationTable
    {
        private readonly P192AffinePoint _key;

        public VerificationTable(in P192AffinePoint key, P192AffinePoint[] entries)
        {
            _key = key;
            Entries = entries;
        }

        public P192AffinePoint[] Entries { get; }

        public bool IsFor(in P192AffinePoint key) =>
            _key.X.EqualsVariableTime(key.X) && _key.Y.EqualsVariableTime(key.Y);
    }

    /// <summary>
    /// SEC 1 4.1.4 for r, s in [1, n-1]: x(u1 G + u2 Q) = r (mod n), compared in Jacobian coordinates.
    /// </summary>
    internal static bool Verify(in P192AffinePoint publicKey, in P192Scalar e, in P192Scalar r, in P192Scalar s) =>
        Verify(publicKey, null, e, r, s);

    /// <summary>
    /// As above, with Q's comb table from <see cref="P192Curve.BuildCombTableVariableTime"/> when not null.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    internal static bool Verify(in P192AffinePoint publicKey, P192AffinePoint[]? publicKeyTable, in P192Scalar e,
        in P192Scalar r, in P192Scalar s)
    {
        // s is public: the variable-time inversion is safe here
        P192Scalar.InvertVariableTime(s, out P192Scalar sInversePlain);
        P192Scalar.ToMontgomery(sInversePlain, out P192Scalar sInverse);
        P192Scalar.MontgomeryMultiply(e, sInverse, out P192Scalar u1);
        P192Scalar.MontgomeryMultiply(r, sInverse, out P192Scalar u2);
        P192JacobianPoint point;
        if (publicKeyTable is null)
        {
            P192Curve.MultiplyTwoVariableTime(u1, u2, publicKey, out point);
        }
        else
        {
            P192Curve.MultiplyTwoCombVariableTime(u1, u2, publicKeyTable, out point);
        }

        if (point.IsInfinity)
        {
            return false;
        }

        // x = X / Z^2 equals r or r + n (when below p) exactly when X = r Z^2 or X = (r + n) Z^2.
        P192FieldElement.Square(point.Z, out P192FieldElement zz);
        P192FieldElement candidate = new(r.L0, r.L1, r.L2);
        P192FieldElement.Multiply(candidate, zz, out P192FieldElement expected);
        if (expected.EqualsVariableTime(point.X))
        {
            return true;
        }

        ulong c0 = P192FieldElement.AddCarry(r.L0, P192Scalar.N0, 0, out ulong carry);
        ulong c1 = P192FieldElement.AddCarry(r.L1, P192Scalar.N1, carry, out carry);
        ulong c2 = P192FieldElement.AddCarry(r.L2, P192Scalar.N2, carry, out carry);
        Span<byte> bytes = stackalloc byte[FieldSize];
        new P192FieldElement(c0, c1, c2).Write(bytes);
        if (carry != 0 || !P192FieldElement.TryRead(bytes, out candidate))
        {
            return false;
        }

        P192FieldElement.Multiply(candidate, zz, out expected);
        return expected.EqualsVariableTime(point.X);
    }

    // ---- keys ----

    private void GenerateKeyCore()
    {
        Span<byte> random = stackalloc byte[FieldSize];
        Span<P192Scalar> scalarBox = stackalloc P192Scalar[1];
        try
        {
            ref P192Scalar scalar = ref scalarBox[0];
            do
            {
                SecureRandom.Fill(random);
                scalar = P192Scalar.ReadRaw(random);
            }
            while (scalar.IsZeroVariableTime || !P192Scalar.IsBelowN(scalar));

            P192Curve.MultiplyBase(scalar, out P192ProjectivePoint point);
            point.TryToAffine(out P192AffinePoint publicKey);
            // Reuse the private key's array, so that generating a key allocates nothing.
            ulong[] privateKey = _privateKey ?? new ulong[3];
            privateKey[0] = scalar.L0;
            privateKey[1] = scalar.L1;
            privateKey[2] = scalar.L2;
            _publicKey = publicKey;
            _privateKey = privateKey;
            ResetVerificationTable();
        }
        finally
        {
            CryptographicOperations.ZeroMemory(random);
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(scalarBox));
        }
    }

    private void SetKey(in P192AffinePoint publicKey, ulong[]? privateKey)
    {
        CryptographicOperationsHelper.ZeroWords(_privateKey);
        _publicKey = publicKey;
        _privateKey = privateKey;
        ResetVerificationTable();
    }

    private ECParameters ExportKey(bool includePrivateParameters)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        var parameters = new ECParameters
        {
            Q = new ECPoint { X = new byte[FieldSize], Y = new byte[FieldSize] },
        };
        _publicKey.X.Write(parameters.Q.X);
        _publicKey.Y.Write(parameters.Q.Y);
        if (includePrivateParameters)
        {
            ulong[] privateKey = _privateKey ?? throw new CryptographicException(NoPrivateKeyMessage);
            parameters.D = new byte[FieldSize];
            new P192Scalar(privateKey[0], privateKey[1], privateKey[2]).Write(parameters.D);
        }

        return parameters;
    }

    private static void CheckCurve(ECCurve curve)
    {
        if (curve.IsNamed)
        {
            string? value = curve.Oid.Value;
            string? name = curve.Oid.FriendlyName;
            if (value == CurveOid
                || (string.IsNullOrEmpty(value)
                    && (name == "nistP192" || name == "secp192r1" || name == "prime192v1" || name == "ECDSA_P192")))
            {
                return;
            }
        }
        else if (curve.IsPrime && curve.CurveType == ECCurve.ECCurveType.PrimeShortWeierstrass
            && SameInteger(curve.Prime, s_prime) && SameInteger(curve.A, s_a) && SameInteger(curve.B, s_b)
            && SameInteger(curve.G.X, s_gx) && SameInteger(curve.G.Y, s_gy) && SameInteger(curve.Order, s_order)
            && (curve.Cofactor is null || SameInteger(curve.Cofactor, new byte[] { 1 })))
        {
            return;
        }

        throw new CryptographicException(CurveNotSupportedMessage);
    }

    private static bool SameInteger(byte[]? value, byte[] expected)
    {
        if (value is null)
        {
            return false;
        }

        ReadOnlySpan<byte> span = value;
        while (span.Length > expected.Length && span[0] == 0)
        {
            span = span.Slice(1);
        }

        return span.SequenceEqual(expected);
    }

    private static byte[] ToBytes(in P192FieldElement value)
    {
        byte[] bytes = new byte[FieldSize];
        value.Write(bytes);
        return bytes;
    }
}
