using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// CMAC (NIST SP 800-38B; RFC 4493 for AES, RFC 6803's Camellia-CMAC for Kerberos) over any
/// <see cref="BlockCipherAlgorithm"/> with a 128-bit block, as a <see cref="KeyedHashAlgorithm"/>: <c>ComputeHash</c>,
/// <c>TransformBlock</c> and <see cref="CryptoStream"/> work as with <c>HMACSHA256</c>, and the static
/// <see cref="HashData(BlockCipherAlgorithm, ReadOnlySpan{byte})"/> one-shots have the shape of
/// <c>HMACSHA256.HashData</c>. The MAC is 16 bytes; truncate it yourself if a protocol asks for fewer (SP 800-38B
/// recommends at least 8).
/// </summary>
/// <remarks>
/// <para>Constant-time exactly when the cipher's kernel is (AES on AES-NI or ARMv8; see each cipher's remarks): the
/// subkey derivation and the padding choice do not branch on secret data. CMAC is a chain of dependent block
/// encryptions, so it runs at the cipher's single-block latency.</para>
/// <para>The instance copies the cipher's current key at construction (setting <see cref="Key"/> later rekeys only
/// this instance) and wipes its key material on <c>Dispose</c>.</para>
/// <para>Instances are not thread-safe. Every call that overlaps another call on the same instance throws
/// <see cref="CryptographicException"/> and changes nothing, and the MAC of the message in progress is then refused
/// too (its final call throws), so a MAC whose computation overlapped another thread's call is never returned. Whole
/// calls of two threads that interleave without overlapping look exactly like one thread handing the instance to
/// another between calls, which is legal, and are not detected (the runtime's hash objects behave the same).</para>
/// </remarks>
public sealed class BlockCipherCmac : KeyedHashAlgorithm
{
    private const int BlockSize = 16;

    // Whole blocks are chained through the kernel's CBC loop in batches of this size (a stack scratch buffer).
    private const int BatchBytes = 256;

    private readonly BlockCipherAlgorithm _cipher;
    private BlockCipherKernel _kernel;
    private readonly byte[] _subkeys = new byte[2 * BlockSize];   // K1 | K2
    private readonly byte[] _state = new byte[BlockSize];         // the CBC-MAC chaining value
    private readonly byte[] _buffer = new byte[BlockSize];        // the pending last 1..16 bytes
    private int _buffered;
    private bool _disposed;

    // Overlapping calls from several threads throw, and the MAC in progress is then refused too.
    private ConcurrencyGuard _guard;

    /// <summary>Creates CMAC over a copy of <paramref name="cipher"/>'s current key.</summary>
    /// <param name="cipher">A block cipher with a 128-bit block; its key is copied (a key is generated first if it
    /// has none).</param>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits.</exception>
    public BlockCipherCmac(BlockCipherAlgorithm cipher)
    {
        ThrowHelper.ThrowIfNull(cipher, nameof(cipher));
        CheckBlockSize(cipher);
        _cipher = cipher;
        HashSizeValue = 8 * BlockSize;
        KeyValue = cipher.Key;
        _kernel = cipher.CreateKernelForKey(KeyValue);
        DeriveSubkeys(_kernel, _subkeys);
    }

    /// <summary>CMAC over a given kernel (owned from now on) for <paramref name="cipher"/>'s current key; a new key
    /// still comes from the cipher: the tests' way to hold a call inside the kernel while another one overlaps
    /// it.</summary>
    internal BlockCipherCmac(BlockCipherAlgorithm cipher, BlockCipherKernel kernel)
    {
        _cipher = cipher;
        HashSizeValue = 8 * BlockSize;
        KeyValue = cipher.Key;
        _kernel = kernel;
        DeriveSubkeys(_kernel, _subkeys);
    }

    /// <summary>
    /// The MAC key. Setting it rekeys this instance (the size must be legal for the cipher) and restarts the MAC.
    /// </summary>
    /// <exception cref="ArgumentNullException">The value is null.</exception>
    /// <exception cref="CryptographicException">The key size is not legal for the cipher.</exception>
    public override byte[] Key
    {
        get
        {
            ThrowHelper.ThrowIfDisposed(_disposed, this);
            return (byte[])KeyValue.Clone();
        }

        set
        {
            ThrowHelper.ThrowIfDisposed(_disposed, this);
            ThrowHelper.ThrowIfNull(value, nameof(value));
            // The new key schedule is made inside the guard: a call refused as concurrent use makes none, so none is
            // left unwiped.
            _guard.Enter();
            try
            {
                BlockCipherKernel kernel = _cipher.CreateKernelForKey(value);
                _kernel.Dispose();
                _kernel = kernel;
                CryptographicOperations.ZeroMemory(KeyValue);
                KeyValue = (byte[])value.Clone();
                DeriveSubkeys(_kernel, _subkeys);
                InitializeCore();
            }
            finally
            {
                _guard.Exit();
            }
        }
    }

