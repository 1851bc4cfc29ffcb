// What Vectors/ocb means: RFC 7253 Appendix A, as SAMPLE lines (one OCB-AES encryption each) and ITERATED lines (the
// final tag of the appendix's iterated test for a key and tag length); format in the file's header. Plain C# shared
// by the xunit suite (every kernel) and the Mono runner (the portable ones).

using System;
using System.Collections.Generic;
using System.IO;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Vectors/ocb: <c>SAMPLE</c> lines (key, nonce, aad, pt, ct, tag; the tag length is the tag's) run both ways through
/// the public API, every AES kernel the caller passes, and the streaming API in two pieces; <c>ITERATED</c> lines
/// (keybits, tagbits, tag) run RFC 7253's iterated test through the public API and every AES kernel.
/// </summary>
internal sealed class OcbVectorChecks : VectorFamilyCheck
{
    private readonly IReadOnlyList<BlockCipherKernelEntry> _aesKernels;

    /// <param name="aesKernels">Every AES kernel entry to run (each is created at a 128-bit block).</param>
    public OcbVectorChecks(IReadOnlyList<BlockCipherKernelEntry> aesKernels)
        : base("ocb")
    {
        _aesKernels = aesKernels;
    }

    private IEnumerable<(string Name, Func<byte[], int, BlockCipherOcb> Create)> Implementations()
    {
        yield return ("public API", (key, tagBytes) =>
        {
            using var aes = RijndaelCipher.Create();
            aes.Key = key;
            return new BlockCipherOcb(aes, tagBytes);
        });
        foreach (BlockCipherKernelEntry entry in _aesKernels)
        {
            yield return (entry.Name, (key, tagBytes) => new BlockCipherOcb(entry.Create(key, 16), tagBytes, false));
        }
    }

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach (VectorRecord r in file.ReadTokenLines())
        {
            if (r.Tag == "ITERATED")
            {
                int keyBits = r.Int("keybits"), tagBits = r.Int("tagbits");
                byte[] expected = r.Bytes("tag");
                VectorCheck.True(expected.Length * 8 == tagBits, $"{r.Where}: tag length");
                foreach (var (name, create) in Implementations())
                {
                    byte[] actual = IteratedTest(create, keyBits, tagBits / 8);
                    VectorCheck.Equal(expected, actual, $"{r.Where} ({name})");
                }
            }
            else if (r.Tag == "SAMPLE")
            {
                byte[] key = r.Bytes("key"), nonce = r.Bytes("nonce"), aad = r.Bytes("aad"), pt = r.Bytes("pt");
                byte[] ct = r.Bytes("ct"), tag = r.Bytes("tag");
                foreach (var (name, create) in Implementations())
                {
                    string where = $"{r.Where} ({name})";
                    using BlockCipherOcb ocb = create(key, tag.Length);
                    byte[] output = new byte[pt.Length], outputTag = new byte[tag.Length];
                    ocb.Encrypt(nonce, pt, output, outputTag, aad);
                    VectorCheck.Equal(ct, output, $"{where}: ciphertext");
                    VectorCheck.Equal(tag, outputTag, $"{where}: tag");
                    ocb.Decrypt(nonce, ct, tag, output, aad);
                    VectorCheck.Equal(pt, output, $"{where}: decryption");

                    using BlockCipherOcbEncryptor encryptor = ocb.CreateEncryptor(nonce, aad);
                    int half = pt.Length / 2;
                    int written = encryptor.Encrypt(pt.AsSpan(0, half), output);
                    written += encryptor.Encrypt(pt.AsSpan(half), output.AsSpan(written));
                    written += encryptor.Finish(output.AsSpan(written), outputTag);
                    VectorCheck.True(written == pt.Length, $"{where}: streamed length");
                    VectorCheck.Equal(ct, output, $"{where}: streamed ciphertext");
                    VectorCheck.Equal(tag, outputTag, $"{where}: streamed tag");
                }
            }
            else
            {
                throw new VectorFormatException($"{r.Where}: expected SAMPLE or ITERATED");
            }

            count++;
        }

        return count;
    }

    /// <summary>RFC 7253 Appendix A's iterated test: the final tag for a key length and tag length.</summary>
    internal static byte[] IteratedTest(Func<byte[], int, BlockCipherOcb> create, int keyBits, int tagBytes)
    {
        byte[] key = new byte[keyBits / 8];
        key[key.Length - 1] = (byte)(8 * tagBytes);
        using BlockCipherOcb ocb = create(key, tagBytes);
        using var all = new MemoryStream();
        byte[] nonce = new byte[12];
        for (int i = 0; i < 128; i++)
        {
            byte[] s = new byte[i];
            Append(3 * i + 1, s, s);
            Append(3 * i + 2, Array.Empty<byte>(), s);
            Append(3 * i + 3, s, Array.Empty<byte>());
        }

        SetNonce(385);
        byte[] tag = new byte[tagBytes];
        ocb.Encrypt(nonce, Array.Empty<byte>(), Array.Empty<byte>(), tag, all.ToArray());
        return tag;

        void Append(int n, byte[] aad, byte[] plaintext)
        {
            SetNonce(n);
            byte[] ct = new byte[plaintext.Length], t = new byte[tagBytes];
            ocb.Encrypt(nonce, plaintext, ct, t, aad);
            all.Write(ct, 0, ct.Length);
            all.Write(t, 0, t.Length);
        }

        void SetNonce(int n)
        {
            nonce[10] = (byte)(n >> 8);
            nonce[11] = (byte)n;
        }
    }
}
