using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace CryptoCli.Benchmarks;

/// <summary>
/// An SVG bar chart of a result table: for each primitive and operation (at 16 KiB where measured, else the largest
/// size; operations per second for the rows without a size), the speed-up of CryptoCli's default path over each peer
/// of <see cref="Peers"/> the run measured (the built-in, BouncyCastle, OpenSSL), on a logarithmic axis. Rows are grouped by family in a fixed order (<see cref="Families"/>),
/// whatever order the run measured them in, and every bar says what it is compared with. Only comparisons of the same
/// algorithm are drawn: a yardstick of another algorithm (Luffa's built-in row is SHA-256) and rows with no peer in
/// the run are named in the footnote instead.
/// </summary>
public static class ResultChart
{
    private const int RowHeight = 22, LabelWidth = 330, PlotWidth = 520, Top = 78, FamilyHeight = 26, LineHeight = 15;

    /// <summary>The peers a bar can compare with: the implementation name in the CSV, the bar's label, the legend, the colour.</summary>
    private static readonly (string Implementation, string Label, string Legend, string Color)[] Peers =
    {
        ("BuiltIn", "built-in", "vs the built-in (System.Security.Cryptography)", "#1f77b4"),
        ("BouncyCastle", "BouncyCastle", "vs BouncyCastle", "#ff7f0e"),
        ("OpenSSL", "OpenSSL", "vs OpenSSL (libcrypto)", "#2ca02c"),
    };

    /// <summary>The families in the order the chart shows them, each with the primitive names (CSV column 1) it holds.</summary>
    private static readonly (string Name, Func<string, bool> Holds)[] Families =
    {
        ("Rijndael and AES", p => p.StartsWith("Rijndael-", StringComparison.Ordinal)),
        ("Modes over AES: GCM, CCM, OCB3, XTS, CMAC", p => p.StartsWith("AES-", StringComparison.Ordinal)),
        ("Camellia", p => p.StartsWith("Camellia", StringComparison.Ordinal)),
        ("CRYPTREC ciphers", p => p.StartsWith("Hierocrypt-3", StringComparison.Ordinal) || p.StartsWith("SC2000", StringComparison.Ordinal)
            || p.StartsWith("CIPHERUNICORN-A", StringComparison.Ordinal) || p == "MUGI"),
        ("Luffa", p => p.StartsWith("Luffa", StringComparison.Ordinal)),
        ("Haraka v2", p => p.StartsWith("Haraka", StringComparison.Ordinal)),
        ("Large-block ciphers", p => p.StartsWith("LargeBlock", StringComparison.Ordinal)),
        ("ECDSA P-192", p => p.StartsWith("ECDSA", StringComparison.Ordinal)),
        ("Genus-3 HECC", p => p.StartsWith("HECC", StringComparison.Ordinal)),
    };

    /// <summary>Primitives whose built-in row runs a different algorithm, kept in the run as a yardstick: never drawn as a speed-up.</summary>
    private static readonly (string PrimitivePrefix, string Algorithm)[] OtherAlgorithms =
    {
        ("Luffa-256", "SHA-256"),
        ("Luffa-512", "SHA-512"),
    };

    /// <summary>The order of the common operations inside a family (rows of other operations follow in run order).</summary>
    private static readonly string[] OperationOrder =
    {
        "ECB-encrypt", "ECB-decrypt", "CBC-encrypt", "CBC-decrypt", "CFB128-encrypt", "CFB128-decrypt", "OFB", "CTR",
        "GCM-encrypt", "GCM-decrypt", "CCM-encrypt", "CCM-decrypt", "OCB-encrypt", "OCB-decrypt", "XTS-encrypt",
        "XTS-decrypt", "CMAC",
    };

    private sealed record Bar(string Label, double?[] Ratios);

