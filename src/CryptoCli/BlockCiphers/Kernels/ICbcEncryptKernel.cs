using System;

namespace CryptoCli;

/// <summary>Optional capability: a fused CBC encryption loop (the chaining value stays in registers).</summary>
internal interface ICbcEncryptKernel
{
    /// <summary>CBC encryption of whole blocks; <paramref name="chainingValue"/> is the IV on entry and the last
    /// ciphertext block on exit.</summary>
    public void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue);
}
