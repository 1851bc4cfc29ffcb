// What the three samples share: System.CommandLine parsing with one exit-code convention, error messages that name
// the file and the problem (never a stack trace), a password prompt that handles Backspace, and checks of input and
// output paths. Compiled into each sample (see the .csproj files), not a library of its own.
using System;
using System.CommandLine;
using System.CommandLine.Invocation;
using System.IO;
using System.Security.Cryptography;
using System.Text;

namespace CryptoCli.Samples;

/// <summary>Exit codes of every sample.</summary>
internal static class ExitCode
{
    /// <summary>The operation succeeded (and every check passed).</summary>
    public const int Ok = 0;

    /// <summary>A verification or authentication failed: wrong password, modified file, bad signature, checksum mismatch.</summary>
    public const int Failed = 1;

    /// <summary>Bad usage or bad input: unknown option, missing file, a directory, an existing output without --force.</summary>
    public const int UsageOrInputError = 2;
}

/// <summary>A problem with the command line or the input, reported as "name: message" with exit code 2.</summary>
internal sealed class UsageException(string message) : Exception(message);

/// <summary>A failed verification or authentication, reported as "name: message" with exit code 1.</summary>
internal sealed class VerificationFailedException(string message) : Exception(message);

internal static class Cli
{
    /// <summary>
    /// Parses <paramref name="args"/> and runs the command's action. Parse errors (unknown options, missing values)
    /// are printed with a pointer to --help and give exit code 2; exceptions of the action become one line on stderr.
    /// </summary>
    public static int Run(RootCommand root, string[] args)
    {
        ParseResult result = root.Parse(args);
        string name = root.Name;
        if (result.Action is ParseErrorAction)
        {
            foreach (var error in result.Errors)
            {
                Console.Error.WriteLine($"{name}: {error.Message}");
            }

            Console.Error.WriteLine($"Try '{name} --help' for more information.");
            return ExitCode.UsageOrInputError;
        }

        try
        {
            return result.Invoke(new InvocationConfiguration { EnableDefaultExceptionHandler = false });
        }
        catch (VerificationFailedException e)
        {
            Console.Error.WriteLine($"{name}: {e.Message}");
            return ExitCode.Failed;
        }
        catch (Exception e) when (e is UsageException or IOException or UnauthorizedAccessException or CryptographicException or ArgumentException or InvalidDataException)
        {
            Console.Error.WriteLine($"{name}: {e.Message}");
            return ExitCode.UsageOrInputError;
        }
        catch (Exception e)
        {
            // A bug of the sample: still one line, with the exception's type so it can be reported.
            Console.Error.WriteLine($"{name}: unexpected error ({e.GetType().Name}): {e.Message}");
            return ExitCode.UsageOrInputError;
        }
    }

