using System;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli.Leakage;

/// <summary>
/// Evicts the L1 data cache, whole or set by set, by reading a buffer of its own. The L1 data cache of current x86
/// and Arm cores is virtually indexed with 64-byte lines and at most 64 sets of 8 to 12 ways (index = address bits
/// 6..11, below the 4 KiB page offset), so lines of the buffer that are 4 KiB apart fall in the same set, whatever
/// the physical pages: reading 16 of them evicts every line that set held.
/// </summary>
internal sealed unsafe class CacheEvictor : IDisposable
{
    public const int LineSize = 64;
    public const int Sets = 64;
    private const int SetStride = LineSize * Sets; // 4 KiB
    private const int LinesPerSet = 16;            // twice the ways of a 32 KiB 8-way L1

    private readonly byte* _buffer;

    public CacheEvictor()
    {
        _buffer = (byte*)NativeMemory.AlignedAlloc(SetStride * LinesPerSet, SetStride);
        RandomNumberGenerator.Fill(new Span<byte>(_buffer, SetStride * LinesPerSet));
    }

    /// <summary>Sum of the bytes read, kept so that the JIT cannot drop the reads.</summary>
    public long Checksum { get; private set; }

    /// <summary>The L1 set that holds the line at <paramref name="address"/>.</summary>
    public static int SetOf(void* address) => (int)(((nuint)address / LineSize) % Sets);

    /// <summary>Reads 64 KiB (every set, 16 lines each): nothing that was in L1 before is left.</summary>
    public void EvictAll()
    {
        long sum = 0;
        for (int offset = 0; offset < SetStride * LinesPerSet; offset += LineSize)
        {
            sum += _buffer[offset];
        }

        Checksum += sum;
    }

    /// <summary>Reads 16 lines in each of the given sets: the rest of L1 is left as it was.</summary>
    public void EvictSets(ReadOnlySpan<int> sets)
    {
        long sum = 0;
        foreach (int set in sets)
        {
            byte* line = _buffer + set * LineSize;
            for (int way = 0; way < LinesPerSet; way++)
            {
                sum += line[way * SetStride];
            }
        }

        Checksum += sum;
    }

    public void Dispose() => NativeMemory.AlignedFree(_buffer);
}
