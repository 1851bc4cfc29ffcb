// CIPHERUNICORN-A (NEC), 128-bit block, 128/192/256-bit keys, 16 Feistel rounds on (L = w0‖w1, R = w2‖w3),
// big-endian 32-bit words, modular whitening (add on input, subtract on output). The fast portable kernel.
//
// Round function F(xl, xr) (Robshaw's CRYPTREC review and the public implementations):
//   temporary-key chain: wk0 = sk0 + xr, wk1 = sk1 + xl, four multiply/T steps, two byte-1 T steps;
//   main chain: (wx0, wx1) = A3(fk0 + xl, fk1 + xr), A3(X) = X ⊕ X<<<23 ⊕ X<<<41 on the 64-bit X = wx0‖wx1,
//   two multiply/T steps, T on bytes 1, 2, 3 alternately, then two T look-ups whose byte position n is taken
//   from bits 3..2 and 1..0 of wk1; output (wx0 ⊕ wk0, wx1 ⊕ wk0).
// T_n(x) = S0‖S1‖S2‖S3 of byte n of x: P2's technique makes it one 8->32-bit table look-up.
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli;

/// <summary>
/// The fast CIPHERUNICORN-A kernel ("table32"): a single fused 8->32-bit T table, the round function inlined and
/// unrolled two rounds at a time (no word moves between rounds), two blocks interleaved for ECB/CTR, table and key
/// read through refs held in locals (<see cref="Unsafe.Add{T}(ref T, int)"/>, no bounds checks), <c>(byte)</c> casts
/// for byte extraction ("table32"), or BMI1's BEXTR where available ("table32-bmi1",
/// Internal/Bmi1ByteExtractor.X86.cs):
/// one sealed <see cref="CipherUnicornAKernel{TBytes}"/> per way of taking bytes, each a registry entry.
/// Not constant-time: table indices and the T_n byte selection depend on secret data.
/// </summary>
internal abstract partial class CipherUnicornAKernel : BlockCipherKernel
{
    internal const uint C0 = 0x7e167289;
    internal const uint C1 = 0xfe21464b;

    private readonly uint[] _encryptionKey = new uint[CipherUnicornAKeySchedule.ExpandedWords];
    private readonly uint[] _decryptionKey = new uint[CipherUnicornAKeySchedule.ExpandedWords];

