#!/usr/bin/env bash
# Every tap test (the README's test command runs this after the checks), in tiers from fast to slow: unit, service (a
# database, servers), browser. tests/helpers/tiers.mjs says which file is in which tier. The first tier that fails stops the
# run: a slower tier would only repeat its news later. A browser test file that fails is run once more, since shared CI
# machines are noisy; it is named as flaky at the end. Every failure is summarised last, where CI keeps it.
# `bash tests/run-all.sh unit` (or any tiers, in the order given) runs only those; TEST_ORDER=reverse runs each tier's files in reverse.
set -uo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
pool=""
trap '[ -z "$pool" ] || kill -TERM "$pool" 2>/dev/null; rm -rf "$work"' EXIT
tiers=("$@")
[ ${#tiers[@]} -gt 0 ] || tiers=(unit service browser)

# Prints each failing assertion of the files listed in $2, with its diagnostics, from the raw TAP under $1.
summarise () {
  echo
  echo "## Failed test files"
  while read -r file; do
    [ -n "$file" ] || continue
    echo "### $file"
    grep -n -A24 '^ *not ok' "$1/$file.tap" 2>/dev/null | head -150
  done < "$2"
}

# The CPU-seconds the finished children of this shell used so far, into $cpu (bash's times: its own line, then its
# children's; run in this shell, not a pipe's subshell, whose children are its own).
children_cpu () {
  times > "$work/times"
  cpu=$(tail -1 "$work/times" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.1f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
}

# tap rebuilds its Test class when .taprc's plugins change, but only for its next run: build first when the built plugins
# are not the configured ones, so that every file of this run loads through them (tests/helpers/tap-ts), also on a fresh install. Only
# then: a build replaces the Test class under any tap run going on beside this one.
if ! node --input-type=module -e "
  import { TapConfig } from '@tapjs/config'
  const { signature } = await import('@tapjs/test')
  process.exit(signature === (await TapConfig.load()).pluginSignature ? 0 : 1)
" 2>/dev/null; then
  npx tap build >/dev/null || exit 1
fi

# The ten files of a tier with the most CPU-seconds, then the most wall seconds, from the lines tests/helpers/cpu-meter.mjs
# wrote (file, wall, CPU; a file run twice is summed), and the tier's sums: where a slow run's time went.
slowest () {
  [ -s "$1" ] || return 0
  awk -F'\t' '{ wall[$1] += $2; cpu[$1] += $3; tw += $2; tc += $3 } END {
    for (f in cpu) printf "%s\t%.1f\t%.1f\n", f, cpu[f], wall[f] > "/dev/stderr"
    printf "## Tier %s: %d files metered, %.0f CPU-seconds, %.0f file-seconds of wall\n", tier, length(cpu), tc, tw
  }' tier="$2" "$1" 2> "$1.sum"
  echo "## Tier $2: the ten files with the most CPU-seconds (CPU s, wall s)"
  sort -t$'\t' -k2,2nr "$1.sum" | head -10 | awk -F'\t' '{ printf "  %7.1f %7.1f  %s\n", $2, $3, $1 }'
  echo "## Tier $2: the ten files with the most wall seconds (CPU s, wall s)"
  sort -t$'\t' -k3,3nr "$1.sum" | head -10 | awk -F'\t' '{ printf "  %7.1f %7.1f  %s\n", $2, $3, $1 }'
}
meter="--node-arg=--import=$PWD/tests/helpers/cpu-meter.mjs"

# Every file of the run is bundled ahead (tests/helpers/tap-ts/bundle.mjs, about 10 s): a bundled file loads without the
# TypeScript hooks, about 1.4 CPU-seconds less for each of the run's ~330 processes. tap then names each file by its bundle
# (node_modules/.cache/tap-bundles/<its path>.mjs); the tables below name the sources. When bundling fails, the files run
# from source, where the failing file says what is wrong. TEST_BUNDLE=0 runs them from source.
declare -A bundles=()
if [ "${TEST_BUNDLE:-1}" != 0 ]; then
  all=$(for tier in "${tiers[@]}"; do node tests/helpers/tiers.mjs "$tier"; done)
  # shellcheck disable=SC2086 # one file a line, no spaces in test paths
  if made=$(node tests/helpers/tap-ts/bundle.mjs $all); then
    while read -r source && read -r bundle <&3; do bundles[$source]=$bundle; done <<< "$all" 3<<< "$made"
  else
    echo "## Bundling the test files failed (above): they run from source"
  fi
fi

flaky=""
for tier in "${tiers[@]}"; do
  files=$(node tests/helpers/tiers.mjs "$tier") || exit 2
  # TEST_ORDER=reverse runs each tier's files last to first: a file that passes only after another has an order dependence.
  if [ "${TEST_ORDER:-}" = reverse ]; then files=$(tac <<< "$files"); fi
  if [ ${#bundles[@]} -gt 0 ]; then files=$(while read -r file; do echo "${bundles[$file]:-$file}"; done <<< "$files"); fi
  if [ -z "$files" ]; then echo "## Tier $tier: no test files"; continue; fi
  echo "## Tier $tier: $(wc -l <<< "$files") files"
  started=$SECONDS
  children_cpu
  before=$cpu
  failed="$work/$tier.failed"
  # shellcheck disable=SC2086 # one file a line, no spaces in test paths
  export TEST_METER_FILE="$work/$tier.meter"
  # A browser file waits on pages most of its time (about a seventh of its wall seconds are CPU-seconds, its product's and
  # Chromium's included): at three at a time the tier used 0.9 of two cores, so five run at once. A service file waits on its servers and databases about a fifth of its time (78% of its
  # file-seconds were CPU at two at a time): three at a time keep both cores busy. The unit tier runs two at a time (.taprc).
  jobs=()
  if [ "$tier" = service ]; then jobs=(--jobs="${TEST_SERVICE_JOBS:-3}"); fi
  if [ "$tier" = browser ]; then
    jobs=(--jobs="${TEST_BROWSER_JOBS:-5}")
    # The tier's products are made ahead by one pool process (tests/helpers/product-pool.ts), one ready per job: a file leases
    # a fresh one instead of loading and starting the servers itself. Stopped (its products closed) when the tier ends.
    node --import ./tests/helpers/tap-ts/register.mjs tests/helpers/product-pool.ts "$work/pool" "${TEST_BROWSER_JOBS:-5}" &
    pool=$!
    for _ in $(seq 600); do
      [ -s "$work/pool" ] && break
      kill -0 "$pool" 2>/dev/null || break
      sleep 0.1
    done
    if [ -s "$work/pool" ]; then export TEST_PRODUCT_POOL; TEST_PRODUCT_POOL=$(cat "$work/pool"); else echo "## The product pool did not start: each browser file starts its own product"; fi
  fi
  npx tap "$meter" "${jobs[@]}" --output-dir "$work/$tier" --save "$failed" $files
  status=$?
  if [ "$status" -ne 0 ] && [ -s "$failed" ]; then
    summarise "$work/$tier" "$failed"
    # Only browser tests get a second run; any other failure stands.
    if [ "$tier" = browser ]; then
      first=$(cat "$failed")
      echo
      echo "## Running the failed browser test files once more"
      # Named on the command line, not read back from the save file: tap skips what it reads there under node_modules (the bundles).
      rm -f "$failed"
      # shellcheck disable=SC2086 # one file a line, no spaces in test paths
      npx tap "$meter" --output-dir "$work/retry" --save "$failed" $first
      status=$?
      if [ "$status" -eq 0 ]; then flaky="$first"; else summarise "$work/retry" "$failed"; fi
    fi
  fi
  if [ -n "${pool:-}" ]; then
    kill -TERM "$pool" 2>/dev/null
    wait "$pool" 2>/dev/null
    pool=""
    unset TEST_PRODUCT_POOL
  fi
  children_cpu
  slowest "$TEST_METER_FILE" "$tier"
  echo "## Tier $tier: $((SECONDS - started)) s, $(awk -v a="$before" -v b="$cpu" 'BEGIN { printf "%.0f", b - a }') CPU-seconds"
  if [ "$status" -ne 0 ]; then
    echo "## Tier $tier failed: the tiers after it did not run"
    exit "$status"
  fi
done

if [ -n "$flaky" ]; then
  echo
  echo "## FLAKY: these browser test files failed, then passed on their second run (see the failures above):"
  echo "$flaky"
fi
exit 0
