// P1 Figure 1's "Basic" and "Proposed" Rijndael-128 kernels, kept in the benchmark project (not the library).
// Basic: the algorithm-level optimisations only (32-bit words, expanded subkeys, T-tables folding SubBytes and
// MixColumns) with ordinary bounds-checked arrays, "& 0xFF" masks and static fields read in the loop.
// Proposed: the same code with P1's four CLI techniques: pointers instead of arrays, (byte) casts, the tables
// held in locals, and stackalloc for temporaries.
using System;

namespace CryptoCli.Benchmarks;

public sealed unsafe class RijndaelBasicKernel
{
    private static readonly uint[] s_te0 = RijndaelTables.Te0, s_te1 = RijndaelTables.Te1, s_te2 = RijndaelTables.Te2, s_te3 = RijndaelTables.Te3;
    private static readonly byte[] s_sbox = RijndaelTables.SBox;
    private readonly uint[] _keys;
    private readonly int _rounds;

    public RijndaelBasicKernel(byte[] key)
    {
        _keys = RijndaelKeySchedule.ExpandEncryptionKey(key, 4);
        _rounds = _keys.Length / 4 - 1;
    }

    public void EncryptEcb(byte[] input, byte[] output)
    {
        for (int offset = 0; offset < input.Length; offset += 16)
        {
            uint s0 = BitConverter.ToUInt32(input, offset) ^ _keys[0];
            uint s1 = BitConverter.ToUInt32(input, offset + 4) ^ _keys[1];
            uint s2 = BitConverter.ToUInt32(input, offset + 8) ^ _keys[2];
            uint s3 = BitConverter.ToUInt32(input, offset + 12) ^ _keys[3];
            int k = 4;
            for (int round = 1; round < _rounds; round++, k += 4)
            {
                uint t0 = s_te0[s0 & 0xFF] ^ s_te1[(s1 >> 8) & 0xFF] ^ s_te2[(s2 >> 16) & 0xFF] ^ s_te3[(s3 >> 24) & 0xFF] ^ _keys[k];
                uint t1 = s_te0[s1 & 0xFF] ^ s_te1[(s2 >> 8) & 0xFF] ^ s_te2[(s3 >> 16) & 0xFF] ^ s_te3[(s0 >> 24) & 0xFF] ^ _keys[k + 1];
                uint t2 = s_te0[s2 & 0xFF] ^ s_te1[(s3 >> 8) & 0xFF] ^ s_te2[(s0 >> 16) & 0xFF] ^ s_te3[(s1 >> 24) & 0xFF] ^ _keys[k + 2];
                uint t3 = s_te0[s3 & 0xFF] ^ s_te1[(s0 >> 8) & 0xFF] ^ s_te2[(s1 >> 16) & 0xFF] ^ s_te3[(s2 >> 24) & 0xFF] ^ _keys[k + 3];
                s0 = t0;
                s1 = t1;
                s2 = t2;
                s3 = t3;
            }

            Last(output, offset, s0, s1, s2, s3, _keys[k]);
            Last(output, offset + 4, s1, s2, s3, s0, _keys[k + 1]);
            Last(output, offset + 8, s2, s3, s0, s1, _keys[k + 2]);
            Last(output, offset + 12, s3, s0, s1, s2, _keys[k + 3]);
        }
    }

    private static void Last(byte[] output, int offset, uint a, uint b, uint c, uint d, uint key)
    {
        uint word = (s_sbox[a & 0xFF] | ((uint)s_sbox[(b >> 8) & 0xFF] << 8) | ((uint)s_sbox[(c >> 16) & 0xFF] << 16) | ((uint)s_sbox[(d >> 24) & 0xFF] << 24)) ^ key;
        output[offset] = (byte)word;
        output[offset + 1] = (byte)(word >> 8);
        output[offset + 2] = (byte)(word >> 16);
        output[offset + 3] = (byte)(word >> 24);
    }
}

public sealed unsafe class RijndaelProposedKernel
{
    private readonly uint[] _keys;
    private readonly int _rounds;

    public RijndaelProposedKernel(byte[] key)
    {
        _keys = RijndaelKeySchedule.ExpandEncryptionKey(key, 4);
        _rounds = _keys.Length / 4 - 1;
    }

    public void EncryptEcb(byte[] input, byte[] output) =>
        EncryptEcb(input, output, RijndaelTables.Te0, RijndaelTables.Te1, RijndaelTables.Te2, RijndaelTables.Te3, RijndaelTables.SBox);

    // The tables arrive as arguments (technique 4) and are pinned once: every look-up is a plain pointer read.
    private void EncryptEcb(byte[] input, byte[] output, uint[] te0Array, uint[] te1Array, uint[] te2Array, uint[] te3Array, byte[] sboxArray)
    {
        int rounds = _rounds;
        fixed (uint* te0 = te0Array, te1 = te1Array, te2 = te2Array, te3 = te3Array, keys = _keys)
        fixed (byte* sbox = sboxArray, inputStart = input, outputStart = output)
        {
            for (int offset = 0; offset < input.Length; offset += 16)
            {
                uint* src = (uint*)(inputStart + offset);
                uint* dst = (uint*)(outputStart + offset);
                uint* rk = keys;
                uint s0 = src[0] ^ rk[0], s1 = src[1] ^ rk[1], s2 = src[2] ^ rk[2], s3 = src[3] ^ rk[3];
                for (int round = 1; round < rounds; round++)
                {
                    rk += 4;
                    uint t0 = te0[(byte)s0] ^ te1[(byte)(s1 >> 8)] ^ te2[(byte)(s2 >> 16)] ^ te3[s3 >> 24] ^ rk[0];
                    uint t1 = te0[(byte)s1] ^ te1[(byte)(s2 >> 8)] ^ te2[(byte)(s3 >> 16)] ^ te3[s0 >> 24] ^ rk[1];
                    uint t2 = te0[(byte)s2] ^ te1[(byte)(s3 >> 8)] ^ te2[(byte)(s0 >> 16)] ^ te3[s1 >> 24] ^ rk[2];
                    uint t3 = te0[(byte)s3] ^ te1[(byte)(s0 >> 8)] ^ te2[(byte)(s1 >> 16)] ^ te3[s2 >> 24] ^ rk[3];
                    s0 = t0;
                    s1 = t1;
                    s2 = t2;
                    s3 = t3;
                }

                rk += 4;
                dst[0] = (sbox[(byte)s0] | ((uint)sbox[(byte)(s1 >> 8)] << 8) | ((uint)sbox[(byte)(s2 >> 16)] << 16) | ((uint)sbox[s3 >> 24] << 24)) ^ rk[0];
                dst[1] = (sbox[(byte)s1] | ((uint)sbox[(byte)(s2 >> 8)] << 8) | ((uint)sbox[(byte)(s3 >> 16)] << 16) | ((uint)sbox[s0 >> 24] << 24)) ^ rk[1];
                dst[2] = (sbox[(byte)s2] | ((uint)sbox[(byte)(s3 >> 8)] << 8) | ((uint)sbox[(byte)(s0 >> 16)] << 16) | ((uint)sbox[s1 >> 24] << 24)) ^ rk[2];
                dst[3] = (sbox[(byte)s3] | ((uint)sbox[(byte)(s0 >> 8)] << 8) | ((uint)sbox[(byte)(s1 >> 16)] << 16) | ((uint)sbox[s2 >> 24] << 24)) ^ rk[3];
            }
        }
    }
}
