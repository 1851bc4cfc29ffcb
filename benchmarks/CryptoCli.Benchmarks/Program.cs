using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace CryptoCli.Benchmarks;

/// <summary>
/// <c>dotnet run -c Release --project benchmarks/CryptoCli.Benchmarks</c> runs the default comparison of every
/// primitive (classes marked <see cref="PrimitiveAttribute"/>) and writes benchmarks/results/latest.csv and .md.
/// <c>-- --job Dry</c> runs the same set once each (CI); beside a <c>--filter</c> it runs the filtered benchmarks once each. Any other arguments, such as <c>--filter *Camellia*</c>,
/// go to BenchmarkDotNet's switcher with its default (long) job; add <c>--short</c> for the default run's short job,
/// and <c>--out NAME</c> to write benchmarks/results/NAME.csv and NAME.md from the rows the run produced.
/// <c>-- --chart benchmarks/results/latest.csv</c> redraws latest.svg from the CSV without running anything.
/// <c>-- --ct-probe ROUNDS</c> runs <see cref="RijndaelConstantTimeProbe"/> instead.
/// <c>-- --jit-modes</c> runs <see cref="JitModeBenchmarks"/> under each JIT setting and NativeAOT and writes
/// benchmarks/results/jit-modes.md (<see cref="JitModeRun"/>; <c>--no-aot</c> leaves NativeAOT out, <c>--out NAME</c>
/// names the files).
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        var rest = new List<string>(args);
        string? chartFrom = TakeOption(rest, "--chart");
        if (chartFrom is not null)
        {
            // Redraw the chart of an existing CSV (for example latest.csv) without running anything; the title's CPU,
            // clock, runtime and date come from the first line of the markdown table beside it, when there is one.
            ResultTable existing = ResultTable.FromCsv(chartFrom);
            string markdownPath = System.IO.Path.ChangeExtension(chartFrom, ".md");
            string? header = System.IO.File.Exists(markdownPath) ? System.IO.File.ReadLines(markdownPath).FirstOrDefault() : null;
            string svgPath = System.IO.Path.ChangeExtension(chartFrom, ".svg");
            System.IO.File.WriteAllText(svgPath, ResultChart.ToSvg(existing, header));
            Console.WriteLine($"Wrote {svgPath}");
            return 0;
        }

        if (JitModeRun.TryRunChild(rest, out int childExit))
        {
            return childExit;
        }

        if (rest.Remove("--jit-modes"))
        {
            // The small-input calls under each JIT setting and NativeAOT, one table (see JitModeRun).
            bool includeAot = !rest.Remove("--no-aot");
            return JitModeRun.Run(TakeOption(rest, "--out") ?? "jit-modes", includeAot);
        }

        string? probeRounds = TakeOption(rest, "--ct-probe");
        if (probeRounds is not null)
        {
            // Round-robin minimum timing of the constant-time Rijndael kernel and its rivals (see the class).
            RijndaelConstantTimeProbe.Run(int.Parse(probeRounds, System.Globalization.CultureInfo.InvariantCulture));
            return 0;
        }

        bool shortJob = rest.Remove("--short");
        string? output = TakeOption(rest, "--out");
        // "--job Dry" alone is CI's dry run of the default set; beside a --filter it gives the filtered classes the
        // same dry job (rather than adding BenchmarkDotNet's Dry job to the long one).
        int job = rest.IndexOf("--job");
        bool dry = job >= 0 && job + 1 < rest.Count && string.Equals(rest[job + 1], "Dry", StringComparison.OrdinalIgnoreCase);
        if (dry)
        {
            rest.RemoveRange(job, 2);
        }

        Summary[] summaries;
        if (rest.Count > 0)
        {
            summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly)
                .Run(rest.ToArray(), dry ? Config.Dry() : shortJob ? Config.ShortRun() : Config.Full())
                .ToArray();
        }
        else
        {
            Type[] types = typeof(Program).Assembly.GetTypes()
                .Where(t => t.GetCustomAttributes(typeof(PrimitiveAttribute), false).Length > 0)
                .OrderBy(t => t.Name, StringComparer.Ordinal)
                .ToArray();
            summaries = BenchmarkRunner.Run(types, dry ? Config.Dry() : Config.ShortRun());
            output ??= dry ? "dry" : "latest";
        }

        ResultTable table = ResultTable.From(summaries);
        Console.WriteLine();
        Console.WriteLine(table.ToText());
        if (output is not null)
        {
            Console.WriteLine($"Wrote {table.Write(output)}");
        }

        bool failed = summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success));
        return failed ? 1 : 0;
    }

    private static string? TakeOption(List<string> args, string name)
    {
        int index = args.IndexOf(name);
        if (index < 0 || index + 1 >= args.Count)
        {
            return null;
        }

        string value = args[index + 1];
        args.RemoveRange(index, 2);
        return value;
    }
}
