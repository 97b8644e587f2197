#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# make testbed-fresh (by hand; it downloads Debian): issue 38's "done when" on a fresh Debian 12.
#
#   Tests/testbed/fresh-debian.sh VERSION
#
# A Debian 12 (bookworm) root made with debootstrap (--variant=minbase: less than any installed
# machine has), with ONLY the packages docs/shipping.md lists for a game's CI machine (the block after
# "<!-- fresh-debian: packages -->"), installed with apt-get as the docs say. No Swift toolchain, nothing
# of this machine's. Into it goes the SDK tarball (dist/gamesound-VERSION-linux-ARCH.tar.gz, from
# `make dist`); a user of its own, not root, unpacks it and runs in its folder the commands
# docs/testbed.md shows (the block after "<!-- fresh-debian: commands -->"), one by one: build the SDL2 shooter
# and the plain OpenAL program from it, run the example script against the shooter under Xvfb on
# PipeWire and on PulseAudio (each must pass: exit status 0) and against the plain OpenAL program
# (must fail: exit status 1, with the seven expectations docs/testbed.md lists as failed, each with
# its window).
#
# The root runs under bubblewrap (bwrap) with its own /proc, /dev, /tmp and /run, this machine's
# network (for apt) and /sys read-only. Cached under .build/fresh-debian: the debootstrap root
# (base/), apt's downloaded packages (debs/) and the root with the packages installed
# (installed-HASH/, by the package list): a second run mounts that under an overlay and takes about
# two minutes; the first one downloads about 230 MB and installs them (a few minutes more).
# DEBIAN_MIRROR overrides http://deb.debian.org/debian.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=${1:?usage: Tests/testbed/fresh-debian.sh VERSION}
tarball=dist/gamesound-$version-linux-$(uname -m).tar.gz
[ -f "$tarball" ] || { echo "fresh-debian: no $tarball: make dist first" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "fresh-debian: debootstrap and the root's apt need root" >&2; exit 2; }
for tool in debootstrap bwrap; do
    command -v "$tool" >/dev/null || { echo "fresh-debian: $tool is missing: apt-get install debootstrap bubblewrap" >&2; exit 2; }
done
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=$PWD/.build/fresh-debian
mkdir -p "$cache/debs/partial"
started=$(date +%s)
say() { echo "fresh-debian [$(( $(date +%s) - started )) s]: $*"; }

# block FILE MARKER: the lines of the fenced block after the line MARKER in FILE.
block() {
    awk -v marker="$2" 'index($0, marker) { found = 1; next }
        found && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }' "$1"
}
# The packages: every word of the block's apt-get install lines (continuations joined, comments and
# options dropped).
packages=$(block docs/shipping.md "<!-- fresh-debian: packages -->" | sed -e 's/#.*//' | tr '\\\n' '  ' |
           sed -e 's/sudo //g' -e 's/apt-get update//g' | tr ' ' '\n' | grep -v -e '^$' -e '^-' -e '^apt-get$' -e '^install$' |
           sort -u | tr '\n' ' ')
[ -n "$packages" ] || { echo "fresh-debian: no package list after <!-- fresh-debian: packages --> in docs/shipping.md" >&2; exit 2; }
# apt-get's option that changes what gets installed, as the block gives it (on every line, or on none).
apt_options=""
if block docs/shipping.md "<!-- fresh-debian: packages -->" | grep -q -- --no-install-recommends; then
    apt_options=--no-install-recommends
