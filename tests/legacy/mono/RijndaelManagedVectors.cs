// Drives Mono's System.Security.Cryptography.RijndaelManaged (the .NET Framework class, as Mono ships it) and writes
// one vector per line. Built with mcs and run with mono by tests/legacy/regenerate.sh; not part of CryptoCli.sln.
//
//   mono RijndaelManagedVectors.exe OUTFILE BLOCKBITS COUNT "PRODUCER VERSION"
//
// For one block size: every key size (128/192/256) x ECB, CBC, CFB (FeedbackSize 8, 128, the block size, and left at
// its default) x every padding (PKCS7, Zeros, ANSIX923, None, ISO10126), COUNT vectors each, with random keys, IVs and
// messages of varied lengths. Each ciphertext is decrypted again by RijndaelManaged before it is written.

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;

internal static class RijndaelManagedVectors
{
    private static readonly RandomNumberGenerator s_random = RandomNumberGenerator.Create();

    private static readonly PaddingMode[] s_paddings =
    {
        PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.None, PaddingMode.ISO10126,
    };

    private static int Main(string[] args)
    {
        if (args.Length != 4)
        {
            Console.Error.WriteLine("usage: RijndaelManagedVectors.exe OUTFILE BLOCKBITS COUNT \"PRODUCER VERSION\"");
            return 2;
        }

        string outFile = args[0];
        int blockBits = int.Parse(args[1], CultureInfo.InvariantCulture);
        int count = int.Parse(args[2], CultureInfo.InvariantCulture);
        string version = args[3];

        // null: FeedbackSize left at RijndaelManaged's default (128 at every block size).
        var feedbacks = new List<int?> { null, 8, 128 };
        if (blockBits != 128)
        {
            feedbacks.Add(blockBits);
        }

        var lines = new List<string>();
        foreach (int keyBits in new[] { 128, 192, 256 })
        {
            foreach (PaddingMode padding in s_paddings)
            {
                for (int i = 0; i < count; i++)
                {
                    lines.Add(Vector(CipherMode.ECB, blockBits, keyBits, null, padding, i));
                    lines.Add(Vector(CipherMode.CBC, blockBits, keyBits, null, padding, i));
                    foreach (int? feedback in feedbacks)
                    {
                        lines.Add(Vector(CipherMode.CFB, blockBits, keyBits, feedback, padding, i));
                    }
                }
            }
        }

        using (var writer = new StreamWriter(outFile, false, new UTF8Encoding(false)))
        {
            writer.NewLine = "\n";
            writer.WriteLine("# RijndaelManaged vectors, BlockSize " + blockBits + ": written by Mono's System.Security.Cryptography.RijndaelManaged");
            writer.WriteLine("# producer: " + version);
            writer.WriteLine("# generator: tests/legacy/mono/RijndaelManagedVectors.cs (tests/legacy/regenerate.sh); random keys, IVs, messages");
            writer.WriteLine("# format: one vector a line: RijndaelManaged mode=ECB|CBC|CFB block=BITS keybits=BITS feedback=BITS|default");
            writer.WriteLine("#   padding=PKCS7|Zeros|ANSIX923|None|ISO10126 key=HEX [iv=HEX] pt=HEX ct=HEX");
            writer.WriteLine("#   feedback=default: FeedbackSize was left alone (RijndaelManaged's default, 128); ECB and CBC lines say default");
            writer.WriteLine("#   and carry no meaning in it. iv is absent for ECB. pt is the plaintext given to the encryptor (Zeros: without");
            writer.WriteLine("#   the zeros the padding adds; decryption returns them). ISO10126 pads with random bytes: decrypt-only.");
            writer.WriteLine("# vectors: " + lines.Count);
            foreach (string line in lines)
            {
                writer.WriteLine(line);
            }
        }

        Console.WriteLine(outFile + ": " + lines.Count + " vectors");
        return 0;
    }

