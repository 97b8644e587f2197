#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# The long fuzzing run (make fuzz-long): each harness until it has done RUNS executions (libFuzzer's
# -runs), from the repository corpus fuzz/corpus/<harness>, new inputs into OUT/long-<harness>,
# crashes into OUT/crashes-<harness>; then what it found is merged back into the repository corpus,
# minimised (fuzz/merge.sh). JOBS harnesses run at a time, each one process. A summary of every
# harness (executions, wall time, exec/s, libFuzzer's final cov and ft, corpus before and after)
# is printed and kept in OUT/long-summary.txt.
# Usage: fuzz/long.sh OUT RUNS JOBS [HARNESS...]   (default: wav vorbis opus flac scenario; build first: fuzz/build.sh OUT)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=$1 RUNS=$2 JOBS=$3
shift 3
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(wav vorbis opus flac scenario)

count() { echo "$(find "$1" -type f | wc -l) files $(find "$1" -type f -printf '%s\n' | awk '{s+=$1} END {print s+0}') bytes"; }

run() {  # run HARNESS: fuzz, then merge; writes OUT/long-HARNESS.summary, returns non-zero on a finding
  local h=$1 work=$OUT/long-$h log=$OUT/long-$h.log
  rm -rf "$work" && mkdir -p "$work" "$OUT/crashes-$h"
  local before; before=$(count "fuzz/corpus/$h")
  echo "fuzz-long: $h for $RUNS runs from fuzz/corpus/$h ($before), log in $log"
  local start; start=$(date +%s)
  LSAN_OPTIONS=suppressions=$PWD/fuzz/lsan.supp "$OUT/fuzz-$h" -runs="$RUNS" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$OUT/crashes-$h/" "$work" "fuzz/corpus/$h" > "$log" 2>&1
  local status=$? end; end=$(date +%s)
  local merged=ok
  fuzz/merge.sh "$OUT" "$h" "$work" > "$OUT/long-$h.merge" 2>&1 || merged=failed
  local runs rate done
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  done=$(grep -E '^#[0-9]+[[:space:]]+(DONE|NEW|REDUCE|pulse|INITED)' "$log" | tail -n 1 | grep -oE 'cov: [0-9]+ ft: [0-9]+')
  {
    echo "$h: ${runs:-?} runs in $((end - start)) s, ${rate:-?} exec/s, final ${done:-cov: ? ft: ?}, exit $status"
    echo "$h: corpus before $before, after $(count "fuzz/corpus/$h") (merge $merged)"
  } > "$OUT/long-$h.summary"
  if [ "$status" = 72 ]; then  # libFuzzer's -interrupted_exitcode: stopped by a signal, not a finding
    echo "$h: interrupted before $RUNS runs (what it found is merged)" >> "$OUT/long-$h.summary"
  elif [ "$status" != 0 ]; then
    grep -E '(ERROR|SUMMARY|Test unit written)' "$log" >> "$OUT/long-$h.summary"
    echo "$h: found a problem; see $log and $OUT/crashes-$h" >> "$OUT/long-$h.summary"
  fi
  cat "$OUT/long-$h.summary"
  if [ "$status" = 0 ] && [ "$merged" = ok ]; then echo ok; else echo failed; fi > "$OUT/long-$h.status"
}

for h in "${harnesses[@]}"; do
  rm -f "$OUT/long-$h.status" "$OUT/long-$h.summary"
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  run "$h" &
done
wait
failed=0
for h in "${harnesses[@]}"; do
  cat "$OUT/long-$h.summary"
  [ "$(cat "$OUT/long-$h.status" 2>/dev/null)" = ok ] || failed=1
done > "$OUT/long-summary.txt"
echo "fuzz-long: summary (also in $OUT/long-summary.txt)"
cat "$OUT/long-summary.txt"
exit $failed
