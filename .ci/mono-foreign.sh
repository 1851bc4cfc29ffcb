#!/usr/bin/env bash
# The Mono runner (tests/CryptoCli.MonoRunner: every vector file through the netstandard2.0 build) on foreign Mono
# under qemu-user, twice per architecture (the default pass and --big-endian-path), as on x64:
#   arm64, ppc64el: Debian 12's Mono 6.8 (the same build as the host's mono-devel, whose class libraries it uses);
#   s390x (big-endian): Debian sid's Mono 6.14.1 with its own class libraries, JIT optimisations off (-O=-all).
#     Mono 6.8 for s390x crashes at JIT start under qemu 7.2 and miscompiles under qemu 10; 6.14.1 with its
#     optimisations on miscompiles too (docs/studies/mono-s390x.md). On s390x the default pass is already the big-endian
#     code path: the runner must say so.
# Runtimes and libraries are unpacked from Debian's packages into sysroots (.ci/foreign/lib.sh). Ends with
# "N passed, N failed".
# Usage: .ci/mono-foreign.sh [prepare | run ARCH [default|big-endian-path]...]: `prepare` builds the runner and
# fetches qemu and the three sysroots; `run` runs the named passes (both by default) of one architecture (arm64,
# ppc64el, s390x) on what `prepare` left: it only executes, so .ci/run runs the passes as background jobs beside the
# other steps. Without an argument, both phases, every architecture and both passes.
set -uo pipefail
phase="${1:-all}"
[ $# -gt 0 ] && shift
cd "$(dirname "$0")/.."
source .ci/foreign/lib.sh

runner=tests/CryptoCli.MonoRunner
exe="$PWD/$runner/bin/Release/net48/CryptoCli.MonoRunner.exe"
# libmono-native loads the Kerberos GSSAPI library.
libraries="libc6 libgcc-s1 zlib1g libgssapi-krb5-2 libkrb5-3 libk5crypto3 libcom-err2 libkrb5support0 libkeyutils1"

# sysroot_of ARCH: unpacks (once) and prints the sysroot of that architecture's Mono.
sysroot_of() {
    case "$1" in
        arm64|ppc64el)
            unpack_debs "bookworm-$1" bookworm "$1" "$ci_cache/sysroot/mono-$1" $libraries mono-runtime-sgen mono-runtime-common >&2
            echo "$ci_cache/sysroot/mono-$1" ;;
        s390x)
            # Sid's Mono: the runtime, its class libraries, and mono-devel for the facades (netstandard.dll) the
            # library needs.
            unpack_debs sid-s390x sid s390x "$ci_cache/sysroot/mono-s390x-sid" $libraries mono-runtime mono-libraries mono-devel >&2
            echo "$ci_cache/sysroot/mono-s390x-sid" ;;
        *) echo "FAIL unknown architecture $1 (arm64, ppc64el, s390x)" >&2; echo "0 passed, 1 failed"; exit 1 ;;
    esac
}

qemu_of() {
    case "$1" in
        arm64) qemu_user aarch64 ;;
        ppc64el) qemu_user ppc64le ;;
        *) qemu_user "$1" ;;
    esac
}

if [ "$phase" != run ]; then
    if [ ! -d /usr/lib/mono/4.8-api ]; then
        echo "installing mono-devel (reference assemblies to build the runner, class libraries for Mono 6.8)..."
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mono-devel >/dev/null; } \
            || { echo "FAIL cannot install mono-devel"; echo "0 passed, 1 failed"; exit 1; }
    fi
    if ! log=$(dotnet build -c Release -nologo "$runner/CryptoCli.MonoRunner.csproj" 2>&1); then
        echo "$log" | grep -E "error|warn" | sort -u
        echo "0 passed, 1 failed"
        exit 1
    fi
    for arch in arm64 ppc64el s390x; do
        qemu_of "$arch" >/dev/null || exit 1
        sysroot_of "$arch" >/dev/null || exit 1
    done
    echo "built $exe; qemu and sysroots for arm64, ppc64el, s390x ready"
    [ "$phase" = prepare ] && exit 0
fi
if [ ! -f "$exe" ]; then
    echo "FAIL $exe is missing (run the prepare phase first)"
    echo "0 passed, 1 failed"
    exit 1
fi

passed=0
failed=0
TIMEFORMAT='cpu: %U s user, %S s sys (%R s wall)'

# run_mono NAME QEMU SYSROOT EXPECT_BIG_ENDIAN PASSES MONO_OPTIONS...: the runner's passes on one foreign Mono.
# The timeout catches a hang, not a slow pass: beside the other jobs on a shared machine a pass can take many times
# its CPU time (a 40 s pass took 900 s of wall time under a load average of 25).
run_mono() {
    local name="$1" qemu="$2" sysroot="$3" big_endian="$4" passes="$5"
    shift 5
    local pass output line started
    for pass in $passes; do
        echo "--- Mono $name, pass: $pass"
        [ "$pass" = default ] && pass="" || pass="--$pass"
        started=$SECONDS
        output=$( { time timeout 2700 "$qemu" -L "$sysroot" "$sysroot/usr/bin/mono-sgen" "$@" "$exe" $pass; } 2>&1 )
        echo "$output" | grep -E '^(runtime:|FAIL|  |cpu:)' | head -n 40
        line=$(echo "$output" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
        if [ -z "$line" ]; then
            echo "$output" | tail -n 15
            echo "FAIL the runner did not finish (Mono $name)"
            failed=$((failed + 1))
            continue
        fi

        echo "$line ($((SECONDS - started)) s)"
        passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
        failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
        if [ "$big_endian" = yes ]; then
            # A real big-endian ABI: the runtime must report it and the library must take its explicit-byte path.
            if echo "$output" | grep -q -E '^runtime: .*little-endian: False; word loads and stores: explicit bytes'; then
                passed=$((passed + 1))
            else
                echo "FAIL Mono $name does not report a big-endian host on the explicit-byte path"
                failed=$((failed + 1))
            fi
        fi
    done
}

# run ARCH [PASSES...]; without `run`, every architecture.
if [ "$phase" = run ]; then
    archs=("${1:-}")
    shift
else
    archs=(arm64 ppc64el s390x)
fi
passes="${*:-default big-endian-path}"
for arch in "${archs[@]}"; do
    case "$arch" in
        arm64|ppc64el|s390x) ;;
        *) echo "FAIL unknown architecture '$arch' (arm64, ppc64el, s390x)"; failed=$((failed + 1)); continue ;;
    esac
    qemu=$(qemu_of "$arch") || exit 1
    sysroot=$(sysroot_of "$arch") || exit 1
    case "$arch" in
        arm64|ppc64el) run_mono "6.8 $arch (bookworm)" "$qemu" "$sysroot" no "$passes" ;;
        # Relocated under the sysroot, this Mono does not find its config (the dllmap of System.Native): name it.
        s390x) run_mono "6.14.1 s390x (sid), -O=-all" "$qemu" "$sysroot" yes "$passes" \
            --config "$sysroot/etc/mono/config" -O=-all ;;
    esac
done

echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
