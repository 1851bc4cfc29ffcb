using System;
using System.Runtime.CompilerServices;

namespace CryptoCli.Tests;

/// <summary>
/// CI's third pass sets <c>CRYPTOCLI_FORCE_BIG_ENDIAN_PATH=1</c>: before any CryptoCli type initializes, this maps it
/// to the AppContext switch that makes <see cref="ByteOrder"/> take the big-endian host's code path (explicit byte
/// composition), so every portable kernel test of the suite runs the code PowerPC or s390x would run.
/// </summary>
internal static class ForcedBigEndianPath
{
    public const string EnvironmentVariable = "CRYPTOCLI_FORCE_BIG_ENDIAN_PATH";

    public static bool Requested => Environment.GetEnvironmentVariable(EnvironmentVariable) == "1";

    // The module initializer runs before any code of this assembly, so before any test touches a CryptoCli type;
    // ByteOrder.ForceBigEndianCodePathSwitch is a constant, so reading it does not initialize ByteOrder.
#pragma warning disable CA2255 // ModuleInitializer in a test assembly, which is exactly its intended early hook here
    [ModuleInitializer]
    internal static void Initialize()
#pragma warning restore CA2255
    {
        if (Requested)
        {
            AppContext.SetSwitch(ByteOrder.ForceBigEndianCodePathSwitch, true);
        }
    }
}
