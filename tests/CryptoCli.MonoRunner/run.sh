#!/usr/bin/env bash
# Runs every vector file through the netstandard2.0 build of CryptoCli on Mono, and prints "N passed, N failed".
# Installs Mono from the distribution's packages (Debian: mono-devel) when it is missing.
# Usage: tests/CryptoCli.MonoRunner/run.sh [--bench | --big-endian-path]
# Without arguments it runs the vectors twice: on the little-endian fast path and on the big-endian code path.
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
exe=bin/Release/net48/CryptoCli.MonoRunner.exe
if [ $# -gt 0 ]; then exec mono "$exe" "$@"; fi

# Without arguments: every vector file twice, with the little-endian word loads and on the big-endian code path.
passed=0
failed=0
for pass in "" --big-endian-path; do
    echo "--- pass: ${pass:-default}"
    out=$(mono "$exe" $pass 2>&1) || true
    echo "$out" | grep -v -E '^[0-9]+ passed, [0-9]+ failed$' || true
    line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
    if [ -z "$line" ]; then
        echo "FAIL the runner did not finish"
        failed=$((failed + 1))
    else
        echo "$line"
        passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
        failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
    fi
done
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
