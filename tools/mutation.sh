#!/usr/bin/env bash
# Mutation testing of the plumbing around the kernels with Stryker.NET (the local tool in .config/dotnet-tools.json).
# Usage: tools/mutation.sh [folder...|all]   folders: modes, authenticated, internal, ecdsa (default: all, in one run)
#        tools/mutation.sh bigendian          the files with a big-endian code path, on that path (its own run)
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
    bigendian) echo '**/Authenticated/BlockCipherOcb.cs **/Authenticated/BlockCipherXts.cs **/Internal/ByteOrder.cs' ;;
    *) echo "unknown folder '$1' (modes, authenticated, internal, ecdsa, bigendian, all)" >&2; exit 2 ;;
  esac
}

# The plumbing test classes (Category=Plumbing in the suite) that exercise each folder's code. Each mutant runs only
# the tests that cover it (coverage-analysis perTest), but the initial and the coverage runs run every selected test.
classes_for() {
  case "$1" in
    modes) echo 'AesFeedbackModeTests BouncyCastleModeTests FeedbackSegmentTransformTests ModesFromEcbTests
      StreamTransformTests BlockCipherContractTests RuntimeContractTests RegisteredKernelDifferentialTests
      ChunkedModeProperties CtrChunkProperties KernelRoundTripProperties ModePlumbingTests' ;;
    authenticated) echo 'CcmTests CmacTests GcmTests GcmIncrementalTests GcmStitchedTests KdfTests KeyWrapTests OcbTests
      XtsTests AuthenticatedVectorTests RegisteredKernelContractTests AeadTamperProperties IncrementalAeadProperties
      ConcurrencyGuardTests' ;;
    internal) echo 'ByteOrderTests InternalHelperTests ConcurrencyGuardTests ModePlumbingTests
      EcbOneBlockTests RuntimeContractTests XtsTests OcbTests GcmTests CmacTests' ;;
    ecdsa) echo 'EcdsaBehaviourTests EcdsaVectorTests EcdsaVerificationTableTests' ;;
    bigendian) echo 'OcbTests XtsTests ByteOrderTests AuthenticatedVectorTests RegisteredKernelContractTests' ;;
  esac
}

# The test filter for the folders given: the union of their classes.
tests_for() {
  local filter='' c
  for c in $(for f in "$@"; do classes_for "$f"; done | tr -s ' ' '\n' | sort -u); do
    filter+="${filter:+|}FullyQualifiedName~.$c."
  done
  echo "Category=Plumbing&MutationRun!=Skip&($filter)"
}

# One Stryker run for the folders given: their patterns together and the union of their test classes (the build, the
# initial run and the coverage run are paid once). The report is split by file into docs/mutation/<folder>.json.
run_folders() {
  local name out args=() p f start=$SECONDS
  if (( $# == 1 )); then name="$1"; else name=combined; fi
  out="$root/artifacts/mutation/$name"
  for f in "$@"; do for p in $(patterns_for "$f"); do args+=(--mutate "$p"); done; done
  for p in "${excludes[@]}"; do args+=(--mutate "$p"); done
  args+=(--test-case-filter "$(tests_for "$@")")
  rm -rf "$out"
  # ECDSA's tests spend their time in the field arithmetic, which carries Stryker's mutant switches too (Stryker
  # compiles every file's mutants and only then filters them by pattern): under the per-test coverage capture they
  # ran for more than 15 CPU minutes without finishing, so a run with ECDSA tests every mutant against all of its
  # selected tests instead (coverage-analysis off).
  # Each mutant then runs every selected test, so Stryker's timeout (the initial run's time plus
  # additional-timeout) is raised to a minute: with 10 s, a loaded machine timed out mutants that change nothing.
  # The big-endian set runs on the code path of big-endian hosts (CI's third pass): the scalar loops that the vector
  # paths replace on little-endian hosts, and ByteOrder's composed words. Its timeout is raised the same way, as it
  # is run beside other work.
  local overrides='' env=()
  if [[ " $* " == *" ecdsa "* ]]; then overrides='{"coverage-analysis": "off", "additional-timeout": 60000}'; fi
  if [[ " $* " == *" bigendian "* ]]; then
    overrides='{"additional-timeout": 60000}'
    env=(CRYPTOCLI_FORCE_BIG_ENDIAN_PATH=1)
  fi
  local config=stryker-config.json
  if [[ -n "$overrides" ]]; then
    config=stryker-config.this-run.json
    jq --argjson overrides "$overrides" '."stryker-config" += $overrides' \
      tests/CryptoCli.Tests/stryker-config.json > "tests/CryptoCli.Tests/$config"
  fi
  (cd tests/CryptoCli.Tests &&
    env "${env[@]}" nice -n 19 dotnet stryker --config-file "$config" --output "$out" "${args[@]}")
  if [[ "$config" != stryker-config.json ]]; then rm -f "tests/CryptoCli.Tests/$config"; fi
  echo "mutation.sh: $* took $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s"
  mkdir -p docs/mutation
  for f in "$@"; do
    # Keep the folder's files that have a mutant the run did not leave out (not the kernels), paths from the repository
    # root, and the tests' names (not their sources).
    jq --arg re "$(regex_for "$f")" \
      '.files |= with_entries(select((.key | test($re)) and any(.value.mutants[]; .status != "Ignored")))
       | .files |= with_entries(.key |= sub("^.*?/src/"; "src/")) | del(.projectRoot)
       | .testFiles |= with_entries(.key |= sub("^.*?/tests/"; "tests/") | .value |= del(.source))' \
      "$out/reports/mutation-report.json" > "docs/mutation/$f.json"
  done
}

regex_for() {
  case "$1" in
    modes) echo '(^|/)BlockCiphers/Modes/[^/]*\.cs$' ;;
    authenticated) echo '(^|/)(Authenticated/[^/]*|BlockCiphers/BlockCipherAlgorithm\.KeyWrap)\.cs$' ;;
    internal) echo '(^|/)Internal/[^/]*\.cs$' ;;
    ecdsa) echo '(^|/)PublicKey/Ecdsa/(ECDsaSecp192r1|Rfc6979Nonce)\.cs$' ;;
    bigendian) echo '(^|/)(Authenticated/BlockCipher(Ocb|Xts)|Internal/ByteOrder)\.cs$' ;;
  esac
}

command -v jq >/dev/null || { echo "mutation.sh: needs jq to split the report" >&2; exit 2; }
if (( $# == 0 )) || [[ "$1" == all ]]; then
  set -- modes authenticated internal ecdsa
fi
for f in "$@"; do patterns_for "$f" >/dev/null; done
if [[ " $* " == *" bigendian "* ]] && (( $# > 1 )); then
  echo "mutation.sh: bigendian runs alone (the whole run is on the big-endian code path)" >&2
  exit 2
fi
run_folders "$@"
