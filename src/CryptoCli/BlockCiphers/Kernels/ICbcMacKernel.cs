using System;

namespace CryptoCli;

/// <summary>Optional capability: the CBC-MAC chain alone (CMAC), with no ciphertext written.</summary>
internal interface ICbcMacKernel
{
    /// <summary>
    /// Chains whole blocks: <paramref name="chainingValue"/> becomes E(... E(chainingValue xor B1) ... xor Bn), the
    /// last block CBC encryption would produce.
    /// </summary>
    public void MacCbc(ReadOnlySpan<byte> source, Span<byte> chainingValue);
}
