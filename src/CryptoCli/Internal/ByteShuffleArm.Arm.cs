// Compiled, but not run on this project's x86 machines.
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;

namespace CryptoCli;

/// <summary>The byte shuffle on 64-bit Arm AdvSimd (tbl, one table register).</summary>
internal readonly struct ByteShuffleArm : IByteShuffle
{
    public static bool IsSupported => AdvSimd.Arm64.IsSupported;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Shuffle(Vector128<byte> table, Vector128<byte> indices) =>
        AdvSimd.Arm64.VectorTableLookup(table, indices);
}
