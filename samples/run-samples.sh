#!/usr/bin/env bash
# Builds the three samples and runs each one as samples/README.md ("How to run them") shows, from a fresh clone: encrypt
# and decrypt a file, write and check Luffa sums, make a key pair, sign and verify (and let openssl verify the
# signature when it is installed). CI runs it after the test suite; the failure cases are tested one by one in
# tests/CryptoCli.Samples.Tests (part of `dotnet test`).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
for sample in EncryptFile HashFile SignVerify; do
    dotnet build "$root/samples/$sample" -c Release --nologo -v quiet >/dev/null
done
run() { dotnet "$root/samples/$1/bin/Release/net10.0/$1.dll" "${@:2}"; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
export CRYPTOCLI_PASSWORD="correct horse battery staple"
head -c 3000001 /dev/urandom > report.pdf

run EncryptFile encrypt report.pdf report.pdf.enc --cipher camellia --mode ctr
run EncryptFile decrypt report.pdf.enc report.copy.pdf
cmp report.pdf report.copy.pdf
echo "EncryptFile: encrypted and decrypted 3 MB"

run HashFile report.pdf report.copy.pdf > SUMS
run HashFile --check SUMS
echo "HashFile: sums written and checked"

run SignVerify keygen --private priv.pem --public pub.pem
run SignVerify sign --key priv.pem report.pdf
run SignVerify verify --key pub.pem --signature report.pdf.sig report.pdf
if command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha256 -verify pub.pem -signature report.pdf.sig report.pdf
fi
echo "SignVerify: key pair, signature and verification"
echo "samples: ok"
