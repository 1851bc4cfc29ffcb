// Vectors/hierocrypt3, Vectors/sc2000, Vectors/cipherunicorna: one "TAG name=hex ..." line per vector (NESSIE sets,
// CRYPTREC specification examples, EXTRA consistency vectors, MC chains): TokenLineBlockVectors and
// CipherUnicornATests on Mono.

using System;
using System.Collections.Generic;

namespace CryptoCli.MonoRunner;

/// <summary>A CRYPTREC-style family: every record through every kernel, then through the public type.</summary>
internal sealed class CryptrecFamily : FamilyCheck
{
    private readonly Func<byte[], IEnumerable<BlockCipherKernel>> _kernels;
    private readonly Func<BlockCipherAlgorithm> _publicType;
    private readonly int _minimum;
    private int _total;
    private int _chains;

    private CryptrecFamily(string folder, Func<byte[], IEnumerable<BlockCipherKernel>> kernels, Func<BlockCipherAlgorithm> publicType, int minimum)
    {
        Folder = folder;
        _kernels = kernels;
        _publicType = publicType;
        _minimum = minimum;
    }

    public override string Folder { get; }

    // 1734 NESSIE (sets 1-4, three key sizes) + the specification example + EXTRA + MC (Hierocrypt3VectorTests).
    public static CryptrecFamily Hierocrypt3() => new("hierocrypt3", Hierocrypt3Kernels, CryptoCli.Hierocrypt3.Create, 1736);

    // 1728 NESSIE (sets 1-3, three key sizes) + the specification example + EXTRA + MC (SC2000VectorTests).
    public static CryptrecFamily SC2000() => new("sc2000", SC2000Kernels, CryptoCli.SC2000.Create, 1730);

    // At least 6 EXTRA vectors and one chain (CipherUnicornATests); every family here has one MC chain at least.
    public static CryptrecFamily CipherUnicornA() => new("cipherunicorna", CipherUnicornAKernels, CryptoCli.CipherUnicornA.Create, 7);

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord record in file.ReadTokenLines())
        {
            BlockCipherChecks.TokenRecord(record, _kernels, _publicType);
            _chains += record.Has("p0") ? 1 : 0;
            count++;
        }

        _total += count;
        return count;
    }

    public override void CheckTotals()
    {
        Check.AtLeast(_minimum, _total, $"{Folder} vectors");
        Check.AtLeast(1, _chains, $"{Folder} Monte-Carlo chains");
    }

    private static IEnumerable<BlockCipherKernel> Hierocrypt3Kernels(byte[] key)
    {
        yield return new Hierocrypt3ReferenceKernel(key);
        yield return new Hierocrypt3Table32Kernel(key);
        yield return new Hierocrypt3Table64Kernel(key);
    }

    private static IEnumerable<BlockCipherKernel> SC2000Kernels(byte[] key)
    {
        yield return new SC2000ReferenceKernel(key);
        yield return new SC2000FusedKernel(key);
    }

    private static IEnumerable<BlockCipherKernel> CipherUnicornAKernels(byte[] key)
    {
        yield return new CipherUnicornAKernel(key, allowBmi1: false);
        yield return new CipherUnicornAKernel(key); // the default choice: on netstandard2.0 the same shift-extraction code
        yield return new CipherUnicornAReferenceKernel(key);
    }
}
