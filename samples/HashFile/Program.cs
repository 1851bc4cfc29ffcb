// HashFile: Luffa-256 or Luffa-512 of files or standard input, in sha256sum's format, with a --check mode.
//
//   dotnet run --project samples/HashFile -- [--512] [FILE]...         hash files ("-" or none: standard input)
//   dotnet run --project samples/HashFile -- [--512] --check SUMS      verify "HASH  FILE" lines
using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using CryptoCli;

bool wide = Array.IndexOf(args, "--512") >= 0;
var files = new List<string>();
string? checkFile = null;
for (int i = 0; i < args.Length; i++)
{
    if (args[i] == "--check" && i + 1 < args.Length)
    {
        checkFile = args[++i];
    }
    else if (args[i] != "--512")
    {
        files.Add(args[i]);
    }
}

try
{
    return checkFile is null ? Hash(files.Count == 0 ? new List<string> { "-" } : files) : Check(checkFile);
}
catch (IOException e)
{
    Console.Error.WriteLine($"error: {e.Message}");
    return 1;
}

int Hash(List<string> paths)
{
    foreach (string path in paths)
    {
        Console.WriteLine($"{Convert.ToHexStringLower(HashOf(path))}  {path}");
    }

    return 0;
}

int Check(string sumsPath)
{
    int bad = 0;
    foreach (string line in File.ReadLines(sumsPath))
    {
        int split = line.IndexOf("  ", StringComparison.Ordinal);
        if (split <= 0)
        {
            continue;
        }

        string path = line[(split + 2)..];
        bool ok = CryptographicOperations.FixedTimeEquals(Convert.FromHexString(line[..split]), HashOf(path));
        Console.WriteLine($"{path}: {(ok ? "OK" : "FAILED")}");
        bad += ok ? 0 : 1;
    }

    if (bad > 0)
    {
        Console.Error.WriteLine($"WARNING: {bad} computed checksum(s) did NOT match");
    }

    return bad == 0 ? 0 : 1;
}

// The HashAlgorithm streams the file: memory stays constant whatever its size.
byte[] HashOf(string path)
{
    using HashAlgorithm luffa = wide ? Luffa512.Create() : Luffa256.Create();
    using Stream input = path == "-" ? Console.OpenStandardInput() : File.OpenRead(path);
    return luffa.ComputeHash(input);
}
