// What the block-cipher vector files mean, in the three block formats: "NAME = value" blocks (Vectors/rijndael,
// Vectors/camellia: ECB with optional ITERATIONS, CBC with IV, CTR with INITIAL_COUNTER, CFB/OFB/CTS with MODE = CFB<bits>,
// OFB or CTS and IV), "KEYBITS KEY PT CT" columns
// (NTT's full Camellia ECB set) and CRYPTREC-style "TAG name=hex ..." lines with Monte-Carlo chains (Vectors/
// hierocrypt3, sc2000, cipherunicorna). Each vector runs, both directions, through the kernels the caller passes
// (the xunit suite adds the hardware kernels; the Mono runner has only the portable ones) and the public type.

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;

namespace CryptoCli.VectorChecks;

/// <summary>The kernels to run for a key (and block size, for Rijndael); each is disposed after use.</summary>
internal delegate IEnumerable<BlockCipherKernel> BlockKernels(byte[] key, int blockBytes);

/// <summary>Vectors/rijndael (FIPS-197, SP 800-38A ECB/CBC/CTR/CFB/OFB, RFC 3962 CTS, 192/256-bit blocks): every record, every kernel, <see cref="RijndaelCipher"/>.</summary>
internal sealed class RijndaelVectorChecks : VectorFamilyCheck
{
    private readonly BlockKernels _kernels;

    public RijndaelVectorChecks(BlockKernels kernels)
        : base("rijndael") => _kernels = kernels;

    public override int CheckFile(VectorFile file) =>
        BlockCipherVectorChecks.CheckNameValueBlocks(file, _kernels, blockBytes =>
        {
            RijndaelCipher cipher = RijndaelCipher.Create();
            cipher.BlockSize = blockBytes * 8;
            return cipher;
        });
}

/// <summary>
/// Vectors/camellia (RFC 3713, NESSIE, NTT KATs, CBC, RFC 5528 CTR; NTT's full ECB set of 3840 vectors as columns;
/// RFC 6803's Kerberos examples, see <see cref="KerberosCamelliaChecks"/>): every vector, every kernel, <see cref="Camellia"/>.
/// </summary>
internal sealed class CamelliaVectorChecks : VectorFamilyCheck
{
    private readonly BlockKernels _kernels;

    public CamelliaVectorChecks(Func<byte[], IEnumerable<BlockCipherKernel>> kernels)
        : base("camellia") => _kernels = (key, _) => kernels(key);

    public override int CheckFile(VectorFile file) =>
        BlockCipherVectorChecks.IsColumnFormat(file) ? BlockCipherVectorChecks.CheckEcbColumns(file, _kernels, Camellia.Create)
        : KerberosCamelliaChecks.IsKerberosFile(file) ? KerberosCamelliaChecks.CheckFile(file, _kernels)
        : BlockCipherVectorChecks.CheckNameValueBlocks(file, _kernels, _ => Camellia.Create());
}

/// <summary>
/// A CRYPTREC-style family (one <c>TAG name=hex ...</c> line per vector: NESSIE sets, specification examples, EXTRA
/// consistency vectors, MC chains): every record through every kernel, then through the public type's one-shots.
/// </summary>
internal sealed class CryptrecVectorChecks : VectorFamilyCheck
{
    private readonly Func<byte[], IEnumerable<BlockCipherKernel>> _kernels;
    private readonly Func<BlockCipherAlgorithm> _publicType;

    private CryptrecVectorChecks(string folder, Func<byte[], IEnumerable<BlockCipherKernel>> kernels, Func<BlockCipherAlgorithm> publicType)
        : base(folder)
    {
        _kernels = kernels;
        _publicType = publicType;
    }

    /// <summary>NESSIE sets 1-4 for the three key sizes, the specification example, EXTRA vectors and MC chains.</summary>
    public static CryptrecVectorChecks Hierocrypt3(Func<byte[], IEnumerable<BlockCipherKernel>> kernels) =>
        new("hierocrypt3", kernels, CryptoCli.Hierocrypt3.Create);

