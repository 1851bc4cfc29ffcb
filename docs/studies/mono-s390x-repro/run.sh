#!/usr/bin/env bash
# Builds StackArgument.cs with the host's mcs against the .NET Framework 4.8 reference assemblies and the
# System.Memory package (the same references as tests/CryptoCli.MonoRunner), then runs it on the host's Mono, on
# Debian 12's Mono 6.8 for s390x and on Debian sid's Mono 6.14.1 for s390x (with and without -O=-all) under
# qemu-user, fetched as .ci/mono-foreign.sh does. Needs the runner built (.ci/mono-foreign.sh prepare) for
# System.Memory.dll. Prints each runtime's output and exit status.
set -uo pipefail
repo="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$repo"
source .ci/foreign/lib.sh
runner_bin="$repo/tests/CryptoCli.MonoRunner/bin/Release/net48"
[ -f "$runner_bin/System.Memory.dll" ] || { echo "build the runner first: .ci/mono-foreign.sh prepare"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$runner_bin"/System.Memory.dll "$runner_bin"/System.Runtime.CompilerServices.Unsafe.dll \
    "$runner_bin"/System.Buffers.dll "$runner_bin"/System.Numerics.Vectors.dll "$work/"
api=/usr/lib/mono/4.8-api
mcs -nostdlib -unsafe -optimize -langversion:latest -r:$api/mscorlib.dll -r:$api/System.dll \
    -r:$api/Facades/System.Runtime.dll -r:"$work/System.Memory.dll" \
    -out:"$work/StackArgument.exe" docs/studies/mono-s390x-repro/StackArgument.cs || exit 1

libraries="libc6 libgcc-s1 zlib1g libgssapi-krb5-2 libkrb5-3 libk5crypto3 libcom-err2 libkrb5support0 libkeyutils1"
qemu=$(qemu_user s390x) || exit 1
bookworm="$ci_cache/sysroot/mono-s390x-bookworm"
unpack_debs bookworm-s390x bookworm s390x "$bookworm" $libraries mono-runtime-sgen mono-runtime-common
sid="$ci_cache/sysroot/mono-s390x-sid"
unpack_debs sid-s390x sid s390x "$sid" $libraries mono-runtime mono-libraries mono-devel

run() {
    echo "--- $1"
    shift
    "$@" "$work/StackArgument.exe"
    echo "exit status $?"
}
run "host: $(mono --version | head -n 1)" mono
run "s390x, Debian 12 Mono 6.8 (qemu $("$qemu" --version | head -n 1 | cut -d' ' -f3))" \
    "$qemu" -L "$bookworm" "$bookworm/usr/bin/mono-sgen"
run "s390x, Debian sid Mono 6.14.1, default optimisations" \
    "$qemu" -L "$sid" "$sid/usr/bin/mono-sgen" --config "$sid/etc/mono/config"
run "s390x, Debian sid Mono 6.14.1, -O=-all" \
    "$qemu" -L "$sid" "$sid/usr/bin/mono-sgen" --config "$sid/etc/mono/config" -O=-all
