#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Packs the SDK a game ships against, from a library built by c/build-sdk-library.sh:
#   dist/gamesound-VERSION-linux-ARCH.tar.gz   one folder gamesound-VERSION/ (ARCH as `uname -m` says)
#   dist/libgamesound1_VERSION_DEBARCH.deb      the run-time library, for players' machines
#   dist/libgamesound-dev_VERSION_DEBARCH.deb   header, link, pkg-config and CMake files, for building
# Both packages carry a machine-readable copyright file (c/sdk/debian/copyright.in, with the zlib
# text of LICENSE and swift-log's NOTICE filled in) and the changelog (c/sdk/debian/changelog); the
# library package has the shlibs and symbols files (from the library's GAMESOUND_* versions) that
# dpkg-shlibdeps reads when a game is packaged. `lintian` finds no error in either (Tests/sdk/run.sh).
# Usage: make-dist.sh LIBRARY_DIR VERSION
set -euo pipefail
cd "$(dirname "$0")/.."
libdir_in=${1:?usage: make-dist.sh LIBRARY_DIR VERSION}
version=${2:?usage: make-dist.sh LIBRARY_DIR VERSION}
arch=$(uname -m)
debarch=$(dpkg --print-architecture)
multiarch=$(gcc -print-multiarch)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p dist

# Packing takes about 10 s and make check asks for it several times (the docs' commands run `make
# dist`). The stamp is every input's content: the library, this script, and the folders and files it
# reads from (a superset: all of c/, demo/, examples/ and assets/, so that a file this script starts
# reading there is covered without a change here). With the same inputs and the three packages as
# they were written, packing again would give the same packages.
outputs=("dist/gamesound-$version-linux-$arch.tar.gz" "dist/libgamesound1_${version}_${debarch}.deb"
         "dist/libgamesound-dev_${version}_${debarch}.deb")
