#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Runs PulseSystemTests against a private PulseAudio daemon, then against a private PipeWire
# (pipewire, wireplumber, pipewire-pulse), each under Tests/desktop/with-server.sh (its own
# XDG_RUNTIME_DIR, session bus and daemon HOME, torn down on exit). Both must pass. Extra arguments
# go to `swift test`. GAMESOUND_SOAK_ROUNDS (default 10) is how many kill-and-restart rounds the
# soak test plays on each server.
# Build first (swift build --build-tests); this script only runs the built tests.
set -euo pipefail
cd "$(dirname "$0")/../.."

export GAMESOUND_SOAK_ROUNDS="${GAMESOUND_SOAK_ROUNDS:-10}"
for kind in pulseaudio pipewire; do
  echo "== PulseSystemTests on $kind"
  Tests/desktop/with-server.sh "$kind" swift test --skip-build --filter PulseSystemTests "$@" \
    || { echo "Tests/pulse/run.sh: PulseSystemTests failed on $kind" >&2; exit 1; }
done
