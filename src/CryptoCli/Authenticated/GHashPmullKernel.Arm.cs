using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using ArmAes = System.Runtime.Intrinsics.Arm.Aes;

namespace CryptoCli;

/// <summary>
/// GHASH on ARMv8 PMULL/PMULL2 (<c>Aes.PolynomialMultiplyWideningLower/Upper</c>): the same reflected representation,
/// eight-block aggregation and reduction as <see cref="GHashPclmulKernel"/>. Constant-time. Compiled everywhere;
/// it runs only on ARM64 processes with the crypto extension.
/// </summary>
internal sealed class GHashPmullKernel : GHashKernel
{
    private const int Group = 8;

    // _powers[i] = H^(8 - i), reflected.
    private readonly Vector128<ulong>[] _powers = new Vector128<ulong>[Group];

    public GHashPmullKernel(ReadOnlySpan<byte> hashKey)
    {
        Debug.Assert(IsSupported && hashKey.Length == BlockSize);
        Vector128<ulong> h = Reflect(Vector128.Create(hashKey));
        Vector128<ulong> power = h;
        for (int i = Group - 1; i >= 0; i--)
        {
            _powers[i] = power;
            Vector128<ulong> lo = default, mid = default, hi = default;
            Accumulate(power, h, ref lo, ref mid, ref hi);
            power = Reduce(lo, mid, hi);
        }
    }

    public static bool IsSupported => ArmAes.IsSupported;

    public override string Name => "pmull";

    private static Vector128<byte> ByteReverse =>
        Vector128.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Reflect(Vector128<byte> block) => Vector128.Shuffle(block, ByteReverse).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveOptimization)] // called once per message: never run its loop as tier-0 code
    public override void Update(Span<byte> y, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(y.Length == BlockSize && blocks.Length % BlockSize == 0);
        ref Vector128<ulong> powers = ref MemoryMarshal.GetArrayDataReference(_powers);
        ref byte data = ref MemoryMarshal.GetReference(blocks);
        Vector128<ulong> acc = Reflect(Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(y)));
        int length = blocks.Length;
        int offset = 0;
        while (offset < length)
        {
            // Eight blocks times H^8..H^1, or the last 1..7 times H^n..H^1; one reduction per group.
            int count = Math.Min(Group, (length - offset) / BlockSize);
            ref Vector128<ulong> group = ref Unsafe.Add(ref powers, Group - count);
            ref byte source = ref Unsafe.Add(ref data, offset);
            Vector128<ulong> lo = default, mid = default, hi = default;
            Accumulate(Reflect(Vector128.LoadUnsafe(ref source)) ^ acc, group, ref lo, ref mid, ref hi);
            for (int i = 1; i < count; i++)
            {
                Accumulate(Reflect(Vector128.LoadUnsafe(ref source, (nuint)(i * BlockSize))), Unsafe.Add(ref group, i),
                    ref lo, ref mid, ref hi);
            }

            acc = Reduce(lo, mid, hi);
            offset += count * BlockSize;
        }

        Vector128.Shuffle(acc.AsByte(), ByteReverse).StoreUnsafe(ref MemoryMarshal.GetReference(y));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Accumulate(Vector128<ulong> x, Vector128<ulong> h, ref Vector128<ulong> lo,
        ref Vector128<ulong> mid, ref Vector128<ulong> hi)
    {
        lo ^= ArmAes.PolynomialMultiplyWideningLower(x.GetLower(), h.GetLower());
        hi ^= ArmAes.PolynomialMultiplyWideningUpper(x, h);
        mid ^= ArmAes.PolynomialMultiplyWideningLower(x.GetLower(), h.GetUpper())
            ^ ArmAes.PolynomialMultiplyWideningLower(x.GetUpper(), h.GetLower());
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Reduce(Vector128<ulong> lo, Vector128<ulong> mid, Vector128<ulong> hi)
    {
        (ulong high, ulong low) = GHashKernel.Reduce(hi.GetElement(1), hi.GetElement(0) ^ mid.GetElement(1),
            lo.GetElement(1) ^ mid.GetElement(0), lo.GetElement(0));
        return Vector128.Create(low, high);
    }

    protected override void Dispose(bool disposing) => CryptographicOperationsHelper.ZeroVectors(_powers);
}
