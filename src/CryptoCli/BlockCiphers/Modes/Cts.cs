using System;
using System.Diagnostics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// CBC with ciphertext stealing, variant CS3 (NIST SP 800-38A Addendum; Kerberos, RFC 3962 and RFC 8009): the
/// ciphertext is exactly as long as the plaintext, which must be at least one block. The last two ciphertext blocks
/// are always swapped, the last one truncated to the length of the final plaintext block; a one-block message is plain
/// CBC. Whole blocks before the last two are CBC, streaming (<see cref="Encrypt"/>); the message's last one or two
/// blocks go through <see cref="EncryptFinal"/>/<see cref="DecryptFinal"/>. No padding applies.
/// </summary>
internal sealed class Cts : BlockCipherMode
{
    public static readonly Cts Instance = new();

    private Cts()
        : base(stealsCiphertext: true)
    {
    }

    public override CipherMode Mode => CipherMode.CTS;

    public override void Encrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state) =>
        Cbc.EncryptBlocks(kernel, source, destination, state);

    public override void Decrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state) =>
        Cbc.DecryptBlocks(kernel, source, destination, state);

    /// <summary>Encrypts the end of a message (at least one block; any length after that), with the CBC state of what
    /// came before.</summary>
    public static void EncryptFinal(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state)
    {
        int blockSize = kernel.BlockSizeInBytes;
        Debug.Assert(source.Length >= blockSize && destination.Length == source.Length);
        if (source.Length == blockSize)
        {
            Cbc.EncryptBlocks(kernel, source, destination, state);
            return;
        }

        int last = LastBlockLength(source.Length, blockSize);
        int head = source.Length - blockSize - last;
        Cbc.EncryptBlocks(kernel, source.Slice(0, head), destination.Slice(0, head), state);

        Span<byte> buffer = stackalloc byte[2 * MaxBlockSize];
        Span<byte> x = buffer.Slice(0, blockSize);
        Span<byte> y = buffer.Slice(blockSize, blockSize);
        y.Clear();
        source.Slice(head + blockSize, last).CopyTo(y);           // P_n || 0 (read before an in-place write)
        SpanHelpers.Xor(source.Slice(head, blockSize), state, x); // P_{n-1} XOR C_{n-2}
        kernel.EncryptBlocks(x, x);                                // X = E(P_{n-1} XOR C_{n-2})
        SpanHelpers.Xor(y, x, y);
        kernel.EncryptBlocks(y, y);                                // Y = E((P_n || 0) XOR X)
        y.CopyTo(destination.Slice(head, blockSize));              // CS3: Y first, then X truncated
        x.Slice(0, last).CopyTo(destination.Slice(head + blockSize, last));
        y.CopyTo(state);
        CryptographicOperations.ZeroMemory(buffer);
    }

    /// <summary>Decrypts the end of a message (at least one block), with the CBC state of what came before.</summary>
    public static void DecryptFinal(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state)
    {
        int blockSize = kernel.BlockSizeInBytes;
        Debug.Assert(source.Length >= blockSize && destination.Length == source.Length);
        if (source.Length == blockSize)
        {
            Cbc.DecryptBlocks(kernel, source, destination, state);
            return;
        }

        int last = LastBlockLength(source.Length, blockSize);
        int head = source.Length - blockSize - last;
        Cbc.DecryptBlocks(kernel, source.Slice(0, head), destination.Slice(0, head), state);

        Span<byte> buffer = stackalloc byte[3 * MaxBlockSize];
        Span<byte> x = buffer.Slice(0, blockSize);
        Span<byte> z = buffer.Slice(blockSize, blockSize);
        Span<byte> y = buffer.Slice(2 * blockSize, blockSize);
        source.Slice(head, blockSize).CopyTo(y);                     // Y (read before an in-place write)
        source.Slice(head + blockSize, last).CopyTo(x);              // X's first bytes
        kernel.DecryptBlocks(y, z);                                  // Z = X XOR (P_n || 0)
        z.Slice(last).CopyTo(x.Slice(last));                         // X = stolen bytes || Z's tail
        SpanHelpers.Xor(z.Slice(0, last), x.Slice(0, last), z.Slice(0, last)); // P_n
        kernel.DecryptBlocks(x, x);
        SpanHelpers.Xor(x, state, x);                                // P_{n-1}
        x.CopyTo(destination.Slice(head, blockSize));
        z.Slice(0, last).CopyTo(destination.Slice(head + blockSize, last));
        y.CopyTo(state);
        CryptographicOperations.ZeroMemory(buffer);
    }

    /// <summary>The length of the final block, 1 .. block size (a whole last block counts as a full one).</summary>
    private static int LastBlockLength(int length, int blockSize)
    {
        int remainder = length % blockSize;
        return remainder == 0 ? blockSize : remainder;
    }
}
