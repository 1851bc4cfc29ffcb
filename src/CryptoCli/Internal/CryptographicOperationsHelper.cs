using System;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>Wiping helpers for key material held in typed arrays.</summary>
internal static class CryptographicOperationsHelper
{
    public static void ZeroWords(uint[]? words)
    {
        if (words is not null)
        {
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(words.AsSpan()));
        }
    }

    public static void ZeroWords(ulong[]? words)
    {
        if (words is not null)
        {
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(words.AsSpan()));
        }
    }

#if NET
    public static void ZeroVectors<T>(T[]? vectors)
        where T : struct
    {
        if (vectors is not null)
        {
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(vectors.AsSpan()));
        }
    }
#endif
}
