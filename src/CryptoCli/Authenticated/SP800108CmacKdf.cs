using System;
using System.Buffers.Binary;
using System.Security.Cryptography;
using System.Text;

namespace CryptoCli;

/// <summary>
/// The key-based key derivation functions of NIST SP 800-108 with CMAC as the pseudorandom function, over any
/// <see cref="BlockCipherAlgorithm"/> with a 128-bit block: counter mode (the shape of the runtime's
/// <c>SP800108HmacCounterKdf</c>) and feedback mode, with or without the counter.
/// </summary>
/// <remarks>
/// <para>Encoding, as the runtime's <c>SP800108HmacCounterKdf</c> and RFC 6803 do: the counter i is a 32-bit
/// big-endian integer starting at 1, and the fixed input is Label ‖ 0x00 ‖ Context ‖ [L]₃₂, L the derived length in
/// bits as a 32-bit big-endian integer. Counter mode computes K(i) = CMAC(K_I, [i]₃₂ ‖ fixed input); feedback mode
/// computes K(i) = CMAC(K_I, K(i − 1) ‖ [i]₃₂ ‖ fixed input), or without the counter CMAC(K_I, K(i − 1) ‖ fixed input),
/// K(0) being the IV (any length, empty allowed). The output is K(1) ‖ K(2) ‖ … cut to the length asked for. The
/// <c>…FromFixedInput</c> forms take the fixed input as it is, for layouts other than the one above (NIST CAVP
/// vectors, protocols with their own encoding); the counter stays 32 bits, before the fixed input.</para>
/// <para>The derived length is at most <see cref="int.MaxValue"/> / 8 bytes when L is encoded (it must fit in 32 bits).
/// Destinations must not overlap the inputs.</para>
/// <para>Constant-time exactly when the cipher's kernel is (AES on AES-NI or ARMv8; see each cipher's remarks):
/// nothing branches on or indexes by secret data outside the block cipher.</para>
/// <para>The instance holds its own copy of the cipher's key at construction and wipes it on <see cref="Dispose"/>.
/// Instances are not thread-safe.</para>
/// </remarks>
/// <example>
/// RFC 6803's Camellia key derivation for Kerberos (KDF-FEEDBACK-CMAC): the IV is 16 zero bytes, the label the
/// 4-byte key usage followed by 0x99 (checksum key Kc), 0xAA (encryption key Ke) or 0x55 (integrity key Ki), the
/// context empty, and the derived key as long as the base key.
/// <code>
/// using Camellia camellia = Camellia.Create();
/// camellia.Key = baseKey;
/// byte[] label = { 0, 0, 0, 2, 0xAA };                 // key usage 2, Ke
/// byte[] ke = new byte[baseKey.Length];
/// SP800108CmacKdf.DeriveBytesFeedback(camellia, new byte[16], label, default, ke);
/// </code>
/// </example>
public sealed class SP800108CmacKdf : IDisposable
{
    private const int BlockSize = 16;

    /// <summary>The largest derived length whose bit length L fits the 32-bit encoding (the runtime's
    /// limit).</summary>
    private const int MaxEncodedLength = int.MaxValue / 8;

    private static readonly UTF8Encoding s_utf8 =
        new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private readonly BlockCipherKernel _kernel;
    private readonly byte[] _subkeys = new byte[2 * BlockSize];   // CMAC's K1 | K2
    private bool _disposed;

    /// <summary>Creates the KDF over a copy of <paramref name="cipher"/>'s current key (the key-derivation
    /// key).</summary>
    /// <param name="cipher">A block cipher with a 128-bit block; its key is copied (a key is generated first if it
    /// has none).</param>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits.</exception>
    public SP800108CmacKdf(BlockCipherAlgorithm cipher)
    {
        ThrowHelper.ThrowIfNull(cipher, nameof(cipher));
        if (cipher.BlockSize != 128)
        {
            throw new ArgumentException(SR.Requires128BitBlock, nameof(cipher));
        }

        _kernel = cipher.CreateKernelForCurrentKey();
        BlockCipherCmac.DeriveSubkeys(_kernel, _subkeys);
    }

