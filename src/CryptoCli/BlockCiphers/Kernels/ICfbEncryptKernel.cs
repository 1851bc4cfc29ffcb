using System;

namespace CryptoCli;

/// <summary>Optional capability: a fused CFB encryption loop with a full-block segment (the register stays in
/// registers).</summary>
internal interface ICfbEncryptKernel
{
    /// <summary>
    /// CFB encryption of whole blocks with a segment as wide as the block; <paramref name="register"/> is the IV on
    /// entry and the last ciphertext block on exit.
    /// </summary>
    public void EncryptCfb(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> register);
}
