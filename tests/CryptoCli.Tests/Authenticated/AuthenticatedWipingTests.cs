using System;
using System.Buffers.Binary;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The authenticated modes, CMAC, its key-derivation function and key wrap leave no keystream, tag mask, subkey,
/// table value, tweak, derived or key bytes on the stack: each secret a call holds in a stack buffer is worked out here with the runtime's AES (ECB,
/// <see cref="AesGcm"/>), and the stack the call used is searched for it once the call runs optimised code
/// (<see cref="StackResidue"/>). Without the wipe at the end of the call, the buffer's last contents stay in the dead
/// frame and the scan finds them. Not in the plumbing set: Stryker.NET's mutated library is not optimised, and its
/// frames keep every local.
/// </summary>
[Collection(StackScanGroup.Name)]
public class AuthenticatedWipingTests
{
    private static readonly byte[] s_key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f");

    /// <summary>CCM's S0 = E_K(A0), the block that masks the tag, and the zero-padded last partial plaintext block
    /// that the CBC-MAC absorbs.</summary>
    [OptimizedLibraryFact]
    public void Ccm_LeavesNeitherS0NorThePaddedLastBlock()
    {
        byte[] nonce = Convert.FromHexString("101112131415161718191a1b1c");
        byte[] plaintext = TestRandom.Bytes(TestRandom.Create(91), 37);
        byte[] aad = TestRandom.Bytes(TestRandom.Create(92), 20);
        byte[] a0 = new byte[16];
        a0[0] = (byte)(15 - nonce.Length - 1);
        nonce.CopyTo(a0, 1);
        byte[] s0 = EncryptBlock(s_key, a0);
        byte[] lastBlock = new byte[16];
        plaintext.AsSpan(32).CopyTo(lastBlock);

        using RijndaelCipher aes = KeyedCipher();
        using var ccm = new BlockCipherCcm(aes);
        byte[] ciphertext = new byte[plaintext.Length], tag = new byte[16], decrypted = new byte[plaintext.Length];
        Assert.Empty(StackResidue.LeftBy(
            () => ccm.Encrypt(nonce, plaintext, ciphertext, tag, aad), ("S0", s0), ("padded last block", lastBlock)));
        Assert.Empty(StackResidue.LeftBy(
            () => ccm.Decrypt(nonce, ciphertext, tag, decrypted, aad), ("S0", s0), ("padded last block", lastBlock)));
        Assert.Equal(plaintext, decrypted);
    }

    /// <summary>GCM's GHASH output S, which with the tag gives E_K(J0), the block that masks every tag under this
    /// nonce.</summary>
    [OptimizedLibraryFact]
    public void Gcm_LeavesNoGhashOutput()
    {
        byte[] nonce = Convert.FromHexString("101112131415161718191a1b");
        byte[] plaintext = TestRandom.Bytes(TestRandom.Create(93), 37);
        byte[] aad = TestRandom.Bytes(TestRandom.Create(94), 20);
        byte[] expectedCiphertext = new byte[plaintext.Length], expectedTag = new byte[16];
        using (var reference = new AesGcm(s_key, 16))
        {
            reference.Encrypt(nonce, plaintext, expectedCiphertext, expectedTag, aad);
        }

        byte[] j0 = new byte[16];
        nonce.CopyTo(j0, 0);
        j0[15] = 1;
        byte[] ghash = EncryptBlock(s_key, j0);
        for (int i = 0; i < 16; i++)
        {
            ghash[i] ^= expectedTag[i];
        }

        using RijndaelCipher aes = KeyedCipher();
        using var gcm = new BlockCipherGcm(aes);
        byte[] ciphertext = new byte[plaintext.Length], tag = new byte[16], decrypted = new byte[plaintext.Length];
        Assert.Empty(StackResidue.LeftBy(() => gcm.Encrypt(nonce, plaintext, ciphertext, tag, aad), ("S", ghash)));
        Assert.Equal(expectedTag, tag);
        Assert.Empty(StackResidue.LeftBy(() => gcm.Decrypt(nonce, ciphertext, tag, decrypted, aad), ("S", ghash)));
        Assert.Equal(plaintext, decrypted);
    }