    /// <summary>Opens an existing regular file for reading; a missing file, a directory or a denied read is a <see cref="UsageException"/>.</summary>
    public static FileStream OpenInput(string path)
    {
        if (Directory.Exists(path))
        {
            throw new UsageException($"{path}: is a directory");
        }

        if (!File.Exists(path))
        {
            throw new UsageException($"{path}: no such file");
        }

        try
        {
            return new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16, FileOptions.SequentialScan);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"{path}: cannot be read ({e.Message})");
        }
    }

    /// <summary>
    /// Checks that <paramref name="path"/> can be written as a new file: not a directory, its folder exists, and it does
    /// not exist yet unless <paramref name="force"/>.
    /// </summary>
    public static void CheckOutput(string path, bool force)
    {
        if (Directory.Exists(path))
        {
            throw new UsageException($"{path}: is a directory");
        }

        string folder = Path.GetDirectoryName(Path.GetFullPath(path))!;
        if (!Directory.Exists(folder))
        {
            throw new UsageException($"{path}: the folder {folder} does not exist");
        }

        if (File.Exists(path) && !force)
        {
            throw new UsageException($"{path}: already exists (use --force to overwrite it)");
        }
    }

    /// <summary>
    /// Writes a new file through a temporary file in the same folder, renamed over <paramref name="path"/> only when
    /// <paramref name="write"/> returns: a failed run leaves neither a partial output nor the temporary file behind.
    /// </summary>
    public static void WriteAtomically(string path, bool force, Action<FileStream> write)
    {
        CheckOutput(path, force);
        string folder = Path.GetDirectoryName(Path.GetFullPath(path))!;
        string temporary = Path.Combine(folder, $".{Path.GetFileName(path)}.{Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(6))}.tmp");
        try
        {
            using (var output = new FileStream(temporary, FileMode.CreateNew, FileAccess.Write, FileShare.None))
            {
                write(output);
                output.Flush(flushToDisk: true);
            }

            File.Move(temporary, path, overwrite: force);
        }
        catch (Exception e)
        {
            File.Delete(temporary);
            if (e is UnauthorizedAccessException or IOException)
            {
                throw new UsageException($"{path}: cannot be written ({e.Message})");
            }

            throw;
        }
    }

    /// <summary>
    /// The password: the CRYPTOCLI_PASSWORD environment variable, else typed on the terminal (asked twice when
    /// <paramref name="confirm"/>). Without a terminal and without the variable it is a usage error, never a hang or
    /// a crash. An empty password is refused unless <paramref name="allowEmpty"/>.
    /// </summary>
    public static string ReadPassword(bool confirm, bool allowEmpty)
    {
        string? password = Environment.GetEnvironmentVariable("CRYPTOCLI_PASSWORD");
        if (password is null)
        {
            if (Console.IsInputRedirected)
            {
                throw new UsageException("no password: set CRYPTOCLI_PASSWORD, or run from a terminal to be asked for one");
            }

            password = Prompt("Password: ");
            if (confirm && Prompt("Repeat the password: ") != password)
            {
                throw new UsageException("the two passwords differ");
            }
        }

        if (password.Length == 0 && !allowEmpty)
        {
            throw new UsageException("the password is empty (use --allow-empty-password to accept it)");
        }

        return password;
    }

    /// <summary>Reads a line from the terminal without echo; Backspace deletes the last character, Ctrl+U the line.</summary>
    private static string Prompt(string label)
    {
        Console.Error.Write(label);
        var typed = new StringBuilder();
        while (true)
        {
            ConsoleKeyInfo key = Console.ReadKey(intercept: true);
            if (key.Key == ConsoleKey.Enter)
            {
                break;
            }

            if (key.Key == ConsoleKey.Backspace || key.KeyChar == '\b' || key.KeyChar == '\x7f')
            {
                if (typed.Length > 0)
                {
                    typed.Length--;
                }
            }
            else if (key.Modifiers.HasFlag(ConsoleModifiers.Control) && key.Key == ConsoleKey.U)
            {
                typed.Clear();
            }
            else if (!char.IsControl(key.KeyChar))
            {
                typed.Append(key.KeyChar);
            }
        }

        Console.Error.WriteLine();
        return typed.ToString();
    }
}

/// <summary>
/// A progress line on stderr (percentage, MB/s, time left) for long operations; shown only when stderr is a terminal
/// (or with --progress always), redrawn at most ten times a second, and erased when done.
/// </summary>
internal sealed class Progress
{
    private readonly string _label;
    private readonly long _total;
    private readonly bool _visible;
    private readonly System.Diagnostics.Stopwatch _clock = System.Diagnostics.Stopwatch.StartNew();
    private long _done;
    private long _lastDrawMs = -1000;

    public Progress(string label, long total, string mode)
    {
        _label = label;
        _total = total;
        _visible = mode switch
        {
            "always" => true,
            "never" => false,
            _ => !Console.IsErrorRedirected,
        };
    }

    public void Advance(long bytes)
    {
        _done += bytes;
        long now = _clock.ElapsedMilliseconds;
        if (_visible && now - _lastDrawMs >= 100)
        {
            _lastDrawMs = now;
            Draw();
        }
    }

    /// <summary>The operation finished: the line shows 100% (CBC decryption counts plaintext, a padding block short).</summary>
    public void Done()
    {
        _done = Math.Max(_done, _total);
        if (_visible)
        {
            Draw();
            Console.Error.WriteLine();
        }
    }

    private void Draw()
    {
        double seconds = Math.Max(_clock.Elapsed.TotalSeconds, 1e-3);
        double rate = _done / seconds;
        int percent = _total > 0 ? (int)(100 * Math.Min(_done, _total) / _total) : 100;
        string left = rate > 0 && _total > _done ? TimeSpan.FromSeconds(Math.Ceiling((_total - _done) / rate)).ToString(@"m\:ss") : "0:00";
        Console.Error.Write($"\r{_label} [{new string('#', percent / 5),-20}] {percent,3}%  {rate / 1e6,7:F1} MB/s  ETA {left} ");
    }
}
