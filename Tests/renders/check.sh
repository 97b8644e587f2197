#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Renders every built-in scenario (demo/Sources/scenarios, the tour included) headlessly, in 32-bit
# float, and compares the SHA-256 of each WAV and event log with Tests/renders/fingerprints.txt.
# OpenAL Soft's loopback renders are byte-identical run to run, so any difference is a change in
# what a game hears or logs: a fix to explain, or a regression. `--record` writes the file anew
# (on purpose only: after a change whose every difference is understood).
#
# Usage: Tests/renders/check.sh SOUNDBOARD [--record]    (SOUNDBOARD: the built shooter-soundboard)
set -euo pipefail
cd "$(dirname "$0")/../.."
board=${1:?usage: Tests/renders/check.sh SOUNDBOARD [--record]}
mode=${2:-check}
record=Tests/renders/fingerprints.txt
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

for scenario in demo/Sources/scenarios/*.json; do
    name=$(basename "$scenario" .json)
    "$board" render "$scenario" --out "$scratch/$name.wav" --events "$scratch/$name.jsonl" --format f32 --quiet
    (cd "$scratch" && sha256sum "$name.wav" "$name.jsonl")
done > "$scratch/now.txt"

if [ "$mode" = --record ]; then
    cp "$scratch/now.txt" "$record"
    echo "recorded $(wc -l < "$record") fingerprints into $record"
    exit 0
fi
if diff -u "$record" "$scratch/now.txt" > "$scratch/diff.txt"; then
    echo "renders: all $(wc -l < "$record") WAV and event-log fingerprints match $record"
else
    echo "renders: what a game hears or logs changed (fingerprints differ from $record):"
    grep '^[-+][0-9a-f]' "$scratch/diff.txt" | sed 's/^/    /'
    echo "Explain every difference; record anew with: Tests/renders/check.sh $board --record"
    exit 1
fi
