// MUGI (Hitachi; CRYPTREC, ISO/IEC 18033-4) written as specified, for differential tests: state a[3] and
// buffer b[16] of 64-bit units, every λ shifting all sixteen buffer words, F computed byte by byte with the AES
// S-box and the AES MixColumns matrix (no fused tables). Slow on purpose.
using System;
using System.Buffers.Binary;

namespace CryptoCli;

/// <summary>
/// Test oracle, never selected by default (not in <see cref="MugiCore.Kernels"/>): the straightforward MUGI
/// keystream generator ("reference"), the oracle for <see cref="MugiCore"/>.
/// </summary>
internal sealed class MugiReference
{
    // C0, C1, C2: the first three SHA-512 initial hash words (MUGI specification §3).
    internal const ulong C0 = 0x6a09e667f3bcc908;
    internal const ulong C1 = 0xbb67ae8584caa73b;
    internal const ulong C2 = 0x3c6ef372fe94f82b;

    private readonly ulong[] _a = new ulong[3];
    private readonly ulong[] _b = new ulong[16];

    public MugiReference(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv)
    {
        ulong k0 = BinaryPrimitives.ReadUInt64BigEndian(key);
        ulong k1 = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(8));
        _a[0] = k0;
        _a[1] = k1;
        _a[2] = Bits.RotateLeft(k0, 7) ^ Bits.RotateRight(k1, 7) ^ C0;
        for (int i = 0; i < 16; i++)
        {
            RhoWithZeroBuffer();
            _b[15 - i] = _a[0];
        }

        ulong i0 = BinaryPrimitives.ReadUInt64BigEndian(iv);
        ulong i1 = BinaryPrimitives.ReadUInt64BigEndian(iv.Slice(8));
        _a[0] ^= i0;
        _a[1] ^= i1;
        _a[2] ^= Bits.RotateLeft(i0, 7) ^ Bits.RotateRight(i1, 7) ^ C0;
        for (int i = 0; i < 16; i++)
        {
            RhoWithZeroBuffer();
        }

        for (int i = 0; i < 16; i++)
        {
            Update();
        }
    }

    /// <summary>
    /// The first <paramref name="length"/> bytes of keystream: output units a2 (before each update), big-endian.
    /// </summary>
    public static byte[] Keystream(ReadOnlySpan<byte> key, ReadOnlySpan<byte> iv, int length)
    {
        byte[] output = new byte[length];
        new MugiReference(key, iv).Generate(output);
        return output;
    }

    /// <summary>Writes the next keystream bytes; a partial last unit is truncated (and its remainder lost).</summary>
    public void Generate(Span<byte> destination)
    {
        Span<byte> unit = stackalloc byte[8];
        for (int offset = 0; offset < destination.Length; offset += 8)
        {
            BinaryPrimitives.WriteUInt64BigEndian(unit, _a[2]);
            unit.Slice(0, Math.Min(8, destination.Length - offset)).CopyTo(destination.Slice(offset));
            Update();
        }
    }

    private void RhoWithZeroBuffer()
    {
        ulong a0 = _a[0], a1 = _a[1], a2 = _a[2];
        _a[0] = a1;
        _a[1] = a2 ^ F(a1) ^ C1;
        _a[2] = a0 ^ F(a1) ^ C2;
    }

    private void Update()
    {
        ulong a0 = _a[0], a1 = _a[1], a2 = _a[2];
        ulong[] b = (ulong[])_b.Clone();

        // ρ
        _a[0] = a1;
        _a[1] = a2 ^ F(a1 ^ b[4]) ^ C1;
        _a[2] = a0 ^ F(a1 ^ Bits.RotateLeft(b[10], 17)) ^ C2;

        // λ, with the old a0 and the old buffer.
        for (int j = 1; j < 16; j++)
        {
            _b[j] = b[j - 1];
        }

        _b[0] = b[15] ^ a0;
        _b[4] = b[3] ^ b[7];
        _b[10] = b[9] ^ Bits.RotateLeft(b[13], 32);
    }

    /// <summary>F: S-box on the 8 bytes (byte 0 the most significant), MixColumns on each half, then the byte
    /// order Q4 Q5 Q2 Q3 Q0 Q1 Q6 Q7.</summary>
    internal static ulong F(ulong x)
    {
        byte[] p = new byte[8];
        for (int i = 0; i < 8; i++)
        {
            p[i] = RijndaelTables.SBox[(byte)(x >> (56 - 8 * i))];
        }

        byte[] q = new byte[8];
        for (int half = 0; half < 8; half += 4)
        {
            for (int row = 0; row < 4; row++)
            {
                // Row r of the circulant matrix (02 03 01 01): 2·p[r] ⊕ 3·p[r+1] ⊕ p[r+2] ⊕ p[r+3].
                byte p0 = p[half + row], p1 = p[half + (row + 1) % 4], p2 = p[half + (row + 2) % 4],
                    p3 = p[half + (row + 3) % 4];
                q[half + row] = (byte)(Times2(p0) ^ Times2(p1) ^ p1 ^ p2 ^ p3);
            }
        }

        int[] order = { 4, 5, 2, 3, 0, 1, 6, 7 };
        ulong y = 0;
        foreach (int index in order)
        {
            y = (y << 8) | q[index];
        }

        return y;
    }

    private static byte Times2(byte x) => (byte)((x << 1) ^ ((x >> 7) * 0x1b));
}
