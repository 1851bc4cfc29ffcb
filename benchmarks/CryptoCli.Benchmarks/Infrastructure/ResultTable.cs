using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text;
using BenchmarkDotNet.Reports;

namespace CryptoCli.Benchmarks;

/// <summary>
/// One result row: a primitive, an operation, a message size and an implementation, with the mean and the fastest of
/// its measured iterations. Throughput, cycles/byte and the ratios use the fastest iteration (<see cref="MinNs"/>):
/// this machine is shared, and its speed changes in steps that last for several iterations (one AES-GCM case read
/// 5.02, 4.96, 4.96, 3.29 and 3.25 us per call in its five iterations), so a mean of five mixes slow and fast
/// states in different proportions for each case, while the fastest iteration compares the cases in the same state.
/// </summary>
public sealed record ResultRow(string Primitive, string Operation, int SizeBytes, string Implementation, double MeanNs, double MinNs);

/// <summary>
/// Turns BenchmarkDotNet summaries into the project's result table (MB/s or operations/s, ratios to the built-in,
/// to BouncyCastle and to OpenSSL's libcrypto measured in the same run) and writes it as CSV and markdown under
/// benchmarks/results/. The OpenSSL ratio is the limit column: where it reads 1.00x or more, CryptoCli is at least
/// as fast as the native code on the same case.
/// </summary>
public sealed class ResultTable
{
    private ResultTable(List<ResultRow> rows) => Rows = rows;

    public IReadOnlyList<ResultRow> Rows { get; }

    public static ResultTable From(IEnumerable<Summary> summaries)
    {
        var rows = new List<ResultRow>();
        foreach (BenchmarkReport report in summaries.SelectMany(s => s.Reports))
        {
            MethodInfo method = report.BenchmarkCase.Descriptor.WorkloadMethod;
            if (report.ResultStatistics is null)
            {
                continue;
            }

            // Default-run classes name their rows; a study class (no [Primitive]/[Row]) gets its class name as the
            // primitive, its method name as the implementation, and its categories and other parameters as the operation.
            RowAttribute? row = method.GetCustomAttribute<RowAttribute>();
            PrimitiveAttribute? primitive = report.BenchmarkCase.Descriptor.Type.GetCustomAttribute<PrimitiveAttribute>();
            object? size = report.BenchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Size")?.Value;
            string others = string.Join(" ", report.BenchmarkCase.Parameters.Items.Where(p => p.Name != "Size").Select(p => $"{p.Name}={p.Value}"));
            string operation = row?.Operation ?? string.Join("/", report.BenchmarkCase.Descriptor.Categories.DefaultIfEmpty("run"));
            if (others.Length > 0)
            {
                operation += $" [{others}]";
            }

            // A class that measures one case under several jobs (code generators) names the job in the operation; the
            // run-wide jobs (Config's) do not.
            string job = report.BenchmarkCase.Job.Id;
            if (job is not ("Short" or "Dry" or "Full" or "JitModes"))
            {
                operation += $" ({job})";
            }

            rows.Add(new ResultRow(
                row?.Primitive ?? primitive?.Name ?? report.BenchmarkCase.Descriptor.Type.Name,
                operation.Replace(',', ';'),
                size is int s ? s : 0,
                row?.Implementation ?? method.Name,
                report.ResultStatistics.Mean,
                report.ResultStatistics.Min));
        }

        return new ResultTable(rows);
    }

    public static ResultTable FromCsv(string path)
    {
        var rows = new List<ResultRow>();
        foreach (string line in File.ReadLines(path).Skip(1))
        {
            // Older files have no min_ns column: their mean stands in for it.
            string[] c = line.Split(',');
            double mean = double.Parse(c[4], CultureInfo.InvariantCulture);
            double min = c.Length > 5 ? double.Parse(c[5], CultureInfo.InvariantCulture) : mean;
            rows.Add(new ResultRow(c[0], c[1], int.Parse(c[2], CultureInfo.InvariantCulture), c[3], mean, min));
        }

        return new ResultTable(rows);
    }

    /// <summary>How many times faster <paramref name="row"/> is than the named implementation in the same group, or null.</summary>
    public double? SpeedupOver(ResultRow row, string implementation)
    {
        ResultRow? other = Rows.FirstOrDefault(r => r.Primitive == row.Primitive && r.Operation == row.Operation && r.SizeBytes == row.SizeBytes && r.Implementation == implementation);
        return other is null ? null : other.MinNs / row.MinNs;
    }

    public static string Throughput(ResultRow row) => row.SizeBytes > 0
        ? string.Format(CultureInfo.InvariantCulture, "{0:F1} MB/s", row.SizeBytes / row.MinNs * 1000.0)
        : string.Format(CultureInfo.InvariantCulture, "{0:F0} op/s", 1e9 / row.MinNs);

    public string ToText() => ToText(Header());

