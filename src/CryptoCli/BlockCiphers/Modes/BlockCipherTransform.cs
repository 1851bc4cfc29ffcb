using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The <see cref="ICryptoTransform"/> behind <c>CreateEncryptor</c>/<c>CreateDecryptor</c> (ECB or CBC), so that
/// <see cref="CryptoStream"/> works. Decryption with a removable padding holds the last block back until
/// <see cref="TransformFinalBlock"/>, as the runtime's transforms do.
/// </summary>
internal sealed class BlockCipherTransform : ICryptoTransform
{
    private readonly BlockCipherKernel _kernel;
    private readonly bool _encrypting;
    private readonly PaddingMode _paddingMode;
    private readonly byte[]? _iv;           // null for ECB
    private readonly byte[]? _chaining;     // running CBC value
    private readonly byte[] _heldBlock;     // decryption: the last ciphertext block seen, not yet output
    private bool _hasHeldBlock;
    private bool _disposed;

    public BlockCipherTransform(BlockCipherKernel kernel, bool encrypting, CipherMode mode, PaddingMode paddingMode, byte[]? iv)
    {
        CipherPadding.CheckPaddingMode(paddingMode);
        _kernel = kernel;
        _encrypting = encrypting;
        _paddingMode = paddingMode;
        if (mode == CipherMode.CBC)
        {
            _iv = (byte[])iv!.Clone();
            _chaining = (byte[])iv.Clone();
        }

        _heldBlock = new byte[kernel.BlockSizeInBytes];
    }

    public int InputBlockSize => _kernel.BlockSizeInBytes;

    public int OutputBlockSize => _kernel.BlockSizeInBytes;

    public bool CanTransformMultipleBlocks => true;

    public bool CanReuseTransform => true;

    public int TransformBlock(byte[] inputBuffer, int inputOffset, int inputCount, byte[] outputBuffer, int outputOffset)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        CheckTransformBlockArguments(inputBuffer, inputOffset, inputCount, outputBuffer, outputOffset, InputBlockSize);
        int blockSize = InputBlockSize;
        ReadOnlySpan<byte> input = inputBuffer.AsSpan(inputOffset, inputCount);
        Span<byte> output = outputBuffer.AsSpan(outputOffset);
        if (_encrypting || !CipherPadding.DepadsOnDecrypt(_paddingMode))
        {
            Process(input, output.Slice(0, inputCount));
            return inputCount;
        }

        // Output the held block and all but the last new block; hold the last one back (it may carry padding).
        int written = 0;
        Span<byte> lastBlock = stackalloc byte[blockSize];
        input.Slice(inputCount - blockSize).CopyTo(lastBlock); // read before any in-place write
        if (_hasHeldBlock)
        {
            Process(_heldBlock, output.Slice(0, blockSize));
            written = blockSize;
        }

