// Compiled for netstandard2.0 only (see CryptoCli.csproj): the runtime's CryptographicOperations.
using System.Runtime.CompilerServices;

namespace System.Security.Cryptography;

/// <summary>The runtime's helpers for secrets, written so that the JIT cannot remove or shortcut them.</summary>
internal static class CryptographicOperations
{
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
    public static void ZeroMemory(Span<byte> buffer)
    {
        for (int i = 0; i < buffer.Length; i++)
        {
            buffer[i] = 0;
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
    public static bool FixedTimeEquals(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        if (left.Length != right.Length)
        {
            return false;
        }

        int accumulator = 0;
        for (int i = 0; i < left.Length; i++)
        {
            accumulator |= left[i] - right[i];
        }

        return accumulator == 0;
    }
}
