using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using System.Text.RegularExpressions;
using CsCheck;

namespace CryptoCli.Tests.Properties;

/// <summary>
/// How many cases each property runs, and the generators the properties share. Cases are bounded so that a plain
/// <c>dotnet test</c> stays quick; CI (environment variable <c>CI=true</c>) runs ten times as many. A failing
/// property is shrunk to a small case and reported with its CsCheck seed; set the environment variable
/// <c>CsCheck_Seed</c> to that seed to replay it.
/// </summary>
internal static class PropertyRuns
{
    public static bool IsCi { get; } =
        string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase);

    /// <summary>The number of cases: <paramref name="local"/> by default, ten times as many in CI.</summary>
    public static long Iter(int local) => IsCi ? 10L * local : local;

    /// <summary>Cases spent shrinking a failure that the bounded run found.</summary>
    public const int ShrinkIter = 20_000;

    /// <summary>
    /// Samples <paramref name="gen"/> for <see cref="Iter"/>(<paramref name="local"/>) cases. CsCheck shrinks within
    /// the cases left after the first failure, which a bounded run may not have; so a failure is sampled again from
    /// its seed for <see cref="ShrinkIter"/> more cases, and the smallest failing case is reported.
    /// </summary>
    public static void Sample<T>(Gen<T> gen, Action<T> assert, int local, Func<T, string> print, int threads = -1)
    {
        try
        {
            gen.Sample(assert, iter: Iter(local), threads: threads, print: print);
        }
        catch (CsCheckException failure)
        {
            Match seed = Regex.Match(failure.Message, "Set seed: \"([^\"]+)\"");
            if (!seed.Success)
            {
                throw;
            }

            gen.Sample(assert, seed: seed.Groups[1].Value, iter: ShrinkIter, threads: threads, print: print);
            throw;
        }
    }

    /// <summary>The 128-bit-block ciphers and RijndaelCipher, by index (0 is RijndaelCipher).</summary>
    public static readonly string[] CipherNames =
        { nameof(RijndaelCipher), nameof(Camellia), nameof(CipherUnicornA), nameof(Hierocrypt3), nameof(SC2000) };

    public static BlockCipherAlgorithm CreateCipher(int index, int blockBits, byte[] key)
    {
        BlockCipherAlgorithm cipher = index switch
        {
            0 => RijndaelCipher.Create(),
            1 => Camellia.Create(),
            2 => CipherUnicornA.Create(),
            3 => Hierocrypt3.Create(),
            _ => SC2000.Create(),
        };
        cipher.BlockSize = blockBits;
        cipher.Key = key;
        return cipher;
    }

    /// <summary>A cipher index, then its block size (RijndaelCipher: 128 to 256 bits, step 32; others 128).</summary>
    public static readonly Gen<(int Cipher, int BlockBits)> CipherAndBlock =
        from cipher in Gen.Int[0, CipherNames.Length - 1]
        from blockBits in cipher == 0 ? Gen.Int[0, 4].Select(i => 128 + 32 * i) : Gen.Const(128)
        select (cipher, blockBits);

    /// <summary>A key of 16, 24 or 32 bytes: legal for every cipher of <see cref="CipherNames"/>.</summary>
    public static readonly Gen<byte[]> Key = Gen.OneOf(16, 24, 32).SelectMany(n => Gen.Byte.Array[n]);

    /// <summary>Splits <paramref name="length"/> at the given chunk sizes; the rest is the last piece.</summary>
    public static List<(int Offset, int Length)> Split(int length, IEnumerable<int> chunks)
    {
        var pieces = new List<(int, int)>();
        int offset = 0;
        foreach (int chunk in chunks)
        {
            int n = Math.Min(chunk, length - offset);
            pieces.Add((offset, n));
            offset += n;
        }

        pieces.Add((offset, length - offset));
        return pieces;
    }

    public static string Hex(byte[] bytes) => Convert.ToHexString(bytes);

    public static string Chunks(int[] chunks) => "[" + string.Join(",", chunks) + "]";

    /// <summary>Asserts equal bytes with both sides in hex (xunit truncates long arrays).</summary>
    public static void Equal(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string what)
    {
        if (!expected.SequenceEqual(actual))
        {
            throw new Xunit.Sdk.XunitException(
                $"{what}: expected {Convert.ToHexString(expected)}, got {Convert.ToHexString(actual)}");
        }
    }

    public static CipherMode[] Modes { get; } =
        { CipherMode.ECB, CipherMode.CBC, CipherMode.CFB, CipherMode.OFB, CipherMode.CTS };

    public static PaddingMode[] Paddings { get; } =
    {
        PaddingMode.None, PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.ISO10126,
    };

    public static IEnumerable<int> Expand(KeySizes[] sizes) =>
        sizes.SelectMany(s => s.SkipSize == 0
            ? new[] { s.MinSize }
            : Enumerable.Range(0, (s.MaxSize - s.MinSize) / s.SkipSize + 1).Select(i => s.MinSize + i * s.SkipSize));
}
