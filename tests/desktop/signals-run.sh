#!/usr/bin/env bash
# Runs tests/desktop/check-c-signals.py against the debug build's library (make lib) on a private
# PulseAudio daemon of its own (a null sink whose monitor the checks record), started and killed here.
# Under tests/desktop/with-server.sh the SDK test runs the same script on PulseAudio and PipeWire.
set -euo pipefail
cd "$(dirname "$0")/../.."

for tool in pulseaudio pactl parec mpv playerctl dbus-daemon; do
  command -v "$tool" >/dev/null || { echo "tests/desktop/signals-run.sh: $tool is missing (make deps)" >&2; exit 1; }
done
/usr/bin/python3 -c "import dbus, dbusmock" || { echo "tests/desktop/signals-run.sh: python3-dbusmock is missing (make deps)" >&2; exit 1; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/gamesound-signals.XXXXXX")
export XDG_RUNTIME_DIR="$scratch/runtime"
daemon_home="$scratch/home"
mkdir -p "$XDG_RUNTIME_DIR" "$daemon_home"
chmod 700 "$XDG_RUNTIME_DIR"
unset PULSE_SERVER PULSE_PROP

cleanup() {
  HOME="$daemon_home" pulseaudio --kill 2>/dev/null || true
  for _ in $(seq 50); do HOME="$daemon_home" pulseaudio --check 2>/dev/null || break; sleep 0.1; done
  rm -rf "$scratch" 2>/dev/null || true
}
trap 'status=$?; cleanup; exit $status' EXIT
trap 'exit 130' INT TERM

HOME="$daemon_home" pulseaudio -n --daemonize=yes --exit-idle-time=-1 --log-target="file:$scratch/daemon.log" \
  -L module-null-sink -L module-native-protocol-unix </dev/null >/dev/null 2>&1
for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
pactl info >/dev/null || { echo "tests/desktop/signals-run.sh: the daemon did not start" >&2; exit 1; }

cc -std=c99 -Wall -Wextra -Werror -Ic/include tests/desktop/desktop_game.c -L.build/c -lgamesound \
  -Wl,-rpath,"$PWD/.build/c" -o "$scratch/desktop_game"
export GAMESOUND_SERVER_KIND=pulseaudio
/usr/bin/python3 tests/desktop/check-c-signals.py "$scratch/desktop_game" assets/music/theme.ogg
