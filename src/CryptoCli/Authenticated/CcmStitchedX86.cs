#if NET
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli;

/// <summary>
/// AES-CCM with the CBC-MAC chain and counter mode stitched into one loop on AES-NI: each block's MAC step and one
/// counter block run their AES rounds side by side. The MAC chain is serial, so it runs at the AESENC latency and
/// leaves the AES unit idle between its rounds; the counter block fills those slots, and the keystream comes at no
/// extra time. Encryption MACs and encrypts the same block; decryption encrypts the next counter block while it MACs
/// the block it just decrypted. Every block is read before its own destination block is written, so in-place
/// operation works. Constant-time, as AES-NI is.
/// </summary>
internal static class CcmStitchedX86
{
    /// <summary>True when this process runs the stitched loop for this kernel.</summary>
    public static bool Supports(BlockCipherKernel kernel) => kernel is RijndaelAesNiKernel;

    /// <summary>
    /// MACs and encrypts the whole blocks of <paramref name="source"/> into <paramref name="destination"/>; advances
    /// <paramref name="mac"/> and <paramref name="counter"/> (32-bit width) and returns the number of bytes done.
    /// </summary>
    public static int Encrypt(BlockCipherKernel kernel, ReadOnlySpan<byte> source, Span<byte> destination,
        Span<byte> mac, Span<byte> counter)
    {
        int blocks = source.Length / 16;
        if (blocks != 0)
        {
            var aes = (RijndaelAesNiKernel)kernel;
            var counterValue = new Counter128(counter, CounterWidth.Bits32);
            ref byte macRef = ref MemoryMarshal.GetReference(mac);
            Vector128<byte> chain = Vector128.LoadUnsafe(ref macRef);
            chain = EncryptBlocks(ref MemoryMarshal.GetArrayDataReference(aes.EncryptionRoundKeys), aes.Rounds,
                ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), blocks, chain,
                ref counterValue);
            chain.StoreUnsafe(ref macRef);
            counterValue.Store(counter);
        }

        return blocks * 16;
    }

    /// <summary>
    /// Decrypts the whole blocks of <paramref name="source"/> into <paramref name="destination"/> and MACs the
    /// plaintext; advances <paramref name="mac"/> and <paramref name="counter"/> and returns the number of bytes done.
    /// </summary>
    public static int Decrypt(BlockCipherKernel kernel, ReadOnlySpan<byte> source, Span<byte> destination,
        Span<byte> mac, Span<byte> counter)
    {
        int blocks = source.Length / 16;
        if (blocks != 0)
        {
            var aes = (RijndaelAesNiKernel)kernel;
            var counterValue = new Counter128(counter, CounterWidth.Bits32);
            ref byte macRef = ref MemoryMarshal.GetReference(mac);
            Vector128<byte> chain = Vector128.LoadUnsafe(ref macRef);
            chain = DecryptBlocks(ref MemoryMarshal.GetArrayDataReference(aes.EncryptionRoundKeys), aes.Rounds,
                ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), blocks, chain,
                ref counterValue);
            chain.StoreUnsafe(ref macRef);
            counterValue.Store(counter);
        }

        return blocks * 16;
    }

    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static Vector128<byte> EncryptBlocks(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst,
        int blocks, Vector128<byte> chain, ref Counter128 counter)
    {
        Vector128<byte> firstKey = keys, lastKey = Unsafe.Add(ref keys, rounds);
        for (int offset = 0; offset < 16 * blocks; offset += 16)
        {
            Vector128<byte> plaintext = Vector128.LoadUnsafe(ref Unsafe.Add(ref src, offset));
            Vector128<byte> m = chain ^ plaintext ^ firstKey;
            Vector128<byte> c = counter.Next() ^ firstKey;
            for (int round = 1; round < rounds; round++)
            {
                Vector128<byte> key = Unsafe.Add(ref keys, round);
                m = X86Aes.Encrypt(m, key);
                c = X86Aes.Encrypt(c, key);
            }

            chain = X86Aes.EncryptLast(m, lastKey);
            (plaintext ^ X86Aes.EncryptLast(c, lastKey)).StoreUnsafe(ref Unsafe.Add(ref dst, offset));
        }

        return chain;
    }

    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static Vector128<byte> DecryptBlocks(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst,
        int blocks, Vector128<byte> chain, ref Counter128 counter)
    {
        Vector128<byte> firstKey = keys, lastKey = Unsafe.Add(ref keys, rounds);

        // The first keystream block alone; then each step MACs block i while it encrypts the counter of block i + 1.
        Vector128<byte> keystream = counter.Next() ^ firstKey;
        for (int round = 1; round < rounds; round++)
        {
            keystream = X86Aes.Encrypt(keystream, Unsafe.Add(ref keys, round));
        }

        keystream = X86Aes.EncryptLast(keystream, lastKey);
        int last = 16 * (blocks - 1);
        for (int offset = 0; offset < last; offset += 16)
        {
            Vector128<byte> plaintext = Vector128.LoadUnsafe(ref Unsafe.Add(ref src, offset)) ^ keystream;
            plaintext.StoreUnsafe(ref Unsafe.Add(ref dst, offset));
            Vector128<byte> m = chain ^ plaintext ^ firstKey;
            Vector128<byte> c = counter.Next() ^ firstKey;
            for (int round = 1; round < rounds; round++)
            {
                Vector128<byte> key = Unsafe.Add(ref keys, round);
                m = X86Aes.Encrypt(m, key);
                c = X86Aes.Encrypt(c, key);
            }

            chain = X86Aes.EncryptLast(m, lastKey);
            keystream = X86Aes.EncryptLast(c, lastKey);
        }

        Vector128<byte> lastPlaintext = Vector128.LoadUnsafe(ref Unsafe.Add(ref src, last)) ^ keystream;
        lastPlaintext.StoreUnsafe(ref Unsafe.Add(ref dst, last));
        Vector128<byte> state = chain ^ lastPlaintext ^ firstKey;
        for (int round = 1; round < rounds; round++)
        {
            state = X86Aes.Encrypt(state, Unsafe.Add(ref keys, round));
        }

        return X86Aes.EncryptLast(state, lastKey);
    }
}
#endif
