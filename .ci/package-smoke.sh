#!/usr/bin/env bash
# Packs CryptoCli as a CI release build, checks what the package holds (nuspec metadata, the three target frameworks'
# assemblies and XML docs, the symbol package's portable PDBs), installs it into two scratch consoles from a local
# folder source and runs them: a net10.0 one, and a net8.0 one that must restore the net8.0 build (byte for byte)
# and run it on a real .NET 8 runtime with the hardware kernels on. So a broken package (missing assembly, docs,
# dependency or TFM, wrong metadata, non-deterministic build, .NET 8/9 apps falling back to netstandard2.0) cannot
# ship.
#
# The .NET 8 runtime, in order of preference: one installed on the machine (framework-dependent run); else a
# self-contained publish, which restores the .NET 8 runtime pack (Microsoft.NETCore.App.Runtime.<rid>) from the
# NuGet registry, so the app runs on .NET 8 itself (this is what CI uses here: only the .NET 10 runtime is
# installed); only if that pack cannot be restored, as a last resort, the net8.0 app rolls forward onto the installed
# runtime (DOTNET_ROLL_FORWARD=Major), which still proves which build is restored but not that it runs on .NET 8:
# the script says so loudly.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "package-smoke: $*" >&2; exit 1; }

version=$(grep -o '<Version>[^<]*' "$root/src/CryptoCli/CryptoCli.csproj" | head -n 1 | cut -d'>' -f2)
# CI=true: ContinuousIntegrationBuild (deterministic paths), warnings as errors; package validation runs in pack.
# Built from scratch first: a local Release build left in obj/ (e.g. by the README's benchmark command) would
# otherwise be packed as it is, without the CI build's mapped PDB paths.
CI=true dotnet build "$root/src/CryptoCli" -c Release --no-incremental -nologo -v quiet
CI=true dotnet pack "$root/src/CryptoCli" -c Release --no-build -o "$work/feed" -nologo -v quiet
nupkg="$work/feed/CryptoCli.$version.nupkg"
snupkg="$work/feed/CryptoCli.$version.snupkg"
test -f "$nupkg" || fail "no $nupkg"
test -f "$snupkg" || fail "no $snupkg"

# ---- The package's files ----
files=$(unzip -Z1 "$nupkg")
tfms="netstandard2.0 net8.0 net10.0"
for f in PACKAGE.md \
         lib/netstandard2.0/CryptoCli.dll lib/netstandard2.0/CryptoCli.xml \
         lib/net8.0/CryptoCli.dll lib/net8.0/CryptoCli.xml \
         lib/net10.0/CryptoCli.dll lib/net10.0/CryptoCli.xml; do
    grep -qx "$f" <<<"$files" || fail "the nupkg lacks $f"
done
# The package readme is src/CryptoCli/PACKAGE.md, packed as it is (the repository's README.md is not the package's).
unzip -p "$nupkg" PACKAGE.md | cmp -s - "$root/src/CryptoCli/PACKAGE.md" || fail "the packed PACKAGE.md differs from src/CryptoCli/PACKAGE.md"
! grep -qx README.md <<<"$files" || fail "the nupkg holds README.md; its readme is PACKAGE.md"
for tfm in $tfms; do
    # The XML docs must describe the public types, not be an empty shell.
    members=$(unzip -p "$nupkg" "lib/$tfm/CryptoCli.xml" | grep -c '<member name="T:CryptoCli\.' || true)
    [ "$members" -ge 20 ] || fail "lib/$tfm/CryptoCli.xml documents only $members types"
done

# ---- The nuspec ----
nuspec=$(unzip -p "$nupkg" CryptoCli.nuspec | tr -d '\r')
has() { grep -qE "$1" <<<"$nuspec" || fail "the nuspec lacks $2 (pattern: $1)"; }
has '<readme>PACKAGE\.md</readme>' "the package readme (PACKAGE.md)"
has '<license type="expression">MIT</license>' "the licence expression"
has '<tags>[^<]*cryptography[^<]*</tags>' "the tags"
has 'Commonly Used Types:' "the list of commonly used types in the description"
has '<repository type="git"[^>]* commit="[0-9a-f]{40}"' "the repository type and commit (SourceLink)"
if git -C "$root" rev-parse HEAD >/dev/null 2>&1; then
    head_commit=$(git -C "$root" rev-parse HEAD)
    has "commit=\"$head_commit\"" "the commit of HEAD ($head_commit)"
fi
# System.Memory only for netstandard2.0; net8.0 and net10.0 depend on nothing.
deps=$(tr -d '\n' <<<"$nuspec" | grep -o '<dependencies>.*</dependencies>')
grep -qE '<group targetFramework="net8.0" */>' <<<"$deps" || fail "net8.0 must have an empty dependency group: $deps"
grep -qE '<group targetFramework="net10.0" */>' <<<"$deps" || fail "net10.0 must have an empty dependency group: $deps"
grep -qE '<group targetFramework=".NETStandard2.0">[^/]*<dependency id="System.Memory"' <<<"$deps" ||
    fail "netstandard2.0 must depend on System.Memory: $deps"
