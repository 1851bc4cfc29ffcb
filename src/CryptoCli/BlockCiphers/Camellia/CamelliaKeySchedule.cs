// Camellia key schedule (RFC 3713 section 2.2), on 64-bit words, with P2's reuse of the subkeys that coincide:
// a subkey that equals a word permutation of one already computed is copied from it instead of being derived
// from another 128-bit rotation. 128-bit keys: 26 subkeys; 192- and 256-bit keys: 34 subkeys.
using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoCli;

internal static class CamelliaKeySchedule
{
    // RFC 3713 2.2: the first 64 bits of the fractional parts of the square roots of the first six primes.
    private const ulong Sigma1 = 0xA09E667F3BCC908B;
    private const ulong Sigma2 = 0xB67AE8584CAA73B2;
    private const ulong Sigma3 = 0xC6EF372FE94F82BE;
    private const ulong Sigma4 = 0x54FF53A5F1D36F1C;
    private const ulong Sigma5 = 0x10E527FADE682D1D;
    private const ulong Sigma6 = 0xB05688C2B3E6C1FD;

    public static int SubkeyCount(int keyBytes) => keyBytes == 16 ? 26 : 34;

    /// <summary>
    /// Writes the subkeys in the order encryption uses them: kw1 kw2, k1..k6, ke1 ke2, k7..k12, ke3 ke4, k13..k18,
    /// [ke5 ke6, k19..k24,] kw3 kw4. Each is a 64-bit word whose most significant byte is the spec's first byte.
    /// </summary>
    public static void Expand(ReadOnlySpan<byte> key, Span<ulong> k)
    {
        ref ulong sp = ref MemoryMarshal.GetReference(CamelliaTables.SP64.AsSpan());
        ulong klHigh = BinaryPrimitives.ReadUInt64BigEndian(key);
        ulong klLow = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(8));
        ulong krHigh = 0, krLow = 0;
        if (key.Length == 24)
        {
            krHigh = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(16));
            krLow = ~krHigh;
        }
        else if (key.Length == 32)
        {
            krHigh = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(16));
            krLow = BinaryPrimitives.ReadUInt64BigEndian(key.Slice(24));
        }

        // KA and KB (RFC 3713 2.2, figure 2).
        ulong d1 = klHigh ^ krHigh, d2 = klLow ^ krLow;
        d2 ^= F(ref sp, d1 ^ Sigma1);
        d1 ^= F(ref sp, d2 ^ Sigma2);
        d1 ^= klHigh;
        d2 ^= klLow;
        d2 ^= F(ref sp, d1 ^ Sigma3);
        d1 ^= F(ref sp, d2 ^ Sigma4);
        ulong kaHigh = d1, kaLow = d2;

        // Writes through a ref (P1: no bounds checks); the caller's span has SubkeyCount(key.Length) entries.
        Debug.Assert(k.Length == SubkeyCount(key.Length));
        ref ulong k0 = ref MemoryMarshal.GetReference(k);
        ulong h, l;
        Unsafe.Add(ref k0, 0) = klHigh;                                          // kw1, kw2 = KL <<< 0
        Unsafe.Add(ref k0, 1) = klLow;
        if (key.Length == 16)
        {
            Unsafe.Add(ref k0, 2) = kaHigh;                                      // k1, k2 = KA <<< 0
            Unsafe.Add(ref k0, 3) = kaLow;
            Rotate(klHigh, klLow, 15, out Unsafe.Add(ref k0, 4), out Unsafe.Add(ref k0, 5));    // k3, k4 = KL <<< 15
            Rotate(kaHigh, kaLow, 15, out Unsafe.Add(ref k0, 6), out Unsafe.Add(ref k0, 7));    // k5, k6 = KA <<< 15
            Rotate(kaHigh, kaLow, 30, out Unsafe.Add(ref k0, 8), out Unsafe.Add(ref k0, 9));    // ke1, ke2 = KA <<< 30
            Rotate(klHigh, klLow, 45, out Unsafe.Add(ref k0, 10), out Unsafe.Add(ref k0, 11));  // k7, k8 = KL <<< 45
            Rotate(kaHigh, kaLow, 45, out Unsafe.Add(ref k0, 12), out _);        // k9 = (KA <<< 45) high half
            Rotate(klHigh, klLow, 60, out _, out Unsafe.Add(ref k0, 13));        // k10 = (KL <<< 60) low half
            Rotate(kaHigh, kaLow, 60, out Unsafe.Add(ref k0, 14), out Unsafe.Add(ref k0, 15));  // k11, k12 = KA <<< 60
            // ke3, ke4 = KL <<< 77 = (k7R, k8L, k8R, k7L) in 32-bit words (P2).
            Unsafe.Add(ref k0, 16) = Swap(Unsafe.Add(ref k0, 10), Unsafe.Add(ref k0, 11));
            Unsafe.Add(ref k0, 17) = Swap(Unsafe.Add(ref k0, 11), Unsafe.Add(ref k0, 10));
            Rotate(klHigh, klLow, 94, out Unsafe.Add(ref k0, 18), out Unsafe.Add(ref k0, 19));  // k13, k14 = KL <<< 94
            // k15, k16 = KA <<< 94 = (ke2, ke1)
            Unsafe.Add(ref k0, 20) = Unsafe.Add(ref k0, 9);
            Unsafe.Add(ref k0, 21) = Unsafe.Add(ref k0, 8);
            // k17, k18 = KL <<< 111 = (k4R, k3L, k3R, k4L)
            Unsafe.Add(ref k0, 22) = Swap(Unsafe.Add(ref k0, 5), Unsafe.Add(ref k0, 4));
            Unsafe.Add(ref k0, 23) = Swap(Unsafe.Add(ref k0, 4), Unsafe.Add(ref k0, 5));
            // kw3, kw4 = KA <<< 111 = (k6R, k5L, k5R, k6L)
            Unsafe.Add(ref k0, 24) = Swap(Unsafe.Add(ref k0, 7), Unsafe.Add(ref k0, 6));
            Unsafe.Add(ref k0, 25) = Swap(Unsafe.Add(ref k0, 6), Unsafe.Add(ref k0, 7));
            return;
        }

        d1 = kaHigh ^ krHigh;
        d2 = kaLow ^ krLow;
        d2 ^= F(ref sp, d1 ^ Sigma5);
        d1 ^= F(ref sp, d2 ^ Sigma6);
        ulong kbHigh = d1, kbLow = d2;

        Unsafe.Add(ref k0, 2) = kbHigh;                                          // k1, k2 = KB <<< 0
        Unsafe.Add(ref k0, 3) = kbLow;
        Rotate(krHigh, krLow, 15, out Unsafe.Add(ref k0, 4), out Unsafe.Add(ref k0, 5));        // k3, k4 = KR <<< 15
        Rotate(kaHigh, kaLow, 15, out Unsafe.Add(ref k0, 6), out Unsafe.Add(ref k0, 7));        // k5, k6 = KA <<< 15
        Rotate(krHigh, krLow, 30, out Unsafe.Add(ref k0, 8), out Unsafe.Add(ref k0, 9));        // ke1, ke2 = KR <<< 30
        Rotate(kbHigh, kbLow, 30, out Unsafe.Add(ref k0, 10), out Unsafe.Add(ref k0, 11));      // k7, k8 = KB <<< 30
        Rotate(klHigh, klLow, 45, out Unsafe.Add(ref k0, 12), out Unsafe.Add(ref k0, 13));      // k9, k10 = KL <<< 45
        Rotate(kaHigh, kaLow, 45, out Unsafe.Add(ref k0, 14), out Unsafe.Add(ref k0, 15));      // k11, k12 = KA <<< 45
        Rotate(klHigh, klLow, 60, out Unsafe.Add(ref k0, 16), out Unsafe.Add(ref k0, 17));      // ke3, ke4 = KL <<< 60
        Rotate(krHigh, krLow, 60, out Unsafe.Add(ref k0, 18), out Unsafe.Add(ref k0, 19));      // k13, k14 = KR <<< 60
        Rotate(kbHigh, kbLow, 60, out Unsafe.Add(ref k0, 20), out Unsafe.Add(ref k0, 21));      // k15, k16 = KB <<< 60
        // k17, k18 = KL <<< 77 = (k9R, k10L, k10R, k9L)
        Unsafe.Add(ref k0, 22) = Swap(Unsafe.Add(ref k0, 12), Unsafe.Add(ref k0, 13));
        Unsafe.Add(ref k0, 23) = Swap(Unsafe.Add(ref k0, 13), Unsafe.Add(ref k0, 12));
        // ke5, ke6 = KA <<< 77 = (k11R, k12L, k12R, k11L)
        Unsafe.Add(ref k0, 24) = Swap(Unsafe.Add(ref k0, 14), Unsafe.Add(ref k0, 15));
        Unsafe.Add(ref k0, 25) = Swap(Unsafe.Add(ref k0, 15), Unsafe.Add(ref k0, 14));
        // k19, k20 = KR <<< 94 = (ke2, ke1)
        Unsafe.Add(ref k0, 26) = Unsafe.Add(ref k0, 9);
        Unsafe.Add(ref k0, 27) = Unsafe.Add(ref k0, 8);
        Rotate(kaHigh, kaLow, 94, out Unsafe.Add(ref k0, 28), out Unsafe.Add(ref k0, 29));      // k21, k22 = KA <<< 94
        Rotate(klHigh, klLow, 111, out Unsafe.Add(ref k0, 30), out Unsafe.Add(ref k0, 31));     // k23, k24 = KL <<< 111
        Rotate(kbHigh, kbLow, 111, out h, out l);               // kw3, kw4 = KB <<< 111
        Unsafe.Add(ref k0, 32) = h;
        Unsafe.Add(ref k0, 33) = l;
    }

    /// <summary>
    /// Turns encryption-ordered subkeys into decryption order: the same sequence reversed, with the whitening pairs
    /// kept in pair order.
    /// </summary>
    public static void ToDecryptionOrder(ReadOnlySpan<ulong> encryption, Span<ulong> decryption)
    {
        int n = encryption.Length;
        for (int i = 0; i < n; i++)
        {
            decryption[i] = encryption[n - 1 - i];
        }

        (decryption[0], decryption[1]) = (decryption[1], decryption[0]);
        (decryption[n - 2], decryption[n - 1]) = (decryption[n - 1], decryption[n - 2]);
    }

    /// <summary>
    /// The F-function (RFC 3713 2.4.1) through the 64-bit S-box/P tables; the key is already XORed in.
    /// </summary>
    /// <remarks>
    /// The XORs form a balanced tree (depth 3, not a chain of 7): this is on the critical path of every round.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong F(ref ulong sp, ulong x) =>
        ((Unsafe.Add(ref sp, (nuint)(x >> 56)) ^ Unsafe.Add(ref sp, (nuint)(byte)(x >> 48) + 256)) ^
         (Unsafe.Add(ref sp, (nuint)(byte)(x >> 40) + 512) ^ Unsafe.Add(ref sp, (nuint)(byte)(x >> 32) + 768))) ^
        ((Unsafe.Add(ref sp, (nuint)(byte)(x >> 24) + 1024) ^ Unsafe.Add(ref sp, (nuint)(byte)(x >> 16) + 1280)) ^
         (Unsafe.Add(ref sp, (nuint)(byte)(x >> 8) + 1536) ^ Unsafe.Add(ref sp, (nuint)(byte)x + 1792)));

    // (a, b) = 32-bit words (aL, aR), (bL, bR); returns (aR, bL), the middle of a 32-bit rotation of a 128-bit value.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Swap(ulong a, ulong b) => (a << 32) | (b >> 32);

    /// <summary>(high, low) &lt;&lt;&lt; count as a 128-bit value, 0 &lt; count &lt; 128, count != 64.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Rotate(ulong high, ulong low, int count, out ulong rotatedHigh, out ulong rotatedLow)
    {
        if (count >= 64)
        {
            (high, low) = (low, high);
            count -= 64;
        }

        rotatedHigh = (high << count) | (low >> (64 - count));
        rotatedLow = (low << count) | (high >> (64 - count));
    }
}
