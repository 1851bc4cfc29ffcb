// Taking one byte out of a word as a table index, for the table kernels (CIPHERUNICORN-A, MUGI, Rijndael, Camellia).
// Two ways: a shift and a zero-extending (byte) cast (every target), or BMI1's BEXTR (Bmi1ByteExtractor.X86.cs), which
// does both in one instruction and so shortens a chain of dependent look-ups by one instruction a look-up.
// Kernels registered once per way take the way as a struct type argument (IByteExtractor: the JIT compiles one
// specialised loop per struct, with the call inlined); kernels that just want the best way call ByteExtractor.
using System.Runtime.CompilerServices;
#if NET
using System.Runtime.Intrinsics.X86;
#endif

namespace CryptoCli;

/// <summary>
/// How a table kernel takes the byte at bits <c>shift + 7 .. shift</c> of a word, zero-extended to an index. A struct
/// type argument (<see cref="ShiftByteExtractor"/>, or <c>Bmi1ByteExtractor</c> on x86), so the JIT compiles one
/// specialised loop per way with no call; with <c>shift</c> a constant after inlining, so is the BEXTR control.
/// </summary>
internal interface IByteExtractor
{
    /// <summary>The byte at bits <c>shift + 7 .. shift</c> of a 32-bit word.</summary>
    public nuint Byte(uint x, int shift);

    /// <summary>The byte at bits <c>shift + 7 .. shift</c> of a 64-bit word.</summary>
    public nuint Byte(ulong x, int shift);

    /// <summary>Precomputes the selector of a data-dependent byte position (see <see cref="Select"/>), so that the
    /// work is done off the chain of look-ups that will use it.</summary>
    public uint Selector(uint shift);

    /// <summary>The byte of a 32-bit word that <paramref name="selector"/> (from <see cref="Selector"/>)
    /// names.</summary>
    public nuint Select(uint x, uint selector);
}

/// <summary>Portable extraction: a shift, then a zero-extending <c>(byte)</c> cast.</summary>
internal struct ShiftByteExtractor : IByteExtractor
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public nuint Byte(uint x, int shift) => (byte)(x >> shift);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public nuint Byte(ulong x, int shift) => (byte)(x >> shift);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Selector(uint shift) => shift;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public nuint Select(uint x, uint selector) => (byte)(x >> (int)selector);
}

/// <summary>
/// The best extraction this process has: BEXTR where BMI1 runs (BMI1's 64-bit form for 64-bit words), else
/// <see cref="ShiftByteExtractor"/>. <c>IsSupported</c> is a JIT-time constant, so each call compiles to one form.
/// </summary>
internal static class ByteExtractor
{
    /// <summary>The byte at bits <c>shift + 7 .. shift</c> of a 32-bit word.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint Byte(uint x, int shift) =>
#if NET
        Bmi1.IsSupported ? default(Bmi1ByteExtractor).Byte(x, shift) :
#endif
        default(ShiftByteExtractor).Byte(x, shift);

    /// <summary>The byte at bits <c>shift + 7 .. shift</c> of a 64-bit word.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint Byte(ulong x, int shift) =>
#if NET
        Bmi1.X64.IsSupported ? default(Bmi1ByteExtractor).Byte(x, shift) :
#endif
        default(ShiftByteExtractor).Byte(x, shift);
}
