#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# fuzz/run.sh OUT HARNESS SECONDS [SEED]: runs one libFuzzer harness (built by fuzz/build.sh into OUT)
# for SECONDS from fuzz/corpus/HARNESS, its log in OUT/HARNESS.log and what it finds in
# OUT/crashes-HARNESS; prints libFuzzer's summary lines, and on a finding the log's end. `make fuzz`
# runs the harnesses through this, two at a time.
set -uo pipefail
out=${1:?usage: fuzz/run.sh OUT HARNESS SECONDS [SEED]}
harness=${2:?usage: fuzz/run.sh OUT HARNESS SECONDS [SEED]}
seconds=${3:?usage: fuzz/run.sh OUT HARNESS SECONDS [SEED]}
seed=${4:-}
cd "$(dirname "$0")/.."
mkdir -p "$out/work-$harness" "$out/crashes-$harness"
LSAN_OPTIONS=suppressions=$PWD/fuzz/lsan.supp "$out/fuzz-$harness" -max_total_time="$seconds" -timeout=10 \
    ${seed:+-seed="$seed"} -rss_limit_mb=2048 -artifact_prefix="$out/crashes-$harness/" \
    "$out/work-$harness" "fuzz/corpus/$harness" > "$out/$harness.log" 2>&1
status=$?
echo "fuzz: $harness, $seconds s: $(grep -E '(DONE|ERROR|SUMMARY|Done [0-9]+ runs)' "$out/$harness.log" | tr '\n' ' ')"
if [ "$status" != 0 ]; then
    tail -n 40 "$out/$harness.log"
    echo "fuzz: $harness found a problem; see $out/$harness.log and $out/crashes-$harness"
    exit 1
fi
