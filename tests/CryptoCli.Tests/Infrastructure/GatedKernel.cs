using System;

namespace CryptoCli.Tests;

/// <summary>
/// A block-cipher kernel whose calls pass its <see cref="Gate"/> first: one call can be held inside a mode while a test
/// makes a second call overlap it. It has no fused loops, so every mode reaches <see cref="EncryptBlocks"/> or
/// <see cref="DecryptBlocks"/>.
/// </summary>
internal sealed class GatedKernel : BlockCipherKernel
{
    private readonly BlockCipherKernel _inner;

    public GatedKernel(BlockCipherKernel inner)
        : base(inner.BlockSizeInBytes) => _inner = inner;

    public CallGate Gate { get; } = new();

    public override string Name => "gated";

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Gate.Pass();
        _inner.EncryptBlocks(source, destination);
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Gate.Pass();
        _inner.DecryptBlocks(source, destination);
    }

    protected override void Dispose(bool disposing)
    {
        _inner.Dispose();
        Gate.Dispose();
    }
}