[ "$(grep -o '<dependency ' <<<"$deps" | wc -l)" -eq 1 ] || fail "unexpected dependencies: $deps"
# The description's list of types, checked against the assembly's public types by the console below.
sed -n '/Commonly Used Types:/,/<\/description>/p' <<<"$nuspec" | grep -o 'CryptoCli\.[A-Za-z0-9]*' > "$work/listed-types.txt"

# ---- The symbol package: one portable PDB per target framework ----
mkdir "$work/symbols"
unzip -q "$snupkg" -d "$work/symbols"
for tfm in $tfms; do
    pdb="$work/symbols/lib/$tfm/CryptoCli.pdb"
    test -f "$pdb" || fail "the snupkg lacks lib/$tfm/CryptoCli.pdb"
    [ "$(head -c 4 "$pdb")" = "BSJB" ] || fail "lib/$tfm/CryptoCli.pdb is not a portable PDB"
done

# Every TFM's XML docs, checked by the console below: every member has a non-empty summary or an inheritdoc.
mkdir "$work/docs"
for tfm in $tfms; do
    unzip -p "$nupkg" "lib/$tfm/CryptoCli.xml" > "$work/docs/$tfm.xml"
done

# ---- Install into two scratch consoles (net10.0 and net8.0) and run them ----
# The known answer comes from the test vectors, not from this script: NIST ShortMsgKAT Luffa-256, Len = 0.
luffa_empty=$(grep -E '^Alg=Luffa-256 .*Len=0 ' "$root/tests/CryptoCli.Tests/Vectors/luffa/luffa.txt" | head -n 1 | grep -o 'MD=[0-9a-f]*' | cut -d= -f2)
[ ${#luffa_empty} -eq 64 ] || fail "no Luffa-256 empty-message vector in luffa.txt"

# Writes a console project for target framework $1 into $work/app-$1, with Program.cs from $work/Program.cs.
make_app() {
    local tfm="$1" dir="$work/app-$1"
    mkdir "$dir"
    cp "$work/Program.cs" "$dir/"
    cat > "$dir/nuget.config" <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="local" value="$work/feed" />
    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />
  </packageSources>
</configuration>
XML
    cat > "$dir/app.csproj" <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>$tfm</TargetFramework>
    <ImplicitUsings>enable</ImplicitUsings>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
    <!-- A private package folder: the global one caches CryptoCli $version from earlier packs, and restore would
         silently install that stale copy instead of the package just built. -->
    <RestorePackagesPath>$work/packages</RestorePackagesPath>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="CryptoCli" Version="$version" />
  </ItemGroup>
</Project>
XML
}

cat > "$work/Program.cs" <<'CS'
#pragma warning disable CRYPTOCLI001 // LargeBlock*.IsHardwareAccelerated: the research ciphers are [Experimental]
using System.Reflection;
using System.Reflection.PortableExecutable;
using System.Runtime.Versioning;
using System.Security.Cryptography;
using CryptoCli;

int failures = 0;
void Check(bool ok, string what)
{
    Console.WriteLine((ok ? "ok   " : "FAIL ") + what);
    failures += ok ? 0 : 1;
}

// FIPS-197 Appendix C.1
using var aes = RijndaelCipher.Create();
aes.Key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f");
string ct = Convert.ToHexString(aes.EncryptEcb(Convert.FromHexString("00112233445566778899aabbccddeeff"), PaddingMode.None));
Check(ct == "69C4E0D86A7B0430D8CDB78070B4C55A", "Rijndael-128 (AES) FIPS-197 C.1: " + ct);

// Luffa-256 of the empty message against the digest the script read from the vector file (NIST ShortMsgKAT).
string luffa = Convert.ToHexString(Luffa256.HashData(ReadOnlySpan<byte>.Empty)).ToLowerInvariant();
Check(luffa == Environment.GetEnvironmentVariable("SMOKE_LUFFA256_EMPTY"), "Luffa-256 of the empty message: " + luffa);

// The build this consumer restored: the target framework's own assembly, byte for byte the one in the package,
// running on the runtime the script expects (a net8.0 app must not fall back to netstandard2.0, which has no
// hardware kernels).
Assembly library = typeof(RijndaelCipher).Assembly;
string framework = library.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "none";
Check(framework == Environment.GetEnvironmentVariable("SMOKE_EXPECT_FRAMEWORK"), "restored build: " + framework);
string sha256 = Convert.ToHexString(SHA256.HashData(File.ReadAllBytes(library.Location))).ToLowerInvariant();
Check(sha256 == Environment.GetEnvironmentVariable("SMOKE_EXPECT_SHA256"), $"{library.Location} is the package's assembly for this framework: {sha256}");
Check(Environment.Version.Major.ToString() == Environment.GetEnvironmentVariable("SMOKE_EXPECT_RUNTIME"), $"runs on .NET {Environment.Version}");

// The hardware kernels are on (this check needs a CPU with AES instructions; CI's has AES-NI and AVX2).
bool x86 = System.Runtime.Intrinsics.X86.Aes.IsSupported && System.Runtime.Intrinsics.X86.Avx2.IsSupported;
bool arm = System.Runtime.Intrinsics.Arm.Aes.IsSupported;
Check(x86 || arm, "the CPU has AES instructions (AES-NI with AVX2, or ARMv8 AES), so the hardware kernels can be checked");
Check(RijndaelCipher.IsHardwareAccelerated && Haraka.IsHardwareAccelerated && LargeBlock256OneRoundUnpack.IsHardwareAccelerated
    && (Camellia.IsHardwareAccelerated || arm),
    $"hardware kernels on: Rijndael {RijndaelCipher.IsHardwareAccelerated}, Haraka {Haraka.IsHardwareAccelerated}, "
    + $"LargeBlock {LargeBlock256OneRoundUnpack.IsHardwareAccelerated}, Camellia {Camellia.IsHardwareAccelerated} (x86 only)");

// The hardware AES kernel against the runtime's Aes, on random data, every AES key size, ECB and CBC.
foreach (int keyBytes in new[] { 16, 24, 32 })
{
    byte[] key = RandomNumberGenerator.GetBytes(keyBytes), iv = RandomNumberGenerator.GetBytes(16);
    byte[] message = RandomNumberGenerator.GetBytes(4096 + 13);
    using var ours = RijndaelCipher.Create();
    using var builtIn = Aes.Create();
    ours.Key = key;
    builtIn.Key = key;
    byte[] ecb = ours.EncryptEcb(message.AsSpan(0, 4096), PaddingMode.None);
    byte[] cbc = ours.EncryptCbc(message, iv);
    Check(ecb.AsSpan().SequenceEqual(builtIn.EncryptEcb(message.AsSpan(0, 4096), PaddingMode.None))
        && cbc.AsSpan().SequenceEqual(builtIn.EncryptCbc(message, iv))
        && ours.DecryptCbc(cbc, iv).AsSpan().SequenceEqual(message),
        $"AES-{keyBytes * 8} ECB and CBC equal to the runtime's Aes on 4 KiB of random data");
}

// Camellia RFC 3713 (128-bit key), 32 blocks at once so that the bulk (byte-sliced) kernel runs.
using (var camellia = Camellia.Create())
{
    camellia.Key = Convert.FromHexString("0123456789abcdeffedcba9876543210");
    byte[] blocks = new byte[32 * 16];
    for (int i = 0; i < 32; i++)
    {
        Convert.FromHexString("0123456789abcdeffedcba9876543210").CopyTo(blocks, 16 * i);
    }

    string camelliaCt = Convert.ToHexString(camellia.EncryptEcb(blocks, PaddingMode.None));
    Check(camelliaCt == string.Concat(Enumerable.Repeat("67673138549669730857065648EABE43", 32)), "Camellia-128 RFC 3713, 32 blocks");
}

// ECDSA over secp192r1: our signature verifies with our key and with the runtime's ECDsa.
using (var signer = new ECDsaSecp192r1())
{
    byte[] data = RandomNumberGenerator.GetBytes(100);
    byte[] signature = signer.SignData(data, HashAlgorithmName.SHA256);
    using var verifier = ECDsa.Create(signer.ExportParameters(includePrivateParameters: false));
    Check(signer.VerifyData(data, signature, HashAlgorithmName.SHA256) && verifier.VerifyData(data, signature, HashAlgorithmName.SHA256),
        "ECDSA secp192r1 signature verified by us and by the runtime");
}

// The description lists every public type of the library, and nothing else.
var exported = library.GetExportedTypes().Select(t => t.FullName!).Order().ToArray();
var listed = File.ReadAllLines(Environment.GetEnvironmentVariable("SMOKE_LISTED_TYPES")!).Where(l => l.Length > 0).Order().ToArray();
Check(exported.SequenceEqual(listed), $"the description lists the {exported.Length} public types: "
    + string.Join(", ", exported.Except(listed).Select(t => "missing " + t).Concat(listed.Except(exported).Select(t => "extra " + t))));

// The packed XML docs of both target frameworks: no member of a public type without a summary (CS1591 only
// catches missing docs, not empty ones). Internal types' docs are in the file too, and are not checked here.
var publicTypes = exported.ToHashSet();
foreach (string xml in Directory.GetFiles(Environment.GetEnvironmentVariable("SMOKE_DOCS")!, "*.xml"))
{
    var members = System.Xml.Linq.XDocument.Load(xml).Descendants("member")
        .Where(m => publicTypes.Any(t => ((string)m.Attribute("name")).Substring(2).Split('(')[0] is var id
            && (id == t || id.StartsWith(t + ".", StringComparison.Ordinal))))
        .ToArray();
    var empty = members.Where(m => m.Element("inheritdoc") is null
        && string.IsNullOrWhiteSpace(m.Element("summary")?.Value) && m.Element("summary")?.HasElements != true)
        .Select(m => (string)m.Attribute("name")).ToArray();
    Check(members.Length > 100 && empty.Length == 0,
        $"{Path.GetFileName(xml)}: {members.Length} documented public members, {empty.Length} without a summary {string.Join(" ", empty)}");
}

// A deterministic CI build: a Reproducible debug entry, and source paths mapped to /_/ (ContinuousIntegrationBuild).
using var pe = new PEReader(File.OpenRead(library.Location));
var debug = pe.ReadDebugDirectory();
Check(debug.Any(e => e.Type == DebugDirectoryEntryType.Reproducible), "deterministic (Reproducible debug directory entry)");
var codeView = debug.Where(e => e.Type == DebugDirectoryEntryType.CodeView).Select(pe.ReadCodeViewDebugDirectoryData).ToArray();
Check(codeView.Length == 1 && codeView[0].Path.StartsWith("/_/", StringComparison.Ordinal),
    "CI build, PDB path mapped: " + string.Join(", ", codeView.Select(c => c.Path)));

Console.WriteLine(failures == 0 ? "package ok" : $"package WRONG: {failures} check(s) failed");
return failures == 0 ? 0 : 1;
CS
# The projects live outside the repository, so the repository's Directory.*.props do not apply.
export SMOKE_LUFFA256_EMPTY="$luffa_empty" SMOKE_LISTED_TYPES="$work/listed-types.txt" SMOKE_DOCS="$work/docs"
package_sha256() { unzip -p "$nupkg" "lib/$1/CryptoCli.dll" | sha256sum | cut -d' ' -f1; }

echo "package-smoke: net10.0 console (framework-dependent, the installed .NET 10 runtime)"
make_app net10.0
(cd "$work/app-net10.0" &&
    SMOKE_EXPECT_FRAMEWORK=".NETCoreApp,Version=v10.0" SMOKE_EXPECT_SHA256="$(package_sha256 net10.0)" SMOKE_EXPECT_RUNTIME=10 \
    dotnet run -nologo -v quiet)

make_app net8.0
cd "$work/app-net8.0"
export SMOKE_EXPECT_FRAMEWORK=".NETCoreApp,Version=v8.0" SMOKE_EXPECT_SHA256="$(package_sha256 net8.0)"
case "$(uname -m)" in
    x86_64) rid=linux-x64 ;;
    aarch64) rid=linux-arm64 ;;
    *) fail "no .NET runtime identifier known for $(uname -m)" ;;
