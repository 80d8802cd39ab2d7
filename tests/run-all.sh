#!/usr/bin/env bash
# Every tap test (the README's test command runs this after the checks). A browser test file that fails is run once more,
# since shared CI machines are noisy; it is named as flaky at the end. Every failure is summarised last, where CI keeps it.
set -uo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed="$work/failed"

# Prints each failing assertion of the failed files, with its diagnostics, from the raw TAP under $1.
summarise () {
  echo
  echo "## Failed test files"
  while read -r file; do
    [ -n "$file" ] || continue
    echo "### $file"
    grep -n -A24 '^ *not ok' "$1/$file.tap" 2>/dev/null | head -150
  done < "$failed"
}

# tap rebuilds its Test class when .taprc's plugins change, but only for its next run: build first, so that every file of
# this run loads through the configured plugins (tsx), also on a fresh install.
npx tap build >/dev/null || exit 1

npx tap --output-dir "$work/first" --save "$failed" "$@"
status=$?
[ "$status" -eq 0 ] && exit 0
[ -s "$failed" ] || exit "$status"
summarise "$work/first"

# Only browser tests get a second run; any other failure stands.
if grep -qv '^tests/e2e/' "$failed"; then exit "$status"; fi
first=$(cat "$failed")
echo
echo "## Running the failed browser test files once more"
npx tap --output-dir "$work/retry" --save "$failed"
status=$?
if [ "$status" -eq 0 ]; then
  echo
  echo "## FLAKY: these browser test files failed, then passed on their second run (see the failures above):"
  echo "$first"
  exit 0
fi
summarise "$work/retry"
exit "$status"