        Process(input.Slice(0, inputCount - blockSize), output.Slice(written, inputCount - blockSize));
        written += inputCount - blockSize;
        lastBlock.CopyTo(_heldBlock);
        CryptographicOperations.ZeroMemory(lastBlock);
        _hasHeldBlock = true;
        return written;
    }

    public byte[] TransformFinalBlock(byte[] inputBuffer, int inputOffset, int inputCount)
    {
        ThrowHelper.ThrowIfDisposed(_disposed, this);
        CheckTransformFinalBlockArguments(inputBuffer, inputOffset, inputCount);
        ReadOnlySpan<byte> input = inputBuffer.AsSpan(inputOffset, inputCount);
        int blockSize = InputBlockSize;
        try
        {
            return _encrypting ? EncryptFinal(input, blockSize) : DecryptFinal(input, blockSize);
        }
        finally
        {
            Reset();
        }
    }

    private byte[] EncryptFinal(ReadOnlySpan<byte> input, int blockSize)
    {
        if (_paddingMode == PaddingMode.None && input.Length % blockSize != 0)
        {
            ThrowHelper.ThrowPartialBlock(); // the transform's error, where the one-shots throw ArgumentException
        }

        int outputLength = CipherPadding.GetCiphertextLength(input.Length, blockSize, _paddingMode, "inputCount");
        byte[] output = new byte[outputLength];
        int whole = input.Length - input.Length % blockSize;
        Process(input.Slice(0, whole), output.AsSpan(0, whole));
        Span<byte> finalBlock = stackalloc byte[blockSize];
        if (CipherPadding.PadFinalBlock(input.Slice(whole), finalBlock, _paddingMode))
        {
            Process(finalBlock, output.AsSpan(whole, blockSize));
        }

        CryptographicOperations.ZeroMemory(finalBlock);
        return output;
    }

    private byte[] DecryptFinal(ReadOnlySpan<byte> input, int blockSize)
    {
        if (input.Length % blockSize != 0)
        {
            ThrowHelper.ThrowPartialBlock();
        }

        int held = _hasHeldBlock ? blockSize : 0;
        byte[] plaintext = new byte[held + input.Length];
        if (_hasHeldBlock)
        {
            Process(_heldBlock, plaintext.AsSpan(0, blockSize));
        }

        Process(input, plaintext.AsSpan(held));
        if (!CipherPadding.DepadsOnDecrypt(_paddingMode))
        {
            return plaintext;
        }

        if (plaintext.Length == 0)
        {
            return plaintext; // nothing at all to decrypt: the runtime returns no bytes rather than a padding error
        }

        int length = CipherPadding.GetUnpaddedLength(plaintext.AsSpan(plaintext.Length - blockSize), _paddingMode);
        if (length < 0)
        {
            CryptographicOperations.ZeroMemory(plaintext);
            ThrowHelper.ThrowInvalidPadding();
        }

        byte[] result = plaintext.AsSpan(0, plaintext.Length - blockSize + length).ToArray();
        CryptographicOperations.ZeroMemory(plaintext);
        return result;
    }

    private void Process(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.IsEmpty)
        {
            return;
        }

        if (_chaining is null)
        {
            if (_encrypting)
            {
                _kernel.EncryptBlocks(source, destination);
            }
            else
            {
                _kernel.DecryptBlocks(source, destination);
            }
        }
        else if (_encrypting)
        {
            _kernel.EncryptCbc(source, destination, _chaining);
        }
        else
        {
            _kernel.DecryptCbc(source, destination, _chaining);
        }
    }

    private void Reset()
    {
        _iv?.CopyTo(_chaining!, 0);
        CryptographicOperations.ZeroMemory(_heldBlock);
        _hasHeldBlock = false;
    }

    // The runtime's argument checks, in the runtime's order, with its exception types and parameter names: the
    // input must be whole blocks, at least one, and the output must have room for all of them (decryption included,
    // although it holds one block back).
    private static void CheckTransformBlockArguments(byte[] inputBuffer, int inputOffset, int inputCount, byte[] outputBuffer, int outputOffset, int blockSize)
    {
        ThrowHelper.ThrowIfNull(inputBuffer, nameof(inputBuffer));
        ThrowHelper.ThrowIfNegative(inputOffset, nameof(inputOffset));
        ThrowHelper.ThrowIfGreaterThan(inputOffset, inputBuffer.Length, nameof(inputOffset));
        ThrowHelper.ThrowIfNegativeOrZero(inputCount, nameof(inputCount));
        if (inputCount % blockSize != 0)
        {
            throw new ArgumentOutOfRangeException(nameof(inputCount), SR.MustTransformWholeBlock);
        }

        if (inputCount > inputBuffer.Length - inputOffset)
        {
            throw new ArgumentOutOfRangeException(nameof(inputCount), SR.ArgumentOffsetLength);
        }

        ThrowHelper.ThrowIfNull(outputBuffer, nameof(outputBuffer));
        ThrowHelper.ThrowIfGreaterThan(outputOffset, outputBuffer.Length, nameof(outputOffset));
        if (inputCount > outputBuffer.Length - outputOffset)
        {
            throw new ArgumentOutOfRangeException(nameof(outputOffset), SR.ArgumentOffsetLength);
        }

        if (outputOffset < 0)
        {
#pragma warning disable CA2208 // no parameter name on purpose: the runtime's transform throws this one from AsSpan(outputOffset)
            throw new ArgumentOutOfRangeException();
#pragma warning restore CA2208
        }
    }

    private static void CheckTransformFinalBlockArguments(byte[] inputBuffer, int inputOffset, int inputCount)
    {
        ThrowHelper.ThrowIfNull(inputBuffer, nameof(inputBuffer));
        ThrowHelper.ThrowIfNegative(inputOffset, nameof(inputOffset));
        ThrowHelper.ThrowIfNegative(inputCount, nameof(inputCount));
        ThrowHelper.ThrowIfGreaterThan(inputOffset, inputBuffer.Length, nameof(inputOffset));
        if (inputCount > inputBuffer.Length - inputOffset)
        {
            throw new ArgumentOutOfRangeException(nameof(inputCount), SR.ArgumentOffsetLength);
        }
    }

    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _kernel.Dispose();
        CryptographicOperations.ZeroMemory(_heldBlock);
        if (_chaining is not null)
        {
            CryptographicOperations.ZeroMemory(_chaining);
            CryptographicOperations.ZeroMemory(_iv);
        }
    }
}
