#!/usr/bin/env bash
# Packs CryptoCli as a CI release build, checks what the package holds (nuspec metadata, both target frameworks'
# assembly and XML docs, the symbol package's portable PDBs), installs it into a scratch console project from a
# local folder source and runs it, so that a broken package (missing assembly, docs, dependency or TFM, wrong
# metadata, non-deterministic build) cannot ship.
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
for f in README.md \
         lib/netstandard2.0/CryptoCli.dll lib/netstandard2.0/CryptoCli.xml \
         lib/net10.0/CryptoCli.dll lib/net10.0/CryptoCli.xml; do
    grep -qx "$f" <<<"$files" || fail "the nupkg lacks $f"
done
for tfm in netstandard2.0 net10.0; do
    # The XML docs must describe the public types, not be an empty shell.
    members=$(unzip -p "$nupkg" "lib/$tfm/CryptoCli.xml" | grep -c '<member name="T:CryptoCli\.' || true)
    [ "$members" -ge 20 ] || fail "lib/$tfm/CryptoCli.xml documents only $members types"
done

# ---- The nuspec ----
nuspec=$(unzip -p "$nupkg" CryptoCli.nuspec | tr -d '\r')
has() { grep -qE "$1" <<<"$nuspec" || fail "the nuspec lacks $2 (pattern: $1)"; }
has '<readme>README\.md</readme>' "the package README"
has '<license type="expression">MIT</license>' "the licence expression"
has '<tags>[^<]*cryptography[^<]*</tags>' "the tags"
has 'Commonly Used Types:' "the list of commonly used types in the description"
has '<repository type="git"[^>]* commit="[0-9a-f]{40}"' "the repository type and commit (SourceLink)"
if git -C "$root" rev-parse HEAD >/dev/null 2>&1; then
    head_commit=$(git -C "$root" rev-parse HEAD)
    has "commit=\"$head_commit\"" "the commit of HEAD ($head_commit)"
fi
# System.Memory only for netstandard2.0; net10.0 depends on nothing.
deps=$(tr -d '\n' <<<"$nuspec" | grep -o '<dependencies>.*</dependencies>')
grep -qE '<group targetFramework="net10.0" */>' <<<"$deps" || fail "net10.0 must have an empty dependency group: $deps"
grep -qE '<group targetFramework=".NETStandard2.0">[^/]*<dependency id="System.Memory"' <<<"$deps" ||
    fail "netstandard2.0 must depend on System.Memory: $deps"
[ "$(grep -o '<dependency ' <<<"$deps" | wc -l)" -eq 1 ] || fail "unexpected dependencies: $deps"
# The description's list of types, checked against the assembly's public types by the console below.
sed -n '/Commonly Used Types:/,/<\/description>/p' <<<"$nuspec" | grep -o 'CryptoCli\.[A-Za-z0-9]*' > "$work/listed-types.txt"

# ---- The symbol package: one portable PDB per target framework ----
mkdir "$work/symbols"
unzip -q "$snupkg" -d "$work/symbols"
for tfm in netstandard2.0 net10.0; do
    pdb="$work/symbols/lib/$tfm/CryptoCli.pdb"
    test -f "$pdb" || fail "the snupkg lacks lib/$tfm/CryptoCli.pdb"
    [ "$(head -c 4 "$pdb")" = "BSJB" ] || fail "lib/$tfm/CryptoCli.pdb is not a portable PDB"
done

# Both TFMs' XML docs, checked by the console below: every member has a non-empty summary or an inheritdoc.
mkdir "$work/docs"
for tfm in netstandard2.0 net10.0; do
    unzip -p "$nupkg" "lib/$tfm/CryptoCli.xml" > "$work/docs/$tfm.xml"
done

# ---- Install into a scratch console and run it ----
# The known answer comes from the test vectors, not from this script: NIST ShortMsgKAT Luffa-256, Len = 0.
luffa_empty=$(grep -E '^Alg=Luffa-256 .*Len=0 ' "$root/tests/CryptoCli.Tests/Vectors/luffa/luffa.txt" | head -n 1 | grep -o 'MD=[0-9a-f]*' | cut -d= -f2)
[ ${#luffa_empty} -eq 64 ] || fail "no Luffa-256 empty-message vector in luffa.txt"

mkdir "$work/app"
cd "$work/app"
cat > nuget.config <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="local" value="$work/feed" />
    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />
  </packageSources>
</configuration>
XML
cat > app.csproj <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net10.0</TargetFramework>
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
cat > Program.cs <<'CS'
using System.Reflection;
using System.Reflection.PortableExecutable;
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
string luffa = Convert.ToHexStringLower(Luffa256.HashData(ReadOnlySpan<byte>.Empty));
Check(luffa == Environment.GetEnvironmentVariable("SMOKE_LUFFA256_EMPTY"), "Luffa-256 of the empty message: " + luffa);

// The description lists every public type of the library, and nothing else.
Assembly library = typeof(RijndaelCipher).Assembly;
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
# The project lives outside the repository, so the repository's Directory.*.props do not apply.
SMOKE_LUFFA256_EMPTY="$luffa_empty" SMOKE_LISTED_TYPES="$work/listed-types.txt" SMOKE_DOCS="$work/docs" dotnet run -nologo -v quiet