    private string ToText(string header)
    {
        var sb = new StringBuilder();
        sb.AppendLine(header);
        sb.AppendLine();
        // Second line (the chart reads only the first): which libcrypto the OpenSSL rows ran, or why they were skipped.
        sb.AppendLine(OpenSslLine());
        sb.AppendLine();
        sb.AppendLine("| primitive | operation | size | implementation | mean | min | throughput | cycles/byte | vs BuiltIn | vs BouncyCastle | vs OpenSSL |");
        sb.AppendLine("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|");
        foreach (ResultRow row in Rows)
        {
            sb.Append(CultureInfo.InvariantCulture, $"| {row.Primitive} | {row.Operation} | {row.SizeBytes} | {row.Implementation} | {FormatTime(row.MeanNs)} | {FormatTime(row.MinNs)} | {Throughput(row)} | ");
            sb.Append(row.SizeBytes > 0 ? Clock.Cycles(row.MinNs / row.SizeBytes).ToString("F2", CultureInfo.InvariantCulture) : "-");
            sb.Append(CultureInfo.InvariantCulture, $" | {Ratio(SpeedupOver(row, "BuiltIn"))} | {Ratio(SpeedupOver(row, "BouncyCastle"))} | {Ratio(SpeedupOver(row, "OpenSSL"))} |");
            sb.AppendLine();
        }

        return sb.ToString();
    }

    /// <summary>Writes &lt;name&gt;.csv and &lt;name&gt;.md into benchmarks/results and returns the CSV path.</summary>
    public string Write(string name)
    {
        string directory = ResultsDirectory();
        Directory.CreateDirectory(directory);
        var csv = new StringBuilder("primitive,operation,size_bytes,implementation,mean_ns,min_ns\n");
        foreach (ResultRow row in Rows)
        {
            csv.Append(CultureInfo.InvariantCulture, $"{row.Primitive},{row.Operation},{row.SizeBytes},{row.Implementation},{row.MeanNs:F2},{row.MinNs:F2}\n");
        }

        string csvPath = Path.Combine(directory, name + ".csv");
        string header = Header();
        File.WriteAllText(csvPath, csv.ToString());
        File.WriteAllText(Path.Combine(directory, name + ".md"), ToText(header));
        // Studies (P1's Basic/Proposed kernels, micro-kernels) have no "CryptoCli" rows and so no speed-up chart.
        if (Rows.Any(r => r.Implementation == "CryptoCli"))
        {
            File.WriteAllText(Path.Combine(directory, name + ".svg"), ResultChart.ToSvg(this, header));
        }
        return csvPath;
    }

    public static string Header() =>
        string.Format(CultureInfo.InvariantCulture,
            "Date {0:yyyy-MM-dd HH:mm} UTC; CPU {1} ({2} logical cores, measured clock {3:F2} GHz); {4}; {5}; throughput, cycles/byte and ratios use each case's fastest iteration (min); ratios are speed-ups (their time / ours) measured in the same run.",
            DateTime.UtcNow, CpuName(), Environment.ProcessorCount, Clock.GigaHertz, RuntimeInformation.FrameworkDescription, RuntimeInformation.OSDescription);

    /// <summary>"OpenSSL: &lt;version&gt; (&lt;library&gt;)", with the OpenSSL rows skipped in this process, if any.</summary>
    private static string OpenSslLine()
    {
        IReadOnlyList<string> skipped = OpenSslRowFilter.Skipped;
        return skipped.Count == 0 || LibCrypto.LoadError is not null
            ? LibCrypto.Description + "."
            : $"{LibCrypto.Description}; skipped, the cipher is missing: {string.Join(", ", skipped)}.";
    }

    public static string CpuName()
    {
        try
        {
            string? line = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
            if (line is not null)
            {
                return line.Substring(line.IndexOf(':', StringComparison.Ordinal) + 1).Trim();
            }
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }

        return RuntimeInformation.ProcessArchitecture.ToString();
    }

    /// <summary>benchmarks/results of the repository this program was built from (found by walking up to CryptoCli.sln).</summary>
    public static string ResultsDirectory()
    {
        foreach (string start in new[] { Environment.CurrentDirectory, AppContext.BaseDirectory })
        {
            for (DirectoryInfo? dir = new DirectoryInfo(start); dir is not null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "CryptoCli.sln")))
                {
                    return Path.Combine(dir.FullName, "benchmarks", "results");
                }
            }
        }

        return Path.Combine(Environment.CurrentDirectory, "results");
    }

    private static string Ratio(double? value) => value is double v ? v.ToString("F2", CultureInfo.InvariantCulture) + "x" : "-";

    private static string FormatTime(double ns) => ns switch
    {
        < 1_000 => ns.ToString("F1", CultureInfo.InvariantCulture) + " ns",
        < 1_000_000 => (ns / 1_000).ToString("F2", CultureInfo.InvariantCulture) + " us",
        _ => (ns / 1_000_000).ToString("F2", CultureInfo.InvariantCulture) + " ms",
    };
}
