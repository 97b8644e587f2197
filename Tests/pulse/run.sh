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
# `swift test --skip-build` use one build folder at once. Not from the same moment: even with
# --skip-build, SwiftPM first plans the build and may write its description (.build/debug.yaml), and
# the other one reading it meanwhile crashed with a bus error (a fresh clone's make check,
# 2026-11-29). So the second starts once the first's tests have started (at most 120 s later).
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
  for kind in "${kinds[@]}"; do
    run "$kind" "$@" & pids[$kind]=$!
    # Until this run's tests have started (its SwiftPM has planned), or it has ended, or 120 s.
    for _ in $(seq 1 1200); do
      grep -q "Test run started" "$logs/$kind.log" 2>/dev/null && break
      kill -0 "${pids[$kind]}" 2>/dev/null || break
      sleep 0.1
    done
  done
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
