using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>Luffa-224/256/384/512: published vectors through every kernel, streaming, kernel cross-checks, API behaviour.</summary>
public class LuffaTests
{
    private static readonly int[] Widths = { 224, 256, 384, 512 };

    /// <summary>Every registered kernel this process runs.</summary>
    private static IEnumerable<LuffaKernel> Kernels() => FamilyKernels.Supported(LuffaCore.Kernels).Select(e => e.Create());

    private static LuffaKernel Portable => FamilyKernelRegistries.Portable(LuffaCore.Kernels).Create();

    private static byte[] PublicHash(int bits, byte[] message) => bits switch
    {
        224 => Luffa224.HashData(message),
        256 => Luffa256.HashData(message),
        384 => Luffa384.HashData(message),
        512 => Luffa512.HashData(message),
        _ => throw new ArgumentOutOfRangeException(nameof(bits)),
    };

    private static HashAlgorithm CreatePublic(int bits) => bits switch
    {
        224 => Luffa224.Create(),
        256 => Luffa256.Create(),
        384 => Luffa384.Create(),
        512 => Luffa512.Create(),
        _ => throw new ArgumentOutOfRangeException(nameof(bits)),
    };

    private static byte[] KernelHash(int bits, ReadOnlySpan<byte> message, LuffaKernel kernel)
    {
        byte[] hash = new byte[bits / 8];
        LuffaCore.Hash(bits, message, hash, kernel);
        return hash;
    }

    /// <summary>Every vector through every kernel, the public types and streaming: the checks shared with the Mono runner.</summary>
    [Fact]
    public void AllPublishedVectors_AllWidths_AllKernels() => new LuffaVectorChecks().CheckEveryFile();

    /// <summary>Random chunk sizes; after every append the running digest equals the one-shot of the prefix.</summary>
    [Fact]
    public void Streaming_RandomChunks_MatchesOneShotAfterEveryAppend()
    {
        foreach (int bits in Widths)
        {
            foreach (LuffaKernel kind in Kernels())
            {
                Random random = TestRandom.Create(bits + kind.Name.Length);
                byte[] message = TestRandom.Bytes(random, 3000);
                using var core = new LuffaCore(bits, kind);
                byte[] running = new byte[bits / 8];
                int position = 0;
                while (position < message.Length)
                {
                    int chunk = Math.Min(message.Length - position, random.Next(4) == 0 ? random.Next(0, 200) : random.Next(0, 40));
                    core.Append(message.AsSpan(position, chunk));
                    position += chunk;
                    core.PeekHash(running);
                    byte[] expected = KernelHash(bits, message.AsSpan(0, position), Portable);
                    Assert.True(expected.AsSpan().SequenceEqual(running), $"Luffa-{bits} {kind}: prefix of {position} bytes");
                }

                core.Finish(running);
                Assert.True(PublicHash(bits, message).AsSpan().SequenceEqual(running), $"Luffa-{bits} {kind}: Finish");
            }
        }
    }

    /// <summary>The public type through TransformBlock with random chunks, and through CryptoStream.</summary>
    [Fact]
    public void TransformBlockAndCryptoStream_MatchOneShot()
    {
        Random random = TestRandom.Create(5);
        foreach (int bits in Widths)
        {
            for (int trial = 0; trial < 20; trial++)
            {
                byte[] message = TestRandom.Bytes(random, random.Next(0, 700));
                byte[] expected = PublicHash(bits, message);
                using HashAlgorithm algorithm = CreatePublic(bits);
                int position = 0;
                while (message.Length - position > 0 && random.Next(5) != 0)
                {
                    int chunk = random.Next(0, message.Length - position + 1);
                    Assert.Equal(chunk, algorithm.TransformBlock(message, position, chunk, null, 0));
                    position += chunk;
                }

                algorithm.TransformFinalBlock(message, position, message.Length - position);
                Assert.True(expected.AsSpan().SequenceEqual(algorithm.Hash), $"Luffa-{bits} TransformBlock, {message.Length} bytes");

                using HashAlgorithm streamed = CreatePublic(bits);
                using (var stream = new CryptoStream(Stream.Null, streamed, CryptoStreamMode.Write))
                {
                    stream.Write(message, 0, message.Length / 2);
                    stream.Write(message, message.Length / 2, message.Length - message.Length / 2);
                }

                Assert.True(expected.AsSpan().SequenceEqual(streamed.Hash), $"Luffa-{bits} CryptoStream, {message.Length} bytes");
            }
        }
    }

    /// <summary>Every fast registered kernel against the portable one: every length 0..200 and some long messages.</summary>
    [FastFamilyKernelsFact("Luffa")]
    public void FastKernels_MatchPortable_EveryLengthAndLongMessages()
    {
        Random random = TestRandom.Create(200);
        var lengths = new List<int>();
        for (int length = 0; length <= 200; length++)
        {
            lengths.Add(length);
        }

        lengths.AddRange(new[] { 1023, 1024, 4096 + 17, 65536, 100_003 });
        foreach (int bits in Widths)
        {
            foreach (int length in lengths)
            {
                byte[] message = TestRandom.Bytes(random, length);
                byte[] portable = KernelHash(bits, message, Portable);
                foreach (KernelEntry<Func<LuffaKernel>> fast in FamilyKernelRegistries.FastKernels(LuffaCore.Kernels))
                {
                    byte[] actual = KernelHash(bits, message, fast.Create());
                    Assert.True(portable.AsSpan().SequenceEqual(actual), $"Luffa-{bits} {fast.Name}, {length} bytes");
                }
            }
        }
    }

