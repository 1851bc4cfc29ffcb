using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Text;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace CryptoCli.Benchmarks;

/// <summary>
/// <c>--jit-modes</c>: runs <see cref="JitModeBenchmarks"/> under each JIT setting, each in a process of its own (this
/// program again, with the environment variable set; BenchmarkDotNet's in-process jobs cannot set one), then the same
/// calls compiled with NativeAOT (benchmarks/CryptoCli.AotTiming, published here and run with <c>--csv</c>), and
/// writes one table, benchmarks/results/jit-modes.md (and .csv), with each case's time and its speed-up over
/// BouncyCastle in every mode. The modes: the default settings (tiered compilation with dynamic PGO),
/// <c>DOTNET_TieredPGO=0</c>, <c>DOTNET_TieredCompilation=0</c>, NativeAOT, and the default settings pinned to one
/// core (<c>taskset -c 1</c>), where the runtime's background recompilation competes with the benchmark for the core.
/// The children run <see cref="Config.JitModes"/>, whose warm-ups outlast tiered compilation: the default run's short
/// job measured some cases before the runtime had recompiled them.
/// </summary>
public static class JitModeRun
{
    private const string ChildOption = "--jit-mode-child";

    private static readonly Mode[] s_modes =
    {
        new("default", "JIT default settings", Array.Empty<string>(), Pinned: false),
        new("pgo-off", "DOTNET_TieredPGO=0", new[] { "DOTNET_TieredPGO=0" }, Pinned: false),
        new("tc-off", "DOTNET_TieredCompilation=0", new[] { "DOTNET_TieredCompilation=0" }, Pinned: false),
        new("pinned", "default settings on one core", Array.Empty<string>(), Pinned: true),
    };

    /// <summary>True when <paramref name="args"/> asks for a child run; then runs it and sets the exit code.</summary>
    public static bool TryRunChild(List<string> args, out int exitCode)
    {
        int index = args.IndexOf(ChildOption);
        exitCode = 0;
        if (index < 0 || index + 1 >= args.Count)
        {
            return false;
        }

        // A throw-away case first: the first case of a process measured several times slower than the same call later
        // in the same process, and so did its empty-call overhead (3 to 8 ns against 1.5 ns), the harness's own code
        // being still recompiled then.
        string[] throwAway = { "--filter", "*.JitModeBenchmarks.Haraka256" };
        BenchmarkRunner.Run<JitModeBenchmarks>(Config.JitModes(), throwAway);
        // Any arguments after the CSV path go to BenchmarkDotNet (a --filter, to run the child by hand for some cases).
        Summary summary = BenchmarkRunner.Run<JitModeBenchmarks>(Config.JitModes(), args.Skip(index + 2).ToArray());
        ResultTable table = ResultTable.From(new[] { summary });
        var csv = new StringBuilder();
        foreach (ResultRow row in table.Rows)
        {
            csv.Append(CultureInfo.InvariantCulture,
                $"{row.Primitive},{row.Operation},{row.SizeBytes},{row.Implementation},{row.MeanNs:F3},{row.MinNs:F3}\n");
        }

        File.WriteAllText(args[index + 1], csv.ToString());
        exitCode = summary.HasCriticalValidationErrors || summary.Reports.Any(r => !r.Success) ? 1 : 0;
        return true;
    }

