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

/// <summary>Every Rijndael kernel that can run in this process for a block size (the T-table and bitsliced ones always).</summary>
internal static class RijndaelKernels
{
    public static IEnumerable<BlockCipherKernel> All(byte[] key, int blockBytes) => RegisteredKernels.Create(RijndaelCipher.Kernels, key, blockBytes);
}
