using System;
using System.Buffers;
using System.Linq;
using System.Numerics;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The arithmetic the modes share, checked directly against plain references at its edges: the counter blocks of
/// every counter width at the wrap (what stays fixed, what carries), the padding lengths and the padding check at
/// every pad length and every corrupted byte, and the ciphertext length of every padding mode. Then the plumbing
/// around the kernels that the vector tests do not reach: the one-shots' refusals (overlap, short input, bad padding,
/// a short destination) and what they leave in the destination and the shared pool, the mode loops' own length check,
/// and the transform in place and under an overlapping call.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class ModePlumbingTests
{
    // Counter widths as their byte counts (CounterWidth is internal): 0 the full block, 8 and 4 bytes.
    public static TheoryData<int, int> WidthsAndBlocks()
    {
        var data = new TheoryData<int, int>();
        foreach (int blockSize in new[] { 16, 24, 32 })
        {
            foreach (int width in new[] { 0, 8, 4 })
            {
                data.Add(blockSize, width);
            }
        }

        return data;
    }

    /// <summary>
    /// Counter blocks start at the caller's counter, count in the low <c>width</c> bytes only (big-endian), wrap those
    /// to zero without touching the bytes above them, and leave the caller's counter one past the last block used.
    /// </summary>
    [Theory]
    [MemberData(nameof(WidthsAndBlocks))]
    public void CounterBlocksCountInTheirWidthAndWrapWithoutCarryingOut(int blockSize, int widthBytes)
    {
        var width = (CounterWidth)widthBytes;
        int counting = CounterBlocks.SizeInBytes(width, blockSize);
        Assert.Equal(width == CounterWidth.FullBlock ? blockSize : (int)width, counting);
        Random random = TestRandom.Create(blockSize * 31 + counting);
        foreach (int below in new[] { 0, 1, 2, 3, 5 })
        {
            // The counting bytes are `below` short of wrapping; the fixed bytes above them are random.
            byte[] start = TestRandom.Bytes(random, blockSize);
            BigInteger modulus = BigInteger.One << (8 * counting);
            WriteBigEndian(modulus - 1 - below, start.AsSpan(blockSize - counting));
            foreach (int blocks in new[] { 1, 3, 8 })
            {
                byte[] counter = (byte[])start.Clone();
                byte[] output = new byte[blocks * blockSize];
                CounterBlocks.Fill(counter, width, output);
                BigInteger value = ReadBigEndian(start.AsSpan(blockSize - counting));
                for (int i = 0; i < blocks; i++)
                {
                    byte[] expected = (byte[])start.Clone();
                    WriteBigEndian((value + i) % modulus, expected.AsSpan(blockSize - counting));
                    Assert.Equal(expected, output.AsSpan(i * blockSize, blockSize).ToArray());
                }

                byte[] next = (byte[])start.Clone();
                WriteBigEndian((value + blocks) % modulus, next.AsSpan(blockSize - counting));
                Assert.Equal(next, counter);
            }
        }
    }

    /// <summary>The 128-bit counter's batch test: <c>CanAdd(n)</c> holds exactly when n more values fit below the
    /// wrap of the width, and <c>Advance(n)</c> equals n single increments, the wrap included.</summary>
    [Theory]
    [InlineData(0)]
    [InlineData(8)]
    [InlineData(4)]
    public void Counter128BatchesStopAtTheWrap(int widthBytes)
    {
        var width = (CounterWidth)widthBytes;
        int counting = CounterBlocks.SizeInBytes(width, 16);
        foreach (int lanes in new[] { 1, 2, 4, 8 })
        {
            for (int below = 0; below < 10; below++)
            {
                byte[] start = new byte[16];
                start.AsSpan().Fill(0x5A);
                WriteBigEndian((BigInteger.One << (8 * counting)) - 1 - below, start.AsSpan(16 - counting));
                var value = new Counter128(start, width);
                Assert.Equal(below + 1 >= lanes, value.CanAdd(lanes));
                if (!value.CanAdd(lanes))
                {
                    continue;
                }

                var stepped = new Counter128(start, width);
                for (int i = 0; i < lanes; i++)
                {
                    stepped.Increment();
                }

                value.Advance(lanes);
                byte[] advanced = new byte[16], incremented = new byte[16];
                value.Store(advanced);
                stepped.Store(incremented);
                Assert.Equal(incremented, advanced);
                Assert.Equal(stepped.High, value.High);
                Assert.Equal(stepped.Low, value.Low);
            }
        }

        // A full-block counter carries from the low word into the high word; the narrower ones keep the high word.
        byte[] top = new byte[16];
        top.AsSpan(8).Fill(0xFF);
        var carry = new Counter128(top, width);
        carry.Increment();
        Assert.Equal(width == CounterWidth.FullBlock ? 1UL : 0UL, carry.High);
        Assert.Equal(width == CounterWidth.Bits32 ? 0xFFFF_FFFF_0000_0000UL : 0UL, carry.Low);
    }

    public static TheoryData<PaddingMode, int> PaddingsAndBlocks()
    {
        var data = new TheoryData<PaddingMode, int>();
        foreach (PaddingMode mode in new[] { PaddingMode.PKCS7, PaddingMode.ANSIX923, PaddingMode.ISO10126 })
        {
            foreach (int blockSize in new[] { 8, 16, 32 })
            {
                data.Add(mode, blockSize);
            }
        }

        return data;
    }

    /// <summary>
    /// Depadding accepts exactly the blocks its padding mode writes: a last byte from 1 to the block size, and
    /// (PKCS7, ANSI X9.23) every padding byte before it equal to the pad length or zero. Any other byte in the padding,
    /// a last byte of 0 or beyond the block, is refused; bytes before the padding are free.
    /// </summary>
    [Theory]
    [MemberData(nameof(PaddingsAndBlocks))]
    public void DepaddingAcceptsExactlyWhatPaddingWrites(PaddingMode mode, int blockSize)
    {
        Random random = TestRandom.Create(blockSize + (int)mode);
        for (int tail = 0; tail < blockSize; tail++)
        {
            byte[] block = new byte[blockSize];
            byte[] data = TestRandom.Bytes(random, tail);
            Assert.True(CipherPadding.PadFinalBlock(data, block, mode));
            Assert.Equal(data, block.AsSpan(0, tail).ToArray());
            Assert.Equal(blockSize - tail, block[^1]);
            Assert.Equal(tail, CipherPadding.GetUnpaddedLength(block, mode));

            // Change each byte of the padding but the last: PKCS7 and ANSI X9.23 refuse it, ISO 10126 does not look.
            for (int i = tail; i < blockSize - 1; i++)
            {
                byte[] corrupted = (byte[])block.Clone();
                corrupted[i] ^= (byte)(1 << (i % 8));
                Assert.Equal(mode == PaddingMode.ISO10126 ? tail : -1, CipherPadding.GetUnpaddedLength(corrupted, mode));
            }

            // Bytes before the padding never matter.
            if (tail > 0)
            {
                byte[] other = (byte[])block.Clone();
                other[tail - 1] ^= 0xFF;
                Assert.Equal(tail, CipherPadding.GetUnpaddedLength(other, mode));
            }
        }

        foreach (int last in new[] { 0, blockSize + 1, 255 })
        {
            byte[] bad = new byte[blockSize];
            bad.AsSpan().Fill((byte)last);
            Assert.Equal(-1, CipherPadding.GetUnpaddedLength(bad, mode));
        }

        // None and Zeros remove nothing.
        byte[] any = TestRandom.Bytes(random, blockSize);
        Assert.Equal(blockSize, CipherPadding.GetUnpaddedLength(any, PaddingMode.None));
        Assert.Equal(blockSize, CipherPadding.GetUnpaddedLength(any, PaddingMode.Zeros));
    }

    /// <summary>The pad bytes each mode writes: PKCS7 the pad length throughout, ANSI X9.23 zeros then the length,
    /// ISO 10126 random bytes then the length, Zeros zeros; None and Zeros add no block to an empty tail.</summary>
    [Fact]
    public void PaddingWritesEachModesBytes()
    {
        byte[] tail = { 1, 2, 3 };
        byte[] block = new byte[8];
        Assert.True(CipherPadding.PadFinalBlock(tail, block, PaddingMode.PKCS7));
        Assert.Equal(new byte[] { 1, 2, 3, 5, 5, 5, 5, 5 }, block);
        block.AsSpan().Fill(0xEE);
        Assert.True(CipherPadding.PadFinalBlock(tail, block, PaddingMode.ANSIX923));
        Assert.Equal(new byte[] { 1, 2, 3, 0, 0, 0, 0, 5 }, block);
        block.AsSpan().Fill(0xEE);
        Assert.True(CipherPadding.PadFinalBlock(tail, block, PaddingMode.Zeros));
        Assert.Equal(new byte[] { 1, 2, 3, 0, 0, 0, 0, 0 }, block);
        Assert.True(CipherPadding.PadFinalBlock(ReadOnlySpan<byte>.Empty, block, PaddingMode.PKCS7));
        Assert.Equal(new byte[] { 8, 8, 8, 8, 8, 8, 8, 8 }, block);

        // ISO 10126: random filler (two 31-byte fillers that agree would be a broken generator), the length last.
        byte[] first = new byte[32], second = new byte[32];
        Assert.True(CipherPadding.PadFinalBlock(ReadOnlySpan<byte>.Empty, first, PaddingMode.ISO10126));
        Assert.True(CipherPadding.PadFinalBlock(ReadOnlySpan<byte>.Empty, second, PaddingMode.ISO10126));
        Assert.Equal(32, first[^1]);
        Assert.Equal(32, second[^1]);
        Assert.NotEqual(first.AsSpan(0, 31).ToArray(), second.AsSpan(0, 31).ToArray());

        byte[] untouched = { 9, 9, 9, 9, 9, 9, 9, 9 };
        Assert.False(CipherPadding.PadFinalBlock(ReadOnlySpan<byte>.Empty, untouched, PaddingMode.None));
        Assert.False(CipherPadding.PadFinalBlock(ReadOnlySpan<byte>.Empty, untouched, PaddingMode.Zeros));
        Assert.Equal(new byte[] { 9, 9, 9, 9, 9, 9, 9, 9 }, untouched);
        Assert.Throws<CryptographicException>(() => CipherPadding.PadFinalBlock(tail, new byte[8], PaddingMode.None));
    }

    /// <summary>The ciphertext length of every padding mode at every length around two segments, for a power-of-two
    /// segment and for one that is not (a CFB feedback size, a 24-byte block); bad lengths and modes throw with the
    /// runtime's exception and parameter name.</summary>
    [Theory]
    [InlineData(16)]
    [InlineData(24)]
    [InlineData(3)]
    [InlineData(1)]
    public void CiphertextLengthsOfEveryPadding(int segment)
    {
        for (int length = 0; length <= 3 * segment; length++)
        {
            int remainder = length % segment;
            Assert.Equal(remainder, CipherPadding.Remainder(length, segment));
            int up = length - remainder + segment;
            Assert.Equal(up, CipherPadding.GetCiphertextLength(length, segment, PaddingMode.PKCS7));
            Assert.Equal(up, CipherPadding.GetCiphertextLength(length, segment, PaddingMode.ANSIX923));
            Assert.Equal(up, CipherPadding.GetCiphertextLength(length, segment, PaddingMode.ISO10126));
            Assert.Equal(
                remainder == 0 ? length : up, CipherPadding.GetCiphertextLength(length, segment, PaddingMode.Zeros));
            if (remainder == 0)
            {
                Assert.Equal(length, CipherPadding.GetCiphertextLength(length, segment, PaddingMode.None));
            }
            else
            {
                Assert.Throws<ArgumentException>(
                    "plaintextLength", () => CipherPadding.GetCiphertextLength(length, segment, PaddingMode.None));
            }
        }

        Assert.Throws<ArgumentOutOfRangeException>(
            "plaintextLength", () => CipherPadding.GetCiphertextLength(-1, segment, PaddingMode.PKCS7));
        // The largest plaintext whose padded length fits an int, and one byte more: the runtime's exception (not an
        // OverflowException, not a wrapped-around length).
        int largest = int.MaxValue / segment * segment - 1;
        Assert.Equal(largest + 1, CipherPadding.GetCiphertextLength(largest, segment, PaddingMode.PKCS7));
        Assert.Throws<ArgumentOutOfRangeException>(
            "plaintextLength", () => CipherPadding.GetCiphertextLength(largest + 1, segment, PaddingMode.PKCS7));
        if (segment == 1)
        {
            Assert.Equal(int.MaxValue, CipherPadding.GetCiphertextLength(int.MaxValue, segment, PaddingMode.Zeros));
        }
        else
        {
            Assert.Throws<ArgumentOutOfRangeException>(
                "plaintextLength", () => CipherPadding.GetCiphertextLength(int.MaxValue, segment, PaddingMode.Zeros));
        }

        if (segment == 16)
        {
            // What netstandard2.0 callers get from GetCiphertextLength*: the runtime's answers, messages included.
            using Aes aes = Aes.Create();
            foreach ((int length, PaddingMode padding) in new[]
                     {
                         (largest, PaddingMode.PKCS7), (largest + 1, PaddingMode.PKCS7), (int.MaxValue, PaddingMode.Zeros),
                         (15, PaddingMode.None), (-1, PaddingMode.ANSIX923), (16, (PaddingMode)9),
                     })
            {
                Exception? expected = Record.Exception(() => aes.GetCiphertextLengthEcb(length, padding));
                Exception? actual = Record.Exception(() => CipherPadding.GetCiphertextLength(length, 16, padding));
                Assert.Equal(expected?.GetType(), actual?.GetType());
                Assert.Equal(expected?.Message, actual?.Message);
                if (expected is null)
                {
                    Assert.Equal(aes.GetCiphertextLengthEcb(length, padding), CipherPadding.GetCiphertextLength(length, 16, padding));
                }
            }
        }

        foreach (PaddingMode bad in new[] { (PaddingMode)0, (PaddingMode)6 })
        {
            Assert.Throws<ArgumentOutOfRangeException>(
                "paddingMode", () => CipherPadding.GetCiphertextLength(segment, segment, bad));
            Assert.Throws<ArgumentOutOfRangeException>("paddingMode", () => CipherPadding.CheckPaddingMode(bad));
        }

        CipherPadding.CheckPaddingMode(PaddingMode.None);
        CipherPadding.CheckPaddingMode(PaddingMode.ISO10126);
        Assert.True(CipherPadding.DepadsOnDecrypt(PaddingMode.PKCS7));
        Assert.True(CipherPadding.DepadsOnDecrypt(PaddingMode.ANSIX923));
        Assert.True(CipherPadding.DepadsOnDecrypt(PaddingMode.ISO10126));
        Assert.False(CipherPadding.DepadsOnDecrypt(PaddingMode.None));
        Assert.False(CipherPadding.DepadsOnDecrypt(PaddingMode.Zeros));
    }

    /// <summary>The ECB one-shots over whole blocks (the kernel-only path) refuse a destination that partially
    /// overlaps the input with an <see cref="ArgumentException"/> naming it, in the general paths' order: decryption
    /// before the destination's length is checked, encryption after (a short overlapping destination returns
    /// false and writes nothing).</summary>
    [Fact]
    public void EcbOneShotsRefusePartialOverlapInTheGeneralPathsOrder()
    {
        using var cipher = new RijndaelCipher();
        cipher.Key = new byte[16];
        byte[] buffer = new byte[64];
        ArgumentException decrypt = Assert.Throws<ArgumentException>(
            "destination",
            () => cipher.TryDecryptEcb(buffer.AsSpan(0, 32), buffer.AsSpan(16, 16), PaddingMode.None, out _));
        Assert.StartsWith("The destination must not overlap with the ciphertext.", decrypt.Message);

        Assert.False(cipher.TryEncryptEcb(buffer.AsSpan(0, 32), buffer.AsSpan(16, 16), PaddingMode.None, out int n));
        Assert.Equal(0, n);
        Assert.Equal(new byte[64], buffer);

        ArgumentException encrypt = Assert.Throws<ArgumentException>(
            "destination",
            () => cipher.TryEncryptEcb(buffer.AsSpan(0, 32), buffer.AsSpan(16, 32), PaddingMode.None, out _));
        Assert.StartsWith("The destination must not overlap with the plaintext.", encrypt.Message);
    }

    /// <summary>The counter's vector forms: <c>Lane(n)</c> is the stored value plus n (big-endian, as
    /// <c>Store</c> writes it), and <c>Next()</c> is the stored value, then one increment.</summary>
    [Theory]
    [InlineData(0)]
    [InlineData(8)]
    [InlineData(4)]
    public void Counter128LanesAndNextFollowTheStoredValue(int widthBytes)
    {
        var width = (CounterWidth)widthBytes;
        byte[] start = TestRandom.Bytes(TestRandom.Create(900 + widthBytes), 16);
        start.AsSpan(12).Clear(); // far from the wrap of every width
        var counter = new Counter128(start, width);
        Assert.True(counter.CanAdd(8));
        var reference = new Counter128(start, width);
        for (int lane = 0; lane < 8; lane++)
        {
            Assert.Equal(Stored(reference), ToArray(counter.Lane(lane)));
            reference.Increment();
        }

        var running = new Counter128(start, width);
        reference = new Counter128(start, width);
        for (int i = 0; i < 4; i++)
        {
            Assert.Equal(Stored(reference), ToArray(running.Next()));
            reference.Increment();
            Assert.Equal(Stored(reference), Stored(running));
        }
    }

    /// <summary>The CFB and OFB loops refuse a length that is not whole segments with an
    /// <see cref="ArgumentException"/> naming it: a loop that steps by segments would otherwise run past the buffers
    /// or never end (the transform and the one-shots pass whole segments only).</summary>
    [Fact]
    public void FeedbackModeLoopsRefuseAPartialSegment()
    {
        using BlockCipherKernel kernel = PortableKernel(new byte[16]);
        foreach (BlockCipherMode mode in new BlockCipherMode[] { Ofb.Get(8), Cfb.Get(8), Ofb.Get(3), Cfb.Get(3) })
        {
            Assert.Throws<ArgumentException>(
                "length", () => mode.Encrypt(kernel, new byte[14], new byte[14], new byte[16]));
            Assert.Throws<ArgumentException>(
                "length", () => mode.Decrypt(kernel, new byte[13], new byte[13], new byte[16]));
        }
    }

    /// <summary>The padded and chained one-shots (the general paths, CBC and CFB here) refuse a destination that
    /// partially overlaps the input with an <see cref="ArgumentException"/> naming it, and write nothing.</summary>
    [Fact]
    public void GeneralOneShotsRefusePartialOverlap()
    {
        using RijndaelCipher cipher = KeyedCipher();
        byte[] iv = new byte[16];
        byte[] buffer = new byte[96];
        ArgumentException encrypt = Assert.Throws<ArgumentException>(
            "destination",
            () => cipher.TryEncryptCbc(buffer.AsSpan(0, 32), iv, buffer.AsSpan(16, 48), out _, PaddingMode.PKCS7));
        Assert.StartsWith("The destination must not overlap with the plaintext.", encrypt.Message);
        ArgumentException decrypt = Assert.Throws<ArgumentException>(
            "destination",
            () => cipher.TryDecryptCbc(buffer.AsSpan(0, 32), iv, buffer.AsSpan(16, 32), out _, PaddingMode.PKCS7));
        Assert.StartsWith("The destination must not overlap with the ciphertext.", decrypt.Message);
        Assert.Throws<ArgumentException>(
            "destination",
            () => cipher.TryDecryptCfb(buffer.AsSpan(0, 20), iv, buffer.AsSpan(1, 20), out _, PaddingMode.None, 8));
        Assert.Equal(new byte[96], buffer);
    }

    /// <summary>A decryption that removes no padding (None, Zeros) into a destination shorter than the ciphertext
    /// returns false, writes nothing and reports no bytes written.</summary>
    [Fact]
    public void UnpaddedDecryptionIntoAShortDestinationWritesNothing()
    {
        using RijndaelCipher cipher = KeyedCipher();
        Random random = TestRandom.Create(901);
        byte[] iv = TestRandom.Bytes(random, 16), ciphertext = TestRandom.Bytes(random, 32);
        foreach (PaddingMode padding in new[] { PaddingMode.None, PaddingMode.Zeros })
        {
            byte[] destination = Filled(31);
            Assert.False(cipher.TryDecryptCbc(ciphertext, iv, destination, out int written, padding));
            Assert.Equal(0, written);
            Assert.False(cipher.TryDecryptCfb(ciphertext, iv, destination, out written, padding, 8));
            Assert.Equal(0, written);
            Assert.Equal(Filled(31), destination);

            // A longer destination takes the whole plaintext, as Aes's does.
            byte[] longer = Filled(48);
            Assert.True(cipher.TryDecryptCbc(ciphertext, iv, longer, out written, padding));
            Assert.Equal(32, written);
            Assert.Equal(cipher.DecryptCbc(ciphertext, iv, padding), longer.AsSpan(0, written).ToArray());
        }
    }

    /// <summary>The one-shots' length check refuses a partial last block with the runtime's message for the mode
    /// (CFB has its own), which the netstandard2.0 build, without the runtime's GetCiphertextLength methods, shows.
    /// </summary>
    [Fact]
    public void PartialPlaintextMessagesAreTheRuntimesForEachMode()
    {
        using Aes aes = Aes.Create();
        Assert.Equal(
            Message(() => aes.GetCiphertextLengthCfb(17, PaddingMode.None, 128)),
            Message(() => BlockCipherOneShot.GetCiphertextLength(Cfb.Get(16), 16, 17, PaddingMode.None)));
        Assert.Equal(
            Message(() => aes.GetCiphertextLengthCbc(17, PaddingMode.None)),
            Message(() => BlockCipherOneShot.GetCiphertextLength(Cbc.Instance, 16, 17, PaddingMode.None)));
        Assert.NotEqual(
            Message(() => aes.GetCiphertextLengthCfb(17, PaddingMode.None, 128)),
            Message(() => aes.GetCiphertextLengthCbc(17, PaddingMode.None)));

        static string Message(Func<int> call) => Assert.Throws<ArgumentException>(() => call()).Message;
    }

    /// <summary>PKCS7 and ANSI X9.23 refuse a padding with two wrong bytes that differ from the expected value in the
    /// same bits, as Aes does: the check accumulates the differences with OR, where XOR would cancel them.</summary>
    [Fact]
    public void PaddingWithTwoEquallyWrongBytesIsRefused()
    {
        using RijndaelCipher cipher = KeyedCipher();
        using Aes aes = Aes.Create();
        aes.Key = cipher.Key;
        foreach ((PaddingMode padding, byte filler) in new[] { (PaddingMode.PKCS7, (byte)4), (PaddingMode.ANSIX923, (byte)0) })
        {
            byte[] block = Filled(16);
            block[12] = block[13] = (byte)(filler ^ 0x10);
            block[14] = filler;
            block[15] = 4;
            byte[] ciphertext = aes.EncryptEcb(block, PaddingMode.None);
            Assert.Throws<CryptographicException>(() => aes.DecryptEcb(ciphertext, padding));
            Assert.Throws<CryptographicException>(() => cipher.DecryptEcb(ciphertext, padding));
        }
    }

    /// <summary>A bad padding throws <see cref="CryptographicException"/> whatever the destination's length, also
    /// when it is shorter than the ciphertext (decrypted in a scratch buffer then), and writes nothing.</summary>
    [Fact]
    public void BadPaddingThrowsWhateverTheDestinationsLength()
    {
        using RijndaelCipher cipher = KeyedCipher();
        Random random = TestRandom.Create(902);
        byte[] iv = TestRandom.Bytes(random, 16), plaintext = TestRandom.Bytes(random, 32);
        plaintext[^1] = 0; // no PKCS7 padding ends in 0
        byte[] ciphertext = cipher.EncryptCbc(plaintext, iv, PaddingMode.None);
        foreach (int length in new[] { 0, 15, 16, 31, 32 })
        {
            byte[] destination = Filled(length);
            CryptographicException e = Assert.Throws<CryptographicException>(
                () => cipher.TryDecryptCbc(ciphertext, iv, destination, out _, PaddingMode.PKCS7));
            Assert.Equal(SR.InvalidPadding, e.Message);
            Assert.Equal(length == 32 ? new byte[32] : Filled(length), destination); // a full one is cleared
        }
    }

    /// <summary>A padded decryption into a destination at least as long as the ciphertext (decrypted there) leaves
    /// zeros after the plaintext where the padding was, and the bytes past the ciphertext's length untouched.</summary>
    [Fact]
    public void PaddedDecryptionClearsThePaddingInTheDestination()
    {
        using RijndaelCipher cipher = KeyedCipher();
        Random random = TestRandom.Create(903);
        byte[] iv = TestRandom.Bytes(random, 16);
        foreach (PaddingMode padding in new[] { PaddingMode.PKCS7, PaddingMode.ANSIX923, PaddingMode.ISO10126 })
        {
            foreach (int tail in new[] { 0, 5, 15 })
            {
                byte[] plaintext = TestRandom.Bytes(random, 16 + tail);
                byte[] ciphertext = cipher.EncryptCbc(plaintext, iv, padding);
                byte[] destination = Filled(ciphertext.Length + 8);
                Assert.True(cipher.TryDecryptCbc(ciphertext, iv, destination, out int written, padding));
                Assert.Equal(plaintext.Length, written);
                Assert.Equal(plaintext, destination.AsSpan(0, written).ToArray());
                int cleared = ciphertext.Length - written;
                Assert.Equal(new byte[cleared], destination.AsSpan(written, cleared).ToArray());
                Assert.Equal(Filled(8), destination.AsSpan(ciphertext.Length).ToArray());
            }
        }
    }

    /// <summary>A padded decryption fits a destination as long as the plaintext, shorter than the ciphertext (a
    /// whole block of padding included); one byte less returns false and writes nothing.</summary>
    [Theory]
    [InlineData(0)]
    [InlineData(4)]
    [InlineData(15)]
    public void PaddedDecryptionFitsADestinationOfThePlaintextsLength(int tail)
    {
        using RijndaelCipher cipher = KeyedCipher();
        Random random = TestRandom.Create(904 + tail);
        byte[] iv = TestRandom.Bytes(random, 16), plaintext = TestRandom.Bytes(random, 32 + tail);
        byte[] ciphertext = cipher.EncryptCbc(plaintext, iv, PaddingMode.PKCS7);
        byte[] destination = Filled(plaintext.Length);
        Assert.True(cipher.TryDecryptCbc(ciphertext, iv, destination, out int written, PaddingMode.PKCS7));
        Assert.Equal(plaintext.Length, written);
        Assert.Equal(plaintext, destination);

        byte[] tooShort = Filled(plaintext.Length - 1);
        Assert.False(cipher.TryDecryptCbc(ciphertext, iv, tooShort, out written, PaddingMode.PKCS7));
        Assert.Equal(0, written);
        Assert.Equal(Filled(plaintext.Length - 1), tooShort);
    }

    /// <summary>The scratch buffer of a padded decryption into a short destination comes from the shared pool and
    /// goes back to it wiped: the pool's next buffer of that size (on .NET, the one this thread returned last) holds
    /// no plaintext, and further calls allocate nothing.</summary>
    [Fact]
    public void ShortDestinationDecryptionReturnsItsScratchWipedToThePool()
    {
        using RijndaelCipher cipher = KeyedCipher();
        Random random = TestRandom.Create(905);
        byte[] iv = TestRandom.Bytes(random, 16), plaintext = TestRandom.Bytes(random, 1000);
        byte[] ciphertext = cipher.EncryptCbc(plaintext, iv, PaddingMode.PKCS7);
        byte[] destination = new byte[plaintext.Length];
        Assert.True(cipher.TryDecryptCbc(ciphertext, iv, destination, out _, PaddingMode.PKCS7));
        Assert.Equal(plaintext, destination);

        byte[] next = ArrayPool<byte>.Shared.Rent(ciphertext.Length);
        try
        {
            Assert.True(next.AsSpan().IndexOf(plaintext.AsSpan(0, 16)) < 0);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(next);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 200; i++)
        {
            cipher.TryDecryptCbc(ciphertext, iv, destination, out _, PaddingMode.PKCS7);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    /// <summary>Ciphertext stealing: every form refuses input shorter than one block with a
    /// <see cref="CryptographicException"/> and writes nothing; the span forms return the length and give the array
    /// forms' bytes.</summary>
    [Fact]
    public void CtsOneShotsRefuseLessThanABlockAndTheSpanFormsReturnTheLength()
    {
        using RijndaelCipher cipher = KeyedCipher();
        Random random = TestRandom.Create(906);
        byte[] iv = TestRandom.Bytes(random, 16);
        foreach (int length in new[] { 0, 1, 15 })
        {
            byte[] input = TestRandom.Bytes(random, length), destination = Filled(16);
            foreach (Action call in new Action[]
            {
                () => cipher.EncryptCts(input, iv),
                () => cipher.EncryptCts(input, iv, destination),
                () => cipher.DecryptCts(input, iv),
                () => cipher.DecryptCts(input, iv, destination),
            })
            {
                Assert.Equal(SR.CtsInputTooShort, Assert.Throws<CryptographicException>(call).Message);
            }

            Assert.Equal(Filled(16), destination);
        }

        foreach (int length in new[] { 16, 17, 40 })
        {
            byte[] plaintext = TestRandom.Bytes(random, length);
            byte[] expected = cipher.EncryptCts(plaintext, iv);
            byte[] ciphertext = new byte[length], decrypted = new byte[length];
            Assert.Equal(length, cipher.EncryptCts(plaintext, iv, ciphertext));
            Assert.Equal(expected, ciphertext);
            Assert.Equal(length, cipher.DecryptCts(ciphertext, iv, decrypted));
            Assert.Equal(plaintext, decrypted);
        }
    }

    /// <summary>The one-shot core's own checks behind the public methods': an IV that is not the kernel's block (the
    /// public methods check it against BlockSize, which another thread may change before the kernel is taken), and
    /// ciphertext stealing with a padding or an unknown padding mode (the public CTS methods pass None), are refused
    /// with the public methods' exceptions before anything is written.</summary>
    [Fact]
    public void OneShotCoreChecksTheIVAgainstItsKernelAndCtsPadding()
    {
        using BlockCipherKernel kernel = PortableKernel(new byte[16]);
        byte[] input = new byte[32], iv = new byte[16], destination = Filled(48);
        foreach (BlockCipherMode mode in new BlockCipherMode[] { Cbc.Instance, Cfb.Get(1), Ofb.Get(16), Cts.Instance })
        {
            foreach (int ivLength in new[] { 0, 8, 32 })
            {
                byte[] wrong = new byte[ivLength];
                Assert.Throws<ArgumentException>(
                    "iv",
                    () => BlockCipherOneShot.TryEncrypt(
                        kernel, mode, input, wrong, destination, PaddingMode.None, out _));
                Assert.Throws<ArgumentException>(
                    "iv",
                    () => BlockCipherOneShot.TryDecrypt(
                        kernel, mode, input, wrong, destination, PaddingMode.None, out _));
            }
        }

        foreach (PaddingMode padding in new[]
            { PaddingMode.PKCS7, PaddingMode.Zeros, PaddingMode.ANSIX923, PaddingMode.ISO10126 })
        {
            foreach (Action call in new Action[]
            {
                () => BlockCipherOneShot.GetCiphertextLength(Cts.Instance, 16, 32, padding),
                () => BlockCipherOneShot.TryEncrypt(kernel, Cts.Instance, input, iv, destination, padding, out _),
                () => BlockCipherOneShot.TryDecrypt(kernel, Cts.Instance, input, iv, destination, padding, out _),
            })
            {
                Assert.Equal(SR.CtsRequiresNoPadding, Assert.Throws<CryptographicException>(call).Message);
            }
        }

        foreach (PaddingMode bad in new[] { (PaddingMode)0, (PaddingMode)6 })
        {
            Assert.Throws<ArgumentOutOfRangeException>(
                "paddingMode", () => BlockCipherOneShot.GetCiphertextLength(Cts.Instance, 16, 32, bad));
            Assert.Throws<ArgumentOutOfRangeException>(
                "paddingMode",
                () => BlockCipherOneShot.TryDecrypt(kernel, Cbc.Instance, input, iv, destination, bad, out _));
        }

        Assert.Equal(SR.CtsInputTooShort, Assert.Throws<CryptographicException>(
            () => BlockCipherOneShot.GetCiphertextLength(Cts.Instance, 16, 15, PaddingMode.None)).Message);
        Assert.Equal(Filled(48), destination);
    }

    /// <summary>A decrypting transform that holds a block back (PKCS7) gives the plaintext when each
    /// <c>TransformBlock</c> writes where its input was: the held block's output lands on input not yet read.</summary>
    [Fact]
    public void DecryptingTransformWorksInPlaceWithAHeldBlock()
    {
        using RijndaelCipher cipher = KeyedCipher();
        Random random = TestRandom.Create(907);
        byte[] iv = TestRandom.Bytes(random, 16), plaintext = TestRandom.Bytes(random, 60);
        foreach (CipherMode mode in new[] { CipherMode.CBC, CipherMode.ECB })
        {
            cipher.Mode = mode;
            cipher.Padding = PaddingMode.PKCS7;
            byte[] buffer = mode == CipherMode.CBC
                ? cipher.EncryptCbc(plaintext, iv, PaddingMode.PKCS7)
                : cipher.EncryptEcb(plaintext, PaddingMode.PKCS7);
            using ICryptoTransform decryptor = cipher.CreateDecryptor(cipher.Key, iv);
            Assert.Equal(0, decryptor.TransformBlock(buffer, 0, 16, buffer, 0)); // one block held
            Assert.Equal(48, decryptor.TransformBlock(buffer, 16, 48, buffer, 16));
            byte[] last = decryptor.TransformFinalBlock(buffer, 64, 0);
            Assert.Equal(plaintext, buffer.AsSpan(16, 48).ToArray().Concat(last).ToArray());
        }
    }

    /// <summary>A disposed transform refuses both calls with <see cref="ObjectDisposedException"/>: its key schedule is
    /// wiped, so no call may run on it. The runtime's <see cref="Aes"/> encryptors do the same; its decryptors let a
    /// <c>TransformBlock</c> that only holds a block back pass.</summary>
    [Fact]
    public void DisposedTransformsThrow()
    {
        using RijndaelCipher cipher = KeyedCipher();
        using Aes aes = Aes.Create();
        foreach (CipherMode mode in new[] { CipherMode.CBC, CipherMode.ECB, CipherMode.CFB })
        {
            cipher.Mode = aes.Mode = mode;
            var transforms = new[] { cipher.CreateEncryptor(), cipher.CreateDecryptor(), aes.CreateEncryptor() };
            foreach (ICryptoTransform transform in transforms)
            {
                transform.Dispose();
                Assert.Throws<ObjectDisposedException>(
                    () => transform.TransformBlock(new byte[16], 0, 16, new byte[16], 0));
                Assert.Throws<ObjectDisposedException>(() => transform.TransformFinalBlock(new byte[16], 0, 16));
            }
        }
    }

    /// <summary>Disposing a transform wipes its key schedule and what it holds of a message in progress: the block a
    /// decryptor holds back, the keystream and feedback of a partial CFB segment, the chaining value and the IV.
    /// (Read by reflection: no public member exposes them.)</summary>
    [Fact]
    public void DisposingATransformWipesItsKeyScheduleAndMessageState()
    {
        using RijndaelCipher cipher = KeyedCipher();
        cipher.IV = TestRandom.Bytes(TestRandom.Create(911), 16);
        cipher.Mode = CipherMode.CFB;
        cipher.FeedbackSize = 128;
        ICryptoTransform stream = cipher.CreateStreamEncryptor();
        stream.TransformBlock(TestRandom.Bytes(TestRandom.Create(912), 5), 0, 5, new byte[5], 0);
        cipher.Mode = CipherMode.CBC;
        cipher.Padding = PaddingMode.PKCS7;
        ICryptoTransform decryptor = cipher.CreateDecryptor();
        decryptor.TransformBlock(TestRandom.Bytes(TestRandom.Create(913), 32), 0, 32, new byte[32], 0);

        foreach (ICryptoTransform transform in new[] { stream, decryptor })
        {
            var kernel = (BlockCipherKernel)Field(transform, "_kernel")!;
            byte[][] buffers = new[] { "_held", "_keystream", "_feedback", "_state", "_iv" }
                .Select(name => (byte[]?)Field(transform, name))
                .Where(buffer => buffer is { Length: > 0 })
                .ToArray()!;
            Assert.All(buffers, buffer => Assert.Contains(buffer, b => b != 0));
            transform.Dispose();
            Assert.True(kernel.HasBeenWiped());
            Assert.All(buffers, buffer => Assert.All(buffer, b => Assert.Equal(0, b)));
        }

        static object? Field(ICryptoTransform transform, string name) => transform.GetType()
            .GetField(name, System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!
            .GetValue(transform);
    }

    /// <summary>A finished message leaves nothing of itself in a transform kept for the next one: the block a
    /// decryptor held back, and the keystream and feedback of CFB's last partial segment, are wiped by
    /// <see cref="ICryptoTransform.TransformFinalBlock"/>.</summary>
    [Fact]
    public void FinishedMessagesLeaveNothingInTheTransform()
    {
        using RijndaelCipher cipher = KeyedCipher();
        cipher.IV = TestRandom.Bytes(TestRandom.Create(914), 16);
        cipher.Mode = CipherMode.CFB;
        cipher.FeedbackSize = 128;
        ICryptoTransform stream = cipher.CreateStreamEncryptor();
        stream.TransformBlock(TestRandom.Bytes(TestRandom.Create(915), 5), 0, 5, new byte[5], 0);
        cipher.Mode = CipherMode.CBC;
        cipher.Padding = PaddingMode.PKCS7;
        ICryptoTransform decryptor = cipher.CreateDecryptor();
        byte[] ciphertext = cipher.EncryptCbc(TestRandom.Bytes(TestRandom.Create(916), 20), cipher.IV);
        decryptor.TransformBlock(ciphertext, 0, 32, new byte[32], 0);

        foreach (ICryptoTransform transform in new[] { stream, decryptor })
        {
            using (transform)
            {
                byte[][] buffers = new[] { "_held", "_keystream", "_feedback" }
                    .Select(name => (byte[]?)transform.GetType()
                        .GetField(name, System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!
                        .GetValue(transform))
                    .Where(buffer => buffer is { Length: > 0 })
                    .ToArray()!;
                Assert.All(buffers, buffer => Assert.Contains(buffer, b => b != 0));
                transform.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
                Assert.All(buffers, buffer => Assert.All(buffer, b => Assert.Equal(0, b)));
            }
        }
    }

    /// <summary>Without padding, a final block that is not whole is refused by the transform as by the runtime's
    /// <see cref="Aes"/> transforms (<see cref="CryptographicException"/>), encrypting and decrypting.</summary>
    [Fact]
    public void UnpaddedTransformsRefuseAPartialFinalBlock()
    {
        using RijndaelCipher cipher = KeyedCipher();
        using Aes aes = Aes.Create();
        cipher.Mode = aes.Mode = CipherMode.CBC;
        cipher.Padding = aes.Padding = PaddingMode.None;
        foreach (SymmetricAlgorithm algorithm in new SymmetricAlgorithm[] { cipher, aes })
        {
            foreach (ICryptoTransform transform in new[] { algorithm.CreateEncryptor(), algorithm.CreateDecryptor() })
            {
                using (transform)
                {
                    Assert.Throws<CryptographicException>(() => transform.TransformFinalBlock(new byte[21], 0, 21));
                }
            }
        }
    }

    /// <summary>A call that overlaps another on one transform throws, and the message it overlapped is refused at its
    /// final block and dropped: the next message starts again from the IV.</summary>
    [Fact]
    public void TransformRefusesTheFinalBlockOfAnOverlappedMessageAndStartsAgain()
    {
        Random random = TestRandom.Create(908);
        byte[] key = TestRandom.Bytes(random, 16), iv = TestRandom.Bytes(random, 16);
        byte[] message = TestRandom.Bytes(random, 48);
        byte[] expected;
        using (var cipher = new RijndaelCipher())
        {
            cipher.Key = key;
            expected = cipher.EncryptCbc(message, iv, PaddingMode.PKCS7);
        }

        var kernel = new GatedKernel(PortableKernel(key));
        using var transform = new BlockCipherTransform(kernel, Cbc.Instance, true, PaddingMode.PKCS7, iv);
        Exception? failure = kernel.Gate.Overlap(
            () => transform.TransformBlock(message, 0, 32, new byte[32], 0),
            () =>
            {
                CallGate.AssertRefused(() => transform.TransformBlock(message, 32, 16, new byte[16], 0));
                CallGate.AssertRefused(() => transform.TransformFinalBlock(message, 32, 16));
            });
        Assert.Null(failure);

        CryptographicException final = Assert.Throws<CryptographicException>(
            () => transform.TransformFinalBlock(message, 32, 16));
        Assert.Equal(SR.ConcurrentUse, final.Message);
        Assert.Equal(expected, transform.TransformFinalBlock(message, 0, message.Length));
    }

    private static RijndaelCipher KeyedCipher()
    {
        var cipher = new RijndaelCipher();
        cipher.Key = TestRandom.Bytes(TestRandom.Create(910), 16);
        return cipher;
    }

    private static BlockCipherKernel PortableKernel(byte[] key) =>
        RijndaelCipher.Kernels.Get("portable").Create(key, 16);

    private static byte[] Filled(int length)
    {
        byte[] bytes = new byte[length];
        bytes.AsSpan().Fill(0xEE);
        return bytes;
    }

    private static byte[] Stored(Counter128 counter)
    {
        byte[] block = new byte[16];
        counter.Store(block);
        return block;
    }

    private static byte[] ToArray(Vector128<byte> block)
    {
        byte[] bytes = new byte[16];
        block.CopyTo(bytes);
        return bytes;
    }

    private static BigInteger ReadBigEndian(ReadOnlySpan<byte> bytes) =>
        new(bytes, isUnsigned: true, isBigEndian: true);

    private static void WriteBigEndian(BigInteger value, Span<byte> destination)
    {
        destination.Clear();
        byte[] bytes = value.ToByteArray(isUnsigned: true, isBigEndian: true);
        bytes.CopyTo(destination.Slice(destination.Length - bytes.Length));
    }
}
