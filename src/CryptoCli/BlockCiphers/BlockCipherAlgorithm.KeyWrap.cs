using System;
using System.Buffers.Binary;
using System.Globalization;
using System.Security.Cryptography;

namespace CryptoCli;

// Key wrap (NIST SP 800-38F KW and KWP; RFC 3394 and RFC 5649; RFC 3657 for Camellia) on every cipher with a 128-bit
// block, with the names and shapes of .NET 10's Aes.EncryptKeyWrapPadded. The wrapping function W runs six rounds
// over the 64-bit half-blocks R[1..n] with the 64-bit integrity register A: B = E_K(A | R[i]), A = MSB64(B) xor t,
// R[i] = LSB64(B), t = n·j + i. Unwrapping checks A against the initial value (KW) or the alternative initial value,
// the message length indicator and the zero padding (KWP) without branching on secret bytes, and writes nothing to
// the caller's destination that did not pass.
public abstract partial class BlockCipherAlgorithm
{
    private const ulong KeyWrapIV = 0xA6A6A6A6A6A6A6A6;
    private const uint KeyWrapPaddedIV = 0xA65959A6;

    /// <summary>Wraps a key with the current key (RFC 3394 / NIST SP 800-38F KW).</summary>
    /// <param name="plaintext">The key to wrap: a multiple of 8 bytes, at least 16.</param>
    /// <returns>The wrapped key, 8 bytes longer than <paramref name="plaintext"/>.</returns>
    /// <remarks>Constant-time when the cipher's kernel is (see the cipher type's remarks).</remarks>
    /// <exception cref="ArgumentNullException"><paramref name="plaintext"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="plaintext"/> is shorter than 16 bytes or not a multiple of 8
    /// bytes.</exception>
    /// <exception cref="CryptographicException">The cipher's block is not 128 bits.</exception>
    public byte[] EncryptKeyWrap(byte[] plaintext)
    {
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        return EncryptKeyWrap(new ReadOnlySpan<byte>(plaintext));
    }

    /// <inheritdoc cref="EncryptKeyWrap(byte[])"/>
    public byte[] EncryptKeyWrap(ReadOnlySpan<byte> plaintext)
    {
        // One reference on the current key's kernel for the whole operation: a concurrent re-key cannot wipe it.
        using KernelLease lease = RentKernel();
        CheckKeyWrapPlaintext(plaintext);
        byte[] result = new byte[plaintext.Length + 8];
        WrapCore(lease.Kernel, KeyWrapIV, plaintext, result);
        return result;
    }

    /// <summary>Wraps a key with the current key (RFC 3394 / NIST SP 800-38F KW) into <paramref
    /// name="destination"/>.</summary>
    /// <param name="plaintext">The key to wrap: a multiple of 8 bytes, at least 16.</param>
    /// <param name="destination">Exactly 8 bytes longer than <paramref name="plaintext"/>; must not overlap it.</param>
    /// <exception cref="ArgumentException"><paramref name="plaintext"/> has an invalid length, <paramref
    /// name="destination"/> has not
    /// the exact length, or the buffers overlap.</exception>
    /// <exception cref="CryptographicException">The cipher's block is not 128 bits.</exception>
    public void EncryptKeyWrap(ReadOnlySpan<byte> plaintext, Span<byte> destination)
    {
        // One reference on the current key's kernel for the whole operation: a concurrent re-key cannot wipe it.
        using KernelLease lease = RentKernel();
        CheckKeyWrapPlaintext(plaintext);
        CheckWrapDestination(plaintext, destination, plaintext.Length + 8);
        WrapCore(lease.Kernel, KeyWrapIV, plaintext, destination);
    }

    /// <summary>Unwraps a key wrapped with the current key (RFC 3394 / NIST SP 800-38F KW).</summary>
    /// <param name="ciphertext">The wrapped key: a multiple of 8 bytes, at least 24.</param>
    /// <returns>The key, 8 bytes shorter than <paramref name="ciphertext"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="ciphertext"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="ciphertext"/> has an invalid length.</exception>
    /// <exception cref="CryptographicException">The integrity check failed (wrong key or modified data), or the
    /// cipher's block is
    /// not 128 bits.</exception>
    public byte[] DecryptKeyWrap(byte[] ciphertext)
    {
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        return DecryptKeyWrap(new ReadOnlySpan<byte>(ciphertext));
    }