    /// <summary>Runs every mode and writes benchmarks/results/&lt;name&gt;.md and .csv.</summary>
    public static int Run(string name, bool includeAot)
    {
        string work = Path.Combine(Path.GetTempPath(), "cryptocli-jit-modes-" + Environment.ProcessId);
        Directory.CreateDirectory(work);
        string load = LoadAverage();
        var results = new List<(string Mode, string? Note, List<string[]> Rows)>();
        bool failed = false;
        foreach (Mode mode in s_modes)
        {
            string csvPath = Path.Combine(work, mode.Name + ".csv");
            (string? note, bool ok) = RunJitMode(mode, csvPath);
            failed |= !ok;
            results.Add((mode.Label, note, File.Exists(csvPath) ? ReadRows(csvPath) : new List<string[]>()));
        }

        if (includeAot)
        {
            string csvPath = Path.Combine(work, "aot.csv");
            (string? note, bool ok) = RunNativeAot(work, csvPath);
            failed |= !ok;
            results.Insert(3, ("NativeAOT", note, File.Exists(csvPath) ? ReadRows(csvPath) : new List<string[]>()));
        }

        string directory = ResultTable.ResultsDirectory();
        Directory.CreateDirectory(directory);
        // The CSV names each mode by its column heading (no commas in them).
        var csv = new StringBuilder("mode,primitive,operation,implementation,mean_ns,min_ns\n");
        foreach ((string mode, _, List<string[]> rows) in results)
        {
            foreach (string[] row in rows)
            {
                csv.Append(CultureInfo.InvariantCulture, $"{mode},{row[0]},{row[1]},{row[3]},{row[4]},{row[5]}\n");
            }
        }

        File.WriteAllText(Path.Combine(directory, name + ".csv"), csv.ToString());
        string markdown = ToMarkdown(results, load, LoadAverage());
        File.WriteAllText(Path.Combine(directory, name + ".md"), markdown);
        Console.WriteLine();
        Console.WriteLine(markdown);
        Console.WriteLine($"Wrote {Path.Combine(directory, name + ".md")}");
        try
        {
            Directory.Delete(work, recursive: true);
        }
        catch (IOException)
        {
        }

        return failed ? 1 : 0;
    }

    private static (string? Note, bool Ok) RunJitMode(Mode mode, string csvPath)
    {
        // This program again: its apphost, or the dotnet host with the assembly when started as `dotnet x.dll`.
        string self = Environment.ProcessPath ?? "dotnet";
        var arguments = new List<string>();
        if (Path.GetFileNameWithoutExtension(self) == "dotnet")
        {
            arguments.Add(typeof(JitModeRun).Assembly.Location);
        }

        arguments.Add(ChildOption);
        arguments.Add(csvPath);
        string? note = null;
        if (mode.Pinned)
        {
            // The last core rather than core 0, which takes more interrupts; core 1 on a two-core machine.
            if (!OperatingSystem.IsLinux() || !File.Exists("/usr/bin/taskset"))
            {
                return ("skipped: needs Linux's taskset", true);
            }

            string core = (Environment.ProcessorCount - 1).ToString(CultureInfo.InvariantCulture);
            arguments.InsertRange(0, new[] { "-c", core, self });
            self = "/usr/bin/taskset";
            note = $"taskset -c {core}";
        }

        var start = new ProcessStartInfo(self) { UseShellExecute = false };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // Only the mode's own settings: none inherited from the shell.
        foreach (string variable in new[] { "DOTNET_TieredPGO", "DOTNET_TieredCompilation", "DOTNET_TC_QuickJitForLoops",
                     "DOTNET_ReadyToRun", "DOTNET_EnableHWIntrinsic" })
        {
            start.Environment.Remove(variable);
        }

        foreach (string setting in mode.Environment)
        {
            string[] pair = setting.Split('=', 2);
            start.Environment[pair[0]] = pair[1];
        }

        Console.WriteLine($"// jit-modes: {mode.Label}");
        using Process process = Process.Start(start)!;
        process.WaitForExit();
        return (note, process.ExitCode == 0);
    }

    private static (string? Note, bool Ok) RunNativeAot(string work, string csvPath)
    {
        string benchmarks = Path.GetDirectoryName(ResultTable.ResultsDirectory())!;
        string project = Path.Combine(benchmarks, "CryptoCli.AotTiming", "CryptoCli.AotTiming.csproj");
        if (!File.Exists(project))
        {
            return ("skipped: benchmarks/CryptoCli.AotTiming not found", false);
        }

        string output = Path.Combine(work, "aot");
        string dotnet = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet";
        Console.WriteLine("// jit-modes: publishing benchmarks/CryptoCli.AotTiming with NativeAOT");
        if (Run(dotnet, "publish", project, "-c", "Release", "-r", RuntimeInformation.RuntimeIdentifier, "-o", output)
            != 0)
        {
            return ("skipped: the NativeAOT publish failed", false);
        }

        Console.WriteLine("// jit-modes: NativeAOT");
        int exit = Run(Path.Combine(output, "CryptoCli.AotTiming"), "--csv", csvPath);
        return ("Stopwatch, best of many 1000-call bursts (CryptoCli.AotTiming)", exit == 0);
    }