    /// <param name="key">A 16-, 24- or 32-byte key.</param>
    protected CipherUnicornAKernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        CipherUnicornAKeySchedule.Expand(key, _encryptionKey, _decryptionKey);
    }

    internal uint[] EncryptionKey => _encryptionKey;

    internal uint[] DecryptionKey => _decryptionKey;

    protected static void Transform<TBytes>(ReadOnlySpan<byte> source, Span<byte> destination, uint[] roundKeys)
        where TBytes : struct, IByteExtractor
    {
        Debug.Assert(destination.Length >= source.Length);
        ref uint t = ref MemoryMarshal.GetReference(CipherUnicornATables.T.AsSpan());
        ref uint k = ref MemoryMarshal.GetReference(roundKeys.AsSpan());
        ref byte input = ref MemoryMarshal.GetReference(source);
        ref byte output = ref MemoryMarshal.GetReference(destination);
        int offset = 0;
        for (; offset <= source.Length - 32; offset += 32)
        {
            TransformTwoBlocks<TBytes>(ref t, ref k, ref Unsafe.Add(ref input, offset),
                ref Unsafe.Add(ref output, offset));
        }

        if (offset < source.Length)
        {
            TransformBlock<TBytes>(ref t, ref k, ref Unsafe.Add(ref input, offset), ref Unsafe.Add(ref output, offset));
        }
    }

    /// <summary>
    /// Two independent blocks with their rounds interleaved: one block is a long serial chain of multiplications
    /// and dependent look-ups, so a second chain fills the idle execution units (ECB, CTR, CBC decryption).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void TransformTwoBlocks<TBytes>(ref uint t, ref uint k, ref byte input, ref byte output)
        where TBytes : struct, IByteExtractor
    {
        uint x0 = ByteOrder.ReadUInt32BigEndian(ref input, 0) + k;
        uint x1 = ByteOrder.ReadUInt32BigEndian(ref input, 4) + Unsafe.Add(ref k, 1);
        uint x2 = ByteOrder.ReadUInt32BigEndian(ref input, 8) + Unsafe.Add(ref k, 2);
        uint x3 = ByteOrder.ReadUInt32BigEndian(ref input, 12) + Unsafe.Add(ref k, 3);
        uint z0 = ByteOrder.ReadUInt32BigEndian(ref input, 16) + k;
        uint z1 = ByteOrder.ReadUInt32BigEndian(ref input, 20) + Unsafe.Add(ref k, 1);
        uint z2 = ByteOrder.ReadUInt32BigEndian(ref input, 24) + Unsafe.Add(ref k, 2);
        uint z3 = ByteOrder.ReadUInt32BigEndian(ref input, 28) + Unsafe.Add(ref k, 3);

        ref uint rk = ref Unsafe.Add(ref k, 4);
        for (int round = 0; round < CipherUnicornAKeySchedule.Rounds; round += 2)
        {
            Round<TBytes>(ref t, ref rk, x2, x3, ref x0, ref x1);
            Round<TBytes>(ref t, ref rk, z2, z3, ref z0, ref z1);
            Round<TBytes>(ref t, ref Unsafe.Add(ref rk, 4), x0, x1, ref x2, ref x3);
            Round<TBytes>(ref t, ref Unsafe.Add(ref rk, 4), z0, z1, ref z2, ref z3);
            rk = ref Unsafe.Add(ref rk, 8);
        }

        ByteOrder.WriteUInt32BigEndian(ref output, 0, x2 - rk);
        ByteOrder.WriteUInt32BigEndian(ref output, 4, x3 - Unsafe.Add(ref rk, 1));
        ByteOrder.WriteUInt32BigEndian(ref output, 8, x0 - Unsafe.Add(ref rk, 2));
        ByteOrder.WriteUInt32BigEndian(ref output, 12, x1 - Unsafe.Add(ref rk, 3));
        ByteOrder.WriteUInt32BigEndian(ref output, 16, z2 - rk);
        ByteOrder.WriteUInt32BigEndian(ref output, 20, z3 - Unsafe.Add(ref rk, 1));
        ByteOrder.WriteUInt32BigEndian(ref output, 24, z0 - Unsafe.Add(ref rk, 2));
        ByteOrder.WriteUInt32BigEndian(ref output, 28, z1 - Unsafe.Add(ref rk, 3));
    }

    /// <summary>One block; encryption and decryption differ only in the key layout (see
    /// <see cref="CipherUnicornAKeySchedule"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void TransformBlock<TBytes>(ref uint t, ref uint k, ref byte input, ref byte output)
        where TBytes : struct, IByteExtractor
    {
        uint x0 = ByteOrder.ReadUInt32BigEndian(ref input, 0) + k;
        uint x1 = ByteOrder.ReadUInt32BigEndian(ref input, 4) + Unsafe.Add(ref k, 1);
        uint x2 = ByteOrder.ReadUInt32BigEndian(ref input, 8) + Unsafe.Add(ref k, 2);
        uint x3 = ByteOrder.ReadUInt32BigEndian(ref input, 12) + Unsafe.Add(ref k, 3);

        ref uint rk = ref Unsafe.Add(ref k, 4);
        for (int round = 0; round < CipherUnicornAKeySchedule.Rounds; round += 2)
        {
            Round<TBytes>(ref t, ref rk, x2, x3, ref x0, ref x1);
            Round<TBytes>(ref t, ref Unsafe.Add(ref rk, 4), x0, x1, ref x2, ref x3);
            rk = ref Unsafe.Add(ref rk, 8);
        }

        // After an even number of rounds the halves are back in place; the output order is R ‖ L.
        ByteOrder.WriteUInt32BigEndian(ref output, 0, x2 - rk);
        ByteOrder.WriteUInt32BigEndian(ref output, 4, x3 - Unsafe.Add(ref rk, 1));
        ByteOrder.WriteUInt32BigEndian(ref output, 8, x0 - Unsafe.Add(ref rk, 2));
        ByteOrder.WriteUInt32BigEndian(ref output, 12, x1 - Unsafe.Add(ref rk, 3));
    }

    /// <summary>(yl, yr) ^= F(xl, xr) with round keys rk = (fk0, fk1, sk0, sk1).</summary>
    /// <remarks>
    /// Latency matters (CBC and the published latency measurement feed each block back): indices are zero-extended with
    /// <c>(nuint)</c> casts (no sign-extension instruction on the chain), and the shift counts of the data-dependent
    /// look-ups and the XOR with wk0 are computed off the main chain.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round<TBytes>(ref uint t, ref uint rk, uint xl, uint xr, ref uint yl, ref uint yr)
        where TBytes : struct, IByteExtractor
    {
        TBytes bytes = default;
        // Temporary-key chain: independent of the main chain until the end, so the two overlap in the pipeline.
        uint wk0 = (Unsafe.Add(ref rk, 2) + xr) * C0;
        uint wk1 = Unsafe.Add(ref rk, 3) + xl;
        wk1 = (wk1 ^ Unsafe.Add(ref t, (nuint)(wk0 >> 24))) * C1;
        wk0 = (wk0 ^ Unsafe.Add(ref t, (nuint)(wk1 >> 24))) * C1;
        wk1 = (wk1 ^ Unsafe.Add(ref t, (nuint)(wk0 >> 24))) * C0;
        wk0 ^= Unsafe.Add(ref t, (nuint)(wk1 >> 24));
        wk1 ^= Unsafe.Add(ref t, bytes.Byte(wk0, 16));
        wk0 ^= Unsafe.Add(ref t, bytes.Byte(wk1, 16));

        // Byte n = 0 is the most significant, so T_n's shift is 24 - 8n, n from bits 3..2 and 1..0 of wk1.
        uint select1 = bytes.Selector(24 - ((wk1 & 0xc) << 1));
        uint select0 = bytes.Selector(24 - ((wk1 & 0x3) << 3));
        yl ^= wk0;
        yr ^= wk0;

        // Main chain: A3, then the multiply/T cascade.
        // A3 (X ^ X<<<23 ^ X<<<41 on X = a‖b) in 32-bit halves, the terms of b (ready first: yr is finished one
        // look-up before yl) grouped apart from those of a.
        uint a = rk + xl;
        uint b = Unsafe.Add(ref rk, 1) + xr;
        uint high = (a ^ (a << 23) ^ (a >> 23)) ^ ((b >> 9) ^ (b << 9));
        uint low = (b ^ (b << 23) ^ (b >> 23)) ^ ((a >> 9) ^ (a << 9));
        uint wx0 = high * C0;
        uint wx1 = (low ^ Unsafe.Add(ref t, (nuint)(wx0 >> 24))) * C1;
        wx0 ^= Unsafe.Add(ref t, (nuint)(wx1 >> 24));
        wx1 ^= Unsafe.Add(ref t, bytes.Byte(wx0, 16));
        wx0 ^= Unsafe.Add(ref t, bytes.Byte(wx1, 16));
        wx1 ^= Unsafe.Add(ref t, bytes.Byte(wx0, 8));
        wx0 ^= Unsafe.Add(ref t, bytes.Byte(wx1, 8));
        wx1 ^= Unsafe.Add(ref t, (nuint)(byte)wx0);
        wx0 ^= Unsafe.Add(ref t, (nuint)(byte)wx1);
        wx1 ^= Unsafe.Add(ref t, bytes.Select(wx0, select1));
        yr ^= wx1;
        wx0 ^= Unsafe.Add(ref t, bytes.Select(wx1, select0));
        yl ^= wx0;
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroWords(_encryptionKey);
        CryptographicOperationsHelper.ZeroWords(_decryptionKey);
    }
}

/// <summary>
/// The fast kernel with bytes 1 and 2 and the data-selected byte of each word taken by <typeparamref name="TBytes"/>
/// (<see cref="IByteExtractor"/>, a struct type argument): the JIT specialises the rounds for it, with no call.
/// </summary>
internal sealed class CipherUnicornAKernel<TBytes> : CipherUnicornAKernel
    where TBytes : struct, IByteExtractor
{
    public CipherUnicornAKernel(ReadOnlySpan<byte> key)
        : base(key)
    {
    }

    public override string Name => typeof(TBytes) == typeof(ShiftByteExtractor) ? "table32" : "table32-bmi1";

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
        => Transform<TBytes>(source, destination, EncryptionKey);

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
        => Transform<TBytes>(source, destination, DecryptionKey);
}
