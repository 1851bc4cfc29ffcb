using System.Runtime.CompilerServices;

namespace CryptoCli;

/// <summary>
/// Rotations for every target framework (netstandard2.0 has no <c>BitOperations</c>). The JIT turns these
/// patterns into single rotate instructions.
/// </summary>
internal static class Bits
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint RotateLeft(uint value, int count) => (value << count) | (value >> (32 - count));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint RotateRight(uint value, int count) => (value >> count) | (value << (32 - count));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong RotateLeft(ulong value, int count) => (value << count) | (value >> (64 - count));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong RotateRight(ulong value, int count) => (value >> count) | (value << (64 - count));
}
