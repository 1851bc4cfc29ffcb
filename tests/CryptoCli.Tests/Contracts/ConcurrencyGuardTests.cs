using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Security.Cryptography;
using System.Threading;
using Xunit;
using Xunit.Abstractions;

namespace CryptoCli.Tests;

/// <summary>
/// The concurrent-use guard under contention. The guard itself: no two callers are ever inside at once, over enough
/// refused entries (20,000) to catch one miss in 3,000. Each guarded type, shared by four threads: every result is
/// right or its call threw <see cref="CryptographicException"/>. The workloads are chosen so that a wrong result can
/// only come from overlapping calls (one call per message, keystream chunks checked as a whole, or intruders whose
/// calls change nothing when they do not overlap): whole calls of two threads interleaved without overlapping are
/// indistinguishable from a legal hand-over between threads and are not detected (see ConcurrencyGuard).
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class ConcurrencyGuardTests
{
    private const int Threads = 4;
    private static readonly TimeSpan MinTime = TimeSpan.FromMilliseconds(500);
    private static readonly TimeSpan MaxTime = TimeSpan.FromSeconds(4);

    private readonly ITestOutputHelper _output;

    public ConcurrencyGuardTests(ITestOutputHelper output) => _output = output;

    private static bool IsConcurrentUse(CryptographicException e) =>
        e.Message == "Concurrent operations from multiple threads on this type are not supported.";

    // Runs body(threadIndex, running) on Threads threads until MinTime has passed and enough() holds, or MaxTime.
    private static void Race(Action<int, Func<bool>> body, Func<bool> enough, int threads = Threads)
    {
        var stopwatch = Stopwatch.StartNew();
        Func<bool> running = () => stopwatch.Elapsed < MinTime || (!enough() && stopwatch.Elapsed < MaxTime);
        Exception? failure = null;
        var all = Enumerable.Range(0, threads).Select(i => new Thread(() =>
        {
            try
            {
                body(i, running);
            }
            catch (Exception e)
            {
                Interlocked.CompareExchange(ref failure, e, null);
            }
        })).ToList();
        all.ForEach(t => t.Start());
        all.ForEach(t => t.Join());
        if (failure is not null)
        {
            throw new InvalidOperationException("a racing thread failed", failure);
        }
    }

    private sealed class GuardHolder
    {
        public ConcurrencyGuard Guard;
    }

    [Fact]
    public void NoTwoCallersAreEverInsideAndEveryRefusalIsMarked()
    {
        var holder = new GuardHolder();
        int inside = 0, entered = 0, refused = 0, marksSeen = 0, bothInside = 0;
        Race((_, running) =>
        {
            while (running())
            {
                try
                {
                    holder.Guard.Enter();
                }
                catch (CryptographicException e) when (IsConcurrentUse(e))
                {
                    Interlocked.Increment(ref refused);
                    continue;
                }

                if (Interlocked.Increment(ref inside) != 1)
                {
                    Interlocked.Increment(ref bothInside);
                }

                Interlocked.Increment(ref entered);
                Thread.SpinWait(20);
                if (holder.Guard.TakeOverlapped())
                {
                    Interlocked.Increment(ref marksSeen);
                }

                Interlocked.Decrement(ref inside);
                holder.Guard.Exit();
            }
        }, () => Volatile.Read(ref refused) >= 20_000);
        _output.WriteLine($"entered {entered}, refused {refused}, overlap marks seen by the holder {marksSeen}");
        Assert.Equal(0, bothInside);
        Assert.True(refused == 0 || marksSeen > 0 || holder.Guard.TakeOverlapped());
        Assert.True(marksSeen <= refused);
    }

    [Fact]
    public void ASharedTransformReturnsEachMessageRightOrThrows()
    {
        using RijndaelCipher cipher = RijndaelCipher.Create();
        cipher.Key = Enumerable.Range(0, 16).Select(i => (byte)i).ToArray();
        cipher.IV = new byte[16];
        byte[][] messages = Enumerable.Range(0, Threads)
            .Select(t => Enumerable.Range(0, 4096 + 16 * t).Select(i => (byte)(i * (t + 3))).ToArray()).ToArray();
        byte[][] expected = messages.Select(m => cipher.EncryptCbc(m, cipher.IV, PaddingMode.PKCS7)).ToArray();
        using ICryptoTransform shared = cipher.CreateEncryptor();
        int right = 0, wrong = 0, threw = 0;
        Race((t, running) =>
        {
            while (running())
            {
                try
                {
                    byte[] result = shared.TransformFinalBlock(messages[t], 0, messages[t].Length);
                    Interlocked.Increment(ref result.AsSpan().SequenceEqual(expected[t]) ? ref right : ref wrong);
                }
                catch (CryptographicException e) when (IsConcurrentUse(e))
                {
                    Interlocked.Increment(ref threw);
                }
            }
        }, () => Volatile.Read(ref threw) >= 3_000);
        _output.WriteLine($"right {right}, wrong {wrong}, threw {threw}");
        Assert.Equal(0, wrong);
        Assert.True(right > 0);
    }

    [Fact]
    public void SharedMugiHandsOutEveryKeystreamChunkOnce()
    {
        const int Chunk = 64;
        byte[] key = Enumerable.Range(0, Mugi.KeySizeInBytes).Select(i => (byte)i).ToArray();
        byte[] iv = new byte[Mugi.IVSizeInBytes];
        using var shared = new Mugi(key, iv);
        var outputs = Enumerable.Range(0, Threads).Select(_ => new List<byte[]>()).ToArray();
        int threw = 0, total = 0;
        Race((t, running) =>
        {
            while (running() && Volatile.Read(ref total) < 200_000)
            {
                byte[] chunk = new byte[Chunk];
                try
                {
                    shared.GenerateKeystream(chunk);
                    outputs[t].Add(chunk);
                    Interlocked.Increment(ref total);
                }
                catch (CryptographicException e) when (IsConcurrentUse(e))
                {
                    Interlocked.Increment(ref threw);
                }
            }
        }, () => Volatile.Read(ref threw) >= 3_000);

        // Serialised calls hand out consecutive chunks: each output is one chunk of the keystream, each chunk once.
        byte[] keystream = new byte[total * Chunk];
        using (var reference = new Mugi(key, iv))
        {
            reference.GenerateKeystream(keystream);
        }

        var unused = new Dictionary<string, int>();
        for (int i = 0; i < total; i++)
        {
            string hex = Convert.ToHexString(keystream, i * Chunk, Chunk);
            unused[hex] = unused.TryGetValue(hex, out int n) ? n + 1 : 1;
        }

        int wrong = 0;
        foreach (byte[] chunk in outputs.SelectMany(o => o))
        {
            string hex = Convert.ToHexString(chunk);
            if (unused.TryGetValue(hex, out int n) && n > 0)
            {
                unused[hex] = n - 1;
            }
            else
            {
                wrong++;
            }
        }

        _output.WriteLine($"chunks {total}, wrong {wrong}, threw {threw}");
        Assert.Equal(0, wrong);
    }

    /// <summary>
    /// One owner hashes messages; intruders append nothing (a call that changes nothing unless it overlaps). A digest
    /// the owner gets is right, or the owner's call threw because an intruder's call overlapped the message.
    /// </summary>
    [Theory]
    [InlineData("Luffa256")]
    [InlineData("Luffa512")]
    [InlineData("CMAC")]
    public void AnOwnersDigestIsRightOrRefused(string name)
    {
        Func<HashAlgorithm> create = name switch
        {
            "Luffa256" => () => Luffa256.Create(),
            "Luffa512" => () => Luffa512.Create(),
            _ => () => CreateCmac(),
        };
        using HashAlgorithm shared = create();
        byte[] message = Enumerable.Range(0, 3000).Select(i => (byte)(i * 7)).ToArray();
        byte[] expected;
        using (HashAlgorithm reference = create())
        {
            expected = reference.ComputeHash(message);
        }

        int right = 0, wrong = 0, ownerThrew = 0, intruderThrew = 0;
        Race((t, running) =>
        {
            while (running())
            {
                try
                {
                    if (t == 0)
                    {
                        shared.TransformBlock(message, 0, 1000, null, 0);
                        shared.TransformBlock(message, 1000, 1000, null, 0);
                        shared.TransformFinalBlock(message, 2000, 1000);
                        byte[] hash;
                        try
                        {
                            hash = shared.Hash!;
                        }
                        catch (CryptographicUnexpectedOperationException)
                        {
                            // An intruder's TransformBlock after the final block set HashAlgorithm's own "in
                            // progress" state, so the base class refuses to hand out the value: refused, not wrong.
                            Interlocked.Increment(ref ownerThrew);
                            shared.Initialize();
                            continue;
                        }

                        bool ok = hash.AsSpan().SequenceEqual(expected);
                        Interlocked.Increment(ref ok ? ref right : ref wrong);
                    }
                    else
                    {
                        shared.TransformBlock(message, 0, 0, null, 0);
                    }
                }
                catch (CryptographicException e) when (IsConcurrentUse(e))
                {
                    Interlocked.Increment(ref t == 0 ? ref ownerThrew : ref intruderThrew);
                    while (t == 0)
                    {
                        // Start the owner's next message afresh (the restart itself may be refused).
                        try
                        {
                            shared.Initialize();
                            break;
                        }
                        catch (CryptographicException f) when (IsConcurrentUse(f))
                        {
                        }
                    }
                }
            }
        }, () => Volatile.Read(ref intruderThrew) >= 3_000 && Volatile.Read(ref right) >= 100);
        _output.WriteLine(
            $"{name}: right {right}, wrong {wrong}, owner threw {ownerThrew}, intruders threw {intruderThrew}");
        Assert.Equal(0, wrong);
    }

    private static BlockCipherCmac CreateCmac()
    {
        var cipher = RijndaelCipher.Create();
        cipher.Key = Enumerable.Range(0, 16).Select(i => (byte)i).ToArray();
        return new BlockCipherCmac(cipher);
    }

    /// <summary>One owner encrypts with GCM in pieces; intruders encrypt nothing. The tag is right or
    /// refused.</summary>
    [Fact]
    public void AnOwnersGcmTagIsRightOrRefused()
    {
        using RijndaelCipher cipher = RijndaelCipher.Create();
        cipher.Key = Enumerable.Range(0, 16).Select(i => (byte)i).ToArray();
        using var gcm = new BlockCipherGcm(cipher);
        byte[] nonce = new byte[12];
        byte[] message = Enumerable.Range(0, 3000).Select(i => (byte)(i * 7)).ToArray();
        byte[] expectedCiphertext = new byte[message.Length], expectedTag = new byte[16];
        gcm.Encrypt(nonce, message, expectedCiphertext, expectedTag);
        BlockCipherGcmEncryptor? current = null;
        int right = 0, wrong = 0, ownerThrew = 0, intruderThrew = 0;
        Race((t, running) =>
        {
            byte[] ciphertext = new byte[message.Length], tag = new byte[16];
            while (running())
            {
                try
                {
                    if (t == 0)
                    {
                        var encryptor = gcm.CreateEncryptor(nonce);
                        Volatile.Write(ref current, encryptor);
                        for (int offset = 0; offset < message.Length; offset += 1000)
                        {
                            encryptor.Encrypt(message.AsSpan(offset, 1000), ciphertext.AsSpan(offset, 1000));
                        }

                        encryptor.Finish(tag);
                        bool ok = ciphertext.AsSpan().SequenceEqual(expectedCiphertext)
                            && tag.AsSpan().SequenceEqual(expectedTag);
                        Interlocked.Increment(ref ok ? ref right : ref wrong);
                    }
                    else
                    {
                        Volatile.Read(ref current)?.Encrypt(default, default);
                    }
                }
                catch (CryptographicException e) when (IsConcurrentUse(e))
                {
                    Interlocked.Increment(ref t == 0 ? ref ownerThrew : ref intruderThrew);
                }
                catch (InvalidOperationException) when (t != 0)
                {
                    // The owner's message was finished: nothing to intrude on.
                }
            }
        }, () => Volatile.Read(ref intruderThrew) >= 3_000 && Volatile.Read(ref right) >= 100);
        _output.WriteLine($"right {right}, wrong {wrong}, owner threw {ownerThrew}, intruders threw {intruderThrew}");
        Assert.Equal(0, wrong);
    }
}
