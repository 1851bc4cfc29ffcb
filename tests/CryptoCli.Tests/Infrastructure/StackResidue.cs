using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using System.Threading;

namespace CryptoCli.Tests;

/// <summary>
/// Finds what a call leaves behind on this thread's stack: the stack below the caller is zeroed, the call runs, and
/// an uninitialized stackalloc at the same depth then covers the memory its frames used, where each secret's bytes are
/// looked for. A positive control shows that the scan finds a secret left on purpose.
/// </summary>
internal static class StackResidue
{
    // Far deeper than the frames of a one-shot call (a few KiB), well within the 1 MiB minimum thread stack.
    private const int ScanBytes = 64 * 1024;

    // How long a call may take to reach optimised code. Tiered compilation waits while other methods are still being
    // compiled for the first time, which in a parallel test run can last seconds.
    private static readonly TimeSpan Settle = TimeSpan.FromSeconds(20);

    /// <summary>
    /// Runs <paramref name="operation"/> and returns the names of the secrets whose bytes it left on the stack, once
    /// the runtime has settled on optimised code for it. A method's first calls run unoptimised code, which keeps
    /// every local (a block in a vector register included) in its frame; tiered compilation replaces it after some
    /// thirty calls, on a background thread and after a delay. So the operation runs in rounds of forty calls, each
    /// followed by one measured call and the scan, until a round finds nothing or 20 seconds have passed (a wipe that
    /// is missing leaves its buffer behind in every round).
    /// </summary>
    /// <exception cref="InvalidOperationException">The scan did not find a secret left on the stack on
    /// purpose.</exception>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static string[] LeftBy(Action operation, params (string What, byte[] Bytes)[] secrets)
    {
        // The control is none of the secrets, so that the warm-up cannot leave one of them behind.
        byte[] control = RandomNumberGenerator.GetBytes(32);
        bool[] found = new bool[secrets.Length];
        var clock = Stopwatch.StartNew();
        while (true)
        {
            for (int i = 0; i < 40; i++)
            {
                Scrub();
                Run(operation);
                Leave(control);
                Contains(control);
            }

            // Nothing may be called between the operation and the scans, or its frame would overwrite the residue.
            bool any = false;
            Scrub();
            Run(operation);
            for (int i = 0; i < secrets.Length; i++)
            {
                found[i] = Contains(secrets[i].Bytes);
                any |= found[i];
            }

            Leave(control);
            if (!Contains(control))
            {
                throw new InvalidOperationException("the stack scan is blind: it did not find a secret left on purpose");
            }

            if (!any || clock.Elapsed > Settle)
            {
                break;
            }

            Thread.Sleep(50);
        }

        var left = new List<string>();
        for (int i = 0; i < secrets.Length; i++)
        {
            if (found[i])
            {
                left.Add(secrets[i].What);
            }
        }

        return left.ToArray();
    }

    /// <summary>Zeroes the stack below the caller's frame.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Scrub()
    {
        Span<byte> stack = stackalloc byte[ScanBytes];
        CryptographicOperations.ZeroMemory(stack);
    }

    /// <summary>Leaves a copy of <paramref name="secret"/> in a frame below the caller's.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    [SkipLocalsInit]
    public static void Leave(ReadOnlySpan<byte> secret)
    {
        Span<byte> buffer = stackalloc byte[256];
        secret.CopyTo(buffer.Slice(100));
        GC.KeepAlive(buffer.ToArray().Length);
    }

    /// <summary>Whether the memory the frames below the caller's just used holds <paramref name="pattern"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    [SkipLocalsInit]
    public static bool Contains(ReadOnlySpan<byte> pattern)
    {
        Span<byte> stack = stackalloc byte[ScanBytes];
        return stack.IndexOf(pattern) >= 0;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Run(Action operation) => operation();
}
