using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests.Legacy;

/// <summary>
/// The bytes of the legacy producers that users' data comes from, written by the real producers: Mono's
/// <c>RijndaelManaged</c> (the .NET Framework class), libmcrypt as PHP's <c>mcrypt_encrypt</c> calls it, and the
/// <c>openssl enc</c> command line (tests/legacy/regenerate.sh drives them; the formats are in each file's header).
/// The checks are shared with the Mono runner (tests/CryptoCli.VectorChecks/LegacyProducerVectorChecks.cs).
/// Every line of every file of Vectors/legacy is read (or of the folder named by CRYPTOCLI_LEGACY_VECTORS, which CI
/// fills with freshly generated vectors); a line that does not parse fails, and so does a file whose count differs
/// from its "# vectors: N". Both directions, byte for byte: our decryption of the producer's ciphertext gives its
/// plaintext, and our encryption gives its ciphertext (ISO 10126 pads with random bytes: decryption, and the length
/// of our own ciphertext). Each producer's modes must reach the minimum counts of
/// <see cref="LegacyProducerVectorChecks.Shortfalls"/>, so that a generator that stops writing a mode is noticed. The
/// key derivations of `openssl enc` are done with the runtime (<see cref="OpensslKeyDerivation"/>), checked here
/// against what `openssl enc -P` prints.
/// </summary>
public class LegacyProducerVectorTests
{
    /// <summary>A folder to read instead of the committed Vectors/legacy (CI: vectors the producers just wrote).</summary>
    public const string FolderVariable = LegacyProducerVectorChecks.FolderVariable;

    public static TheoryData<string> Producers() => new(LegacyProducerVectorChecks.Producers);

    private static string Folder => LegacyProducerVectorChecks.VectorDirectory;

    [Fact]
    public void EveryLineOfEveryFile_Parses_AndEachFileHoldsItsDeclaredCount()
    {
        IReadOnlyList<VectorFile> files = VectorFile.ReadFolder(Folder);
        foreach (VectorFile file in files)
        {
            IReadOnlyList<VectorRecord> records = file.ReadTokenLines();
            foreach (VectorRecord record in records)
            {
                LegacyProducerVectorChecks.Parse(record);
            }

            Assert.True(file.DeclaredCount is not null, $"{file.Name}: the header declares no vector count ('# vectors: N')");
            Assert.True(file.DeclaredCount == records.Count, $"{file.Name}: {records.Count} vectors, the header declares {file.DeclaredCount}");
        }
    }

    [Theory]
    [MemberData(nameof(Producers))]
    public void EveryVectorOfTheProducer_BothDirections(string producer)
    {
        var counts = new Dictionary<string, int>(StringComparer.Ordinal);
        var failures = new LegacyProducerVectorChecks.Failures();
        foreach (VectorFile file in VectorFile.ReadFolder(Folder))
        {
            LegacyProducerVectorChecks.CheckFile(file, producer, failures, counts);
        }

        Assert.True(failures.Count == 0, failures.Report());
        string[] shortfalls = LegacyProducerVectorChecks.Shortfalls(producer, counts);
        Assert.True(shortfalls.Length == 0, $"{Folder}:{Environment.NewLine}{string.Join(Environment.NewLine, shortfalls)}");
    }

    /// <summary>The check the Mono runner runs file by file: every vector of every producer, each file's count.</summary>
    [Fact]
    public void TheSharedFamilyCheck_EveryFile()
    {
        int total = new LegacyProducerVectorChecks().CheckEveryFile(Folder);
        Assert.True(total > 0, $"{Folder}: no vector checked");
    }

    [Fact]
    public void KeyDerivations_MatchWhatOpensslPrints()
    {
        // `openssl enc -P` prints the key and IV it derives (OpenSSL 3.0), e.g.
        // openssl enc -aes-256-cbc -md md5 -S 0102030405060708 -pass pass:password -P
        static void Same(string expectedKey, string expectedIV, (byte[] Key, byte[] IV) derived)
        {
            Assert.Equal(expectedKey, Convert.ToHexString(derived.Key));
            Assert.Equal(expectedIV, Convert.ToHexString(derived.IV));
        }

        Same("E7B0971E52CA5CC8D0539FB3412F6316F7BA2E6EE293D9F3457B99436B51CE02", "8D450E2ED75A84A923D4EAC9FE49226B",
            OpensslKeyDerivation.EvpBytesToKey("password"u8.ToArray(), Convert.FromHexString("0102030405060708"), HashAlgorithmName.MD5, 32, 16));
        // -camellia-192-ctr -md sha256 -S a0a1a2a3a4a5a6a7 -pass pass:CryptoCli
        Same("8A475CF556E36CCC8D2E0158C99FC12A842BB6D5705C113B", "69B6F25CD3C1564B96275F6C84ADE643",
            OpensslKeyDerivation.EvpBytesToKey("CryptoCli"u8.ToArray(), Convert.FromHexString("a0a1a2a3a4a5a6a7"), HashAlgorithmName.SHA256, 24, 16));
        // -aes-128-cfb -md md5 -nosalt -pass pass:x
        Same("9DD4E461268C8034F5C8564E155C67A6", "C655CFB544097EF213C59DB9889488AB",
            OpensslKeyDerivation.EvpBytesToKey("x"u8.ToArray(), Array.Empty<byte>(), HashAlgorithmName.MD5, 16, 16));
        // -aes-256-ofb -pbkdf2 -iter 3 -md sha512 -S 0001020304050607 -pass pass:abc
        Same("6F07E4C3C58A5047D009AA0770FC7B03D4908A94E2D8A8E10AA239B0C06FD2BC", "289414DA58E1B0D25CABEE92EE55C398",
            OpensslKeyDerivation.Pbkdf2("abc"u8.ToArray(), Convert.FromHexString("0001020304050607"), 3, HashAlgorithmName.SHA512, 32, 16));
    }
}
