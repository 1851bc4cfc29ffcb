using System;
using System.Buffers.Binary;
using BenchmarkDotNet.Attributes;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Reproduces the optimisation study of Hamada (2009, P3 in docs/papers.md) in C#: Luffa-512 timed with the SHA-3
/// competition's Monte Carlo test (1024-bit seed; Msg_{i+1} = MD_i || Msg_i[0..64); 100 checkpoints of 1000
/// iterations = 100,000 hashes of 128 bytes; by default scaled to 10,000, see <see cref="Iterations"/>) for each
/// round-function variant. Not in the default run (no [Primitive]):
/// <c>dotnet run -c Release -- --filter '*LuffaMonteCarloStudy*' --short --iterationCount 30</c>.
/// </summary>
public class LuffaMonteCarloStudy
{
    internal delegate void Compress512(uint[] chainv, ReadOnlySpan<byte> block);

    private byte[] _seed = null!;

    /// <summary>
    /// Number of hashes. The full test (P3, the SHA-3 call's MCT) is 100,000; the default runs a tenth of it so that
    /// a 2-core machine shared with others can take 30 short iterations per variant (multiply by 10 to compare).
    /// Edit to 100_000 for the full-length run.
    /// </summary>
    [Params(10_000)]
    public int Iterations { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _seed = new byte[128];
        new Random(1024).NextBytes(_seed);

        // Every variant must give Luffa-512 itself, and the same Monte Carlo chain, before anything is timed.
        var random = new Random(3);
        foreach ((string name, Compress512 compress) in Variants())
        {
            foreach (int length in new[] { 0, 31, 32, 128, 1000 })
            {
                byte[] message = new byte[length];
                random.NextBytes(message);
                byte[] digest = new byte[64];
                Hash(compress, new uint[40], message, digest);
                if (!digest.AsSpan().SequenceEqual(Luffa512.HashData(message)))
                {
                    throw new InvalidOperationException($"{name} is not Luffa-512 ({length} bytes)");
                }
            }
        }

        byte[] expected = MonteCarlo(LuffaPortableKernelCompress, _seed, 2000);
        foreach ((string name, Compress512 compress) in Variants())
        {
            if (!expected.AsSpan().SequenceEqual(MonteCarlo(compress, _seed, 2000)))
            {
                throw new InvalidOperationException($"{name}: Monte Carlo chain differs");
            }
        }
    }

    private static (string, Compress512)[] Variants()
    {
        var variants = new System.Collections.Generic.List<(string, Compress512)>
        {
            ("reference", LuffaStudyKernels.Reference),
            ("unrolled", LuffaStudyKernels.Unrolled),
            ("chainv-locals-loop", LuffaStudyKernels.ChainvLocalsLoop),
            ("chainv-locals", LuffaStudyKernels.ChainvLocals),
            ("t-locals", LuffaStudyKernels.TLocals),
            ("both", LuffaPortableKernelCompress),
        };
        if (LuffaCore.Kernels.Get("vector128").IsSupported)
        {
            variants.Add(("simd", LuffaVectorCompress));
        }

        return variants.ToArray();
    }

    private static void LuffaPortableKernelCompress(uint[] chainv, ReadOnlySpan<byte> block) => LuffaPortableKernel.CompressBlocks(chainv, 5, block);

    private static void LuffaVectorCompress(uint[] chainv, ReadOnlySpan<byte> block) => LuffaVectorKernel.CompressBlocks(chainv, 5, block);

    [Benchmark(Baseline = true, Description = "reference (arrays, loops)")]
    public byte[] Reference() => MonteCarlo(LuffaStudyKernels.Reference, _seed, Iterations);

    [Benchmark(Description = "unrolled (arrays)")]
    public byte[] Unrolled() => MonteCarlo(LuffaStudyKernels.Unrolled, _seed, Iterations);

    [Benchmark(Description = "chainv in locals, step loop kept")]
    public byte[] ChainvLocalsLoop() => MonteCarlo(LuffaStudyKernels.ChainvLocalsLoop, _seed, Iterations);

    [Benchmark(Description = "chainv in locals, unrolled")]
    public byte[] ChainvLocals() => MonteCarlo(LuffaStudyKernels.ChainvLocals, _seed, Iterations);

    [Benchmark(Description = "t in locals, unrolled")]
    public byte[] TLocals() => MonteCarlo(LuffaStudyKernels.TLocals, _seed, Iterations);

    [Benchmark(Description = "both in locals, unrolled (library portable)")]
    public byte[] Both() => MonteCarlo(LuffaPortableKernelCompress, _seed, Iterations);

    [Benchmark(Description = "SIMD Vector128 (library)")]
    public byte[] Simd() => MonteCarlo(LuffaVectorCompress, _seed, Iterations);

    /// <summary>The SHA-3 competition MCT for a 512-bit digest: Msg = MD || first 64 bytes of the previous Msg.</summary>
    internal static byte[] MonteCarlo(Compress512 compress, byte[] seed, int iterations)
    {
        byte[] message = (byte[])seed.Clone();
        byte[] digest = new byte[64];
        uint[] chainv = new uint[40];
        for (int i = 0; i < iterations; i++)
        {
            Hash(compress, chainv, message, digest);
            Buffer.BlockCopy(message, 0, message, 64, 64);
            Buffer.BlockCopy(digest, 0, message, 0, 64);
        }

        return digest;
    }

    /// <summary>Luffa-512 around a given round function: 0x80 padding, two blank rounds, Z0 || Z1 big-endian.</summary>
    internal static void Hash(Compress512 compress, uint[] chainv, ReadOnlySpan<byte> message, Span<byte> digest)
    {
        LuffaConstants.InitialValue.CopyTo(chainv, 0);
        while (message.Length >= 32)
        {
            compress(chainv, message.Slice(0, 32));
            message = message.Slice(32);
        }

        Span<byte> block = stackalloc byte[32];
        block.Clear();
        message.CopyTo(block);
        block[message.Length] = 0x80;
        compress(chainv, block);
        block.Clear();
        for (int half = 0; half < 2; half++)
        {
            compress(chainv, block);
            for (int k = 0; k < 8; k++)
            {
                uint z = chainv[k] ^ chainv[8 + k] ^ chainv[16 + k] ^ chainv[24 + k] ^ chainv[32 + k];
                BinaryPrimitives.WriteUInt32BigEndian(digest.Slice(32 * half + 4 * k), z);
            }
        }
    }
}
