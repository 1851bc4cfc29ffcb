#!/usr/bin/env bash
# Runs one fuzz target under AFL++ for MINUTES minutes (or until EXECS executions, if given):
#   tests/CryptoCli.Fuzz/run.sh TARGET MINUTES [EXECS]
# Installs AFL++ (Debian's afl++) and the SharpFuzz tool (.config/dotnet-tools.json) when missing, publishes the
# fuzz project, instruments CryptoCli.dll, and starts from the committed corpus plus the generated seeds.
# Output (queue, crashes, hangs, fuzzer_stats) goes to artifacts/fuzz/out/TARGET, and the queue minimised with
# afl-cmin to artifacts/fuzz/corpus/TARGET; FUZZ_OUT moves artifacts/fuzz. With FUZZ_COMMIT_CORPUS=1 the minimised
# queue replaces Corpus/TARGET, the corpus `dotnet test` replays (files named by their SHA-256, with .bin so that the
# repository's text scans skip them).
# Run it under `nice -n 19` on a shared machine.
set -euo pipefail

if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET MINUTES [EXECS]" >&2
    exit 2
fi
target=$1
minutes=$2
execs=${3:-}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${FUZZ_OUT:-$root/artifacts/fuzz}
plain=$out/plain
publish=$out/publish

if ! command -v afl-fuzz > /dev/null; then
    apt-get update
    apt-get install -y afl++
fi

cd "$root"
dotnet tool restore > /dev/null

# Publish and instrument once per state of the sources; a stale instrumented build would fuzz old code.
stamp=$(find src tests/CryptoCli.Fuzz \( -name '*.cs' -o -name '*.csproj' -o -name '*.props' \) \
    -not -path '*/obj/*' -not -path '*/bin/*' | sort | xargs sha256sum | sha256sum | cut -c1-16)
if [ "$(cat "$publish/.stamp" 2> /dev/null)" != "$stamp" ] || [ ! -f "$plain/CryptoCli.Fuzz.dll" ]; then
    rm -rf "$publish" "$plain"
    dotnet publish tests/CryptoCli.Fuzz -c Release -o "$plain" --nologo -v quiet
    cp -r "$plain" "$publish"
    dotnet tool run sharpfuzz "$publish/CryptoCli.dll"
    echo "$stamp" > "$publish/.stamp"
fi

# The instrumented library runs only under afl-fuzz; the plain build lists targets, writes seeds and replays files
# (artifacts/fuzz/plain/CryptoCli.Fuzz TARGET FILE...).
if ! dotnet "$plain/CryptoCli.Fuzz.dll" --list | grep -qx "$target"; then
    echo "unknown target $target; targets:" $(dotnet "$plain/CryptoCli.Fuzz.dll" --list) >&2
    exit 2
fi

# Starting inputs: the committed corpus, the regression inputs of past findings, and the generated seeds.
input=$out/in/$target
rm -rf "$input" "$out/seeds"
mkdir -p "$input"
dotnet "$plain/CryptoCli.Fuzz.dll" --seeds "$out/seeds"
cp "$out/seeds/$target"/* "$input"/
for folder in "$here/Corpus/$target" "$here/Findings/$target"; do
    if [ -d "$folder" ]; then
        cp "$folder"/* "$input"/ 2> /dev/null || true
    fi
done

limit=()
if [ -n "$execs" ]; then
    limit=(-E "$execs")
fi

export AFL_SKIP_BIN_CHECK=1 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
rm -rf "$out/out/$target"
mkdir -p "$out/out"
afl-fuzz -i "$input" -o "$out/out/$target" -t 5000 -m none -V $((minutes * 60)) "${limit[@]}" \
    -- dotnet "$publish/CryptoCli.Fuzz.dll" "$target"

# afl-cmin wants the target by absolute path.
dotnet=$(readlink -f "$(command -v dotnet)")
rm -rf "$out/corpus/$target"
mkdir -p "$out/corpus"
afl-cmin -i "$out/out/$target/default/queue" -o "$out/corpus/$target" -t 5000 -m none \
    -- "$dotnet" "$publish/CryptoCli.Fuzz.dll" "$target" > "$out/corpus/$target.log" 2>&1 \
    || echo "afl-cmin failed: $out/corpus/$target.log" >&2
if [ "${FUZZ_COMMIT_CORPUS:-0}" = 1 ] && [ -n "$(ls -A "$out/corpus/$target" 2> /dev/null)" ]; then
    rm -rf "${here:?}/Corpus/$target"
    mkdir -p "$here/Corpus/$target"
    for file in "$out/corpus/$target"/*; do
        cp "$file" "$here/Corpus/$target/$(sha256sum "$file" | cut -c1-16).bin"
    done
fi

stats=$out/out/$target/default/fuzzer_stats
grep -E '^(execs_done|run_time|execs_per_sec|corpus_count|saved_crashes|saved_hangs) ' "$stats"
echo "minimised corpus: $(ls "$out/corpus/$target" 2> /dev/null | wc -l) files"
ls "$out/out/$target/default/crashes" "$out/out/$target/default/hangs" | grep -v README || true
