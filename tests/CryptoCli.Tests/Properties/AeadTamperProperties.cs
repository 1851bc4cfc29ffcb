using System;
using System.Security.Cryptography;
using CsCheck;
using Xunit;

namespace CryptoCli.Tests.Properties;

/// <summary>
/// Property: one flipped bit anywhere in an AEAD message (ciphertext, tag, nonce or associated data) of GCM, CCM or
/// OCB is rejected with <see cref="AuthenticationTagMismatchException"/>, and the destination is left zeroed.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class AeadTamperProperties
{
    public enum Aead
    {
        Gcm,
        Ccm,
        Ocb,
    }

    public enum Field
    {
        Ciphertext,
        Tag,
        Nonce,
        AssociatedData,
    }

    public sealed record TamperCase(Aead Aead, int Cipher, byte[] Key, byte[] Nonce, byte[] AssociatedData,
        byte[] Plaintext, Field Field, int Bit)
    {
        public override string ToString() =>
            $"{Aead} over {PropertyRuns.CipherNames[Cipher]}, flip bit {Bit} of the {Field}, key " +
            $"{PropertyRuns.Hex(Key)}, nonce {PropertyRuns.Hex(Nonce)}, AAD {PropertyRuns.Hex(AssociatedData)}, " +
            $"plaintext ({Plaintext.Length}) {PropertyRuns.Hex(Plaintext)}";
    }

    private static readonly Gen<TamperCase> s_cases =
        from aead in Gen.OneOf(Aead.Gcm, Aead.Ccm, Aead.Ocb)
        from cipher in Gen.Int[0, PropertyRuns.CipherNames.Length - 1]
        from key in PropertyRuns.Key
        from nonce in aead switch
        {
            Aead.Gcm => Gen.OneOf<byte[]>(Gen.Byte.Array[12], Gen.Byte.Array[1, 24]),
            Aead.Ccm => Gen.Byte.Array[7, 13],
            _ => Gen.Byte.Array[1, 15],
        }
        from aad in Gen.Byte.Array[0, 40]
        from plaintext in Gen.Byte.Array[0, 80]
        from field in Gen.OneOf(Field.Ciphertext, Field.Tag, Field.Nonce, Field.AssociatedData)
        from bit in Gen.Int[0, 8 * 80 - 1]
        select new TamperCase(aead, cipher, key, nonce, aad, plaintext, field, bit);

    [Fact]
    public void AFlippedBitIsRejectedAndTheDestinationZeroed() =>
        PropertyRuns.Sample(s_cases, Check, 300, c => c.ToString());

    private static void Check(TamperCase c)
    {
        using BlockCipherAlgorithm cipher = PropertyRuns.CreateCipher(c.Cipher, 128, c.Key);
        byte[] ciphertext = new byte[c.Plaintext.Length];
        byte[] tag = new byte[16];
        Encrypt(c, cipher, c.Nonce, c.Plaintext, ciphertext, tag, c.AssociatedData);

        byte[] plaintext = new byte[ciphertext.Length];
        Decrypt(c, cipher, c.Nonce, ciphertext, tag, plaintext, c.AssociatedData);
        PropertyRuns.Equal(c.Plaintext, plaintext, "untampered decryption");

        // The field to tamper with; an empty one (no text, no associated data) falls back to the tag.
        byte[] nonce = (byte[])c.Nonce.Clone();
        byte[] aad = (byte[])c.AssociatedData.Clone();
        byte[] target = c.Field switch
        {
            Field.Ciphertext => ciphertext,
            Field.Nonce => nonce,
            Field.AssociatedData => aad,
            _ => tag,
        };
        if (target.Length == 0)
        {
            target = tag;
        }

        int bit = c.Bit % (8 * target.Length);
        target[bit / 8] ^= (byte)(1 << (bit % 8));
        Array.Fill(plaintext, (byte)0xA5);
        Assert.Throws<AuthenticationTagMismatchException>(
            () => Decrypt(c, cipher, nonce, ciphertext, tag, plaintext, aad));
        Assert.All(plaintext, b => Assert.Equal(0, b));
    }

    private static void Encrypt(TamperCase c, BlockCipherAlgorithm cipher, byte[] nonce, byte[] plaintext,
        byte[] ciphertext, byte[] tag, byte[] aad)
    {
        switch (c.Aead)
        {
            case Aead.Gcm:
                using (var gcm = new BlockCipherGcm(cipher))
                {
                    gcm.Encrypt(nonce, plaintext, ciphertext, tag, aad);
                }

                break;
            case Aead.Ccm:
                using (var ccm = new BlockCipherCcm(cipher))
                {
                    ccm.Encrypt(nonce, plaintext, ciphertext, tag, aad);
                }

                break;
            default:
                using (var ocb = new BlockCipherOcb(cipher))
                {
                    ocb.Encrypt(nonce, plaintext, ciphertext, tag, aad);
                }

                break;
        }
    }

    private static void Decrypt(TamperCase c, BlockCipherAlgorithm cipher, byte[] nonce, byte[] ciphertext,
        byte[] tag, byte[] plaintext, byte[] aad)
    {
        switch (c.Aead)
        {
            case Aead.Gcm:
                using (var gcm = new BlockCipherGcm(cipher))
                {
                    gcm.Decrypt(nonce, ciphertext, tag, plaintext, aad);
                }

                break;
            case Aead.Ccm:
                using (var ccm = new BlockCipherCcm(cipher))
                {
                    ccm.Decrypt(nonce, ciphertext, tag, plaintext, aad);
                }

                break;
            default:
                using (var ocb = new BlockCipherOcb(cipher))
                {
                    ocb.Decrypt(nonce, ciphertext, tag, plaintext, aad);
                }

                break;
        }
    }
}
