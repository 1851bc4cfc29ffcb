using System;

namespace CryptoCli.Fuzz;

/// <summary>
/// A target's own check failed (a round trip, a differential comparison, an unwritten destination): an exception type
/// no API documents, so the fuzzer records the input as a crash.
/// </summary>
internal sealed class FuzzFindingException : Exception
{
    public FuzzFindingException()
    {
    }

    public FuzzFindingException(string message)
        : base(message)
    {
    }

    public FuzzFindingException(string message, Exception innerException)
        : base(message, innerException)
    {
    }

    public static void Check(bool condition, string what)
    {
        if (!condition)
        {
            throw new FuzzFindingException(what);
        }
    }
}
