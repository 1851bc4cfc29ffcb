// What Vectors/mugi means (MUGI specification examples 1 and 2 and third-party cases, "key= iv= keystream64=" or
// "keystream32=" token lines): the keystream of every record, through the reference and the public type.

using System;
using System.Linq;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Every record through <see cref="MugiReference"/>, the public <see cref="Mugi"/> type's keystream (one-shot and in
/// chunks of 1, 2, 3, ... bytes, crossing the 8-byte unit and 128-byte block boundaries), encryption, and in-place
/// decryption. The public type picks its fastest core, so the xunit suite reaches the BMI1 core where it exists.
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
            using (var mugi = new Mugi(key, iv))
            {
                byte[] actual = new byte[expected.Length];
                mugi.GenerateKeystream(actual);
                VectorCheck.Equal(expected, actual, $"{record.Where}: GenerateKeystream");
            }

            using (var mugi = new Mugi(key, iv))
            {
                byte[] chunked = new byte[expected.Length];
                for (int offset = 0, chunk = 1; offset < chunked.Length; offset += chunk, chunk++)
                {
                    chunk = Math.Min(chunk, chunked.Length - offset);
                    mugi.GenerateKeystream(chunked.AsSpan(offset, chunk));
                }

                VectorCheck.Equal(expected, chunked, $"{record.Where}: GenerateKeystream in growing chunks");
            }

            // Encryption of a message, then decryption with a fresh generator (in place).
            byte[] message = Enumerable.Range(0, expected.Length).Select(i => (byte)(i * 7 + 1)).ToArray();
            byte[] ciphertext = new byte[message.Length];
            using (var mugi = new Mugi(key, iv))
            {
                mugi.Transform(message, ciphertext);
            }

            for (int i = 0; i < message.Length; i++)
            {
                VectorCheck.True(ciphertext[i] == (byte)(message[i] ^ expected[i]), $"{record.Where}: Transform byte {i}");
            }

            using (var mugi = new Mugi(key, iv))
            {
                mugi.Transform(ciphertext, ciphertext);
            }

            VectorCheck.Equal(message, ciphertext, $"{record.Where}: decryption in place");
            count++;
        }

        return count;
    }
}