    /// <summary>Draws the chart; <paramref name="header"/> is the first line of the run's markdown table
    /// (<see cref="ResultTable.Header"/>), from which the CPU, clock, runtime and date go into the title; null leaves them out.</summary>
    public static string ToSvg(ResultTable table, string? header)
    {
        // Within a family: key schedules last, then by primitive, then in the order of OperationOrder (others in the
        // order the run measured them).
        var groups = table.Rows.Where(r => r.Implementation == "CryptoCli").GroupBy(r => (r.Primitive, r.Operation))
            .Select((g, index) => (Group: g, Index: index))
            .OrderBy(g => g.Group.Key.Operation.Contains("eySchedule", StringComparison.Ordinal) || g.Group.Key.Operation.Contains("key-schedule", StringComparison.Ordinal))
            .ThenBy(g => g.Group.Key.Primitive, StringComparer.Ordinal)
            .ThenBy(g => Array.IndexOf(OperationOrder, g.Group.Key.Operation) is int rank and >= 0 ? rank : OperationOrder.Length)
            .ThenBy(g => g.Index)
            .Select(g => g.Group)
            .ToList();
        var peers = Peers.Where(peer => table.Rows.Any(r => r.Implementation == peer.Implementation)).ToArray();
        int slots = Math.Max(1, peers.Length);
        var sections = new List<(string Family, List<Bar> Bars)>();
        var withoutPeer = new List<string>();
        var yardsticks = new List<string>();
        foreach (string family in Families.Select(f => f.Name).Append("Other"))
        {
            var bars = new List<Bar>();
            var unmatched = new List<string>();
            bool yardstickOnly = false;
            foreach (var group in groups.Where(g => FamilyOf(g.Key.Primitive) == family))
            {
                // 16 KiB where measured (the size of most goals), else the largest size.
                ResultRow row = group.FirstOrDefault(r => r.SizeBytes == 16 * 1024) ?? group.OrderByDescending(r => r.SizeBytes).First();
                double?[] ratios = peers.Select(peer => table.SpeedupOver(row, peer.Implementation)).ToArray();
                string? other = OtherAlgorithms.FirstOrDefault(o => row.Primitive.StartsWith(o.PrimitivePrefix, StringComparison.Ordinal)).Algorithm;
                int builtInSlot = Array.FindIndex(peers, peer => peer.Implementation == "BuiltIn");
                if (other is not null && builtInSlot >= 0 && ratios[builtInSlot] is double yardstick)
                {
                    yardsticks.Add(string.Format(CultureInfo.InvariantCulture, "{0} {1}: the built-in row is {2}, {3:0.##}x", row.Primitive, SizeLabel(row.SizeBytes), other, yardstick));
                    ratios[builtInSlot] = null;
                    yardstickOnly = true;
                }

                if (ratios.All(r => r is null))
                {
                    if (other is null && !unmatched.Contains(row.Primitive))
                    {
                        unmatched.Add(row.Primitive);
                    }

                    continue;
                }

                bars.Add(new Bar($"{row.Primitive} {row.Operation} {SizeLabel(row.SizeBytes)}".TrimEnd(), ratios));
            }

            if (bars.Count > 0)
            {
                sections.Add((family, bars));
            }
            else if (unmatched.Count > 0 && !yardstickOnly)
            {
                withoutPeer.Add($"{family} ({string.Join(", ", unmatched)})");
            }
        }

        var notes = new List<string>();
        if (yardsticks.Count > 0)
        {
            notes.Add("Not drawn, another algorithm: " + string.Join("; ", yardsticks) + " (a yardstick, not a speed-up).");
        }

        if (withoutPeer.Count > 0)
        {
            notes.Add("Not drawn, no peer implements them in the run: " + string.Join("; ", withoutPeer) + ".");
        }

        notes.Add("All figures, with every size and kernel: latest.md.");
        List<string> noteLines = notes.SelectMany(n => Wrap(n, 130)).ToList();

        double max = Math.Max(10, sections.SelectMany(s => s.Bars).SelectMany(b => b.Ratios.Select(r => r ?? 1)).DefaultIfEmpty(10).Max());
        double decades = Math.Ceiling(Math.Log10(max) + 1); // the axis starts at 0.1x
        double X(double ratio) => LabelWidth + PlotWidth * (Math.Log10(Math.Max(ratio, 0.1)) + 1) / decades;
        int plotBottom = Top + sections.Sum(s => FamilyHeight + s.Bars.Count * RowHeight * slots);
        int height = plotBottom + 60 + noteLines.Count * LineHeight;
        int width = LabelWidth + PlotWidth + 60;

        var svg = new StringBuilder();
        svg.Append(CultureInfo.InvariantCulture, $"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"12\">\n");
        svg.Append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.Append("<text x=\"10\" y=\"20\" font-size=\"15\" font-weight=\"bold\">CryptoCli's default path: how many times faster than the same algorithm elsewhere</text>\n");
        svg.Append(CultureInfo.InvariantCulture, $"<text x=\"10\" y=\"38\">{Escape(Subtitle(header))}</text>\n");
        svg.Append("<text x=\"10\" y=\"54\" fill=\"#555\">Speed-up = their time / our time, each case's fastest iteration, same run. Right of 1x: CryptoCli is faster; left: slower.</text>\n");
        double legendX = 10;
        foreach (var peer in peers)
        {
            svg.Append(CultureInfo.InvariantCulture, $"<rect x=\"{legendX:F0}\" y=\"{Top - 16}\" width=\"12\" height=\"12\" fill=\"{peer.Color}\"/><text x=\"{legendX + 16:F0}\" y=\"{Top - 6}\">{Escape(peer.Legend)}</text>\n");
            legendX += 16 + (peer.Legend.Length * 6.5) + 24; // about 6.5 px a character at 12 px
        }

        int y = Top;
        foreach ((string family, List<Bar> bars) in sections)
        {
            svg.Append(CultureInfo.InvariantCulture, $"<rect x=\"0\" y=\"{y + 2}\" width=\"{width}\" height=\"{FamilyHeight - 4}\" fill=\"#eef1f5\"/>");
            svg.Append(CultureInfo.InvariantCulture, $"<text x=\"10\" y=\"{y + FamilyHeight - 9}\" font-weight=\"bold\">{Escape(family)}</text>\n");
            y += FamilyHeight;
            foreach (Bar bar in bars)
            {
                svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{LabelWidth - 8}\" y=\"{y + (RowHeight * slots / 2) + 4}\" text-anchor=\"end\">{Escape(bar.Label)}</text>\n");
                for (int slot = 0; slot < peers.Length; slot++)
                {
                    DrawBar(svg, X, y + 1 + (slot * (RowHeight - 2)), bar.Ratios[slot], peers[slot].Color, peers[slot].Label);
                }

                y += RowHeight * slots;
            }
        }