    /// <inheritdoc cref="DecryptKeyWrap(byte[])"/>
    public byte[] DecryptKeyWrap(ReadOnlySpan<byte> ciphertext)
    {
        CheckKeyWrapCiphertext(ciphertext, padded: false);
        byte[] result = new byte[ciphertext.Length - 8];
        DecryptKeyWrap(ciphertext, result);
        return result;
    }

    /// <summary>Unwraps a key wrapped with the current key (RFC 3394 / NIST SP 800-38F KW) into <paramref
    /// name="destination"/>.</summary>
    /// <returns>The number of bytes written: the length of <paramref name="ciphertext"/> minus 8.</returns>
    /// <exception cref="ArgumentException"><paramref name="ciphertext"/> has an invalid length, <paramref
    /// name="destination"/> is too
    /// short, or the buffers overlap.</exception>
    /// <exception cref="CryptographicException">The integrity check failed; nothing is written to <paramref
    /// name="destination"/>.</exception>
    public int DecryptKeyWrap(ReadOnlySpan<byte> ciphertext, Span<byte> destination)
    {
        if (!TryDecryptKeyWrap(ciphertext, destination, out int written))
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        return written;
    }

    /// <summary>Unwraps a key (RFC 3394 / NIST SP 800-38F KW) unless <paramref name="destination"/> is too
    /// short.</summary>
    /// <returns>False, with nothing written, when <paramref name="destination"/> is shorter than <paramref
    /// name="ciphertext"/> minus 8 bytes.</returns>
    /// <exception cref="ArgumentException"><paramref name="ciphertext"/> has an invalid length, or the buffers
    /// overlap.</exception>
    /// <exception cref="CryptographicException">The integrity check failed; nothing is written to <paramref
    /// name="destination"/>.</exception>
    public bool TryDecryptKeyWrap(ReadOnlySpan<byte> ciphertext, Span<byte> destination, out int bytesWritten)
    {
        // One reference on the current key's kernel for the whole operation: a concurrent re-key cannot wipe it.
        using KernelLease lease = RentKernel();
        CheckKeyWrapCiphertext(ciphertext, padded: false);
        CheckNoOverlap(ciphertext, destination);
        int length = ciphertext.Length - 8;
        if (destination.Length < length)
        {
            bytesWritten = 0;
            return false;
        }

        byte[] registers = new byte[length];
        try
        {
            ulong a = UnwrapCore(lease.Kernel, ciphertext, registers);
            if (a != KeyWrapIV)
            {
                throw new CryptographicException(SR.KeyWrapDecryptFailed);
            }

            registers.AsSpan().CopyTo(destination);
            bytesWritten = length;
            return true;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(registers);
        }
    }

    /// <summary>The length of a key wrapped with padding (RFC 5649): the plaintext rounded up to 8 bytes, plus
    /// 8.</summary>
    /// <param name="plaintextLengthInBytes">The length of the key to wrap, at least 1.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="plaintextLengthInBytes"/> is not positive or too
    /// large.</exception>
    public static int GetKeyWrapPaddedLength(int plaintextLengthInBytes)
    {
        if (plaintextLengthInBytes <= 0 || plaintextLengthInBytes > int.MaxValue - 15)
        {
            throw new ArgumentOutOfRangeException(nameof(plaintextLengthInBytes));
        }

        return ((plaintextLengthInBytes + 7) & ~7) + 8;
    }

    /// <summary>Wraps a key of any length with the current key (RFC 5649 / NIST SP 800-38F KWP; RFC 3657 for
    /// Camellia).</summary>
    /// <param name="plaintext">The key to wrap, at least one byte.</param>
    /// <returns>The wrapped key, <see cref="GetKeyWrapPaddedLength"/> bytes long.</returns>
    /// <remarks>Constant-time when the cipher's kernel is (see the cipher type's remarks).</remarks>
    /// <exception cref="ArgumentNullException"><paramref name="plaintext"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="plaintext"/> is empty.</exception>
    /// <exception cref="CryptographicException">The cipher's block is not 128 bits.</exception>
    public byte[] EncryptKeyWrapPadded(byte[] plaintext)
    {
        ThrowHelper.ThrowIfNull(plaintext, nameof(plaintext));
        return EncryptKeyWrapPadded(new ReadOnlySpan<byte>(plaintext));
    }

