using System;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>The portable AES round helpers against the AES-NI instructions they emulate (AESENC, AESENCLAST, AESDEC, AESDECLAST, AESIMC).</summary>
public class AesRoundTests
{
    private delegate void PortableRound(ref uint state, ref uint key);

    [X86AesFact]
    public void Portable_MatchesAesNi_RandomInputs()
    {
        var random = TestRandom.Create(611);
        for (int trial = 0; trial < 2000; trial++)
        {
            byte[] state = TestRandom.Bytes(random, 16);
            byte[] key = TestRandom.Bytes(random, 16);
            Vector128<byte> x = Vector128.Create(state), k = Vector128.Create(key);
            Check("AESENC", AesRound.Encrypt, AesRoundX86.Encrypt(x, k), state, key, trial);
            Check("AESENCLAST", AesRound.EncryptLast, AesRoundX86.EncryptLast(x, k), state, key, trial);
            Check("AESDEC", AesRound.Decrypt, AesRoundX86.Decrypt(x, k), state, key, trial);
            Check("AESDECLAST", AesRound.DecryptLast, AesRoundX86.DecryptLast(x, k), state, key, trial);

            uint[] words = MemoryMarshal.Cast<byte, uint>(state).ToArray();
            for (int c = 0; c < 4; c++)
            {
                words[c] = AesRound.InverseMixColumns(words[c]);
            }

            Assert.True(AesRoundX86.InverseMixColumns(x).SequenceEqual(Vector128.Create(MemoryMarshal.AsBytes(words.AsSpan()).ToArray())), $"AESIMC trial {trial}");
        }
    }

    [Fact]
    public void Portable_DecryptInvertsEncrypt_WithEquivalentKey()
    {
        // Runs without AES-NI too: the inverse rounds undo the forward ones (AESDECLAST undoes AESENCLAST with a zero key;
        // AESIMC then AESDECLAST undoes AESENC).
        var random = TestRandom.Create(612);
        for (int trial = 0; trial < 200; trial++)
        {
            uint[] state = MemoryMarshal.Cast<byte, uint>(TestRandom.Bytes(random, 16)).ToArray();
            uint[] original = (uint[])state.Clone();
            uint[] zero = new uint[4];
            AesRound.EncryptLast(ref state[0], ref zero[0]);
            AesRound.DecryptLast(ref state[0], ref zero[0]);
            Assert.Equal(original, state);

            // AESENC then AESIMC of the result, then AESDECLAST: SubBytes/ShiftRows/MixColumns undone.
            AesRound.Encrypt(ref state[0], ref zero[0]);
            for (int c = 0; c < 4; c++)
            {
                state[c] = AesRound.InverseMixColumns(state[c]);
            }

            AesRound.DecryptLast(ref state[0], ref zero[0]);
            Assert.Equal(original, state);
        }
    }

    private static void Check(string name, PortableRound round, Vector128<byte> expected, byte[] state, byte[] key, int trial)
    {
        uint[] s = MemoryMarshal.Cast<byte, uint>(state).ToArray();
        uint[] k = MemoryMarshal.Cast<byte, uint>(key).ToArray();
        round(ref s[0], ref k[0]);
        byte[] actual = MemoryMarshal.AsBytes(s.AsSpan()).ToArray();
        Assert.True(expected.SequenceEqual(Vector128.Create(actual)), $"{name} trial {trial}: portable {Convert.ToHexStringLower(actual)}");
    }
}

internal static class Vector128TestExtensions
{
    public static bool SequenceEqual(this Vector128<byte> left, Vector128<byte> right) => left == right;
}
