#!/usr/bin/env bash
# The Mono runner (tests/CryptoCli.MonoRunner: every vector file through the netstandard2.0 build) on foreign Mono
# under qemu-user, twice per architecture (the default pass and --big-endian-path), as on x64:
#   arm64, ppc64el: Debian 12's Mono 6.8 (the same build as the host's mono-devel, whose class libraries it uses);
#   s390x (big-endian): Debian sid's Mono 6.14.1 with its own class libraries, JIT optimisations off (-O=-all).
#     Mono 6.8 for s390x crashes at JIT start under qemu 7.2 and miscompiles under qemu 10; 6.14.1 with its
#     optimisations on miscompiles too (docs/mono-s390x.md). On s390x the default pass is already the big-endian
#     code path: the runner must say so.
# Runtimes and libraries are unpacked from Debian's packages into sysroots (.ci/foreign/lib.sh). Ends with
# "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
source .ci/foreign/lib.sh

if [ ! -d /usr/lib/mono/4.8-api ]; then
    echo "installing mono-devel (reference assemblies to build the runner, class libraries for Mono 6.8)..."
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mono-devel >/dev/null; } \
        || { echo "FAIL cannot install mono-devel"; echo "0 passed, 1 failed"; exit 1; }
fi

runner=tests/CryptoCli.MonoRunner
if ! log=$(dotnet build -c Release -nologo "$runner/CryptoCli.MonoRunner.csproj" 2>&1); then
    echo "$log" | grep -E "error|warn" | sort -u
    echo "0 passed, 1 failed"
    exit 1
fi
exe="$PWD/$runner/bin/Release/net48/CryptoCli.MonoRunner.exe"

# libmono-native loads the Kerberos GSSAPI library.
libraries="libc6 libgcc-s1 zlib1g libgssapi-krb5-2 libkrb5-3 libk5crypto3 libcom-err2 libkrb5support0 libkeyutils1"
passed=0
failed=0
TIMEFORMAT='cpu: %U s user, %S s sys (%R s wall)'

# run_mono NAME QEMU SYSROOT EXPECT_BIG_ENDIAN MONO_OPTIONS...: the runner's two passes on one foreign Mono.
run_mono() {
    local name="$1" qemu="$2" sysroot="$3" big_endian="$4"
    shift 4
    local pass output line started
    for pass in "" --big-endian-path; do
        echo "--- Mono $name, pass: ${pass:-default}"
        started=$SECONDS
        output=$( { time timeout 900 "$qemu" -L "$sysroot" "$sysroot/usr/bin/mono-sgen" "$@" "$exe" $pass; } 2>&1 )
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

for arch in arm64 ppc64el; do
    qemu_arch=$([ "$arch" = arm64 ] && echo aarch64 || echo ppc64le)
    qemu=$(qemu_user "$qemu_arch") || exit 1
    sysroot="$ci_cache/sysroot/mono-$arch"
    unpack_debs "bookworm-$arch" bookworm "$arch" "$sysroot" $libraries mono-runtime-sgen mono-runtime-common
    run_mono "6.8 $arch (bookworm)" "$qemu" "$sysroot" no
done

qemu=$(qemu_user s390x) || exit 1
sysroot="$ci_cache/sysroot/mono-s390x-sid"
# Sid's Mono: the runtime, its class libraries, and mono-devel for the facades (netstandard.dll) the library needs.
unpack_debs sid-s390x sid s390x "$sysroot" $libraries mono-runtime mono-libraries mono-devel
# Relocated under the sysroot, this Mono does not find its config (the dllmap of System.Native): name it.
run_mono "6.14.1 s390x (sid), -O=-all" "$qemu" "$sysroot" yes --config "$sysroot/etc/mono/config" -O=-all

echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