    /// <inheritdoc cref="EncryptKeyWrapPadded(byte[])"/>
    public byte[] EncryptKeyWrapPadded(ReadOnlySpan<byte> plaintext)
    {
        CheckKeyWrapPaddedPlaintext(plaintext);
        byte[] result = new byte[GetKeyWrapPaddedLength(plaintext.Length)];
        WrapPaddedCore(plaintext, result);
        return result;
    }

    /// <summary>Wraps a key of any length (RFC 5649 / NIST SP 800-38F KWP) into <paramref
    /// name="destination"/>.</summary>
    /// <param name="plaintext">The key to wrap, at least one byte.</param>
    /// <param name="destination">Exactly <see cref="GetKeyWrapPaddedLength"/> bytes; must not overlap <paramref
    /// name="plaintext"/>.</param>
    /// <exception cref="ArgumentException"><paramref name="plaintext"/> is empty, <paramref name="destination"/> has
    /// not the exact
    /// length, or the buffers overlap.</exception>
    /// <exception cref="CryptographicException">The cipher's block is not 128 bits.</exception>
    public void EncryptKeyWrapPadded(ReadOnlySpan<byte> plaintext, Span<byte> destination)
    {
        CheckKeyWrapPaddedPlaintext(plaintext);
        CheckWrapDestination(plaintext, destination, GetKeyWrapPaddedLength(plaintext.Length));
        WrapPaddedCore(plaintext, destination);
    }

    /// <summary>Unwraps a key wrapped with padding with the current key (RFC 5649 / NIST SP 800-38F KWP).</summary>
    /// <param name="ciphertext">The wrapped key: a multiple of 8 bytes, at least 16.</param>
    /// <returns>The key.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="ciphertext"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="ciphertext"/> has an invalid length.</exception>
    /// <exception cref="CryptographicException">The integrity check failed (wrong key, modified data, bad length
    /// indicator or
    /// padding), or the cipher's block is not 128 bits.</exception>
    public byte[] DecryptKeyWrapPadded(byte[] ciphertext)
    {
        ThrowHelper.ThrowIfNull(ciphertext, nameof(ciphertext));
        return DecryptKeyWrapPadded(new ReadOnlySpan<byte>(ciphertext));
    }

    /// <inheritdoc cref="DecryptKeyWrapPadded(byte[])"/>
    public byte[] DecryptKeyWrapPadded(ReadOnlySpan<byte> ciphertext)
    {
        CheckKeyWrapCiphertext(ciphertext, padded: true);
        byte[] registers = new byte[ciphertext.Length - 8];
        try
        {
            int length = UnwrapPaddedCore(ciphertext, registers);
            return registers.AsSpan(0, length).ToArray();
        }
        finally
        {
            CryptographicOperations.ZeroMemory(registers);
        }
    }

    /// <summary>Unwraps a key wrapped with padding (RFC 5649 / NIST SP 800-38F KWP) into <paramref
    /// name="destination"/>.</summary>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentException"><paramref name="ciphertext"/> has an invalid length, <paramref
    /// name="destination"/> is
    /// shorter than the key, or the buffers overlap.</exception>
    /// <exception cref="CryptographicException">The integrity check failed; nothing is written to <paramref
    /// name="destination"/>.</exception>
    public int DecryptKeyWrapPadded(ReadOnlySpan<byte> ciphertext, Span<byte> destination)
    {
        if (!TryDecryptKeyWrapPadded(ciphertext, destination, out int written))
        {
            ThrowHelper.ThrowDestinationTooShort();
        }

        return written;
    }

    /// <summary>Unwraps a key wrapped with padding (RFC 5649) unless <paramref name="destination"/> is shorter than the
    /// key.</summary>
    /// <returns>False, with nothing written, when <paramref name="destination"/> is too short for the unwrapped key
    /// (the
    /// integrity check passed).</returns>
    /// <exception cref="ArgumentException"><paramref name="ciphertext"/> has an invalid length, or the buffers
    /// overlap.</exception>
    /// <exception cref="CryptographicException">The integrity check failed; nothing is written to <paramref
    /// name="destination"/>.</exception>
    public bool TryDecryptKeyWrapPadded(ReadOnlySpan<byte> ciphertext, Span<byte> destination, out int bytesWritten)
    {
        CheckKeyWrapCiphertext(ciphertext, padded: true);
        CheckNoOverlap(ciphertext, destination);
        byte[] registers = new byte[ciphertext.Length - 8];
        try
        {
            int length = UnwrapPaddedCore(ciphertext, registers);
            if (destination.Length < length)
            {
                bytesWritten = 0;
                return false;
            }

            registers.AsSpan(0, length).CopyTo(destination);
            bytesWritten = length;
            return true;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(registers);
        }
    }

