namespace CryptoCli.Tests;

/// <summary>
/// xunit trait values that select parts of the suite by what they exercise rather than by folder
/// (<c>dotnet test --filter "Category=Plumbing"</c>).
/// </summary>
internal static class TestCategories
{
    /// <summary>The trait name, the one VSTest filters read as <c>Category</c>.</summary>
    public const string Name = "Category";

    /// <summary>
    /// Tests of the code around the kernels: mode objects, padding, one-shots, transforms, counter blocks, the AEAD
    /// and MAC constructions, byte-order helpers and ECDSA's encodings and checks. Each class runs in seconds; the
    /// mutation run (tools/mutation.sh) selects them.
    /// </summary>
    public const string Plumbing = "Plumbing";

    /// <summary>
    /// Trait name for a test left out of the mutation run although its class is <see cref="Plumbing"/>: it drives a
    /// kernel through many vectors or a long input and takes seconds alone, while faster tests cover the same code.
    /// </summary>
    public const string MutationRun = "MutationRun";

    /// <summary>The <see cref="MutationRun"/> value that leaves a test out (filter <c>MutationRun!=Skip</c>).</summary>
    public const string Skip = "Skip";
}
