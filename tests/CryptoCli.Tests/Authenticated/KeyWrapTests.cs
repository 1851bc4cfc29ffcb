using System;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Key wrap on <see cref="BlockCipherAlgorithm"/>: against the runtime's <c>Aes.EncryptKeyWrapPadded</c> and against
/// BouncyCastle's <c>Rfc3394WrapEngine</c>, <c>Rfc5649WrapEngine</c> and <c>CamelliaWrapEngine</c> on random keys and
/// lengths, round trips on every 128-bit-block cipher, tampering, and bad input.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class KeyWrapTests
{
    [Fact]
    public void Padded_AgainstBuiltInAes()
    {
        var random = TestRandom.Create(7000);
        for (int trial = 0; trial < 100; trial++)
        {
            byte[] kek = TestRandom.Bytes(random, 16 + 8 * random.Next(0, 3)), key = TestRandom.Bytes(random, random.Next(1, 70));
            using var builtIn = Aes.Create();
            builtIn.Key = kek;
            byte[] expected = builtIn.EncryptKeyWrapPadded(key);
            using var aes = RijndaelCipher.Create();
            aes.Key = kek;
            Assert.Equal(expected, aes.EncryptKeyWrapPadded(key));
            Assert.Equal(BlockCipherAlgorithm.GetKeyWrapPaddedLength(key.Length), expected.Length);
            Assert.Equal(key, aes.DecryptKeyWrapPadded(expected));
            Assert.Equal(key, builtIn.DecryptKeyWrapPadded(aes.EncryptKeyWrapPadded(key)));
        }
    }

    [Theory]
    [InlineData("aes", false)]
    [InlineData("aes", true)]
    [InlineData("camellia", false)]
    [InlineData("camellia", true)]
    public void AgainstBouncyCastle(string cipherName, bool padded)
    {
        int seed = 7100 + (cipherName == "aes" ? 0 : 10) + (padded ? 1 : 0);
        var random = TestRandom.Create(seed);
        for (int trial = 0; trial < 60; trial++)
        {
            byte[] kek = TestRandom.Bytes(random, 16 + 8 * random.Next(0, 3));
            byte[] key = TestRandom.Bytes(random, padded ? random.Next(1, 70) : 8 * random.Next(2, 9));
            IWrapper bc = (cipherName, padded) switch
            {
                ("aes", false) => new Rfc3394WrapEngine(new AesEngine()),
                ("aes", true) => new Rfc5649WrapEngine(new AesEngine()),
                ("camellia", false) => new CamelliaWrapEngine(),
                _ => new Rfc5649WrapEngine(new CamelliaEngine()),
            };
            bc.Init(true, new KeyParameter(kek));
            byte[] expected = bc.Wrap(key, 0, key.Length);

            using BlockCipherAlgorithm cipher = cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
            cipher.Key = kek;
            byte[] wrapped = padded ? cipher.EncryptKeyWrapPadded(key) : cipher.EncryptKeyWrap(key);
            Assert.Equal(expected, wrapped);
            Assert.Equal(key, padded ? cipher.DecryptKeyWrapPadded(wrapped) : cipher.DecryptKeyWrap(wrapped));

            // Span overloads, exact destinations.
            byte[] destination = new byte[wrapped.Length];
            if (padded)
            {
                cipher.EncryptKeyWrapPadded(key, destination);
            }
            else
            {
                cipher.EncryptKeyWrap(key, destination);
            }

            Assert.Equal(expected, destination);
            byte[] unwrapped = new byte[wrapped.Length];
            int written = padded ? cipher.DecryptKeyWrapPadded(wrapped, unwrapped) : cipher.DecryptKeyWrap(wrapped, unwrapped);
            Assert.Equal(key, unwrapped.AsSpan(0, written).ToArray());
        }
    }

    [Fact]
    public void EveryCipherWith128BitBlocks_RoundTrips()
    {
        var random = TestRandom.Create(7200);
        BlockCipherAlgorithm[] ciphers = { RijndaelCipher.Create(), Camellia.Create(), Hierocrypt3.Create(), SC2000.Create(), CipherUnicornA.Create() };
        foreach (BlockCipherAlgorithm cipher in ciphers)
        {
            using (cipher)
            {
                byte[] key = TestRandom.Bytes(random, 24), odd = TestRandom.Bytes(random, 13);
                Assert.Equal(key, cipher.DecryptKeyWrap(cipher.EncryptKeyWrap(key)));
                Assert.Equal(odd, cipher.DecryptKeyWrapPadded(cipher.EncryptKeyWrapPadded(odd)));
            }
        }
    }

    [Fact]
    public void Tampered_Throws_AndWritesNothing()
    {
        using var aes = RijndaelCipher.Create();
        byte[] wrapped = aes.EncryptKeyWrap(new byte[32]);
        byte[] padded = aes.EncryptKeyWrapPadded(new byte[5]);
        byte[] longPadded = aes.EncryptKeyWrapPadded(new byte[20]);
        foreach ((byte[] data, bool isPadded) in new[] { (wrapped, false), (padded, true), (longPadded, true) })
        {
            for (int i = 0; i < data.Length; i++)
            {
                byte[] bad = (byte[])data.Clone();
                bad[i] ^= 0x40;
                byte[] destination = new byte[data.Length];
                destination.AsSpan().Fill(0x55);
                if (isPadded)
                {
                    Assert.Throws<CryptographicException>(() => aes.DecryptKeyWrapPadded(bad, destination));
                }
                else
                {
                    Assert.Throws<CryptographicException>(() => aes.DecryptKeyWrap(bad, destination));
                }

                Assert.All(destination, b => Assert.Equal(0x55, b));
            }
        }

        // Unwrapping with the other algorithm fails too.
        Assert.Throws<CryptographicException>(() => aes.DecryptKeyWrapPadded(aes.EncryptKeyWrap(new byte[16])));
    }

    [Fact]
    public void BadArguments()
    {
        using var aes = RijndaelCipher.Create();
        Assert.Throws<ArgumentNullException>("plaintext", () => aes.EncryptKeyWrap((byte[])null!));
        Assert.Throws<ArgumentNullException>("ciphertext", () => aes.DecryptKeyWrapPadded((byte[])null!));
        Assert.Throws<ArgumentException>("plaintext", () => aes.EncryptKeyWrap(new byte[8]));
        Assert.Throws<ArgumentException>("plaintext", () => aes.EncryptKeyWrap(new byte[20]));
        Assert.Throws<ArgumentException>("plaintext", () => aes.EncryptKeyWrapPadded(Array.Empty<byte>()));
        Assert.Throws<ArgumentException>("ciphertext", () => aes.DecryptKeyWrap(new byte[16]));
        Assert.Throws<ArgumentException>("ciphertext", () => aes.DecryptKeyWrap(new byte[25]));
        Assert.Throws<ArgumentException>("ciphertext", () => aes.DecryptKeyWrapPadded(new byte[8]));
        Assert.Throws<ArgumentException>("ciphertext", () => aes.DecryptKeyWrapPadded(new byte[17]));
        Assert.Throws<ArgumentException>("destination", () => aes.EncryptKeyWrap(new byte[16], new byte[23]));
        Assert.Throws<ArgumentException>("destination", () => aes.EncryptKeyWrapPadded(new byte[5], new byte[17]));
        Assert.Throws<ArgumentOutOfRangeException>("plaintextLengthInBytes", () => BlockCipherAlgorithm.GetKeyWrapPaddedLength(0));

        byte[] wrapped = aes.EncryptKeyWrapPadded(new byte[20]);
        byte[] small = new byte[19];
        Assert.False(aes.TryDecryptKeyWrapPadded(wrapped, small, out int written));
        Assert.Equal(0, written);
        Assert.All(small, b => Assert.Equal(0, b));
        Assert.True(aes.TryDecryptKeyWrapPadded(wrapped, new byte[20], out written));
        Assert.Equal(20, written);
        Assert.Throws<ArgumentException>("destination", () => aes.DecryptKeyWrapPadded(wrapped, small));
        Assert.False(aes.TryDecryptKeyWrap(aes.EncryptKeyWrap(new byte[16]), new byte[15], out _));

        byte[] buffer = new byte[64];
        Assert.Throws<ArgumentException>("destination", () => aes.EncryptKeyWrap(buffer.AsSpan(0, 16), buffer.AsSpan(8, 24)));

        using var wide = RijndaelCipher.Create();
        wide.BlockSize = 256;
        Assert.Throws<CryptographicException>(() => wide.EncryptKeyWrap(new byte[16]));
    }
}
