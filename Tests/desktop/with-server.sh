#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Usage: Tests/desktop/with-server.sh KIND COMMAND [ARGS...]     KIND: pulseaudio | pipewire
#
# Runs COMMAND against a private sound server of KIND and returns COMMAND's exit status. The
# server, its private session bus (dbus-daemon --session), its XDG_RUNTIME_DIR (mode 700) and HOME
# live in a temporary folder that is removed on exit, also when COMMAND fails or is interrupted.
# The daemons get the private HOME; COMMAND keeps the real one (SwiftPM keeps its caches there).
#
# COMMAND runs with PULSE_SERVER and PULSE_PROP unset and with:
#   XDG_RUNTIME_DIR            the private runtime folder (the server's socket is its pulse/native)
#   DBUS_SESSION_BUS_ADDRESS   the private session bus
#   GAMESOUND_SERVER_KIND      pulseaudio | pipewire
#   GAMESOUND_SERVER_START     an executable: starts the server again exactly as it was first started
#                              and returns 0 once `pactl info` answers and the default sink exists
#                              (at most 10 s; non-zero and the daemons' logs on stderr otherwise)
#   GAMESOUND_SERVER_KILL      an executable: SIGKILLs the server and returns once it is gone (at
#                              most 10 s). On PipeWire that is all three of pipewire, wireplumber
#                              and pipewire-pulse, as when a desktop's sound service crashes and
#                              restarts; the session bus stays.
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

if [ "${GAMESOUND_SUBREAPER:-}" != 1 ]; then
  # Daemons started again by GAMESOUND_SERVER_START outlive that script. Make this shell their
  # parent (a child subreaper) so that killed daemons are reaped, not left as zombies under an init
  # that never reaps. prctl(PR_SET_CHILD_SUBREAPER) survives exec; Python is only the way to call it.
  export GAMESOUND_SUBREAPER=1
  exec python3 -c 'import ctypes, os, sys
ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)
os.execv(sys.argv[1], sys.argv[1:])' "$0" "$@"
fi
unset GAMESOUND_SUBREAPER

me="Tests/desktop/with-server.sh"
[ $# -ge 2 ] || { echo "usage: $me pulseaudio|pipewire COMMAND [ARGS...]" >&2; exit 2; }
kind=$1; shift
case "$kind" in
  pulseaudio) tools="pulseaudio pactl paplay parec dbus-daemon"; packages="pulseaudio pulseaudio-utils dbus-daemon" ;;
  pipewire) tools="pipewire wireplumber pipewire-pulse pactl paplay parec dbus-daemon"; packages="pipewire pipewire-pulse wireplumber pulseaudio-utils dbus-daemon" ;;
  *) echo "$me: KIND must be pulseaudio or pipewire, not '$kind'" >&2; exit 2 ;;
esac
for tool in $tools; do
  command -v "$tool" >/dev/null || { echo "$me: $tool is missing (apt-get install $packages)" >&2; exit 1; }
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/gamesound-$kind.XXXXXX")
runtime="$scratch/runtime" home="$scratch/home" logs="$scratch/logs" bin="$scratch/bin" pids="$scratch/pids"
mkdir -p "$runtime" "$home" "$logs" "$bin" "$pids"
chmod 700 "$runtime"
unset PULSE_SERVER PULSE_PROP
export XDG_RUNTIME_DIR="$runtime"

