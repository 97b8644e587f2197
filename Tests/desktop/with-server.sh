#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Usage: Tests/desktop/with-server.sh KIND COMMAND [ARGS...]     KIND: pulseaudio | pipewire
#
# Runs COMMAND on a private desktop with a sound server of KIND and returns COMMAND's exit status:
# `gamesound-testbed desktop` (c/testbed; docs/testbed.md), the one private-desktop set-up of this
# repository, which `gamesound-testbed run` plays scripts on. Its server, session bus, system bus,
# XDG_RUNTIME_DIR (mode 700) and HOME live in a temporary folder that is removed on exit, also when
# COMMAND fails or is interrupted; whatever still runs on the desktop then is killed. The daemons get
# the private HOME; COMMAND keeps the real one (SwiftPM keeps its caches there).
#
# COMMAND runs with PULSE_SERVER, PULSE_PROP and XDG_SESSION_ID unset and with:
#   XDG_RUNTIME_DIR            the private runtime folder (the server's socket is its pulse/native)
#   DBUS_SESSION_BUS_ADDRESS   the private session bus
#   DBUS_SYSTEM_BUS_ADDRESS    a private system bus, with nothing on it (check-c-signals.py starts
#                              the testbed's logind double there)
#   GAMESOUND_SYSTEM_BUS_PID   the process id of that system bus' dbus-daemon, e.g. to kill it
#   PULSE_CLIENTCONFIG         a libpulse client.conf with `autospawn = no`: no client starts a server
#                              of its own while the real one is down
#   GAMESOUND_SERVER_KIND      pulseaudio | pipewire
#   GAMESOUND_SERVER_START     an executable: starts the server again exactly as it was first started
#                              and returns 0 once `pactl` answers and the default sink exists
#                              (at most 10 s; non-zero and the daemons' logs on stderr otherwise)
#   GAMESOUND_SERVER_KILL      an executable: SIGKILLs the server and returns once it is gone (at
#                              most 10 s). On PipeWire that is all three of pipewire, wireplumber
#                              and pipewire-pulse, as when a desktop's sound service crashes and
#                              restarts; the buses stay.
#   GAMESOUND_MONITOR_SOURCE   the monitor source of the default sink at start (PulseAudio:
#                              module-null-sink's `null.monitor`; PipeWire: `auto_null.monitor`,
#                              the null sink with a clock that pipewire-pulse's module-always-sink
#                              makes when there is no other sink)
#   GAMESOUND_RECORD_LATENCY_MSEC  the latency recorders pass to `parec --latency-msec=`: with
#                              PipeWire's default, parec delivers nothing within a second
#   GAMESOUND_SERVER_LOGS      the folder holding the daemons' logs
#   GAMESOUND_SERVER_PIDS      a folder with one file per running daemon (pulseaudio; pipewire,
#                              wireplumber, pipewire-pulse) holding its process id, e.g. to SIGSTOP it
#
# PulseAudio: pulseaudio -n --daemonize=yes --exit-idle-time=-1 with module-null-sink,
#   module-native-protocol-unix and module-role-cork.
# PipeWire: pipewire, wireplumber and pipewire-pulse with Debian's default configuration
#   (/usr/share/pipewire, /usr/share/wireplumber): no ALSA card here, so the only sink is auto_null.
set -euo pipefail
me="Tests/desktop/with-server.sh"
[ $# -ge 2 ] || { echo "usage: $me pulseaudio|pipewire COMMAND [ARGS...]" >&2; exit 2; }
case "$1" in
  pulseaudio|pipewire) ;;
  *) echo "$me: KIND must be pulseaudio or pipewire, not '$1'" >&2; exit 2 ;;
esac
kind=$1; shift
exec /usr/bin/python3 "$(dirname "$0")/../../c/testbed/gamesound-testbed" desktop --server "$kind" -- "$@"
