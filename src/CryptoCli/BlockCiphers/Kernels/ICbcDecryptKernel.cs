using System;

namespace CryptoCli;

/// <summary>Optional capability: a fused, interleaved CBC decryption loop.</summary>
internal interface ICbcDecryptKernel
{
    /// <summary>CBC decryption of whole blocks; <paramref name="chainingValue"/> is the IV on entry and the last
    /// ciphertext block on exit.</summary>
    public void DecryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue);
}
