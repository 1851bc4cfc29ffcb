using System.Runtime.CompilerServices;

namespace CryptoCli;

/// <summary>How the library's hot methods ask the JIT to compile them, for every target framework.</summary>
internal static class CompileOptions
{
    /// <summary>
    /// Compiled fully optimised on first call, skipping tiered compilation's unoptimised first tier (nothing on
    /// netstandard2.0, which has no such option). For per-call and loop code whose first-tier form is several times
    /// slower (span checks, helpers left as calls) and would otherwise run until tiering reaches it, which for a
    /// program making few calls may be never.
    /// </summary>
#if NET
    public const MethodImplOptions OptimizeAtOnce = MethodImplOptions.AggressiveOptimization;
#else
    public const MethodImplOptions OptimizeAtOnce = 0;
#endif
}
