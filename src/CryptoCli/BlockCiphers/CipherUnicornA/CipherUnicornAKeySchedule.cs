// CIPHERUNICORN-A key schedule (NEC; as described in Robshaw's CRYPTREC review, Dec 2001, and the public C and
// JavaScript implementations; not checked against the specification's appendix, which could not be obtained).
// Key: 128, 192 or 256 bits as 4, 6 or 8 big-endian words, the "strands" of a key network driven by
// MT(a, b) = (a·0x01010101, b ⊕ T(top byte of a·0x01010101)). Three dummy passes over the strands, then 9 passes of
// 16 MT steps whose last 8 each emit a word: 72 words ek[0..71] (n = 18 words per quarter).
using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// Expands a CIPHERUNICORN-A key into the kernels' layout: 72 words, the input whitening words first, then per
/// round (fk0, fk1, sk0, sk1), then the output whitening words. Encryption and decryption layouts differ only in
/// the order of rounds and which whitening pair comes first (the cipher is a Feistel network with modular
/// whitening: add on input, subtract on output).
/// </summary>
internal static class CipherUnicornAKeySchedule
{
    public const int Rounds = 16;
    public const int ExpandedWords = 72;
    private const int Quarter = Rounds + 2; // n in the public descriptions

    /// <summary>ek[0..71], in generation order, using the fused 8->32 table.</summary>
    public static void ExpandRaw(ReadOnlySpan<byte> key, Span<uint> ek)
    {
        // The strand walk below indexes the stack buffer without bounds checks and relies on the key being 4, 6 or 8
        // words: anything else (an empty key from a caller bug) would write past it, so it is refused here.
        if (key.Length is not (16 or 24 or 32))
        {
            ThrowHelper.ThrowInvalidKeySizeArgument(nameof(key));
        }

        int line = key.Length / 4;
        Span<uint> w = stackalloc uint[8];
        for (int i = 0; i < line; i++)
        {
            w[i] = BinaryPrimitives.ReadUInt32BigEndian(key.Slice(4 * i));
        }

        ref uint t = ref MemoryMarshal.GetReference(CipherUnicornATables.T.AsSpan());
        ref uint strand = ref MemoryMarshal.GetReference(w);

        // Three dummy passes over all strands.
        for (int pass = 0; pass < 3; pass++)
        {
            for (int j = 0; j < line; j++)
            {
                MixStrands(ref t, ref Unsafe.Add(ref strand, j), ref Unsafe.Add(ref strand, j + 1 == line ? 0 : j + 1));
            }
        }

        int count = 0;
        int current = 0; // j mod line, kept incrementally
        for (int pass = 0; pass < ExpandedWords / 8; pass++)
        {
            for (int step = 0; step < 16; step++)
            {
                int next = current + 1 == line ? 0 : current + 1;
                ref uint target = ref Unsafe.Add(ref strand, next);
                MixStrands(ref t, ref Unsafe.Add(ref strand, current), ref target);
                if (step >= 8)
                {
                    ek[count++] = target;
                }

                current = next;
            }
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(w));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MixStrands(ref uint t, ref uint a, ref uint b)
    {
        a *= 0x01010101;
        b ^= Unsafe.Add(ref t, (int)(a >> 24));
    }

    /// <summary>Fills the encryption and decryption key layouts (72 words each) from a key.</summary>
    public static void Expand(ReadOnlySpan<byte> key, uint[] encryptionKey, uint[] decryptionKey)
    {
        Span<uint> ek = stackalloc uint[ExpandedWords];
        ExpandRaw(key, ek);
        const int N = Quarter;

        // Whitening: IK0..3 added on input, IK4..7 subtracted on output.
        Span<uint> ik = stackalloc uint[8];
        ik[0] = ek[0];
        ik[1] = ek[N];
        ik[2] = ek[2 * N];
        ik[3] = ek[3 * N];
        ik[4] = ek[N - 1];
        ik[5] = ek[2 * N - 1];
        ik[6] = ek[3 * N - 1];
        ik[7] = ek[4 * N - 1];

        for (int i = 0; i < 4; i++)
        {
            encryptionKey[i] = ik[i];
            encryptionKey[68 + i] = ik[4 + i];
            decryptionKey[i] = ik[4 + i];
            decryptionKey[68 + i] = ik[i];
        }

        for (int round = 0; round < Rounds; round++)
        {
            int e = 4 + 4 * round;
            int d = 4 + 4 * (Rounds - 1 - round);
            uint fk0 = ek[1 + round], fk1 = ek[2 * N + 1 + round];
            uint sk0 = ek[N + 1 + round], sk1 = ek[3 * N + 1 + round];
            encryptionKey[e] = decryptionKey[d] = fk0;
            encryptionKey[e + 1] = decryptionKey[d + 1] = fk1;
            encryptionKey[e + 2] = decryptionKey[d + 2] = sk0;
            encryptionKey[e + 3] = decryptionKey[d + 3] = sk1;
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(ek));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(ik));
    }
}
