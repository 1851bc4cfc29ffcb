// The vector-file readers of the xunit suite (tests/CryptoCli.Tests/Infrastructure/VectorFile.cs), with the same
// rules, written for net48 (no Convert.FromHexString, Dictionary.TryAdd or string.StartsWith(char) there).

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;

namespace CryptoCli.MonoRunner;

/// <summary>
/// One vector file: its non-comment lines (blank lines kept as record separators). A line that does not parse, or a
/// file that yields no vector, throws <see cref="VectorFormatException"/> with the file and line named.
/// </summary>
internal sealed class VectorFile
{
    private VectorFile(string path, IReadOnlyList<VectorLine> lines)
    {
        Path = path;
        Name = System.IO.Path.GetFileName(path);
        Lines = lines;
    }

    public string Path { get; }

    public string Name { get; }

    public IReadOnlyList<VectorLine> Lines { get; }

    public static VectorFile Read(string path)
    {
        var lines = new List<VectorLine>();
        int number = 0;
        foreach (string raw in File.ReadLines(path))
        {
            number++;
            string text = raw.Trim();
            if (!text.StartsWith("#", StringComparison.Ordinal))
            {
                lines.Add(new VectorLine(number, text));
            }
        }

        return new VectorFile(path, lines);
    }

    /// <summary><c>NAME = value</c> lines grouped into records by blank lines; a trailing " # remark" is dropped.</summary>
    public IReadOnlyList<VectorRecord> ReadBlocks()
    {
        var records = new List<VectorRecord>();
        Dictionary<string, string>? fields = null;
        int start = 0;
        foreach (VectorLine line in Lines)
        {
            if (line.Text.Length == 0)
            {
                Flush();
                continue;
            }

            int equals = line.Text.IndexOf('=');
            if (equals <= 0)
            {
                throw Error(line, "expected NAME = value");
            }

            if (fields is null)
            {
                fields = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
                start = line.Number;
            }

            string name = line.Text.Substring(0, equals).Trim();
            string value = line.Text.Substring(equals + 1);
            int comment = value.IndexOf(" #", StringComparison.Ordinal);
            if (comment >= 0)
            {
                value = value.Substring(0, comment);
            }

            if (fields.ContainsKey(name))
            {
                throw Error(line, $"field {name} given twice in one record");
            }

            fields.Add(name, value.Trim());
        }

        Flush();
        return RequireSome(records);

        void Flush()
        {
            if (fields is not null)
            {
                records.Add(new VectorRecord(this, start, null, fields));
                fields = null;
            }
        }
    }

    /// <summary>One record a line of <c>name=value</c> tokens, optionally led by a tag token without '='.</summary>
    public IReadOnlyList<VectorRecord> ReadTokenLines()
    {
        var records = new List<VectorRecord>();
        foreach (VectorLine line in Lines)
        {
            if (line.Text.Length == 0)
            {
                continue;
            }

            string[] tokens = line.Text.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries);
            string? tag = null;
            var fields = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
            for (int i = 0; i < tokens.Length; i++)
            {
                int equals = tokens[i].IndexOf('=');
                if (equals < 0)
                {
                    if (i != 0)
                    {
                        throw Error(line, $"token '{tokens[i]}' is not name=value");
                    }

                    tag = tokens[i];
                    continue;
                }

                string name = tokens[i].Substring(0, equals);
                if (equals == 0 || fields.ContainsKey(name))
                {
                    throw Error(line, $"bad or repeated token '{tokens[i]}'");
                }

                fields.Add(name, tokens[i].Substring(equals + 1));
            }

            records.Add(new VectorRecord(this, line.Number, tag, fields));
        }

