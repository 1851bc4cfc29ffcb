using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace CryptoCli.Benchmarks;

/// <summary>
/// An SVG bar chart of a result table: for each primitive and operation (at 16 KiB where measured, else the largest size), the
/// speed-up of CryptoCli's default path over the built-in and over BouncyCastle, on a logarithmic axis.
/// </summary>
public static class ResultChart
{
    private const int RowHeight = 22, LabelWidth = 330, PlotWidth = 520, Top = 40;

    public static string ToSvg(ResultTable table, string title)
    {
        var bars = new List<(string Label, double? BuiltIn, double? BouncyCastle)>();
        foreach (var group in table.Rows.Where(r => r.Implementation == "CryptoCli").GroupBy(r => (r.Primitive, r.Operation)))
        {
            // 16 KiB where measured (the size of most goals), else the largest size.
            ResultRow row = group.FirstOrDefault(r => r.SizeBytes == 16 * 1024) ?? group.OrderByDescending(r => r.SizeBytes).First();
            double? builtIn = table.SpeedupOver(row, "BuiltIn");
            double? bouncyCastle = table.SpeedupOver(row, "BouncyCastle");
            if (builtIn is null && bouncyCastle is null)
            {
                continue;
            }

            string size = row.SizeBytes switch
            {
                0 => "",
                >= 1 << 20 => $" {row.SizeBytes >> 20} MiB",
                >= 1024 => $" {row.SizeBytes >> 10} KiB",
                _ => $" {row.SizeBytes} B",
            };
            bars.Add(($"{row.Primitive} {row.Operation}{size}", builtIn, bouncyCastle));
        }

        double max = Math.Max(10, bars.SelectMany(b => new[] { b.BuiltIn ?? 1, b.BouncyCastle ?? 1 }).DefaultIfEmpty(10).Max());
        double decades = Math.Ceiling(Math.Log10(max) + 1); // the axis starts at 0.1x
        double X(double ratio) => LabelWidth + PlotWidth * (Math.Log10(Math.Max(ratio, 0.1)) + 1) / decades;
        int height = Top + bars.Count * RowHeight * 2 + 60;
        var svg = new StringBuilder();
        svg.Append(CultureInfo.InvariantCulture, $"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{LabelWidth + PlotWidth + 40}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"12\">\n");
        svg.Append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.Append(CultureInfo.InvariantCulture, $"<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">{Escape(title)}</text>\n");
        for (int d = 0; d < decades; d++)
        {
            double ratio = Math.Pow(10, d - 1);
            double x = X(ratio);
            svg.Append(CultureInfo.InvariantCulture, $"<line x1=\"{x:F1}\" y1=\"{Top - 5}\" x2=\"{x:F1}\" y2=\"{height - 45}\" stroke=\"{(d == 1 ? "#333" : "#ccc")}\"/>\n");
            svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{x:F1}\" y=\"{height - 30}\" text-anchor=\"middle\">{ratio.ToString("0.#", CultureInfo.InvariantCulture)}x</text>\n");
        }

        int y = Top;
        foreach ((string label, double? builtIn, double? bouncyCastle) in bars)
        {
            svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{LabelWidth - 8}\" y=\"{y + RowHeight - 6}\" text-anchor=\"end\">{Escape(label)}</text>\n");
            Bar(svg, X, y, builtIn, "#1f77b4");
            Bar(svg, X, y + RowHeight - 2, bouncyCastle, "#ff7f0e");
            y += RowHeight * 2;
        }

        svg.Append(CultureInfo.InvariantCulture, $"<rect x=\"{LabelWidth}\" y=\"{height - 20}\" width=\"12\" height=\"12\" fill=\"#1f77b4\"/><text x=\"{LabelWidth + 16}\" y=\"{height - 10}\">speed-up over the built-in</text>\n");
        svg.Append(CultureInfo.InvariantCulture, $"<rect x=\"{LabelWidth + 200}\" y=\"{height - 20}\" width=\"12\" height=\"12\" fill=\"#ff7f0e\"/><text x=\"{LabelWidth + 216}\" y=\"{height - 10}\">speed-up over BouncyCastle</text>\n");
        svg.Append("</svg>\n");
        return svg.ToString();
    }

    private static void Bar(StringBuilder svg, Func<double, double> x, int y, double? ratio, string color)
    {
        if (ratio is not double value)
        {
            return;
        }

        double start = x(1), end = x(value);
        double left = Math.Min(start, end), width = Math.Max(1, Math.Abs(end - start));
        svg.Append(CultureInfo.InvariantCulture, $"<rect x=\"{left:F1}\" y=\"{y}\" width=\"{width:F1}\" height=\"{RowHeight - 4}\" fill=\"{color}\"/>");
        svg.Append(CultureInfo.InvariantCulture, $"<text x=\"{Math.Max(start, end) + 4:F1}\" y=\"{y + RowHeight - 8}\" font-size=\"10\">{value.ToString("0.##", CultureInfo.InvariantCulture)}x</text>\n");
    }

    private static string Escape(string text) => text.Replace("&", "&amp;", StringComparison.Ordinal).Replace("<", "&lt;", StringComparison.Ordinal);
}
