using System;
using System.Numerics;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The arithmetic the modes share, checked directly against plain references at its edges: the counter blocks of
/// every counter width at the wrap (what stays fixed, what carries), the padding lengths and the padding check at
/// every pad length and every corrupted byte, and the ciphertext length of every padding mode.
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
        Assert.Throws<OverflowException>(
            () => CipherPadding.GetCiphertextLength(int.MaxValue - (segment == 1 ? 0 : 1), segment, PaddingMode.PKCS7));
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

    private static BigInteger ReadBigEndian(ReadOnlySpan<byte> bytes) =>
        new(bytes, isUnsigned: true, isBigEndian: true);

    private static void WriteBigEndian(BigInteger value, Span<byte> destination)
    {
        destination.Clear();
        byte[] bytes = value.ToByteArray(isUnsigned: true, isBigEndian: true);
        bytes.CopyTo(destination.Slice(destination.Length - bytes.Length));
    }
}
