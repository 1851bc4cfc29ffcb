using System;
using System.Runtime.InteropServices;
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

    [Fact]
    public void SpanOverloads_CheckTheInputLengthBeforeTheDestination()
    {
        using var aes = RijndaelCipher.Create();
        Assert.Throws<ArgumentNullException>("ciphertext", () => aes.DecryptKeyWrap((byte[])null!));
        Assert.Throws<ArgumentNullException>("plaintext", () => aes.EncryptKeyWrapPadded((byte[])null!));

        // Each span form checks its input itself: a one-block key with a destination of the matching length, an empty
        // key with a 16-byte destination, one- or two-half-block ciphertexts with room to spare.
        Assert.Throws<ArgumentException>("plaintext", () => aes.EncryptKeyWrap(new byte[8], new byte[16]));
        Assert.Throws<ArgumentException>("plaintext", () => aes.EncryptKeyWrapPadded(ReadOnlySpan<byte>.Empty, new byte[16]));
        Assert.Throws<ArgumentException>("ciphertext", () => aes.TryDecryptKeyWrap(new byte[16], new byte[64], out _));
        Assert.Throws<ArgumentException>("ciphertext", () => aes.TryDecryptKeyWrapPadded(new byte[8], new byte[64], out _));
        Assert.Throws<ArgumentException>("ciphertext", () => aes.TryDecryptKeyWrapPadded(new byte[20], new byte[64], out _));

        // DecryptKeyWrap's span form throws where TryDecryptKeyWrap returns false, and writes nothing.
        byte[] wrapped = aes.EncryptKeyWrap(new byte[16]);
        byte[] small = new byte[15];
        Assert.Throws<ArgumentException>("destination", () => aes.DecryptKeyWrap(wrapped, small));
        Assert.All(small, b => Assert.Equal(0, b));
    }

    [Fact]
    public void LengthMessages_NameTheParameterAndTheAlgorithm()
    {
        using var aes = RijndaelCipher.Create();
        Assert.Equal("The plaintext is not a valid length for the Key Wrap algorithm. (Parameter 'plaintext')",
            Assert.Throws<ArgumentException>(() => aes.EncryptKeyWrap(new byte[20])).Message);
        Assert.Equal("The ciphertext is not a valid length for the Key Wrap Unwrap algorithm. (Parameter 'ciphertext')",
            Assert.Throws<ArgumentException>(() => aes.DecryptKeyWrap(new byte[16])).Message);
        Assert.Equal(
            "The ciphertext is not a valid length for the Key Wrap with Padding Unwrap algorithm. (Parameter 'ciphertext')",
            Assert.Throws<ArgumentException>(() => aes.DecryptKeyWrapPadded(new byte[8])).Message);
    }

    [Fact]
    public void PaddedWrap_LongestKeysChecksAgreeWithGetKeyWrapPaddedLength()
    {
        // The limits of the runtime's Aes.GetKeyWrapPaddedLength.
        foreach (int length in new[] { 1, 8, 9, int.MaxValue - 16, int.MaxValue - 15 })
        {
            Assert.Equal(Aes.GetKeyWrapPaddedLength(length), BlockCipherAlgorithm.GetKeyWrapPaddedLength(length));
        }

        Assert.Throws<ArgumentOutOfRangeException>("plaintextLengthInBytes",
            () => BlockCipherAlgorithm.GetKeyWrapPaddedLength(int.MaxValue - 14));

        // A key of int.MaxValue - 16 bytes passes the key check (the empty destination is refused next); one byte
        // more is refused for the key. The memory is allocated but never touched, so the system does not commit it.
        using var aes = RijndaelCipher.Create();
        int size = int.MaxValue - 15;
        IntPtr memory = Marshal.AllocHGlobal(size);
        try
        {
            Assert.Throws<ArgumentException>("destination",
                () => aes.EncryptKeyWrapPadded(Source(memory, size - 1), Span<byte>.Empty));
            Assert.Equal("The plaintext is not a valid length for the Key Wrap with Padding algorithm. (Parameter 'plaintext')",
                Assert.Throws<ArgumentException>(() => aes.EncryptKeyWrapPadded(Source(memory, size), Span<byte>.Empty)).Message);
        }
        finally
        {
            Marshal.FreeHGlobal(memory);
        }

        static unsafe ReadOnlySpan<byte> Source(IntPtr memory, int length) => new((void*)memory, length);
    }

    [Fact]
    public void NotA128BitBlock_RefusedByEveryForm()
    {
        using var wide = RijndaelCipher.Create();
        wide.BlockSize = 256;
        const string expected = "The cipher must have a 128-bit block.";
        Assert.Equal(expected, Assert.Throws<CryptographicException>(() => wide.EncryptKeyWrapPadded(new byte[5])).Message);
        Assert.Equal(expected, Assert.Throws<CryptographicException>(() => wide.DecryptKeyWrap(new byte[24])).Message);
        Assert.Equal(expected, Assert.Throws<CryptographicException>(() => wide.DecryptKeyWrapPadded(new byte[16])).Message);
    }

    [Fact]
    public void Unwrap_RefusesOverlapInPlace()
    {
        using var aes = RijndaelCipher.Create();
        byte[] buffer = new byte[40];
        aes.EncryptKeyWrap(new byte[24]).CopyTo(buffer, 0);
        var error = Assert.Throws<ArgumentException>(
            "destination", () => aes.TryDecryptKeyWrap(buffer.AsSpan(0, 32), buffer.AsSpan(8), out _));
        Assert.Equal("The destination must not overlap with the source. (Parameter 'destination')", error.Message);

        aes.EncryptKeyWrapPadded(new byte[20]).CopyTo(buffer, 0);
        Assert.Throws<ArgumentException>(
            "destination", () => aes.TryDecryptKeyWrapPadded(buffer.AsSpan(0, 32), buffer.AsSpan(8), out _));
    }

    [Fact]
    public void PaddedWrap_ClearsThePaddingInADirtyDestination()
    {
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(TestRandom.Create(7300), 16);
        byte[] key = TestRandom.Bytes(TestRandom.Create(7301), 13);
        byte[] destination = new byte[BlockCipherAlgorithm.GetKeyWrapPaddedLength(13)];
        destination.AsSpan().Fill(0xFF);
        aes.EncryptKeyWrapPadded(key, destination);
        using var builtIn = Aes.Create();
        builtIn.Key = aes.Key;
        Assert.Equal(builtIn.EncryptKeyWrapPadded(key), destination);
    }

    [Fact]
    public void PaddedUnwrap_RefusesEqualNonZeroPaddingBytes()
    {
        // One block E_K(AIV | key): a length indicator of 5 and the padding 01 01 00, which must be refused although
        // the two non-zero bytes are equal.
        using var aes = RijndaelCipher.Create();
        aes.Key = TestRandom.Bytes(TestRandom.Create(7302), 16);
        byte[] block = { 0xA6, 0x59, 0x59, 0xA6, 0, 0, 0, 5, 0x11, 0x22, 0x33, 0x44, 0x55, 0x01, 0x01, 0x00 };
        byte[] ciphertext = aes.EncryptEcb(block, PaddingMode.None);
        using var builtIn = Aes.Create();
        builtIn.Key = aes.Key;
        Assert.ThrowsAny<CryptographicException>(() => builtIn.DecryptKeyWrapPadded(ciphertext));
        Assert.Throws<CryptographicException>(() => aes.DecryptKeyWrapPadded(ciphertext));

        block[14] = 0;
        block[13] = 0;
        Assert.Equal(block.AsSpan(8, 5).ToArray(), aes.DecryptKeyWrapPadded(aes.EncryptEcb(block, PaddingMode.None)));
    }
}
