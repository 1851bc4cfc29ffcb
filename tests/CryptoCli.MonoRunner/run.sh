#!/usr/bin/env bash
# Runs every vector file through the netstandard2.0 build of CryptoCli on Mono, and prints "N passed, N failed".
# Installs Mono from the distribution's packages (Debian: mono-devel) when it is missing.
# Usage: tests/CryptoCli.MonoRunner/run.sh [--bench]
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v mono >/dev/null 2>&1 || [ ! -d /usr/lib/mono/4.8-api ]; then
    echo "installing mono-devel (Mono runtime and reference assemblies)..."
    if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq mono-devel >/dev/null
fi
if ! build_log=$(dotnet build -c Release -nologo CryptoCli.MonoRunner.csproj 2>&1); then echo "$build_log" | grep -E "error|warn" | sort -u; echo "0 passed, 1 failed"; exit 1; fi
mono --version | head -n 1
exec mono bin/Release/net48/CryptoCli.MonoRunner.exe "$@"
