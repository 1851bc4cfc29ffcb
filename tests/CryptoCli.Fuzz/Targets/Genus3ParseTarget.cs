using System;
using System.Security.Cryptography;
using System.Text;

namespace CryptoCli.Fuzz;

/// <summary>
/// Genus3Divisor.Parse on arbitrary text (the input as UTF-8). Documented: FormatException, CryptographicException.
/// Checked: a parsed divisor prints to text that parses back to the same divisor.
/// </summary>
internal static class Genus3ParseTarget
{
    private static readonly UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: false);

    public static void Run(ReadOnlySpan<byte> data)
    {
        string text = Utf8.GetString(data);
        Genus3Divisor divisor;
        try
        {
            divisor = Genus3Divisor.Parse(text);
        }
        catch (FormatException)
        {
            return;
        }
        catch (CryptographicException)
        {
            return;
        }

        FuzzFindingException.Check(Genus3Divisor.Parse(divisor.ToString()) == divisor, "divisor does not round-trip");
    }
}
