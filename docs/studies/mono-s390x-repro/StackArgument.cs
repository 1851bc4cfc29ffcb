// Minimal reproduction of a Mono 6.8 JIT bug on s390x (docs/studies/mono-s390x.md): in a method that uses stackalloc, a
// struct passed by value as the sixth argument (the first that does not fit in s390x's argument registers r2-r6)
// reaches the callee wrong. Mono 6.8 on x86-64, arm64 and ppc64el and Mono 6.14.1 on s390x print "ok".
using System;
using System.Runtime.CompilerServices;

struct Pair
{
    public long A, B;
}

static class StackArgument
{
    [MethodImpl(MethodImplOptions.NoInlining)]
    static int Fifth(int a, int b, int c, int d, Span<ulong> s) => s.Length;

    [MethodImpl(MethodImplOptions.NoInlining)]
    static int Sixth(int a, int b, int c, int d, int e, Span<ulong> s) => s.Length;

    [MethodImpl(MethodImplOptions.NoInlining)]
    static long SixthPair(int a, int b, int c, int d, int e, Pair p) => p.B;

    static int Main()
    {
        Span<ulong> onStack = stackalloc ulong[32]; // this stackalloc makes the caller's frame dynamic
        Span<ulong> onHeap = new ulong[32];
        int[] lengths =
        {
            Fifth(1, 2, 3, 4, onStack), Sixth(1, 2, 3, 4, 5, onStack),
            Fifth(1, 2, 3, 4, onHeap), Sixth(1, 2, 3, 4, 5, onHeap),
        };
        long b = SixthPair(1, 2, 3, 4, 5, new Pair { A = 7, B = 32 });
        Console.WriteLine("Span<ulong>(stackalloc ulong[32]) as 5th argument: Length {0}; as 6th: Length {1}", lengths[0], lengths[1]);
        Console.WriteLine("Span<ulong>(new ulong[32]) as 5th argument: Length {0}; as 6th: Length {1}", lengths[2], lengths[3]);
        Console.WriteLine("Pair(A = 7, B = 32) as 6th argument: B = {0}", b);
        bool ok = Array.TrueForAll(lengths, length => length == 32) && b == 32;
        Console.WriteLine(ok ? "ok" : "WRONG: a callee did not receive its argument");
        return ok ? 0 : 1;
    }
}
