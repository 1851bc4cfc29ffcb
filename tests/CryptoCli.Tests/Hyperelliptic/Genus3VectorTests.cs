using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Every file of Vectors/hecc (format in the header of hecc-g3.txt): [params], [divisor n] (φ~(D), −D, 2D, [k]D with
/// the exact decompositions), [sum n] and [decompositions]. Scalar multiples are checked through plain NAF₅, the
/// skew-Frobenius method, [k0]D + [k1]φ~(D), and (for small k) Cantor-only double-and-add: the checks shared with the
/// Mono runner (tests/CryptoCli.VectorChecks/HeccVectorChecks.cs).
/// </summary>
public class Genus3VectorTests
{
    [Fact]
    public void AllHeccVectorFiles() => new HeccVectorChecks().CheckEveryFile();
}
