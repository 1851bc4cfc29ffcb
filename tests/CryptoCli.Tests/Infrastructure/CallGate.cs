using System;
using System.Security.Cryptography;
using System.Threading;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Holds one call of a kernel (<see cref="GatedKernel"/>, <see cref="GatedGHashKernel"/>) so that a test can make a
/// second call overlap it deterministically: the first kernel call after <see cref="Gated"/> is set waits until
/// <see cref="Open"/> is set, and sets <see cref="Entered"/> while it waits.
/// </summary>
internal sealed class CallGate : IDisposable
{
    public volatile bool Gated;

    public ManualResetEventSlim Entered { get; } = new();

    public ManualResetEventSlim Open { get; } = new();

    /// <summary>Called by the kernel on each call: the first one after <see cref="Gated"/> waits.</summary>
    public void Pass()
    {
        if (Gated)
        {
            Gated = false;
            Entered.Set();
            Open.Wait(TimeSpan.FromMinutes(1));
        }
    }

    /// <summary>
    /// Runs <paramref name="held"/> on another thread until it is held inside the kernel, runs
    /// <paramref name="overlapping"/> on this thread meanwhile, then lets the held call finish.
    /// </summary>
    /// <returns>What the held call threw, or null when it completed.</returns>
    public Exception? Overlap(Action held, Action overlapping)
    {
        Exception? failure = null;
        var thread = new Thread(() =>
        {
            try
            {
                held();
            }
            catch (Exception e)
            {
                failure = e;
            }
        });
        Entered.Reset();
        Open.Reset();
        Gated = true;
        thread.Start();
        try
        {
            Assert.True(Entered.Wait(TimeSpan.FromMinutes(1)), "The held call never reached the kernel.");
            overlapping();
        }
        finally
        {
            Open.Set();
            thread.Join();
        }

        return failure;
    }

    /// <summary>Asserts that <paramref name="call"/> is refused as an overlapping call.</summary>
    public static void AssertRefused(Action call)
    {
        CryptographicException refused = Assert.Throws<CryptographicException>(call);
        Assert.Equal(SR.ConcurrentUse, refused.Message);
    }

    public void Dispose()
    {
        Entered.Dispose();
        Open.Dispose();
    }
}
