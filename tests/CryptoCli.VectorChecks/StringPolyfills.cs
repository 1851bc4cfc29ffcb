// string.StartsWith(char) and string.EndsWith(char) for net48 (the Mono runner), so the shared checks can use the
// char overloads that the .NET analyzers ask for (CA1865); on .NET the instance methods are chosen instead.

#if !NET
namespace CryptoCli.VectorChecks;

internal static class StringPolyfills
{
    public static bool StartsWith(this string text, char value) => text.Length != 0 && text[0] == value;

    public static bool EndsWith(this string text, char value) => text.Length != 0 && text[text.Length - 1] == value;
}
#endif
