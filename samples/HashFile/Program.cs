// HashFile: Luffa-256 or Luffa-512 sums of files, in the format of sha256sum, and a --check mode that behaves like
// sha256sum -c.
//
//   HashFile [--512] [FILE]...                       print "HASH  FILE" lines ("-" or no FILE: standard input)
//   HashFile --check [--quiet | --status] [SUMS]...  verify the lines of SUMS files (or standard input)
//
// --check reads the GNU format, "HASH  NAME" or "HASH *NAME" (binary marker); the digest length picks Luffa-256
// (64 hex digits) or Luffa-512 (128). Every line is reported (OK, FAILED, or FAILED open or read for a missing file)
// and the check goes on. Exit codes: 0 every listed file matched; 1 a mismatch, an unreadable listed file, or
// nothing checked at all; 2 usage or input error (an unreadable SUMS file, a FILE that is missing or a directory).
using System;
using System.Collections.Generic;
using System.CommandLine;
using System.IO;
using System.Security.Cryptography;
using CryptoCli;
using CryptoCli.Samples;

var filesArgument = new Argument<string[]>("FILE") { Description = "Files to hash, or with --check the files of sums to verify; '-' or none is standard input.", Arity = ArgumentArity.ZeroOrMore };
var wideOption = new Option<bool>("--512") { Description = "Luffa-512 instead of Luffa-256 (when hashing; --check reads the width from each line)." };
var checkOption = new Option<bool>("--check", "-c") { Description = "Read sums from the FILEs and check them." };
var quietOption = new Option<bool>("--quiet") { Description = "With --check: do not print OK for each file that matched." };
var statusOption = new Option<bool>("--status") { Description = "With --check: print nothing, the exit code tells the result." };
var root = new RootCommand("Prints or checks Luffa-256/Luffa-512 sums, in the format of sha256sum.")
{
    filesArgument, wideOption, checkOption, quietOption, statusOption,
};
root.SetAction(parsed =>
{
    string[] files = parsed.GetValue(filesArgument) is { Length: > 0 } given ? given : ["-"];
    if (!parsed.GetValue(checkOption))
    {
        if (parsed.GetValue(quietOption) || parsed.GetValue(statusOption))
        {
            throw new UsageException("--quiet and --status only apply with --check");
        }

        return Hash(files, parsed.GetValue(wideOption) ? 512 : 256);
    }

    return Check(files, parsed.GetValue(quietOption), parsed.GetValue(statusOption));
});
return Cli.Run(root, args);

static int Hash(string[] paths, int bits)
{
    int result = ExitCode.Ok;
    foreach (string path in paths)
    {
        try
        {
            Console.WriteLine($"{Convert.ToHexStringLower(HashOf(path, bits))}  {path}");
        }
        catch (UsageException e)
        {
            Console.Error.WriteLine($"HashFile: {e.Message}");
            result = ExitCode.UsageOrInputError; // report it and go on with the other files, as sha256sum does
        }
    }

    return result;
}

static int Check(string[] sumsPaths, bool quiet, bool status)
{
    int matched = 0, mismatched = 0, unreadable = 0, malformed = 0;
    bool sumsError = false;
    foreach (string sumsPath in sumsPaths)
    {
        IEnumerable<string> lines;
        try
        {
            lines = sumsPath == "-" ? ReadLines(Console.In) : ReadLines(new StreamReader(Cli.OpenInput(sumsPath)));
        }
        catch (UsageException e)
        {
            Console.Error.WriteLine($"HashFile: {e.Message}");
            sumsError = true;
            continue;
        }

        int wellFormed = 0;
        foreach (string line in lines)
        {
            if (!TryParse(line, out byte[] expected, out string name))
            {
                malformed += line.Trim().Length == 0 ? 0 : 1;
                continue;
            }

            wellFormed++;
            byte[] actual;
            try
            {
                actual = HashOf(name, expected.Length * 8);
            }
            catch (UsageException e)
            {
                if (!status)
                {
                    Console.Error.WriteLine($"HashFile: {e.Message}");
                    Console.WriteLine($"{name}: FAILED open or read");
                }

                unreadable++;
                continue;
            }

            bool ok = CryptographicOperations.FixedTimeEquals(expected, actual);
            if (!status && !(ok && quiet))
            {
                Console.WriteLine($"{name}: {(ok ? "OK" : "FAILED")}");
            }

            matched += ok ? 1 : 0;
            mismatched += ok ? 0 : 1;
        }

        if (wellFormed == 0)
        {
            Console.Error.WriteLine($"HashFile: {sumsPath}: no properly formatted Luffa checksum lines found");
        }
    }

    if (!status)
    {
        Warn(malformed, "line is improperly formatted", "lines are improperly formatted");
        Warn(unreadable, "listed file could not be read", "listed files could not be read");
        Warn(mismatched, "computed checksum did NOT match", "computed checksums did NOT match");
    }

    if (sumsError)
    {
        return ExitCode.UsageOrInputError;
    }

    // Success means something was checked and everything checked matched.
    return matched > 0 && mismatched == 0 && unreadable == 0 ? ExitCode.Ok : ExitCode.Failed;
}

static void Warn(int count, string one, string many)
{
    if (count > 0)
    {
        Console.Error.WriteLine($"HashFile: WARNING: {count} {(count == 1 ? one : many)}");
    }
}

static IEnumerable<string> ReadLines(TextReader reader)
{
    using (reader)
    {
        for (string? line; (line = reader.ReadLine()) is not null;)
        {
            yield return line;
        }
    }
}

// "HASH  NAME" or "HASH *NAME", HASH being 64 or 128 hex digits (either case).
static bool TryParse(string line, out byte[] digest, out string name)
{
    digest = [];
    name = "";
    int space = line.IndexOf(' ');
    if (space is not (64 or 128) || line.Length < space + 3 || line[space + 1] is not (' ' or '*'))
    {
        return false;
    }

    try
    {
        digest = Convert.FromHexString(line.AsSpan(0, space));
    }
    catch (FormatException)
    {
        return false;
    }

    name = line[(space + 2)..];
    return true;
}

// Streams the file through the HashAlgorithm: memory stays constant whatever the size.
static byte[] HashOf(string path, int bits)
{
    using HashAlgorithm luffa = bits == 512 ? Luffa512.Create() : Luffa256.Create();
    if (path == "-")
    {
        using Stream standardInput = Console.OpenStandardInput();
        return luffa.ComputeHash(standardInput);
    }

    using FileStream input = Cli.OpenInput(path);
    try
    {
        return luffa.ComputeHash(input);
    }
    catch (IOException e)
    {
        throw new UsageException($"{path}: read error ({e.Message})");
    }
}
