using System;
using System.Diagnostics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Output feedback with an s-byte segment (NIST SP 800-38A OFB for s = block size; smaller segments as
/// <c>RijndaelManaged</c>/FIPS 81 define them): the register R starts as the IV, each step outputs the first s bytes of
/// E(R) as keystream and shifts them into R. Encryption and decryption are the same operation, and serial; the
/// keystream of a batch is generated first and XORed in one pass.
/// </summary>
internal sealed class Ofb : BlockCipherMode
{
    private static readonly Ofb[] s_bySegment = CreateForEverySegment(segment => new Ofb(segment));

    private readonly int _segment;

    private Ofb(int segment)
        : base(segment: segment) => _segment = segment;

    public override CipherMode Mode => CipherMode.OFB;

    /// <summary>The OFB mode with <paramref name="segment"/> bytes per step (1 .. 64).</summary>
    public static Ofb Get(int segment) => s_bySegment[segment];

    public override void Encrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state) =>
        Transform(kernel, source, destination, state);

    public override void Decrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state) =>
        Transform(kernel, source, destination, state);

    private void Transform(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state)
    {
        int blockSize = kernel.BlockSizeInBytes;
        int segment = _segment;
        Debug.Assert(segment <= blockSize && state.Length == blockSize);
        CheckWholeSegments(source.Length, segment);
        int batch = BatchBytes / blockSize * segment;
        Span<byte> keystream = stackalloc byte[BatchBytes];
        Span<byte> output = stackalloc byte[blockSize];
        for (int offset = 0; offset < source.Length; offset += batch)
        {
            int length = Math.Min(batch, source.Length - offset);
            for (int position = 0; position < length; position += segment)
            {
                if (segment == blockSize)
                {
                    kernel.EncryptBlocks(state, state);
                    state.CopyTo(keystream.Slice(position, blockSize));
                }
                else
                {
                    kernel.EncryptBlocks(state, output);
                    output.Slice(0, segment).CopyTo(keystream.Slice(position, segment));
                    Cfb.ShiftIn(state, output, segment);
                }
            }

            SpanHelpers.Xor(
                source.Slice(offset, length), keystream.Slice(0, length), destination.Slice(offset, length));
        }

        CryptographicOperations.ZeroMemory(keystream);
        CryptographicOperations.ZeroMemory(output);
    }
}
