#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Runs PulseSystemTests against a private PulseAudio daemon and, at the same time, against a private
# PipeWire (pipewire, wireplumber, pipewire-pulse), each under Tests/desktop/with-server.sh (its own
# XDG_RUNTIME_DIR, session bus and daemon HOME, torn down on exit). Both must pass. Extra arguments
# go to `swift test`. GAMESOUND_SOAK_ROUNDS (default 10) is how many kill-and-restart rounds the
# soak test plays on each server. PULSE_TEST_SERIAL=1 runs one server after the other.
#
# Why at once: each run waits on real time (servers starting, sounds reaching a monitor) and keeps
# about half a core busy, so the two overlap well on two cores (110 s one after the other, about
# 65 s at once). The runs share nothing but the built test binary; `--ignore-lock` lets two
# `swift test --skip-build` read one build folder at once (neither writes to it).
# Build first (swift build --build-tests); this script only runs the built tests.
set -euo pipefail
cd "$(dirname "$0")/../.."

export GAMESOUND_SOAK_ROUNDS="${GAMESOUND_SOAK_ROUNDS:-10}"
kinds=(pulseaudio pipewire)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

run() {  # run KIND: the suite on a private KIND server, its output into $logs/KIND.log
  Tests/desktop/with-server.sh "$1" swift test --skip-build --ignore-lock --filter PulseSystemTests "${@:2}" \
    > "$logs/$1.log" 2>&1
}

declare -A status
if [ "${PULSE_TEST_SERIAL:-0}" = 1 ]; then
  for kind in "${kinds[@]}"; do status[$kind]=0; run "$kind" "$@" || status[$kind]=$?; done
else
  declare -A pids
  # A second apart: each swift test opens the build's database as it starts.
  for kind in "${kinds[@]}"; do run "$kind" "$@" & pids[$kind]=$!; sleep 1; done
  for kind in "${kinds[@]}"; do status[$kind]=0; wait "${pids[$kind]}" || status[$kind]=$?; done
fi

failed=0
for kind in "${kinds[@]}"; do
  echo "== PulseSystemTests on $kind"
  cat "$logs/$kind.log"
  if [ "${status[$kind]}" != 0 ]; then
    echo "Tests/pulse/run.sh: PulseSystemTests failed on $kind (exit ${status[$kind]})" >&2
    failed=1
  fi
done
exit $failed
