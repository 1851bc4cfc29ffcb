using System.Collections.Generic;

namespace CryptoCli.Fuzz;

/// <summary>
/// Every fuzz target by name: the names of the corpus folders (Corpus/NAME) and of run.sh's TARGET argument.
/// </summary>
internal static class FuzzTargets
{
    public static IReadOnlyDictionary<string, FuzzTarget> All { get; } = new Dictionary<string, FuzzTarget>
    {
        ["EcdsaImport"] = EcdsaImportTarget.Run,
        ["EcdsaVerify"] = EcdsaVerifyTarget.Run,
        ["KeyWrap"] = KeyWrapTarget.Run,
        ["AeadDecrypt"] = AeadDecryptTarget.Run,
        ["CryptoStreamDecrypt"] = CryptoStreamDecryptTarget.Run,
        ["Ctr"] = CtrTarget.Run,
        ["Genus3Parse"] = Genus3ParseTarget.Run,
        ["XtsDecrypt"] = XtsDecryptTarget.Run,
        ["CmacKdf"] = CmacKdfTarget.Run,
    };
}
