// The byte-shuffle backends (ByteShuffleX86, ByteShuffleArm) behind one interface, so a kernel written once as a
// generic method over a struct backend is specialised and inlined by the JIT for each instruction set.
using System.Runtime.Intrinsics;

namespace CryptoCli;

internal interface IByteShuffle
{
    /// <summary>
    /// Byte n of the result is byte <c>indices[n]</c> of <paramref name="table"/> when that index is below 16, and 0
    /// when its top bit is set (x86 pshufb and Arm tbl agree on both; callers pass no other index). The time does
    /// not depend on the indices: the shuffle is one instruction on a register, with no memory access.
    /// </summary>
    public static abstract Vector128<byte> Shuffle(Vector128<byte> table, Vector128<byte> indices);
}
