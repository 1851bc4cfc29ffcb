// P1 Figure 2's "Basic" and "Proposed" Camellia-128 kernels (encryption, 128-bit keys), kept in the benchmark
// project. Both use the library's subkeys (CamelliaTable32Kernel) and the specification's 32-bit F-function with
// the four S-box/P tables. Basic: bounds-checked static arrays read in the loop and "& 0xFF" masks. Proposed: the
// same with P1's techniques (pinned pointers passed in as locals, (byte) casts).
using System;
using System.Buffers.Binary;

namespace CryptoCli.Benchmarks;

public sealed class CamelliaBasicKernel
{
    private readonly uint[] _k;

    public CamelliaBasicKernel(byte[] key) => _k = (uint[])new CamelliaTable32Kernel(key).EncryptionKey.Clone();

    public void EncryptEcb(byte[] input, byte[] output)
    {
        for (int offset = 0; offset < input.Length; offset += 16)
        {
            uint l0 = BinaryPrimitives.ReadUInt32BigEndian(input.AsSpan(offset)) ^ _k[0];
            uint l1 = BinaryPrimitives.ReadUInt32BigEndian(input.AsSpan(offset + 4)) ^ _k[1];
            uint r0 = BinaryPrimitives.ReadUInt32BigEndian(input.AsSpan(offset + 8)) ^ _k[2];
            uint r1 = BinaryPrimitives.ReadUInt32BigEndian(input.AsSpan(offset + 12)) ^ _k[3];
            int k = 4;
            for (int group = 0; group < 3; group++)
            {
                if (group != 0)
                {
                    l1 ^= Bits.RotateLeft(l0 & _k[k], 1);
                    l0 ^= l1 | _k[k + 1];
                    r0 ^= r1 | _k[k + 3];
                    r1 ^= Bits.RotateLeft(r0 & _k[k + 2], 1);
                    k += 4;
                }

                for (int round = 0; round < 6; round += 2, k += 4)
                {
                    Round(l0 ^ _k[k], l1 ^ _k[k + 1], ref r0, ref r1);
                    Round(r0 ^ _k[k + 2], r1 ^ _k[k + 3], ref l0, ref l1);
                }
            }

            BinaryPrimitives.WriteUInt32BigEndian(output.AsSpan(offset), r0 ^ _k[k]);
            BinaryPrimitives.WriteUInt32BigEndian(output.AsSpan(offset + 4), r1 ^ _k[k + 1]);
            BinaryPrimitives.WriteUInt32BigEndian(output.AsSpan(offset + 8), l0 ^ _k[k + 2]);
            BinaryPrimitives.WriteUInt32BigEndian(output.AsSpan(offset + 12), l1 ^ _k[k + 3]);
        }
    }

    private static void Round(uint xL, uint xR, ref uint d0, ref uint d1)
    {
        uint a = CamelliaTables.SP1110[(xL >> 24) & 0xFF] ^ CamelliaTables.SP0222[(xL >> 16) & 0xFF] ^ CamelliaTables.SP3033[(xL >> 8) & 0xFF] ^ CamelliaTables.SP4404[xL & 0xFF];
        uint b = CamelliaTables.SP0222[(xR >> 24) & 0xFF] ^ CamelliaTables.SP3033[(xR >> 16) & 0xFF] ^ CamelliaTables.SP4404[(xR >> 8) & 0xFF] ^ CamelliaTables.SP1110[xR & 0xFF];
        uint left = a ^ b;
        d0 ^= left;
        d1 ^= left ^ Bits.RotateRight(a, 8);
    }
}

public sealed unsafe class CamelliaProposedKernel
{
    private readonly uint[] _k;

    public CamelliaProposedKernel(byte[] key) => _k = (uint[])new CamelliaTable32Kernel(key).EncryptionKey.Clone();

    public void EncryptEcb(byte[] input, byte[] output)
    {
        fixed (uint* s1110 = CamelliaTables.SP1110, s0222 = CamelliaTables.SP0222, s3033 = CamelliaTables.SP3033, s4404 = CamelliaTables.SP4404, keys = _k)
        fixed (byte* src = input, dst = output)
        {
            for (int offset = 0; offset < input.Length; offset += 16)
            {
                uint* k = keys;
                uint l0 = BinaryPrimitives.ReverseEndianness(*(uint*)(src + offset)) ^ k[0];
                uint l1 = BinaryPrimitives.ReverseEndianness(*(uint*)(src + offset + 4)) ^ k[1];
                uint r0 = BinaryPrimitives.ReverseEndianness(*(uint*)(src + offset + 8)) ^ k[2];
                uint r1 = BinaryPrimitives.ReverseEndianness(*(uint*)(src + offset + 12)) ^ k[3];
                k += 4;
                for (int group = 0; group < 3; group++)
                {
                    if (group != 0)
                    {
                        l1 ^= Bits.RotateLeft(l0 & k[0], 1);
                        l0 ^= l1 | k[1];
                        r0 ^= r1 | k[3];
                        r1 ^= Bits.RotateLeft(r0 & k[2], 1);
                        k += 4;
                    }

                    for (int round = 0; round < 6; round += 2, k += 4)
                    {
                        Round(s1110, s0222, s3033, s4404, l0 ^ k[0], l1 ^ k[1], ref r0, ref r1);
                        Round(s1110, s0222, s3033, s4404, r0 ^ k[2], r1 ^ k[3], ref l0, ref l1);
                    }
                }

                *(uint*)(dst + offset) = BinaryPrimitives.ReverseEndianness(r0 ^ k[0]);
                *(uint*)(dst + offset + 4) = BinaryPrimitives.ReverseEndianness(r1 ^ k[1]);
                *(uint*)(dst + offset + 8) = BinaryPrimitives.ReverseEndianness(l0 ^ k[2]);
                *(uint*)(dst + offset + 12) = BinaryPrimitives.ReverseEndianness(l1 ^ k[3]);
            }
        }
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static void Round(uint* s1110, uint* s0222, uint* s3033, uint* s4404, uint xL, uint xR, ref uint d0, ref uint d1)
    {
        uint a = s1110[xL >> 24] ^ s0222[(byte)(xL >> 16)] ^ s3033[(byte)(xL >> 8)] ^ s4404[(byte)xL];
        uint b = s0222[xR >> 24] ^ s3033[(byte)(xR >> 16)] ^ s4404[(byte)(xR >> 8)] ^ s1110[(byte)xR];
        uint left = a ^ b;
        d0 ^= left;
        d1 ^= left ^ Bits.RotateRight(a, 8);
    }
}
