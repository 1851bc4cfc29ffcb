using System;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.CsProj;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Org.BouncyCastle.Crypto.Digests;
using Perfolizer.Horology;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Haraka-256 and Haraka-512 single calls against BouncyCastle 2.7.0 under two JIT configurations: with dynamic PGO
/// (in-process, as the default run) and with <c>DOTNET_TieredPGO=0</c> (a process of its own, the environment variable
/// set for it). Dynamic PGO used to flatten our public call into the kernel where PGO-less code (and NativeAOT) kept a
/// chain of calls; the goal is 1.5x BouncyCastle's <c>Haraka256Digest</c>/<c>Haraka512Digest</c> either way. The
/// NativeAOT figure comes from benchmarks/CryptoCli.AotTiming (a BenchmarkDotNet NativeAOT job publishes all the benchmarks
/// and BenchmarkDotNet itself: over 30 minutes on this machine). Not in the default run (one extra build):
/// <c>--filter '*HarakaRuntimeMode*'</c>. The job is part of each row's operation, e.g. "hash (JIT TieredPGO=0)".
/// </summary>
[BenchmarkCategory("HarakaRuntimeMode")]
[Config(typeof(HarakaRuntimeModeConfig))]
public class HarakaRuntimeModeBenchmarks
{
    private readonly byte[] _input = new byte[64];
    private readonly byte[] _output = new byte[32];
    private readonly Haraka256Digest _bc256 = new();
    private readonly Haraka512Digest _bc512 = new();

    [GlobalSetup]
    public void Setup()
    {
        new Random(42).NextBytes(_input);
        byte[] expected = new byte[32];
        foreach ((Action ours, Action[] bouncyCastle) in new[]
        {
            ((Action)Haraka256, new Action[] { Haraka256BouncyCastle, Haraka256BouncyCastleDigest }),
            ((Action)Haraka512, new Action[] { Haraka512BouncyCastle, Haraka512BouncyCastleDigest }),
        })
        {
            ours();
            _output.CopyTo(expected, 0);
            foreach (Action rival in bouncyCastle)
            {
                Array.Clear(_output);
                rival();
                if (!expected.AsSpan().SequenceEqual(_output))
                {
                    throw new InvalidOperationException("Haraka: BouncyCastle and CryptoCli differ");
                }
            }
        }
    }

    [Benchmark, Row("hash", "CryptoCli", Primitive = "Haraka-256")]
    public void Haraka256() => Haraka.Haraka256(_input.AsSpan(0, 32), _output);

    [Benchmark, Row("hash", "BouncyCastle", Primitive = "Haraka-256")]
    public void Haraka256BouncyCastle()
    {
        if (Haraka256_X86.IsSupported)
        {
            Haraka256_X86.Hash(_input.AsSpan(0, 32), _output);
        }
        else
        {
            Haraka256BouncyCastleDigest();
        }
    }

    [Benchmark, Row("hash", "BouncyCastle-digest", Primitive = "Haraka-256")]
    public void Haraka256BouncyCastleDigest()
    {
        _bc256.BlockUpdate(_input.AsSpan(0, 32));
        _bc256.DoFinal(_output);
    }

    [Benchmark, Row("hash", "CryptoCli", Primitive = "Haraka-512")]
    public void Haraka512() => Haraka.Haraka512(_input, _output);

    [Benchmark, Row("hash", "BouncyCastle", Primitive = "Haraka-512")]
    public void Haraka512BouncyCastle()
    {
        if (Haraka512_X86.IsSupported)
        {
            Haraka512_X86.Hash(_input, _output);
        }
        else
        {
            Haraka512BouncyCastleDigest();
        }
    }

    [Benchmark, Row("hash", "BouncyCastle-digest", Primitive = "Haraka-512")]
    public void Haraka512BouncyCastleDigest()
    {
        _bc512.BlockUpdate(_input);
        _bc512.DoFinal(_output);
    }
}

/// <summary>
/// The two jobs of <see cref="HarakaRuntimeModeBenchmarks"/>, short (as the default run) and used instead of the
/// command line's job. The out-of-process job builds a generated project that references this one (restored from the
/// package cache).
/// </summary>
public sealed class HarakaRuntimeModeConfig : ManualConfig
{
    public HarakaRuntimeModeConfig()
    {
        Job shortJob = Job.Default
            .WithWarmupCount(3)
            .WithIterationCount(15)
            .WithIterationTime(TimeInterval.FromMilliseconds(40))
            .WithLaunchCount(1);
        AddJob(shortJob.WithToolchain(InProcessEmitToolchain.Instance).WithId("JIT"));
        AddJob(shortJob.WithToolchain(CsProjCoreToolchain.NetCoreApp10_0)
            .WithEnvironmentVariable("DOTNET_TieredPGO", "0")
            .WithId("JIT TieredPGO=0"));
        // The generated project builds in minutes on a loaded 2-core machine (BenchmarkDotNet's default limit: 2).
        WithBuildTimeout(TimeSpan.FromMinutes(20));
        WithUnionRule(ConfigUnionRule.AlwaysUseLocal);
        AddColumnProvider(BenchmarkDotNet.Columns.DefaultColumnProviders.Instance);
        AddLogger(BenchmarkDotNet.Loggers.ConsoleLogger.Default);
        AddExporter(BenchmarkDotNet.Exporters.MarkdownExporter.GitHub);
        WithOptions(ConfigOptions.DisableOptimizationsValidator | ConfigOptions.JoinSummary);
    }
}