    /// <summary>The KDF over a given 128-bit block-cipher kernel, owned from now on (the tests' way to run every
    /// kernel).</summary>
    internal SP800108CmacKdf(BlockCipherKernel kernel)
    {
        _kernel = kernel;
        BlockCipherCmac.DeriveSubkeys(_kernel, _subkeys);
    }

    // ---- Counter mode ----

    /// <summary>Derives <paramref name="derivedKeyLengthInBytes"/> bytes in counter mode.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="label"/> or <paramref name="context"/> is
    /// null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="derivedKeyLengthInBytes"/> is negative or greater
    /// than <see cref="int.MaxValue"/> / 8.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public byte[] DeriveKey(byte[] label, byte[] context, int derivedKeyLengthInBytes)
    {
        ThrowHelper.ThrowIfNull(label, nameof(label));
        ThrowHelper.ThrowIfNull(context, nameof(context));
        return DeriveKey(new ReadOnlySpan<byte>(label), context, derivedKeyLengthInBytes);
    }

    /// <inheritdoc cref="DeriveKey(byte[], byte[], int)"/>
    public byte[] DeriveKey(ReadOnlySpan<byte> label, ReadOnlySpan<byte> context, int derivedKeyLengthInBytes)
    {
        byte[] key = NewDestination(derivedKeyLengthInBytes);
        DeriveKey(label, context, key);
        return key;
    }

    /// <summary>Derives <paramref name="derivedKeyLengthInBytes"/> bytes in counter mode; the label and the context
    /// are encoded as UTF-8.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="label"/> or <paramref name="context"/> is
    /// null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="derivedKeyLengthInBytes"/> is negative or greater
    /// than <see cref="int.MaxValue"/> / 8.</exception>
    /// <exception cref="EncoderFallbackException"><paramref name="label"/> or <paramref name="context"/> is not valid
    /// UTF-16 (a lone surrogate).</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public byte[] DeriveKey(string label, string context, int derivedKeyLengthInBytes)
    {
        ThrowHelper.ThrowIfNull(label, nameof(label));
        ThrowHelper.ThrowIfNull(context, nameof(context));
        return DeriveKey(s_utf8.GetBytes(label), s_utf8.GetBytes(context), derivedKeyLengthInBytes);
    }

    /// <summary>Fills <paramref name="destination"/> with key material derived in counter mode.</summary>
    /// <param name="label">The label (the purpose of the derived key).</param>
    /// <param name="context">The context (the parties, a nonce, ...).</param>
    /// <param name="destination">Receives the derived bytes; its length is L.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is longer than
    /// <see cref="int.MaxValue"/> / 8 bytes.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps an input.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKey(ReadOnlySpan<byte> label, ReadOnlySpan<byte> context, Span<byte> destination)
    {
        CheckEncodedLength(destination.Length, nameof(destination));
        Derive(default, feedback: false, counter: true, label, context, encoded: true, destination);
    }

    /// <summary>Fills <paramref name="destination"/> in counter mode with a fixed input given whole:
    /// K(i) = CMAC(K_I, [i]₃₂ ‖ <paramref name="fixedInput"/>).</summary>
    /// <param name="fixedInput">The fixed input data, used as it is.</param>
    /// <param name="destination">Receives the derived bytes.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps <paramref name="fixedInput"/>.
    /// </exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKeyFromFixedInput(ReadOnlySpan<byte> fixedInput, Span<byte> destination) =>
        Derive(default, feedback: false, counter: true, fixedInput, default, encoded: false, destination);

    // ---- Feedback mode ----