esac
if dotnet --list-runtimes | grep -q '^Microsoft.NETCore.App 8\.'; then
    echo "package-smoke: net8.0 console on the installed .NET 8 runtime"
    SMOKE_EXPECT_RUNTIME=8 dotnet run -nologo -v quiet
elif dotnet publish -nologo -v quiet -c Release -r "$rid" --self-contained true -o "$work/app-net8.0/out" >"$work/publish8.log" 2>&1; then
    # The runtime pack restored from the registry is .NET 8 itself: the app runs on .NET 8, not on the installed 10.
    echo "package-smoke: net8.0 console, self-contained on the .NET 8 runtime pack (no .NET 8 runtime is installed)"
    SMOKE_EXPECT_RUNTIME=8 "$work/app-net8.0/out/app"
    # Again without BMI2: the ECDSA field multiply then takes .NET 8's own path (it has no UInt128 Math.BigMul).
    echo "package-smoke: the same with DOTNET_EnableBMI2=0"
    SMOKE_EXPECT_RUNTIME=8 DOTNET_EnableBMI2=0 "$work/app-net8.0/out/app"
else
    cat "$work/publish8.log" >&2
    newest=$(dotnet --list-runtimes | grep '^Microsoft.NETCore.App ' | tail -n 1 | cut -d' ' -f2 | cut -d. -f1)
    echo "package-smoke: WARNING: neither an installed .NET 8 runtime nor the .NET 8 runtime pack for $rid: the net8.0 build" \
         "is checked on the .NET $newest runtime by roll-forward, NOT on .NET 8" >&2
    SMOKE_EXPECT_RUNTIME="$newest" DOTNET_ROLL_FORWARD=Major dotnet run -nologo -v quiet
fi
