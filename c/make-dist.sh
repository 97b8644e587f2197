#!/usr/bin/env bash
# Packs the SDK a game ships against, from a library built by c/build-sdk-library.sh:
#   dist/gamesound-VERSION-linux-ARCH.tar.gz   one folder gamesound-VERSION/ (ARCH as `uname -m` says)
#   dist/libgamesound0_VERSION_DEBARCH.deb      the run-time library, for players' machines
#   dist/libgamesound-dev_VERSION_DEBARCH.deb   header, link, pkg-config and CMake files, for building
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

fill() {  # fill TEMPLATE OUTPUT LIBDIR: the templates' @VERSION@ and @LIBDIR@
    sed -e "s|@VERSION@|$version|g" -e "s|@LIBDIR@|$3|g" "$1" > "$2"
}

# ---- The tarball -----------------------------------------------------------------------------
root="$work/gamesound-$version"
mkdir -p "$root/lib/pkgconfig" "$root/lib/cmake/GameSound" "$root/include" "$root/share/doc/gamesound" \
    "$root/examples"
cp "$libdir_in/libgamesound.so.$version" "$root/lib/"
ln -s "libgamesound.so.$version" "$root/lib/libgamesound.so.0"
ln -s libgamesound.so.0 "$root/lib/libgamesound.so"
cp c/include/gamesound.h "$root/include/"
fill c/sdk/gamesound.pc.in "$root/lib/pkgconfig/gamesound.pc" lib
fill c/sdk/GameSoundConfig.cmake.in "$root/lib/cmake/GameSound/GameSoundConfig.cmake" lib
fill c/sdk/GameSoundConfigVersion.cmake.in "$root/lib/cmake/GameSound/GameSoundConfigVersion.cmake" lib
cp README.md c/sdk/LICENSE docs/c-api.md docs/shipping.md "$root/share/doc/gamesound/"
cp -r demo/c-example "$root/examples/c-example"
cp -r demo/sdl-shooter "$root/examples/sdl-shooter"
tar -C "$work" --owner=0 --group=0 -czf "dist/gamesound-$version-linux-$arch.tar.gz" "gamesound-$version"

# ---- The Debian packages ---------------------------------------------------------------------
deb_lib="$work/deb-lib"
mkdir -p "$deb_lib/DEBIAN" "$deb_lib/usr/lib/$multiarch" "$deb_lib/usr/share/doc/libgamesound0"
cp "$libdir_in/libgamesound.so.$version" "$deb_lib/usr/lib/$multiarch/"
ln -s "libgamesound.so.$version" "$deb_lib/usr/lib/$multiarch/libgamesound.so.0"
cp c/sdk/LICENSE "$deb_lib/usr/share/doc/libgamesound0/copyright"
# libpulse0 and libsystemd0 are Recommends, not Depends: the library does not link them (it opens
# them with dlopen when the desktop is first probed) and works without them, headless or on the
# simulated system; on a desktop apt installs Recommends by default (and every desktop with sound
# has both), so a player still hears calls and music, while a server or container installed with
# --no-install-recommends is spared libpulse and the thirty libraries it brings.
cat > "$deb_lib/DEBIAN/control" <<CONTROL
Package: libgamesound0
Version: $version
Architecture: $debarch
Section: libs
Priority: optional
Maintainer: GameSound developers <gamesound@localhost>
Depends: libopenal1, libvorbisfile3, libc6, libstdc++6, libgcc-s1
Recommends: libpulse0, libsystemd0
Description: game audio with iOS audio-session behaviour (run-time library)
 GameSound plays a game's sound effects and streamed Ogg Vorbis soundtrack through
 OpenAL Soft, and treats calls, alarms, the player's music and device changes the
 way a well-made iOS game does. This package holds the shared library games load.
CONTROL
printf 'activate-noawait ldconfig\n' > "$deb_lib/DEBIAN/triggers"
dpkg-deb --root-owner-group --build "$deb_lib" "dist/libgamesound0_${version}_${debarch}.deb" >/dev/null

deb_dev="$work/deb-dev"
mkdir -p "$deb_dev/DEBIAN" "$deb_dev/usr/lib/$multiarch/pkgconfig" "$deb_dev/usr/lib/$multiarch/cmake/GameSound" \
    "$deb_dev/usr/include" "$deb_dev/usr/share/doc/libgamesound-dev"
ln -s libgamesound.so.0 "$deb_dev/usr/lib/$multiarch/libgamesound.so"
cp c/include/gamesound.h "$deb_dev/usr/include/"
sed -e "s|^prefix=.*|prefix=/usr|" -e "s|^libdir=.*|libdir=\${prefix}/lib/$multiarch|" \
    "$root/lib/pkgconfig/gamesound.pc" > "$deb_dev/usr/lib/$multiarch/pkgconfig/gamesound.pc"
fill c/sdk/GameSoundConfig.cmake.in "$deb_dev/usr/lib/$multiarch/cmake/GameSound/GameSoundConfig.cmake" "lib/$multiarch"
sed -i 's|"${CMAKE_CURRENT_LIST_DIR}/../../.."|"${CMAKE_CURRENT_LIST_DIR}/../../../.."|' \
    "$deb_dev/usr/lib/$multiarch/cmake/GameSound/GameSoundConfig.cmake"
fill c/sdk/GameSoundConfigVersion.cmake.in "$deb_dev/usr/lib/$multiarch/cmake/GameSound/GameSoundConfigVersion.cmake" lib
cp c/sdk/LICENSE "$deb_dev/usr/share/doc/libgamesound-dev/copyright"
cp docs/c-api.md docs/shipping.md "$deb_dev/usr/share/doc/libgamesound-dev/"
cat > "$deb_dev/DEBIAN/control" <<CONTROL
Package: libgamesound-dev
Version: $version
Architecture: $debarch
Section: libdevel
Priority: optional
Maintainer: GameSound developers <gamesound@localhost>
Depends: libgamesound0 (= $version)
Description: game audio with iOS audio-session behaviour (development files)
 The C header, the link, and the pkg-config and CMake files for building a game
 against libgamesound.
CONTROL
dpkg-deb --root-owner-group --build "$deb_dev" "dist/libgamesound-dev_${version}_${debarch}.deb" >/dev/null
echo "dist/gamesound-$version-linux-$arch.tar.gz"
echo "dist/libgamesound0_${version}_${debarch}.deb"
echo "dist/libgamesound-dev_${version}_${debarch}.deb"
