#!/usr/bin/env bash
# The whole xunit suite on .NET 10 for linux-arm64, under qemu-user (qemu-aarch64 -cpu max: ARMv8 AES, AdvSimd),
# three times: hardware intrinsics on (the ARMv8 AES and AdvSimd kernels), every intrinsic off
# (DOTNET_EnableHWIntrinsic=0: the portable kernels), and on the big-endian code path with intrinsics off.
# The suite is tests/CryptoCli.TestConsole (the test sources run in-process by xunit's engine), published
# self-contained for linux-arm64; the arm64 glibc, libstdc++, OpenSSL, ICU and Kerberos libraries it loads come from
# Debian's arm64 packages unpacked into a sysroot (.ci/foreign/lib.sh). Ends with "N passed, N failed".
# Usage: .ci/arm64-dotnet.sh [prepare | run [on|off|bigendian]...]: `prepare` fetches qemu and the sysroot and
# publishes the suite (it builds; .ci/run does it before the x64 tests); `run` runs the named passes (all three by
# default) on what `prepare` left: it only executes, so .ci/run runs each pass as a background job beside the other
# steps. Without an argument, both phases and all three passes.
set -uo pipefail
phase="${1:-all}"
[ $# -gt 0 ] && shift
passes=("$@")
[ ${#passes[@]} -gt 0 ] || passes=(on off bigendian)
cd "$(dirname "$0")/.."
source .ci/foreign/lib.sh

qemu=$(qemu_user aarch64) || exit 1
sysroot="$ci_cache/sysroot/dotnet-arm64"
unpack_debs bookworm-arm64 bookworm arm64 "$sysroot" \
    libc6 libgcc-s1 libstdc++6 libicu72 libssl3 zlib1g \
    libgssapi-krb5-2 libkrb5-3 libk5crypto3 libcom-err2 libkrb5support0 libkeyutils1
echo "$("$qemu" --version | head -n 1); sysroot $sysroot"

out="$PWD/artifacts/arm64/tests"
if [ "$phase" != run ]; then
    rm -rf "$out"
    if ! log=$(dotnet publish tests/CryptoCli.TestConsole -c Release -p:TestConsoleRuntimeIdentifier=linux-arm64 -o "$out" -nologo 2>&1); then
        echo "$log" | grep -E "error|warn" | sort -u
        echo "FAIL publish of tests/CryptoCli.TestConsole for linux-arm64"
        echo "0 passed, 1 failed"
        exit 1
    fi
    echo "published $out"
fi
[ "$phase" = prepare ] && exit 0
if [ ! -x "$out/CryptoCli.Tests" ]; then
    echo "FAIL $out/CryptoCli.Tests is missing (run the prepare phase first)"
    echo "0 passed, 1 failed"
    exit 1
fi

passed=0
failed=0
TIMEFORMAT='cpu: %U s user, %S s sys (%R s wall)'
run_pass() {
    local name="$1"
    shift
    echo "--- arm64 pass: $name"
    local started=$SECONDS output line
    output=$( { time env "$@" "$qemu" -cpu max -L "$sysroot" "$out/CryptoCli.Tests"; } 2>&1 )
    echo "$output" | grep -E '^(runtime:|FAIL|ERROR|SKIP|  |cpu:)' | head -n 60
    line=$(echo "$output" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    if [ -z "$line" ]; then
        echo "$output" | tail -n 20
        echo "FAIL the arm64 suite did not finish ($name)"
        failed=$((failed + 1))
        return
    fi

    echo "$line ($((SECONDS - started)) s)"
    passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
    failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
}

for pass in "${passes[@]}"; do
    case "$pass" in
        on) run_pass "intrinsics on (ARMv8 AES, AdvSimd)" DOTNET_NOLOGO=1 ;;
        off) run_pass "DOTNET_EnableHWIntrinsic=0 (portable paths)" DOTNET_EnableHWIntrinsic=0 ;;
        bigendian) run_pass "big-endian code path, intrinsics off" DOTNET_EnableHWIntrinsic=0 CRYPTOCLI_FORCE_BIG_ENDIAN_PATH=1 ;;
        *) echo "FAIL unknown pass $pass (on, off, bigendian)"; failed=$((failed + 1)) ;;
    esac
done
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
