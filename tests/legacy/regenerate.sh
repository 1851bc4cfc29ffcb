#!/usr/bin/env bash
# Writes the legacy producers' vector files: Mono's RijndaelManaged, libmcrypt (as PHP's mcrypt_encrypt uses it) and
# the `openssl enc` command line, each driven by a small generator of this folder with fresh random inputs.
#
#   tests/legacy/regenerate.sh [OUTDIR] [--count N]
#
# OUTDIR defaults to the committed folder, tests/CryptoCli.Tests/Vectors/legacy. N (default 4, at least 3) scales every
# file: N vectors per RijndaelManaged and openssl combination, 2N per libmcrypt one. Installs what it needs with apt-get
# (only what is missing; as root, or through sudo), builds the generators in a temporary folder, and writes:
#   rijndaelmanaged-block{128,192,256}.txt   Mono's System.Security.Cryptography.RijndaelManaged
#   mcrypt-rijndael-{128,192,256}.txt        libmcrypt 2.5.8
#   openssl-enc-{aes,camellia}.txt           openssl enc
# The test class tests/CryptoCli.Tests/Legacy/LegacyProducerVectorTests.cs reads every file of the folder (or of the
# folder named by CRYPTOCLI_LEGACY_VECTORS) and checks both directions.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
out_dir="$here/../CryptoCli.Tests/Vectors/legacy"
count=4
while [ $# -gt 0 ]; do
    case "$1" in
        --count) count="${2:?--count needs a number}"; shift 2 ;;
        --count=*) count="${1#--count=}"; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) out_dir="$1"; shift ;;
    esac
done
if ! [[ "$count" =~ ^[0-9]+$ ]] || [ "$count" -lt 3 ]; then
    echo "--count must be a whole number of at least 3 (every file has its edge cases at fixed indexes)" >&2
    exit 2
fi

# ---- what the generators need: Mono's compiler and runtime, gcc, libmcrypt's headers, openssl ----
packages=()
command -v mcs >/dev/null 2>&1 && command -v mono >/dev/null 2>&1 || packages+=(mono-devel)
command -v gcc >/dev/null 2>&1 || packages+=(gcc libc6-dev)
command -v openssl >/dev/null 2>&1 || packages+=(openssl)
dpkg-query -W -f='${Status}' libmcrypt-dev 2>/dev/null | grep -q "install ok installed" || packages+=(libmcrypt-dev libmcrypt4)
if [ ${#packages[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "installing ${packages[*]}"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
fi

build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
mcs -warnaserror -nologo -out:"$build/RijndaelManagedVectors.exe" "$here/mono/RijndaelManagedVectors.cs"
mcs -warnaserror -nologo -out:"$build/OpensslEncVectors.exe" "$here/openssl/OpensslEncVectors.cs"
gcc -O1 -Wall -Wextra -Werror -o "$build/mcrypt_vectors" "$here/mcrypt/mcrypt_vectors.c" -lmcrypt

mkdir -p "$out_dir"
mono_version="$(mono --version | head -n 1)"
mcrypt_package="Debian package libmcrypt4 $(dpkg-query -W -f='${Version}' libmcrypt4 2>/dev/null || echo '(version unknown)')"
openssl_version="$(openssl version)"

for block in 128 192 256; do
    mono "$build/RijndaelManagedVectors.exe" "$out_dir/rijndaelmanaged-block$block.txt" "$block" "$count" "$mono_version"
done
for block in 128 192 256; do
    "$build/mcrypt_vectors" "$out_dir/mcrypt-rijndael-$block.txt" "rijndael-$block" "$((2 * count))" "$mcrypt_package"
done
for family in aes camellia; do
    mono "$build/OpensslEncVectors.exe" "$out_dir/openssl-enc-$family.txt" "$family" "$count" "$openssl_version"
done
