#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Builds libgamesound.so (the C ABI) into the folder given as $1, and prints nothing else on success.
#
# When Package.swift does not declare the GameSoundC product, this links the library itself:
# SwiftPM builds the Swift modules GameSoundC uses, then swiftc compiles Sources/GameSoundC with
# the package's strict settings (Swift 6 mode, warnings as errors) and links it with exactly the
# object files SwiftPM's output-file-maps list for those modules (so no stale object slips in).
# If Package.swift declares the product "gamesound", SwiftPM builds it instead.
#
# The library gets the soname libgamesound.so.1 and a RUNPATH to the Swift runtime of the
# toolchain that built it, so programs linked against it find libswiftCore.so without help.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: build-library.sh OUTPUT_DIR}
config=${CONFIG:-debug}
read -r -a swift_flags <<< "${SWIFT_FLAGS:-}"
mkdir -p "$out"

runtime_dir=$(swiftc -print-target-info | tr -d '\n ' | sed -n 's/.*"runtimeLibraryPaths":\["\([^"]*\)".*/\1/p')
[ -d "$runtime_dir" ] || { echo "build-library.sh: cannot find the Swift runtime folder" >&2; exit 1; }

if grep -q '"gamesound"' Package.swift; then
    # SwiftPM links the product; the soname and the path to the Swift runtime are added here, since
    # the runtime's folder depends on the toolchain that builds it.
    swift build -c "$config" --product gamesound "${swift_flags[@]}" \
        -Xlinker -soname -Xlinker libgamesound.so.1 -Xlinker -rpath -Xlinker "$runtime_dir"
    cp "$(swift build -c "$config" --show-bin-path)/libgamesound.so" "$out/libgamesound.so.1"
else
    modules=(GameSoundTesting GameSound AudioSession AudioFiles OpenAL AudioAnalysis)
    for module in "${modules[@]}"; do swift build -c "$config" --target "$module" "${swift_flags[@]}" >/dev/null; done
    bin=$(swift build -c "$config" --show-bin-path)
    objects=()
    for module in "${modules[@]}"; do
        while IFS= read -r object; do objects+=("$object"); done < <(
            grep '"object"' "$bin/$module.build/output-file-map.json" | sed 's/.*"object": *"\([^"]*\)".*/\1/')
    done
    optimisation=-Onone
    [ "$config" = release ] && optimisation=-O
    swiftc -emit-library -module-name GameSoundC -swift-version 6 -warnings-as-errors \
        -enable-upcoming-feature StrictConcurrency -enable-upcoming-feature ExistentialAny \
        "$optimisation" -g -I "$bin/Modules" -I Sources/COpenAL -I Sources/CVorbis \
        -Xlinker -soname -Xlinker libgamesound.so.1 -Xlinker -rpath -Xlinker "$runtime_dir" \
        -module-cache-path "$bin/ModuleCache" \
        Sources/GameSoundC/*.swift "${objects[@]}" -o "$out/libgamesound.so.1"
fi
ln -sf libgamesound.so.1 "$out/libgamesound.so"