# ---- The scripts COMMAND gets. Everything they need is written into them, so they work from any
# environment that keeps XDG_RUNTIME_DIR and DBUS_SESSION_BUS_ADDRESS.
{
  echo '#!/usr/bin/env bash'
  echo "# Kills the private $kind server (SIGKILL) and returns once it is gone (written by $me)."
  echo 'set -u'
  echo "pids=$(printf %q "$pids")"
  cat <<'KILL'
gone() { # a zombie (reaped later by with-server.sh) counts as gone
  local state
  state=$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$1/status" 2>/dev/null) || return 0
  [ -z "$state" ] || [ "$state" = Z ]
}
targets=()
for file in "$pids"/*; do
  [ -e "$file" ] || continue
  pid=$(cat "$file"); rm -f "$file"
  kill -KILL "$pid" 2>/dev/null && targets+=("$pid")
done
for _ in $(seq 100); do
  alive=0
  for pid in "${targets[@]}"; do gone "$pid" || alive=1; done
  [ $alive = 0 ] && exit 0
  sleep 0.1
done
echo "GAMESOUND_SERVER_KILL: still running after 10 s: ${targets[*]}" >&2
exit 1
KILL
} > "$bin/kill-server"

{
  echo '#!/usr/bin/env bash'
  echo "# Starts the private $kind server again, as first started (written by $me)."
  echo 'set -u'
  printf 'export XDG_RUNTIME_DIR=%q DBUS_SESSION_BUS_ADDRESS=%q\n' "$runtime" "unix:path=$runtime/bus"
  echo 'unset PULSE_SERVER PULSE_PROP'
  printf 'home=%q logs=%q pids=%q\n' "$home" "$logs" "$pids"
  if [ "$kind" = pulseaudio ]; then
    cat <<'START'
HOME="$home" pulseaudio -n --daemonize=yes --exit-idle-time=-1 --log-target=file:"$logs/pulseaudio.log" \
  -L module-null-sink -L module-native-protocol-unix -L module-role-cork </dev/null >/dev/null 2>&1
for _ in $(seq 50); do [ -s "$XDG_RUNTIME_DIR/pulse/pid" ] && break; sleep 0.1; done
cp "$XDG_RUNTIME_DIR/pulse/pid" "$pids/pulseaudio" 2>/dev/null
START
  else
    cat <<'START'
# pipewire first (the graph), then the session manager and the PulseAudio protocol server. A killed
# pipewire leaves its socket behind: remove it, or the wait below sees the old one, wireplumber and
# pipewire-pulse find nobody listening and exit (seen: 1 start in ~70 failed so).
rm -f "$XDG_RUNTIME_DIR/pipewire-0" "$XDG_RUNTIME_DIR/pipewire-0-manager"
# Each daemon gets none of this script's descriptors above 2: a caller that waits for this script
# to close a descriptor (Foundation's Process does) would otherwise wait for the daemons' death.
for daemon in pipewire wireplumber pipewire-pulse; do
  (
    for fd in /proc/self/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done
    HOME="$home" exec setsid "$daemon" </dev/null >>"$logs/$daemon.log" 2>&1
  ) &
  echo $! > "$pids/$daemon"
  if [ "$daemon" = pipewire ]; then
    for _ in $(seq 50); do [ -S "$XDG_RUNTIME_DIR/pipewire-0" ] && break; sleep 0.02; done
  fi
done
START
  fi
  cat <<'START'
# Ready: the protocol answers and names a default sink that exists.
for _ in $(seq 100); do
  sink=$(pactl get-default-sink 2>/dev/null) && [ -n "$sink" ] \
    && pactl list short sinks 2>/dev/null | cut -f2 | grep -qxF "$sink" && exit 0
  sleep 0.1
done
echo "GAMESOUND_SERVER_START: the server did not answer with a default sink within 10 s" >&2
tail -n 20 "$logs"/*.log >&2 2>/dev/null
exit 1
START
} > "$bin/start-server"
chmod +x "$bin/kill-server" "$bin/start-server"

command_pid= dbus_pid=
cleanup() {
  [ -n "$command_pid" ] && kill -TERM "$command_pid" 2>/dev/null
  "$bin/kill-server" 2>/dev/null || true
  [ -n "$dbus_pid" ] && kill -KILL "$dbus_pid" 2>/dev/null
  wait 2>/dev/null || true  # reaps COMMAND, the bus and the daemons this shell is parent of
  rm -rf "$scratch" 2>/dev/null || { sleep 1; rm -rf "$scratch" 2>/dev/null; } || echo "$me: could not remove $scratch" >&2
}
trap 'status=$?; trap - EXIT; cleanup; exit $status' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

dbus-daemon --session --nofork --address="unix:path=$runtime/bus" </dev/null >/dev/null 2>"$logs/dbus-daemon.log" &
dbus_pid=$!
for _ in $(seq 100); do [ -S "$runtime/bus" ] && break; sleep 0.05; done
[ -S "$runtime/bus" ] || { echo "$me: the session bus did not start" >&2; cat "$logs/dbus-daemon.log" >&2; exit 1; }
export DBUS_SESSION_BUS_ADDRESS="unix:path=$runtime/bus"
"$bin/start-server" || { echo "$me: the $kind server did not start" >&2; exit 1; }

sink=$(pactl get-default-sink)
export GAMESOUND_SERVER_KIND="$kind"
export GAMESOUND_SERVER_START="$bin/start-server"
export GAMESOUND_SERVER_KILL="$bin/kill-server"
export GAMESOUND_MONITOR_SOURCE="$sink.monitor"
export GAMESOUND_RECORD_LATENCY_MSEC=20
export GAMESOUND_SERVER_LOGS="$logs"
export GAMESOUND_SERVER_PIDS="$pids"

# COMMAND runs in the background (keeping this shell's stdin) so that this shell, the daemons'
# subreaper, stays free to reap them; `wait` returns COMMAND's status, or returns early when INT or
# TERM arrives, whose trap ends COMMAND and the server.
"$@" <&0 &
command_pid=$!
set +e
wait "$command_pid"
status=$?
exit $status
