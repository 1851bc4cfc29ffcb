using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The behaviour every block cipher shares with the runtime's Aes, run over every public
/// <see cref="BlockCipherAlgorithm"/> in the library, found by reflection (so a new cipher is covered the day it lands),
/// and again with each other registered kernel that runs here pinned behind the public type ("Camellia/table64"), so
/// that every kernel of every registry passes the same contract, its fused mode loops included.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class BlockCipherContractTests
{
    public static TheoryData<string> Ciphers()
    {
        var data = new TheoryData<string>();
        foreach (Type type in AllCipherTypes())
        {
            data.Add(type.Name);
        }

        return data;
    }

    /// <summary>Every cipher with its default kernel, then "Cipher/kernel" for every other registered kernel that runs here.</summary>
    public static TheoryData<string> CiphersAndKernels()
    {
        var data = new TheoryData<string>();
        foreach (Type type in AllCipherTypes())
        {
            data.Add(type.Name);
            using BlockCipherAlgorithm cipher = Create(type.Name);
            string defaultKernel = cipher.Kernel.Name.Split(':')[0];
            foreach (BlockCipherKernelEntry entry in RegisteredKernelContractTests.Registry(type).Entries)
            {
                if (entry.Name != defaultKernel && RegisteredKernelContractTests.IsSupportedAtSomeSize(type, entry))
                {
                    data.Add(type.Name + "/" + entry.Name);
                }
            }
        }

        return data;
    }

    private static IEnumerable<Type> AllCipherTypes() =>
        typeof(BlockCipherAlgorithm).Assembly.GetExportedTypes()
            .Where(t => !t.IsAbstract && typeof(BlockCipherAlgorithm).IsAssignableFrom(t))
            .OrderBy(t => t.Name, StringComparer.Ordinal);

    // "Cipher" or "Cipher/kernel": the kernel is pinned (at block sizes it does not support, the default runs).
    private static BlockCipherAlgorithm Create(string name)
    {
        string[] parts = name.Split('/');
        Type type = AllCipherTypes().Single(t => t.Name == parts[0]);
        var cipher = (BlockCipherAlgorithm)type.GetMethod("Create", BindingFlags.Public | BindingFlags.Static, Type.EmptyTypes)!.Invoke(null, null)!;
        Assert.IsType(type, cipher);
        if (parts.Length > 1)
        {
            cipher.PinnedKernel = parts[1];
            if (RegisteredKernelContractTests.Registry(type).Get(parts[1]).IsSupported(cipher.BlockSize / 8))
            {
                Assert.Equal(parts[1], cipher.Kernel.Name.Split(':')[0]);
            }
        }

        return cipher;
    }

    private static IEnumerable<int> Sizes(KeySizes[] legal) =>
        legal.SelectMany(s => s.SkipSize == 0 ? new[] { s.MinSize } : Enumerable.Range(0, (s.MaxSize - s.MinSize) / s.SkipSize + 1).Select(i => s.MinSize + i * s.SkipSize));

    [Fact]
    public void TheRegistryIsNotEmpty() => Assert.Contains(nameof(RijndaelCipher), AllCipherTypes().Select(t => t.Name));

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void RoundTripsEveryKeyBlockModeAndPadding(string name)
    {
        Random random = TestRandom.Create(name.Length);
        using BlockCipherAlgorithm cipher = Create(name);
        foreach (int blockBits in Sizes(cipher.LegalBlockSizes))
        {
            cipher.BlockSize = blockBits;
            int blockBytes = blockBits / 8;
            foreach (int keyBits in Sizes(cipher.LegalKeySizes))
            {
                cipher.Key = TestRandom.Bytes(random, keyBits / 8);
                byte[] iv = TestRandom.Bytes(random, blockBytes);
                foreach (PaddingMode padding in new[] { PaddingMode.PKCS7, PaddingMode.ANSIX923, PaddingMode.ISO10126, PaddingMode.None, PaddingMode.Zeros })
                {
                    int length = padding is PaddingMode.None ? blockBytes * 3 : random.Next(0, 5 * blockBytes);
                    byte[] message = TestRandom.Bytes(random, length);
                    if (padding == PaddingMode.Zeros && length > 0)
                    {
                        message[^1] = 1; // trailing zeros would be indistinguishable from the padding
                    }

                    byte[] expected = padding == PaddingMode.Zeros
                        ? message.Concat(new byte[cipher.GetCiphertextLengthEcb(length, padding) - length]).ToArray()
                        : message;
                    Assert.Equal(expected, cipher.DecryptEcb(cipher.EncryptEcb(message, padding), padding));
                    Assert.Equal(expected, cipher.DecryptCbc(cipher.EncryptCbc(message, iv, padding), iv, padding));
                }

                byte[] data = TestRandom.Bytes(random, random.Next(0, 4 * blockBytes + 3));
                Assert.Equal(data, cipher.DecryptCtr(cipher.EncryptCtr(data, iv), iv));
            }
        }
    }

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void CryptoStreamMatchesOneShots(string name)
    {
        Random random = TestRandom.Create(name.Length + 7);
        using BlockCipherAlgorithm cipher = Create(name);
        foreach (CipherMode mode in new[] { CipherMode.CBC, CipherMode.ECB })
        {
            cipher.Mode = mode;
            cipher.Padding = PaddingMode.PKCS7;
            byte[] message = TestRandom.Bytes(random, 777);
            var sink = new MemoryStream();
            using (var stream = new CryptoStream(sink, cipher.CreateEncryptor(), CryptoStreamMode.Write, leaveOpen: true))
            {
                for (int offset = 0; offset < message.Length;)
                {
                    int chunk = Math.Min(random.Next(1, 50), message.Length - offset);
                    stream.Write(message, offset, chunk);
                    offset += chunk;
                }
            }

            byte[] expected = mode == CipherMode.CBC ? cipher.EncryptCbc(message, cipher.IV) : cipher.EncryptEcb(message, PaddingMode.PKCS7);
            Assert.Equal(expected, sink.ToArray());
            using ICryptoTransform decryptor = cipher.CreateDecryptor();
            Assert.Equal(message, decryptor.TransformFinalBlock(expected, 0, expected.Length));
            Assert.Equal(message, decryptor.TransformFinalBlock(expected, 0, expected.Length)); // reusable
        }
    }

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void WrongKeyAndIVSizesAreRejectedAsTheRuntimeDoes(string name)
    {
        using BlockCipherAlgorithm cipher = Create(name);
        int blockBytes = cipher.BlockSize / 8;
        var keyError = Assert.Throws<CryptographicException>(() => cipher.Key = new byte[3]);
        Assert.Equal("Specified key is not a valid size for this algorithm.", keyError.Message);
        Assert.Throws<CryptographicException>(() => cipher.KeySize = 8);
        ArgumentException rgbKey = Assert.Throws<ArgumentException>(() => cipher.CreateEncryptor(new byte[5], new byte[blockBytes]));
        Assert.Equal("rgbKey", rgbKey.ParamName);
        Assert.Throws<ArgumentException>("rgbIV", () => cipher.CreateDecryptor(cipher.Key, new byte[blockBytes + 1]));
        Assert.Throws<CryptographicException>(() => cipher.IV = new byte[blockBytes - 1]);
        ArgumentException iv = Assert.Throws<ArgumentException>("iv", () => cipher.EncryptCbc(new byte[blockBytes], new byte[blockBytes + 2]));
        Assert.Equal("Specified initialization vector (IV) does not match the block size for this algorithm. (Parameter 'iv')", iv.Message);
        Assert.Throws<ArgumentException>("initialCounter", () => cipher.EncryptCtr(new byte[3], new byte[blockBytes - 1]));
        Assert.Throws<CryptographicException>(() => cipher.Mode = (CipherMode)42);
        Assert.Throws<CryptographicException>(() => cipher.FeedbackSize = 12);
        Assert.Throws<CryptographicException>(() => cipher.FeedbackSize = cipher.BlockSize + 8);
        Assert.Throws<ArgumentNullException>("plaintext", () => cipher.EncryptEcb((byte[])null!, PaddingMode.None));
        Assert.Throws<ArgumentNullException>("initialCounter", () => cipher.EncryptCtr(new byte[1], null!));
        Assert.Throws<ArgumentOutOfRangeException>("paddingMode", () => cipher.EncryptEcb(new byte[1], (PaddingMode)42));
        Assert.Throws<ArgumentException>(() => cipher.EncryptEcb(new byte[blockBytes + 1], PaddingMode.None));
    }

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void PartialBlocksAndBadPaddingThrowAndLeaveNoPlaintext(string name)
    {
        using BlockCipherAlgorithm cipher = Create(name);
        int blockBytes = cipher.BlockSize / 8;
        var partial = Assert.Throws<CryptographicException>(() => cipher.DecryptEcb(new byte[blockBytes + 1], PaddingMode.None));
        Assert.Equal("The input data is not a complete block.", partial.Message);

        // A message whose last block decrypts to bad PKCS7 padding (last byte 0).
        byte[] plaintext = new byte[blockBytes * 3];
        plaintext.AsSpan().Fill(0x41);
        plaintext[^1] = 0;
        byte[] iv = new byte[blockBytes];
        byte[] ciphertext = cipher.EncryptCbc(plaintext, iv, PaddingMode.None);
        byte[] destination = new byte[ciphertext.Length + 8];
        var padding = Assert.Throws<CryptographicException>(() => cipher.DecryptCbc(ciphertext, iv, destination, PaddingMode.PKCS7));
        Assert.Equal("Padding is invalid and cannot be removed.", padding.Message);
        Assert.All(destination, b => Assert.Equal(0, b));
        Assert.Throws<CryptographicException>(() => cipher.DecryptEcb(cipher.EncryptEcb(plaintext, PaddingMode.None), PaddingMode.ANSIX923));
        using ICryptoTransform decryptor = cipher.CreateDecryptor(cipher.Key, iv);
        Assert.Throws<CryptographicException>(() => decryptor.TransformFinalBlock(ciphertext, 0, ciphertext.Length));
    }

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void ShortDestinationsAreNotWritten(string name)
    {
        using BlockCipherAlgorithm cipher = Create(name);
        int blockBytes = cipher.BlockSize / 8;
        byte[] message = new byte[blockBytes * 2 + 3];
        byte[] iv = new byte[blockBytes];
        byte[] ciphertext = cipher.EncryptCbc(message, iv);
        foreach (int shortBy in new[] { 1, blockBytes })
        {
            byte[] destination = Enumerable.Repeat((byte)0xA5, ciphertext.Length - shortBy).ToArray();
            Assert.False(cipher.TryEncryptCbc(message, iv, destination, out int written));
            Assert.Equal(0, written);
            Assert.All(destination, b => Assert.Equal(0xA5, b));
            Assert.False(cipher.TryEncryptEcb(message, destination, PaddingMode.PKCS7, out written));
            Assert.All(destination, b => Assert.Equal(0xA5, b));
            Assert.Throws<ArgumentException>("destination", () => cipher.EncryptCbc(message, iv, destination.AsSpan()));
        }

        // Decryption: the destination is long enough for the plaintext but not for the ciphertext, then too short.
        byte[] exact = new byte[message.Length];
        Assert.True(cipher.TryDecryptCbc(ciphertext, iv, exact, out int plaintextLength));
        Assert.Equal(message.Length, plaintextLength);
        byte[] tooShort = Enumerable.Repeat((byte)0xA5, message.Length - 1).ToArray();
        Assert.False(cipher.TryDecryptCbc(ciphertext, iv, tooShort, out plaintextLength));
        Assert.Equal(0, plaintextLength);
        Assert.All(tooShort, b => Assert.Equal(0xA5, b));
        byte[] ctrShort = Enumerable.Repeat((byte)0xA5, 4).ToArray();
        Assert.False(cipher.TryTransformCtr(new byte[5], iv, ctrShort, out int ctrWritten));
        Assert.Equal(0, ctrWritten);
        Assert.All(ctrShort, b => Assert.Equal(0xA5, b));
    }

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void InPlaceWorksAndPartialOverlapIsRejected(string name)
    {
        Random random = TestRandom.Create(3);
        using BlockCipherAlgorithm cipher = Create(name);
        int blockBytes = cipher.BlockSize / 8;
        byte[] iv = TestRandom.Bytes(random, blockBytes);
        byte[] message = TestRandom.Bytes(random, blockBytes * 5);
        byte[] expected = cipher.EncryptCbc(message, iv, PaddingMode.None);
        byte[] buffer = (byte[])message.Clone();
        cipher.EncryptCbc(buffer, iv, buffer, PaddingMode.None);
        Assert.Equal(expected, buffer);
        cipher.DecryptCbc(buffer, iv, buffer, PaddingMode.None);
        Assert.Equal(message, buffer);
        byte[] big = new byte[blockBytes * 8];
        Assert.Throws<ArgumentException>(() => cipher.EncryptEcb(big.AsSpan(0, blockBytes * 4), big.AsSpan(1), PaddingMode.None));
        Assert.Throws<ArgumentException>(() => cipher.EncryptCtr(big.AsSpan(3, blockBytes * 2), iv, big.AsSpan(0)));
    }

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void DisposeWipesTheKeyAndForbidsUse(string name)
    {
        BlockCipherAlgorithm cipher = Create(name);
        cipher.Key = Enumerable.Repeat((byte)0x5C, cipher.KeySize / 8).ToArray();
        BlockCipherKernel kernel = cipher.Kernel;
        cipher.EncryptEcb(new byte[cipher.BlockSize / 8], PaddingMode.None);
        List<Array> keyArrays = KeyArrays(kernel).ToList();
        Assert.NotEmpty(keyArrays);
        Assert.Contains(keyArrays, a => !IsZero(a)); // the expanded key is there before...
        cipher.Dispose();
        Assert.All(keyArrays, a => Assert.True(IsZero(a), $"{kernel.GetType().Name} left key material after Dispose")); // ...and gone after
        Assert.Throws<ObjectDisposedException>(() => cipher.Key);
        Assert.Throws<ObjectDisposedException>(() => cipher.EncryptEcb(new byte[16], PaddingMode.PKCS7));
        Assert.Throws<ObjectDisposedException>(() => cipher.EncryptCtr(new byte[16], new byte[cipher.BlockSize / 8]));
    }

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void SettingKeySizeToItsCurrentValueReKeysAsAesDoes(string name)
    {
        Random random = TestRandom.Create(name.Length + 11);
        using BlockCipherAlgorithm cipher = Create(name);
        using Aes aes = Aes.Create();
        foreach (SymmetricAlgorithm algorithm in new SymmetricAlgorithm[] { aes, cipher })
        {
            int blockBytes = algorithm.BlockSize / 8;
            byte[] iv = TestRandom.Bytes(random, blockBytes);
            byte[] message = TestRandom.Bytes(random, 3 * blockBytes + 5);
            byte[] key = TestRandom.Bytes(random, algorithm.KeySize / 8);
            algorithm.Key = key;
            byte[] before = algorithm.EncryptCbc(message, iv);
            algorithm.KeySize = algorithm.KeySize; // the same size: a new key all the same
            Assert.NotEqual(key, algorithm.Key);
            byte[] after = algorithm.EncryptCbc(message, iv);
            Assert.NotEqual(before, after);

            // Whatever Key reports is the key the data was encrypted with.
            using SymmetricAlgorithm check = algorithm is Aes ? Aes.Create() : Create(name);
            check.Key = algorithm.Key;
            Assert.Equal(message, check.DecryptCbc(after, iv));
        }
    }

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void EveryPathThatChangesOrDropsTheKeyWipesTheCachedScheduleAndTheOldKey(string name)
    {
        FieldInfo keyValue = typeof(SymmetricAlgorithm).GetField("KeyValue", BindingFlags.Instance | BindingFlags.NonPublic)!;
        var changes = new (string Path, Action<BlockCipherAlgorithm> Change)[]
        {
            ("Key", c => c.Key = Enumerable.Repeat((byte)0x11, c.KeySize / 8).ToArray()),
            ("Key (same value)", c => c.Key = Enumerable.Repeat((byte)0x5C, c.KeySize / 8).ToArray()),
            ("KeySize (same value)", c => c.KeySize = c.KeySize),
            ("KeySize", c => c.KeySize = Sizes(c.LegalKeySizes).OrderBy(size => size == c.KeySize).First()), // another size where there is one
            ("GenerateKey", c => c.GenerateKey()),
            ("Dispose", c => c.Dispose()),
        };
        foreach ((string path, Action<BlockCipherAlgorithm> change) in changes)
        {
            BlockCipherAlgorithm cipher = Create(name);
            cipher.Key = Enumerable.Repeat((byte)0x5C, cipher.KeySize / 8).ToArray();
            byte[] oldKey = (byte[])keyValue.GetValue(cipher)!;
            BlockCipherKernel kernel = cipher.Kernel;
            List<Array> keyArrays = KeyArrays(kernel).ToList();
            Assert.Contains(keyArrays, a => !IsZero(a));
            change(cipher);
            Assert.True(keyArrays.All(IsZero), $"{name}: {path} left the old expanded key in {kernel.GetType().Name}");
            Assert.True(oldKey.All(b => b == 0), $"{name}: {path} left the old key bytes");
            if (path != "Dispose")
            {
                Assert.NotSame(kernel, cipher.Kernel); // a new schedule for whatever key is current now
                cipher.Dispose();
            }
        }
    }

    /// <summary>The array-typed fields of a kernel: where expanded keys live.</summary>
    private static IEnumerable<Array> KeyArrays(object kernel)
    {
        for (Type? type = kernel.GetType(); type is not null && type != typeof(object); type = type.BaseType)
        {
            foreach (FieldInfo field in type.GetFields(BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public | BindingFlags.DeclaredOnly))
            {
                if (field.FieldType.IsArray && field.GetValue(kernel) is Array array && array.Length > 0)
                {
                    yield return array;
                }
            }
        }
    }

    private static bool IsZero(Array array)
    {
        object? zero = array.GetType().GetElementType()!.IsValueType ? Activator.CreateInstance(array.GetType().GetElementType()!) : null;
        foreach (object? element in array)
        {
            if (!Equals(element, zero))
            {
                return false;
            }
        }

        return true;
    }

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void BlockCallsMatchEcbWithoutPaddingAtEveryBlockSizeAndKeySize(string name)
    {
        Random random = TestRandom.Create(name.Length + 31);
        using BlockCipherAlgorithm cipher = Create(name);
        foreach (int blockBits in Sizes(cipher.LegalBlockSizes))
        {
            cipher.BlockSize = blockBits;
            int blockBytes = blockBits / 8;
            foreach (int keyBits in Sizes(cipher.LegalKeySizes))
            {
                cipher.Key = TestRandom.Bytes(random, keyBits / 8);
                foreach (int blocks in new[] { 0, 1, 2, 4, 9, 17 })
                {
                    byte[] plaintext = TestRandom.Bytes(random, blocks * blockBytes);
                    byte[] expected = cipher.EncryptEcb(plaintext, PaddingMode.None);

                    // Disjoint buffers (the short path), a longer destination (its tail untouched), and in place.
                    byte[] destination = Enumerable.Repeat((byte)0xEE, plaintext.Length + 5).ToArray();
                    Assert.Equal(plaintext.Length, cipher.EncryptBlocks(plaintext, destination));
                    Assert.Equal(expected, destination.AsSpan(0, plaintext.Length).ToArray());
                    Assert.All(destination.Skip(plaintext.Length), b => Assert.Equal(0xEE, b));
                    byte[] decrypted = new byte[plaintext.Length];
                    Assert.Equal(plaintext.Length, cipher.DecryptBlocks(expected, decrypted));
                    Assert.Equal(plaintext, decrypted);

                    byte[] inPlace = (byte[])plaintext.Clone();
                    cipher.EncryptBlocks(inPlace, inPlace);
                    Assert.Equal(expected, inPlace);
                    cipher.DecryptBlocks(inPlace, inPlace);
                    Assert.Equal(plaintext, inPlace);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(CiphersAndKernels))]
    public void SingleBlockCallsMatchEcbWithoutPaddingAtEveryBlockSizeAndKeySize(string name)
    {
        Random random = TestRandom.Create(name.Length + 37);
        using BlockCipherAlgorithm cipher = Create(name);
        foreach (int blockBits in Sizes(cipher.LegalBlockSizes))
        {
            cipher.BlockSize = blockBits;
            int blockBytes = blockBits / 8;
            foreach (int keyBits in Sizes(cipher.LegalKeySizes))
            {
                cipher.Key = TestRandom.Bytes(random, keyBits / 8);
                for (int attempt = 0; attempt < 3; attempt++)
                {
                    byte[] block = TestRandom.Bytes(random, blockBytes);
                    byte[] expected = cipher.EncryptEcb(block, PaddingMode.None);

                    // Disjoint buffers (the short path), a longer destination (its tail untouched), and in place.
                    byte[] destination = Enumerable.Repeat((byte)0xEE, blockBytes + 5).ToArray();
                    cipher.EncryptBlock(block, destination);
                    Assert.Equal(expected, destination.AsSpan(0, blockBytes).ToArray());
                    Assert.All(destination.Skip(blockBytes), b => Assert.Equal(0xEE, b));
                    byte[] decrypted = new byte[blockBytes];
                    cipher.DecryptBlock(expected, decrypted);
                    Assert.Equal(block, decrypted);

                    byte[] inPlace = (byte[])block.Clone();
                    cipher.EncryptBlock(inPlace, inPlace);
                    Assert.Equal(expected, inPlace);
                    cipher.DecryptBlock(inPlace, inPlace);
                    Assert.Equal(block, inPlace);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void SingleBlockCallsCheckTheirArgumentsAndWriteNothingOnError(string name)
    {
        using BlockCipherAlgorithm cipher = Create(name);
        int blockBytes = cipher.BlockSize / 8;
        // The first call creates the key schedule (the path with a reference); the later ones find it.
        for (int attempt = 0; attempt < 2; attempt++)
        {
            byte[] destination = new byte[4 * blockBytes];
            Assert.Throws<ArgumentException>("source", () => cipher.EncryptBlock(new byte[blockBytes + 1], destination));
            Assert.Throws<ArgumentException>("source", () => cipher.DecryptBlock(new byte[blockBytes - 1], destination));
            Assert.Throws<ArgumentException>("source", () => cipher.EncryptBlock(new byte[2 * blockBytes], destination));
            Assert.Throws<ArgumentException>("source", () => cipher.EncryptBlock(ReadOnlySpan<byte>.Empty, destination));
            Assert.Throws<ArgumentException>("destination", () => cipher.EncryptBlock(new byte[blockBytes], new byte[blockBytes - 1]));
            Assert.Throws<ArgumentException>("destination", () => cipher.DecryptBlock(new byte[blockBytes], Span<byte>.Empty));
            Assert.Throws<ArgumentException>("destination", () => cipher.EncryptBlock(destination.AsSpan(0, blockBytes), destination.AsSpan(1, blockBytes)));
            Assert.Throws<ArgumentException>("destination", () => cipher.DecryptBlock(destination.AsSpan(blockBytes - 1, blockBytes), destination.AsSpan(0, blockBytes)));
            Assert.All(destination, b => Assert.Equal(0, b));
        }

        // A re-key between calls is seen by the next call.
        byte[] block = new byte[blockBytes];
        byte[] first = new byte[blockBytes], second = new byte[blockBytes];
        cipher.EncryptBlock(block, first);
        cipher.GenerateKey();
        cipher.EncryptBlock(block, second);
        Assert.Equal(cipher.EncryptEcb(block, PaddingMode.None), second);
        Assert.NotEqual(first, second);

        cipher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cipher.EncryptBlock(block, first));
        Assert.Throws<ObjectDisposedException>(() => cipher.DecryptBlock(block, block));
    }

    [Theory]
    [MemberData(nameof(Ciphers))]
    public void BlockCallsCheckTheirArgumentsAndWriteNothingOnError(string name)
    {
        using BlockCipherAlgorithm cipher = Create(name);
        int blockBytes = cipher.BlockSize / 8;
        // The first call creates the key schedule (the path with a reference); the later ones find it.
        for (int attempt = 0; attempt < 2; attempt++)
        {
            byte[] destination = new byte[4 * blockBytes];
            Assert.Throws<ArgumentException>("source", () => cipher.EncryptBlocks(new byte[blockBytes + 1], destination));
            Assert.Throws<ArgumentException>("source", () => cipher.DecryptBlocks(new byte[blockBytes - 1], destination));
            Assert.Throws<ArgumentException>("destination", () => cipher.EncryptBlocks(new byte[2 * blockBytes], new byte[2 * blockBytes - 1]));
            Assert.Throws<ArgumentException>("destination", () => cipher.DecryptBlocks(new byte[2 * blockBytes], new byte[blockBytes]));
            Assert.Throws<ArgumentException>("destination", () => cipher.EncryptBlocks(destination.AsSpan(0, 2 * blockBytes), destination.AsSpan(1, 2 * blockBytes)));
            Assert.All(destination, b => Assert.Equal(0, b));
            Assert.Equal(0, cipher.EncryptBlocks(ReadOnlySpan<byte>.Empty, Span<byte>.Empty));
        }

        // A re-key between calls is seen by the next call.
        byte[] block = new byte[blockBytes];
        byte[] first = new byte[blockBytes], second = new byte[blockBytes];
        cipher.EncryptBlocks(block, first);
        cipher.GenerateKey();
        cipher.EncryptBlocks(block, second);
        Assert.Equal(cipher.EncryptEcb(block, PaddingMode.None), second);
        Assert.NotEqual(first, second);

        cipher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cipher.EncryptBlocks(block, first));
        Assert.Throws<ObjectDisposedException>(() => cipher.DecryptBlocks(block, block));
    }
}
