// Luffa-384 (Luffa v2, SHA-3 competition round 2): 384-bit digest, 32-byte message blocks, 4 sub-blocks of
// 256 bits in the state. Spec: "Hash Function Luffa, Specification Ver. 2.0" (Hitachi, 2009).

using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Computes the Luffa-384 hash (Luffa version 2, the SHA-3 competition round-2 submission by Hitachi): a 384-bit
/// digest of any byte string. Shaped like the runtime's <see cref="SHA384"/>: a <see cref="HashAlgorithm"/> (so
/// <see cref="HashAlgorithm.ComputeHash(byte[])"/>, <see cref="HashAlgorithm.TransformBlock"/> and
/// <see cref="CryptoStream"/> work) with static one-shots.
/// </summary>
/// <remarks>
/// <para>Follows "Hash Function Luffa, Specification Ver. 2.0" (Hitachi, 2009) and its NIST round-2 test
/// vectors; round-1 Luffa (v1) digests differ. Luffa was not selected as SHA-3: a research primitive, use it for
/// compatibility and study, prefer SHA-2 or SHA-3 otherwise.</para>
/// <para>Sizes: 384-bit digest, 256-bit (32-byte) message blocks, a state of 4 sub-blocks of 256 bits.</para>
/// <para>Every path is constant-time: bitsliced S-box, no table lookups, no data-dependent branches. On .NET 8 or later
/// a Vector128 kernel (SSE2/SSE4.1 or AdvSimd) is used when hardware accelerated, otherwise a portable scalar
/// kernel.</para>
/// </remarks>
public sealed class Luffa384 : LuffaHashAlgorithm
{
    /// <summary>The hash size produced by this algorithm, in bits.</summary>
    public const int HashSizeInBits = 384;

    /// <summary>The hash size produced by this algorithm, in bytes.</summary>
    public const int HashSizeInBytes = HashSizeInBits / 8;

    /// <summary>Initializes a new Luffa-384 instance.</summary>
    public Luffa384()
        : base(HashSizeInBits)
    {
    }

    /// <summary>Creates a new Luffa-384 instance.</summary>
    /// <returns>A new instance.</returns>
    public static new Luffa384 Create() => new();

    /// <summary>True when this process hashes with the Vector128 kernel (SIMD hardware), false when with the portable
    /// scalar kernel. Both are constant-time.</summary>
    public static bool IsHardwareAccelerated => LuffaCore.IsHardwareAccelerated;

    /// <summary>Computes the Luffa-384 hash of data.</summary>
    /// <param name="source">The data to hash.</param>
    /// <returns>The hash, <see cref="HashSizeInBytes"/> bytes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static byte[] HashData(byte[] source) => LuffaCore.HashData(HashSizeInBits, source);

    /// <summary>Computes the Luffa-384 hash of data.</summary>
    /// <param name="source">The data to hash.</param>
    /// <returns>The hash, <see cref="HashSizeInBytes"/> bytes.</returns>
    public static byte[] HashData(ReadOnlySpan<byte> source) => LuffaCore.HashData(HashSizeInBits, source);

    /// <summary>Computes the Luffa-384 hash of data into a destination buffer.</summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">The buffer that receives the hash.</param>
    /// <returns>The number of bytes written, <see cref="HashSizeInBytes"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than
    /// <see cref="HashSizeInBytes"/>; nothing is written.</exception>
    public static int HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        LuffaCore.HashData(HashSizeInBits, source, destination);

    /// <summary>Attempts to compute the Luffa-384 hash of data into a destination buffer.</summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">The buffer that receives the hash.</param>
    /// <param name="bytesWritten">The number of bytes written: <see cref="HashSizeInBytes"/>, or 0 on failure.</param>
    /// <returns><see langword="false"/> when <paramref name="destination"/> is too short (then nothing is
    /// written).</returns>
    public static bool TryHashData(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) =>
        LuffaCore.TryHashData(HashSizeInBits, source, destination, out bytesWritten);
}