        return RequireSome(records);
    }

    /// <summary>Whitespace-separated columns, exactly <paramref name="columnCount"/> per line.</summary>
    public IReadOnlyList<(VectorLine Line, string[] Columns)> ReadColumns(int columnCount)
    {
        var rows = new List<(VectorLine, string[])>();
        foreach (VectorLine line in Lines)
        {
            if (line.Text.Length == 0)
            {
                continue;
            }

            string[] columns = line.Text.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries);
            if (columns.Length != columnCount)
            {
                throw Error(line, $"expected {columnCount} columns, found {columns.Length}");
            }

            rows.Add((line, columns));
        }

        if (rows.Count == 0)
        {
            throw new VectorFormatException($"{Name}: no vector found");
        }

        return rows;
    }

    public VectorFormatException Error(VectorLine line, string message) => new($"{Name}:{line.Number}: {message}: '{line.Text}'");

    private IReadOnlyList<VectorRecord> RequireSome(List<VectorRecord> records) =>
        records.Count != 0 ? records : throw new VectorFormatException($"{Name}: no vector found");

    /// <summary>Hex to bytes (either case); throws <see cref="FormatException"/> on odd length or a non-hex digit.</summary>
    public static byte[] Hex(string text)
    {
        if (text.Length % 2 != 0)
        {
            throw new FormatException("odd-length hex");
        }

        byte[] bytes = new byte[text.Length / 2];
        for (int i = 0; i < bytes.Length; i++)
        {
            bytes[i] = (byte)((Nibble(text[2 * i]) << 4) | Nibble(text[2 * i + 1]));
        }

        return bytes;

        static int Nibble(char c) => c switch
        {
            >= '0' and <= '9' => c - '0',
            >= 'a' and <= 'f' => c - 'a' + 10,
            >= 'A' and <= 'F' => c - 'A' + 10,
            _ => throw new FormatException($"'{c}' is not a hex digit"),
        };
    }

    public static string ToHex(ReadOnlySpan<byte> bytes)
    {
        var text = new System.Text.StringBuilder(2 * bytes.Length);
        foreach (byte b in bytes)
        {
            text.Append(b.ToString("x2", CultureInfo.InvariantCulture));
        }

        return text.ToString();
    }
}

internal readonly struct VectorLine
{
    public VectorLine(int number, string text)
    {
        Number = number;
        Text = text;
    }

    public int Number { get; }

    public string Text { get; }
}

/// <summary>One vector: named fields, the file and line it starts on, and the tag of token lines.</summary>
internal sealed class VectorRecord
{
    private readonly Dictionary<string, string> _fields;

    public VectorRecord(VectorFile file, int line, string? tag, Dictionary<string, string> fields)
    {
        File = file;
        Line = line;
        Tag = tag;
        _fields = fields;
    }

    public VectorFile File { get; }

    public int Line { get; }

    public string? Tag { get; }

    public bool Has(string name) => _fields.ContainsKey(name);

    public string Text(string name) =>
        _fields.TryGetValue(name, out string? value) ? value : throw new VectorFormatException($"{Where}: field {name} is missing");

    public byte[] Bytes(string name)
    {
        string text = Text(name);
        try
        {
            return VectorFile.Hex(text);
        }
        catch (FormatException)
        {
            throw new VectorFormatException($"{Where}: field {name} is not hex");
        }
    }

    public int Int(string name) =>
        int.TryParse(Text(name), NumberStyles.Integer, CultureInfo.InvariantCulture, out int value)
            ? value
            : throw new VectorFormatException($"{Where}: field {name} is not an integer");

    /// <summary>"file:line", for failure messages.</summary>
    public string Where => $"{File.Name}:{Line}";
}

internal sealed class VectorFormatException : Exception
{
    public VectorFormatException(string message)
        : base(message)
    {
    }
}

/// <summary>A check that did not hold (the runner's counterpart of an xunit assertion failure).</summary>
internal sealed class CheckFailedException : Exception
{
    public CheckFailedException(string message)
        : base(message)
    {
    }
}

/// <summary>The assertions the family checks use; each failure names the vector ("file:line") and what differed.</summary>
internal static class Check
{
    public static void True(bool condition, string message)
    {
        if (!condition)
        {
            throw new CheckFailedException(message);
        }
    }

    public static void False(bool condition, string message) => True(!condition, message);

    public static void Equal(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string message)
    {
        if (!expected.SequenceEqual(actual))
        {
            throw new CheckFailedException($"{message}: expected {VectorFile.ToHex(expected)}, got {VectorFile.ToHex(actual)}");
        }
    }

    public static void AtLeast(int minimum, int actual, string what) =>
        True(actual >= minimum, $"only {actual} {what} were read, expected at least {minimum}");
}
