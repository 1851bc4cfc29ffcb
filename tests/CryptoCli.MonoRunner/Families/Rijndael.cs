// Vectors/rijndael (FIPS-197, SP 800-38A ECB/CBC/CTR, 192/256-bit blocks): RijndaelVectorTests on Mono.

namespace CryptoCli.MonoRunner;

/// <summary>
/// Every record, both directions, through the portable kernel (the only one in the netstandard2.0 build) and the
/// public <see cref="RijndaelCipher"/> at the record's block size.
/// </summary>
internal sealed class RijndaelFamily : FamilyCheck
{
    private int _total;

    public override string Folder => "rijndael";

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord record in file.ReadBlocks())
        {
            int blockBytes = record.Has("BLOCKBITS") ? record.Int("BLOCKBITS") / 8 : 16;
            byte[] key = record.Bytes("KEY");
            if (record.Has("KEYBITS"))
            {
                Check.True(record.Int("KEYBITS") == key.Length * 8, $"{record.Where}: KEYBITS does not match KEY");
            }

            using (var kernel = new RijndaelPortableKernel(key, blockBytes))
            {
                BlockCipherChecks.BlockRecord(record, kernel);
            }

            using (RijndaelCipher cipher = RijndaelCipher.Create())
            {
                cipher.BlockSize = blockBytes * 8;
                BlockCipherChecks.BlockRecordPublic(record, cipher);
            }

            count++;
        }

        _total += count;
        return count;
    }

    public override void CheckTotals() => Check.AtLeast(20, _total, "rijndael vectors");
}
