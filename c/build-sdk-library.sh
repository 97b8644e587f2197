#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Builds the shippable libgamesound into the folder given as $1: a release build with the Swift
# runtime linked statically (no Foundation: no module of it imports any), so that it needs only the system's C and C++
# runtime, OpenAL Soft, libvorbisfile, libopusfile and libFLAC. libpulse (the desktop's sound server, PulseAudio or PipeWire) and
# libsystemd (sd-bus, for MPRIS players and logind) are not linked: the C modules CPulse and CSDBus open
# them with dlopen when the desktop is first probed, so a game that never probes it never maps them, and
# the library works without them (headless). Only the gs_* functions are exported (c/gamesound.map,
# version GAMESOUND_1.0); the soname is libgamesound.so.1; the file is stripped. It also writes the
# usual links: libgamesound.so -> libgamesound.so.1 -> libgamesound.so.$VERSION.
#
# SwiftPM builds the modules in release mode (in .build/release, beside the benchmarks' release build); swiftc
# then links the object files of the modules the C ABI uses, with -static-stdlib. The Vorbis
# encoder is a module of its own (AudioEncoding) that the C ABI does not use, so it is not linked.
set -euo pipefail
cd "$(dirname "$0")/.."
# Every release build of the package (this one, and the Makefile's: `RELEASE` asks this script with
# --release-flags) compiles with the same flags. -function-sections puts each Swift function in a
# section of its own, so that --gc-sections drops what nothing uses and the hot code can be gathered
# (below). With SwiftPM 6.3 a release build asked with other flags compiled some products' modules
# again (gamesound-bench: a minute) and left others' objects as they were (gamesound's, without
# the flag), so every release build asks the same: the modules are compiled once, the same way.
release_flags=(-c release -Xswiftc -Xfrontend -Xswiftc -function-sections)
if [ "${1:-}" = --release-flags ]; then echo "${release_flags[*]}"; exit 0; fi
out=${1:?usage: build-sdk-library.sh OUTPUT_DIR VERSION}
version=${2:?usage: build-sdk-library.sh OUTPUT_DIR VERSION}
# The package's own build folder: the release modules `make callgrind-guard` and `make bench` build for
# gamesound-bench are the same ones, compiled once (in CI that saves a release build of every module).
scratch=.build
mkdir -p "$out"

swift build "${release_flags[@]}" --product gamesound --scratch-path "$scratch" >/dev/null
bin=$(swift build "${release_flags[@]}" --scratch-path "$scratch" --show-bin-path)
modules=(GameSoundC GameSoundTesting GameSound AudioSession PulseSystem DesktopSignals AudioFiles OpenAL AudioAnalysis Logging)
# The C modules: libpulse's and libsystemd's loaders (and sd-bus's vtables). One object per C file
# of the module's folder, as SwiftPM names them.
c_modules=(CPulse CSDBus)
objects=()
for module in "${c_modules[@]}"; do
    for source in Sources/"$module"/*.c; do objects+=("$bin/$module.build/$(basename "$source").o"); done
done
for module in "${modules[@]}"; do
    # One object per source file, as the build's output-file map lists them (so a stale object
    # left by a moved or deleted file never slips in); the "" entry is the module as a whole.
    while IFS= read -r object; do objects+=("$object"); done < <(python3 -c '
import json, sys
for source, files in json.load(open(sys.argv[1])).items():
    if source and "object" in files: print(files["object"])' "$bin/$module.build/output-file-map.json")
done

library="$out/libgamesound.so.$version"
# Linking takes about 9 s; make check asks for the library several times (make dist, make install in
# the docs' commands). What the link reads: this script, the export map, the toolchain and every
# object (SwiftPM rewrites an object only when it compiles it again). When none of that changed
# since the last link into this folder, and the library there is the file that link wrote, it is the
# one a link would make.
stamp="$out/.link-inputs"
# GAMESOUND_SDK_SYMBOLS=1 keeps the symbols (only the debug information is stripped), for profiling
# (c/make-hot-sections.sh).
symbols=${GAMESOUND_SDK_SYMBOLS:-0}
inputs=$( { echo "$version $symbols"; swiftc --version 2>&1; sha256sum c/build-sdk-library.sh c/gamesound.map c/hot-sections.txt; stat -c '%n %s %Y' "${objects[@]}"; } | sha256sum)
if [ -f "$library" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs $(stat -c '%s %Y' "$library")" ]; then
    echo "$library is up to date"
    exit 0
fi
rm -f "$stamp"
# The linker's map (link-map.txt, beside the library, not shipped) records every object file and
# static-library member that went into the library: Tests/sdk/run.sh derives from it the statically
# linked components that THIRD-PARTY and the packages' copyright must name.
# -z defs: every symbol must resolve at link time, so a missing static library fails here, not in
# a player's game. (No module of the library imports Foundation, so none of it is linked in.)
# --section-ordering-file (gold's): the functions a game runs (c/hot-sections.txt, made by
# c/make-hot-sections.sh) are placed together, at the end of the code, so that the pages the
# kernel maps around them hold little else (docs/performance.md, "Hot code together").
swiftc -emit-library -static-stdlib -use-ld=gold -o "$library" "${objects[@]}" \
    -Xlinker -soname -Xlinker libgamesound.so.1 \
    -Xlinker --version-script="$PWD/c/gamesound.map" \
    -Xlinker --gc-sections -Xlinker -z -Xlinker defs -Xlinker -Map="$out/link-map.txt" \
    -Xlinker --section-ordering-file="$PWD/c/hot-sections.txt" \
    -lopusfile -lFLAC 2> >(grep -v "the use of \`mktemp' is dangerous" >&2)
if [ "$symbols" = 1 ]; then strip --strip-debug "$library"; else strip --strip-unneeded "$library"; fi
ln -sf "libgamesound.so.$version" "$out/libgamesound.so.1"
ln -sf libgamesound.so.1 "$out/libgamesound.so"
echo "$inputs $(stat -c '%s %Y' "$library")" > "$stamp"
