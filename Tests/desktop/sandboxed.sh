#!/bin/bash
# SPDX-License-Identifier: Zlib
# [SANDBOXED_BIND=DIR:DIR...] sandboxed.sh MODE GAME [ARGS...]: runs GAME in a sandbox of the kind players run games in, on the
# desktop this script is started on (a gamesound-testbed run's; it reads XDG_RUNTIME_DIR and
# DBUS_SESSION_BUS_ADDRESS), for Tests/sdk/run.sh:
#   proxy        as Flatpak runs an app: no system bus, the session bus through xdg-dbus-proxy with
#                Flatpak's filtering (talk to the portal and to MPRIS players, own
#                org.mpris.MediaPlayer2.APP_ID.*), and /.flatpak-info naming the app (APP_ID below);
#   session-bus  the same with the whole session bus (a manifest's --socket=session-bus): no system bus;
#   both-buses   as Steam's pressure-vessel does: both buses and the sound server passed through.
# The root is read-only (/usr, /etc, /opt, the repository's folders bound), /tmp private but for X's
# sockets, and the runtime folder holds only the sound server's socket and the bus(es) passed.
# No PID namespace: the testbed finds the game's streams by process id.
set -euo pipefail
mode=$1; shift
APP_ID=org.gamesound.SandboxedGame
work=$(mktemp -d)
cleanup() { [ -n "${proxy:-}" ] && kill -KILL "$proxy" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
session_socket=${DBUS_SESSION_BUS_ADDRESS#unix:path=}
args=(--tmpfs / --ro-bind /usr /usr --symlink usr/lib /lib --symlink usr/lib64 /lib64 --symlink usr/bin /bin
      --symlink usr/sbin /sbin --ro-bind /etc /etc --ro-bind /opt /opt --dev /dev --proc /proc
      --tmpfs /tmp --bind /tmp/.X11-unix /tmp/.X11-unix
      --ro-bind "$XDG_RUNTIME_DIR/pulse" "$XDG_RUNTIME_DIR/pulse"
      --setenv DBUS_SESSION_BUS_ADDRESS "unix:path=$XDG_RUNTIME_DIR/bus" --die-with-parent)
# The game and its files: the folder of every absolute path among its arguments, and the folders
# SANDBOXED_BIND names (colon-separated: where the game's libraries are), read-only.
binds=()
for word in "$@"; do
    [ "${word#/}" != "$word" ] && [ -e "$word" ] && binds+=("$(dirname "$word")")
done
IFS=: read -r -a extra <<< "${SANDBOXED_BIND:-}"
for folder in "${binds[@]}" "${extra[@]}"; do
    [ -n "$folder" ] && args+=(--ro-bind "$folder" "$folder")
done
case $mode in
  proxy)
    # The testbed stops a game with SIGTERM to its process group, this script's: the proxy ignores it
    # (an ignored signal stays ignored across exec) and goes at the EXIT trap, after the game, so the
    # game never sees its bus vanish while it shuts down (it then logged mpris.bus-lost and
    # portal.unavailable). A SIGKILL to the group still takes the proxy with it.
    ( trap '' TERM INT; exec xdg-dbus-proxy "$DBUS_SESSION_BUS_ADDRESS" "$work/bus" --filter \
        --talk=org.freedesktop.portal.Desktop --talk='org.mpris.MediaPlayer2.*' --own="org.mpris.MediaPlayer2.$APP_ID.*" ) &
    proxy=$!
    for _ in $(seq 250); do [ -S "$work/bus" ] && break; sleep 0.02; done
    printf '[Application]\nname=%s\n' "$APP_ID" > "$work/flatpak-info"
    args+=(--ro-bind "$work/bus" "$XDG_RUNTIME_DIR/bus" --ro-bind "$work/flatpak-info" /.flatpak-info
           --unsetenv DBUS_SYSTEM_BUS_ADDRESS) ;;
  session-bus)
    args+=(--ro-bind "$session_socket" "$XDG_RUNTIME_DIR/bus" --unsetenv DBUS_SYSTEM_BUS_ADDRESS) ;;
  both-buses)
    system_socket=${DBUS_SYSTEM_BUS_ADDRESS#unix:path=}
    args+=(--ro-bind "$session_socket" "$XDG_RUNTIME_DIR/bus" --ro-bind "$system_socket" "$system_socket") ;;
  *) echo "sandboxed.sh: MODE must be proxy, session-bus or both-buses, not '$mode'" >&2; exit 2 ;;
esac
bwrap "${args[@]}" -- "$@" &
game=$!
trap 'kill -TERM $game 2>/dev/null' TERM INT
status=0
wait $game || status=$?
wait $game 2>/dev/null || true
exit $status
