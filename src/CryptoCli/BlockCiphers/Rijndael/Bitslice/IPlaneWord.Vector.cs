using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace CryptoCli;

/// <summary>
/// A word of bit planes for <see cref="RijndaelBitsliceCore{TWord}"/>: one or more independent 64-bit lanes, each the
/// plane of its own 64-byte batch, with the bitwise operators and per-lane shifts the circuits use. The JIT compiles
/// the core once per word type, so the same source runs on <see cref="ulong"/>, <see cref="Vector128{T}"/> and
/// <see cref="Vector256{T}"/> registers. Every operation is a plain bitwise instruction: constant-time at any width.
/// </summary>
internal interface IPlaneWord<TSelf>
    where TSelf : struct, IPlaneWord<TSelf>
{
    /// <summary>64-bit lanes per word, i.e. batches processed together.</summary>
    public static abstract int Lanes { get; }

    /// <summary>The same 64-bit value in every lane (round keys and masks are equal for all batches).</summary>
    public static abstract TSelf Broadcast(ulong value);

    /// <summary>Lane i from <paramref name="lanes"/>[i].</summary>
    public static abstract TSelf FromLanes(ReadOnlySpan<ulong> lanes);

    /// <summary>Writes lane i to <paramref name="lanes"/>[i].</summary>
    public static abstract void ToLanes(TSelf word, Span<ulong> lanes);

    /// <summary>
    /// A word from lane values held in registers (the lanes beyond <see cref="Lanes"/> are ignored): the kernel's
    /// loads build its plane words this way, with no round trip through memory (see RijndaelBitsliceCore.LoadLanes).
    /// </summary>
    public static abstract TSelf FromLanes(ulong lane0, ulong lane1, ulong lane2, ulong lane3);

    /// <summary>
    /// Lane <paramref name="index"/> (a constant at every call site; 0 beyond <see cref="Lanes"/>), read from
    /// the register.
    /// </summary>
    public static abstract ulong Lane(TSelf word, int index);

    public static abstract TSelf operator ^(TSelf left, TSelf right);

    public static abstract TSelf operator &(TSelf left, TSelf right);

    public static abstract TSelf operator |(TSelf left, TSelf right);

    public static abstract TSelf operator ~(TSelf value);

    /// <summary>Shifts every 64-bit lane right (logical).</summary>
    public static abstract TSelf operator >>(TSelf value, int count);

    /// <summary>Shifts every 64-bit lane left.</summary>
    public static abstract TSelf operator <<(TSelf value, int count);
}

/// <summary>One lane in a general-purpose register.</summary>
internal readonly struct PlaneWord64 : IPlaneWord<PlaneWord64>
{
    private readonly ulong _value;

    private PlaneWord64(ulong value) => _value = value;

    public static int Lanes => 1;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord64 Broadcast(ulong value) => new(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord64 FromLanes(ReadOnlySpan<ulong> lanes) => new(lanes[0]);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ToLanes(PlaneWord64 word, Span<ulong> lanes) => lanes[0] = word._value;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord64 FromLanes(ulong lane0, ulong lane1, ulong lane2, ulong lane3) => new(lane0);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Lane(PlaneWord64 word, int index) => index == 0 ? word._value : 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord64 operator ^(PlaneWord64 left, PlaneWord64 right) => new(left._value ^ right._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord64 operator &(PlaneWord64 left, PlaneWord64 right) => new(left._value & right._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord64 operator |(PlaneWord64 left, PlaneWord64 right) => new(left._value | right._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord64 operator ~(PlaneWord64 value) => new(~value._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord64 operator >>(PlaneWord64 value, int count) => new(value._value >> count);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord64 operator <<(PlaneWord64 value, int count) => new(value._value << count);
}

/// <summary>Two lanes in an SSE2/NEON register.</summary>
internal readonly struct PlaneWord128 : IPlaneWord<PlaneWord128>
{
    private readonly Vector128<ulong> _value;

    private PlaneWord128(Vector128<ulong> value) => _value = value;

    public static int Lanes => 2;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord128 Broadcast(ulong value) => new(Vector128.Create(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord128 FromLanes(ReadOnlySpan<ulong> lanes) => new(Vector128.Create(lanes));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ToLanes(PlaneWord128 word, Span<ulong> lanes) => word._value.CopyTo(lanes);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord128 FromLanes(ulong lane0, ulong lane1, ulong lane2, ulong lane3) =>
        new(Vector128.Create(lane0, lane1));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Lane(PlaneWord128 word, int index) => index < 2 ? word._value.GetElement(index) : 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord128 operator ^(PlaneWord128 left, PlaneWord128 right) => new(left._value ^ right._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord128 operator &(PlaneWord128 left, PlaneWord128 right) => new(left._value & right._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord128 operator |(PlaneWord128 left, PlaneWord128 right) => new(left._value | right._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord128 operator ~(PlaneWord128 value) => new(~value._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord128 operator >>(PlaneWord128 value, int count) =>
        new(Vector128.ShiftRightLogical(value._value, count));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord128 operator <<(PlaneWord128 value, int count) =>
        new(Vector128.ShiftLeft(value._value, count));
}

/// <summary>Four lanes in an AVX2 register.</summary>
internal readonly struct PlaneWord256 : IPlaneWord<PlaneWord256>
{
    private readonly Vector256<ulong> _value;

    private PlaneWord256(Vector256<ulong> value) => _value = value;

    public static int Lanes => 4;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord256 Broadcast(ulong value) => new(Vector256.Create(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord256 FromLanes(ReadOnlySpan<ulong> lanes) => new(Vector256.Create(lanes));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ToLanes(PlaneWord256 word, Span<ulong> lanes) => word._value.CopyTo(lanes);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord256 FromLanes(ulong lane0, ulong lane1, ulong lane2, ulong lane3) =>
        new(Vector256.Create(lane0, lane1, lane2, lane3));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Lane(PlaneWord256 word, int index) => word._value.GetElement(index);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord256 operator ^(PlaneWord256 left, PlaneWord256 right) => new(left._value ^ right._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord256 operator &(PlaneWord256 left, PlaneWord256 right) => new(left._value & right._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord256 operator |(PlaneWord256 left, PlaneWord256 right) => new(left._value | right._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord256 operator ~(PlaneWord256 value) => new(~value._value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord256 operator >>(PlaneWord256 value, int count) =>
        new(Vector256.ShiftRightLogical(value._value, count));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static PlaneWord256 operator <<(PlaneWord256 value, int count) =>
        new(Vector256.ShiftLeft(value._value, count));
}
