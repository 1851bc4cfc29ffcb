// The 16-entry tables of the vector-permute AES kernel (RijndaelVectorPermuteKernel), each one byte shuffle: the index
// of a look-up is a nibble, or has its top bit set, which makes x86 pshufb and Arm tbl both return 0.
//
// The technique is Hamburg's ("Accelerating AES with Vector Permute Instructions", CHES 2009): the inverse in GF(2^8)
// is computed in a tower field GF((2^4)^2) from look-ups of single nibbles. The representation here is this file's
// own, and the constants were computed from it (they are facts of the fields below, not taken from another
// implementation):
//
// - GF(16) = GF(2)[z]/(z^4 + z + 1); a nibble holds the coefficients of 1, z, z^2, z^3 in bits 0..3.
// - GF(256) = GF(16)[t]/(t^2 + t + c) with c = z^3 (0x8, trace 1, so the polynomial is irreducible), and a = 1/c
//   = 0xF. With t' = t + 1 (t + t' = 1, t t' = c), an element is x = i t + j t' (normal basis), stored as the byte
//   (i << 4) | k with k = i + j. Its norm is N = x x^16 = c k^2 + i j, and 1/x = (j t + i t') / N.
// - The inverse, from unary look-ups only (Hamburg's identity, written out for this basis):
//     iak = 1/i + a/k,  jak = 1/j + a/k,  io = j + 1/iak,  jo = i + 1/jak.
//   Then io = a N / (k + a i) and jo = a N / (k + a j), so 1/io and 1/jo are GF(16)-linear in the coordinates of 1/x;
//   an output table indexed by io (or jo) holds "1/io times that linear map, then any GF(2)-linear map of the byte"
//   (the S-box's affine matrix, a MixColumns factor, a change of basis), and the two are XORed. A zero nibble
//   (i = 0, k = 0, j = 0 or a zero denominator) makes a look-up return the infinity 0x80, and the next look-up 0,
//   which is exactly the value the identity needs in each of those cases; x = 0 gives 0. Every one of the 256
//   inputs was checked against the S-box when the tables were made, and the tests run the kernel against two
//   other implementations.
// - The AES field GF(2)[X]/(X^8 + X^4 + X^3 + X + 1) maps into the tower by X -> z t (a root of the AES polynomial
//   there); the map is GF(2)-linear on bytes, so it, and its composition with the inverse of the S-box's affine map,
//   are two nibble look-ups each (Encode*, DecodeInverse*).
using System.Runtime.Intrinsics;

namespace CryptoCli;

/// <summary>The look-up tables of <see cref="RijndaelVectorPermuteKernel{TShuffle}"/> (see the file's header for how
/// they were derived). Public constants: nothing secret is stored here.</summary>
internal static class RijndaelVectorPermuteTables
{
    /// <summary>1/n in GF(16); 1/0 is the 'infinity' 0x80, which every later look-up turns into 0.</summary>
    public static readonly Vector128<byte> InverseNibble = Vector128.Create(
        (byte)0x80, 0x01, 0x09, 0x0E, 0x0D, 0x0B, 0x07, 0x06,
        0x0F, 0x02, 0x0C, 0x05, 0x0A, 0x04, 0x03, 0x08);

    /// <summary>a/n in GF(16) (a = 15, the tower constant below); a/0 is 0x80.</summary>
    public static readonly Vector128<byte> ScaledInverseNibble = Vector128.Create(
        (byte)0x80, 0x0F, 0x0E, 0x05, 0x07, 0x03, 0x0B, 0x04,
        0x0A, 0x0D, 0x08, 0x06, 0x0C, 0x09, 0x02, 0x01);

    /// <summary>The isomorphism from the AES field to the tower representation (i, k), by the low nibble.</summary>
    public static readonly Vector128<byte> EncodeLow = Vector128.Create(
        (byte)0x00, 0x10, 0x22, 0x32, 0x24, 0x34, 0x06, 0x16,
        0x84, 0x94, 0xA6, 0xB6, 0xA0, 0xB0, 0x82, 0x92);

    /// <summary>The same, by the high nibble.</summary>
    public static readonly Vector128<byte> EncodeHigh = Vector128.Create(
        (byte)0x00, 0xF3, 0x8D, 0x7E, 0x73, 0x80, 0xFE, 0x0D,
        0xBE, 0x4D, 0x33, 0xC0, 0xCD, 0x3E, 0x40, 0xB3);

    /// <summary>The tower representation of the inverse affine map's linear part, by the low nibble.</summary>
    public static readonly Vector128<byte> DecodeInverseLow = Vector128.Create(
        (byte)0x00, 0xD5, 0x69, 0xBC, 0x19, 0xCC, 0x70, 0xA5,
        0xA2, 0x77, 0xCB, 0x1E, 0xBB, 0x6E, 0xD2, 0x07);

