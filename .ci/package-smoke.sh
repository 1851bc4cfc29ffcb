#!/usr/bin/env bash
# Packs CryptoCli, installs the package into a scratch console project from a local folder source, and runs it,
# so that a broken package (missing assembly, dependency or TFM) cannot ship.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
version=$(grep -o '<Version>[^<]*' "$root/src/CryptoCli/CryptoCli.csproj" | head -n 1 | cut -d'>' -f2)
dotnet pack "$root/src/CryptoCli" -c Release -o "$work/feed" -nologo -v quiet
test -f "$work/feed/CryptoCli.$version.nupkg"
test -f "$work/feed/CryptoCli.$version.snupkg"
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
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="CryptoCli" Version="$version" />
  </ItemGroup>
</Project>
XML
cat > Program.cs <<'CS'
using System.Security.Cryptography;
using CryptoCli;
// FIPS-197 Appendix C.1
using var aes = RijndaelCipher.Create();
aes.Key = Convert.FromHexString("000102030405060708090a0b0c0d0e0f");
string ct = Convert.ToHexString(aes.EncryptEcb(Convert.FromHexString("00112233445566778899aabbccddeeff"), PaddingMode.None));
Console.WriteLine(ct == "69C4E0D86A7B0430D8CDB78070B4C55A" ? "package ok" : "package WRONG " + ct);
return ct == "69C4E0D86A7B0430D8CDB78070B4C55A" ? 0 : 1;
CS
# The project lives outside the repository, so the repository's Directory.*.props do not apply.
dotnet run -nologo -v quiet
