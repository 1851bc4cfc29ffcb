// Vectors/camellia (RFC 3713, NESSIE, NTT KATs, CBC, RFC 5528 CTR; NTT's full ECB set as KEYBITS KEY PT CT
// columns): CamelliaVectorTests on Mono.

using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;

namespace CryptoCli.MonoRunner;

/// <summary>
/// Every record, both directions, through the table32 and table64 kernels, the default kernel (on netstandard2.0,
/// a table kernel) and the public <see cref="Camellia"/> type's one-shots.
/// </summary>
internal sealed class CamelliaFamily : FamilyCheck
{
    private int _blockRecords;
    private int _columnRows;

    public override string Folder => "camellia";

    private static IEnumerable<BlockCipherKernel> Kernels(byte[] key)
    {
        yield return new CamelliaTable32Kernel(key);
        yield return new CamelliaTable64Kernel(key);
        yield return Camellia.CreateDefaultKernel(key);
    }

    public override int CheckFile(VectorFile file)
    {
        // Two formats: "NAME = value" blocks, or "KEYBITS KEY PT CT" columns. Anything else fails to parse.
        VectorLine first = file.Lines.FirstOrDefault(l => l.Text.Length != 0);
        if (first.Text is null)
        {
            throw new VectorFormatException($"{file.Name}: no vector found");
        }

        int count = 0;
        if (first.Text.IndexOf('=') < 0)
        {
            foreach ((VectorLine line, string[] c) in file.ReadColumns(4))
            {
                string where = $"{file.Name}:{line.Number}";
                byte[] key = VectorFile.Hex(c[1]);
                Check.True(int.Parse(c[0], CultureInfo.InvariantCulture) == key.Length * 8, $"{where}: KEYBITS does not match KEY");
                CheckEcb(where, key, VectorFile.Hex(c[2]), VectorFile.Hex(c[3]));
                count++;
            }

            _columnRows += count;
            return count;
        }

        foreach (VectorRecord record in file.ReadBlocks())
        {
            byte[] key = record.Bytes("KEY");
            if (record.Has("KEYBITS"))
            {
                Check.True(record.Int("KEYBITS") == key.Length * 8, $"{record.Where}: KEYBITS does not match KEY");
            }

            foreach (BlockCipherKernel kernel in Kernels(key))
            {
                using (kernel)
                {
                    BlockCipherChecks.BlockRecord(record, kernel);
                }
            }

            using (Camellia camellia = Camellia.Create())
            {
                BlockCipherChecks.BlockRecordPublic(record, camellia);
            }

            count++;
        }

        _blockRecords += count;
        return count;
    }

    private static void CheckEcb(string where, byte[] key, byte[] plaintext, byte[] expected)
    {
        foreach (BlockCipherKernel kernel in Kernels(key))
        {
            using (kernel)
            {
                byte[] actual = new byte[plaintext.Length];
                kernel.EncryptBlocks(plaintext, actual);
                Check.Equal(expected, actual, $"{where} ({kernel.Name} kernel): ECB encryption");
                kernel.DecryptBlocks(expected, actual);
                Check.Equal(plaintext, actual, $"{where} ({kernel.Name} kernel): ECB decryption");
            }
        }

        using Camellia camellia = Camellia.Create();
        camellia.Key = key;
        Check.Equal(expected, camellia.EncryptEcb(plaintext, PaddingMode.None), $"{where}: Camellia.EncryptEcb");
        Check.Equal(plaintext, camellia.DecryptEcb(expected, PaddingMode.None), $"{where}: Camellia.DecryptEcb");
    }

    public override void CheckTotals()
    {
        Check.AtLeast(40, _blockRecords, "block-format camellia vectors");
        Check.True(_columnRows == 3840, $"{_columnRows} NTT full-set vectors were read, expected 3840");
    }
}