    private static int Run(string fileName, params string[] arguments)
    {
        var start = new ProcessStartInfo(fileName) { UseShellExecute = false };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using Process process = Process.Start(start)!;
        process.WaitForExit();
        return process.ExitCode;
    }

    private static List<string[]> ReadRows(string path) =>
        File.ReadLines(path).Where(l => l.Length > 0).Select(l => l.Split(',')).ToList();

    private static string ToMarkdown(List<(string Mode, string? Note, List<string[]> Rows)> results, string loadBefore,
        string loadAfter)
    {
        var sb = new StringBuilder();
        sb.AppendLine(ResultTable.Header());
        sb.AppendLine();
        sb.AppendLine(CultureInfo.InvariantCulture,
            $"Load average (1, 5, 15 minutes) before the run: {loadBefore}; after: {loadAfter}.");
        sb.AppendLine();
        sb.AppendLine("Each cell: the fastest iteration's time per call (NativeAOT: the best burst), and in brackets the "
            + "speed-up over the BouncyCastle row of the same case in the same mode (its time / ours). Produced by "
            + "`dotnet run -c Release --project benchmarks/CryptoCli.Benchmarks -- --jit-modes`.");
        sb.AppendLine();
        foreach ((string mode, string? note, _) in results.Where(r => r.Note is not null))
        {
            sb.AppendLine(CultureInfo.InvariantCulture, $"- {mode}: {note}.");
        }

        sb.AppendLine();
        sb.Append("| primitive | operation | implementation |");
        foreach ((string mode, _, _) in results)
        {
            sb.Append(CultureInfo.InvariantCulture, $" {mode} |");
        }

        sb.AppendLine();
        sb.Append("|---|---|---|");
        sb.AppendLine(string.Concat(Enumerable.Repeat("---:|", results.Count)));
        IEnumerable<(string Primitive, string Operation, string Implementation)> keys = results
            .SelectMany(r => r.Rows)
            .Select(r => (r[0], r[1], r[3]))
            .Distinct();
        foreach ((string primitive, string operation, string implementation) in keys)
        {
            sb.Append(CultureInfo.InvariantCulture, $"| {primitive} | {operation} | {implementation} |");
            foreach ((_, _, List<string[]> rows) in results)
            {
                double? ns = Find(rows, primitive, operation, implementation);
                double? rival = Find(rows, primitive, operation, "BouncyCastle");
                string cell = ns is double t ? t.ToString("F2", CultureInfo.InvariantCulture) + " ns" : "-";
                if (ns is double ours && rival is double theirs && implementation != "BouncyCastle")
                {
                    cell += " (" + (theirs / ours).ToString("F2", CultureInfo.InvariantCulture) + "x)";
                }

                sb.Append(CultureInfo.InvariantCulture, $" {cell} |");
            }

            sb.AppendLine();
        }

        return sb.ToString();
    }

    /// <summary>The first three fields of /proc/loadavg, or "unknown" elsewhere.</summary>
    private static string LoadAverage()
    {
        try
        {
            return string.Join(" ", File.ReadAllText("/proc/loadavg").Split(' ').Take(3));
        }
        catch (IOException)
        {
            return "unknown";
        }
        catch (UnauthorizedAccessException)
        {
            return "unknown";
        }
    }

    private static double? Find(List<string[]> rows, string primitive, string operation, string implementation)
    {
        string[]? row = rows.FirstOrDefault(r => r[0] == primitive && r[1] == operation && r[3] == implementation);
        return row is null ? null : double.Parse(row[5], CultureInfo.InvariantCulture);
    }

    private sealed record Mode(string Name, string Label, string[] Environment, bool Pinned);
}
