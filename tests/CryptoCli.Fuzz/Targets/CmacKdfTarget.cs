using System;

namespace CryptoCli.Fuzz;

/// <summary>
/// SP800108CmacKdf (counter and feedback modes) with arbitrary labels, contexts, IVs and output lengths, negative and
/// zero included. Input: cipher, key size, key, operation, signed 16-bit length, label, context, IV
/// (length-prefixed). Documented: ArgumentException (a length out of range, an IV of the wrong length). Checked: the
/// array, span and static forms give the same bytes.
/// </summary>
internal static class CmacKdfTarget
{
    public static void Run(ReadOnlySpan<byte> data)
    {
        var input = new FuzzInput(data);
        using BlockCipherAlgorithm cipher = FuzzCiphers.CreateKeyed(ref input);
        byte op = input.Byte();
        int length = (short)input.UInt16() % 4096;
        byte[] label = input.Prefixed().ToArray();
        byte[] context = input.Prefixed().ToArray();
        byte[] iv = input.Prefixed().ToArray();
        using var kdf = new SP800108CmacKdf(cipher);
        try
        {
            if ((op & 1) == 0)
            {
                byte[] a = kdf.DeriveKey(label, context, length);
                byte[] b = new byte[length];
                kdf.DeriveKey(label.AsSpan(), context.AsSpan(), b);
                byte[] c = SP800108CmacKdf.DeriveBytes(cipher, label, context, length);
                FuzzFindingException.Check(a.AsSpan().SequenceEqual(b) && a.AsSpan().SequenceEqual(c), "forms differ");
            }
            else
            {
                bool includeCounter = (op & 2) != 0;
                byte[] a = kdf.DeriveKeyFeedback(iv, label, context, length, includeCounter);
                byte[] b = new byte[length];
                SP800108CmacKdf.DeriveBytesFeedback(cipher, iv, label, context, b, includeCounter);
                FuzzFindingException.Check(a.AsSpan().SequenceEqual(b), "feedback forms differ");
            }
        }
        catch (ArgumentException)
        {
        }
    }
}
