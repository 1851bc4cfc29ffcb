using System;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>Random bytes from the operating system's CSPRNG, on every target framework.</summary>
internal static class SecureRandom
{
    public static byte[] GetBytes(int count)
    {
        byte[] bytes = new byte[count];
#if NET
        RandomNumberGenerator.Fill(bytes);
#else
        using RandomNumberGenerator rng = RandomNumberGenerator.Create();
        rng.GetBytes(bytes);
#endif
        return bytes;
    }

    public static void Fill(Span<byte> destination)
    {
#if NET
        RandomNumberGenerator.Fill(destination);
#else
        byte[] bytes = GetBytes(destination.Length);
        bytes.CopyTo(destination);
        CryptographicOperations.ZeroMemory(bytes);
#endif
    }
}