    /// <summary>GCM's tag comparison leaves no copy of the computed tag: when it refuses a tag, that copy is the tag
    /// that would let the caller forge the message. (Checked on the comparison itself: in a refused decryption the
    /// exception's unwinding overwrites that stack anyway.)</summary>
    [OptimizedLibraryFact]
    public void Gcm_TagComparisonLeavesNoCopyOfTheComputedTag()
    {
        byte[] computed = TestRandom.Bytes(TestRandom.Create(99), 16);
        byte[] received = computed.AsSpan().ToArray();
        received[0] ^= 1;
        bool equal = true;
        Assert.Empty(StackResidue.LeftBy(
            () => equal = BlockCipherGcm.TagsEqual(computed, received), ("the computed tag", computed)));
        Assert.False(equal);
    }

    /// <summary>OCB's L_* = E_K(0), which the constructor computes the offset table from, and Ktop, the encrypted
    /// nonce each message's offsets start from (RFC 7253 section 4.2).</summary>
    [OptimizedLibraryFact]
    public void Ocb_LeavesNeitherLStarNorKtop()
    {
        byte[] nonce = Convert.FromHexString("101112131415161718191a1b");
        byte[] lStar = EncryptBlock(s_key, new byte[16]);
        // Nonce = num2str(TAGLEN mod 128, 7) || zeros || 1 || N, its last six bits cleared for Ktop.
        byte[] nonceBlock = new byte[16];
        nonceBlock[15 - nonce.Length] = 1;
        nonce.CopyTo(nonceBlock, 16 - nonce.Length);
        nonceBlock[15] &= 0xC0;
        byte[] ktop = EncryptBlock(s_key, nonceBlock);

        using RijndaelCipher aes = KeyedCipher();
        // Each instance is disposed before the next one is made: a call after the constructor would reuse its frames.
        BlockCipherOcb? previous = null;
        Assert.Empty(StackResidue.LeftBy(
            () =>
            {
                previous?.Dispose();
                previous = new BlockCipherOcb(aes);
            },
            ("L_*", lStar)));
        previous?.Dispose();

        // Ktop is taken at the start of a message (Begin), whose later calls reuse its frame's memory: the offsets
        // are set up alone here, as every message and stream starts.
        using var instance = new BlockCipherOcb(aes);
        Assert.Empty(StackResidue.LeftBy(
            () =>
            {
                var cursor = default(OcbCursor);
                instance.Begin(nonce, ref cursor);
            },
            ("Ktop", ktop)));
    }

    /// <summary>CMAC's subkeys K1 = L·x and K2 = L·x^2, L = E_K(0) (SP 800-38B), which the one-shot derives on the
    /// stack.</summary>
    [OptimizedLibraryFact]
    public void Cmac_OneShotLeavesNoSubkey()
    {
        byte[] k1 = EncryptBlock(s_key, new byte[16]);
        ReferenceGf128.DoubleBigEndian(k1);
        byte[] k2 = k1.AsSpan().ToArray();
        ReferenceGf128.DoubleBigEndian(k2);

        using RijndaelCipher aes = KeyedCipher();
        byte[] message = TestRandom.Bytes(TestRandom.Create(97), 37), mac = new byte[16];
        Assert.Empty(StackResidue.LeftBy(
            () => BlockCipherCmac.TryHashData(aes, message, mac, out _), ("K1", k1), ("K2", k2)));
        using (var reference = new BlockCipherCmac(aes))
        {
            Assert.Equal(reference.ComputeHash(message), mac);
        }
    }

    /// <summary>Key wrap leaves no block that holds key bytes: the single block AIV | P of a padded wrap of at most
    /// eight bytes, both ways (RFC 5649), and the last block W^-1 decrypts, A | R[1], when unwrapping (RFC 3394). (When
    /// unwrapping, the copy into the destination and the wipe of the registers that follow reuse the memory of the
    /// block's frame on this JIT, so those two checks hold even without the block's own wipe.)</summary>
    [OptimizedLibraryFact]
    public void KeyWrap_LeavesNoBlockHoldingKeyBytes()
    {
        using RijndaelCipher aes = KeyedCipher();
        byte[] shortKey = Convert.FromHexString("c37b7e6492584340");
        byte[] aivAndKey = Convert.FromHexString("a65959a600000008c37b7e6492584340");
        byte[] wrapped = Array.Empty<byte>();
        Assert.Empty(StackResidue.LeftBy(() => wrapped = aes.EncryptKeyWrapPadded(shortKey), ("AIV | P", aivAndKey)));
        Assert.Empty(StackResidue.LeftBy(() => aes.DecryptKeyWrapPadded(wrapped), ("AIV | P", aivAndKey)));

        byte[] key = Convert.FromHexString("00112233445566778899aabbccddeeff");
        byte[] ivAndFirst = Convert.FromHexString("a6a6a6a6a6a6a6a60011223344556677");
        byte[] wrappedKey = aes.EncryptKeyWrap(key);
        Assert.Empty(StackResidue.LeftBy(() => aes.DecryptKeyWrap(wrappedKey), ("A | R[1]", ivAndFirst)));
    }

