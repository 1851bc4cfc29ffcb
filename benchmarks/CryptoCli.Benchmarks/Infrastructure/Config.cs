using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Filters;
using Perfolizer.Horology;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Benchmark configurations. Everything runs in-process (<see cref="InProcessEmitToolchain"/>): no generated
/// project to restore, which matters with a partial package registry, and the portable kernels are measured by
/// calling them directly rather than through DOTNET_EnableHWIntrinsic jobs.
/// </summary>
public static class Config
{
    /// <summary>The default run: short iterations sized so that every primitive fits in about five minutes on 2 cores.</summary>
    public static IConfig ShortRun() => Create(Job.Default
        .WithWarmupCount(2)
        .WithIterationCount(5)
        .WithIterationTime(TimeInterval.FromMilliseconds(40))
        .WithLaunchCount(1)
        .WithId("Short"));

    /// <summary>BenchmarkDotNet's dry job: each benchmark once, to prove that everything still builds and runs.</summary>
    public static IConfig Dry() => Create(Job.Dry.WithId("Dry"));

    /// <summary>For <c>--filter</c> runs: BenchmarkDotNet's own defaults (the command line may override the job).</summary>
    public static IConfig Full() => Create(Job.Default.WithId("Full"));

    private static ManualConfig Create(Job job)
    {
        ManualConfig config = ManualConfig.CreateEmpty()
            .AddJob(job.WithToolchain(InProcessEmitToolchain.Instance))
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddColumn(CategoriesColumn.Default)
            .AddLogger(BenchmarkDotNet.Loggers.ConsoleLogger.Default)
            .AddExporter(BenchmarkDotNet.Exporters.MarkdownExporter.GitHub)
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddFilter(new SimpleFilter(OpenSslRowFilter.Runs))
            .WithOptions(ConfigOptions.DisableOptimizationsValidator | ConfigOptions.JoinSummary);
        config.SummaryStyle = BenchmarkDotNet.Reports.SummaryStyle.Default.WithMaxParameterColumnWidth(40);
        return config;
    }
}
