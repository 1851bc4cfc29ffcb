// The xunit suite run in-process through xunit's engine (XunitTestFramework), for runtimes where `dotnet test`
// cannot run: a self-contained linux-arm64 build under qemu-user has no test host to connect to.

using System;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Threading;
using Xunit.Abstractions;
using Xunit.Sdk;

namespace CryptoCli.Tests;

/// <summary>
/// Discovers and runs every test of this assembly (the sources of tests/CryptoCli.Tests, compiled in), prints each
/// failure and each skip with its reason, and ends with "N passed, N failed, N skipped". Exit code 0 only when
/// nothing failed and at least one test passed.
/// </summary>
internal static class Program
{
    private static int Main()
    {
        Console.WriteLine($"runtime: {RuntimeInformation.FrameworkDescription} {RuntimeInformation.ProcessArchitecture}; "
            + $"hardware intrinsics: Vector128 {System.Runtime.Intrinsics.Vector128.IsHardwareAccelerated}, "
            + $"x86 AES {System.Runtime.Intrinsics.X86.Aes.IsSupported}, Arm AES {System.Runtime.Intrinsics.Arm.Aes.IsSupported}, "
            + $"AdvSimd {System.Runtime.Intrinsics.Arm.AdvSimd.IsSupported}; word loads: "
            + (ByteOrder.IsLittleEndianHost ? "little-endian fast path" : "explicit bytes (the big-endian code path)"));

        var sink = new ResultSink();
        Assembly tests = typeof(Program).Assembly;
        using (var framework = new XunitTestFramework(new DiagnosticSink()))
        using (ITestFrameworkExecutor executor = framework.GetExecutor(tests.GetName()))
        {
            // One test at a time: under an emulator parallel collections only add contention.
            var discovery = new Options();
            var execution = new Options();
            execution.SetValue("xunit.execution.DisableParallelization", true);
            executor.RunAll(sink, discovery, execution);
            sink.Finished.WaitOne();
        }

        Console.WriteLine($"{sink.Passed} passed, {sink.Failed} failed, {sink.Skipped} skipped");
        return sink.Failed == 0 && sink.Passed > 0 ? 0 : 1;
    }

    /// <summary>Counts results and prints what a reader needs: every failure in full, every skip with its reason.</summary>
    private sealed class ResultSink : Xunit.LongLivedMarshalByRefObject, IMessageSink
    {
        public ManualResetEvent Finished { get; } = new(false);

        public int Passed { get; private set; }

        public int Failed { get; private set; }

        public int Skipped { get; private set; }

        public bool OnMessage(IMessageSinkMessage message)
        {
            switch (message)
            {
                case ITestPassed:
                    Passed++;
                    break;
                case ITestFailed failed:
                    Failed++;
                    Console.WriteLine($"FAIL {failed.Test.DisplayName}");
                    Console.WriteLine("  " + string.Join(Environment.NewLine + "  ", failed.Messages));
                    Console.WriteLine("  " + string.Join(Environment.NewLine + "  ", failed.StackTraces));
                    break;
                case ITestSkipped skipped:
                    Skipped++;
                    Console.WriteLine($"SKIP {skipped.Test.DisplayName}: {skipped.Reason}");
                    break;
                case IErrorMessage error:
                    // A failure outside any test (a class fixture, a collection, the assembly) counts as one.
                    Failed++;
                    Console.WriteLine("ERROR " + string.Join(Environment.NewLine + "  ", error.Messages));
                    break;
                case ITestAssemblyFinished:
                    Finished.Set();
                    break;
            }

            return true;
        }
    }

    private sealed class DiagnosticSink : Xunit.LongLivedMarshalByRefObject, IMessageSink
    {
        public bool OnMessage(IMessageSinkMessage message)
        {
            if (message is IDiagnosticMessage diagnostic)
            {
                Console.WriteLine("xunit: " + diagnostic.Message);
            }

            return true;
        }
    }

    /// <summary>xunit's option bag (its runner utility, which has one, is not a dependency of the suite).</summary>
    private sealed class Options : ITestFrameworkDiscoveryOptions, ITestFrameworkExecutionOptions
    {
        private readonly Dictionary<string, object?> _values = new(StringComparer.Ordinal);

        public TValue GetValue<TValue>(string name) => _values.TryGetValue(name, out object? value) && value is TValue typed ? typed : default!;

        public void SetValue<TValue>(string name, TValue value) => _values[name] = value;
    }
}
