using System;

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

/// <summary>
/// Optional capability of a kernel: a fused counter-mode loop (counter blocks built in registers, encrypted
/// interleaved and XORed in one pass). The <see cref="Ctr"/> mode uses it when the kernel has it.
/// </summary>
internal interface ICounterModeKernel
{
    /// <summary>
    /// XORs <paramref name="source"/> (any length) with E(counter), E(counter + 1), ... where only the
    /// <paramref name="width"/> low-order bytes of the counter count; on exit <paramref name="counter"/> is advanced
    /// past every block used (a partial last block uses one counter value). <paramref name="destination"/> has the
    /// source's length and is disjoint from it or the same memory.
    /// </summary>
    public void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counter, CounterWidth width);
}

/// <summary>Optional capability: a fused CBC encryption loop (the chaining value stays in registers).</summary>
internal interface ICbcEncryptKernel
{
    /// <summary>CBC encryption of whole blocks; <paramref name="chainingValue"/> is the IV on entry and the last ciphertext block on exit.</summary>
    public void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue);
}

/// <summary>Optional capability: the CBC-MAC chain alone (CMAC), with no ciphertext written.</summary>
internal interface ICbcMacKernel
{
    /// <summary>
    /// Chains whole blocks: <paramref name="chainingValue"/> becomes E(... E(chainingValue xor B1) ... xor Bn), the
    /// last block CBC encryption would produce.
    /// </summary>
    public void MacCbc(ReadOnlySpan<byte> source, Span<byte> chainingValue);
}

/// <summary>Optional capability: a fused CFB encryption loop with a full-block segment (the register stays in registers).</summary>
internal interface ICfbEncryptKernel
{
    /// <summary>
    /// CFB encryption of whole blocks with a segment as wide as the block; <paramref name="register"/> is the IV on entry
    /// and the last ciphertext block on exit.
    /// </summary>
    public void EncryptCfb(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> register);
}

/// <summary>Optional capability: a fused, interleaved CBC decryption loop.</summary>
internal interface ICbcDecryptKernel
{
    /// <summary>CBC decryption of whole blocks; <paramref name="chainingValue"/> is the IV on entry and the last ciphertext block on exit.</summary>
    public void DecryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue);
}