    // ---- Checks ----

    private void CheckKeyWrapBlockSize()
    {
        if (BlockSizeValue != 128)
        {
            throw new CryptographicException(SR.Requires128BitBlock);
        }
    }

    private void CheckKeyWrapPlaintext(ReadOnlySpan<byte> plaintext)
    {
        CheckKeyWrapBlockSize();
        if (plaintext.Length < 16 || plaintext.Length % 8 != 0 || plaintext.Length > int.MaxValue - 16)
        {
            ThrowInvalidWrapLength(nameof(plaintext), "Key Wrap");
        }
    }

    private void CheckKeyWrapPaddedPlaintext(ReadOnlySpan<byte> plaintext)
    {
        CheckKeyWrapBlockSize();
        if (plaintext.IsEmpty)
        {
            throw new ArgumentException(SR.EmptyArray, nameof(plaintext));
        }

        if (plaintext.Length > int.MaxValue - 16)
        {
            ThrowInvalidWrapLength(nameof(plaintext), "Key Wrap with Padding");
        }
    }

    private void CheckKeyWrapCiphertext(ReadOnlySpan<byte> ciphertext, bool padded)
    {
        CheckKeyWrapBlockSize();
        if (ciphertext.Length < (padded ? 16 : 24) || ciphertext.Length % 8 != 0)
        {
            ThrowInvalidWrapLength(nameof(ciphertext), padded ? "Key Wrap with Padding Unwrap" : "Key Wrap Unwrap");
        }
    }

    private static void CheckWrapDestination(ReadOnlySpan<byte> plaintext, Span<byte> destination, int length)
    {
        if (destination.Length != length)
        {
            throw new ArgumentException(
                string.Format(CultureInfo.InvariantCulture, SR.DestinationExactLength, length),
                nameof(destination));
        }

        CheckNoOverlap(plaintext, destination);
    }

