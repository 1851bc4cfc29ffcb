#!/usr/bin/env bash
# NativeAOT smoke test: tests/CryptoCli.AotSmoke (every public primitive over fixed inputs, published answers, ECDSA
# with PEM round trips) published with NativeAOT for linux-x64 and run beside the same program under the JIT. Each
# output line that agrees counts as passed, each that differs (or is missing) as failed; so do both exit codes and
# the absence of trim/AOT warnings. Prints the binary's size. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
out="$PWD/artifacts/aot"
rm -rf "$out"
mkdir -p "$out"
passed=0
failed=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

# NativeAOT links with clang (Debian's clang-NN is found too); install it when the machine has none.
if ! command -v clang >/dev/null 2>&1 && ! compgen -c clang- | grep -q -E '^clang-[0-9]+$'; then
    echo "installing clang (NativeAOT's native linker)..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang zlib1g-dev >/dev/null \
        || { echo "FAIL cannot install clang"; echo "0 passed, 1 failed"; exit 1; }
fi

if ! dotnet build tests/CryptoCli.AotSmoke -c Release -nologo > "$out/build.log" 2>&1; then
    grep -E "error|warn" "$out/build.log" | sort -u
    echo "0 passed, 1 failed"
    exit 1
fi

if ! dotnet publish tests/CryptoCli.AotSmoke -c Release -r linux-x64 -o "$out/native" -nologo > "$out/publish.log" 2>&1; then
    grep -E "error|warn" "$out/publish.log" | sort -u
    echo "FAIL NativeAOT publish"
    echo "0 passed, 1 failed"
    exit 1
fi

warnings=$(grep -c -E 'warning (IL[0-9]+|NETSDK)' "$out/publish.log")
if [ "$warnings" -eq 0 ]; then passed=$((passed + 1)); else grep -E 'warning (IL[0-9]+|NETSDK)' "$out/publish.log" | sort -u; fail "$warnings trim/AOT warnings"; fi

binary="$out/native/CryptoCli.AotSmoke"
echo "NativeAOT binary: $(stat -c %s "$binary") bytes ($(awk "BEGIN { printf \"%.2f\", $(stat -c %s "$binary") / 1048576 }") MiB), linux-x64"

dotnet tests/CryptoCli.AotSmoke/bin/Release/net10.0/CryptoCli.AotSmoke.dll > "$out/jit.txt" 2>&1
jit_status=$?
"$binary" > "$out/native.txt" 2>&1
native_status=$?
if [ "$jit_status" -eq 0 ]; then passed=$((passed + 1)); else fail "the JIT build exited $jit_status"; fi
if [ "$native_status" -eq 0 ]; then passed=$((passed + 1)); else fail "the NativeAOT binary exited $native_status"; fi

# Line by line: both runs print the same operations in the same order.
lines=$(( $(wc -l < "$out/jit.txt") > $(wc -l < "$out/native.txt") ? $(wc -l < "$out/jit.txt") : $(wc -l < "$out/native.txt") ))
for ((i = 1; i <= lines; i++)); do
    jit_line=$(sed -n "${i}p" "$out/jit.txt")
    native_line=$(sed -n "${i}p" "$out/native.txt")
    if [ "$jit_line" = "$native_line" ]; then
        passed=$((passed + 1))
    else
        fail "line $i differs: JIT '$jit_line', NativeAOT '$native_line'"
    fi
done

echo "$lines output lines compared (JIT and NativeAOT); $(grep -c '^published answers that differ: 0$' "$out/native.txt") run with every published answer right"
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
