using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;

namespace CryptoCli.Benchmarks;

/// <summary>
/// P1's micro-benchmarks on today's runtime (category CliTechniques; not in the default run):
/// <c>dotnet run -c Release --project benchmarks/CryptoCli.Benchmarks -- --filter '*CliTechnique*' --short</c>.
/// Each benchmark is one call (Table 2) or one loop iteration (Tables 3 and 4, via OperationsPerInvoke).
/// </summary>
[BenchmarkCategory("CliTechniques")]
public class CliTechniqueBenchmarks
{
    private const int Iterations = 4096;
    private readonly uint[] _table = CliTechniqueKernels.Table;
    private int _seed = 3;

    /// <summary>Every variant of a table must compute the same value, and every scratch variant the same result.</summary>
    [GlobalSetup]
    public void CheckVariantsAgree()
    {
        uint expected = CliTechniqueKernels.ExtractByMask(_table, Iterations);
        uint[] results =
        [
            CliTechniqueKernels.ExtractByCast(_table, Iterations),
            CliTechniqueKernels.TableThroughStatic(Iterations),
            CliTechniqueKernels.TableThroughLocal(Iterations),
            CliTechniqueKernels.TableThroughArgument(_table, Iterations),
            CliTechniqueKernels.TableByPointer(_table, Iterations),
            CliTechniqueKernels.TableByUnsafeAdd(_table, Iterations),
            CliTechniqueKernels.TableByStaticSpan(Iterations),
        ];
        for (int seed = 0; seed < 16; seed++)
        {
            int scratch = CliTechniqueKernels.ScratchHeap(seed);
            if (CliTechniqueKernels.ScratchStackallocPointer(seed) != scratch || CliTechniqueKernels.ScratchStackallocSpan(seed) != scratch
                || ScratchSkipLocalsInit(seed) != scratch)
            {
                throw new System.InvalidOperationException("the scratch-array variants disagree");
            }
        }

        if (CliTechniqueKernels.FourChainsByArray(_table, Iterations) != CliTechniqueKernels.FourChainsByUnsafeAdd(_table, Iterations))
        {
            throw new System.InvalidOperationException("the four-chain variants disagree");
        }

        if (System.Array.Exists(results, r => r != expected))
        {
            throw new System.InvalidOperationException("the table-access variants disagree");
        }
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Scratch")]
    public int ScratchHeap() => CliTechniqueKernels.ScratchHeap(_seed++);

    [Benchmark, BenchmarkCategory("Scratch")]
    public int ScratchStackallocPointer() => CliTechniqueKernels.ScratchStackallocPointer(_seed++);

    [Benchmark, BenchmarkCategory("Scratch")]
    public int ScratchStackallocSpan() => CliTechniqueKernels.ScratchStackallocSpan(_seed++);

    [Benchmark, BenchmarkCategory("Scratch")]
    public int ScratchStackallocSpanSkipLocalsInit() => ScratchSkipLocalsInit(_seed++);

    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int ScratchSkipLocalsInit(int seed)
    {
        System.Span<int> scratch = stackalloc int[8];
        for (int i = 0; i < 8; i++)
        {
            scratch[i] = seed + i;
        }

        return scratch[seed & 7];
    }

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("ByteExtraction")]
    public uint ExtractByMask() => CliTechniqueKernels.ExtractByMask(_table, Iterations);

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("ByteExtraction")]
    public uint ExtractByCast() => CliTechniqueKernels.ExtractByCast(_table, Iterations);

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("TableReference")]
    public uint TableThroughStatic() => CliTechniqueKernels.TableThroughStatic(Iterations);

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("TableReference")]
    public uint TableThroughLocal() => CliTechniqueKernels.TableThroughLocal(Iterations);

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("TableReference")]
    public uint TableThroughArgument() => CliTechniqueKernels.TableThroughArgument(_table, Iterations);

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("BoundsChecks")]
    public uint TableByArray() => CliTechniqueKernels.ExtractByCast(_table, Iterations);

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("BoundsChecks")]
    public uint TableByPointer() => CliTechniqueKernels.TableByPointer(_table, Iterations);

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("BoundsChecks")]
    public uint TableByUnsafeAdd() => CliTechniqueKernels.TableByUnsafeAdd(_table, Iterations);

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("BoundsChecks")]
    public uint TableByStaticSpan() => CliTechniqueKernels.TableByStaticSpan(Iterations);

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("BoundsChecksFourChains")]
    public uint FourChainsByArray() => CliTechniqueKernels.FourChainsByArray(_table, Iterations);

    [Benchmark(OperationsPerInvoke = Iterations), BenchmarkCategory("BoundsChecksFourChains")]
    public uint FourChainsByUnsafeAdd() => CliTechniqueKernels.FourChainsByUnsafeAdd(_table, Iterations);
}