stamp="dist/.inputs-$version"
inputs=$( { echo "$version $arch $debarch $multiarch"
            find "$libdir_in/libgamesound.so.$version" c demo examples assets README.md LICENSE THIRD-PARTY \
                docs/c-api.md docs/shipping.md docs/testbed.md .build/checkouts/swift-log/NOTICE.txt \
                -type f -not -path '*/__pycache__/*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum; } | sha256sum)
packed() { stat -c '%n %s %Y' "${outputs[@]}" 2>/dev/null; }
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs $(packed | sha256sum)" ]; then
    printf '%s (up to date)\n' "${outputs[@]}"
    exit 0
fi
rm -f "$stamp"

fill() {  # fill TEMPLATE OUTPUT LIBDIR: the templates' @VERSION@ and @LIBDIR@
    sed -e "s|@VERSION@|$version|g" -e "s|@LIBDIR@|$3|g" "$1" > "$2"
}

# The packages' Maintainer, the copyright file's Upstream-Contact and the changelog's trailer. The
# project has no mail domain of its own yet: gamesound.example.org is under example.org, which RFC
# 2606 reserves, so nothing sent there reaches a stranger; replace it once the project has one.
maintainer="GameSound developers <noreply@gamesound.example.org>"
changelog_version=$(sed -n '1s/^gamesound (\([^)]*\)).*/\1/p' c/sdk/debian/changelog)
[ "$changelog_version" = "$version" ] || {
    echo "c/sdk/debian/changelog begins with version '$changelog_version', not $version: add an entry" >&2
    exit 1
}
grep -qF -- " -- $maintainer  " c/sdk/debian/changelog || {
    echo "c/sdk/debian/changelog is not signed by $maintainer" >&2
    exit 1
}

# ---- The tarball -----------------------------------------------------------------------------
root="$work/gamesound-$version"
mkdir -p "$root/lib/pkgconfig" "$root/lib/cmake/GameSound" "$root/include" "$root/share/doc/gamesound" \
    "$root/examples"
cp "$libdir_in/libgamesound.so.$version" "$root/lib/"
ln -s "libgamesound.so.$version" "$root/lib/libgamesound.so.1"
ln -s libgamesound.so.1 "$root/lib/libgamesound.so"
cp c/include/gamesound.h "$root/include/"
fill c/sdk/gamesound.pc.in "$root/lib/pkgconfig/gamesound.pc" lib
fill c/sdk/GameSoundConfig.cmake.in "$root/lib/cmake/GameSound/GameSoundConfig.cmake" lib
fill c/sdk/GameSoundConfigVersion.cmake.in "$root/lib/cmake/GameSound/GameSoundConfigVersion.cmake" lib
cp README.md LICENSE THIRD-PARTY docs/c-api.md docs/shipping.md docs/testbed.md "$root/share/doc/gamesound/"
cp -r demo/c-example "$root/examples/c-example"
cp -r demo/sdl-shooter "$root/examples/sdl-shooter"
# The shooter's sounds (the repository's assets/, CC0: assets/LICENSE), so that it runs from the SDK alone
# (`--assets examples/sdl-shooter/assets`, as docs/testbed.md runs it under gamesound-testbed).
install -d "$root/examples/sdl-shooter/assets/sfx" "$root/examples/sdl-shooter/assets/music"
install -m 644 assets/sfx/*.ogg "$root/examples/sdl-shooter/assets/sfx/"
install -m 644 assets/music/theme.ogg "$root/examples/sdl-shooter/assets/music/"
install -m 644 assets/LICENSE "$root/examples/sdl-shooter/assets/"
# install_testbed ROOT: gamesound-testbed (docs/testbed.md) under ROOT/bin, its Python package under
# ROOT/share/gamesound/testbed, where the command looks for it (../share/gamesound/testbed), and the
# scripts' JSON Schema beside it (script.schema.json: what `gamesound-testbed schema` prints).
install_testbed() {
    install -d "$1/bin" "$1/share/gamesound/testbed/gamesound_testbed"
    install -m 755 c/testbed/gamesound-testbed "$1/bin/gamesound-testbed"
    install -m 644 c/testbed/gamesound_testbed/*.py "$1/share/gamesound/testbed/gamesound_testbed/"
    /usr/bin/python3 c/testbed/gamesound-testbed schema > "$1/share/gamesound/testbed/script.schema.json"
    chmod 644 "$1/share/gamesound/testbed/script.schema.json"
}
install_testbed "$root"
install -d "$root/examples/testbed" "$root/examples/plain-openal"
install -m 644 examples/testbed/*.json "$root/examples/testbed/"
install -m 644 examples/plain-openal/plain_openal.c "$root/examples/plain-openal/"
tar -C "$work" --owner=0 --group=0 -czf "dist/gamesound-$version-linux-$arch.tar.gz" "gamesound-$version"

# ---- The Debian packages ---------------------------------------------------------------------
# copyright: the template, swift-log's NOTICE (from the checkout the library was built from) and
# the zlib licence of LICENSE, each as a DEP-5 field's continuation lines (" ", and " ." for a blank).
continuation() { sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /' "$1"; }
swift_log_notice=$(find .build/checkouts/swift-log -maxdepth 1 -name NOTICE.txt | head -1)
[ -n "$swift_log_notice" ] || { echo "no .build/checkouts/swift-log/NOTICE.txt: build the library first" >&2; exit 1; }
copyright="$work/copyright"
while IFS= read -r line; do
    case "$line" in
        @SWIFT_LOG_NOTICE@) sed '1{/^[[:space:]]*$/d}' "$swift_log_notice" > "$work/notice"; continuation "$work/notice" ;;
        *) printf '%s\n' "${line//@MAINTAINER@/$maintainer}" ;;
    esac
done < c/sdk/debian/copyright.in > "$copyright"
{ printf '\nLicense: Zlib\n'; sed -n '/^Copyright/,$p' LICENSE > "$work/zlib"; continuation "$work/zlib"; } >> "$copyright"

# md5sums PACKAGE_ROOT: DEBIAN/md5sums, the checksums `dpkg --verify` compares the installed files with.
md5sums() { (cd "$1" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum > DEBIAN/md5sums); }

# docs PACKAGE_ROOT PACKAGE: the copyright file and the changelog (compressed as Debian wants it:
# changelog.gz, for GameSound is a native package: its version has no Debian revision).
docs() {
    install -d "$1/usr/share/doc/$2"
    install -m 644 "$copyright" "$1/usr/share/doc/$2/copyright"
    gzip -9n < c/sdk/debian/changelog > "$1/usr/share/doc/$2/changelog.gz"
    chmod 644 "$1/usr/share/doc/$2/changelog.gz"
}

deb_lib="$work/deb-lib"
mkdir -p "$deb_lib/DEBIAN" "$deb_lib/usr/lib/$multiarch"
install -m 644 "$libdir_in/libgamesound.so.$version" "$deb_lib/usr/lib/$multiarch/"
ln -s "libgamesound.so.$version" "$deb_lib/usr/lib/$multiarch/libgamesound.so.1"
docs "$deb_lib" libgamesound1
# symbols: each exported function at the version of the node that brought it (GAMESOUND_1.0: 1.0.0),
# so that a game packaged with dpkg-shlibdeps depends on the oldest libgamesound1 that has what it
# calls; shlibs: for tools that read only shlibs, the newest node's version.
symbols="$work/symbols"
objdump -T "$libdir_in/libgamesound.so.$version" |
    awk '$NF ~ /^gs_/ || $NF ~ /^GAMESOUND_/ {
        node = "none"; for (i = 1; i < NF; i++) if ($i ~ /^GAMESOUND_/) { node = $i; break }
        print node, $NF }' | sort -u |
    while read -r node name; do
        [[ $node =~ ^GAMESOUND_([0-9]+)\.([0-9]+)$ ]] || { echo "unversioned export: $name ($node)" >&2; exit 1; }
        echo " $name@$node ${BASH_REMATCH[1]}.${BASH_REMATCH[2]}.0"
    done > "$symbols.body"
[ -s "$symbols.body" ] || { echo "no gs_* exports found in the library" >&2; exit 1; }
{ echo "libgamesound.so.1 libgamesound1 #MINVER#"; echo "* Build-Depends-Package: libgamesound-dev"
  cat "$symbols.body"; } > "$deb_lib/DEBIAN/symbols"
newest=$(awk '{ print $2 }' "$symbols.body" | sort -V | tail -1)
echo "libgamesound 1 libgamesound1 (>= $newest)" > "$deb_lib/DEBIAN/shlibs"
# libpulse0 and libsystemd0 are Recommends, not Depends: the library does not link them (it opens
# them with dlopen when the desktop is first probed) and works without them, headless or on the
# simulated system; on a desktop apt installs Recommends by default (and every desktop with sound
# has both), so a player still hears calls and music, while a server or container installed with
# --no-install-recommends is spared libpulse and the thirty libraries it brings.
cat > "$deb_lib/DEBIAN/control" <<CONTROL
Package: libgamesound1
Version: $version
Architecture: $debarch
Section: libs
Priority: optional
Maintainer: $maintainer
Depends: libopenal1, libvorbisfile3, libopusfile0, libflac12, libc6, libstdc++6, libgcc-s1
Recommends: libpulse0, libsystemd0
Description: game audio with iOS audio-session behaviour (run-time library)
 GameSound plays a game's sound effects and streamed Ogg Vorbis soundtrack
 through OpenAL Soft, and treats calls, alarms, the player's music and device
 changes the way a well-made iOS game does. This package holds the shared
 library games load.
CONTROL
printf 'activate-noawait ldconfig\n' > "$deb_lib/DEBIAN/triggers"
md5sums "$deb_lib"
dpkg-deb --root-owner-group --build "$deb_lib" "dist/libgamesound1_${version}_${debarch}.deb" >/dev/null

deb_dev="$work/deb-dev"
mkdir -p "$deb_dev/DEBIAN" "$deb_dev/usr/lib/$multiarch/pkgconfig" "$deb_dev/usr/lib/$multiarch/cmake/GameSound" \
    "$deb_dev/usr/include"
docs "$deb_dev" libgamesound-dev
ln -s libgamesound.so.1 "$deb_dev/usr/lib/$multiarch/libgamesound.so"
cp c/include/gamesound.h "$deb_dev/usr/include/"
sed -e "s|^prefix=.*|prefix=/usr|" -e "s|^libdir=.*|libdir=\${prefix}/lib/$multiarch|" \
    "$root/lib/pkgconfig/gamesound.pc" > "$deb_dev/usr/lib/$multiarch/pkgconfig/gamesound.pc"
fill c/sdk/GameSoundConfig.cmake.in "$deb_dev/usr/lib/$multiarch/cmake/GameSound/GameSoundConfig.cmake" "lib/$multiarch"
sed -i 's|"${CMAKE_CURRENT_LIST_DIR}/../../.."|"${CMAKE_CURRENT_LIST_DIR}/../../../.."|' \
    "$deb_dev/usr/lib/$multiarch/cmake/GameSound/GameSoundConfig.cmake"
fill c/sdk/GameSoundConfigVersion.cmake.in "$deb_dev/usr/lib/$multiarch/cmake/GameSound/GameSoundConfigVersion.cmake" lib
cp docs/c-api.md docs/shipping.md docs/testbed.md "$deb_dev/usr/share/doc/libgamesound-dev/"
install_testbed "$deb_dev/usr"
install -d "$deb_dev/usr/share/doc/libgamesound-dev/examples"
install -m 644 examples/testbed/*.json examples/plain-openal/plain_openal.c "$deb_dev/usr/share/doc/libgamesound-dev/examples/"
cat > "$deb_dev/DEBIAN/control" <<CONTROL
Package: libgamesound-dev
Version: $version
Architecture: $debarch
Section: libdevel
Priority: optional
Maintainer: $maintainer
Depends: libgamesound1 (= $version), python3
Recommends: python3-dbus, python3-gi, python3-dbusmock, pulseaudio-utils, dbus-daemon, xvfb
Suggests: pipewire-pulse, wireplumber, pulseaudio
Description: game audio with iOS audio-session behaviour (development files)
 The C header, the link, and the pkg-config and CMake files for building a game
 against libgamesound, and gamesound-testbed, which runs a game on a private
 desktop (PulseAudio or PipeWire, a session bus and a logind double), plays a
 script of calls, music, screen locks, sleeps and output changes, and checks
 what the game's own streams played.
CONTROL
md5sums "$deb_dev"
dpkg-deb --root-owner-group --build "$deb_dev" "dist/libgamesound-dev_${version}_${debarch}.deb" >/dev/null
echo "$inputs $(packed | sha256sum)" > "$stamp"
printf '%s\n' "${outputs[@]}"
