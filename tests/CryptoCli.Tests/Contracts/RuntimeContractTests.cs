using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The runtime's contract, checked against the runtime itself: every call sequence below runs on
/// <see cref="Aes"/> (or <see cref="SHA256"/>) and on each of our types, and the outcomes must be the same: the same
/// exception type and parameter name, or the same result (a length, a value). Sizes come from each algorithm's own
/// block and key size, so a sequence means the same thing for a 128-bit and a 256-bit block.
/// </summary>
/// <remarks>
/// The deliberate differences: our types throw <see cref="ObjectDisposedException"/> once disposed, where the
/// runtime's keep working (or fail later), which has its own test below; and they accept
/// <see cref="CipherMode.OFB"/> (and CTS without padding), which the modern runtime's <c>Aes</c> refuses but
/// <c>RijndaelManaged</c> code relied on, so OFB is not among the call sequences (the mode tests cover it); and
/// <see cref="RijndaelCipher"/>'s <see cref="SymmetricAlgorithm.FeedbackSize"/> defaults to 128 as
/// <c>RijndaelManaged</c>'s does, so its call sequences run against an <see cref="Aes"/> given that default
/// (<see cref="RijndaelCipherHasRijndaelManagedsDefaults"/> checks the defaults themselves).
/// </remarks>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class RuntimeContractTests
{
    public static TheoryData<string> Ciphers() => BlockCipherContractTests.Ciphers();

    private static BlockCipherAlgorithm Create(string name)
    {
        Type type = typeof(BlockCipherAlgorithm).Assembly.GetExportedTypes().Single(t => t.Name == name);
        return (BlockCipherAlgorithm)type.GetMethod("Create", BindingFlags.Public | BindingFlags.Static, Type.EmptyTypes)!.Invoke(null, null)!;
    }

    private static int BlockBytes(string name)
    {
        using BlockCipherAlgorithm cipher = Create(name);
        return cipher.BlockSize / 8;
    }

    /// <summary>A call sequence on a fresh algorithm; returns what it observed (a value that is the same for any cipher).</summary>
    private delegate object? Scenario(SymmetricAlgorithm algorithm, int blockBytes);

    private static IEnumerable<(string Name, Scenario Run)> SymmetricScenarios()
    {
        // ---- properties ----
        yield return ("FeedbackSize default", (a, b) => a.FeedbackSize.ToString(System.Globalization.CultureInfo.InvariantCulture));
        yield return ("FeedbackSize = 0", (a, b) => a.FeedbackSize = 0);
        yield return ("FeedbackSize = 7", (a, b) => a.FeedbackSize = 7);
        yield return ("FeedbackSize = 8", (a, b) => { a.FeedbackSize = 8; return a.FeedbackSize == 8; });
        yield return ("FeedbackSize = block", (a, b) => { a.FeedbackSize = 8 * b; return a.FeedbackSize == 8 * b; });
        yield return ("FeedbackSize = block + 8", (a, b) => a.FeedbackSize = 8 * b + 8);
        yield return ("FeedbackSize = -8", (a, b) => a.FeedbackSize = -8);
        yield return ("Key = null", (a, b) => a.Key = null!);
        yield return ("Key = empty", (a, b) => a.Key = Array.Empty<byte>());
        yield return ("IV = null", (a, b) => a.IV = null!);
        yield return ("IV = short", (a, b) => a.IV = new byte[b - 1]);
        yield return ("IV = long", (a, b) => a.IV = new byte[b + 1]);
        yield return ("IV default length", (a, b) => a.IV.Length == b);
        yield return ("Key getter is a copy", (a, b) => { byte[] key = a.Key; key[0] ^= 1; return a.Key[0] != key[0]; });
        yield return ("KeySize = 0", (a, b) => a.KeySize = 0);
        yield return ("KeySize = 1", (a, b) => a.KeySize = 1);
        yield return ("BlockSize = 0", (a, b) => a.BlockSize = 0);
        yield return ("BlockSize = 8", (a, b) => a.BlockSize = 8);
        yield return ("BlockSize = current", (a, b) => { a.BlockSize = 8 * b; return a.BlockSize == 8 * b; });
        yield return ("Padding = 0", (a, b) => a.Padding = 0);
        yield return ("Padding = 6", (a, b) => a.Padding = (PaddingMode)6);
        yield return ("Mode = 0", (a, b) => a.Mode = 0);
        yield return ("Mode = 6", (a, b) => a.Mode = (CipherMode)6);
        yield return ("Mode = CTS, CreateEncryptor", (a, b) => { a.Mode = CipherMode.CTS; return a.CreateEncryptor(); });
        yield return ("ValidKeySize(0)", (a, b) => a.ValidKeySize(0));
        yield return ("ValidKeySize(current)", (a, b) => a.ValidKeySize(a.KeySize));

        // ---- CreateEncryptor / CreateDecryptor ----
        foreach (CipherMode mode in new[] { CipherMode.ECB, CipherMode.CBC, CipherMode.CFB })
        {
            foreach (bool encrypt in new[] { true, false })
            {
                string what = $"{mode} {(encrypt ? "CreateEncryptor" : "CreateDecryptor")}";
                yield return ($"{what}(key, null)", (a, b) => Create(a, mode, encrypt, a.Key, null));
                yield return ($"{what}(key, IV - 1)", (a, b) => Create(a, mode, encrypt, a.Key, new byte[b - 1]));
                yield return ($"{what}(key, IV + 1)", (a, b) => Create(a, mode, encrypt, a.Key, new byte[b + 1]));
                yield return ($"{what}(key, empty IV)", (a, b) => Create(a, mode, encrypt, a.Key, Array.Empty<byte>()));
                yield return ($"{what}(key, IV)", (a, b) => Create(a, mode, encrypt, a.Key, new byte[b]));
                yield return ($"{what}(null, IV)", (a, b) => Create(a, mode, encrypt, null!, new byte[b]));
                yield return ($"{what}(short key, IV)", (a, b) => Create(a, mode, encrypt, new byte[3], new byte[b]));
            }
        }

        // ---- TransformBlock / TransformFinalBlock ----
        foreach (CipherMode mode in new[] { CipherMode.ECB, CipherMode.CBC, CipherMode.CFB })
        {
            // CFB-8 pads with one byte, which random ciphertext passes as PKCS7 one time in 256: no PKCS7 decryption here.
            foreach (PaddingMode padding in mode == CipherMode.CFB ? new[] { PaddingMode.None, PaddingMode.Zeros } : new[] { PaddingMode.PKCS7, PaddingMode.None, PaddingMode.Zeros })
            {
                foreach (bool encrypt in new[] { true, false })
                {
                    string what = $"{mode} {padding} {(encrypt ? "encryptor" : "decryptor")}";
                    yield return ($"{what}: TransformBlock(count 0)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, 0, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(count 1)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, 1, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(count block + 1)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, b + 1, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(one block)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, b, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(two blocks)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, 2 * b, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(two blocks, twice)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, 2 * b, new byte[4 * b], 0) + t.TransformBlock(new byte[4 * b], 0, 2 * b, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(past the end)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 3 * b, 2 * b, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(offset past the end)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 5 * b, b, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(negative offset)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], -1, b, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(negative count)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, -b, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(null input)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(null!, 0, b, new byte[4 * b], 0)));
                    yield return ($"{what}: TransformBlock(null output)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, b, null!, 0)));
                    yield return ($"{what}: TransformBlock(short output)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, 2 * b, new byte[2 * b - 1], 0)));
                    yield return ($"{what}: TransformBlock(output offset leaves a block)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, 2 * b, new byte[2 * b], b)));
                    yield return ($"{what}: TransformBlock(output offset past the end)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, b, new byte[2 * b], 2 * b + 1)));
                    yield return ($"{what}: TransformBlock(negative output offset)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformBlock(new byte[4 * b], 0, b, new byte[2 * b], -1)));
                    yield return ($"{what}: TransformFinalBlock(0 bytes)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformFinalBlock(new byte[4 * b], 0, 0).Length));
                    yield return ($"{what}: TransformFinalBlock(empty array)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformFinalBlock(Array.Empty<byte>(), 0, 0).Length));
                    yield return ($"{what}: TransformFinalBlock(1 byte)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformFinalBlock(new byte[4 * b], 0, 1).Length));
                    yield return ($"{what}: TransformFinalBlock(past the end)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformFinalBlock(new byte[4 * b], 3 * b, 2 * b).Length));
                    yield return ($"{what}: TransformFinalBlock(offset past the end)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformFinalBlock(new byte[4 * b], 5 * b, 0).Length));
                    yield return ($"{what}: TransformFinalBlock(negative offset)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformFinalBlock(new byte[4 * b], -1, b).Length));
                    yield return ($"{what}: TransformFinalBlock(negative count)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformFinalBlock(new byte[4 * b], 0, -1).Length));
                    yield return ($"{what}: TransformFinalBlock(null)", (a, b) => Block(a, mode, padding, encrypt, t => t.TransformFinalBlock(null!, 0, 0).Length));
                    yield return ($"{what}: whole blocks, then TransformFinalBlock(0 bytes)", (a, b) => Block(a, mode, padding, encrypt, t =>
                    {
                        // Decryptors get a real ciphertext of one block of plaintext, so that the padding is valid.
                        byte[] input = encrypt ? new byte[b] : Block(a, mode, padding, true, e => e.TransformFinalBlock(new byte[b], 0, b))!;
                        int written = t.TransformBlock(input, 0, input.Length, new byte[input.Length], 0);
                        int final = t.TransformFinalBlock(input, 0, 0).Length;
                        // In blocks and bytes, so that CFB-8's one padding byte reads the same for every block size.
                        return $"written {written / b} blocks + {written % b}, final {final / b} blocks + {final % b}";
                    }));
                    yield return ($"{what}: properties", (a, b) => Block(a, mode, padding, encrypt, t => (t.InputBlockSize == b, t.OutputBlockSize == b, t.CanTransformMultipleBlocks, t.CanReuseTransform)));
                    yield return ($"{what}: used after Dispose", (a, b) => Block(a, mode, padding, encrypt, t => { t.Dispose(); return t.TransformFinalBlock(new byte[b], 0, b).Length; }));
                    yield return ($"{what}: Dispose twice", (a, b) => Block(a, mode, padding, encrypt, t => { t.Dispose(); t.Dispose(); return 0; }));
                }
            }
        }

        // ---- CryptoStream over empty and short input ----
        foreach (CipherMode mode in new[] { CipherMode.ECB, CipherMode.CBC })
        {
            yield return ($"{mode} PKCS7: CryptoStream decrypts an empty stream", (a, b) =>
            {
                a.Mode = mode;
                using var stream = new CryptoStream(new MemoryStream(), a.CreateDecryptor(), CryptoStreamMode.Read);
                return stream.Read(new byte[64], 0, 64);
            });
            yield return ($"{mode} PKCS7: CryptoStream decrypts a partial block", (a, b) =>
            {
                a.Mode = mode;
                using var stream = new CryptoStream(new MemoryStream(new byte[b - 1]), a.CreateDecryptor(), CryptoStreamMode.Read);
                return stream.Read(new byte[64], 0, 64);
            });
            yield return ($"{mode} PKCS7: CryptoStream encrypts nothing", (a, b) =>
            {
                a.Mode = mode;
                var sink = new MemoryStream();
                using (new CryptoStream(sink, a.CreateEncryptor(), CryptoStreamMode.Write, leaveOpen: true))
                {
                }

                return sink.Length == b;
            });
        }

        // ---- one-shots ----
        yield return ("DecryptCbc(empty, PKCS7)", (a, b) => a.DecryptCbc(Array.Empty<byte>(), new byte[b]).Length);
        yield return ("DecryptEcb(empty, PKCS7)", (a, b) => a.DecryptEcb(Array.Empty<byte>(), PaddingMode.PKCS7).Length);
        yield return ("DecryptEcb(empty, None)", (a, b) => a.DecryptEcb(Array.Empty<byte>(), PaddingMode.None).Length);
        yield return ("TryDecryptEcb(empty, PKCS7, empty destination)", (a, b) => (a.TryDecryptEcb(ReadOnlySpan<byte>.Empty, Span<byte>.Empty, PaddingMode.PKCS7, out int written), written));
        yield return ("EncryptEcb(empty, PKCS7)", (a, b) => a.EncryptEcb(Array.Empty<byte>(), PaddingMode.PKCS7).Length == b);
        yield return ("EncryptCbc(null IV)", (a, b) => a.EncryptCbc(new byte[b], (byte[])null!));
        yield return ("EncryptCbc(short IV)", (a, b) => a.EncryptCbc(new byte[b], new byte[b - 1]));
        yield return ("DecryptCbc(short IV)", (a, b) => a.DecryptCbc(new byte[b], new byte[b - 1]));
        yield return ("EncryptEcb(bad padding mode)", (a, b) => a.EncryptEcb(new byte[b], (PaddingMode)9));
        yield return ("DecryptEcb(bad padding mode)", (a, b) => a.DecryptEcb(new byte[b], (PaddingMode)9));
        yield return ("DecryptEcb(partial block, None)", (a, b) => a.DecryptEcb(new byte[b + 1], PaddingMode.None));
        yield return ("DecryptEcb(partial block, PKCS7)", (a, b) => a.DecryptEcb(new byte[b + 1], PaddingMode.PKCS7));
        yield return ("EncryptEcb(partial block, None)", (a, b) => a.EncryptEcb(new byte[b + 1], PaddingMode.None));
        yield return ("EncryptEcb(null)", (a, b) => a.EncryptEcb((byte[])null!, PaddingMode.PKCS7));
        yield return ("DecryptCbc(null)", (a, b) => a.DecryptCbc((byte[])null!, new byte[b]));
        yield return ("EncryptEcb(destination too short)", (a, b) => a.EncryptEcb(new byte[b], new byte[b], PaddingMode.PKCS7));
        yield return ("DecryptEcb(destination too short)", (a, b) => a.DecryptEcb(new byte[2 * b], new byte[b], PaddingMode.None));
        yield return ("GetCiphertextLengthEcb(-1)", (a, b) => a.GetCiphertextLengthEcb(-1, PaddingMode.PKCS7));
        yield return ("GetCiphertextLengthCbc(bad padding)", (a, b) => a.GetCiphertextLengthCbc(1, (PaddingMode)9));
        yield return ("GetCiphertextLengthCbc(partial, None)", (a, b) => a.GetCiphertextLengthCbc(1, PaddingMode.None));
        yield return ("EncryptCfb(1 byte, PKCS7, CFB-8)", (a, b) => a.EncryptCfb(new byte[1], new byte[b], PaddingMode.PKCS7, 8).Length);
        yield return ("EncryptCfb(block + 1, None, full-block feedback)", (a, b) => a.EncryptCfb(new byte[b + 1], new byte[b], PaddingMode.None, 8 * b));
        yield return ("EncryptCfb(block + 1, PKCS7, full-block feedback)", (a, b) => a.EncryptCfb(new byte[b + 1], new byte[b], PaddingMode.PKCS7, 8 * b).Length);
        yield return ("EncryptCfb(feedback 7)", (a, b) => a.EncryptCfb(new byte[b], new byte[b], PaddingMode.None, 7));
        yield return ("EncryptCfb(feedback block + 8)", (a, b) => a.EncryptCfb(new byte[b], new byte[b], PaddingMode.None, 8 * b + 8));
        yield return ("EncryptCfb(short IV)", (a, b) => a.EncryptCfb(new byte[b], new byte[b - 1], PaddingMode.None, 8));
        yield return ("DecryptCfb(2 blocks, None, CFB-8)", (a, b) => a.DecryptCfb(new byte[2 * b], new byte[b], PaddingMode.None, 8).Length);
        yield return ("GetCiphertextLengthCfb(1, PKCS7, CFB-8)", (a, b) => a.GetCiphertextLengthCfb(1, PaddingMode.PKCS7, 8));
        yield return ("GetCiphertextLengthCfb(1, None, full-block feedback)", (a, b) => a.GetCiphertextLengthCfb(1, PaddingMode.None, 8 * b));
        yield return ("GetCiphertextLengthCbc(int.MaxValue)", (a, b) => a.GetCiphertextLengthCbc(int.MaxValue, PaddingMode.PKCS7));
    }

    private static object Create(SymmetricAlgorithm algorithm, CipherMode mode, bool encrypt, byte[] key, byte[]? iv)
    {
        algorithm.Mode = mode;
        using ICryptoTransform transform = encrypt ? algorithm.CreateEncryptor(key, iv) : algorithm.CreateDecryptor(key, iv);
        return transform.InputBlockSize == algorithm.BlockSize / 8;
    }

    private static T Block<T>(SymmetricAlgorithm algorithm, CipherMode mode, PaddingMode padding, bool encrypt, Func<ICryptoTransform, T> use)
    {
        algorithm.Mode = mode;
        algorithm.Padding = padding;
        using ICryptoTransform transform = encrypt ? algorithm.CreateEncryptor() : algorithm.CreateDecryptor();
        return use(transform);
    }

    /// <summary>What a call did, as a comparable string: the exception's type and parameter name, or the result.</summary>
    /// <remarks>Lengths are in blocks and bytes (<paramref name="blockBytes"/>), so that ciphers of different block sizes compare.</remarks>
    private static string Outcome(Func<object?> call, int blockBytes = 1)
    {
        try
        {
            object? result = call();
            return "returned " + result switch
            {
                null or ICryptoTransform => "(object)",
                int length => $"{length / blockBytes} blocks + {length % blockBytes}",
                ValueTuple<bool, int> tried => $"({tried.Item1}, {tried.Item2 / blockBytes} blocks + {tried.Item2 % blockBytes})",
                _ => result.ToString(),
            };
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            return Describe(e.InnerException);
        }
        catch (Exception e)
        {
            return Describe(e);
        }

        static string Describe(Exception e) =>
            e is ArgumentException argument ? $"{e.GetType().Name}(paramName: {argument.ParamName ?? "null"})" : e.GetType().Name;
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void EveryCallSequenceBehavesAsOnAes(string name)
    {
        var differences = new List<string>();
        foreach ((string scenario, Scenario run) in SymmetricScenarios())
        {
            string expected = Outcome(() =>
            {
                using Aes aes = Aes.Create();
                if (name == nameof(RijndaelCipher))
                {
                    aes.FeedbackSize = 128; // RijndaelManaged's default, and so RijndaelCipher's
                }

                return run(aes, aes.BlockSize / 8);
            }, 16);
            string actual = Outcome(() =>
            {
                using BlockCipherAlgorithm cipher = Create(name);
                return run(cipher, cipher.BlockSize / 8);
            }, BlockBytes(name));
            if (expected != actual)
            {
                differences.Add($"{scenario}: Aes {expected}, {name} {actual}");
            }
        }

        Assert.True(differences.Count == 0, $"{differences.Count} differences from Aes:\n" + string.Join("\n", differences));
    }

    /// <summary>
    /// <see cref="RijndaelCipher"/> starts as <c>RijndaelManaged</c> does (the runtime's own, obsolete but present),
    /// so code ported by renaming the type keeps its mode, padding, sizes and CFB segment; its legal sizes are a
    /// superset (it adds the 160- and 224-bit blocks and keys of the Rijndael proposal).
    /// </summary>
    [Fact]
    public void RijndaelCipherHasRijndaelManagedsDefaults()
    {
#pragma warning disable SYSLIB0022 // RijndaelManaged is obsolete: it is the reference here
        using var managed = new RijndaelManaged();
#pragma warning restore SYSLIB0022
        using RijndaelCipher ours = RijndaelCipher.Create();
        Assert.Equal(managed.KeySize, ours.KeySize);
        Assert.Equal(managed.BlockSize, ours.BlockSize);
        Assert.Equal(managed.FeedbackSize, ours.FeedbackSize);
        Assert.Equal(128, ours.FeedbackSize);
        Assert.Equal(managed.Mode, ours.Mode);
        Assert.Equal(managed.Padding, ours.Padding);
        foreach (KeySizes sizes in managed.LegalKeySizes)
        {
            for (int size = sizes.MinSize; size <= sizes.MaxSize; size += Math.Max(sizes.SkipSize, 1))
            {
                Assert.True(ours.ValidKeySize(size), $"key size {size}");
            }
        }

        // At every block size the default feedback stays 128 (CFB-128), as RijndaelManaged's does.
        foreach (int blockBits in new[] { 128, 160, 192, 224, 256 })
        {
            ours.BlockSize = blockBits;
            Assert.Equal(128, ours.FeedbackSize);
        }
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void ExceptionMessagesAreTheRuntimes(string name)
    {
        // The runtime's wording for the errors a caller is most likely to log.
        using Aes aes = Aes.Create();
        using BlockCipherAlgorithm cipher = Create(name);
        foreach (Func<SymmetricAlgorithm, object?> call in new Func<SymmetricAlgorithm, object?>[]
        {
            a => a.Key = null!,
            a => a.FeedbackSize = 7,
            a => a.DecryptEcb(new byte[a.BlockSize / 8 + 1], PaddingMode.None),
            a => a.CreateDecryptor().TransformBlock(new byte[a.BlockSize / 8], 0, 1, new byte[a.BlockSize / 8], 0),
            a => a.CreateDecryptor().TransformBlock(new byte[a.BlockSize / 8], 0, 0, new byte[a.BlockSize / 8], 0),
        })
        {
            Exception expected = Record(() => call(aes));
            Exception actual = Record(() => call(cipher));
            Assert.Equal(expected.GetType(), actual.GetType());
            Assert.Equal(expected.Message, actual.Message);
        }

        static Exception Record(Action action) => Assert.ThrowsAny<Exception>(action);
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void UseAfterDisposeIsTheOneDeliberateDifference(string name)
    {
        // Aes keeps working after Dispose (it re-creates its key); ours has wiped the key and says so.
        Aes aes = Aes.Create();
        aes.Dispose();
        Assert.Equal(16, aes.EncryptEcb(new byte[16], PaddingMode.None).Length);

        BlockCipherAlgorithm cipher = Create(name);
        int blockBytes = cipher.BlockSize / 8;
        ICryptoTransform transform = cipher.CreateEncryptor();
        cipher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cipher.EncryptEcb(new byte[blockBytes], PaddingMode.None));
        Assert.Throws<ObjectDisposedException>(() => cipher.EncryptCtr(new byte[3], new byte[blockBytes]));
        Assert.Throws<ObjectDisposedException>(() => cipher.Key);
        Assert.Throws<ObjectDisposedException>(() => cipher.CreateEncryptor());
        Assert.Throws<ObjectDisposedException>(() => cipher.GenerateKey());
        cipher.Dispose(); // twice is fine
        // A transform created before keeps its own copy of the key until it is disposed itself.
        Assert.Equal(cipher.BlockSize / 8 * 2, transform.TransformFinalBlock(new byte[cipher.BlockSize / 8], 0, cipher.BlockSize / 8).Length);
        transform.Dispose();
    }

    // ---- hash algorithms: SHA256's contract ----

    public static TheoryData<string> Hashes()
    {
        var data = new TheoryData<string>();
        foreach (Type type in HashTypes())
        {
            data.Add(type.Name);
        }

        return data;
    }

    private static IEnumerable<Type> HashTypes() =>
        typeof(BlockCipherAlgorithm).Assembly.GetExportedTypes()
            .Where(t => !t.IsAbstract && typeof(HashAlgorithm).IsAssignableFrom(t) && !typeof(KeyedHashAlgorithm).IsAssignableFrom(t)) // MACs: not SHA256's contract
            .OrderBy(t => t.Name, StringComparer.Ordinal);

    private static HashAlgorithm CreateHash(string name) =>
        (HashAlgorithm)HashTypes().Single(t => t.Name == name).GetMethod("Create", BindingFlags.Public | BindingFlags.Static, Type.EmptyTypes)!.Invoke(null, null)!;

    private static IEnumerable<(string Name, Func<HashAlgorithm, object?> Run)> HashScenarios()
    {
        yield return ("ComputeHash(null)", h => h.ComputeHash((byte[])null!));
        yield return ("ComputeHash(empty)", h => h.ComputeHash(Array.Empty<byte>()).Length == h.HashSize / 8);
        yield return ("ComputeHash(past the end)", h => h.ComputeHash(new byte[4], 2, 3));
        yield return ("ComputeHash(negative offset)", h => h.ComputeHash(new byte[4], -1, 1));
        yield return ("ComputeHash(stream null)", h => h.ComputeHash((Stream)null!));
        yield return ("Hash before any hashing", h => h.Hash);
        yield return ("TransformBlock(past the end)", h => h.TransformBlock(new byte[4], 2, 3, null, 0));
        yield return ("TransformBlock(null output)", h => h.TransformBlock(new byte[4], 0, 4, null, 0));
        yield return ("TransformBlock(short output)", h => h.TransformBlock(new byte[4], 0, 4, new byte[3], 0));
        yield return ("TransformFinalBlock(null)", h => h.TransformFinalBlock(null!, 0, 0));
        yield return ("TransformFinalBlock then Hash", h => { h.TransformFinalBlock(new byte[3], 0, 3); return h.Hash!.Length == h.HashSize / 8; });
        yield return ("TryComputeHash(short destination)", h => (h.TryComputeHash(new byte[3], new byte[h.HashSize / 8 - 1], out int written), written));
        yield return ("Initialize, then ComputeHash", h => { h.Initialize(); return h.ComputeHash(new byte[1]).Length == h.HashSize / 8; });
        yield return ("Initialize after Dispose", h => { h.Dispose(); h.Initialize(); return true; });
        yield return ("Clear, then Initialize", h => { h.Clear(); h.Initialize(); return true; });
        yield return ("Dispose twice", h => { h.Dispose(); h.Dispose(); return true; });
        yield return ("ComputeHash after Dispose", h => { h.Dispose(); return h.ComputeHash(new byte[1]); });
        yield return ("TransformBlock after Dispose", h => { h.Dispose(); return h.TransformBlock(new byte[1], 0, 1, null, 0); });
        yield return ("CanReuseTransform", h => h.CanReuseTransform);
        yield return ("CanTransformMultipleBlocks", h => h.CanTransformMultipleBlocks);
        yield return ("InputBlockSize", h => h.InputBlockSize);
    }

    [Theory]
    [MemberData(nameof(Hashes))]
    public void EveryHashCallSequenceBehavesAsOnSha256(string name)
    {
        var differences = new List<string>();
        foreach ((string scenario, Func<HashAlgorithm, object?> run) in HashScenarios())
        {
            string expected = Outcome(() =>
            {
                using SHA256 sha = SHA256.Create();
                return run(sha);
            });
            string actual = Outcome(() =>
            {
                using HashAlgorithm hash = CreateHash(name);
                return run(hash);
            });
            if (expected != actual)
            {
                differences.Add($"{scenario}: SHA256 {expected}, {name} {actual}");
            }
        }

        Assert.True(differences.Count == 0, $"{differences.Count} differences from SHA256:\n" + string.Join("\n", differences));
    }
}
