using System;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace CryptoCli.Benchmarks;

/// <summary>
/// <c>dotnet run -c Release --project benchmarks/CryptoCli.Benchmarks</c> runs the default comparison of every
/// primitive (classes marked <see cref="PrimitiveAttribute"/>) and writes benchmarks/results/latest.csv.
/// <c>-- --job Dry</c> runs the same set once each (CI). Any other arguments, such as <c>--filter *Study*</c>,
/// go to BenchmarkDotNet's switcher for full-length runs.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        bool dry = args.Length == 2 && args[0] == "--job" && string.Equals(args[1], "Dry", StringComparison.OrdinalIgnoreCase);
        if (args.Length > 0 && !dry)
        {
            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, Config.Full());
            return 0;
        }

        Type[] types = typeof(Program).Assembly.GetTypes()
            .Where(t => t.GetCustomAttributes(typeof(PrimitiveAttribute), false).Length > 0)
            .OrderBy(t => t.Name, StringComparer.Ordinal)
            .ToArray();
        IConfig config = dry ? Config.Dry() : Config.Short();
        Summary[] summaries = BenchmarkRunner.Run(types, config);
        ResultTable table = ResultTable.From(summaries);
        Console.WriteLine();
        Console.WriteLine(table.ToText());
        string file = table.Write(dry ? "dry" : "latest");
        Console.WriteLine($"Wrote {file}");
        return table.Rows.Count > 0 && summaries.All(s => !s.HasCriticalValidationErrors) ? 0 : 1;
    }
}
