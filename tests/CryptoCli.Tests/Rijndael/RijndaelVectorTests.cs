using System;
using System.Collections.Generic;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Every record of every file in Vectors/rijndael, both directions, through every kernel available here and the public
/// type: the checks shared with the Mono runner (tests/CryptoCli.VectorChecks/BlockCipherVectorChecks.cs).
/// </summary>
public class RijndaelVectorTests
{
    [Fact]
    public void AllPublishedVectors_AllKernels() => new RijndaelVectorChecks(RijndaelKernels.All).CheckEveryFile();
}

/// <summary>Every Rijndael kernel that can run in this process for a block size (the T-table one and the bitsliced one at every lane width, always).</summary>
internal static class RijndaelKernels
{
    public static IEnumerable<BlockCipherKernel> All(byte[] key, int blockBytes)
    {
        yield return new RijndaelPortableKernel(key, blockBytes);
        yield return new RijndaelBitslicedKernel(key, blockBytes, lanes: 1);
        yield return new RijndaelBitslicedKernel(key, blockBytes, lanes: 2);
        yield return new RijndaelBitslicedKernel(key, blockBytes, lanes: 4);
        if (blockBytes == 16 && RijndaelAesNiKernel.IsSupported)
        {
            yield return new RijndaelAesNiKernel(key);
        }

        if (blockBytes == 32 && RijndaelWideAesNiKernel.IsSupported)
        {
            yield return new RijndaelWideAesNiKernel(key);
        }

        if (blockBytes == 16 && RijndaelArmKernel.IsSupported)
        {
            yield return new RijndaelArmKernel(key);
        }
    }
}
