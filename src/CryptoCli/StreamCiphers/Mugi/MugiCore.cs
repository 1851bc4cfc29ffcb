// MUGI (Hitachi; CRYPTREC, ISO/IEC 18033-4): 128-bit key, 128-bit IV, state a[3] and buffer b[16] of 64-bit
// units, one 64-bit output unit (a2, before the update) per update ρ+λ. The fast kernel, with P2's techniques:
//  * F's S-box and MixColumns fused into four tables T0..T3 (P2's 8->32-bit tables, each 32-bit column stored
//    twice in a 64-bit entry so the output byte shuffle costs two masks; 8 KiB, generated at start-up);
//  * the buffer is never shifted: logical word b_j lives in slot (j - t) mod 16 after t updates, so λ is three
//    in-place XORs instead of sixteen moves, and sixteen updates unrolled have constant slot indices.
using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>Creates a MUGI state machine positioned at the start of the keystream of a key and IV (16 bytes
/// each).</summary>
internal delegate MugiCore MugiCoreFactory(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv);

/// <summary>
/// The fast MUGI state machine behind <see cref="Mugi"/>, one sealed subclass per way of taking F's bytes
/// (<see cref="MugiCore{TBytes}"/>). Not constant-time (table look-ups on secret data).
/// </summary>
internal abstract class MugiCore : IDisposable
{
    private const int BufferStart = 3; // _state = a0, a1, a2, then the 16 buffer slots

    /// <summary>
    /// T0..T3 back to back (8 KiB): T_j[x] = column j of MixColumns times S(x) (row 0 in the most significant byte),
    /// the 32-bit column stored in both halves of a 64-bit entry.
    /// </summary>
    internal static readonly ulong[] Tables = CreateTables();

    /// <summary>
    /// The MUGI kernels: F's bytes taken with BMI1's BEXTR on x64 where it exists, else with shifts (portable, always
    /// runs). BEXTR only extracts table indices, so neither entry counts as a hardware cipher path (as
    /// CIPHERUNICORN-A's BMI1 entry). <see cref="Mugi"/> uses the first supported entry; tests and benchmarks enumerate
    /// the list, and
    /// <see cref="MugiReference"/> (the specification written out, keystream only) is the oracle of both.
    /// </summary>
    internal static readonly KernelRegistry<KernelEntry<MugiCoreFactory>> Kernels = new(
#if NET
        new KernelEntry<MugiCoreFactory>("bmi1", () => System.Runtime.Intrinsics.X86.Bmi1.X64.IsSupported,
            (key, iv) => new MugiCore<Bmi1ByteExtractor>(key, iv)),
#endif
        new KernelEntry<MugiCoreFactory>("portable", () => true,
            (key, iv) => new MugiCore<ShiftByteExtractor>(key, iv)));

    private readonly ulong[] _state = new ulong[3 + 16];
    private int _phase; // updates done, mod 16

    /// <param name="key">The 16-byte key.</param>
    /// <param name="iv">The 16-byte IV.</param>
    protected MugiCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        ref ulong t = ref MemoryMarshal.GetReference(Tables.AsSpan());
        ulong k0 = BinaryPrimitives.ReadUInt64BigEndian(key);
        ulong k1 = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(8));
        ulong a0 = k0, a1 = k1, a2 = Bits.RotateLeft(k0, 7) ^ Bits.RotateRight(k1, 7) ^ MugiReference.C0;
        for (int i = 0; i < 16; i++)
        {
            RhoWithZeroBuffer(ref t, ref a0, ref a1, ref a2);
            _state[BufferStart + 15 - i] = a0;
        }

        ulong i0 = BinaryPrimitives.ReadUInt64BigEndian(iv);
        ulong i1 = BinaryPrimitives.ReadUInt64BigEndian(iv.Slice(8));
        a0 ^= i0;
        a1 ^= i1;
        a2 ^= Bits.RotateLeft(i0, 7) ^ Bits.RotateRight(i1, 7) ^ MugiReference.C0;
        for (int i = 0; i < 16; i++)
        {
            RhoWithZeroBuffer(ref t, ref a0, ref a1, ref a2);
        }

        _state[0] = a0;
        _state[1] = a1;
        _state[2] = a2;
        for (int i = 0; i < 16; i++)
        {
            Step();
        }
    }

    internal ulong[] State => _state;

    /// <summary>The registry name: "bmi1" when F takes its bytes with BEXTR (Bmi1ByteExtractor), else
    /// "portable".</summary>
    public abstract string Name { get; }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RhoWithZeroBuffer(ref ulong t, ref ulong a0, ref ulong a1, ref ulong a2)
    {
        ulong f = F(ref t, a1);
        ulong old0 = a0;
        a0 = a1;
        a1 = a2 ^ f ^ MugiReference.C1;
        a2 = old0 ^ f ^ MugiReference.C2;
    }

    /// <summary>One update with the slot indices computed at run time; returns the output unit (a2 before the
    /// update).</summary>
    public abstract ulong Step();

    protected ulong Step<TBytes>()
        where TBytes : struct, IByteExtractor
    {
        ref ulong t = ref MemoryMarshal.GetReference(Tables.AsSpan());
        ref ulong state = ref _state[0];
        ulong a0 = state, a1 = Unsafe.Add(ref state, 1), a2 = Unsafe.Add(ref state, 2);
        ulong output = a2;
        Update<TBytes>(ref t, ref Unsafe.Add(ref state, BufferStart), _phase, ref a0, ref a1, ref a2);
        state = a0;
        Unsafe.Add(ref state, 1) = a1;
        Unsafe.Add(ref state, 2) = a2;
        _phase = (_phase + 1) & 15;
        return output;
    }

    /// <summary>
    /// <paramref name="count"/> updates from any phase, writing 8 bytes each through <typeparamref name="TSink"/>;
    /// the state stays in registers across the updates (short messages, and the way back to phase 0).
    /// </summary>
    public void Units<TSink>(ref byte source, ref byte destination, int count)
        where TSink : struct, IKeystreamSink
    {
        // typeof tests on a struct type argument are JIT-time constants: one of the two calls remains.
        if (typeof(TSink) == typeof(XorKeystream))
        {
            XorUnits(ref source, ref destination, count);
        }
        else
        {
            StoreUnits(ref destination, count);
        }
    }

    /// <summary><see cref="Units{TSink}"/> XORing the keystream into the destination (virtual: generic virtual methods
    /// are slow to call).</summary>
    protected abstract void XorUnits(ref byte source, ref byte destination, int count);

    /// <summary><see cref="Units{TSink}"/> storing the keystream.</summary>
    protected abstract void StoreUnits(ref byte destination, int count);

    protected void Units<TSink, TBytes>(ref byte source, ref byte destination, int count)
        where TSink : struct, IKeystreamSink
        where TBytes : struct, IByteExtractor
    {
        ref ulong t = ref MemoryMarshal.GetReference(Tables.AsSpan());
        ref ulong state = ref _state[0];
        ref ulong b = ref Unsafe.Add(ref state, BufferStart);
        ulong a0 = state, a1 = Unsafe.Add(ref state, 1), a2 = Unsafe.Add(ref state, 2);
        int phase = _phase;
        TSink sink = default;
        for (int i = 0; i < count; i++)
        {
            sink.Put(ref source, ref destination, 8 * i, a2);
            Update<TBytes>(ref t, ref b, phase, ref a0, ref a1, ref a2);
            phase = (phase + 1) & 15;
        }

        state = a0;
        Unsafe.Add(ref state, 1) = a1;
        Unsafe.Add(ref state, 2) = a2;
        _phase = phase;
    }

    /// <summary>Sixteen updates (phase must be 0, and stays 0), writing 128 bytes of output through
    /// <typeparamref name="TSink"/>.</summary>
    public void Block16<TSink>(ref byte source, ref byte destination)
        where TSink : struct, IKeystreamSink
    {
        if (typeof(TSink) == typeof(XorKeystream))
        {
            XorBlock16(ref source, ref destination);
        }
        else
        {
            StoreBlock16(ref destination);
        }
    }

    /// <summary><see cref="Block16{TSink}"/> XORing the keystream into the destination.</summary>
    protected abstract void XorBlock16(ref byte source, ref byte destination);

    /// <summary><see cref="Block16{TSink}"/> storing the keystream.</summary>
    protected abstract void StoreBlock16(ref byte destination);

    protected void Block16<TSink, TBytes>(ref byte source, ref byte destination)
        where TSink : struct, IKeystreamSink
        where TBytes : struct, IByteExtractor
    {
        ref ulong t = ref MemoryMarshal.GetReference(Tables.AsSpan());
        ref ulong b = ref _state[BufferStart];
        ulong a0 = _state[0], a1 = _state[1], a2 = _state[2];
        TSink sink = default;
        // Constant phases: after inlining every slot index is a constant.
        sink.Put(ref source, ref destination, 0, a2); Update<TBytes>(ref t, ref b, 0, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 8, a2); Update<TBytes>(ref t, ref b, 1, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 16, a2); Update<TBytes>(ref t, ref b, 2, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 24, a2); Update<TBytes>(ref t, ref b, 3, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 32, a2); Update<TBytes>(ref t, ref b, 4, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 40, a2); Update<TBytes>(ref t, ref b, 5, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 48, a2); Update<TBytes>(ref t, ref b, 6, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 56, a2); Update<TBytes>(ref t, ref b, 7, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 64, a2); Update<TBytes>(ref t, ref b, 8, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 72, a2); Update<TBytes>(ref t, ref b, 9, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 80, a2); Update<TBytes>(ref t, ref b, 10, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 88, a2); Update<TBytes>(ref t, ref b, 11, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 96, a2); Update<TBytes>(ref t, ref b, 12, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 104, a2); Update<TBytes>(ref t, ref b, 13, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 112, a2); Update<TBytes>(ref t, ref b, 14, ref a0, ref a1, ref a2);
        sink.Put(ref source, ref destination, 120, a2); Update<TBytes>(ref t, ref b, 15, ref a0, ref a1, ref a2);
        _state[0] = a0;
        _state[1] = a1;
        _state[2] = a2;
    }

    public int Phase => _phase;

    /// <summary>ρ then λ (λ with the old a0 and old buffer). Logical b_j is slot (j - phase) &amp; 15.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Update<TBytes>(ref ulong t, ref ulong b, int phase, ref ulong a0, ref ulong a1, ref ulong a2)
        where TBytes : struct, IByteExtractor
    {
        ulong b4 = Unsafe.Add(ref b, (4 - phase) & 15);
        ulong b10 = Unsafe.Add(ref b, (10 - phase) & 15);
        ulong old0 = a0;

        // λ: after the update, slot (15 - phase) holds b'0, (3 - phase) b'4, (9 - phase) b'10; the rest keep their
        // words, which the slot rotation moves from b_{j-1} to b_j for free.
        Unsafe.Add(ref b, (15 - phase) & 15) ^= old0;
        Unsafe.Add(ref b, (3 - phase) & 15) ^= Unsafe.Add(ref b, (7 - phase) & 15);
        Unsafe.Add(ref b, (9 - phase) & 15) ^= Bits.RotateLeft(Unsafe.Add(ref b, (13 - phase) & 15), 32);

        // ρ
        a0 = a1;
        a1 = a2 ^ F<TBytes>(ref t, a1 ^ b4) ^ MugiReference.C1;
        a2 = old0 ^ F<TBytes>(ref t, a0 ^ Bits.RotateLeft(b10, 17)) ^ MugiReference.C2;
    }

    /// <summary>
    /// F with the fused tables. Each entry holds its MixColumns column twice (c‖c), so the XOR of the four look-ups
    /// for bytes 0..3 is H‖H and for bytes 4..7 is L‖L; the output byte order Q4 Q5 Q2 Q3 Q0 Q1 Q6 Q7 then takes
    /// bytes 2..5 from H‖H and bytes 0, 1, 6, 7 from L‖L: two masks and an OR instead of shifting halves around.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong F(ref ulong t, ulong x) => F<ShiftByteExtractor>(ref t, x);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong F<TBytes>(ref ulong t, ulong x)
        where TBytes : struct, IByteExtractor
    {
        // (nuint) indices plus a constant table offset fold into one addressing mode ([t + 8*index + offset]):
        // no sign extension, no separate table pointers for the register allocator to spill.
        TBytes bytes = default;
        ulong h = (Unsafe.Add(ref t, (nuint)(x >> 56)) ^ Unsafe.Add(ref t, 256 + bytes.Byte(x, 48))) ^
                  (Unsafe.Add(ref t, 512 + bytes.Byte(x, 40)) ^ Unsafe.Add(ref t, 768 + bytes.Byte(x, 32)));
        ulong l = (Unsafe.Add(ref t, bytes.Byte(x, 24)) ^ Unsafe.Add(ref t, 256 + bytes.Byte(x, 16))) ^
                  (Unsafe.Add(ref t, 512 + bytes.Byte(x, 8)) ^ Unsafe.Add(ref t, 768 + (nuint)(byte)x));
        return (h & 0x0000_ffff_ffff_0000) | (l & 0xffff_0000_0000_ffff);
    }

    private static ulong[] CreateTables()
    {
        ulong[] tables = new ulong[1024];
        for (int x = 0; x < 256; x++)
        {
            uint s = RijndaelTables.SBox[x];
            uint s2 = RijndaelTables.Multiply2((byte)s);
            uint s3 = s2 ^ s;
            // Column 0 of MixColumns is (02, 01, 01, 03), row 0 in the most significant byte; columns 1..3 are
            // its rotations. Stored twice in the 64-bit entry (see F).
            uint column = (s2 << 24) | (s << 16) | (s << 8) | s3;
            for (int j = 0; j < 4; j++)
            {
                ulong c = Bits.RotateRight(column, 8 * j);
                tables[256 * j + x] = (c << 32) | c;
            }
        }

        return tables;
    }

    public void Dispose()
    {
        CryptographicOperationsHelper.ZeroWords(_state);
        _phase = 0;
    }
}

