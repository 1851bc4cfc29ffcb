#!/usr/bin/env bash
# Mutation testing of the plumbing around the kernels with Stryker.NET (the local tool in .config/dotnet-tools.json).
# Usage: tools/mutation.sh [folder...|all]   folders: modes, authenticated, internal, ecdsa (default: all, in one run)
#        tools/mutation.sh bigendian          the files with a big-endian code path, on that path (its own run)
#        tools/mutation.sh --rerun STATUS folder...
#                                             only the mutants that docs/mutation/<folder>.json gives STATUS (Timeout,
#                                             Survived, NoCoverage...), their new results merged into that report
#        tools/mutation.sh --by-hand STATUS folder
#                                             the same mutants applied to the source one at a time, without Stryker
#        tools/mutation.sh --place folder...  the mutants of files changed since their report listed again, the
#                                             report's decisions kept where the code did not change (the rest Pending)
# Configuration: tests/CryptoCli.Tests/stryker-config.json (what is mutated, which tests run). Each folder's JSON report
# is copied to docs/mutation/<folder>.json; the HTML report and logs stay in artifacts/mutation/<folder>/.
# Too slow for every CI run (see docs/testing.md, "Mutation testing"); runs under nice so the machine stays usable.
set -Eeuo pipefail

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

# Tests that only an optimised build of the library can pass, which Stryker's is not (see by_hand below): the stack
# scans for secrets left behind. Only the by-hand runs select them.
optimised_classes_for() {
  case "$1" in
    modes) echo 'ModeWipingTests' ;;
    authenticated) echo 'AuthenticatedWipingTests' ;;
    ecdsa) echo 'EcdsaWipingTests' ;;
  esac
}

# A test filter that selects the classes given (each once).
class_filter() {
  local filter='' c
  for c in $(printf '%s\n' "$@" | sort -u); do filter+="${filter:+|}FullyQualifiedName~.$c."; done
  echo "$filter"
}

# The test filter for the folders given: the union of their classes.
tests_for() {
  echo "Category=Plumbing&MutationRun!=Skip&($(class_filter $(for f in "$@"; do classes_for "$f"; done)))"
}