    private static void CheckNoOverlap(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.Overlaps(destination))
        {
            ThrowHelper.ThrowOverlap("destination", "source");
        }
    }

    private static void ThrowInvalidWrapLength(string paramName, string algorithm) =>
        throw new ArgumentException(
            string.Format(CultureInfo.InvariantCulture, SR.KeyWrapInvalidLength, paramName, algorithm),
            paramName);

    // ---- The wrapping function W and its inverse ----

    private void WrapPaddedCore(ReadOnlySpan<byte> plaintext, Span<byte> destination)
    {
        // One reference on the current key's kernel for the whole operation: a concurrent re-key cannot wipe it.
        using KernelLease lease = RentKernel();
        ulong aiv = ((ulong)KeyWrapPaddedIV << 32) | (uint)plaintext.Length;
        int paddedLength = destination.Length - 8;
        if (paddedLength == 8)
        {
            // One 64-bit half: a single block E_K(AIV | P).
            Span<byte> block = stackalloc byte[16];
            block.Clear();
            BinaryPrimitives.WriteUInt64BigEndian(block, aiv);
            plaintext.CopyTo(block.Slice(8));
            lease.Kernel.EncryptBlocks(block, destination);
            CryptographicOperations.ZeroMemory(block);
            return;
        }

        // W over the zero-padded plaintext, staged in the destination's register part.
        Span<byte> registers = destination.Slice(8);
        plaintext.CopyTo(registers);
        registers.Slice(plaintext.Length).Clear();
        WrapCore(lease.Kernel, aiv, registers, destination);
    }

    /// <summary>Returns the unwrapped length; throws (after wiping <paramref name="registers"/>) when any check
    /// fails.</summary>
    private int UnwrapPaddedCore(ReadOnlySpan<byte> ciphertext, Span<byte> registers)
    {
        // One reference on the current key's kernel for the whole operation: a concurrent re-key cannot wipe it.
        using KernelLease lease = RentKernel();
        ulong a;
        if (ciphertext.Length == 16)
        {
            Span<byte> block = stackalloc byte[16];
            lease.Kernel.DecryptBlocks(ciphertext, block);
            a = BinaryPrimitives.ReadUInt64BigEndian(block);
            block.Slice(8).CopyTo(registers);
            CryptographicOperations.ZeroMemory(block);
        }
        else
        {
            a = UnwrapCore(lease.Kernel, ciphertext, registers);
        }

        // Every check without a secret-dependent branch: the high word, 8(n-1) < MLI <= 8n, and zero padding.
        int n8 = registers.Length;
        uint high = (uint)(a >> 32);
        long mli = (uint)a;
        long tooLong = (n8 - mli) >> 63;                    // all ones when mli > n8
        long tooShort = (mli - (n8 - 8) - 1) >> 63;          // all ones when mli <= n8 - 8
        int bad = (int)(high ^ KeyWrapPaddedIV) | (int)tooLong | (int)tooShort;
        int padding = 0;
        int length = (int)Math.Min(mli, n8);                 // only used when every check passed
        for (int i = n8 - 8; i < n8; i++)
        {
            // Bytes at or after the length indicator must be zero.
            int inPadding = (int)((length - 1 - i) >> 31) & 1;     // 1 when i >= length
            padding |= registers[i] & -inPadding;
        }

        if ((bad | padding) != 0)
        {
            CryptographicOperations.ZeroMemory(registers);
            throw new CryptographicException(SR.KeyWrapDecryptFailed);
        }

        return length;
    }

    /// <summary>W: destination = A | R[1..n] after six rounds over <paramref name="registers"/> (may be destination's
    /// tail).</summary>
    private static void WrapCore(
        BlockCipherKernel kernel,
        ulong a,
        ReadOnlySpan<byte> registers,
        Span<byte> destination)
    {
        int n = registers.Length / 8;
        Span<byte> r = destination.Slice(8);
        registers.CopyTo(r);
        Span<byte> block = stackalloc byte[16];
        ulong t = 0;
        for (int j = 0; j < 6; j++)
        {
            for (int i = 0; i < n; i++)
            {
                t++;
                BinaryPrimitives.WriteUInt64BigEndian(block, a);
                r.Slice(8 * i, 8).CopyTo(block.Slice(8));
                kernel.EncryptBlocks(block, block);
                a = BinaryPrimitives.ReadUInt64BigEndian(block) ^ t;
                block.Slice(8).CopyTo(r.Slice(8 * i, 8));
            }
        }

        BinaryPrimitives.WriteUInt64BigEndian(destination, a);
        CryptographicOperations.ZeroMemory(block);
    }

    /// <summary>W^-1: writes R[1..n] to <paramref name="registers"/> and returns A (unchecked).</summary>
    private static ulong UnwrapCore(BlockCipherKernel kernel, ReadOnlySpan<byte> ciphertext, Span<byte> registers)
    {
        int n = registers.Length / 8;
        ciphertext.Slice(8).CopyTo(registers);
        ulong a = BinaryPrimitives.ReadUInt64BigEndian(ciphertext);
        Span<byte> block = stackalloc byte[16];
        ulong t = 6UL * (ulong)n;
        for (int j = 5; j >= 0; j--)
        {
            for (int i = n - 1; i >= 0; i--)
            {
                BinaryPrimitives.WriteUInt64BigEndian(block, a ^ t);
                registers.Slice(8 * i, 8).CopyTo(block.Slice(8));
                kernel.DecryptBlocks(block, block);
                a = BinaryPrimitives.ReadUInt64BigEndian(block);
                block.Slice(8).CopyTo(registers.Slice(8 * i, 8));
                t--;
            }
        }

        CryptographicOperations.ZeroMemory(block);
        return a;
    }

    // ---- Access for the authenticated modes ----

    /// <summary>A new kernel for a copy of the current key (GCM and CMAC keep their own, unaffected by later key
    /// changes).</summary>
    internal BlockCipherKernel CreateKernelForCurrentKey()
    {
        byte[] key = Key; // a copy; generates a key first if there is none, as SymmetricAlgorithm.Key does
        try
        {
            return CreateKernel(key, BlockSizeValue / 8);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(key);
        }
    }

    /// <summary>A new kernel for <paramref name="key"/>, checked against this cipher's legal key sizes.</summary>
    internal BlockCipherKernel CreateKernelForKey(ReadOnlySpan<byte> key)
    {
        if (!ValidKeySize(key.Length * 8L))
        {
            ThrowHelper.ThrowInvalidKeySize();
        }

        return CreateKernel(key, BlockSizeValue / 8);
    }
}