    /// <summary>The same, by the high nibble.</summary>
    public static readonly Vector128<byte> DecodeInverseHigh = Vector128.Create(
        (byte)0x00, 0x17, 0xE7, 0xF0, 0x6F, 0x78, 0x88, 0x9F,
        0xB9, 0xAE, 0x5E, 0x49, 0xD6, 0xC1, 0x31, 0x26);

    /// <summary>Encrypting rounds: the S-box's linear part, in the tower representation, from io.</summary>
    public static readonly Vector128<byte> SboxIo = Vector128.Create(
        (byte)0x00, 0xBB, 0xC0, 0xCE, 0xE8, 0x5D, 0x0E, 0xB5,
        0x75, 0x9D, 0x53, 0x93, 0xE6, 0x28, 0x26, 0x7B);

    /// <summary>The same from jo.</summary>
    public static readonly Vector128<byte> SboxJo = Vector128.Create(
        (byte)0x00, 0xDA, 0xD9, 0xD1, 0x74, 0xA6, 0x08, 0xD2,
        0x0B, 0x7F, 0xAE, 0x77, 0x7C, 0xAD, 0xA5, 0x03);

    /// <summary>Twice that (the MixColumns doubling), from io.</summary>
    public static readonly Vector128<byte> Sbox2Io = Vector128.Create(
        (byte)0x00, 0xB5, 0xBB, 0xAB, 0x4F, 0xEA, 0x10, 0xA5,
        0x1E, 0x51, 0xFA, 0x41, 0x5F, 0xF4, 0xE4, 0x0E);

    /// <summary>The same from jo.</summary>
    public static readonly Vector128<byte> Sbox2Jo = Vector128.Create(
        (byte)0x00, 0x49, 0x19, 0xA9, 0x2E, 0xD7, 0xB0, 0xF9,
        0xE0, 0xCE, 0x67, 0x7E, 0x9E, 0x37, 0x87, 0x50);

    /// <summary>The last round: the S-box's linear part in the AES representation, from io.</summary>
    public static readonly Vector128<byte> SboxLastIo = Vector128.Create(
        (byte)0x00, 0x7B, 0xB0, 0x3D, 0x67, 0x91, 0x8D, 0xF6,
        0x46, 0x21, 0x1C, 0xAC, 0xEA, 0xD7, 0x5A, 0xCB);

    /// <summary>The same from jo.</summary>
    public static readonly Vector128<byte> SboxLastJo = Vector128.Create(
        (byte)0x00, 0x64, 0x99, 0x12, 0xE5, 0x0A, 0x8B, 0xEF,
        0x76, 0x93, 0x81, 0x18, 0x6E, 0x7C, 0xF7, 0xFD);

    /// <summary>Decrypting rounds: 14 times the inverse, in the inverse tower representation, from io.</summary>
    public static readonly Vector128<byte> Inv14Io = Vector128.Create(
        (byte)0x00, 0x1A, 0x15, 0x76, 0x12, 0x6B, 0x63, 0x79,
        0x6C, 0x7E, 0x08, 0x1D, 0x71, 0x07, 0x64, 0x0F);

    /// <summary>The same from jo.</summary>
    public static readonly Vector128<byte> Inv14Jo = Vector128.Create(
        (byte)0x00, 0xC8, 0xC6, 0xEE, 0x94, 0x74, 0x28, 0xE0,
        0x26, 0xB2, 0x5C, 0x9A, 0xBC, 0x52, 0x7A, 0x0E);

    /// <summary>11 times, from io.</summary>
    public static readonly Vector128<byte> Inv11Io = Vector128.Create(
        (byte)0x00, 0x64, 0x0F, 0x1A, 0x07, 0x76, 0x15, 0x71,
        0x7E, 0x79, 0x63, 0x6C, 0x12, 0x08, 0x1D, 0x6B);

    /// <summary>11 times, from jo.</summary>
    public static readonly Vector128<byte> Inv11Jo = Vector128.Create(
        (byte)0x00, 0x7A, 0x0E, 0xC8, 0x52, 0xEE, 0xC6, 0xBC,
        0xB2, 0xE0, 0x28, 0x26, 0x94, 0x5C, 0x9A, 0x74);

    /// <summary>13 times, from io.</summary>
    public static readonly Vector128<byte> Inv13Io = Vector128.Create(
        (byte)0x00, 0xC8, 0xC6, 0xEE, 0x94, 0x74, 0x28, 0xE0,
        0x26, 0xB2, 0x5C, 0x9A, 0xBC, 0x52, 0x7A, 0x0E);

