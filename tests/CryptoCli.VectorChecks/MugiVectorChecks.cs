// What Vectors/mugi means (MUGI specification examples 1 and 2 and third-party cases, "key= iv= keystream64=" or
// "keystream32=" token lines): the keystream of every record, through the reference and every registered kernel.

using System;
using System.Linq;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Every record through <see cref="MugiReference"/> and, for every kernel of <see cref="MugiCore.Kernels"/> this
/// process runs (pinned behind the public <see cref="Mugi"/> type), the keystream (one-shot and in chunks of 1, 2, 3,
/// ... bytes, crossing the 8-byte unit and 128-byte block boundaries), encryption, and in-place decryption; then the
/// public type's default kernel once more.
/// </summary>
internal sealed class MugiVectorChecks : VectorFamilyCheck
{

    public MugiVectorChecks()
        : base("mugi")
    {
    }

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord record in file.ReadTokenLines())
        {
            byte[] key = record.Bytes("key");
            byte[] iv = record.Bytes("iv");
            byte[] expected = record.Has("keystream64") ? record.Bytes("keystream64")
                : record.Has("keystream32") ? record.Bytes("keystream32")
                : throw new VectorFormatException($"{record.Where}: no keystream64 or keystream32 field");

            VectorCheck.Equal(expected, MugiReference.Keystream(key, iv, expected.Length), $"{record.Where}: reference");
            foreach (KernelEntry<MugiCoreFactory> kernel in FamilyKernels.Supported(MugiCore.Kernels))
            {
                CheckKernel(expected, $"{record.Where} ({kernel.Name})", () => new Mugi(key, iv, kernel));
            }

            CheckKernel(expected, $"{record.Where} (public default)", () => new Mugi(key, iv));
            count++;
        }

        return count;
    }

    private static void CheckKernel(byte[] expected, string where, Func<Mugi> create)
    {
        using (var mugi = create())
        {
            byte[] actual = new byte[expected.Length];
            mugi.GenerateKeystream(actual);
            VectorCheck.Equal(expected, actual, $"{where}: GenerateKeystream");
        }

        using (var mugi = create())
        {
            byte[] chunked = new byte[expected.Length];
            for (int offset = 0, chunk = 1; offset < chunked.Length; offset += chunk, chunk++)
            {
                chunk = Math.Min(chunk, chunked.Length - offset);
                mugi.GenerateKeystream(chunked.AsSpan(offset, chunk));
            }

            VectorCheck.Equal(expected, chunked, $"{where}: GenerateKeystream in growing chunks");
        }

        // Encryption of a message, then decryption with a fresh generator (in place).
        byte[] message = Enumerable.Range(0, expected.Length).Select(i => (byte)(i * 7 + 1)).ToArray();
        byte[] ciphertext = new byte[message.Length];
        using (var mugi = create())
        {
            mugi.Transform(message, ciphertext);
        }

        for (int i = 0; i < message.Length; i++)
        {
            VectorCheck.True(ciphertext[i] == (byte)(message[i] ^ expected[i]), $"{where}: Transform byte {i}");
        }

        using (var mugi = create())
        {
            mugi.Transform(ciphertext, ciphertext);
        }

        VectorCheck.Equal(message, ciphertext, $"{where}: decryption in place");
    }
}
