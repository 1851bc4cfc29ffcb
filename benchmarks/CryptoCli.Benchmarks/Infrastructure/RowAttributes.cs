using System;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Marks a benchmark class as part of the default run and names its primitive (the first CSV column).
/// Classes without it (the studies) run only through <c>--filter</c>.
/// </summary>
[AttributeUsage(AttributeTargets.Class, Inherited = false)]
public sealed class PrimitiveAttribute : Attribute
{
    public PrimitiveAttribute(string name) => Name = name;

    public string Name { get; }
}

/// <summary>
/// Says which row of the results a benchmark method fills: the operation and the implementation
/// (<c>CryptoCli</c>, <c>CryptoCli-portable</c>, <c>CryptoCli-&lt;kernel&gt;</c>, <c>BuiltIn</c>, <c>BouncyCastle</c>,
/// <c>OpenSSL</c>; an OpenSSL row also carries <see cref="OpenSslAttribute"/>).
/// The message size comes from a <c>Size</c> parameter (0 when the class has none: operations per second).
/// </summary>
[AttributeUsage(AttributeTargets.Method, Inherited = false)]
public sealed class RowAttribute : Attribute
{
    public RowAttribute(string operation, string implementation)
    {
        Operation = operation;
        Implementation = implementation;
    }

    public string Operation { get; }

    public string Implementation { get; }

    /// <summary>Overrides the class's primitive name for this method (for example Rijndael-256 beside Rijndael-128).</summary>
    public string? Primitive { get; set; }
}
