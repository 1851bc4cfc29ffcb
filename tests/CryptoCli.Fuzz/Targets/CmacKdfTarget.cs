using System;

namespace CryptoCli.Fuzz;

/// <summary>
/// SP800108CmacKdf (counter, feedback and double-pipeline modes) with arbitrary labels, contexts, IVs and output
/// lengths, negative and zero included, and, when the operation's bit 2 is set, the fixed-input forms with an arbitrary
/// counter width and location. Input: cipher, key size, key, operation, signed 16-bit length, label, context, IV
/// (length-prefixed), then counter width and location (one byte each). Documented: ArgumentException (a length, a
/// counter width or a location out of range). Checked: the array, span and static forms give the same bytes; a
/// location and the fixed input in two parts agree; a 32-bit counter before the fixed input gives the bytes of the
/// forms without a location; double-pipeline mode's label-and-context form is its fixed-input form over the encoding.
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

        if ((op & 4) != 0)
        {
            FixedInputForms(kdf, op, Math.Abs(length), label, context, iv, input.Byte(), (sbyte)input.Byte());
        }
    }

    private static void FixedInputForms(
        SP800108CmacKdf kdf, byte op, int length, byte[] label, byte[] context, byte[] iv, int bits, int location)
    {
        var where = (SP800108CounterLocation)location;
        bool plain = bits == 32 && where == SP800108CounterLocation.BeforeFixedInput;
        byte[] a = new byte[length], b = new byte[length];
        try
        {
            switch ((op >> 3) % 3)
            {
                case 0:
                    kdf.DeriveKeyFromFixedInput(label, a, where, bits);
                    if (where == SP800108CounterLocation.AfterFixedInput)
                    {
                        kdf.DeriveKeyFromFixedInput(label, default, b, bits);
                    }
                    else
                    {
                        kdf.DeriveKeyFromFixedInput(default, label, b, bits);
                    }

                    FuzzFindingException.Check(a.AsSpan().SequenceEqual(b), "counter location and parts differ");
                    kdf.DeriveKeyFromFixedInput(label, context, b, bits);
                    if (plain)
                    {
                        kdf.DeriveKeyFromFixedInput(label, b);
                        FuzzFindingException.Check(a.AsSpan().SequenceEqual(b), "counter forms differ");
                    }

                    break;
                case 1:
                    kdf.DeriveKeyFeedbackFromFixedInput(iv, label, a, where, bits);
                    if (plain)
                    {
                        kdf.DeriveKeyFeedbackFromFixedInput(iv, label, b);
                        FuzzFindingException.Check(a.AsSpan().SequenceEqual(b), "feedback forms differ");
                    }

                    break;
                default:
                    kdf.DeriveKeyDoublePipelineFromFixedInput(label, a, where, bits);
                    if (plain)
                    {
                        kdf.DeriveKeyDoublePipelineFromFixedInput(label, b);
                        FuzzFindingException.Check(a.AsSpan().SequenceEqual(b), "double-pipeline forms differ");
                    }

                    byte[] encoded = new byte[label.Length + 1 + context.Length + 4];
                    label.CopyTo(encoded, 0);
                    context.CopyTo(encoded, label.Length + 1);
                    uint bitLength = (uint)length * 8;
                    for (int i = 0; i < 4; i++)
                    {
                        encoded[encoded.Length - 1 - i] = (byte)(bitLength >> (8 * i));
                    }

                    kdf.DeriveKeyDoublePipelineFromFixedInput(encoded, a, (op & 2) != 0);
                    byte[] c = kdf.DeriveKeyDoublePipeline(label, context, length, (op & 2) != 0);
                    FuzzFindingException.Check(a.AsSpan().SequenceEqual(c), "double-pipeline encoding differs");
                    break;
            }
        }
        catch (ArgumentException)
        {
        }
    }
}
