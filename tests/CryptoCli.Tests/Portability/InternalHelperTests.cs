using System;
using System.Numerics;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The small helpers every primitive leans on, against plain references: the overlap tests that decide whether a call
/// is refused (in place allowed, a shifted overlap refused, neighbours fine), XOR and the big-endian increment at every
/// length, GF(2^128) doubling against polynomial arithmetic, the rotations, and the argument checks' exception types
/// and parameter names.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class InternalHelperTests
{
    [Fact]
    public void OverlapTestsSeparateInPlaceShiftedAndNeighbouringBuffers()
    {
        byte[] buffer = new byte[64];
        Span<byte> all = buffer;
        for (int length = 1; length <= 20; length++)
        {
            for (int shift = -length - 1; shift <= length + 1; shift++)
            {
                int firstStart = 22, secondStart = 22 + shift;
                ReadOnlySpan<byte> first = all.Slice(firstStart, length);
                ReadOnlySpan<byte> second = all.Slice(secondStart, length);
                bool share = Math.Abs(shift) < length;
                string where = $"length {length}, shift {shift}";
                Assert.True(share == SpanHelpers.Overlaps(first, second), where);
                Assert.True((share && shift != 0) == SpanHelpers.PartiallyOverlaps(first, second), where);
                Assert.True(!share == SpanHelpers.BlocksAreDisjoint(first, second, length), where);

                // Different lengths: a short span inside a long one, at its start (in place) or later.
                ReadOnlySpan<byte> longer = all.Slice(firstStart, length + 3);
                bool inside = shift >= 0 && shift < length + 3;
                Assert.True((inside && shift != 0) == SpanHelpers.PartiallyOverlaps(longer, second.Slice(0, 1)), where);
                Assert.True((inside && shift != 0) == SpanHelpers.PartiallyOverlaps(second.Slice(0, 1), longer), where);
            }
        }

        Assert.False(SpanHelpers.PartiallyOverlaps(all.Slice(3, 0), all));
        Assert.False(SpanHelpers.PartiallyOverlaps(all, all.Slice(3, 0)));
        Assert.False(SpanHelpers.Overlaps(all.Slice(0, 0), all));
        Assert.False(SpanHelpers.Overlaps(all, Span<byte>.Empty));
        Assert.False(SpanHelpers.Overlaps(all, new byte[4]));
    }

    [Fact]
    public void XorCopyBlockAndIncrementAtEveryLength()
    {
        Random random = TestRandom.Create(0x5e1f);
        for (int length = 0; length <= 40; length++)
        {
            byte[] left = TestRandom.Bytes(random, length), right = TestRandom.Bytes(random, length);
            byte[] expected = new byte[length];
            for (int i = 0; i < length; i++)
            {
                expected[i] = (byte)(left[i] ^ right[i]);
            }

            byte[] destination = new byte[length];
            SpanHelpers.Xor(left, right, destination);
            Assert.Equal(expected, destination);
            SpanHelpers.Xor(left, right, left); // in place
            Assert.Equal(expected, left);

            // CopyBlock: the 16-byte fast path and every other length copy the source to the destination's start.
            byte[] source = TestRandom.Bytes(random, length);
            byte[] target = new byte[length + 4];
            target.AsSpan().Fill(0xC3);
            SpanHelpers.CopyBlock(source, target);
            Assert.Equal(source, target.AsSpan(0, length).ToArray());
            Assert.All(target.AsSpan(length).ToArray(), b => Assert.Equal(0xC3, b));

            if (length == 0)
            {
                continue;
            }

            // The increment of a big-endian integer as wide as the buffer, wrapping to zero.
            foreach (byte[] start in new[] { TestRandom.Bytes(random, length), Filled(length, 0xFF), Tail(length, 0xFF) })
            {
                BigInteger modulus = BigInteger.One << (8 * length);
                BigInteger value = new(start, isUnsigned: true, isBigEndian: true);
                byte[] counter = (byte[])start.Clone();
                SpanHelpers.IncrementBigEndian(counter);
                Assert.Equal((value + 1) % modulus, new BigInteger(counter, isUnsigned: true, isBigEndian: true));
            }
        }
    }

    [Fact]
    public void DoublingInGf128IsMultiplicationByX()
    {
        // The polynomial x^128 + x^7 + x^2 + x + 1; a block is a big-endian integer whose top bit is x^127.
        BigInteger reduction = (BigInteger.One << 128) | 0x87;
        Random random = TestRandom.Create(0x128);
        var blocks = new System.Collections.Generic.List<byte[]> { new byte[16], Filled(16, 0xFF), Tail(16, 0xFF) };
        byte[] topBit = new byte[16];
        topBit[0] = 0x80;
        blocks.Add(topBit);
        for (int i = 0; i < 32; i++)
        {
            blocks.Add(TestRandom.Bytes(random, 16));
        }

        foreach (byte[] block in blocks)
        {
            BigInteger value = new BigInteger(block, isUnsigned: true, isBigEndian: true) << 1;
            if (value >> 128 != 0)
            {
                value ^= reduction;
            }

            byte[] doubled = (byte[])block.Clone();
            Gf128.DoubleBigEndian(doubled);
            byte[] expected = new byte[16];
            byte[] bytes = value.ToByteArray(isUnsigned: true, isBigEndian: true);
            bytes.CopyTo(expected, 16 - bytes.Length);
            Assert.Equal(expected, doubled);
        }
    }

    [Fact]
    public void RotationsAgreeWithBitOperations()
    {
        Random random = TestRandom.Create(0x707);
        for (int i = 0; i < 16; i++)
        {
            uint word = (uint)random.Next() ^ ((uint)random.Next() << 16);
            ulong wide = ((ulong)word << 32) | (uint)random.Next();
            for (int count = 1; count < 32; count++)
            {
                Assert.Equal(BitOperations.RotateLeft(word, count), Bits.RotateLeft(word, count));
                Assert.Equal(BitOperations.RotateRight(word, count), Bits.RotateRight(word, count));
            }

            for (int count = 1; count < 64; count++)
            {
                Assert.Equal(BitOperations.RotateLeft(wide, count), Bits.RotateLeft(wide, count));
                Assert.Equal(BitOperations.RotateRight(wide, count), Bits.RotateRight(wide, count));
            }
        }
    }

    [Fact]
    public void ArgumentChecksThrowTheRuntimesExceptionsWithTheirParameterNames()
    {
        Assert.Throws<ArgumentNullException>("thing", () => ThrowHelper.ThrowIfNull(null, "thing"));
        ThrowHelper.ThrowIfNull(new object(), "thing");

        // The range checks: the runtime's exception, parameter name, value and message, at the boundary.
        SameAsRuntime(() => ThrowHelper.ThrowIfNegative(-1, "count"), () => ArgumentOutOfRangeException.ThrowIfNegative(-1, "count"));
        ThrowHelper.ThrowIfNegative(0, "count");
        SameAsRuntime(() => ThrowHelper.ThrowIfNegativeOrZero(0, "count"), () => ArgumentOutOfRangeException.ThrowIfNegativeOrZero(0, "count"));
        SameAsRuntime(() => ThrowHelper.ThrowIfNegativeOrZero(-5, "count"), () => ArgumentOutOfRangeException.ThrowIfNegativeOrZero(-5, "count"));
        ThrowHelper.ThrowIfNegativeOrZero(1, "count");
        SameAsRuntime(() => ThrowHelper.ThrowIfGreaterThan(8, 7, "count"), () => ArgumentOutOfRangeException.ThrowIfGreaterThan(8, 7, "count"));
        ThrowHelper.ThrowIfGreaterThan(7, 7, "count");

        var disposed = Assert.Throws<ObjectDisposedException>(() => ThrowHelper.ThrowIfDisposed(true, "text"));
        Assert.Equal(typeof(string).FullName, disposed.ObjectName);
        ThrowHelper.ThrowIfDisposed(false, "text");

        Assert.Throws<ArgumentException>("destination", () => ThrowHelper.ThrowDestinationTooShort());
        Assert.Throws<ArgumentException>("output", () => ThrowHelper.ThrowDestinationTooShort("output"));
        Assert.Throws<ArgumentException>("iv", () => ThrowHelper.ThrowInvalidIVSize());
        var fixedLength = Assert.Throws<ArgumentException>("nonce", () => ThrowHelper.ThrowFixedLength("nonce", 12));
        Assert.StartsWith("The nonce must have a length of 12 bytes.", fixedLength.Message);
        var overlap = Assert.Throws<ArgumentException>("destination", () => ThrowHelper.ThrowOverlap("destination", "source"));
        Assert.StartsWith("The destination must not overlap with the source.", overlap.Message);
        Assert.Throws<CryptographicException>(() => ThrowHelper.ThrowInvalidKeySize());
        Assert.Throws<CryptographicException>(() => ThrowHelper.ThrowPartialBlock());
        Assert.Throws<CryptographicException>(() => ThrowHelper.ThrowInvalidPadding());
        Assert.Throws<CryptographicException>(() => ThrowHelper.ThrowConcurrentUse());
    }

    [Fact]
    public void TheGuardRefusesAnOverlappingCallAndRemembersIt()
    {
        var guard = new ConcurrencyGuard();
        guard.Enter();
        Assert.False(guard.TakeOverlapped());
        Assert.Throws<CryptographicException>(() => guard.Enter()); // a second caller while held
        Assert.True(guard.TakeOverlapped());
        Assert.False(guard.TakeOverlapped()); // taking the mark clears it
        guard.Exit();
        guard.Enter(); // free again after Exit
        guard.Exit();
    }

    private static void SameAsRuntime(Action ours, Action runtime)
    {
        var expected = Assert.Throws<ArgumentOutOfRangeException>(runtime);
        var actual = Assert.Throws<ArgumentOutOfRangeException>(ours);
        Assert.Equal(expected.ParamName, actual.ParamName);
        Assert.Equal(expected.ActualValue, actual.ActualValue);
        Assert.Equal(expected.Message, actual.Message);
    }

    [Fact]
    public void CopyBlockIntoAShortDestinationThrowsAndWritesNothingPastIt()
    {
        // The 16-byte fast path copies a constant length: it must not run for a destination shorter than the block.
        byte[] buffer = new byte[32];
        buffer.AsSpan().Fill(0xC3);
        byte[] source = Filled(16, 0x5A);
        Assert.Throws<ArgumentException>(() => SpanHelpers.CopyBlock(source, buffer.AsSpan(0, 15)));
        Assert.All(buffer.AsSpan(15).ToArray(), b => Assert.Equal(0xC3, b));
    }

    [Fact]
    public void WipeHelpersZeroEveryWordAndAcceptNull()
    {
        uint[] words = { 1, 0xFFFFFFFF, 0x12345678 };
        ulong[] longs = { 1, ulong.MaxValue };
        System.Runtime.Intrinsics.Vector128<byte>[] vectors =
            { System.Runtime.Intrinsics.Vector128.Create((byte)0xA5), System.Runtime.Intrinsics.Vector128<byte>.AllBitsSet };
        CryptographicOperationsHelper.ZeroWords(words);
        CryptographicOperationsHelper.ZeroWords(longs);
        CryptographicOperationsHelper.ZeroVectors(vectors);
        Assert.All(words, w => Assert.Equal(0u, w));
        Assert.All(longs, w => Assert.Equal(0UL, w));
        Assert.All(vectors, v => Assert.Equal(System.Runtime.Intrinsics.Vector128<byte>.Zero, v));

        // A schedule that was never made (null) is nothing to wipe.
        CryptographicOperationsHelper.ZeroWords((uint[]?)null);
        CryptographicOperationsHelper.ZeroWords((ulong[]?)null);
        CryptographicOperationsHelper.ZeroVectors((System.Runtime.Intrinsics.Vector128<byte>[]?)null);
    }

    [Fact]
    public void SecureRandomFillsTheBuffer()
    {
        // 32 zero bytes from a working generator: probability 2^-256.
        byte[] bytes = SecureRandom.GetBytes(32);
        Assert.Equal(32, bytes.Length);
        Assert.Contains(bytes, b => b != 0);
        Assert.Empty(SecureRandom.GetBytes(0));
    }

    private static byte[] Filled(int length, byte value)
    {
        byte[] bytes = new byte[length];
        bytes.AsSpan().Fill(value);
        return bytes;
    }

    private static byte[] Tail(int length, byte value)
    {
        byte[] bytes = new byte[length];
        bytes.AsSpan(length / 2).Fill(value);
        return bytes;
    }
}
