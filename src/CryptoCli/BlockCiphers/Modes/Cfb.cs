using System;
using System.Diagnostics;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Cipher feedback with an s-byte segment, 1 &lt;= s &lt;= block size (NIST SP 800-38A CFB-8 .. CFB-128; the runtime's
/// <c>FeedbackSize</c>): each segment is XORed with the first s bytes of E(R), where the register R holds the last
/// block-size bytes of IV || ciphertext. Encryption is serial. Decryption is parallel, because every register is
/// known from the ciphertext: a batch of registers is encrypted in one <see cref="BlockCipherKernel.EncryptBlocks"/>
/// call.
/// </summary>
internal sealed class Cfb : BlockCipherMode
{
    private static readonly Cfb[] s_bySegment = CreateForEverySegment(segment => new Cfb(segment));

    private readonly int _segment;

    private Cfb(int segment)
        : base(segment: segment) => _segment = segment;

    public override CipherMode Mode => CipherMode.CFB;

    /// <summary>The CFB mode with <paramref name="segment"/> bytes per step (1 .. 64).</summary>
    public static Cfb Get(int segment) => s_bySegment[segment];

    public override void Encrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state)
    {
        int blockSize = kernel.BlockSizeInBytes;
        int segment = _segment;
        if (segment == blockSize && kernel.CfbEncryptor is { } fused)
        {
            fused.EncryptCfb(source, destination, state);
            return;
        }

        Debug.Assert(segment <= blockSize && state.Length == blockSize);
        CheckWholeSegments(source.Length, segment);
        Span<byte> keystream = stackalloc byte[blockSize];
        for (int offset = 0; offset < source.Length; offset += segment)
        {
            kernel.EncryptBlocks(state, keystream);
            Span<byte> output = destination.Slice(offset, segment);
            SpanHelpers.Xor(source.Slice(offset, segment), keystream.Slice(0, segment), output);
            ShiftIn(state, output, segment);
        }

        CryptographicOperations.ZeroMemory(keystream);
    }

    public override void Decrypt(
        BlockCipherKernel kernel,
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        Span<byte> state)
    {
        int blockSize = kernel.BlockSizeInBytes;
        int segment = _segment;
        Debug.Assert(segment <= blockSize && state.Length == blockSize);
        CheckWholeSegments(source.Length, segment);
        int segmentsPerBatch = BatchBytes / blockSize;
        // window = R || this batch's ciphertext; register j is window[j*s .. j*s + blockSize].
        Span<byte> window = stackalloc byte[MaxBlockSize + BatchBytes];
        Span<byte> registers = stackalloc byte[BatchBytes];
        for (int offset = 0; offset < source.Length;)
        {
            int count = Math.Min(segmentsPerBatch, (source.Length - offset) / segment);
            int length = count * segment;
            state.CopyTo(window);
            source.Slice(offset, length).CopyTo(window.Slice(blockSize)); // read before an in-place write
            Span<byte> batch = registers.Slice(0, count * blockSize);
            if (segment == blockSize)
            {
                window.Slice(0, length).CopyTo(batch);
            }
            else
            {
                for (int j = 0; j < count; j++)
                {
                    window.Slice(j * segment, blockSize).CopyTo(batch.Slice(j * blockSize, blockSize));
                }
            }

            kernel.EncryptBlocks(batch, batch);
            window.Slice(length, blockSize).CopyTo(state);
            Span<byte> ciphertext = window.Slice(blockSize, length);
            Span<byte> output = destination.Slice(offset, length);
            if (segment == blockSize)
            {
                SpanHelpers.Xor(ciphertext, batch, output);
            }
            else
            {
                for (int j = 0; j < count; j++)
                {
                    SpanHelpers.Xor(
                        ciphertext.Slice(j * segment, segment), batch.Slice(j * blockSize, segment),
                        output.Slice(j * segment, segment));
                }
            }

            offset += length;
        }

        CryptographicOperations.ZeroMemory(registers);
        CryptographicOperations.ZeroMemory(window);
    }

    /// <summary>R = R[s..] || segment: shifts the register left by one segment and appends it.</summary>
    internal static void ShiftIn(Span<byte> register, ReadOnlySpan<byte> segment, int segmentSize)
    {
        int keep = register.Length - segmentSize;
        register.Slice(segmentSize).CopyTo(register); // overlapping copy, handled as memmove
        segment.Slice(0, segmentSize).CopyTo(register.Slice(keep));
    }
}