        for (int d = 0; d < decades; d++)
        {
            double ratio = Math.Pow(10, d - 1);
            double x = X(ratio);
            svg.Append(CultureInfo.InvariantCulture, $"<line x1=\"{x:F1}\" y1=\"{Top}\" x2=\"{x:F1}\" y2=\"{plotBottom}\" stroke=\"{(d == 1 ? "#333" : "#bbb")}\" stroke-dasharray=\"{(d == 1 ? "none" : "3,3")}\"/>\n");
            svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{x:F1}\" y=\"{plotBottom + 16}\" text-anchor=\"middle\">{ratio.ToString("0.#", CultureInfo.InvariantCulture)}x</text>\n");
        }

        svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{X(1):F1}\" y=\"{plotBottom + 32}\" text-anchor=\"middle\" fill=\"#555\">speed-up (logarithmic)</text>\n");
        int noteY = plotBottom + 54;
        foreach (string line in noteLines)
        {
            svg.Append(CultureInfo.InvariantCulture, $"<text x=\"10\" y=\"{noteY}\" font-size=\"11\" fill=\"#444\">{Escape(line)}</text>\n");
            noteY += LineHeight;
        }

        svg.Append("</svg>\n");
        return svg.ToString();
    }

    private static string FamilyOf(string primitive) => Families.FirstOrDefault(f => f.Holds(primitive)).Name ?? "Other";

    private static string SizeLabel(int sizeBytes) => sizeBytes switch
    {
        0 => "",
        >= 1 << 20 => $"{sizeBytes >> 20} MiB",
        >= 1024 => $"{sizeBytes >> 10} KiB",
        _ => $"{sizeBytes} B",
    };

    /// <summary>"AMD EPYC at 4.31 GHz, .NET 10.0.12, run of 2026-11-25 00:02 UTC" from the markdown table's header line.</summary>
    private static string Subtitle(string? header)
    {
        Match m = header is null ? Match.Empty : Regex.Match(header, @"^Date (?<date>[^;]+); CPU (?<cpu>.+?) \((?<cores>\d+) logical cores, measured clock (?<ghz>[\d.]+) GHz\); (?<runtime>[^;]+);");
        return m.Success
            ? $"{m.Groups["cpu"].Value} ({m.Groups["cores"].Value} cores) at {m.Groups["ghz"].Value} GHz, {m.Groups["runtime"].Value}, run of {m.Groups["date"].Value}"
            : "CPU and runtime as in the run's table";
    }

    private static void DrawBar(StringBuilder svg, Func<double, double> x, int y, double? ratio, string color, string peer)
    {
        if (ratio is not double value)
        {
            return;
        }

        double start = x(1), end = x(value);
        double left = Math.Min(start, end), width = Math.Max(1, Math.Abs(end - start));
        svg.Append(CultureInfo.InvariantCulture, $"<rect x=\"{left:F1}\" y=\"{y}\" width=\"{width:F1}\" height=\"{RowHeight - 5}\" fill=\"{color}\"/>");
        svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{Math.Max(start, end) + 4:F1}\" y=\"{y + RowHeight - 9}\" font-size=\"10\">{value.ToString("0.##", CultureInfo.InvariantCulture)}x vs {peer}</text>\n");
    }

    private static IEnumerable<string> Wrap(string text, int width)
    {
        string line = "";
        foreach (string word in text.Split(' '))
        {
            if (line.Length > 0 && line.Length + 1 + word.Length > width)
            {
                yield return line;
                line = "    " + word;
            }
            else
            {
                line = line.Length == 0 ? word : line + " " + word;
            }
        }

        if (line.Length > 0)
        {
            yield return line;
        }
    }

    private static string Escape(string text) => text.Replace("&", "&amp;", StringComparison.Ordinal).Replace("<", "&lt;", StringComparison.Ordinal);
}
