using System.Threading;

namespace CryptoCli;

/// <summary>
/// Detects overlapping calls on one stateful instance, as the runtime's hash and cipher objects do: each call
/// <see cref="Enter"/>s before it touches the state and <see cref="Exit"/>s after; a call that finds the guard held
/// throws <see cref="System.Security.Cryptography.CryptographicException"/> without touching anything, and marks the
/// message in progress as overlapped, so that its final result (digest, tag, last block) is refused too.
/// </summary>
/// <remarks>
/// <para>What it can and cannot see. Every call that starts while another call on the same instance is running throws
/// (one interlocked operation decides, so no overlap is missed). The mark is a bit of the same word, set with a
/// compare-exchange, so no write of the owner can erase it before the owner reads it
/// (<see cref="TakeOverlapped"/>). Whole calls of two threads that interleave without overlapping (thread A appends,
/// thread B appends, thread A finishes) are not seen: from the instance they look exactly like one thread handing
/// the object to another between calls, which is legal (an async method resumes on another thread), so telling them
/// apart would need binding the instance to a thread, which neither the runtime nor this library does.</para>
/// <para>A mutable struct: keep it in a non-readonly field and call it on the field.</para>
/// </remarks>
internal struct ConcurrencyGuard
{
    private const int Held = 1;
    private const int Overlapped = 2;

    private int _state;

    /// <summary>Takes the guard, or throws (marking the message in progress) when another call holds it.</summary>
    public void Enter()
    {
        int state = Volatile.Read(ref _state);
        while (true)
        {
            int wanted = (state & Held) != 0 ? state | Overlapped : state | Held;
            int prior = Interlocked.CompareExchange(ref _state, wanted, state);
            if (prior == state)
            {
                if ((state & Held) != 0)
                {
                    ThrowHelper.ThrowConcurrentUse();
                }

                return;
            }

            state = prior;
        }
    }

    /// <summary>Releases the guard (the overlap mark stays).</summary>
    public void Exit() => Clear(Held);

    /// <summary>While holding the guard: whether a call was refused since the last take, and clears the mark.</summary>
    public bool TakeOverlapped() => (Clear(Overlapped) & Overlapped) != 0;

    private int Clear(int bits)
    {
        int state = Volatile.Read(ref _state);
        while (true)
        {
            int prior = Interlocked.CompareExchange(ref _state, state & ~bits, state);
            if (prior == state)
            {
                return prior;
            }

            state = prior;
        }
    }
}
