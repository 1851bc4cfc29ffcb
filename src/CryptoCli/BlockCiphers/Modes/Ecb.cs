using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>Electronic codebook: every block on its own (the kernel's whole-buffer entry points).</summary>
internal sealed class Ecb : BlockCipherMode
{
    public static readonly Ecb Instance = new();

    private Ecb()
        : base(usesIV: false)
    {
    }

    public override CipherMode Mode => CipherMode.ECB;

    public override void Encrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state) =>
        kernel.EncryptBlocks(source, destination);

    public override void Decrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state) =>
        kernel.DecryptBlocks(source, destination);
}
