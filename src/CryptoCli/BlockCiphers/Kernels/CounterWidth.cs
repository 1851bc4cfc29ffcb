namespace CryptoCli;

/// <summary>
/// The part of a counter block that counts in counter mode: a big-endian integer in the low-order (last) bytes,
/// incremented by one per block and wrapping around within its width; the bytes before it never change.
/// </summary>
internal enum CounterWidth
{
    /// <summary>The whole block counts (NIST SP 800-38A's default, <c>EncryptCtr</c>).</summary>
    FullBlock = 0,

    /// <summary>The last 8 bytes count.</summary>
    Bits64 = 8,

    /// <summary>The last 4 bytes count (GCM's inc32, NIST SP 800-38D).</summary>
    Bits32 = 4,
}