    /// <summary>NESSIE sets 1-3 for the three key sizes, the specification example, EXTRA vectors and MC chains.</summary>
    public static CryptrecVectorChecks SC2000(Func<byte[], IEnumerable<BlockCipherKernel>> kernels) =>
        new("sc2000", kernels, CryptoCli.SC2000.Create);

    /// <summary>EXTRA consistency vectors and MC chains only (no specification vectors could be obtained).</summary>
    public static CryptrecVectorChecks CipherUnicornA(Func<byte[], IEnumerable<BlockCipherKernel>> kernels) =>
        new("cipherunicorna", kernels, CryptoCli.CipherUnicornA.Create);

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord record in file.ReadTokenLines())
        {
            BlockCipherVectorChecks.CheckTokenRecord(record, _kernels, _publicType);
            count++;
        }

        return count;
    }
}

/// <summary>The checks of one block-cipher vector, shared by the family checks above.</summary>
internal static class BlockCipherVectorChecks
{
    private delegate void Transform(ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>True when the file's first line has no '=': "KEYBITS KEY PT CT" columns rather than NAME = value blocks.</summary>
    public static bool IsColumnFormat(VectorFile file)
    {
        VectorLine first = file.Lines.FirstOrDefault(l => l.Text.Length != 0);
        if (first.Text is null)
        {
            throw new VectorFormatException($"{file.Name}: no vector found");
        }

        return first.Text.IndexOf('=') < 0;
    }

    /// <summary>
    /// Every <c>NAME = value</c> record (KEY, PT, CT; optional KEYBITS and BLOCKBITS; MODE = CFB&lt;bits&gt;, OFB or CTS with
    /// IV, else IV means CBC, INITIAL_COUNTER means CTR, else ECB with optional ITERATIONS) through every kernel and
    /// the public type; returns the count.
    /// </summary>
    public static int CheckNameValueBlocks(VectorFile file, BlockKernels kernels, Func<int, BlockCipherAlgorithm> createPublicType)
    {
        int count = 0;
        foreach (VectorRecord record in file.ReadBlocks())
        {
            int blockBytes = record.Has("BLOCKBITS") ? record.Int("BLOCKBITS") / 8 : 16;
            byte[] key = record.Bytes("KEY");
            if (record.Has("KEYBITS"))
            {
                VectorCheck.True(record.Int("KEYBITS") == key.Length * 8, $"{record.Where}: KEYBITS does not match KEY");
            }

            foreach (BlockCipherKernel kernel in kernels(key, blockBytes))
            {
                using (kernel)
                {
                    CheckRecordThroughKernel(record, kernel);
                }
            }

            using (BlockCipherAlgorithm cipher = createPublicType(blockBytes))
            {
                CheckRecordThroughPublicType(record, cipher);
            }

            count++;
        }

        return count;
    }

    /// <summary>Every "KEYBITS KEY PT CT" row, ECB both directions, through every kernel and the public type; returns the count.</summary>
    public static int CheckEcbColumns(VectorFile file, BlockKernels kernels, Func<BlockCipherAlgorithm> createPublicType)
    {
        int count = 0;
        foreach ((VectorLine line, string[] c) in file.ReadColumns(4))
        {
            string where = file.Where(line);
            byte[] key = VectorFile.Hex(c[1]), plaintext = VectorFile.Hex(c[2]), expected = VectorFile.Hex(c[3]);
            VectorCheck.True(int.Parse(c[0], CultureInfo.InvariantCulture) == key.Length * 8, $"{where}: KEYBITS does not match KEY");
            foreach (BlockCipherKernel kernel in kernels(key, plaintext.Length))
            {
                using (kernel)
                {
                    byte[] actual = new byte[plaintext.Length];
                    kernel.EncryptBlocks(plaintext, actual);
                    VectorCheck.Equal(expected, actual, $"{where} ({kernel.Name} kernel): ECB encryption");
                    kernel.DecryptBlocks(expected, actual);
                    VectorCheck.Equal(plaintext, actual, $"{where} ({kernel.Name} kernel): ECB decryption");
                }
            }

            using BlockCipherAlgorithm cipher = createPublicType();
            cipher.Key = key;
            string type = cipher.GetType().Name;
            VectorCheck.Equal(expected, cipher.EncryptEcb(plaintext, PaddingMode.None), $"{where}: {type}.EncryptEcb");
            VectorCheck.Equal(plaintext, cipher.DecryptEcb(expected, PaddingMode.None), $"{where}: {type}.DecryptEcb");
            count++;
        }

        return count;
    }

    /// <summary>
    /// One CRYPTREC-style token line: keybits must match key; a record with p0 is a Monte-Carlo chain, any other must
    /// carry pt and ct. Every kernel, then the public type's one-shots. Returns true for a chain.
    /// </summary>
    public static bool CheckTokenRecord(VectorRecord record, Func<byte[], IEnumerable<BlockCipherKernel>> kernels, Func<BlockCipherAlgorithm> createPublicType)
    {
        byte[] key = record.Bytes("key");
        VectorCheck.True(record.Int("keybits") == key.Length * 8, $"{record.Where}: keybits does not match key");
        bool chain = record.Has("p0");
        if (!chain && !(record.Has("pt") && record.Has("ct")))
        {
            throw new VectorFormatException($"{record.Where}: neither pt/ct nor an MC chain");
        }

        foreach (BlockCipherKernel kernel in kernels(key))
        {
            using (kernel)
            {
                string where = $"{record.Where} ({kernel.Name} kernel)";
                if (chain)
                {
                    CheckChain(record, where, kernel.EncryptBlocks, kernel.DecryptBlocks);
                }
                else
                {
                    CheckSingleBlock(record, where, kernel.EncryptBlocks, kernel.DecryptBlocks);
                }
            }
        }

        using BlockCipherAlgorithm cipher = createPublicType();
        cipher.Key = key;
        string publicWhere = $"{record.Where} ({cipher.GetType().Name} ECB one-shots)";
        Transform encrypt = (source, destination) => cipher.EncryptEcb(source, destination, PaddingMode.None);
        Transform decrypt = (source, destination) => cipher.DecryptEcb(source, destination, PaddingMode.None);
        if (chain)
        {
            CheckChain(record, publicWhere, encrypt, decrypt);
        }
        else
        {
            CheckSingleBlock(record, publicWhere, encrypt, decrypt);
        }

        return chain;
    }

    /// <summary>A NAME = value record through one kernel, both directions.</summary>
    private static void CheckRecordThroughKernel(VectorRecord record, BlockCipherKernel kernel)
    {
        byte[] plaintext = record.Bytes("PT");
        byte[] expected = record.Bytes("CT");
        string where = $"{record.Where} ({kernel.Name} kernel)";
        byte[] actual = new byte[plaintext.Length];
        byte[] back = new byte[plaintext.Length];
        if (record.Has("MODE"))
        {
            (CipherMode cipherMode, int feedbackBits) = RecordMode(record, kernel.BlockSizeInBytes);
            BlockCipherMode mode = BlockCipherMode.Get(cipherMode, feedbackBits);
            byte[] iv = record.Bytes("IV");
            if (cipherMode == CipherMode.CTS)
            {
                Cts.EncryptFinal(kernel, plaintext, actual, (byte[])iv.Clone());
            }
            else
            {
                mode.Encrypt(kernel, plaintext, actual, (byte[])iv.Clone());
            }

            VectorCheck.Equal(expected, actual, $"{where}: {record.Text("MODE")} encryption");
            if (cipherMode == CipherMode.CTS)
            {
                Cts.DecryptFinal(kernel, expected, back, (byte[])iv.Clone());
            }
            else
            {
                mode.Decrypt(kernel, expected, back, (byte[])iv.Clone());
            }
        }
        else if (record.Has("INITIAL_COUNTER"))
        {
            byte[] counter = record.Bytes("INITIAL_COUNTER");
            kernel.TransformCtr(plaintext, actual, (byte[])counter.Clone());
            VectorCheck.Equal(expected, actual, $"{where}: CTR encryption");
            kernel.TransformCtr(expected, back, (byte[])counter.Clone());
        }
        else if (record.Has("IV"))
        {
            byte[] iv = record.Bytes("IV");
            kernel.EncryptCbc(plaintext, actual, (byte[])iv.Clone());
            VectorCheck.Equal(expected, actual, $"{where}: CBC encryption");
            kernel.DecryptCbc(expected, back, (byte[])iv.Clone());
        }
        else
        {
            int iterations = record.Has("ITERATIONS") ? record.Int("ITERATIONS") : 1;
            plaintext.CopyTo(actual, 0);
            for (int i = 0; i < iterations; i++)
            {
                kernel.EncryptBlocks(actual, actual);
            }

            VectorCheck.Equal(expected, actual, $"{where}: ECB encryption");
            expected.CopyTo(back, 0);
            for (int i = 0; i < iterations; i++)
            {
                kernel.DecryptBlocks(back, back);
            }
        }

        VectorCheck.Equal(plaintext, back, $"{where}: decryption");
    }

    /// <summary>The same record through a public type's one-shots (EncryptEcb/Cbc/Ctr and their inverses).</summary>
    private static void CheckRecordThroughPublicType(VectorRecord record, BlockCipherAlgorithm cipher)
    {
        string where = $"{record.Where} ({cipher.GetType().Name})";
        cipher.Key = record.Bytes("KEY");
        byte[] plaintext = record.Bytes("PT"), expected = record.Bytes("CT");
        if (record.Has("MODE"))
        {
            (CipherMode mode, int feedbackBits) = RecordMode(record, cipher.BlockSize / 8);
            byte[] iv = record.Bytes("IV");
            if (mode == CipherMode.CFB)
            {
                VectorCheck.Equal(expected, cipher.EncryptCfb(plaintext, iv, PaddingMode.None, feedbackBits), $"{where}: EncryptCfb");
                VectorCheck.Equal(plaintext, cipher.DecryptCfb(expected, iv, PaddingMode.None, feedbackBits), $"{where}: DecryptCfb");
            }
            else if (mode == CipherMode.CTS)
            {
                VectorCheck.Equal(expected, cipher.EncryptCts(plaintext, iv), $"{where}: EncryptCts");
                VectorCheck.Equal(plaintext, cipher.DecryptCts(expected, iv), $"{where}: DecryptCts");
            }

            // Mode and FeedbackSize, through the transform (the only way to OFB, as with RijndaelManaged).
            cipher.Mode = mode;
            cipher.FeedbackSize = feedbackBits;
            cipher.Padding = PaddingMode.None;
            using (ICryptoTransform encryptor = cipher.CreateEncryptor(cipher.Key, iv))
            {
                VectorCheck.Equal(expected, encryptor.TransformFinalBlock(plaintext, 0, plaintext.Length), $"{where}: {mode} encryptor");
            }

            using (ICryptoTransform decryptor = cipher.CreateDecryptor(cipher.Key, iv))
            {
                VectorCheck.Equal(plaintext, decryptor.TransformFinalBlock(expected, 0, expected.Length), $"{where}: {mode} decryptor");
            }
        }
        else if (record.Has("INITIAL_COUNTER"))
        {
            byte[] counter = record.Bytes("INITIAL_COUNTER");
            VectorCheck.Equal(expected, cipher.EncryptCtr(plaintext, counter), $"{where}: EncryptCtr");
            VectorCheck.Equal(plaintext, cipher.DecryptCtr(expected, counter), $"{where}: DecryptCtr");
        }
        else if (record.Has("IV"))
        {
            byte[] iv = record.Bytes("IV");
            VectorCheck.Equal(expected, cipher.EncryptCbc(plaintext, iv, PaddingMode.None), $"{where}: EncryptCbc");
            VectorCheck.Equal(plaintext, cipher.DecryptCbc(expected, iv, PaddingMode.None), $"{where}: DecryptCbc");
        }
        else
        {
            int iterations = record.Has("ITERATIONS") ? record.Int("ITERATIONS") : 1;
            byte[] x = plaintext;
            for (int i = 0; i < iterations; i++)
            {
                x = cipher.EncryptEcb(x, PaddingMode.None);
            }

            VectorCheck.Equal(expected, x, $"{where}: EncryptEcb");
            for (int i = 0; i < iterations; i++)
            {
                x = cipher.DecryptEcb(x, PaddingMode.None);
            }

            VectorCheck.Equal(plaintext, x, $"{where}: DecryptEcb");
        }
    }

    /// <summary>
    /// MODE = CFB&lt;segment bits&gt;, OFB (full-block feedback) or CTS (CBC-CS3): the runtime's mode and feedback size.
    /// </summary>
    private static (CipherMode Mode, int FeedbackBits) RecordMode(VectorRecord record, int blockBytes)
    {
        string mode = record.Text("MODE");
        if (mode is "OFB" or "CTS")
        {
            return (mode == "OFB" ? CipherMode.OFB : CipherMode.CTS, blockBytes * 8);
        }

        if (mode.StartsWith("CFB", StringComparison.Ordinal)
            && int.TryParse(mode.Remove(0, 3), NumberStyles.None, CultureInfo.InvariantCulture, out int bits)
            && bits % 8 == 0 && bits >= 8 && bits <= blockBytes * 8)
        {
            return (CipherMode.CFB, bits);
        }

        throw new VectorFormatException($"{record.Where}: MODE {mode} is none of CFB<8..block bits>, OFB, CTS");
    }

    private static void CheckSingleBlock(VectorRecord record, string where, Transform encrypt, Transform decrypt)
    {
        byte[] plaintext = record.Bytes("pt");
        byte[] expected = record.Bytes("ct");
        VectorCheck.True(plaintext.Length == 16 && expected.Length == 16, $"{where}: pt and ct must be 16 bytes");
        byte[] actual = new byte[16];
        encrypt(plaintext, actual);
        VectorCheck.Equal(expected, actual, $"{where}: encryption");
        byte[] back = new byte[16];
        decrypt(expected, back);
        VectorCheck.Equal(plaintext, back, $"{where}: decryption");
    }

    // MC: P_{i+1} = E_K(P_i) from p0; p1 is the first output, final the output after `iterations` encryptions;
    // then the chain is decrypted back to p0. In place, as the kernel contract allows.
    private static void CheckChain(VectorRecord record, string where, Transform encrypt, Transform decrypt)
    {
        byte[] p0 = record.Bytes("p0");
        int iterations = record.Int("iterations");
        VectorCheck.True(iterations >= 1, $"{where}: iterations must be positive");
        byte[] block = (byte[])p0.Clone();
        for (int i = 1; i <= iterations; i++)
        {
            encrypt(block, block);
            if (i == 1)
            {
                VectorCheck.Equal(record.Bytes("p1"), block, $"{where}: first output of the chain");
            }
        }

        VectorCheck.Equal(record.Bytes("final"), block, $"{where}: output after {iterations} encryptions");
        for (int i = 0; i < iterations; i++)
        {
            decrypt(block, block);
        }

        VectorCheck.Equal(p0, block, $"{where}: decrypting the chain back to p0");
    }
}
