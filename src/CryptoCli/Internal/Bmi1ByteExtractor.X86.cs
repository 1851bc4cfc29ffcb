// BMI1's BEXTR as an IByteExtractor (ByteExtractor.cs): one instruction instead of a shift and a zero-extension.
// CIPHERUNICORN-A registers it as "table32-bmi1" (32-bit words, needs Bmi1), MUGI as "bmi1" (64-bit words, needs
// Bmi1.X64); Rijndael's and Camellia's portable kernels reach it through ByteExtractor.
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace CryptoCli;

/// <summary>BEXTR extraction, control = start | length &lt;&lt; 8. The 32-bit forms need <see cref="Bmi1"/>, the
/// 64-bit form <see cref="Bmi1.X64"/>: the registry entry that uses it checks the one it needs.</summary>
internal struct Bmi1ByteExtractor : IByteExtractor
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public nuint Byte(uint x, int shift) => Bmi1.BitFieldExtract(x, (ushort)(0x0800 | shift));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public nuint Byte(ulong x, int shift) => (nuint)Bmi1.X64.BitFieldExtract(x, (ushort)(0x0800 | shift));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Selector(uint shift) => shift | 0x0800;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public nuint Select(uint x, uint selector) => Bmi1.BitFieldExtract(x, (ushort)selector);
}
