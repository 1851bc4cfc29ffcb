#!/usr/bin/env bash
# Mutation testing of the plumbing around the kernels with Stryker.NET (the local tool in .config/dotnet-tools.json).
# Usage: tools/mutation.sh [modes|authenticated|internal|ecdsa|all]   (default: all, one folder after the other)
# Configuration: tests/CryptoCli.Tests/stryker-config.json (what is mutated, which tests run). Each folder's JSON report
# is copied to docs/mutation/<folder>.json; the HTML report and logs stay in artifacts/mutation/<folder>/.
# Too slow for every CI run (see docs/testing.md, "Mutation testing"); runs under nice so the machine stays usable.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
dotnet tool restore >/dev/null

# Kernels, hardware paths and the tables they index stay free of mutants: a mutant switch in a kernel's inner loop
# slows every test that drives it, and the kernels are checked against published vectors and each other instead.
excludes=(
  '!**/*Kernel*.cs' '!**/*.X86.cs' '!**/*.Arm.cs' '!**/*.Vector.cs' '!**/*StitchedX86.cs'
  '!**/Internal/AesRound.cs' '!**/Internal/ByteExtractor.cs'
)

patterns_for() {
  case "$1" in
    modes) echo '**/BlockCiphers/Modes/*.cs' ;;
    authenticated) echo '**/Authenticated/*.cs **/BlockCiphers/BlockCipherAlgorithm.KeyWrap.cs' ;;
    internal) echo '**/Internal/*.cs' ;;
    ecdsa) echo '**/PublicKey/Ecdsa/ECDsaSecp192r1.cs **/PublicKey/Ecdsa/Rfc6979Nonce.cs' ;;
    *) echo "unknown folder '$1' (modes, authenticated, internal, ecdsa, all)" >&2; exit 2 ;;
  esac
}

# The plumbing tests (Category=Plumbing in the suite) that exercise each folder's code. Each mutant runs only the
# tests that cover it (coverage-analysis perTest), but the initial and the coverage runs run every selected test.
tests_for() {
  local classes
  case "$1" in
    modes) classes='AesFeedbackModeTests BouncyCastleModeTests FeedbackSegmentTransformTests ModesFromEcbTests
      StreamTransformTests BlockCipherContractTests RuntimeContractTests RegisteredKernelDifferentialTests
      ChunkedModeProperties CtrChunkProperties KernelRoundTripProperties ModePlumbingTests' ;;
    authenticated) classes='CcmTests CmacTests GcmTests GcmIncrementalTests KdfTests KeyWrapTests OcbTests XtsTests
      AeadTamperProperties IncrementalAeadProperties ConcurrencyGuardTests AuthenticatedPlumbingTests' ;;
    internal) echo 'Category=Plumbing&MutationRun!=Skip'; return ;;
    ecdsa) classes='EcdsaBehaviourTests EcdsaVectorTests P192ArithmeticTests P192PortableWordTests' ;;
  esac
  local filter='' c
  for c in $classes; do filter+="${filter:+|}FullyQualifiedName~.$c."; done
  echo "Category=Plumbing&MutationRun!=Skip&($filter)"
}

run_folder() {
  local folder="$1" out="$root/artifacts/mutation/$1" args=() p
  for p in $(patterns_for "$folder") "${excludes[@]}"; do args+=(--mutate "$p"); done
  args+=(--test-case-filter "$(tests_for "$folder")")
  rm -rf "$out"
  local start=$SECONDS
  (cd tests/CryptoCli.Tests && nice -n 19 dotnet stryker --config-file stryker-config.json --output "$out" "${args[@]}")
  echo "mutation.sh: $folder took $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s"
  mkdir -p docs/mutation
  cp "$out/reports/mutation-report.json" "docs/mutation/$folder.json"
}

folder="${1:-all}"
if [[ "$folder" == all ]]; then
  for f in modes authenticated internal ecdsa; do run_folder "$f"; done
else
  run_folder "$folder"
fi
