// The runner's unit of work: one family folder of tests/CryptoCli.Tests/Vectors, checked file by file.

namespace CryptoCli.MonoRunner;

/// <summary>
/// The checks of one vector family, mirroring its xunit vector tests. <see cref="CheckFile"/> runs every vector of one
/// file and returns how many it checked (0 counts as a failure); <see cref="CheckTotals"/> then applies the xunit
/// suite's family-wide minimums (so a file that silently lost its vectors is noticed).
/// </summary>
internal abstract class FamilyCheck
{
    /// <summary>The folder name under Vectors/.</summary>
    public abstract string Folder { get; }

    public abstract int CheckFile(VectorFile file);

    public virtual void CheckTotals()
    {
    }
}
