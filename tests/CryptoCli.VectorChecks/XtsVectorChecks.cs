// What Vectors/xts means: one XTS-AES vector per line of name=value tokens (key, tweak, pt, ct, optionally sector and
// descriptive fields; format in each file's header): IEEE 1619 Annex B and a NIST CAVP XTSGen subset. Plain C#
// shared by the xunit suite (every kernel) and the Mono runner (the portable ones).

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Security.Cryptography;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Vectors/xts: lines of <c>key=</c> (data key || tweak key), <c>tweak=</c>, <c>pt=</c>, <c>ct=</c>, optionally
/// <c>sector=</c> (hex data unit number, which must give the tweak as a 128-bit little-endian integer) and other
/// descriptive fields. Each vector runs both ways through the public API (when its key halves differ; IEEE 1619's
/// vector 1 has equal halves, which must be refused) and through every AES kernel the caller passes, with the raw
/// tweak, the data unit number and the data-unit call.
/// </summary>
internal sealed class XtsVectorChecks : VectorFamilyCheck
{
    private readonly IReadOnlyList<BlockCipherKernelEntry> _aesKernels;

    /// <param name="aesKernels">Every AES kernel entry to run (each is created at a 128-bit block).</param>
    public XtsVectorChecks(IReadOnlyList<BlockCipherKernelEntry> aesKernels)
        : base("xts")
    {
        _aesKernels = aesKernels;
    }

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord r in file.ReadTokenLines())
        {
            byte[] key = r.Bytes("key"), tweak = r.Bytes("tweak"), pt = r.Bytes("pt"), ct = r.Bytes("ct");
            bool shape = tweak.Length == 16 && pt.Length == ct.Length && key.Length is 32 or 64;
            VectorCheck.True(shape, $"{r.Where}: shape");
            ulong? sector = null;
            if (r.Has("sector"))
            {
                NumberStyles hex = NumberStyles.AllowHexSpecifier;
                sector = ulong.TryParse(r.Text("sector"), hex, CultureInfo.InvariantCulture, out ulong n)
                    ? n
                    : throw new VectorFormatException($"{r.Where}: sector is not a hex number");
                VectorCheck.Equal(SectorTweak(n), tweak, $"{r.Where}: sector number vs tweak");
            }

            int half = key.Length / 2;
            if (key.AsSpan(0, half).SequenceEqual(key.AsSpan(half)))
            {
                using var aes = RijndaelCipher.Create();
                bool refused = Refused(() => new BlockCipherXts(aes, key).Dispose());
                VectorCheck.True(refused, $"{r.Where}: equal halves accepted");
            }
            else
            {
                using var aes = RijndaelCipher.Create();
                using var xts = new BlockCipherXts(aes, key);
                Check(xts, tweak, sector, pt, ct, $"{r.Where} (public API)");
            }

            foreach (BlockCipherKernelEntry entry in _aesKernels)
            {
                using var xts = new BlockCipherXts(
                    entry.Create(key.AsSpan(0, half), 16), entry.Create(key.AsSpan(half), 16));
                Check(xts, tweak, sector, pt, ct, $"{r.Where} ({entry.Name})");
            }

            count++;
        }

        return count;
    }

    /// <summary>The 16-byte tweak of a data unit number: the number as a 128-bit little-endian integer.</summary>
    private static byte[] SectorTweak(ulong number)
    {
        byte[] tweak = new byte[16];
        for (int i = 0; i < 8; i++)
        {
            tweak[i] = (byte)(number >> (8 * i));
        }

        return tweak;
    }

    private static bool Refused(Action action)
    {
        try
        {
            action();
            return false;
        }
        catch (CryptographicException)
        {
            return true;
        }
    }

    private static void Check(BlockCipherXts xts, byte[] tweak, ulong? sector, byte[] pt, byte[] ct, string where)
    {
        byte[] output = new byte[pt.Length];
        xts.Encrypt(tweak, pt, output);
        VectorCheck.Equal(ct, output, $"{where}: encryption");
        xts.Decrypt(tweak, ct, output);
        VectorCheck.Equal(pt, output, $"{where}: decryption");
        if (sector is ulong n)
        {
            pt.CopyTo(output, 0);
            xts.Encrypt(n, output, output);
            VectorCheck.Equal(ct, output, $"{where}: in-place encryption by data unit number");
            xts.Decrypt(n, output, output);
            VectorCheck.Equal(pt, output, $"{where}: in-place decryption by data unit number");
            xts.EncryptDataUnits(n, pt.Length, pt, output);
            VectorCheck.Equal(ct, output, $"{where}: EncryptDataUnits");
            xts.DecryptDataUnits(n, pt.Length, ct, output);
            VectorCheck.Equal(pt, output, $"{where}: DecryptDataUnits");
        }
    }
}