# One Stryker run for the folders given: their patterns together and the union of their test classes (the build, the
# initial run and the coverage run are paid once). The report is split by file into docs/mutation/<folder>.json.
run_folders() {
  local name out args=() p f start=$SECONDS
  if (( $# == 1 )); then name="$1"; else name=combined; fi
  out="$root/artifacts/mutation/$name"
  if [[ -n "$rerun" ]]; then
    for f in "$@"; do while read -r p; do args+=(--mutate "$p"); done < <(rerun_patterns "$f"); done
  else
    for f in "$@"; do for p in $(patterns_for "$f"); do args+=(--mutate "$p"); done; done
  fi
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
  local overrides=''
  if [[ " $* " == *" ecdsa "* ]]; then overrides='{"coverage-analysis": "off", "additional-timeout": 60000}'; fi
  if [[ " $* " == *" bigendian "* ]]; then overrides='{"additional-timeout": 60000}'; fi
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
  if [[ -n "$rerun" ]]; then
    for f in "$@"; do merge_rerun "$f" "$out/reports/mutation-report.json"; done
    return
  fi
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

# jq: the character offset at which each line of a source text starts (the report's locations are 1-based lines and
# columns; Stryker.NET's spans are character offsets).
jq_line_starts='def line_starts: [0] + [foreach (split("\n") | map(length + 1))[] as $n (0; . + $n)];'

# Whether the report's copy of a file's source (REPORT KEY) is still the text of FILE: only then do its mutants' places
# point at the code.
report_has_source() {
  jq -e --arg k "$2" --rawfile text "$3" '.files[$k].source == $text' "$1" >/dev/null
}

# A rerun mutates one span per mutant of the committed report that has the status asked for: Stryker.NET takes
# character spans after a file pattern (File.cs{from..to}, end exclusive) and keeps the mutants whose original code
# lies within one. The report holds each file's source, which must still be the file's text, or the spans would point
# elsewhere.
rerun_patterns() {
  local report="docs/mutation/$1.json" key
  [[ -f "$report" ]] || { echo "mutation.sh: no report $report to rerun" >&2; exit 2; }
  for key in $(jq -r --arg s "$rerun" '.files | to_entries[] | select(any(.value.mutants[]; .status == $s)) | .key' \
      "$report"); do
    if ! report_has_source "$report" "$key" "$key"; then
      echo "mutation.sh: $key has changed since $report was written; run the folder again instead" >&2
      exit 2
    fi
    jq -r --arg k "$key" --arg s "$rerun" "$jq_line_starts"'
      .files[$k] as $file
      | ($file.source | line_starts) as $starts
      | [$file.mutants[] | select(.status == $s) | .location
         | "{\($starts[.start.line - 1] + .start.column - 1)..\($starts[.end.line - 1] + .end.column - 1)}"]
      | "**/" + ($k | sub("^src/[^/]*/"; "")) + join("")' "$report"
  done
}

# Puts a rerun's results into the committed report: each mutant that had the status asked for takes the status, the
# reason and the tests of the mutant at the same place, by the same mutator and with the same replacement.
merge_rerun() {
  local report="docs/mutation/$1.json" merged
  merged="$(mktemp)"
  jq --slurpfile new "$2" --arg s "$rerun" '
    ($new[0].files | with_entries(.key |= sub("^.*?/src/"; "src/"))) as $nf
    | .files |= with_entries(.key as $k | .value.mutants |= map(
        if .status == $s then
          . as $m
          | ([$nf[$k].mutants[]? | select(.status != "Ignored" and .location == $m.location
              and .mutatorName == $m.mutatorName and .replacement == $m.replacement)] | .[0]) as $r
          | if $r == null then . else . + ($r | {status, statusReason, killedBy, coveredBy, testsCompleted, duration})
            end
        else . end))
    | .testFiles += ($new[0].testFiles | with_entries(.key |= sub("^.*?/tests/"; "tests/") | .value |= del(.source)))' \
    "$report" > "$merged"
  mv "$merged" "$report"
  jq -r --arg s "$rerun" --arg f "$1" \
    '"mutation.sh: \(.files | [.[].mutants[] | select(.status == $s)] | length) of \($f)\u0027s mutants still \($s)"' \
    "$report"
}

# Stryker.NET compiles the mutated library with DebuggableAttribute(DisableOptimizations), whatever the configuration,
# and calls MutantControl.IsActive at each mutant switch: ECDSA's field arithmetic runs hundreds of times slower, a
# mutant's run of the ECDSA tests outlasts any timeout Stryker derives from the unmutated initial run, and an undecided
# mutant is reported as a timeout. By hand, each mutant of the committed report with the status asked for is written
# into the file (the report's replacement text over the mutated span), in a temporary worktree of HEAD; the library is
# rebuilt in Release and the tests run with a time limit: those that cover it (mutant_filter), then, if it survived
# them, the folder's test classes and its stack scans. A failing test kills it, a run past the limit times it out, and
# a clean run leaves it surviving. Each status goes into the report with its reason.
by_hand() {
  local f="$1" report="docs/mutation/$1.json" key id status reason filter built
  [[ -f "$report" ]] || { echo "mutation.sh: no report $report" >&2; exit 2; }
  by_hand_tree="$(mktemp -d)"
  by_hand_scratch="$(mktemp)"
  git worktree add -q --detach "$by_hand_tree" HEAD
  trap 'git worktree remove --force "$by_hand_tree"; rm -f "$by_hand_scratch"' EXIT
  trap 'echo "mutation.sh: stopped by \"$BASH_COMMAND\" (line $LINENO)" >&2' ERR
  local tree="$by_hand_tree" scratch="$by_hand_scratch"
  filter="MutationRun!=Skip&($(class_filter $(classes_for "$f") $(optimised_classes_for "$f")))"
  built="$tree/src/CryptoCli/bin/Release/net10.0/CryptoCli.dll"
  dotnet build -c Release "$tree/tests/CryptoCli.Tests" >/dev/null
  while read -r key id; do
    if ! report_has_source "$report" "$key" "$tree/$key"; then
      echo "mutation.sh: $key has changed since $report was written: mutant $id left as it is" >&2
      continue
    fi
    jq -j --arg k "$key" --arg id "$id" "$jq_line_starts"'
      .files[$k] as $file
      | ($file.source | line_starts) as $starts
      | ($file.mutants[] | select(.id == $id)) as $m
      | ($starts[$m.location.start.line - 1] + $m.location.start.column - 1) as $from
      | ($starts[$m.location.end.line - 1] + $m.location.end.column - 1) as $to
      | $file.source[:$from] + $m.replacement + $file.source[$to:]' "$report" > "$tree/$key"
    # Without the analyzers (they do not change the code, and take three quarters of the build's time).
    if ! dotnet build -c Release -f net10.0 --no-restore -p:RunAnalyzers=false "$tree/src/CryptoCli" \
        >/dev/null 2>&1; then
      status=CompileError reason='applied by hand: does not compile'
    else
      cp "$built" "$tree/tests/CryptoCli.Tests/bin/Release/net10.0/CryptoCli.dll"
      local out rc=0 narrow
      narrow="$(mutant_filter "$report" "$key" "$id" "$filter" "$f")"
      out="$(run_tests "$tree" "$narrow")" || rc=$?
      # Stryker's coverage decides which tests run first; a survivor of those runs the folder's every test, so that a
      # coverage capture that missed a test cannot leave a mutant surviving.
      if (( rc == 0 )) && [[ "$narrow" != "$filter" ]]; then out="$(run_tests "$tree" "$filter")" || rc=$?; fi
      if (( rc == 0 )); then
        status=Survived reason='applied by hand: every test passed'
      elif (( rc == 124 )); then
        status=Timeout reason="applied by hand: the tests ran past ${by_hand_limit} s"
      else
        status=Killed
        local failed
        failed="$(grep -oE '^ +Failed [A-Za-z0-9_.]+' <<<"$out" | awk '{print $2}' \
          | sed 's/^.*\.\([^.]*\.[^.]*\)$/\1/' | sort -u | head -3 | paste -sd, -)" || true
        if [[ -n "$failed" ]]; then
          reason="applied by hand: failed $failed"
        else
          reason="applied by hand: the test run failed (exit code $rc) with no failed test named: the test host crashed"
        fi
      fi
    fi
    git -C "$tree" checkout -q -- "$key"
    echo "mutation.sh: $key mutant $id: $status ($reason)"
    # Into the report at once, so that a run stopped midway keeps what it decided.
    jq --arg id "$id" --arg status "$status" --arg reason "$reason" '
      .files |= map_values(.mutants |= map(if .id == $id then . + {$status, statusReason: $reason} else . end))' \
      "$report" > "$scratch"
    mv "$scratch" "$report"
  done < <(jq -r --arg s "$rerun" '.files | to_entries[] | .key as $k | .value.mutants[]
             | select(.status == $s and ((.statusReason // "") | startswith("applied by hand") | not))
             | "\($k) \(.id)"' "$report")
  jq -r '[.files[].mutants[] | .status] | group_by(.) | map("\(.[0]) \(length)") | join(", ")' "$report"
}

# A file changed since its report leaves the report's places pointing at other code. --place lists the mutants of each
# such file again and carries the report's decisions over to the mutants that did not change: Stryker.NET mutates the
# changed files with one test selected that reaches none of them (so nothing is tested; a Stryker run cannot skip its
# test runs), git diff maps each old mutant's lines to the new file, and a new mutant takes the status, reason and
# tests of the old one at the mapped place with the same mutator and replacement. A mutant on changed lines (or
# spanning them) is new and left Pending, for --by-hand Pending; Ignored and CompileError come from the new run.
place_again() {
  local f key args=() out="$root/artifacts/mutation/placed" keys=() start=$SECONDS
  for f in "$@"; do
    [[ -f "docs/mutation/$f.json" ]] || { echo "mutation.sh: no report docs/mutation/$f.json" >&2; exit 2; }
    for key in $(jq -r '.files | keys[]' "docs/mutation/$f.json"); do
      if ! report_has_source "docs/mutation/$f.json" "$key" "$key"; then
        keys+=("$f $key")
        args+=(--mutate "**/${key#src/*/}")
      fi
    done
  done
  if (( ${#keys[@]} == 0 )); then echo "mutation.sh: every file's report is current"; return; fi
  rm -rf "$out"
  (cd tests/CryptoCli.Tests &&
    env "${env[@]}" nice -n 19 dotnet stryker --config-file stryker-config.json --output "$out" "${args[@]}" \
      --test-case-filter 'FullyQualifiedName~.ByteOrderTests.')
  echo "mutation.sh: placing took $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s"
  local entry old hunks merged
  old="$(mktemp)" merged="$(mktemp)"
  for entry in "${keys[@]}"; do
    f="${entry%% *}" key="${entry#* }"
    jq -j --arg k "$key" '.files[$k].source' "docs/mutation/$f.json" > "$old"
    # The changed lines as [old start, old count, new start, new count] (a count of 0: lines inserted after, or
    # removed before, the start).
    hunks="$(git diff --no-index -U0 "$old" "$key" \
      | sed -nE 's/^@@ -([0-9]+)(,([0-9]+))? \+([0-9]+)(,([0-9]+))? @@.*/[\1,\3,\4,\6]/p' \
      | sed -E 's/,,/,1,/; s/,\]$/,1]/' | jq -sc .)" || true
    jq --arg k "$key" --argjson hunks "$hunks" --slurpfile new "$out/reports/mutation-report.json" \
      --rawfile text "$key" '
      def changed($s; $e): any($hunks[]; if .[1] == 0 then .[0] >= $s and .[0] < $e
                                           else .[0] <= $e and .[0] + .[1] - 1 >= $s end);
      def shift($s):
        [$hunks[] | select(if .[1] == 0 then .[0] < $s else .[0] + .[1] - 1 < $s end) | .[3] - .[1]] | add // 0;
      ($new[0].files | with_entries(.key |= sub("^.*?/src/"; "src/")) | .[$k].mutants) as $placed
      | ([.files[].mutants[].id | tonumber? ] | max // 0) as $top
      | [.files[$k].mutants[] | (.location.start.line) as $s | (.location.end.line) as $e
         | select(changed($s; $e) | not) | shift($s) as $d
         | .location.start.line += $d | .location.end.line += $d] as $kept
      | .files[$k].source = $text
      | .files[$k].mutants = [$placed | to_entries[] | .key as $i | .value as $n
          | ([$kept[] | select(.location == $n.location and .mutatorName == $n.mutatorName
                               and .replacement == $n.replacement)] | .[0]) as $m
          | if $m != null then $m
            elif ($n.status == "Ignored" or $n.status == "CompileError") then $n + {id: "\($top + 1 + $i)"}
            else $n + {id: "\($top + 1 + $i)", status: "Pending", coveredBy: [], killedBy: [],
                       statusReason: "placed again: its code changed since the last decision"} end]' \
      "docs/mutation/$f.json" > "$merged"
    mv "$merged" "docs/mutation/$f.json"
    jq -r --arg k "$key" --arg f "$f" '"mutation.sh: \($k) (\($f)): " + (.files[$k].mutants | group_by(.status)
      | map("\(.[0].status) \(length)") | join(", "))' "docs/mutation/$f.json"
  done
  rm -f "$old"
}

# Runs the by-hand worktree's tests selected by FILTER with the time limit; prints their output, and returns dotnet
# test's exit code (124 past the limit).
run_tests() {
  local rc=0
  env "${env[@]}" timeout "$by_hand_limit" dotnet test -c Release --no-build "$1/tests/CryptoCli.Tests" \
    --filter "$2" 2>&1 || rc=$?
  # A test host stuck in a loop outlives the dotnet test that timeout stopped.
  pkill -KILL -f "$1/tests/CryptoCli.Tests/bin" || true
  return "$rc"
}

# The tests a by-hand mutant runs first: those Stryker's per-test coverage found reaching its code (as Stryker itself
# would run), and the folder's stack scans, which Stryker did not run. A static mutant (in an initialiser, run once per
# process) or one without coverage data (a run with coverage-analysis off) runs the folder's whole FILTER.
mutant_filter() {
  local report="$1" key="$2" id="$3" filter="$4" f="$5" names
  names="$(jq -r --arg k "$key" --arg id "$id" '
    ([.testFiles[].tests[] | {(.id): .name}] | add) as $names
    | .files[$k].mutants[] | select(.id == $id and (.static | not))
    | .coveredBy[]? | $names[.] // empty | sub("^.*\\.(?<c>[^.]+\\.[^.]+)$"; "\(.c)")' "$report" | sort -u)"
  if [[ -z "$names" ]]; then echo "$filter"; return; fi
  local selected='' n
  for n in $names; do selected+="${selected:+|}FullyQualifiedName~.$n"; done
  local scans
  scans="$(optimised_classes_for "$f")"
  if [[ -n "$scans" ]]; then selected+="|$(class_filter $scans)"; fi
  echo "MutationRun!=Skip&($selected)"
}

rerun='' by_hand_limit=60 mode=stryker
if [[ "${1:-}" == --by-hand ]]; then
  (( $# == 3 )) || { echo "mutation.sh: --by-hand STATUS takes one folder" >&2; exit 2; }
  rerun="$2"
  mode=by-hand
  shift 2
elif [[ "${1:-}" == --place ]]; then
  mode=place
  shift
elif [[ "${1:-}" == --rerun ]]; then
  (( $# >= 3 )) || { echo "mutation.sh: --rerun STATUS needs a folder" >&2; exit 2; }
  rerun="$2"
  shift 2
fi

command -v jq >/dev/null || { echo "mutation.sh: needs jq to split the report" >&2; exit 2; }
if (( $# == 0 )) || [[ "$1" == all ]]; then
  set -- modes authenticated internal ecdsa
fi
for f in "$@"; do patterns_for "$f" >/dev/null; done
if [[ " $* " == *" bigendian "* ]] && (( $# > 1 )); then
  echo "mutation.sh: bigendian runs alone (the whole run is on the big-endian code path)" >&2
  exit 2
fi
# The big-endian set's tests run on the big-endian code path, under Stryker or by hand.
env=()
if [[ " $* " == *" bigendian "* ]]; then env=(CRYPTOCLI_FORCE_BIG_ENDIAN_PATH=1); fi
if [[ "$mode" == by-hand ]]; then
  by_hand "$1"
elif [[ "$mode" == place ]]; then
  place_again "$@"
else
  run_folders "$@"
fi
