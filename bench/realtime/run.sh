#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# bench/realtime/run.sh [RESULTS.jsonl]: the real-time benchmark (`make bench-realtime`, which builds
# the programs first). GameSound's C SDK, OpenAL Soft by hand and SDL_mixer 2 side by side, in turn,
# on OpenAL Soft's null device and then on a private PulseAudio and a private PipeWire
# (Tests/desktop/with-server.sh), then the tables of docs/performance.md's "Real time" section.
# Every run is appended to RESULTS.jsonl (default .build/realtime/results-DATE.jsonl);
# bench/realtime/report.py RESULTS.jsonl prints the tables again.
#
# RT_BACKENDS ("null pulseaudio pipewire") chooses the outputs; run.py's docstring lists the
# other settings (run lengths, repetitions, voice counts, plays, stress-ng loads).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-.build/realtime/results-$(date +%Y%m%d-%H%M%S).jsonl}
mkdir -p "$(dirname "$out")"
for tool in stress-ng parec pulseaudio pipewire; do
  command -v "$tool" >/dev/null || { echo "bench/realtime/run.sh: $tool is missing (apt-get install stress-ng pulseaudio-utils pulseaudio pipewire-pulse wireplumber)" >&2; exit 1; }
done
echo "results: $out"
for backend in ${RT_BACKENDS:-null pulseaudio pipewire}; do
  if [ "$backend" = null ]; then
    python3 bench/realtime/run.py null "$out"
  else
    Tests/desktop/with-server.sh "$backend" python3 bench/realtime/run.py server "$out"
  fi
done
python3 bench/realtime/report.py "$out"
