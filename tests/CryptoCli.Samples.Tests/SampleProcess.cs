using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using Xunit;

namespace CryptoCli.Samples.Tests;

/// <summary>What a finished process printed and returned.</summary>
internal sealed record ProcessResult(int ExitCode, string Out, string Err)
{
    public override string ToString() => $"exit {ExitCode}{Environment.NewLine}stdout:{Environment.NewLine}{Out}{Environment.NewLine}stderr:{Environment.NewLine}{Err}";
}

/// <summary>Starts the built samples (and other programs) as a user would, in a scratch folder.</summary>
internal sealed class SampleProcess : IDisposable
{
    private static readonly string Configuration = typeof(SampleProcess).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "SamplesConfiguration").Value!;

    public SampleProcess()
    {
        Folder = Path.Combine(Path.GetTempPath(), "cryptocli-samples-" + Guid.NewGuid().ToString("N")[..12]);
        Directory.CreateDirectory(Folder);
    }

    /// <summary>The scratch folder: the working directory of every process started here.</summary>
    public string Folder { get; }

    public static string RepositoryRoot()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "CryptoCli.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"CryptoCli.sln not found above {AppContext.BaseDirectory}");
    }

    public static string SampleDll(string name)
    {
        string dll = Path.Combine(RepositoryRoot(), "samples", name, "bin", Configuration, "net10.0", name + ".dll");
        Assert.True(File.Exists(dll), $"{dll} was not built (the test project references the sample, so building it builds the sample)");
        return dll;
    }

    public string PathOf(string name) => Path.Combine(Folder, name);

    public void Write(string name, byte[] content) => File.WriteAllBytes(PathOf(name), content);

    public void Write(string name, string content) => File.WriteAllText(PathOf(name), content);

    public string[] FileNames() => Directory.GetFileSystemEntries(Folder).Select(Path.GetFileName).OrderBy(n => n, StringComparer.Ordinal).ToArray()!;

    /// <summary>Runs a sample: <c>dotnet samples/NAME/bin/.../NAME.dll args</c>, with CRYPTOCLI_PASSWORD set only when given.</summary>
    public ProcessResult Sample(string name, string? password, params string[] args) =>
        Run(DotnetHost(), [SampleDll(name), .. args], password is null ? null : new Dictionary<string, string> { ["CRYPTOCLI_PASSWORD"] = password });

    /// <summary>Runs a sample with standard input from <paramref name="standardInput"/>.</summary>
    public ProcessResult SampleWithInput(string name, string? password, string standardInput, params string[] args) =>
        Run(DotnetHost(), [SampleDll(name), .. args], password is null ? null : new Dictionary<string, string> { ["CRYPTOCLI_PASSWORD"] = password }, standardInput);

    public ProcessResult Run(string program, IEnumerable<string> args, IDictionary<string, string>? environment = null, string? standardInput = null)
    {
        var start = new ProcessStartInfo(program)
        {
            WorkingDirectory = Folder,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        start.Environment.Remove("CRYPTOCLI_PASSWORD");
        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        foreach (KeyValuePair<string, string> variable in environment ?? new Dictionary<string, string>())
        {
            start.Environment[variable.Key] = variable.Value;
        }

        using Process process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> error = process.StandardError.ReadToEndAsync();
        if (standardInput is not null)
        {
            process.StandardInput.Write(standardInput);
        }

        process.StandardInput.Close();
        if (!process.WaitForExit(TimeSpan.FromMinutes(2)))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"{program} {string.Join(' ', args)} did not finish in 2 minutes");
        }

        process.WaitForExit();
        return new ProcessResult(process.ExitCode, output.Result, error.Result);
    }

    /// <summary>The dotnet host running the tests (the SDK sets DOTNET_HOST_PATH), else dotnet from PATH.</summary>
    public static string DotnetHost() => Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host : "dotnet";

    /// <summary>True when <paramref name="program"/> is on PATH.</summary>
    public static bool OnPath(string program) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator).Any(folder => folder.Length > 0 && File.Exists(Path.Combine(folder, program)));

    public void Dispose() => Directory.Delete(Folder, recursive: true);
}

/// <summary>Assertions every failure case shares: the exit code, one message naming the problem, and no stack trace.</summary>
internal static class Expect
{
    public static void Exit(int expected, ProcessResult result) => Assert.True(result.ExitCode == expected, $"expected exit {expected}, got {result}");

    public static void Error(int expectedExit, ProcessResult result, params string[] messageParts)
    {
        Exit(expectedExit, result);
        NoStackTrace(result);
        foreach (string part in messageParts)
        {
            Assert.True(result.Err.Contains(part, StringComparison.Ordinal), $"stderr does not mention '{part}': {result}");
        }
    }

    public static void NoStackTrace(ProcessResult result)
    {
        Assert.False(result.Err.Contains("   at ", StringComparison.Ordinal) || result.Err.Contains("Unhandled exception", StringComparison.Ordinal), $"a stack trace reached the user: {result}");
        Assert.DoesNotContain("unexpected error", result.Err, StringComparison.Ordinal);
    }
}

/// <summary>A fact that is skipped, visibly, when openssl is not installed (CI installs it).</summary>
public sealed class OpenSslFactAttribute : FactAttribute
{
    public OpenSslFactAttribute()
    {
        if (!SampleProcess.OnPath("openssl"))
        {
            Skip = "openssl is not installed (.ci/run installs it)";
        }
    }
}

/// <summary>A theory that is skipped, visibly, when openssl is not installed (CI installs it).</summary>
public sealed class OpenSslTheoryAttribute : TheoryAttribute
{
    public OpenSslTheoryAttribute()
    {
        if (!SampleProcess.OnPath("openssl"))
        {
            Skip = "openssl is not installed (.ci/run installs it)";
        }
    }
}

/// <summary>A fact that is skipped, visibly, when util-linux's script (a pseudo-terminal for the prompt tests) is missing.</summary>
public sealed class TerminalFactAttribute : FactAttribute
{
    public TerminalFactAttribute()
    {
        if (!SampleProcess.OnPath("script"))
        {
            Skip = "script (util-linux) is not installed: no pseudo-terminal to type a password into";
        }
    }
}
