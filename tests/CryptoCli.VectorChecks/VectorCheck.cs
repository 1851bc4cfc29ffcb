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
}

/// <summary>
/// The checks of one family folder under Vectors/: <see cref="CheckFile"/> checks every vector of one file, whatever
/// its name, and returns how many it checked (throwing on any mismatch); <see cref="CheckCompleteFile"/> adds that
/// the count is the one the file declares in its header ("# vectors: N"). Nothing here knows how many files a
/// family has or how many vectors they hold: a new valid file in a family folder is checked with no code change,
/// and a file that lost vectors fails on its own declaration. The xunit suite calls <see cref="CheckEveryFile()"/>;
/// the Mono runner calls <see cref="CheckCompleteFile"/> file by file to report each.
/// </summary>
internal abstract class VectorFamilyCheck
{
    protected VectorFamilyCheck(string folder) => Folder = folder;

    /// <summary>The folder name under Vectors/.</summary>
    public string Folder { get; }

    /// <summary>Checks every vector of the file; returns how many it checked.</summary>
    public abstract int CheckFile(VectorFile file);

    /// <summary>Every vector of the file, then the count against the file's declaration; returns the count.</summary>
    public int CheckCompleteFile(VectorFile file)
    {
        int count = CheckFile(file);
        VectorCheck.True(count > 0, $"{file.Name}: no vector checked");
        VectorCheck.True(file.DeclaredCount is not null, $"{file.Name}: the header declares no vector count (a comment line '# {VectorFile.CountDeclaration} N')");
        VectorCheck.True(count == file.DeclaredCount, $"{file.Name}: {count} vectors checked, the header declares {file.DeclaredCount}");
        return count;
    }

    /// <summary>Every file of the family folder under Vectors/; returns the vectors checked.</summary>
    public int CheckEveryFile() => CheckEveryFile(VectorFile.FamilyDirectory(Folder));

    /// <summary>Every <c>*.txt</c> file of <paramref name="directory"/> (a copy of a family folder, in tests).</summary>
    public int CheckEveryFile(string directory)
    {
        int total = 0;
        foreach (VectorFile file in VectorFile.ReadFolder(directory))
        {
            total += CheckCompleteFile(file);
        }

        return total;
    }
}
