using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// An architecture test over the portable source of src/CryptoCli (every file but *.X86.cs, *.Arm.cs, *.Vector.cs:
/// what netstandard2.0 users on Mono, PowerPC or ARM run): no code may read byte data as wider integers in host
/// order. Word loads and stores go through ByteOrder (hot loops) or span-based BinaryPrimitives; the few places
/// where byte order provably does not matter are listed in <see cref="Allowlist"/> with the reason.
/// </summary>
public class PortableSourceTests
{
    /// <summary>Patterns that read or write memory in host byte order, or ask what that order is.</summary>
    private static readonly (string Name, Regex Pattern)[] Forbidden =
    {
        ("MemoryMarshal reinterpretation", new Regex(@"MemoryMarshal\.(Cast|Read|Write|TryRead|TryWrite|AsBytes|AsRef|CreateSpan|CreateReadOnlySpan)\b")),
        ("Unsafe reinterpretation", new Regex(@"Unsafe\.(ReadUnaligned|WriteUnaligned|Read|Write|As|AsRef|CopyBlock|CopyBlockUnaligned|InitBlock|InitBlockUnaligned)\b")),
        ("BitConverter (host byte order)", new Regex(@"\bBitConverter\b")),
        ("IsLittleEndian", new Regex(@"\bIsLittleEndian\b")),
        ("ReverseEndianness", new Regex(@"\bReverseEndianness\b")),
        ("pointer cast to a wider integer", new Regex(@"\(\s*(u?short|u?int|u?long|nu?int|U?Int(16|32|64))\s*\*\s*\)")),
    };

    /// <summary>(file relative to src/CryptoCli or "*", pattern the line must match, why byte order does not matter).</summary>
    private static readonly (string File, Regex Line, string Reason)[] Allowlist =
    {
        ("Internal/ByteOrder.cs", new Regex(".*"),
            "the one place that knows the host's byte order; its explicit forms are tested against BinaryPrimitives"),
        ("*", new Regex(@"CryptographicOperations\.ZeroMemory\(MemoryMarshal\.AsBytes\("),
            "wiping: every byte becomes zero, whatever the byte order"),
        ("Internal/SpanHelpers.cs", new Regex(@"Unsafe\.(ReadUnaligned<ulong>|WriteUnaligned)\(ref Unsafe\.Add\(ref (l|r|d), i\)"),
            "SpanHelpers.Xor XORs 8 bytes at a time: XOR is byte-wise, so loading and storing in the same host order is exact"),
        ("*", new Regex(@"Unsafe\.CopyBlockUnaligned\("),
            "a byte-for-byte copy (memmove): the same bytes land in the same order, whatever the host's byte order"),
        ("Authenticated/BlockCipherOcb.cs", new Regex(@"= BinaryPrimitives\.ReverseEndianness\((hi|lo|o0|o1)\);"),
            "OCB's L table and offsets: a big-endian word (read with BinaryPrimitives) swapped as a value into the word the table holds, bytes read little-endian: the same on every host"),
        ("Authenticated/BlockCipherOcb.cs", new Regex(@"Vector128\.Create\(BinaryPrimitives\.ReverseEndianness\(hi\), BinaryPrimitives\.ReverseEndianness\(lo\)\)"),
            "the same two table words stored as one vector of two ulongs: element 0 at the lower address, each in the host's order, as the two array stores"),
        ("PublicKey/Ecdsa/P192Curve.cs", new Regex(@"Unsafe\.As<P192AffinePoint, ulong>"),
            "a struct of ulong fields viewed as its ulongs (net10.0 Vector256 table select): no byte data involved"),
    };

