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

    /// <summary>
    /// The <c>--jit-modes</c> children's job (<see cref="JitModeRun"/>): warm-ups long enough for tiered compilation
    /// to finish with every method a case calls, so that each mode measures the code a long-running program runs.
    /// The runtime counts a method's calls only once no method has been compiled at the first tier for 100 ms (the
    /// call-counting delay, restarted by every new first-tier method, including the harness's own between
    /// iterations), promotes it after 30 counted calls, and with dynamic PGO goes through an instrumented tier
    /// first; loops move over by on-stack replacement. BenchmarkDotNet 0.15's jitting stage only calls each case
    /// once and sixteen times before the pilot and the warm-ups. Iterations of 150 ms outlast the delay, and ten
    /// warm-ups (1.5 s) leave room for every promotion with the background compiler sharing a busy core; six
    /// measured iterations keep the run of four modes within a few minutes.
    /// </summary>
    public static IConfig JitModes() => Create(Job.Default
        .WithWarmupCount(10)
        .WithIterationCount(6)
        .WithIterationTime(TimeInterval.FromMilliseconds(150))
        .WithLaunchCount(1)
        .WithId("JitModes"));

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
