using System;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The modes leave neither plaintext nor keystream on the stack: the padded last block of a one-shot encryption, and
/// the E_K(R) blocks of CFB with a segment shorter than the block, of which one segment each is used and no ciphertext
/// reveals the rest. Each is worked out here with the runtime's AES and searched for in the stack memory the call used
/// (<see cref="StackResidue"/>), as <see cref="AuthenticatedWipingTests"/> does for the authenticated modes.
/// </summary>
[Collection(StackScanGroup.Name)]
public class ModeWipingTests
{
    [OptimizedLibraryFact]
    public void PaddedEncryption_LeavesNoPaddedLastBlock()
    {
        byte[] key = TestRandom.Bytes(TestRandom.Create(123), 16), iv = TestRandom.Bytes(TestRandom.Create(124), 16);
        byte[] plaintext = TestRandom.Bytes(TestRandom.Create(125), 37);
        byte[] lastBlock = new byte[16];
        plaintext.AsSpan(32).CopyTo(lastBlock);
        lastBlock.AsSpan(5).Fill(11);
        byte[] expected;
        using (var aes = Aes.Create())
        {
            aes.Key = key;
            expected = aes.EncryptCbc(plaintext, iv, PaddingMode.PKCS7);
        }

        using var cipher = new RijndaelCipher();
        cipher.Key = key;
        byte[] ciphertext = Array.Empty<byte>();
        Assert.Empty(StackResidue.LeftBy(
            () => ciphertext = cipher.EncryptCbc(plaintext, iv, PaddingMode.PKCS7), ("P_n | padding", lastBlock)));
        Assert.Equal(expected, ciphertext);
    }

    [OptimizedLibraryFact]
    public void Cfb8_LeavesNoKeystreamBlock()
    {
        byte[] key = TestRandom.Bytes(TestRandom.Create(120), 16), iv = TestRandom.Bytes(TestRandom.Create(121), 16);
        byte[] plaintext = TestRandom.Bytes(TestRandom.Create(122), 37);
        byte[] expected, lastKeystream;
        using (var aes = Aes.Create())
        {
            aes.Key = key;
            expected = aes.EncryptCfb(plaintext, iv, PaddingMode.None, 8);
            // The shift register before the last byte: the last 16 bytes of IV || C without the last byte.
            byte[] stream = new byte[16 + plaintext.Length];
            iv.CopyTo(stream, 0);
            expected.CopyTo(stream, 16);
            lastKeystream = aes.EncryptEcb(stream.AsSpan(plaintext.Length - 1, 16), PaddingMode.None);
        }

        using var cipher = new RijndaelCipher();
        cipher.Key = key;
        byte[] ciphertext = Array.Empty<byte>(), decrypted = Array.Empty<byte>();
        Assert.Empty(StackResidue.LeftBy(
            () => ciphertext = cipher.EncryptCfb(plaintext, iv, PaddingMode.None, 8), ("E_K(R)", lastKeystream)));
        Assert.Equal(expected, ciphertext);
        Assert.Empty(StackResidue.LeftBy(
            () => decrypted = cipher.DecryptCfb(ciphertext, iv, PaddingMode.None, 8), ("E_K(R)", lastKeystream)));
        Assert.Equal(plaintext, decrypted);
    }
}
