// MUGI on x64 with BMI1: F takes each of its six middle bytes with one BEXTR instead of a shift and a
// zero-extension, which removes an instruction per look-up from both the dependency chain and the ALU load.
// Registered as MugiCore<Bmi1MugiBytes> ("bmi1") in MugiCore.Kernels.
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace CryptoCli;

/// <summary>BEXTR extraction: control = start | length &lt;&lt; 8.</summary>
internal struct Bmi1MugiBytes : IMugiByteExtractor
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public nuint Byte(ulong x, int shift) => (nuint)Bmi1.X64.BitFieldExtract(x, (ushort)(0x0800 | shift));
}
