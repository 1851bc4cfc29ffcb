// What Vectors/haraka means (Haraka v2 paper, Appendix B: "Alg= In= Out=" token lines): the output of Haraka-256 or
// Haraka-512 for one input, through the public functions and every registered kernel this process runs.

using System;

namespace CryptoCli.VectorChecks;

/// <summary>One Haraka evaluation: 32 or 64 input bytes (or a batch of them) to 32 output bytes each.</summary>
internal delegate void HarakaFunction(ReadOnlySpan<byte> input, Span<byte> output);

/// <summary>
/// Every record through the public single-input function, every kernel of <see cref="Haraka.Kernels"/> this process
/// runs (single input, and 1 to 9 copies in one batch call: every lane must agree), and the public 4-way and 8-way
/// functions with the vector in every lane.
/// </summary>
internal sealed class HarakaVectorChecks : VectorFamilyCheck
{
    public HarakaVectorChecks()
        : base("haraka")
    {
    }

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

            byte[] actual = new byte[32];
            (inputSize == 32 ? (HarakaFunction)Haraka.Haraka256 : Haraka.Haraka512)(input, actual);
            VectorCheck.Equal(expected, actual, $"{record.Where} (public API)");
            foreach (KernelEntry<Func<HarakaKernel>> entry in FamilyKernels.Supported(Haraka.Kernels))
            {
                HarakaKernel kernel = entry.Create();
                Array.Clear(actual, 0, actual.Length);
                if (inputSize == 32)
                {
                    kernel.Haraka256(input, actual);
                }
                else
                {
                    kernel.Haraka512(input, actual);
                }

                VectorCheck.Equal(expected, actual, $"{record.Where} ({entry.Name})");
                for (int copies = 1; copies <= 9; copies++)
                {
                    byte[] inputs = new byte[copies * inputSize];
                    byte[] outputs = new byte[copies * 32];
                    for (int i = 0; i < copies; i++)
                    {
                        input.CopyTo(inputs, i * inputSize);
                    }

                    kernel.Hash(inputs, outputs, copies, inputSize);
                    for (int i = 0; i < copies; i++)
                    {
                        VectorCheck.Equal(expected, outputs.AsSpan(32 * i, 32), $"{record.Where} ({entry.Name}, {copies} inputs, input {i})");
                    }
                }
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
