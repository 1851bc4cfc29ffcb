using System;
using System.IO;

namespace CryptoCli.Tests;

/// <summary>The source tree the tests were built from, for tests that read it (README, library sources).</summary>
internal static class RepositoryRoot
{
    /// <summary>Walks up from the test output folder to the folder that holds CryptoCli.sln.</summary>
    /// <returns>The repository's root folder.</returns>
    /// <exception cref="InvalidOperationException">No CryptoCli.sln above the test output: the tests run outside the source tree.</exception>
    public static string Find()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "CryptoCli.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"CryptoCli.sln not found above {AppContext.BaseDirectory}: this test reads the source tree.");
    }
}
