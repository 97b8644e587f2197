#!/usr/bin/env bash
# hide-toolchain.sh COMMAND [ARGS...]: runs COMMAND as a player's machine would, with the Swift
# toolchain's folder covered by an empty tmpfs in a mount namespace of its own, after checking that
# swift really is gone in there. Root only (unshare -m). Exits with COMMAND's status.
set -euo pipefail
swift_path=$(command -v swift) || { echo "hide-toolchain.sh: no swift on PATH to hide" >&2; exit 1; }
toolchain=$(dirname "$(dirname "$(readlink -f "$swift_path")")")
exec unshare -m sh -c 'mount -t tmpfs gamesound-hides-the-toolchain "$1" && shift &&
    if [ -e "$0/bin/swift" ] || [ -e "$0/bin/swift-driver" ]; then echo "the toolchain is still visible"; exit 1; fi &&
    exec "$@"' "$toolchain" "$toolchain" "$@"
