// Vectors/haraka (Haraka v2 paper, Appendix B: Alg= In= Out=): HarakaTests.PublishedVectors_AllKernels on Mono.

using System;

namespace CryptoCli.MonoRunner;

/// <summary>
/// Every record through the public single-input function, the portable kernel, and the public 4-way and 8-way
/// functions with the vector in every lane (each lane must give the same output).
/// </summary>
internal sealed class HarakaFamily : FamilyCheck
{
    private delegate void HashFunction(ReadOnlySpan<byte> input, Span<byte> output);

    private int _total;

    public override string Folder => "haraka";

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
            Check.True(input.Length == inputSize, $"{record.Where}: input length");

            byte[] actual = new byte[32];
            (inputSize == 32 ? (HashFunction)Haraka.Haraka256 : Haraka.Haraka512)(input, actual);
            Check.Equal(expected, actual, $"{record.Where} (public API)");
            actual = new byte[32];
            HarakaPortable.Hash(input, actual, 1, inputSize);
            Check.Equal(expected, actual, $"{record.Where} (portable)");

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
                    Check.Equal(expected, outputs.AsSpan(32 * lane, 32), $"{record.Where} ({lanes}-way, lane {lane})");
                }
            }

            count++;
        }

        _total += count;
        return count;
    }

    public override void CheckTotals() => Check.AtLeast(2, _total, "Haraka vectors");

    private static HashFunction Batched(int inputSize, int lanes) => (inputSize, lanes) switch
    {
        (32, 4) => Haraka.Haraka256x4,
        (32, 8) => Haraka.Haraka256x8,
        (64, 4) => Haraka.Haraka512x4,
        _ => Haraka.Haraka512x8,
    };
}
