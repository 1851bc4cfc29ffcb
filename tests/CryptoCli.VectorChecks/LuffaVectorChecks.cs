// What Vectors/luffa means (NIST SHA-3 ShortMsgKAT for Luffa round 2: "Alg= Len= Msg= MD=" token lines, or Bytes=
// instead of Len=): the digest of a message, through the public types, the caller's kernels, and streaming.

using System;
using System.IO;
using System.Security.Cryptography;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Every record through the public one-shot (<c>LuffaNNN.HashData</c>), every kernel of <see cref="LuffaCore.Kernels"/>
/// this process runs (one-shot, and streaming in chunks of 1, 2, 3, ... bytes through <see cref="LuffaCore"/>),
/// <see cref="HashAlgorithm"/> ComputeHash, and streaming through the public type: TransformBlock in growing chunks,
/// and ComputeHash over a Stream.
/// </summary>
internal sealed class LuffaVectorChecks : VectorFamilyCheck
{
    public LuffaVectorChecks()
        : base("luffa")
    {
    }

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord record in file.ReadTokenLines())
        {
            string alg = record.Text("Alg");
            int bits = alg switch
            {
                "Luffa-224" => 224,
                "Luffa-256" => 256,
                "Luffa-384" => 384,
                "Luffa-512" => 512,
                _ => throw new VectorFormatException($"{record.Where}: unknown Alg {alg}"),
            };
            byte[] message = record.Bytes("Msg");
            byte[] expected = record.Bytes("MD");
            if (record.Has("Len"))
            {
                VectorCheck.True(record.Int("Len") == message.Length * 8, $"{record.Where}: Len does not match Msg");
            }
            else
            {
                VectorCheck.True(record.Int("Bytes") == message.Length, $"{record.Where}: Bytes does not match Msg");
            }

            VectorCheck.True(expected.Length == bits / 8, $"{record.Where}: MD length");
            VectorCheck.Equal(expected, PublicHash(bits, message), $"{record.Where}: HashData");
            foreach (KernelEntry<Func<LuffaKernel>> entry in FamilyKernels.Supported(LuffaCore.Kernels))
            {
                LuffaKernel kernel = entry.Create();
                byte[] oneShot = new byte[bits / 8];
                LuffaCore.Hash(bits, message, oneShot, kernel);
                VectorCheck.Equal(expected, oneShot, $"{record.Where}: {entry.Name} kernel");

                using var core = new LuffaCore(bits, kernel);
                for (int offset = 0, chunk = 1; offset < message.Length; offset += chunk, chunk++)
                {
                    core.Append(message.AsSpan(offset, Math.Min(chunk, message.Length - offset)));
                }

                byte[] streamed = new byte[bits / 8];
                core.Finish(streamed);
                VectorCheck.Equal(expected, streamed, $"{record.Where}: {entry.Name} kernel, growing chunks");
            }

            using (HashAlgorithm algorithm = CreatePublic(bits))
            {
                VectorCheck.Equal(expected, algorithm.ComputeHash(message), $"{record.Where}: ComputeHash");

                // Streaming, reusing the instance (ComputeHash re-initialises it): growing chunks, then a Stream.
                int offset = 0;
                for (int chunk = 1; offset < message.Length; offset += chunk, chunk++)
                {
                    chunk = Math.Min(chunk, message.Length - offset);
                    algorithm.TransformBlock(message, offset, chunk, null, 0);
                }

                algorithm.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
                VectorCheck.Equal(expected, algorithm.Hash, $"{record.Where}: TransformBlock in growing chunks");
                using var stream = new MemoryStream(message);
                VectorCheck.Equal(expected, algorithm.ComputeHash(stream), $"{record.Where}: ComputeHash(Stream)");
            }

            count++;
        }

        return count;
    }

    private static byte[] PublicHash(int bits, byte[] message) => bits switch
    {
        224 => Luffa224.HashData(message),
        256 => Luffa256.HashData(message),
        384 => Luffa384.HashData(message),
        _ => Luffa512.HashData(message),
    };

    private static HashAlgorithm CreatePublic(int bits) => bits switch
    {
        224 => Luffa224.Create(),
        256 => Luffa256.Create(),
        384 => Luffa384.Create(),
        _ => Luffa512.Create(),
    };
}