    /// <summary>XTS's encrypted tweak E_K2(i), for a data-unit number, a 16-byte tweak and a run of data units.</summary>
    [OptimizedLibraryFact]
    public void Xts_LeavesNoEncryptedTweak()
    {
        byte[] key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f" + "f0e0d0c0b0a090807060504030201000");
        byte[] tweakKey = key.AsSpan(16).ToArray();
        byte[] tweak = new byte[16];
        BinaryPrimitives.WriteUInt64LittleEndian(tweak, 0x1234_5678_9abc_def0);
        byte[] encryptedTweak = EncryptBlock(tweakKey, tweak);
        byte[] nextTweak = tweak.AsSpan().ToArray();
        nextTweak[0]++;
        byte[] nextEncryptedTweak = EncryptBlock(tweakKey, nextTweak);

        using var aes = RijndaelCipher.Create();
        using var xts = new BlockCipherXts(aes, key);
        byte[] source = TestRandom.Bytes(TestRandom.Create(96), 1024), destination = new byte[1024];
        Assert.Empty(StackResidue.LeftBy(
            () => xts.Encrypt(0x1234_5678_9abc_def0UL, source.AsSpan(0, 512), destination), ("E_K2(i)", encryptedTweak)));
        Assert.Empty(StackResidue.LeftBy(
            () => xts.Decrypt(tweak, source.AsSpan(0, 37), destination), ("E_K2(tweak)", encryptedTweak)));
        Assert.Empty(StackResidue.LeftBy(
            () => xts.EncryptDataUnits(0x1234_5678_9abc_def0UL, 512, source, destination),
            ("E_K2(i)", encryptedTweak), ("E_K2(i + 1)", nextEncryptedTweak)));
    }

    /// <summary>The CMAC key-derivation function leaves no derived block: of a 40-byte derivation in counter mode, the
    /// whole third block K(3), of which the caller receives 8 bytes.</summary>
    [OptimizedLibraryFact]
    public void Kdf_LeavesNoDerivedBlock()
    {
        // [3]₃₂ ‖ label ‖ 0x00 ‖ context (empty) ‖ [L]₃₂ with L = 320 bits: two whole blocks.
        byte[] label = TestRandom.Bytes(TestRandom.Create(98), 23);
        byte[] input = new byte[32];
        BinaryPrimitives.WriteUInt32BigEndian(input, 3);
        label.CopyTo(input, 4);
        BinaryPrimitives.WriteUInt32BigEndian(input.AsSpan(28), 320);
        byte[] thirdBlock = CmacOfWholeBlocks(input);

        using RijndaelCipher aes = KeyedCipher();
        using var kdf = new SP800108CmacKdf(aes);
        byte[] derived = new byte[40];
        Assert.Empty(StackResidue.LeftBy(() => kdf.DeriveKey(label, default, derived), ("K(3)", thirdBlock)));
        Assert.Equal(thirdBlock.AsSpan(0, 8).ToArray(), derived.AsSpan(32).ToArray());
    }

    /// <summary>CMAC (SP 800-38B) under <see cref="s_key"/> of a message of whole blocks, with the runtime's AES: the
    /// last block is masked with K1.</summary>
    private static byte[] CmacOfWholeBlocks(byte[] message)
    {
        byte[] k1 = EncryptBlock(s_key, new byte[16]);
        ReferenceGf128.DoubleBigEndian(k1);
        byte[] state = new byte[16];
        for (int offset = 0; offset < message.Length; offset += 16)
        {
            for (int i = 0; i < 16; i++)
            {
                state[i] ^= (byte)(message[offset + i] ^ (offset + 16 == message.Length ? k1[i] : 0));
            }

            state = EncryptBlock(s_key, state);
        }

        return state;
    }

    private static RijndaelCipher KeyedCipher()
    {
        RijndaelCipher cipher = RijndaelCipher.Create();
        cipher.Key = s_key;
        return cipher;
    }

    private static byte[] EncryptBlock(byte[] key, byte[] block)
    {
        using var aes = Aes.Create();
        aes.Key = key;
        return aes.EncryptEcb(block, PaddingMode.None);
    }
}