    private static string Vector(CipherMode mode, int blockBits, int keyBits, int? feedback, PaddingMode padding, int index)
    {
        using (var rijndael = new RijndaelManaged())
        {
            rijndael.BlockSize = blockBits;
            rijndael.KeySize = keyBits;
            rijndael.Mode = mode;
            if (feedback.HasValue)
            {
                rijndael.FeedbackSize = feedback.Value;
            }

            rijndael.Padding = padding;
            rijndael.Key = Random(keyBits / 8);
            rijndael.IV = Random(blockBits / 8);

            // The transform's unit: the block, or the CFB segment (FeedbackSize), as RijndaelManaged pads to it.
            int unit = mode == CipherMode.CFB ? rijndael.FeedbackSize / 8 : blockBits / 8;
            int length = MessageLength(unit, blockBits / 8, padding, index);
            byte[] plaintext = Random(length);
            byte[] ciphertext;
            using (ICryptoTransform encryptor = rijndael.CreateEncryptor())
            {
                ciphertext = encryptor.TransformFinalBlock(plaintext, 0, plaintext.Length);
            }

            byte[] decrypted;
            using (ICryptoTransform decryptor = rijndael.CreateDecryptor())
            {
                decrypted = decryptor.TransformFinalBlock(ciphertext, 0, ciphertext.Length);
            }

            byte[] expected = padding == PaddingMode.Zeros ? plaintext.Concat(new byte[decrypted.Length - plaintext.Length]).ToArray() : plaintext;
            if (!decrypted.SequenceEqual(expected))
            {
                throw new InvalidOperationException("RijndaelManaged did not decrypt its own ciphertext: " + mode + " " + padding);
            }

            var line = new StringBuilder("RijndaelManaged");
            line.Append(" mode=").Append(mode);
            line.Append(" block=").Append(blockBits);
            line.Append(" keybits=").Append(keyBits);
            line.Append(" feedback=").Append(feedback.HasValue ? feedback.Value.ToString(CultureInfo.InvariantCulture) : "default");
            line.Append(" padding=").Append(padding);
            line.Append(" key=").Append(Hex(rijndael.Key));
            if (mode != CipherMode.ECB)
            {
                line.Append(" iv=").Append(Hex(rijndael.IV));
            }

            line.Append(" pt=").Append(Hex(plaintext));
            line.Append(" ct=").Append(Hex(ciphertext));
            return line.ToString();
        }
    }

    // Lengths that exercise the padding: empty, one short of a unit, exactly a unit, a few blocks and a bit; None gets
    // whole units (1 to 3 blocks' worth).
    private static int MessageLength(int unit, int blockBytes, PaddingMode padding, int index)
    {
        if (padding == PaddingMode.None)
        {
            int units = Math.Max(1, (blockBytes / unit) * (1 + RandomInt(3)));
            return unit * (unit == 1 ? 1 + RandomInt(3 * blockBytes + 7) : 1 + RandomInt(units));
        }

        switch (index % 5)
        {
            case 0: return RandomInt(3 * blockBytes + 7);
            case 1: return unit * (1 + RandomInt(3)) - 1;
            case 2: return unit * (1 + RandomInt(3));
            case 3: return index < 5 ? 0 : RandomInt(blockBytes);
            default: return blockBytes * 2 + RandomInt(blockBytes * 2);
        }
    }

    private static byte[] Random(int length)
    {
        byte[] bytes = new byte[length];
        s_random.GetBytes(bytes);
        return bytes;
    }

    private static int RandomInt(int bound)
    {
        byte[] four = Random(4);
        return (int)(BitConverter.ToUInt32(four, 0) % (uint)bound);
    }

    private static string Hex(byte[] bytes)
    {
        var text = new StringBuilder(bytes.Length * 2);
        foreach (byte b in bytes)
        {
            text.Append(b.ToString("x2", CultureInfo.InvariantCulture));
        }

        return text.ToString();
    }
}
