#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Merges inputs into the repository corpus of one harness, minimised: libFuzzer's -merge=1 runs the
# kept corpus fuzz/corpus/<harness> and then every input of DIRS, and copies into a fresh directory
# only those that add coverage (features), smallest first; that directory then replaces the kept
# corpus. So the kept corpus never loses coverage and grows only with inputs that add some.
# Usage: fuzz/merge.sh OUT HARNESS [DIRS...]   (OUT holds the fuzz-<harness> binary: fuzz/build.sh OUT)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$1 harness=$2
shift 2
kept=fuzz/corpus/$harness
fresh=$OUT/merged-$harness
rm -rf "$fresh"
mkdir -p "$fresh" "$kept"
sources=("$kept")
for dir in "$@"; do [ -d "$dir" ] && sources+=("$dir"); done
if ! LSAN_OPTIONS=suppressions=$PWD/fuzz/lsan.supp "$OUT/fuzz-$harness" -merge=1 -timeout=10 -rss_limit_mb=2048 \
    "$fresh" "${sources[@]}" > "$OUT/merge-$harness.log" 2>&1; then
  tail -n 20 "$OUT/merge-$harness.log"
  echo "fuzz: merging into $kept failed; the kept corpus is unchanged (see $OUT/merge-$harness.log)" >&2
  exit 1
fi
if [ -z "$(ls -A "$fresh")" ]; then
  echo "fuzz: the merge of $harness kept no input; the kept corpus is unchanged" >&2
  exit 1
fi
count() { echo "$(find "$1" -type f | wc -l) files, $(find "$1" -type f -printf '%s\n' | awk '{s+=$1} END {print s+0}') bytes"; }
before=$(count "$kept")
rm -rf "$kept"
cp -r "$fresh" "$kept"
echo "fuzz: corpus/$harness merged and minimised: $before before, $(count "$kept") after"