    /// <summary>13 times, from jo.</summary>
    public static readonly Vector128<byte> Inv13Jo = Vector128.Create(
        (byte)0x00, 0xA6, 0x8F, 0x96, 0x66, 0xD9, 0x19, 0xBF,
        0x30, 0x56, 0xC0, 0x4F, 0x7F, 0xE9, 0xF0, 0x29);

    /// <summary>9 times, from io.</summary>
    public static readonly Vector128<byte> Inv9Io = Vector128.Create(
        (byte)0x00, 0x2C, 0xA8, 0xF8, 0xDD, 0xA1, 0x50, 0x7C,
        0xD4, 0x09, 0xF1, 0x59, 0x8D, 0x75, 0x25, 0x84);

    /// <summary>9 times, from jo.</summary>
    public static readonly Vector128<byte> Inv9Jo = Vector128.Create(
        (byte)0x00, 0x5B, 0x9E, 0x40, 0x60, 0xE5, 0xDE, 0x85,
        0x1B, 0x7B, 0x3B, 0xA5, 0xBE, 0xFE, 0x20, 0xC5);

    /// <summary>The last decrypting round: the inverse in the AES representation, from io.</summary>
    public static readonly Vector128<byte> InvLastIo = Vector128.Create(
        (byte)0x00, 0xF3, 0xC8, 0xDC, 0x2C, 0xCB, 0x14, 0xE7,
        0x2F, 0x03, 0xDF, 0x17, 0x38, 0xE4, 0xF0, 0x3B);

    /// <summary>The same from jo.</summary>
    public static readonly Vector128<byte> InvLastJo = Vector128.Create(
        (byte)0x00, 0xF2, 0x99, 0x30, 0x9D, 0xC6, 0xA9, 0x5B,
        0xC2, 0x5F, 0x6F, 0xF6, 0x34, 0x04, 0xAD, 0x6B);

    /// <summary>ShiftRows as a byte permutation (state byte 4 column + row).</summary>
    public static readonly Vector128<byte> ShiftRows = Vector128.Create(
        (byte)0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11);

    /// <summary>ShiftRows, then each column rotated up by one row (row r takes row r + 1).</summary>
    public static readonly Vector128<byte> ShiftRowsRotate1 = Vector128.Create(
        (byte)5, 10, 15, 0, 9, 14, 3, 4, 13, 2, 7, 8, 1, 6, 11, 12);

    /// <summary>ShiftRows, then each column rotated up by two rows.</summary>
    public static readonly Vector128<byte> ShiftRowsRotate2 = Vector128.Create(
        (byte)10, 15, 0, 5, 14, 3, 4, 9, 2, 7, 8, 13, 6, 11, 12, 1);

    /// <summary>ShiftRows, then each column rotated up by three rows.</summary>
    public static readonly Vector128<byte> ShiftRowsRotate3 = Vector128.Create(
        (byte)15, 0, 5, 10, 3, 4, 9, 14, 7, 8, 13, 2, 11, 12, 1, 6);

    /// <summary>InvShiftRows as a byte permutation.</summary>
    public static readonly Vector128<byte> InverseShiftRows = Vector128.Create(
        (byte)0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3);

    /// <summary>InvShiftRows, then each column rotated up by one row.</summary>
    public static readonly Vector128<byte> InverseShiftRowsRotate1 = Vector128.Create(
        (byte)13, 10, 7, 0, 1, 14, 11, 4, 5, 2, 15, 8, 9, 6, 3, 12);

    /// <summary>InvShiftRows, then each column rotated up by two rows.</summary>
    public static readonly Vector128<byte> InverseShiftRowsRotate2 = Vector128.Create(
        (byte)10, 7, 0, 13, 14, 11, 4, 1, 2, 15, 8, 5, 6, 3, 12, 9);

    /// <summary>InvShiftRows, then each column rotated up by three rows.</summary>
    public static readonly Vector128<byte> InverseShiftRowsRotate3 = Vector128.Create(
        (byte)7, 0, 13, 10, 11, 4, 1, 14, 15, 8, 5, 2, 3, 12, 9, 6);

    /// <summary>Each column rotated up by one row (the key schedule's InvMixColumns).</summary>
    public static readonly Vector128<byte> RotateColumns1 = Vector128.Create(
        (byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12);

    /// <summary>Each column rotated up by two rows.</summary>
    public static readonly Vector128<byte> RotateColumns2 = Vector128.Create(
        (byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);

    /// <summary>Each column rotated up by three rows.</summary>
    public static readonly Vector128<byte> RotateColumns3 = Vector128.Create(
        (byte)3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
}