/// <summary>MUGI with F's bytes taken by <typeparamref name="TBytes"/>: the JIT specialises every loop for
/// it.</summary>
internal sealed class MugiCore<TBytes> : MugiCore
    where TBytes : struct, IByteExtractor
{
    public MugiCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
        : base(key, iv)
    {
    }

    public override string Name => typeof(TBytes) == typeof(ShiftByteExtractor) ? "portable" : "bmi1";

    public override ulong Step() => Step<TBytes>();

    protected override void XorUnits(ref byte source, ref byte destination, int count) =>
        Units<XorKeystream, TBytes>(ref source, ref destination, count);

    protected override void StoreUnits(ref byte destination, int count) =>
        Units<StoreKeystream, TBytes>(ref destination, ref destination, count);

    protected override void XorBlock16(ref byte source, ref byte destination) =>
        Block16<XorKeystream, TBytes>(ref source, ref destination);

    protected override void StoreBlock16(ref byte destination) =>
        Block16<StoreKeystream, TBytes>(ref destination, ref destination);
}

/// <summary>Where an output unit goes: stored (keystream) or XORed with the source (encryption), big-endian.</summary>
internal interface IKeystreamSink
{
    public void Put(ref byte source, ref byte destination, int offset, ulong unit);
}

internal struct StoreKeystream : IKeystreamSink
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Put(ref byte source, ref byte destination, int offset, ulong unit) =>
        ByteOrder.WriteUInt64BigEndian(ref destination, offset, unit);
}

internal struct XorKeystream : IKeystreamSink
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Put(ref byte source, ref byte destination, int offset, ulong unit) =>
        ByteOrder.XorUInt64BigEndian(ref source, ref destination, offset, unit);
}