    /// <summary>Computes the CMAC of <paramref name="source"/> with <paramref name="cipher"/>'s current key.</summary>
    /// <returns>The 16-byte MAC.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="cipher"/>'s block is not 128 bits.</exception>
    public static byte[] HashData(BlockCipherAlgorithm cipher, byte[] source)
    {
        ThrowHelper.ThrowIfNull(source, nameof(source));
        return HashData(cipher, new ReadOnlySpan<byte>(source));
    }

    /// <inheritdoc cref="HashData(BlockCipherAlgorithm, byte[])"/>
    public static byte[] HashData(BlockCipherAlgorithm cipher, ReadOnlySpan<byte> source)
    {
        byte[] mac = new byte[BlockSize];
        HashData(cipher, source, mac);
        return mac;
    }

    /// <summary>Computes the CMAC of <paramref name="source"/> into <paramref name="destination"/>.</summary>
    /// <returns>The number of bytes written (16).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 16 bytes, or the block is not
    /// 128 bits.</exception>
    public static int HashData(BlockCipherAlgorithm cipher, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (!TryHashData(cipher, source, destination, out int written))
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        return written;
    }

    /// <summary>
    /// Computes the CMAC of <paramref name="source"/> unless <paramref name="destination"/> is shorter than 16 bytes.
    /// </summary>
    /// <returns>False, with nothing written, when <paramref name="destination"/> is too short.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="cipher"/> is null.</exception>
    /// <exception cref="ArgumentException">The cipher's block is not 128 bits.</exception>
    public static bool TryHashData(BlockCipherAlgorithm cipher, ReadOnlySpan<byte> source, Span<byte> destination,
        out int bytesWritten)
    {
        ThrowHelper.ThrowIfNull(cipher, nameof(cipher));
        CheckBlockSize(cipher);
        if (destination.Length < BlockSize)
        {
            bytesWritten = 0;
            return false;
        }

        BlockCipherKernel kernel = cipher.Kernel;
        Span<byte> work = stackalloc byte[4 * BlockSize];
        Span<byte> subkeys = work.Slice(0, 2 * BlockSize), state = work.Slice(2 * BlockSize, BlockSize),
            last = work.Slice(3 * BlockSize);
        DeriveSubkeys(kernel, subkeys);
        state.Clear();

        // Every whole block but the last one (which may need K1) goes through the CBC chain.
        int chained = source.IsEmpty ? 0 : (source.Length - 1) / BlockSize * BlockSize;
        Chain(kernel, state, source.Slice(0, chained));
        ReadOnlySpan<byte> rest = source.Slice(chained);
        rest.CopyTo(last);
        Finish(kernel, subkeys, state, last, rest.Length, destination);
        CryptographicOperations.ZeroMemory(work);
        bytesWritten = BlockSize;
        return true;
    }

    /// <inheritdoc/>
    public override void Initialize()
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        _guard.Enter();
        try
        {
            InitializeCore();
        }
        finally
        {
            _guard.Exit();
        }
    }

    // The end of a message: a refused overlapping call is forgotten with it.
    private void InitializeCore()
    {
        CryptographicOperations.ZeroMemory(_state);
        CryptographicOperations.ZeroMemory(_buffer);
        _buffered = 0;
        _guard.TakeOverlapped();
    }

    /// <inheritdoc/>
    protected override void HashCore(byte[] array, int ibStart, int cbSize) =>
        Append(new ReadOnlySpan<byte>(array, ibStart, cbSize));

    /// <inheritdoc/>
    protected override byte[] HashFinal()
    {
        byte[] mac = new byte[BlockSize];
        FinishInstance(mac);
        return mac;
    }

#if NET
    /// <inheritdoc/>
    protected override void HashCore(ReadOnlySpan<byte> source) => Append(source);

    /// <inheritdoc/>
    protected override bool TryHashFinal(Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < BlockSize)
        {
            bytesWritten = 0;
            return false;
        }

        FinishInstance(destination);
        bytesWritten = BlockSize;
        return true;
    }