    [Fact]
    public void PortableSource_HasNoHostOrderWordAccess()
    {
        string library = Path.Combine(RepositoryRoot.Find(), "src", "CryptoCli");
        List<string> files = Directory.EnumerateFiles(library, "*.cs", SearchOption.AllDirectories)
            .Select(path => Path.GetRelativePath(library, path).Replace('\\', '/'))
            .Where(path => !path.StartsWith("bin/", StringComparison.Ordinal) && !path.StartsWith("obj/", StringComparison.Ordinal))
            .Where(path => !path.EndsWith(".X86.cs", StringComparison.Ordinal) && !path.EndsWith(".Arm.cs", StringComparison.Ordinal) && !path.EndsWith(".Vector.cs", StringComparison.Ordinal))
            .OrderBy(path => path, StringComparer.Ordinal)
            .ToList();
        Assert.True(files.Count > 50, $"only {files.Count} portable files found under {library}: is the scan looking in the right place?");
        Assert.Contains("Internal/ByteOrder.cs", files);

        var violations = new List<string>();
        var allowlistUses = new int[Allowlist.Length];
        foreach (string file in files)
        {
            string[] lines = File.ReadAllLines(Path.Combine(library, file));
            for (int i = 0; i < lines.Length; i++)
            {
                string code = WithoutComment(lines[i]);
                foreach ((string name, Regex pattern) in Forbidden)
                {
                    if (!pattern.IsMatch(code))
                    {
                        continue;
                    }

                    int allowed = Array.FindIndex(Allowlist, entry => (entry.File == "*" || entry.File == file) && entry.Line.IsMatch(code));
                    if (allowed >= 0)
                    {
                        allowlistUses[allowed]++;
                    }
                    else
                    {
                        violations.Add($"src/CryptoCli/{file}:{i + 1}: {name}: {lines[i].Trim()}");
                    }
                }
            }
        }

        Assert.True(violations.Count == 0,
            "Host-byte-order access in portable code (use ByteOrder or BinaryPrimitives, or allowlist it with the reason):\n" + string.Join("\n", violations));

        // A stale allowlist entry hides nothing today but would silently excuse a future violation: keep it exact.
        string[] unused = Allowlist.Where((entry, index) => allowlistUses[index] == 0).Select(entry => $"{entry.File}: {entry.Line}").ToArray();
        Assert.True(unused.Length == 0, "Allowlist entries that match nothing: " + string.Join("; ", unused));
    }

    [Fact]
    public void Scanner_FlagsTheForbiddenForms()
    {
        // The scan must be able to fail: each of these lines is a violation it has to see.
        string[] samples =
        {
            "uint w = MemoryMarshal.Read<uint>(block);",
            "Span<uint> words = MemoryMarshal.Cast<byte, uint>(block);",
            "uint w = Unsafe.ReadUnaligned<uint>(ref b);",
            "Unsafe.WriteUnaligned(ref b, w);",
            "ref uint w = ref Unsafe.As<byte, uint>(ref b);",
            "uint w = BitConverter.ToUInt32(block, 0);",
            "if (BitConverter.IsLittleEndian) { }",
            "w = BinaryPrimitives.ReverseEndianness(w);",
            "uint w = *(uint*)p;",
        };
        foreach (string sample in samples)
        {
            bool flagged = Forbidden.Any(f => f.Pattern.IsMatch(WithoutComment(sample)));
            Assert.True(flagged, sample);
        }

        // ...and not these: a ref to the first element of the same type, and a mention in a comment.
        string[] clean =
        {
            "ref uint k = ref MemoryMarshal.GetReference(keys.AsSpan()); x = Unsafe.Add(ref k, 1);",
            "x = 1; // BitConverter.IsLittleEndian is not used here",
        };
        foreach (string sample in clean)
        {
            bool flagged = Forbidden.Any(f => f.Pattern.IsMatch(WithoutComment(sample)));
            Assert.False(flagged, sample);
        }
    }

    private static string WithoutComment(string line)
    {
        int comment = line.IndexOf("//", StringComparison.Ordinal);
        return comment < 0 ? line : line.Substring(0, comment);
    }
}
