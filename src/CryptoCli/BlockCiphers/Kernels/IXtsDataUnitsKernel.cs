using System;

namespace CryptoCli;

/// <summary>
/// Optional capability beside <see cref="IXtsKernel"/>: consecutive data units of whole blocks in one call, each unit's
/// whitening starting again from its own tweak. A kernel whose passes take many blocks at a time uses it to fill its
/// widest passes with units shorter than a pass (512-byte sectors) and to set up its buffers once per call.
/// <see cref="BlockCipherXts"/> uses it for <c>EncryptDataUnits</c> and <c>DecryptDataUnits</c> when the data unit is
/// a whole number of blocks.
/// </summary>
internal interface IXtsDataUnitsKernel : IXtsKernel
{
    /// <summary>
    /// Data unit u of <paramref name="source"/> (units of <paramref name="dataUnitBytes"/> bytes, a multiple of 16; at
    /// most <see cref="BlockCipherXts.DataUnitsPerKernelCall"/> units, the source a whole number of them) becomes what
    /// <see cref="IXtsKernel.TransformXts"/> makes of it with the initial tweak T = bytes 16u to 16u + 15 of
    /// <paramref name="tweaks"/> (the encrypted tweak, in IEEE 1619's byte order). <paramref name="destination"/> is as
    /// long, disjoint or the same memory.
    /// </summary>
    public void TransformXtsDataUnits(ReadOnlySpan<byte> source, Span<byte> destination, int dataUnitBytes,
        ReadOnlySpan<byte> tweaks, bool encrypt);
}