fi
mapfile -t commands < <(block docs/testbed.md "<!-- fresh-debian: commands -->" | sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d')
[ "${#commands[@]}" -gt 0 ] || { echo "fresh-debian: no commands after <!-- fresh-debian: commands --> in docs/testbed.md" >&2; exit 2; }
say "the packages docs/shipping.md lists: $packages${apt_options:+ ($apt_options)}"

# bwrap's view of a root: its own /proc, /dev, /run, and /tmp and /dev/shm open to every user (mode
# 1777, as on any machine); /sys read-only; this machine's network.
inside() {  # ROOT COMMAND...: as root in ROOT
    local root=$1
    shift
    bwrap --bind "$root" / --proc /proc --dev /dev --perms 1777 --tmpfs /dev/shm --perms 1777 --tmpfs /tmp \
        --tmpfs /run --ro-bind /sys /sys \
        --bind "$cache/debs" /var/cache/apt/archives --unshare-pid --unshare-ipc --unshare-uts --hostname fresh-debian \
        --die-with-parent --clearenv --setenv PATH /usr/sbin:/usr/bin:/sbin:/bin --setenv LANG C.UTF-8 \
        --setenv DEBIAN_FRONTEND noninteractive "$@"
}

if [ ! -d "$cache/base" ]; then
    say "debootstrap --variant=minbase bookworm from $mirror"
    rm -rf "$cache/base.partial"
    debootstrap --variant=minbase bookworm "$cache/base.partial" "$mirror" > "$cache/debootstrap.log" 2>&1 ||
        { tail -20 "$cache/debootstrap.log" >&2; exit 1; }
    mv "$cache/base.partial" "$cache/base"
fi
key=$( (echo "$packages $apt_options"; stat -c %Y "$cache/base") | sha256sum | cut -c1-12)
installed=$cache/installed-$key
if [ ! -d "$installed" ]; then
    rm -rf "$cache"/installed-* "$installed.partial"
    cp -a "$cache/base" "$installed.partial"
    cp /etc/resolv.conf "$installed.partial/etc/resolv.conf"
    # Every installed Debian has a machine id (the installer writes it); debootstrap does not.
    od -An -N16 -tx1 /dev/urandom | tr -d ' \n' > "$installed.partial/etc/machine-id"
    echo >> "$installed.partial/etc/machine-id"
    say "apt-get install (as docs/shipping.md says) into a copy of it"
    # shellcheck disable=SC2086 # the package list is words
    inside "$installed.partial" sh -c "apt-get -o APT::Sandbox::User=root update -q &&
        apt-get -o APT::Sandbox::User=root install -y -q $apt_options $packages" > "$cache/apt.log" 2>&1 ||
        { tail -30 "$cache/apt.log" >&2; exit 1; }
    inside "$installed.partial" useradd --create-home --uid 1000 --shell /bin/bash player
    mv "$installed.partial" "$installed"
fi

# This run's machine: the installed root under an overlay (this run's changes in run/upper, kept for
# a look until the next run), or a copy of it where overlayfs cannot be mounted.
root=$cache/root
if mountpoint -q "$root"; then umount "$root"; fi
rm -rf "$root" "$cache/run"
mkdir -p "$root" "$cache/run/upper" "$cache/run/work"
if mount -t overlay overlay -o "lowerdir=$installed,upperdir=$cache/run/upper,workdir=$cache/run/work" "$root" 2>/dev/null; then
    trap 'umount "$root"' EXIT
else
    rmdir "$root"
    cp -a "$installed" "$root"
fi
cp "$tarball" "$root/home/player/"
chown 1000:1000 "$root/home/player/$(basename "$tarball")"
sdk=gamesound-$version
say "$(inside "$root" sh -c 'echo "Debian $(cat /etc/debian_version)"; dpkg-query -W -f "\${binary:Package}\n" | wc -l') packages installed"

# as_player FOLDER COMMAND: one command, as the user player in ~/FOLDER, the toolchain nowhere.
as_player() {
    inside "$root" setpriv --reuid=1000 --regid=1000 --init-groups env HOME=/home/player USER=player \
        LOGNAME=player PATH=/usr/local/bin:/usr/bin:/bin bash -c "cd ~/$1 && $2"
}
failures=0
note() { echo "fresh-debian: $*"; }
if as_player . 'command -v swift swiftc >/dev/null'; then
    note "FAILED: a Swift toolchain is on the PATH of the fresh root"
    failures=$((failures + 1))
fi
say "unpacking the SDK as the user player: ~/$sdk"
as_player . "tar -xzf $(basename "$tarball")"
for command in "${commands[@]}"; do
    expected=0
    case "$command" in *"gamesound-testbed run"*plain*) expected=1 ;; esac
    say "\$ $command   (expected exit status $expected)"
    set +e
    as_player "$sdk" "$command" > "$cache/last.log" 2>&1
    status=$?
    set -e
    sed 's/^/    /' "$cache/last.log" | tail -40
    if [ "$status" != "$expected" ]; then
        note "FAILED: exit status $status, not $expected"
        failures=$((failures + 1))
    fi
done
# The plain OpenAL program's report: which expectations failed, and where (the JUnit file the
# documented command writes).
plain_junit=$(find "$root/home/player" -name 'plain*.xml' | head -1)
if [ -z "$plain_junit" ]; then
    note "FAILED: no JUnit report of the plain OpenAL program's run (the documented command writes plain.xml)"
    failures=$((failures + 1))
elif ! python3 - "$plain_junit" <<'PY'
import sys, xml.etree.ElementTree as ET
failed = {case.get("name").rsplit(" (", 1)[0]: case.find("failure").get("message")
          for case in ET.parse(sys.argv[1]).iter("testcase") if case.find("failure") is not None}
expected = {"silent during the call", "holds its music while the player's plays", "silent while the screen is locked",
            "heard within 3.5 s of the wake (its output gone and back)", "plays on beside an alarm",
            "heard within 4 s of the server's restart", "still has its stream at the end"}
for name, message in sorted(failed.items()):
    print(f"    failed: {name}: {message}")
sys.exit(0 if set(failed) == expected and all(message.startswith("at ") for message in failed.values()) else 1)
PY
then
    note "FAILED: the plain OpenAL program's report does not fail exactly the seven expectations docs/testbed.md lists, each with its window"
    failures=$((failures + 1))
fi
say "done: $failures failed; what the run left is in $cache/run/upper (or $root)"
[ "$failures" = 0 ]