    /// <summary>Every fast kernel's round function alone against the portable one, on random states (all 40 words), many blocks per call.</summary>
    [FastFamilyKernelsFact("Luffa")]
    public void FastKernels_MatchPortable_RandomStates()
    {
        Random random = TestRandom.Create(7);
        for (int width = 3; width <= 5; width++)
        {
            for (int trial = 0; trial < 50; trial++)
            {
                uint[] portable = new uint[40];
                for (int i = 0; i < 8 * width; i++)
                {
                    portable[i] = (uint)random.Next() ^ ((uint)random.Next() << 16);
                }

                uint[] initial = (uint[])portable.Clone();
                byte[] blocks = TestRandom.Bytes(random, 32 * random.Next(1, 9));
                Portable.Compress(portable, width, blocks);
                foreach (KernelEntry<Func<LuffaKernel>> fast in FamilyKernelRegistries.FastKernels(LuffaCore.Kernels))
                {
                    uint[] state = (uint[])initial.Clone();
                    fast.Create().Compress(state, width, blocks);
                    Assert.True(portable.AsSpan().SequenceEqual(state), $"{fast.Name}: width {width}, trial {trial}");
                }
            }
        }
    }

    [Fact]
    public void HashAlgorithm_ReusableAfterInitialize()
    {
        byte[] first = TestRandom.Bytes(TestRandom.Create(11), 100);
        byte[] second = TestRandom.Bytes(TestRandom.Create(12), 77);
        foreach (int bits in Widths)
        {
            using HashAlgorithm algorithm = CreatePublic(bits);
            Assert.Equal(bits, algorithm.HashSize);
            Assert.True(PublicHash(bits, first).AsSpan().SequenceEqual(algorithm.ComputeHash(first)), $"Luffa-{bits} first");
            Assert.True(PublicHash(bits, second).AsSpan().SequenceEqual(algorithm.ComputeHash(second)), $"Luffa-{bits} second");

            // Abandon a computation half-way; Initialize must forget it.
            algorithm.TransformBlock(first, 0, 50, null, 0);
            algorithm.Initialize();
            Assert.True(PublicHash(bits, second).AsSpan().SequenceEqual(algorithm.ComputeHash(second)), $"Luffa-{bits} after Initialize");

            byte[] destination = new byte[bits / 8];
            Assert.True(algorithm.TryComputeHash(first, destination, out int written));
            Assert.Equal(bits / 8, written);
            Assert.True(PublicHash(bits, first).AsSpan().SequenceEqual(destination), $"Luffa-{bits} TryComputeHash");
        }
    }

    [Fact]
    public void OneShots_SpanOverloads_AndShortDestinations()
    {
        byte[] message = TestRandom.Bytes(TestRandom.Create(13), 45);
        CheckOneShots(Luffa224.HashSizeInBytes, Luffa224.HashData(message), (s, d) => Luffa224.HashData(s, d), Luffa224.TryHashData, message);
        CheckOneShots(Luffa256.HashSizeInBytes, Luffa256.HashData(message), (s, d) => Luffa256.HashData(s, d), Luffa256.TryHashData, message);
        CheckOneShots(Luffa384.HashSizeInBytes, Luffa384.HashData(message), (s, d) => Luffa384.HashData(s, d), Luffa384.TryHashData, message);
        CheckOneShots(Luffa512.HashSizeInBytes, Luffa512.HashData(message), (s, d) => Luffa512.HashData(s, d), Luffa512.TryHashData, message);
        Assert.Equal(28, Luffa224.HashSizeInBytes);
        Assert.Equal(384, Luffa384.HashSizeInBits);
        Assert.Throws<ArgumentNullException>("source", () => Luffa256.HashData((byte[])null!));
        Assert.Throws<ArgumentNullException>("source", () => Luffa512.HashData((byte[])null!));
    }

    private delegate int HashInto(ReadOnlySpan<byte> source, Span<byte> destination);

    private delegate bool TryHashInto(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten);

    private static void CheckOneShots(int size, byte[] expected, HashInto hashInto, TryHashInto tryHashInto, byte[] message)
    {
        Assert.True(expected.AsSpan().SequenceEqual(PublicHash(size * 8, message)));

        // Larger destination: the hash, and nothing written past it.
        byte[] large = new byte[size + 5];
        large.AsSpan().Fill(0xAA);
        Assert.Equal(size, hashInto(message, large));
        Assert.True(expected.AsSpan().SequenceEqual(large.AsSpan(0, size)));
        Assert.All(large.AsSpan(size).ToArray(), b => Assert.Equal(0xAA, b));

        large.AsSpan().Fill(0xAA);
        Assert.True(tryHashInto(message, large, out int written));
        Assert.Equal(size, written);
        Assert.True(expected.AsSpan().SequenceEqual(large.AsSpan(0, size)));

        // Short destination: ArgumentException("destination") or false, and not one byte written.
        byte[] small = new byte[size - 1];
        small.AsSpan().Fill(0x55);
        Assert.Throws<ArgumentException>("destination", () => hashInto(message, small));
        Assert.False(tryHashInto(message, small, out written));
        Assert.Equal(0, written);
        Assert.All(small, b => Assert.Equal(0x55, b));

        using HashAlgorithm algorithm = CreatePublic(size * 8);
        Assert.False(algorithm.TryComputeHash(message, small, out written));
        Assert.Equal(0, written);
        Assert.All(small, b => Assert.Equal(0x55, b));
    }

    [Fact]
    public void Dispose_ThenUse_Throws()
    {
        foreach (int bits in Widths)
        {
            HashAlgorithm algorithm = CreatePublic(bits);
            algorithm.Dispose();
            Assert.Throws<ObjectDisposedException>(() => algorithm.ComputeHash(new byte[3]));
        }
    }
}