    /// <summary>Derives <paramref name="derivedKeyLengthInBytes"/> bytes in feedback mode.</summary>
    /// <param name="iv">K(0), fed back into the first block; may be empty.</param>
    /// <param name="label">The label.</param>
    /// <param name="context">The context.</param>
    /// <param name="derivedKeyLengthInBytes">The number of bytes to derive.</param>
    /// <param name="includeCounter">Whether each block's input has the 32-bit counter after the fed-back
    /// block.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="derivedKeyLengthInBytes"/> is negative or greater
    /// than <see cref="int.MaxValue"/> / 8.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public byte[] DeriveKeyFeedback(
        ReadOnlySpan<byte> iv,
        ReadOnlySpan<byte> label,
        ReadOnlySpan<byte> context,
        int derivedKeyLengthInBytes,
        bool includeCounter = true)
    {
        byte[] key = NewDestination(derivedKeyLengthInBytes);
        DeriveKeyFeedback(iv, label, context, key, includeCounter);
        return key;
    }

    /// <summary>Fills <paramref name="destination"/> with key material derived in feedback mode.</summary>
    /// <param name="iv">K(0), fed back into the first block; may be empty.</param>
    /// <param name="label">The label.</param>
    /// <param name="context">The context.</param>
    /// <param name="destination">Receives the derived bytes; its length is L.</param>
    /// <param name="includeCounter">Whether each block's input has the 32-bit counter after the fed-back
    /// block.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is longer than
    /// <see cref="int.MaxValue"/> / 8 bytes.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps an input.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKeyFeedback(
        ReadOnlySpan<byte> iv,
        ReadOnlySpan<byte> label,
        ReadOnlySpan<byte> context,
        Span<byte> destination,
        bool includeCounter = true)
    {
        CheckEncodedLength(destination.Length, nameof(destination));
        Derive(iv, feedback: true, includeCounter, label, context, encoded: true, destination);
    }

    /// <summary>Fills <paramref name="destination"/> in feedback mode with a fixed input given whole:
    /// K(i) = CMAC(K_I, K(i − 1) ‖ [i]₃₂ ‖ <paramref name="fixedInput"/>), or without the counter.</summary>
    /// <param name="iv">K(0); may be empty.</param>
    /// <param name="fixedInput">The fixed input data, used as it is.</param>
    /// <param name="destination">Receives the derived bytes.</param>
    /// <param name="includeCounter">Whether each block's input has the 32-bit counter after the fed-back
    /// block.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps an input.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKeyFeedbackFromFixedInput(
        ReadOnlySpan<byte> iv,
        ReadOnlySpan<byte> fixedInput,
        Span<byte> destination,
        bool includeCounter = true) =>
        Derive(iv, feedback: true, includeCounter, fixedInput, default, encoded: false, destination);

    // ---- One-shots ----

    /// <summary>Derives <paramref name="derivedKeyLengthInBytes"/> bytes in counter mode from
    /// <paramref name="cipher"/>'s current key.</summary>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="derivedKeyLengthInBytes"/> is negative or greater
    /// than <see cref="int.MaxValue"/> / 8.</exception>
    public static byte[] DeriveBytes(
        BlockCipherAlgorithm cipher, byte[] label, byte[] context, int derivedKeyLengthInBytes)
    {
        ThrowHelper.ThrowIfNull(label, nameof(label));
        ThrowHelper.ThrowIfNull(context, nameof(context));
        return DeriveBytes(cipher, new ReadOnlySpan<byte>(label), context, derivedKeyLengthInBytes);
    }

    /// <inheritdoc cref="DeriveBytes(BlockCipherAlgorithm, byte[], byte[], int)"/>
    public static byte[] DeriveBytes(
        BlockCipherAlgorithm cipher,
        ReadOnlySpan<byte> label,
        ReadOnlySpan<byte> context,
        int derivedKeyLengthInBytes)
    {
        ThrowHelper.ThrowIfNull(cipher, nameof(cipher));
        byte[] key = NewDestination(derivedKeyLengthInBytes);
        DeriveBytes(cipher, label, context, key);
        return key;
    }

    /// <summary>Derives <paramref name="derivedKeyLengthInBytes"/> bytes in counter mode from
    /// <paramref name="cipher"/>'s current key; the label and the context are encoded as UTF-8.</summary>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="derivedKeyLengthInBytes"/> is negative or greater
    /// than <see cref="int.MaxValue"/> / 8.</exception>
    /// <exception cref="EncoderFallbackException"><paramref name="label"/> or <paramref name="context"/> is not valid
    /// UTF-16.</exception>
    public static byte[] DeriveBytes(
        BlockCipherAlgorithm cipher, string label, string context, int derivedKeyLengthInBytes)
    {
        ThrowHelper.ThrowIfNull(label, nameof(label));
        ThrowHelper.ThrowIfNull(context, nameof(context));
        return DeriveBytes(cipher, s_utf8.GetBytes(label), s_utf8.GetBytes(context), derivedKeyLengthInBytes);
    }

    /// <summary>Fills <paramref name="destination"/> in counter mode from <paramref name="cipher"/>'s current
    /// key.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits, or
    /// <paramref name="destination"/> overlaps an input.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is longer than
    /// <see cref="int.MaxValue"/> / 8 bytes.</exception>
    public static void DeriveBytes(
        BlockCipherAlgorithm cipher,
        ReadOnlySpan<byte> label,
        ReadOnlySpan<byte> context,
        Span<byte> destination)
    {
        using var kdf = new SP800108CmacKdf(cipher);
        kdf.DeriveKey(label, context, destination);
    }

    /// <summary>Fills <paramref name="destination"/> in feedback mode from <paramref name="cipher"/>'s current key
    /// (RFC 6803's KDF-FEEDBACK-CMAC with a 16-byte zero IV and the counter).</summary>
    /// <param name="cipher">The block cipher whose current key is the key-derivation key.</param>
    /// <param name="iv">K(0); may be empty.</param>
    /// <param name="label">The label.</param>
    /// <param name="context">The context.</param>
    /// <param name="destination">Receives the derived bytes; its length is L.</param>
    /// <param name="includeCounter">Whether each block's input has the 32-bit counter after the fed-back
    /// block.</param>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits, or
    /// <paramref name="destination"/> overlaps an input.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is longer than
    /// <see cref="int.MaxValue"/> / 8 bytes.</exception>
    public static void DeriveBytesFeedback(
        BlockCipherAlgorithm cipher,
        ReadOnlySpan<byte> iv,
        ReadOnlySpan<byte> label,
        ReadOnlySpan<byte> context,
        Span<byte> destination,
        bool includeCounter = true)
    {
        using var kdf = new SP800108CmacKdf(cipher);
        kdf.DeriveKeyFeedback(iv, label, context, destination, includeCounter);
    }

    /// <summary>Wipes the key schedule and CMAC's subkeys.</summary>
    public void Dispose()
    {
        if (!_disposed)
        {
            _disposed = true;
            _kernel.Dispose();
            CryptographicOperations.ZeroMemory(_subkeys);
        }
    }

    // ---- The construction ----

    private static byte[] NewDestination(int length)
    {
        CheckEncodedLength(length, "derivedKeyLengthInBytes");
        return new byte[length];
    }

    private static void CheckEncodedLength(int length, string paramName)
    {
        ThrowHelper.ThrowIfNegative(length, paramName);
        ThrowHelper.ThrowIfGreaterThan(length, MaxEncodedLength, paramName);
    }

    /// <summary>
    /// K(1) ‖ K(2) ‖ … into <paramref name="destination"/>. Each block's input is [K(i − 1)] ‖ [[i]₃₂] ‖ fixed input,
    /// the fixed input being <paramref name="label"/> ‖ 0x00 ‖ <paramref name="context"/> ‖ [L]₃₂ when
    /// <paramref name="encoded"/>, else <paramref name="label"/> alone (the caller's whole fixed input).
    /// </summary>
    private void Derive(
        ReadOnlySpan<byte> iv,
        bool feedback,
        bool counter,
        ReadOnlySpan<byte> label,
        ReadOnlySpan<byte> context,
        bool encoded,
        Span<byte> destination)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        if (SpanHelpers.Overlaps(destination, label) || SpanHelpers.Overlaps(destination, context)
            || SpanHelpers.Overlaps(destination, iv))
        {
            throw new ArgumentException(
                string.Format(System.Globalization.CultureInfo.InvariantCulture, SR.Overlap, "destination", "inputs"),
                nameof(destination));
        }

        Span<byte> work = stackalloc byte[3 * BlockSize + 8];
        Span<byte> state = work.Slice(0, BlockSize), buffer = work.Slice(BlockSize, BlockSize);
        Span<byte> block = work.Slice(2 * BlockSize, BlockSize);
        Span<byte> counterBytes = work.Slice(3 * BlockSize, 4), lengthBytes = work.Slice(3 * BlockSize + 4, 4);
        BinaryPrimitives.WriteUInt32BigEndian(lengthBytes, (uint)destination.Length * 8);
        var prf = new CmacStream(_kernel, _subkeys, state, buffer);
        uint i = 1;
        for (int offset = 0; offset < destination.Length; offset += BlockSize, i++)
        {
            if (feedback)
            {
                // K(i − 1): the IV first, then the previous block, still in place.
                prf.Append(offset == 0 ? iv : block);
            }

            if (counter)
            {
                BinaryPrimitives.WriteUInt32BigEndian(counterBytes, i);
                prf.Append(counterBytes);
            }

            prf.Append(label);
            if (encoded)
            {
                prf.AppendByte(0);
                prf.Append(context);
                prf.Append(lengthBytes);
            }

            prf.Finish(block);
            block.Slice(0, Math.Min(BlockSize, destination.Length - offset)).CopyTo(destination.Slice(offset));
        }

        CryptographicOperations.ZeroMemory(work);
    }

    /// <summary>
    /// CMAC of a message given in pieces, over caller-owned stack buffers: a block is chained only once more input
    /// proves it is not the last one (which CMAC masks with a subkey).
    /// </summary>
    private ref struct CmacStream
    {
        private readonly BlockCipherKernel _kernel;
        private readonly ReadOnlySpan<byte> _subkeys;
        private readonly Span<byte> _state;
        private readonly Span<byte> _buffer;
        private int _buffered;

        public CmacStream(BlockCipherKernel kernel, ReadOnlySpan<byte> subkeys, Span<byte> state, Span<byte> buffer)
        {
            _kernel = kernel;
            _subkeys = subkeys;
            _state = state;
            _buffer = buffer;
            _buffered = 0;
            state.Clear();
        }

        public void Append(ReadOnlySpan<byte> data)
        {
            while (!data.IsEmpty)
            {
                if (_buffered == BlockSize)
                {
                    ChainBuffer();
                }

                int take = Math.Min(BlockSize - _buffered, data.Length);
                data.Slice(0, take).CopyTo(_buffer.Slice(_buffered));
                _buffered += take;
                data = data.Slice(take);
            }
        }

        public void AppendByte(byte value)
        {
            if (_buffered == BlockSize)
            {
                ChainBuffer();
            }

            _buffer[_buffered++] = value;
        }

        /// <summary>Writes the 16-byte MAC and restarts for the next message.</summary>
        public void Finish(Span<byte> mac)
        {
            if (_buffered < BlockSize)
            {
                _buffer[_buffered] = 0x80;
                _buffer.Slice(_buffered + 1).Clear();
                SpanHelpers.Xor(_buffer, _subkeys.Slice(BlockSize, BlockSize), _buffer);
            }
            else
            {
                SpanHelpers.Xor(_buffer, _subkeys.Slice(0, BlockSize), _buffer);
            }

            SpanHelpers.Xor(_state, _buffer, _state);
            _kernel.EncryptBlocks(_state, mac);
            _state.Clear();
            _buffer.Clear();
            _buffered = 0;
        }

        private void ChainBuffer()
        {
            SpanHelpers.Xor(_state, _buffer, _state);
            _kernel.EncryptBlocks(_state, _state);
            _buffered = 0;
        }
    }
}
