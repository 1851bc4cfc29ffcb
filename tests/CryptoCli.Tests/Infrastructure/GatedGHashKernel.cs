using System;

namespace CryptoCli.Tests;

/// <summary>
/// A GHASH kernel whose updates pass its <see cref="Gate"/> first, as <see cref="GatedKernel"/> does for block-cipher
/// calls: it holds the GCM calls that only hash (the first decryption pass).
/// </summary>
internal sealed class GatedGHashKernel : GHashKernel
{
    private readonly GHashKernel _inner;

    public GatedGHashKernel(GHashKernel inner) => _inner = inner;

    public CallGate Gate { get; } = new();

    public override string Name => "gated";

    public override void Update(Span<byte> y, ReadOnlySpan<byte> blocks)
    {
        Gate.Pass();
        _inner.Update(y, blocks);
    }

    protected override void Dispose(bool disposing)
    {
        _inner.Dispose();
        Gate.Dispose();
    }
}
