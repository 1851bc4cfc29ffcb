using System;
using System.Linq;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Parameters;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// <see cref="BlockCipherCmac"/> against BouncyCastle's <c>CMac</c> over AES and Camellia on random keys and lengths
/// (0 to 300 bytes, covering the empty message, whole-block and partial last blocks), fed in random chunks; the
/// one-shots; rekeying; and bad input.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class CmacTests
{
    [Theory]
    [InlineData("aes")]
    [InlineData("camellia")]
    public void AgainstBouncyCastle_RandomLengthsAndChunks(string cipherName)
    {
        int seed = cipherName == "aes" ? 6000 : 6001;
        var random = TestRandom.Create(seed);
        for (int trial = 0; trial < 150; trial++)
        {
            byte[] key = TestRandom.Bytes(random, 16 + 8 * random.Next(0, 3));
            byte[] message = TestRandom.Bytes(random, trial < 100 ? random.Next(0, 70) : random.Next(0, 3000));
            var bc = new CMac(cipherName == "aes" ? new AesEngine() : new CamelliaEngine());
            bc.Init(new KeyParameter(key));
            bc.BlockUpdate(message, 0, message.Length);
            byte[] expected = new byte[16];
            bc.DoFinal(expected, 0);
            string where = $"seed {seed}, trial {trial}, {message.Length} bytes";

            using BlockCipherAlgorithm cipher = cipherName == "aes" ? RijndaelCipher.Create() : Camellia.Create();
            cipher.Key = key;
            Assert.True(expected.AsSpan().SequenceEqual(BlockCipherCmac.HashData(cipher, message)), $"{where}: HashData");

            using var cmac = new BlockCipherCmac(cipher);
            for (int repeat = 0; repeat < 2; repeat++)
            {
                int offset = 0;
                while (offset < message.Length)
                {
                    int chunk = Math.Min(random.Next(0, 40), message.Length - offset);
                    cmac.TransformBlock(message, offset, chunk, null, 0);
                    offset += chunk;
                }

                cmac.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
                Assert.True(expected.AsSpan().SequenceEqual(cmac.Hash), $"{where}: chunked, pass {repeat}");
            }

            Assert.True(expected.AsSpan().SequenceEqual(cmac.ComputeHash(message)), $"{where}: ComputeHash");
        }
    }

    /// <summary>
    /// Every kernel that offers the CBC-MAC chain (CMAC's fast path) against its own CBC encryption and the family's
    /// portable kernel, from 1 to 40 blocks, at every AES key size; the chaining value is carried between calls.
    /// </summary>
    [Fact]
    public void CbcMacChain_EqualsTheLastCbcBlock_OfEveryKernel()
    {
        var random = TestRandom.Create(6002);
        int checkedKernels = 0;
        foreach (int keyLength in new[] { 16, 24, 32 })
        {
            byte[] key = TestRandom.Bytes(random, keyLength);
            using BlockCipherKernel portable = RegisteredKernels.Create(RijndaelCipher.Kernels, key, 16).Last();
            foreach (BlockCipherKernel kernel in RegisteredKernels.Create(RijndaelCipher.Kernels, key, 16))
            {
                using (kernel)
                {
                    if (kernel.CbcMac is not { } mac)
                    {
                        continue;
                    }

                    checkedKernels++;
                    for (int blocks = 1; blocks <= 40; blocks++)
                    {
                        byte[] message = TestRandom.Bytes(random, 16 * blocks);
                        byte[] iv = TestRandom.Bytes(random, 16);
                        byte[] expected = (byte[])iv.Clone();
                        portable.EncryptCbc(message, new byte[message.Length], expected);
                        byte[] ownCbc = (byte[])iv.Clone();
                        kernel.EncryptCbc(message, new byte[message.Length], ownCbc);

                        // In two calls, split at a random block, the state carried.
                        byte[] state = (byte[])iv.Clone();
                        int split = 16 * random.Next(0, blocks + 1);
                        mac.MacCbc(message.AsSpan(0, split), state);
                        mac.MacCbc(message.AsSpan(split), state);
                        string where = $"{kernel.Name}, {keyLength}-byte key, {blocks} blocks, split at {split}";
                        Assert.True(expected.AsSpan().SequenceEqual(ownCbc), where + ": the kernel's CBC");
                        Assert.True(expected.AsSpan().SequenceEqual(state), where + ": the CBC-MAC chain");
                    }
                }
            }
        }

        // The AES-NI, Arm and vector-permute kernels offer it; with none in this process there is nothing to compare.
        int offering = (RijndaelAesNiKernel.IsSupported || RijndaelArmKernel.IsSupported ? 1 : 0)
            + (RijndaelCipher.Kernels.Get("vperm").IsSupported(16) ? 1 : 0);
        Assert.Equal(3 * offering, checkedKernels);
    }

    [Fact]
    public void SettingKey_Rekeys_AndKeyIsCopiedFromTheCipher()
    {
        using var aes = RijndaelCipher.Create();
        aes.Key = new byte[16];
        using var cmac = new BlockCipherCmac(aes);
        byte[] zeroKeyMac = cmac.ComputeHash(new byte[5]);
        aes.Key = new byte[24];
        Assert.Equal(zeroKeyMac, cmac.ComputeHash(new byte[5]));
        Assert.Equal(new byte[16], cmac.Key);
        cmac.Key = new byte[24];
        Assert.Equal(BlockCipherCmac.HashData(aes, new byte[5]), cmac.ComputeHash(new byte[5]));
        Assert.Throws<CryptographicException>(() => cmac.Key = new byte[15]);
        Assert.Equal(128, cmac.HashSize);
    }

    [Fact]
    public void BadArguments()
    {
        using var aes = RijndaelCipher.Create();
        Assert.Throws<ArgumentNullException>("cipher", () => new BlockCipherCmac(null!));
        Assert.Throws<ArgumentNullException>("cipher", () => BlockCipherCmac.HashData(null!, new byte[1]));
        Assert.Throws<ArgumentNullException>("source", () => BlockCipherCmac.HashData(aes, (byte[])null!));
        using var wide = RijndaelCipher.Create();
        wide.BlockSize = 192;
        Assert.Throws<ArgumentException>("cipher", () => new BlockCipherCmac(wide));
        byte[] destination = new byte[15];
        Assert.False(BlockCipherCmac.TryHashData(aes, new byte[3], destination, out int written));
        Assert.Equal(0, written);
        Assert.All(destination, b => Assert.Equal(0, b));
        Assert.Throws<ArgumentException>("destination", () => BlockCipherCmac.HashData(aes, new byte[3], destination));
        var cmac = new BlockCipherCmac(aes);
        cmac.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cmac.ComputeHash(new byte[1]));
    }

    /// <summary>
    /// A disposed instance refuses its key (read or written), <c>Initialize</c> and its last hash with
    /// <see cref="ObjectDisposedException"/>, as the runtime's <c>HMACSHA256</c> does.
    /// </summary>
    [Fact]
    public void Disposed_RefusesTheKeyInitializeAndTheHash()
    {
        using var aes = RijndaelCipher.Create();
        var cmac = new BlockCipherCmac(aes);
        cmac.ComputeHash(new byte[5]);
        cmac.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cmac.Key);
        Assert.Throws<ObjectDisposedException>(() => cmac.Key = new byte[16]);
        Assert.Throws<ObjectDisposedException>(() => cmac.Initialize());
        Assert.Throws<ObjectDisposedException>(() => cmac.Hash);
        cmac.Dispose();
    }

    /// <summary>
    /// Setting the key or calling <c>Initialize</c> in the middle of a message discards it; the new key is the one
    /// read back; a null key is refused for parameter <c>value</c>; the one-shot refuses a cipher with another block
    /// size by name.
    /// </summary>
    [Fact]
    public void Rekeying_OrInitialize_MidMessage_StartsAFreshMessage()
    {
        var random = TestRandom.Create(6003);
        byte[] firstKey = TestRandom.Bytes(random, 16), secondKey = TestRandom.Bytes(random, 32);
        byte[] message = TestRandom.Bytes(random, 37), prefix = TestRandom.Bytes(random, 21);
        using var aes = RijndaelCipher.Create();
        aes.Key = firstKey;
        byte[] firstMac = BlockCipherCmac.HashData(aes, message);
        aes.Key = secondKey;
        byte[] secondMac = BlockCipherCmac.HashData(aes, message);
        aes.Key = firstKey;

        using var cmac = new BlockCipherCmac(aes);
        cmac.TransformBlock(prefix, 0, prefix.Length, null, 0);
        cmac.Initialize();
        Assert.Equal(firstMac, cmac.ComputeHash(message));

        cmac.TransformBlock(prefix, 0, prefix.Length, null, 0);
        cmac.Key = secondKey;
        Assert.Equal(secondKey, cmac.Key);
        Assert.Equal(secondMac, cmac.ComputeHash(message));
        Assert.Throws<ArgumentNullException>("value", () => cmac.Key = null!);
        Assert.Equal(secondMac, cmac.ComputeHash(message));

        using var wide = RijndaelCipher.Create();
        wide.BlockSize = 192;
        byte[] destination = new byte[16];
        Assert.Throws<ArgumentException>("cipher", () => BlockCipherCmac.HashData(wide, new byte[3]));
        Assert.Throws<ArgumentException>("cipher",
            () => BlockCipherCmac.TryHashData(wide, new byte[3], destination, out _));
        Assert.All(destination, b => Assert.Equal(0, b));
    }

    /// <summary>
    /// <c>TryComputeHash</c> writes the 16-byte MAC into a destination of 16 bytes or more (the bytes after it left
    /// alone) and reports 16; a shorter one gets nothing and false.
    /// </summary>
    [Fact]
    public void TryComputeHash_WritesSixteenBytes_OrNothing()
    {
        using var aes = RijndaelCipher.Create();
        byte[] message = TestRandom.Bytes(TestRandom.Create(6004), 40);
        byte[] expected = BlockCipherCmac.HashData(aes, message);
        using var cmac = new BlockCipherCmac(aes);
        foreach (int length in new[] { 16, 17, 32 })
        {
            byte[] destination = new byte[length];
            Assert.True(cmac.TryComputeHash(message, destination, out int written), $"{length} bytes");
            Assert.Equal(16, written);
            Assert.Equal(expected, destination.AsSpan(0, 16).ToArray());
            Assert.All(destination.AsSpan(16).ToArray(), b => Assert.Equal(0, b));
        }

        byte[] tooShort = new byte[15];
        Assert.False(cmac.TryComputeHash(message, tooShort, out int none));
        Assert.Equal(0, none);
        Assert.All(tooShort, b => Assert.Equal(0, b));
    }

    /// <summary>
    /// A call that overlaps another on one instance (held inside the kernel) throws
    /// <see cref="CryptographicException"/> and changes nothing, whichever entry it comes through: appending,
    /// finishing, <c>Initialize</c>, a new key. The held call completes. A message overlapped while appending is
    /// refused at its end and dropped: the next message gets the one-shot's MAC under the old key. A call that
    /// overlaps the final one leaves that MAC as the one-shot's and is forgotten with the message: the next one gets
    /// its MAC too.
    /// </summary>
    [Fact]
    public void OverlappingCalls_AreRefused_AndTheMessageTheyOverlapWithThem()
    {
        var random = TestRandom.Create(6005);
        byte[] key = TestRandom.Bytes(random, 16), otherKey = TestRandom.Bytes(random, 16);
        byte[] message = TestRandom.Bytes(random, 48), shortMessage = TestRandom.Bytes(random, 5);
        using var aes = RijndaelCipher.Create();
        aes.Key = key;
        byte[] expected = BlockCipherCmac.HashData(aes, message);
        byte[] expectedShort = BlockCipherCmac.HashData(aes, shortMessage);
        var entries = new (string Name, Action<BlockCipherCmac> Call)[]
        {
            ("TransformBlock", c => c.TransformBlock(message, 0, 16, null, 0)),
            ("TransformFinalBlock", c => c.TransformFinalBlock(message, 0, 16)),
            ("ComputeHash", c => c.ComputeHash(message)),
            ("TryComputeHash", c => c.TryComputeHash(message, new byte[16], out _)),
            ("Initialize", c => c.Initialize()),
            ("Key", c => c.Key = otherKey),
        };
        foreach ((string name, Action<BlockCipherCmac> call) in entries)
        {
            // Held while appending: 32 bytes are chained through the kernel.
            var kernel = new GatedKernel(PortableKernel(key));
            using (var cmac = new BlockCipherCmac(aes, kernel))
            {
                Exception? held = kernel.Gate.Overlap(() => cmac.TransformBlock(message, 0, 32, null, 0),
                    () => CallGate.AssertRefused(() => call(cmac)));
                Assert.True(held is null, $"{name}, while appending: {held}");
                cmac.TransformBlock(message, 32, 16, null, 0);
                CallGate.AssertRefused(() => cmac.TransformFinalBlock(Array.Empty<byte>(), 0, 0));
                Assert.True(expected.AsSpan().SequenceEqual(cmac.ComputeHash(message)), $"{name}, while appending");
            }

            // Held while finishing: the five bytes are only buffered, the last block goes through the kernel.
            kernel = new GatedKernel(PortableKernel(key));
            using (var cmac = new BlockCipherCmac(aes, kernel))
            {
                byte[]? mac = null;
                Exception? held = kernel.Gate.Overlap(() => mac = cmac.ComputeHash(shortMessage),
                    () => CallGate.AssertRefused(() => call(cmac)));
                Assert.True(held is null, $"{name}, while finishing: {held}");
                Assert.True(expectedShort.AsSpan().SequenceEqual(mac), $"{name}, while finishing");
                Assert.True(expected.AsSpan().SequenceEqual(cmac.ComputeHash(message)), $"{name}, after finishing");
            }
        }
    }

    /// <summary>
    /// A new key releases the old kernel and <c>Dispose</c> the current one: both wipe their key schedules (seen
    /// through the kernel's <c>HasBeenWiped</c>, on instances built over a given kernel).
    /// </summary>
    [Fact]
    public void RekeyingAndDispose_WipeTheKernel()
    {
        using var aes = RijndaelCipher.Create();
        BlockCipherKernel rekeyed = PortableKernel(aes.Key), disposed = PortableKernel(aes.Key);
        byte[] expected = BlockCipherCmac.HashData(aes, new byte[5]);
        using var cmac = new BlockCipherCmac(aes, rekeyed);
        Assert.Equal(128, cmac.HashSize);
        Assert.Equal(expected, cmac.ComputeHash(new byte[5]));
        Assert.False(rekeyed.HasBeenWiped());
        cmac.Key = new byte[16];
        Assert.True(rekeyed.HasBeenWiped());

        var other = new BlockCipherCmac(aes, disposed);
        Assert.Equal(expected, other.ComputeHash(new byte[5]));
        Assert.False(disposed.HasBeenWiped());
        other.Dispose();
        Assert.True(disposed.HasBeenWiped());
    }

    private static BlockCipherKernel PortableKernel(byte[] key) =>
        RijndaelCipher.Kernels.Get("portable").Create(key, 16);
}
