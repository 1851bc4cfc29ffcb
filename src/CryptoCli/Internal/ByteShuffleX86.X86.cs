using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace CryptoCli;

/// <summary>The byte shuffle on SSSE3 (pshufb).</summary>
internal readonly struct ByteShuffleX86 : IByteShuffle
{
    public static bool IsSupported => Ssse3.IsSupported;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Shuffle(Vector128<byte> table, Vector128<byte> indices) =>
        Ssse3.Shuffle(table, indices);
}
