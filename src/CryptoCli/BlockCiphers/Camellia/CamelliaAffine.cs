// The affine maps that turn the AES S-box into Camellia's S-boxes, derived at start-up (used by the byte-sliced
// AES-NI kernel, CamelliaByteSlicedKernel.X86.cs; plain code so that tests check it on every platform).
//
// Derivation. s1(x) = h(g(f(x ^ 0xc5))) ^ 0x6e where g is inversion in the specification's GF((2^4)^2).
// All fields of 256 elements are isomorphic through a GF(2)-linear map: with gamma a root of the AES polynomial
// x^8 + x^4 + x^3 + x + 1 in GF((2^4)^2), phi(sum e_i x^i) = sum e_i gamma^i maps the AES field onto it and
// commutes with inversion, so g(z) = phi(inv_AES(phi^-1(z))). The AES S-box is S(y) = A(inv_AES(y)) ^ 0x63 with A
// linear, so inv_AES(y) = A^-1(S(y) ^ 0x63). Together:
//   s1(x) = Post(S(Pre(x) ^ c)) ^ d,  Pre = phi^-1 o f,  c = Pre(0xc5),  Post = h o phi o A^-1,  d = Post(0x63) ^ 0x6e.
// s2 and s3 rotate the output (fold into Post), s4 rotates the input (fold into Pre). Each linear map is applied
// to a byte as two 16-entry look-ups, one per nibble (PSHUFB), with the constant folded into the low-nibble table.
// The AES inverse S-box (AESDECLAST) works as well: S^-1(y) = inv_AES(A^-1(y ^ 0x63)), so
// inv_AES(w) = S^-1(A(w) ^ 0x63):
//   s1(x) = PostDec(S^-1(PreDec(x))),  PreDec(x) = A(Pre(x) ^ c) ^ 0x63,  PostDec(z) = h(phi(z)) ^ 0x6e.
// The kernel alternates the two so that the ShiftRows of AESENCLAST and the InvShiftRows of AESDECLAST cancel.
// GFNI (CamelliaGfniKernel.X86.cs) inverts in the AES field directly, so the AES S-box's own affine map drops out:
//   s1(x) = H(inv_AES(P(x) ^ c)) ^ 0x6e,  P = phi^-1 o f = Pre,  c = P(0xc5),  H = h o phi,
// P and H as 8x8 bit matrices in the instructions' layout (GfniMatrix; docs/camellia-gfni.md).
using System;

namespace CryptoCli;

internal static class CamelliaAffine
{
    /// <summary>16-entry nibble tables: [0] low nibble (constant included), [1] high nibble.</summary>
    public static readonly byte[] PreLow1 = new byte[16], PreHigh1 = new byte[16];   // s1, s2, s3 inputs
    public static readonly byte[] PreLow4 = new byte[16], PreHigh4 = new byte[16];   // s4 input (x <<< 1 first)
    public static readonly byte[] PostLow1 = new byte[16], PostHigh1 = new byte[16]; // s1, s4 outputs
    public static readonly byte[] PostLow2 = new byte[16], PostHigh2 = new byte[16]; // s2 output (<<< 1)
    public static readonly byte[] PostLow3 = new byte[16], PostHigh3 = new byte[16]; // s3 output (<<< 7)

    // The same for the AES inverse S-box (AESDECLAST).
    public static readonly byte[] PreDecLow1 = new byte[16], PreDecHigh1 = new byte[16];
    public static readonly byte[] PreDecLow4 = new byte[16], PreDecHigh4 = new byte[16];
    public static readonly byte[] PostDecLow1 = new byte[16], PostDecHigh1 = new byte[16];
    public static readonly byte[] PostDecLow2 = new byte[16], PostDecHigh2 = new byte[16];
    public static readonly byte[] PostDecLow3 = new byte[16], PostDecHigh3 = new byte[16];

