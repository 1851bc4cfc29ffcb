using System;

namespace CryptoCli.Tests;

/// <summary>Seeded randomness for differential tests: a failure prints its seed and can be replayed.</summary>
public static class TestRandom
{
    public static Random Create(int seed) => new(seed);

    public static byte[] Bytes(Random random, int length)
    {
        byte[] bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}
