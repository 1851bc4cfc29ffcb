// MUGI on x64 with BMI1: F takes each of its six middle bytes with one BEXTR instead of a shift and a
// zero-extension, which removes an instruction per look-up from both the dependency chain and the ALU load.
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace CryptoCli;

internal sealed partial class MugiCore
{
    internal static bool IsBmi1Supported => Bmi1.X64.IsSupported;
}

/// <summary>BEXTR extraction: control = start | length &lt;&lt; 8.</summary>
internal struct Bmi1MugiBytes : IMugiByteExtractor
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public nuint Byte(ulong x, int shift) => (nuint)Bmi1.X64.BitFieldExtract(x, (ushort)(0x0800 | shift));
}