    /// <summary>
    /// The GFNI forms (GF2P8AFFINEQB/GF2P8AFFINEINVQB matrices, <see cref="GfniMatrix"/>): the linear input maps P of
    /// s1..s3 and of s4 (P o rotate-left-1), and the linear output maps H of s1/s4, s2 (rotate-left-1 o H) and s3
    /// (rotate-left-7 o H). s(x ^ k) = GF2P8AFFINEINVQB(P(x) ^ P(k) ^ <see cref="GfniInputConstant"/>, H,
    /// output constant).
    /// </summary>
    public static readonly ulong GfniPre1, GfniPre4, GfniPost1, GfniPost2, GfniPost3;

    /// <summary>
    /// c = P(0xc5): the input constant, XORed with P(round key byte) into the GFNI backend's round keys.
    /// </summary>
    public static readonly byte GfniInputConstant;

    /// <summary>
    /// The output constants of s1/s4, s2 and s3 (0x6e and its rotations left by 1 and 7): instruction immediates.
    /// </summary>
    public const byte GfniOutputConstant1 = 0x6e, GfniOutputConstant2 = 0xdc, GfniOutputConstant3 = 0x37;

    static CamelliaAffine()
    {
        // gamma: a root of the AES polynomial in the specification's field.
        int gamma = 0;
        for (int candidate = 2; candidate < 256; candidate++)
        {
            byte[] powers = Powers((byte)candidate);
            if ((powers[8] ^ powers[4] ^ powers[3] ^ powers[1] ^ powers[0]) == 0)
            {
                gamma = candidate;
                break;
            }
        }

        byte[] gammaPowers = Powers((byte)gamma);
        byte[] phi = new byte[256];
        byte[] phiInverse = new byte[256];
        byte[] aesLinearInverse = new byte[256];
        for (int e = 0; e < 256; e++)
        {
            int image = 0;
            for (int i = 0; i < 8; i++)
            {
                if (((e >> i) & 1) != 0)
                {
                    image ^= gammaPowers[i];
                }
            }

            phi[e] = (byte)image;
            phiInverse[image] = (byte)e;
            aesLinearInverse[AesLinear((byte)e)] = (byte)e;
        }

        byte preConstant = phiInverse[CamelliaTables.F(0xc5)];
        byte postConstant = (byte)(Post(0x63) ^ 0x6e);
        for (int n = 0; n < 16; n++)
        {
            PreLow1[n] = (byte)(Pre((byte)n) ^ preConstant);
            PreHigh1[n] = Pre((byte)(n << 4));
            PreLow4[n] = (byte)(Pre(CamelliaTables.RotateLeft((byte)n, 1)) ^ preConstant);
            PreHigh4[n] = Pre(CamelliaTables.RotateLeft((byte)(n << 4), 1));
            PostLow1[n] = (byte)(Post((byte)n) ^ postConstant);
            PostHigh1[n] = Post((byte)(n << 4));
            PostLow2[n] = CamelliaTables.RotateLeft(PostLow1[n], 1);
            PostHigh2[n] = CamelliaTables.RotateLeft(PostHigh1[n], 1);
            PostLow3[n] = CamelliaTables.RotateLeft(PostLow1[n], 7);
            PostHigh3[n] = CamelliaTables.RotateLeft(PostHigh1[n], 7);

            byte decConstant = (byte)(AesLinear(preConstant) ^ 0x63);
            PreDecLow1[n] = (byte)(AesLinear(Pre((byte)n)) ^ decConstant);
            PreDecHigh1[n] = AesLinear(Pre((byte)(n << 4)));
            PreDecLow4[n] = (byte)(AesLinear(Pre(CamelliaTables.RotateLeft((byte)n, 1))) ^ decConstant);
            PreDecHigh4[n] = AesLinear(Pre(CamelliaTables.RotateLeft((byte)(n << 4), 1)));
            PostDecLow1[n] = (byte)(CamelliaTables.H(phi[n]) ^ 0x6e);
            PostDecHigh1[n] = CamelliaTables.H(phi[n << 4]);
            PostDecLow2[n] = CamelliaTables.RotateLeft(PostDecLow1[n], 1);
            PostDecHigh2[n] = CamelliaTables.RotateLeft(PostDecHigh1[n], 1);
            PostDecLow3[n] = CamelliaTables.RotateLeft(PostDecLow1[n], 7);
            PostDecHigh3[n] = CamelliaTables.RotateLeft(PostDecHigh1[n], 7);
        }

        GfniInputConstant = preConstant;
        GfniPre1 = GfniMatrix(x => Pre(x));
        GfniPre4 = GfniMatrix(x => Pre(CamelliaTables.RotateLeft(x, 1)));
        GfniPost1 = GfniMatrix(z => CamelliaTables.H(phi[z]));
        GfniPost2 = GfniMatrix(z => CamelliaTables.RotateLeft(CamelliaTables.H(phi[z]), 1));
        GfniPost3 = GfniMatrix(z => CamelliaTables.RotateLeft(CamelliaTables.H(phi[z]), 7));

        byte Pre(byte x) => phiInverse[CamelliaTables.F(x)];

        byte Post(byte z) => CamelliaTables.H(phi[aesLinearInverse[z]]);
    }

