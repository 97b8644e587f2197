#!/usr/bin/env bash
# Runs PulseSystemTests against a private PulseAudio daemon: a null sink (whose monitor the tests
# record), the native protocol socket, and module-role-cork. The daemon lives in a temporary
# XDG_RUNTIME_DIR and HOME and is killed on exit, also when the tests fail or are interrupted.
# Only the daemon gets the temporary HOME (SwiftPM keeps the real one for its caches); clients
# authenticate over the socket by user id.
# Build first (swift build --build-tests); this script only runs the built tests.
set -euo pipefail
cd "$(dirname "$0")/../.."

for tool in pulseaudio pactl paplay parec; do
  command -v "$tool" >/dev/null || { echo "tests/pulse/run.sh: $tool is missing (apt-get install pulseaudio pulseaudio-utils)" >&2; exit 1; }
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/gamesound-pulse.XXXXXX")
export XDG_RUNTIME_DIR="$scratch/runtime"
daemon_home="$scratch/home"
mkdir -p "$XDG_RUNTIME_DIR" "$daemon_home"
chmod 700 "$XDG_RUNTIME_DIR"
unset PULSE_SERVER PULSE_PROP

export GAMESOUND_PULSE_DAEMON_ARGS="-n --daemonize=yes --exit-idle-time=-1 --log-target=file:$scratch/daemon.log -L module-null-sink -L module-native-protocol-unix -L module-role-cork"

# The daemon exits a moment after --kill (and the restart tests may have started a new one), so
# wait for it before removing its runtime directory; cleaning up never changes the tests' status.
cleanup() {
  HOME="$daemon_home" pulseaudio --kill 2>/dev/null || true
  for _ in $(seq 50); do HOME="$daemon_home" pulseaudio --check 2>/dev/null || break; sleep 0.1; done
  rm -rf "$scratch" 2>/dev/null || { sleep 1; rm -rf "$scratch" 2>/dev/null; } || echo "tests/pulse/run.sh: could not remove $scratch" >&2
}
trap 'status=$?; cleanup; exit $status' EXIT
trap 'exit 130' INT TERM

export GAMESOUND_PULSE_DAEMON_HOME="$daemon_home"
# shellcheck disable=SC2086
HOME="$daemon_home" pulseaudio $GAMESOUND_PULSE_DAEMON_ARGS </dev/null >/dev/null 2>&1
for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
pactl info >/dev/null || { echo "tests/pulse/run.sh: the daemon did not start" >&2; cat "$scratch/daemon.log" >&2 || true; exit 1; }

export GAMESOUND_PULSE_TESTS=1
swift test --skip-build --filter PulseSystemTests "$@"
