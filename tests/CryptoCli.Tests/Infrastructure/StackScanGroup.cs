using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// The stack scans (<see cref="StackResidue"/>) run alone, after the parallel tests: a scanned call must reach the
/// code tiered compilation optimises, which the runtime delays while other tests keep compiling new methods.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class StackScanGroup
{
    /// <summary>The collection's name, for <see cref="CollectionAttribute"/>.</summary>
    public const string Name = "Stack scans";
}