    /// <summary>
    /// The low-nibble table with a key byte folded in: (low, high) applied to x ^ key. The maps are affine with the
    /// constant in low[0], so this is low[n] ^ (low, high)(key) ^ low[0]; it saves the key XOR in every round.
    /// </summary>
    public static byte[] WithKey(byte[] low, byte[] high, byte key)
    {
        byte[] keyed = new byte[16];
        byte shift = (byte)(Apply(low, high, key) ^ low[0]);
        for (int n = 0; n < 16; n++)
        {
            keyed[n] = (byte)(low[n] ^ shift);
        }

        return keyed;
    }

    /// <summary>Applies a pair of nibble tables as the kernel does: low[x &amp; 15] ^ high[x &gt;&gt; 4].</summary>
    public static byte Apply(byte[] low, byte[] high, byte x) => (byte)(low[x & 15] ^ high[x >> 4]);

    /// <summary>
    /// A GF(2)-linear byte map as GF2P8AFFINEQB's matrix operand: output bit i is the parity of x AND byte 7 - i of
    /// the 64-bit word, so byte 7 - i has bit j set when input bit j reaches output bit i.
    /// </summary>
    public static ulong GfniMatrix(Func<byte, byte> linear)
    {
        ulong matrix = 0;
        for (int i = 0; i < 8; i++)
        {
            int row = 0;
            for (int j = 0; j < 8; j++)
            {
                row |= ((linear((byte)(1 << j)) >> i) & 1) << j;
            }

            matrix |= (ulong)row << (8 * (7 - i));
        }

        return matrix;
    }

    /// <summary>The linear part of GF2P8AFFINEQB on one byte: matrix * x over GF(2) (no constant).</summary>
    public static byte GfniMultiply(ulong matrix, byte x)
    {
        int result = 0;
        for (int i = 0; i < 8; i++)
        {
            int row = (int)(matrix >> (8 * (7 - i))) & x;
            int parity = row ^ (row >> 4);
            parity ^= parity >> 2;
            parity ^= parity >> 1;
            result |= (parity & 1) << i;
        }

        return (byte)result;
    }

    // gamma^0 .. gamma^8 in GF((2^4)^2).
    private static byte[] Powers(byte gamma)
    {
        byte[] powers = new byte[9];
        powers[0] = 1;
        for (int i = 1; i < 9; i++)
        {
            powers[i] = CamelliaTables.CompositeMultiply(powers[i - 1], gamma);
        }

        return powers;
    }

    // The linear part of the AES S-box's affine map (FIPS-197 5.1.1): b ^ (b <<< 1) ^ (b <<< 2) ^ (b <<< 3) ^ (b
    // <<< 4).
    private static byte AesLinear(byte b) =>
        (byte)(b ^ CamelliaTables.RotateLeft(b, 1) ^ CamelliaTables.RotateLeft(b, 2) ^ CamelliaTables.RotateLeft(b, 3)
            ^ CamelliaTables.RotateLeft(b, 4));
}
