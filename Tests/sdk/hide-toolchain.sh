#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# hide-toolchain.sh COMMAND [ARGS...]: runs COMMAND as a player's machine would, with the Swift
# toolchain's folder covered by an empty tmpfs in a mount namespace of its own, after checking that
# swift really is gone in there. Exits with COMMAND's status.
#
# Root gets the mount namespace with `unshare -m`. Anyone else gets it inside a user namespace of
# their own (`unshare -r -m`: the command runs as root of that namespace, which owns nothing outside
# it), so a developer without root runs the same checks. Where the kernel refuses both, this fails
# and says why: the checks it guards must not be skipped in silence.
set -euo pipefail
swift_path=$(command -v swift) || { echo "hide-toolchain.sh: no swift on PATH to hide" >&2; exit 1; }
toolchain=$(dirname "$(dirname "$(readlink -f "$swift_path")")")
namespace=(-m)
[ "$(id -u)" = 0 ] || namespace=(-r -m)
if ! reason=$(unshare "${namespace[@]}" true 2>&1); then
    echo "hide-toolchain.sh: cannot make a mount namespace (unshare ${namespace[*]}): $reason" >&2
    [ "$(id -u)" = 0 ] || echo "hide-toolchain.sh: unprivileged user namespaces may be off (sysctl user.max_user_namespaces, kernel.unprivileged_userns_clone, or a container's seccomp profile)" >&2
    exit 125
fi
exec unshare "${namespace[@]}" sh -c 'mount -t tmpfs gamesound-hides-the-toolchain "$1" && shift &&
    if [ -e "$0/bin/swift" ] || [ -e "$0/bin/swift-driver" ]; then echo "the toolchain is still visible"; exit 1; fi &&
    exec "$@"' "$toolchain" "$toolchain" "$@"
