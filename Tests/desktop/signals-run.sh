#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Runs Tests/desktop/check-c-signals.py (MPRIS players and logind, against mpv, playerctl and
# python3-dbusmock) with the debug build's library (make lib), on a private PulseAudio and then on a
# private PipeWire (Tests/desktop/with-server.sh). The SDK test runs the same script on the SDK's
# library with the toolchain hidden.
set -euo pipefail
cd "$(dirname "$0")/../.."

for tool in mpv playerctl dbus-daemon; do
  command -v "$tool" >/dev/null || { echo "Tests/desktop/signals-run.sh: $tool is missing (make deps)" >&2; exit 1; }
done
/usr/bin/python3 -c "import dbus, dbusmock" || { echo "Tests/desktop/signals-run.sh: python3-dbusmock is missing (make deps)" >&2; exit 1; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/gamesound-signals.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cc -std=c99 -Wall -Wextra -Werror -Ic/include Tests/desktop/desktop_game.c -L.build/c -lgamesound \
  -Wl,-rpath,"$PWD/.build/c" -o "$scratch/desktop_game"
for server in pulseaudio pipewire; do
  Tests/desktop/with-server.sh "$server" /usr/bin/python3 Tests/desktop/check-c-signals.py "$scratch/desktop_game" assets/music/theme.ogg
done
