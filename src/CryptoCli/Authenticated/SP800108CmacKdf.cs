using System;
using System.Buffers.Binary;
using System.Security.Cryptography;
using System.Text;

namespace CryptoCli;

/// <summary>
/// The key-based key derivation functions of NIST SP 800-108 with CMAC as the pseudorandom function, over any
/// <see cref="BlockCipherAlgorithm"/> with a 128-bit block: counter mode (the shape of the runtime's
/// <c>SP800108HmacCounterKdf</c>), feedback mode and double-pipeline mode, with or without the counter.
/// </summary>
/// <remarks>
/// <para>Encoding, as the runtime's <c>SP800108HmacCounterKdf</c> and RFC 6803 do: the counter i is a 32-bit
/// big-endian integer starting at 1, and the fixed input is Label ‖ 0x00 ‖ Context ‖ [L]₃₂, L the derived length in
/// bits as a 32-bit big-endian integer. Counter mode computes K(i) = CMAC(K_I, [i]₃₂ ‖ fixed input); feedback mode
/// computes K(i) = CMAC(K_I, K(i − 1) ‖ [i]₃₂ ‖ fixed input), or without the counter CMAC(K_I, K(i − 1) ‖ fixed input),
/// K(0) being the IV (any length, empty allowed); double-pipeline mode computes A(i) = CMAC(K_I, A(i − 1)), A(0) being
/// the fixed input, and K(i) = CMAC(K_I, A(i) ‖ [i]₃₂ ‖ fixed input), or without the counter CMAC(K_I, A(i) ‖ fixed
/// input). The output is K(1) ‖ K(2) ‖ … cut to the length asked for.</para>
/// <para>The <c>…FromFixedInput</c> forms take the fixed input as it is, for layouts other than the one above (NIST
/// CAVP vectors, protocols with their own encoding). Without a <see cref="SP800108CounterLocation"/> the counter is
/// 32 bits, before the fixed input; with one, the counter is 8, 16, 24 or 32 bits wide (big-endian, starting at 1)
/// and sits where the location says; counter mode also takes the fixed input in two parts with the counter between
/// them (CAVP's <c>MIDDLE_FIXED</c>). The counter never wraps: an output needing more than 2ʳ − 1 blocks of an r-bit
/// counter is refused.</para>
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
/// A protocol with an 8-bit counter after its own fixed input, in counter mode:
/// <code>
/// using var kdf = new SP800108CmacKdf(aes);
/// kdf.DeriveKeyFromFixedInput(fixedInput, destination, SP800108CounterLocation.AfterFixedInput, counterBits: 8);
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
        Derive(Mode.Counter, default, 32, counterFirst: false, default, label, context, encoded: true, destination);
    }

    /// <summary>Fills <paramref name="destination"/> in counter mode with a fixed input given whole:
    /// K(i) = CMAC(K_I, [i]₃₂ ‖ <paramref name="fixedInput"/>).</summary>
    /// <param name="fixedInput">The fixed input data, used as it is.</param>
    /// <param name="destination">Receives the derived bytes.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps <paramref name="fixedInput"/>.
    /// </exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKeyFromFixedInput(ReadOnlySpan<byte> fixedInput, Span<byte> destination) =>
        Derive(Mode.Counter, default, 32, counterFirst: false, default, fixedInput, default, encoded: false,
            destination);

    /// <summary>Fills <paramref name="destination"/> in counter mode with a fixed input given whole and a counter
    /// of <paramref name="counterBits"/> bits before or after it: K(i) = CMAC(K_I, [i]ᵣ ‖
    /// <paramref name="fixedInput"/>) or CMAC(K_I, <paramref name="fixedInput"/> ‖ [i]ᵣ).</summary>
    /// <param name="fixedInput">The fixed input data, used as it is.</param>
    /// <param name="destination">Receives the derived bytes.</param>
    /// <param name="counterLocation"><see cref="SP800108CounterLocation.BeforeFixedInput"/> or
    /// <see cref="SP800108CounterLocation.AfterFixedInput"/>.</param>
    /// <param name="counterBits">The counter's width r: 8, 16, 24 or 32 bits, big-endian.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="counterLocation"/> is not a counter-mode
    /// location, <paramref name="counterBits"/> is not 8, 16, 24 or 32, or <paramref name="destination"/> is longer
    /// than 2ʳ − 1 blocks of 16 bytes (the counter would wrap).</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps <paramref name="fixedInput"/>.
    /// </exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKeyFromFixedInput(
        ReadOnlySpan<byte> fixedInput,
        Span<byte> destination,
        SP800108CounterLocation counterLocation,
        int counterBits = 32)
    {
        if (counterLocation == SP800108CounterLocation.AfterFixedInput)
        {
            DeriveKeyFromFixedInput(fixedInput, default, destination, counterBits);
        }
        else
        {
            CheckLocation(counterLocation, Mode.Counter);
            DeriveKeyFromFixedInput(default, fixedInput, destination, counterBits);
        }
    }

    /// <summary>Fills <paramref name="destination"/> in counter mode with the counter in the middle of the fixed
    /// input: K(i) = CMAC(K_I, <paramref name="fixedInputBeforeCounter"/> ‖ [i]ᵣ ‖
    /// <paramref name="fixedInputAfterCounter"/>) (CAVP's <c>MIDDLE_FIXED</c>; either part may be empty).</summary>
    /// <param name="fixedInputBeforeCounter">The fixed input data before the counter.</param>
    /// <param name="fixedInputAfterCounter">The fixed input data after the counter.</param>
    /// <param name="destination">Receives the derived bytes.</param>
    /// <param name="counterBits">The counter's width r: 8, 16, 24 or 32 bits, big-endian.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="counterBits"/> is not 8, 16, 24 or 32, or
    /// <paramref name="destination"/> is longer than 2ʳ − 1 blocks of 16 bytes (the counter would wrap).</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps an input.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKeyFromFixedInput(
        ReadOnlySpan<byte> fixedInputBeforeCounter,
        ReadOnlySpan<byte> fixedInputAfterCounter,
        Span<byte> destination,
        int counterBits = 32)
    {
        CheckCounter(counterBits, destination.Length);
        Derive(Mode.Counter, default, counterBits, counterFirst: false, fixedInputBeforeCounter,
            fixedInputAfterCounter, default, encoded: false, destination);
    }

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
        Derive(Mode.Feedback, iv, includeCounter ? 32 : 0, counterFirst: false, default, label, context,
            encoded: true, destination);
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
        Derive(Mode.Feedback, iv, includeCounter ? 32 : 0, counterFirst: false, default, fixedInput, default,
            encoded: false, destination);

    /// <summary>Fills <paramref name="destination"/> in feedback mode with a fixed input given whole and a counter of
    /// <paramref name="counterBits"/> bits where <paramref name="counterLocation"/> says: K(i) = CMAC(K_I, K(i − 1) ‖
    /// [i]ᵣ ‖ <paramref name="fixedInput"/>), CMAC(K_I, K(i − 1) ‖ <paramref name="fixedInput"/> ‖ [i]ᵣ) or
    /// CMAC(K_I, [i]ᵣ ‖ K(i − 1) ‖ <paramref name="fixedInput"/>).</summary>
    /// <param name="iv">K(0); may be empty.</param>
    /// <param name="fixedInput">The fixed input data, used as it is.</param>
    /// <param name="destination">Receives the derived bytes.</param>
    /// <param name="counterLocation">Where the counter goes.</param>
    /// <param name="counterBits">The counter's width r: 8, 16, 24 or 32 bits, big-endian.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="counterLocation"/> is not defined,
    /// <paramref name="counterBits"/> is not 8, 16, 24 or 32, or <paramref name="destination"/> is longer than
    /// 2ʳ − 1 blocks of 16 bytes (the counter would wrap).</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps an input.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKeyFeedbackFromFixedInput(
        ReadOnlySpan<byte> iv,
        ReadOnlySpan<byte> fixedInput,
        Span<byte> destination,
        SP800108CounterLocation counterLocation,
        int counterBits = 32) =>
        DeriveWithLocation(Mode.Feedback, iv, fixedInput, destination, counterLocation, counterBits);

    // ---- Double-pipeline mode ----

    /// <summary>Derives <paramref name="derivedKeyLengthInBytes"/> bytes in double-pipeline mode.</summary>
    /// <param name="label">The label.</param>
    /// <param name="context">The context.</param>
    /// <param name="derivedKeyLengthInBytes">The number of bytes to derive.</param>
    /// <param name="includeCounter">Whether each block's input has the 32-bit counter after A(i).</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="derivedKeyLengthInBytes"/> is negative or greater
    /// than <see cref="int.MaxValue"/> / 8.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public byte[] DeriveKeyDoublePipeline(
        ReadOnlySpan<byte> label,
        ReadOnlySpan<byte> context,
        int derivedKeyLengthInBytes,
        bool includeCounter = true)
    {
        byte[] key = NewDestination(derivedKeyLengthInBytes);
        DeriveKeyDoublePipeline(label, context, key, includeCounter);
        return key;
    }

    /// <summary>Fills <paramref name="destination"/> with key material derived in double-pipeline mode.</summary>
    /// <param name="label">The label.</param>
    /// <param name="context">The context.</param>
    /// <param name="destination">Receives the derived bytes; its length is L.</param>
    /// <param name="includeCounter">Whether each block's input has the 32-bit counter after A(i).</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is longer than
    /// <see cref="int.MaxValue"/> / 8 bytes.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps an input.</exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKeyDoublePipeline(
        ReadOnlySpan<byte> label,
        ReadOnlySpan<byte> context,
        Span<byte> destination,
        bool includeCounter = true)
    {
        CheckEncodedLength(destination.Length, nameof(destination));
        Derive(Mode.DoublePipeline, default, includeCounter ? 32 : 0, counterFirst: false, default, label, context,
            encoded: true, destination);
    }

    /// <summary>Fills <paramref name="destination"/> in double-pipeline mode with a fixed input given whole:
    /// A(i) = CMAC(K_I, A(i − 1)), A(0) = <paramref name="fixedInput"/>, and
    /// K(i) = CMAC(K_I, A(i) ‖ [i]₃₂ ‖ <paramref name="fixedInput"/>), or without the counter.</summary>
    /// <param name="fixedInput">The fixed input data, used as it is.</param>
    /// <param name="destination">Receives the derived bytes.</param>
    /// <param name="includeCounter">Whether each block's input has the 32-bit counter after A(i).</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps <paramref name="fixedInput"/>.
    /// </exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKeyDoublePipelineFromFixedInput(
        ReadOnlySpan<byte> fixedInput,
        Span<byte> destination,
        bool includeCounter = true) =>
        Derive(Mode.DoublePipeline, default, includeCounter ? 32 : 0, counterFirst: false, default, fixedInput,
            default, encoded: false, destination);

    /// <summary>Fills <paramref name="destination"/> in double-pipeline mode with a fixed input given whole and a
    /// counter of <paramref name="counterBits"/> bits where <paramref name="counterLocation"/> says: K(i) =
    /// CMAC(K_I, A(i) ‖ [i]ᵣ ‖ <paramref name="fixedInput"/>), CMAC(K_I, A(i) ‖ <paramref name="fixedInput"/> ‖
    /// [i]ᵣ) or CMAC(K_I, [i]ᵣ ‖ A(i) ‖ <paramref name="fixedInput"/>), A(0) being <paramref name="fixedInput"/>.
    /// </summary>
    /// <param name="fixedInput">The fixed input data, used as it is.</param>
    /// <param name="destination">Receives the derived bytes.</param>
    /// <param name="counterLocation">Where the counter goes.</param>
    /// <param name="counterBits">The counter's width r: 8, 16, 24 or 32 bits, big-endian.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="counterLocation"/> is not defined,
    /// <paramref name="counterBits"/> is not 8, 16, 24 or 32, or <paramref name="destination"/> is longer than
    /// 2ʳ − 1 blocks of 16 bytes (the counter would wrap).</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> overlaps <paramref name="fixedInput"/>.
    /// </exception>
    /// <exception cref="ObjectDisposedException">The instance was disposed.</exception>
    public void DeriveKeyDoublePipelineFromFixedInput(
        ReadOnlySpan<byte> fixedInput,
        Span<byte> destination,
        SP800108CounterLocation counterLocation,
        int counterBits = 32) =>
        DeriveWithLocation(Mode.DoublePipeline, default, fixedInput, destination, counterLocation, counterBits);

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

    /// <summary>Refuses a counter width other than 8, 16, 24 or 32 bits, and an output that would need more than
    /// 2ʳ − 1 blocks (SP 800-108 forbids the counter to wrap; 32 bits always suffice for a span).</summary>
    private static void CheckCounter(int counterBits, int length)
    {
        if (counterBits is not (8 or 16 or 24 or 32))
        {
            throw new ArgumentOutOfRangeException(nameof(counterBits), counterBits, SR.KdfCounterBits);
        }

        if (counterBits < 32)
        {
            ThrowHelper.ThrowIfGreaterThan(length, ((1 << counterBits) - 1) * BlockSize, "destination");
        }
    }

    private static void CheckLocation(SP800108CounterLocation counterLocation, Mode mode)
    {
        if (counterLocation is not (SP800108CounterLocation.BeforeFixedInput or SP800108CounterLocation.AfterFixedInput)
            && (mode == Mode.Counter || counterLocation != SP800108CounterLocation.BeforeIterationVariable))
        {
            throw new ArgumentOutOfRangeException(nameof(counterLocation), counterLocation, SR.KdfCounterLocation);
        }
    }

    /// <summary>Feedback and double-pipeline modes with the counter anywhere: before the iteration variable, or
    /// before or after the fixed input.</summary>
    private void DeriveWithLocation(
        Mode mode,
        ReadOnlySpan<byte> iv,
        ReadOnlySpan<byte> fixedInput,
        Span<byte> destination,
        SP800108CounterLocation counterLocation,
        int counterBits)
    {
        CheckLocation(counterLocation, mode);
        CheckCounter(counterBits, destination.Length);
        bool after = counterLocation == SP800108CounterLocation.AfterFixedInput;
        Derive(mode, iv, counterBits, counterLocation == SP800108CounterLocation.BeforeIterationVariable,
            after ? fixedInput : default, after ? default : fixedInput, default, encoded: false, destination);
    }

    /// <summary>
    /// K(1) ‖ K(2) ‖ … into <paramref name="destination"/>. Each block's input is [[i]ᵣ] ‖ [iteration variable] ‖
    /// <paramref name="beforeCounter"/> ‖ [[i]ᵣ] ‖ fixed input tail, the counter (absent when
    /// <paramref name="counterBits"/> is 0) in the first place when <paramref name="counterFirst"/>, else in the
    /// second; the iteration variable is K(i − 1) (K(0) = <paramref name="iv"/>) in feedback mode, A(i) in
    /// double-pipeline mode, nothing in counter mode. The tail is <paramref name="label"/> ‖ 0x00 ‖
    /// <paramref name="context"/> ‖ [L]₃₂ when <paramref name="encoded"/>, else <paramref name="label"/> alone (the
    /// caller's fixed input, or its part after the counter). The whole fixed input is
    /// <paramref name="beforeCounter"/> ‖ tail, and is A(0).
    /// </summary>
    private void Derive(
        Mode mode,
        ReadOnlySpan<byte> iv,
        int counterBits,
        bool counterFirst,
        ReadOnlySpan<byte> beforeCounter,
        ReadOnlySpan<byte> label,
        ReadOnlySpan<byte> context,
        bool encoded,
        Span<byte> destination)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        if (SpanHelpers.Overlaps(destination, label) || SpanHelpers.Overlaps(destination, context)
            || SpanHelpers.Overlaps(destination, iv) || SpanHelpers.Overlaps(destination, beforeCounter))
        {
            throw new ArgumentException(
                string.Format(System.Globalization.CultureInfo.InvariantCulture, SR.Overlap, "destination", "inputs"),
                nameof(destination));
        }

        Span<byte> work = stackalloc byte[4 * BlockSize + 8];
        Span<byte> state = work.Slice(0, BlockSize), buffer = work.Slice(BlockSize, BlockSize);
        Span<byte> block = work.Slice(2 * BlockSize, BlockSize), pipeline = work.Slice(3 * BlockSize, BlockSize);
        Span<byte> counterWord = work.Slice(4 * BlockSize, 4), lengthBytes = work.Slice(4 * BlockSize + 4, 4);
        Span<byte> counterBytes = counterWord.Slice(4 - counterBits / 8);
        BinaryPrimitives.WriteUInt32BigEndian(lengthBytes, (uint)destination.Length * 8);
        var prf = new CmacStream(_kernel, _subkeys, state, buffer);
        uint i = 1;
        for (int offset = 0; offset < destination.Length; offset += BlockSize, i++)
        {
            BinaryPrimitives.WriteUInt32BigEndian(counterWord, i);
            if (mode == Mode.DoublePipeline)
            {
                // A(i) = CMAC(A(i − 1)), A(0) the fixed input; A(i − 1) still in place.
                if (offset == 0)
                {
                    prf.Append(beforeCounter);
                    AppendTail(ref prf, label, context, lengthBytes, encoded);
                }
                else
                {
                    prf.Append(pipeline);
                }

                prf.Finish(pipeline);
            }

            if (counterFirst)
            {
                prf.Append(counterBytes);
            }

            if (mode == Mode.Feedback)
            {
                // K(i − 1): the IV first, then the previous block, still in place.
                prf.Append(offset == 0 ? iv : block);
            }
            else if (mode == Mode.DoublePipeline)
            {
                prf.Append(pipeline);
            }

            prf.Append(beforeCounter);
            if (!counterFirst)
            {
                prf.Append(counterBytes);
            }

            AppendTail(ref prf, label, context, lengthBytes, encoded);
            prf.Finish(block);
            block.Slice(0, Math.Min(BlockSize, destination.Length - offset)).CopyTo(destination.Slice(offset));
        }

        CryptographicOperations.ZeroMemory(work);
    }

    private static void AppendTail(
        ref CmacStream prf,
        ReadOnlySpan<byte> label,
        ReadOnlySpan<byte> context,
        ReadOnlySpan<byte> lengthBytes,
        bool encoded)
    {
        prf.Append(label);
        if (encoded)
        {
            prf.AppendByte(0);
            prf.Append(context);
            prf.Append(lengthBytes);
        }
    }

    private enum Mode
    {
        Counter,
        Feedback,
        DoublePipeline,
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
