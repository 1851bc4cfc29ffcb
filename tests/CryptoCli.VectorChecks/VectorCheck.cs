// The assertions of the shared vector checks: no xunit here, so that the same checks run in the xunit suite (net10.0)
// and in the Mono runner (net48). A failure throws VectorCheckException whose message starts with "file:line".

using System;
using System.Collections.Generic;
using System.Linq;

namespace CryptoCli.VectorChecks;

/// <summary>A vector check that did not hold; the message is "file:line: what differed".</summary>
internal sealed class VectorCheckException : Exception
{
    public VectorCheckException(string message)
        : base(message)
    {
    }
}

/// <summary>The assertions the family checks use; each failure message names the vector ("file:line") and what differed.</summary>
internal static class VectorCheck
{
    public static void True(bool condition, string message)
    {
        if (!condition)
        {
            throw new VectorCheckException(message);
        }
    }

    public static void False(bool condition, string message) => True(!condition, message);

    public static void Equal(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string message)
    {
        if (!expected.SequenceEqual(actual))
        {
            throw new VectorCheckException($"{message}: expected {VectorFile.ToHex(expected)}, got {VectorFile.ToHex(actual)}");
        }
    }

    public static void AtLeast(int minimum, int actual, string what) =>
        True(actual >= minimum, $"only {actual} {what} were read, expected at least {minimum}");
}

/// <summary>
/// The checks of one family folder under Vectors/: <see cref="CheckFile"/> checks every vector of one file and returns
/// how many it checked (throwing on any mismatch); <see cref="CheckTotals"/> then applies the family-wide minimums, so
/// a file that silently lost its vectors is noticed. The xunit suite calls <see cref="CheckEveryFile"/>; the Mono
/// runner calls the two steps itself to report file by file. A check object counts, so use a fresh one per run.
/// </summary>
internal abstract class VectorFamilyCheck
{
    protected VectorFamilyCheck(string folder) => Folder = folder;

    /// <summary>The folder name under Vectors/.</summary>
    public string Folder { get; }

    public abstract int CheckFile(VectorFile file);

    public virtual void CheckTotals()
    {
    }

    /// <summary>Every file of the folder (each must yield a vector), then the totals; returns the vectors checked.</summary>
    public int CheckEveryFile()
    {
        int total = 0;
        foreach (VectorFile file in VectorFile.ReadFamily(Folder))
        {
            int count = CheckFile(file);
            VectorCheck.True(count > 0, $"{file.Name}: no vector checked");
            total += count;
        }

        CheckTotals();
        return total;
    }
}
