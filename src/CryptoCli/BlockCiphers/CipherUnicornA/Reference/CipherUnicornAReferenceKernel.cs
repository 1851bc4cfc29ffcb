// CIPHERUNICORN-A reference kernel: the cipher written as described (Robshaw's CRYPTREC review, Dec 2001),
// with T_n computed from the four 8-bit S-boxes (four look-ups, as P2's "reference" row), arrays for the state
// and the key network, and word moves between rounds. Slow on purpose: the fast kernel is tested against it.
using System;
using System.Buffers.Binary;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Test oracle, never selected by default (registered as <see cref="KernelPreference.TestsAndBenchmarksOnly"/>):
/// straightforward CIPHERUNICORN-A ("reference"), the differential-test oracle for
/// <see cref="CipherUnicornAKernel"/>, with its own key schedule. Not constant-time.
/// </summary>
internal sealed class CipherUnicornAReferenceKernel : BlockCipherKernel
{
    private const int Rounds = 16;
    private const int N = Rounds + 2;

    private readonly uint[] _whitening = new uint[8];      // IK0..IK7
    private readonly uint[] _mainKeys = new uint[2 * Rounds];  // fk0, fk1 per round
    private readonly uint[] _tempKeys = new uint[2 * Rounds];  // sk0, sk1 per round

    public CipherUnicornAReferenceKernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        uint[] ek = ExpandKey(key);
        _whitening[0] = ek[0];
        _whitening[1] = ek[N];
        _whitening[2] = ek[2 * N];
        _whitening[3] = ek[3 * N];
        _whitening[4] = ek[N - 1];
        _whitening[5] = ek[2 * N - 1];
        _whitening[6] = ek[3 * N - 1];
        _whitening[7] = ek[4 * N - 1];
        for (int i = 0; i < Rounds; i++)
        {
            _mainKeys[2 * i] = ek[1 + i];
            _mainKeys[2 * i + 1] = ek[2 * N + 1 + i];
            _tempKeys[2 * i] = ek[N + 1 + i];
            _tempKeys[2 * i + 1] = ek[3 * N + 1 + i];
        }

        CryptographicOperationsHelper.ZeroWords(ek);
    }

    public override string Name => "reference";

    /// <summary>The 72 key-network outputs in generation order (for tests).</summary>
    internal static uint[] ExpandKey(ReadOnlySpan<byte> key)
    {
        int line = key.Length / 4;
        uint[] w = new uint[line];
        for (int i = 0; i < line; i++)
        {
            w[i] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * i, 4));
        }

        for (int pass = 0; pass < 3; pass++)
        {
            for (int j = 0; j < line; j++)
            {
                MT(w, j, (j + 1) % line);
            }
        }

        uint[] ek = new uint[4 * N];
        int count = 0;
        for (int i = 0; i < 16 * (N / 2); i += 16)
        {
            for (int j = i; j < i + 16; j++)
            {
                MT(w, j % line, (j + 1) % line);
                if (j >= i + 8)
                {
                    ek[count++] = w[(j + 1) % line];
                }
            }
        }

        CryptographicOperationsHelper.ZeroWords(w);
        return ek;
    }

    // MT(a, b) = (a * 0x01010101, b ^ T_0(a * 0x01010101)).
    private static void MT(uint[] w, int a, int b)
    {
        w[a] *= 0x01010101;
        w[b] ^= Tn(w[a], 0);
    }

    /// <summary>T_n(x): byte n of x (n = 0 the most significant) through S0, S1, S2, S3, concatenated.</summary>
    internal static uint Tn(uint x, int n)
    {
        int b = (int)((x >> (8 * (3 - n))) & 0xff);
        byte[][] s = CipherUnicornATables.SBoxes;
        return ((uint)s[0][b] << 24) | ((uint)s[1][b] << 16) | ((uint)s[2][b] << 8) | s[3][b];
    }

    internal static (uint, uint) F(uint xl, uint xr, uint fk0, uint fk1, uint sk0, uint sk1)
    {
        const uint C0 = 0x7e167289, C1 = 0xfe21464b;

        uint wk0 = sk0 + xr;
        uint wk1 = sk1 + xl;
        wk0 *= C0;
        wk1 ^= Tn(wk0, 0);
        wk1 *= C1;
        wk0 ^= Tn(wk1, 0);
        wk0 *= C1;
        wk1 ^= Tn(wk0, 0);
        wk1 *= C0;
        wk0 ^= Tn(wk1, 0);
        wk1 ^= Tn(wk0, 1);
        wk0 ^= Tn(wk1, 1);

        // A3 on the 64-bit word X = wx0 || wx1: X ^ (X <<< 23) ^ (X <<< 41), written with 32-bit halves.
        uint a = fk0 + xl;
        uint b = fk1 + xr;
        uint wx0 = a ^ ((a << 23) | (b >> 9)) ^ ((b << 9) | (a >> 23));
        uint wx1 = b ^ ((b << 23) | (a >> 9)) ^ ((a << 9) | (b >> 23));

        wx0 *= C0;
        wx1 ^= Tn(wx0, 0);
        wx1 *= C1;
        wx0 ^= Tn(wx1, 0);
        for (int n = 1; n <= 3; n++)
        {
            wx1 ^= Tn(wx0, n);
            wx0 ^= Tn(wx1, n);
        }

        wx1 ^= Tn(wx0, (int)((wk1 >> 2) & 3));
        wx0 ^= Tn(wx1, (int)(wk1 & 3));
        return (wx0 ^ wk0, wx1 ^ wk0);
    }

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            Transform(source.Slice(offset, 16), destination.Slice(offset, 16), decrypt: false);
        }
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            Transform(source.Slice(offset, 16), destination.Slice(offset, 16), decrypt: true);
        }
    }

    // A Feistel network with the swap after the last round undone: decryption is the same network with the
    // round keys reversed and the two whitening quadruples exchanged.
    private void Transform(ReadOnlySpan<byte> input, Span<byte> output, bool decrypt)
    {
        uint[] w = new uint[4];
        int inputWhitening = decrypt ? 4 : 0;
        int outputWhitening = decrypt ? 0 : 4;
        for (int i = 0; i < 4; i++)
        {
            w[i] = BinaryPrimitives.ReadUInt32BigEndian(input.Slice(4 * i, 4)) + _whitening[inputWhitening + i];
        }

        for (int r = 0; r < Rounds; r++)
        {
            int k = decrypt ? Rounds - 1 - r : r;
            (uint f0, uint f1) = F(w[2], w[3], _mainKeys[2 * k], _mainKeys[2 * k + 1], _tempKeys[2 * k],
                _tempKeys[2 * k + 1]);
            if (r < Rounds - 1)
            {
                uint l0 = w[0], l1 = w[1];
                w[0] = w[2];
                w[1] = w[3];
                w[2] = l0 ^ f0;
                w[3] = l1 ^ f1;
            }
            else
            {
                w[0] ^= f0;
                w[1] ^= f1;
            }
        }

        for (int i = 0; i < 4; i++)
        {
            BinaryPrimitives.WriteUInt32BigEndian(output.Slice(4 * i, 4), w[i] - _whitening[outputWhitening + i]);
        }

        CryptographicOperationsHelper.ZeroWords(w);
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroWords(_whitening);
        CryptographicOperationsHelper.ZeroWords(_mainKeys);
        CryptographicOperationsHelper.ZeroWords(_tempKeys);
    }
}