#endif

    private void Append(ReadOnlySpan<byte> source)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        _guard.Enter();
        try
        {
            AppendCore(source);
        }
        finally
        {
            _guard.Exit();
        }
    }

    private void AppendCore(ReadOnlySpan<byte> source)
    {
        if (source.IsEmpty)
        {
            return;
        }

        // Top up the pending block; it is chained only once more data proves it is not the last.
        if (_buffered != 0 || source.Length <= BlockSize)
        {
            int take = Math.Min(BlockSize - _buffered, source.Length);
            source.Slice(0, take).CopyTo(_buffer.AsSpan(_buffered));
            _buffered += take;
            source = source.Slice(take);
            if (source.IsEmpty)
            {
                return;
            }

            Chain(_kernel, _state, _buffer);
            _buffered = 0;
        }

        int chained = (source.Length - 1) / BlockSize * BlockSize;
        Chain(_kernel, _state, source.Slice(0, chained));
        ReadOnlySpan<byte> rest = source.Slice(chained);
        rest.CopyTo(_buffer);
        _buffered = rest.Length;
    }

    private void FinishInstance(Span<byte> destination)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        _guard.Enter();
        try
        {
            if (_guard.TakeOverlapped())
            {
                // Another thread's call overlapped this message: refuse the MAC rather than return it.
                InitializeCore();
                ThrowHelper.ThrowConcurrentUse();
            }

            Finish(_kernel, _subkeys, _state, _buffer, _buffered, destination);
            InitializeCore();
        }
        finally
        {
            _guard.Exit();
        }
    }

    /// <summary>
    /// state = E(... E(state xor B1) xor B2 ...) over whole blocks: through the kernel's CBC-MAC chain when it has one,
    /// else its CBC loop into a scratch buffer.
    /// </summary>
    private static void Chain(BlockCipherKernel kernel, Span<byte> state, ReadOnlySpan<byte> blocks)
    {
        if (blocks.IsEmpty)
        {
            return;
        }

        if (kernel.CbcMac is { } mac)
        {
            mac.MacCbc(blocks, state);
            return;
        }

        Span<byte> scratch = stackalloc byte[BatchBytes];
        for (int offset = 0; offset < blocks.Length; offset += BatchBytes)
        {
            int length = Math.Min(BatchBytes, blocks.Length - offset);
            Cbc.EncryptBlocks(kernel, blocks.Slice(offset, length), scratch.Slice(0, length), state);
        }

        CryptographicOperations.ZeroMemory(scratch);
    }

    /// <summary>
    /// The last block: complete (xor K1) or padded with 10* (xor K2); writes E(state xor last) and wipes the state.
    /// </summary>
    private static void Finish(BlockCipherKernel kernel, ReadOnlySpan<byte> subkeys, Span<byte> state, Span<byte> last,
        int lastLength, Span<byte> destination)
    {
        if (lastLength < BlockSize)
        {
            last[lastLength] = 0x80;
            last.Slice(lastLength + 1).Clear();
            SpanHelpers.Xor(last, subkeys.Slice(BlockSize, BlockSize), last);
        }
        else
        {
            SpanHelpers.Xor(last, subkeys.Slice(0, BlockSize), last);
        }

        SpanHelpers.Xor(state, last, state);
        kernel.EncryptBlocks(state, destination.Slice(0, BlockSize));
        CryptographicOperations.ZeroMemory(state);
        CryptographicOperations.ZeroMemory(last);
    }

    /// <summary>
    /// L = E(0^128); K1 = L·x, K2 = L·x^2 in GF(2^128) (doubling without a secret-dependent branch), into the 32
    /// bytes of <paramref name="subkeys"/>: the CMAC subkeys, shared with <see cref="SP800108CmacKdf"/>.
    /// </summary>
    internal static void DeriveSubkeys(BlockCipherKernel kernel, Span<byte> subkeys)
    {
        Span<byte> k1 = subkeys.Slice(0, BlockSize), k2 = subkeys.Slice(BlockSize, BlockSize);
        k1.Clear();
        kernel.EncryptBlocks(k1, k1);       // L
        Gf128.DoubleBigEndian(k1);
        k1.CopyTo(k2);
        Gf128.DoubleBigEndian(k2);
    }

    private static void CheckBlockSize(BlockCipherAlgorithm cipher)
    {
        if (cipher.BlockSize != 128)
        {
            throw new ArgumentException(SR.Requires128BitBlock, nameof(cipher));
        }
    }

    /// <summary>Wipes the key, the subkeys and the state.</summary>
    protected override void Dispose(bool disposing)
    {
        if (disposing && !_disposed)
        {
            _disposed = true;
            _kernel.Dispose();
            CryptographicOperations.ZeroMemory(_subkeys);
            CryptographicOperations.ZeroMemory(_state);
            CryptographicOperations.ZeroMemory(_buffer);
            if (KeyValue is not null)
            {
                CryptographicOperations.ZeroMemory(KeyValue);
            }
        }

        base.Dispose(disposing);
    }
}
