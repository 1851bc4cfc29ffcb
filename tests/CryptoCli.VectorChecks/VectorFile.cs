// The reader of the published vector files under Vectors/<family>/ (formats: Vectors/SOURCES.md and each file's
// header), shared by the xunit suite (net10.0) and the Mono runner (net48): plain C# that compiles on both, so there is no
// Convert.FromHexString or Dictionary.TryAdd here (StringPolyfills.cs gives net48 string.StartsWith(char)).

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Reads the published vector files copied under <c>Vectors/&lt;family&gt;/</c>. Every <c>*.txt</c> file of a family
/// folder is read, so adding a file in a known format adds cases with no code change. Each file declares in a
/// comment line <c># vectors: N</c> how many vectors it holds, so a file that lost vectors is noticed by itself
/// (<see cref="VectorFamilyCheck.CheckCompleteFile"/>). A line that does not parse, or a file that yields no vector,
/// throws <see cref="VectorFormatException"/> with the file and line named.
/// </summary>
internal sealed class VectorFile
{
    /// <summary>The comment that declares a file's vector count, as in "# vectors: 3840".</summary>
    public const string CountDeclaration = "vectors:";

    private VectorFile(string path, IReadOnlyList<VectorLine> lines, int? declaredCount)
    {
        Path = path;
        Name = System.IO.Path.GetFileName(path);
        Lines = lines;
        DeclaredCount = declaredCount;
    }

    public string Path { get; }

    public string Name { get; }

    /// <summary>The non-comment lines, with their 1-based line numbers; blank lines are kept as separators.</summary>
    public IReadOnlyList<VectorLine> Lines { get; }

    /// <summary>The vector count the file declares ("# vectors: N"), or null when it declares none.</summary>
    public int? DeclaredCount { get; }

    public static string FamilyDirectory(string family) =>
        System.IO.Path.Combine(AppContext.BaseDirectory, "Vectors", family);

    /// <summary>Every <c>*.txt</c> file of the family's folder under Vectors/, in name order; fails when there is none.</summary>
    public static IReadOnlyList<VectorFile> ReadFamily(string family) => ReadFolder(FamilyDirectory(family));

    /// <summary>Every <c>*.txt</c> file of a folder, in name order; fails when there is none.</summary>
    public static IReadOnlyList<VectorFile> ReadFolder(string directory)
    {
        if (!Directory.Exists(directory))
        {
            throw new VectorFormatException($"vector folder {directory} is missing");
        }

        string[] paths = Directory.GetFiles(directory, "*.txt").OrderBy(p => p, StringComparer.Ordinal).ToArray();
        if (paths.Length == 0)
        {
            throw new VectorFormatException($"vector folder {directory} has no *.txt file");
        }

        return paths.Select(Read).ToArray();
    }

    public static VectorFile Read(string path)
    {
        var lines = new List<VectorLine>();
        int? declaredCount = null;
        int number = 0;
        foreach (string raw in File.ReadLines(path))
        {
            number++;
            string text = raw.Trim();
            if (!text.StartsWith('#'))
            {
                lines.Add(new VectorLine(number, text));
                continue;
            }

            string comment = text.TrimStart('#').Trim();
            if (comment.StartsWith(CountDeclaration, StringComparison.OrdinalIgnoreCase))
            {
                string where = $"{System.IO.Path.GetFileName(path)}:{number}";
                if (declaredCount is not null)
                {
                    throw new VectorFormatException($"{where}: the vector count is declared twice");
                }

                string value = comment.Substring(CountDeclaration.Length).Trim();
                declaredCount = int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out int count) && count > 0
                    ? count
                    : throw new VectorFormatException($"{where}: '# {CountDeclaration} N' needs a positive whole number, found '{value}'");
            }
        }

        return new VectorFile(path, lines, declaredCount);
    }

    /// <summary>
    /// <c>NAME = value</c> lines grouped into records by blank lines (aes.txt, camellia.txt, ecdsa-p192.txt); a
    /// trailing " # remark" is dropped, as in "ITERATIONS = 1000   # ...".
    /// </summary>
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

    /// <summary>
    /// One record a line of <c>name=value</c> tokens, optionally led by a tag token without '='
    /// (CRYPTREC ciphers and MUGI: OFFICIAL, THIRDPARTY, EXTRA, MC; Luffa and Haraka: no tag).
    /// </summary>
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

    /// <summary>Whitespace-separated columns, a fixed count per line (NTT Camellia, CAVP, Wycheproof).</summary>
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

    /// <summary>"file:line" of a line of this file, for failure messages.</summary>
    public string Where(VectorLine line) => $"{Name}:{line.Number}";

    public VectorFormatException Error(VectorLine line, string message) => new($"{Name}:{line.Number}: {message}: '{line.Text}'");

    private IReadOnlyList<VectorRecord> RequireSome(List<VectorRecord> records) =>
        records.Count != 0 ? records : throw new VectorFormatException($"{Name}: no vector found");

    /// <summary>Hex to bytes (either case, "" is empty); throws <see cref="FormatException"/> on odd length or a non-hex digit.</summary>
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

    /// <summary>Bytes to lower-case hex, for failure messages.</summary>
    public static string ToHex(ReadOnlySpan<byte> bytes)
    {
        var text = new StringBuilder(2 * bytes.Length);
        foreach (byte b in bytes)
        {
            text.Append(b.ToString("x2", CultureInfo.InvariantCulture));
        }

        return text.ToString();
    }
}

/// <summary>One line of a vector file: its 1-based number and its trimmed text.</summary>
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

    public IEnumerable<string> FieldNames => _fields.Keys;

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

    public byte[]? OptionalBytes(string name) => Has(name) ? Bytes(name) : null;

    public int Int(string name) =>
        int.TryParse(Text(name), NumberStyles.Integer, CultureInfo.InvariantCulture, out int value)
            ? value
            : throw new VectorFormatException($"{Where}: field {name} is not an integer");

    /// <summary>"file:line", for failure messages.</summary>
    public string Where => $"{File.Name}:{Line}";

    public override string ToString() => Where;
}

/// <summary>A vector file that does not parse (or has no vector): the message names the file and line.</summary>
internal sealed class VectorFormatException : Exception
{
    public VectorFormatException(string message)
        : base(message)
    {
    }
}
