// Vectors/luffa (NIST SHA-3 ShortMsgKAT for Luffa round 2, Alg= Len= Msg= MD=): LuffaTests on Mono.

using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;

namespace CryptoCli.MonoRunner;

/// <summary>
/// Every record through the public one-shot (<c>LuffaNNN.HashData</c>), the portable kernel, <see cref="HashAlgorithm"/>
/// ComputeHash, and streaming: TransformBlock in chunks of 1, 2, 3, ... bytes, and ComputeHash over a Stream.
/// </summary>
internal sealed class LuffaFamily : FamilyCheck
{
    private static readonly int[] Widths = { 224, 256, 384, 512 };
    private readonly Dictionary<int, int> _perWidth = new();

    public override string Folder => "luffa";

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
                Check.True(record.Int("Len") == message.Length * 8, $"{record.Where}: Len does not match Msg");
            }
            else
            {
                Check.True(record.Int("Bytes") == message.Length, $"{record.Where}: Bytes does not match Msg");
            }

            Check.True(expected.Length == bits / 8, $"{record.Where}: MD length");
            Check.Equal(expected, PublicHash(bits, message), $"{record.Where}: HashData");
            byte[] kernel = new byte[bits / 8];
            LuffaCore.Hash(bits, message, kernel, LuffaKernelKind.Portable);
            Check.Equal(expected, kernel, $"{record.Where}: portable kernel");

            using (HashAlgorithm algorithm = CreatePublic(bits))
            {
                Check.Equal(expected, algorithm.ComputeHash(message), $"{record.Where}: ComputeHash");

                // Streaming, reusing the instance (ComputeHash re-initialises it): growing chunks, then a Stream.
                int offset = 0;
                for (int chunk = 1; offset < message.Length; offset += chunk, chunk++)
                {
                    chunk = Math.Min(chunk, message.Length - offset);
                    algorithm.TransformBlock(message, offset, chunk, null, 0);
                }

                algorithm.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
                Check.Equal(expected, algorithm.Hash, $"{record.Where}: TransformBlock in growing chunks");
                using var stream = new MemoryStream(message);
                Check.Equal(expected, algorithm.ComputeHash(stream), $"{record.Where}: ComputeHash(Stream)");
            }

            _perWidth[bits] = (_perWidth.TryGetValue(bits, out int n) ? n : 0) + 1;
            count++;
        }

        return count;
    }

    public override void CheckTotals()
    {
        foreach (int bits in Widths)
        {
            Check.AtLeast(256, _perWidth.TryGetValue(bits, out int n) ? n : 0, $"Luffa-{bits} vectors");
        }
    }
}
