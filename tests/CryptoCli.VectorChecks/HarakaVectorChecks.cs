// What Vectors/haraka means (Haraka v2 paper, Appendix B: "Alg= In= Out=" token lines): the output of Haraka-256 or
// Haraka-512 for one input, through the public functions, the portable kernel and the caller's hardware kernels.

using System;
using System.Collections.Generic;

namespace CryptoCli.VectorChecks;

/// <summary>One Haraka evaluation: 32 or 64 input bytes (or a batch of them) to 32 output bytes each.</summary>
internal delegate void HarakaFunction(ReadOnlySpan<byte> input, Span<byte> output);

/// <summary>
/// Every record through the public single-input function, the portable kernel, the caller's extra kernels (AES-NI on
/// the xunit side), and the public 4-way and 8-way functions with the vector in every lane (each lane must agree).
/// </summary>
internal sealed class HarakaVectorChecks : VectorFamilyCheck
{
    private readonly Func<int, IEnumerable<(string Name, HarakaFunction Hash)>> _hardwareKernels;

    /// <param name="hardwareKernels">Extra single-input kernels for an input size (32 or 64), named for failure messages.</param>
    public HarakaVectorChecks(Func<int, IEnumerable<(string Name, HarakaFunction Hash)>> hardwareKernels)
        : base("haraka") => _hardwareKernels = hardwareKernels;

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord record in file.ReadTokenLines())
        {
            string alg = record.Text("Alg");
            byte[] input = record.Bytes("In");
            byte[] expected = record.Bytes("Out");
            int inputSize = alg switch
            {
                "Haraka-256" => 32,
                "Haraka-512" => 64,
                _ => throw new VectorFormatException($"{record.Where}: unknown Alg {alg}"),
            };
            VectorCheck.True(input.Length == inputSize, $"{record.Where}: input length");

            var kernels = new List<(string Name, HarakaFunction Hash)>
            {
                ("public API", inputSize == 32 ? Haraka.Haraka256 : Haraka.Haraka512),
                ("portable", (source, destination) => HarakaPortable.Hash(source, destination, 1, inputSize)),
            };
            kernels.AddRange(_hardwareKernels(inputSize));
            foreach ((string name, HarakaFunction hash) in kernels)
            {
                byte[] actual = new byte[32];
                hash(input, actual);
                VectorCheck.Equal(expected, actual, $"{record.Where} ({name})");
            }

            foreach (int lanes in new[] { 4, 8 })
            {
                byte[] inputs = new byte[lanes * inputSize];
                for (int lane = 0; lane < lanes; lane++)
                {
                    input.CopyTo(inputs, lane * inputSize);
                }

                byte[] outputs = new byte[lanes * 32];
                Batched(inputSize, lanes)(inputs, outputs);
                for (int lane = 0; lane < lanes; lane++)
                {
                    VectorCheck.Equal(expected, outputs.AsSpan(32 * lane, 32), $"{record.Where} ({lanes}-way, lane {lane})");
                }
            }

            count++;
        }

        return count;
    }

    private static HarakaFunction Batched(int inputSize, int lanes) => (inputSize, lanes) switch
    {
        (32, 4) => Haraka.Haraka256x4,
        (32, 8) => Haraka.Haraka256x8,
        (64, 4) => Haraka.Haraka512x4,
        _ => Haraka.Haraka512x8,
    };
}
