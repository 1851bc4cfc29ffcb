using System;
using System.Diagnostics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Cipher block chaining (NIST SP 800-38A): the kernel's fused loops when it has them, otherwise generic loops
/// (encryption block by block; decryption a batch at a time through <see cref="BlockCipherKernel.DecryptBlocks"/>).
/// </summary>
internal sealed class Cbc : BlockCipherMode
{
    public static readonly Cbc Instance = new();

    private Cbc()
    {
    }

    public override CipherMode Mode => CipherMode.CBC;

    public override void Encrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state) =>
        EncryptBlocks(kernel, source, destination, state);

    public override void Decrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state) =>
        DecryptBlocks(kernel, source, destination, state);

    /// <summary>CBC encryption of whole blocks; <paramref name="chainingValue"/> is the IV on entry and the last
    /// ciphertext block on exit.</summary>
    /// <remarks>Small enough to inline: a short call reaches the kernel's fused loop with no call in between.</remarks>
    public static void EncryptBlocks(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> chainingValue)
    {
        if (kernel.CbcEncryptor is { } fused)
        {
            fused.EncryptCbc(source, destination, chainingValue);
        }
        else
        {
            EncryptWithBlocks(kernel, source, destination, chainingValue);
        }
    }

    private static void EncryptWithBlocks(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> chainingValue)
    {
        int blockSize = kernel.BlockSizeInBytes;
        Debug.Assert(
            source.Length % blockSize == 0 && destination.Length == source.Length && chainingValue.Length == blockSize);
        for (int offset = 0; offset < source.Length; offset += blockSize)
        {
            Span<byte> block = destination.Slice(offset, blockSize);
            SpanHelpers.Xor(source.Slice(offset, blockSize), chainingValue, block);
            kernel.EncryptBlocks(block, block);
            block.CopyTo(chainingValue);
        }
    }

    /// <summary>CBC decryption of whole blocks; <paramref name="chainingValue"/> is the IV on entry and the last
    /// ciphertext block on exit.</summary>
    /// <remarks>Small enough to inline, as <see cref="EncryptBlocks"/>.</remarks>
    public static void DecryptBlocks(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> chainingValue)
    {
        if (kernel.CbcDecryptor is { } fused)
        {
            fused.DecryptCbc(source, destination, chainingValue);
        }
        else
        {
            DecryptWithBlocks(kernel, source, destination, chainingValue);
        }
    }

    private static void DecryptWithBlocks(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> chainingValue)
    {
        int blockSize = kernel.BlockSizeInBytes;
        Debug.Assert(
            source.Length % blockSize == 0 && destination.Length == source.Length && chainingValue.Length == blockSize);
        int batch = BatchBytes / blockSize * blockSize;
        Span<byte> saved = stackalloc byte[batch];
        for (int offset = 0; offset < source.Length; offset += batch)
        {
            int length = Math.Min(batch, source.Length - offset);
            Span<byte> ciphertext = saved.Slice(0, length);
            source.Slice(offset, length).CopyTo(ciphertext); // keeps in-place decryption correct
            Span<byte> plaintext = destination.Slice(offset, length);
            kernel.DecryptBlocks(ciphertext, plaintext);
            SpanHelpers.Xor(plaintext.Slice(0, blockSize), chainingValue, plaintext.Slice(0, blockSize));
            SpanHelpers.Xor(
                plaintext.Slice(blockSize), ciphertext.Slice(0, length - blockSize), plaintext.Slice(blockSize));
            ciphertext.Slice(length - blockSize).CopyTo(chainingValue);
        }

        CryptographicOperations.ZeroMemory(saved);
    }
}
