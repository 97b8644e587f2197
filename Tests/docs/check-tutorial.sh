#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Checks that the DocC tutorial "Adding Sound to Your Game" shows code that works today (part of
# `make doc-test`, so of `make check`). The tutorial's code is in
# Sources/GameSound/GameSound.docc/Resources/adding-sound-NN-{package,main,test}.swift:
#
#   - every file the tutorial names exists, and every step file is named by it;
#   - each Package.swift step compiles as a manifest (`swift package dump-package`, in a folder
#     beside a link to this repository, as the tutorial lays it out) and uses only products this
#     package has;
#   - each main.swift step and each test step type-checks against the modules `make build`
#     produced (.build/debug/Modules), as a game's code would against the GameSound product;
#   - the last main.swift step is linked with the debug build's object files and run on OpenAL
#     Soft's null device, from a folder with this repository's assets/: it must exit 0 and print
#     what its comments say it prints;
#   - the last test step is linked the same way with Swift Testing and run: its tests must pass and
#     write the WAV, event log and timeline it promises.
#
# A game's own package would build GameSound from source (minutes); compiling against the modules
# and objects the debug build already has costs seconds and checks the same source text.
# Usage: Tests/docs/check-tutorial.sh (after `make build`). Prints one line per check, then
# "N passed, N failed"; exits 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
resources=Sources/GameSound/GameSound.docc/Resources
tutorial=Sources/GameSound/GameSound.docc/Tutorials/AddingSoundToYourGame.tutorial
debug=.build/debug
[ -f "$debug/Modules/GameSound.swiftmodule" ] && [ -f "$debug/Modules/GameSoundTesting.swiftmodule" ] ||
    { echo "no $debug/Modules/GameSound.swiftmodule: run make build first"; echo "0 passed, 1 failed"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. Tests/support/check.sh

# The flags a target that depends on GameSound gets from SwiftPM: the built modules, the module
# maps of the system libraries under Sources/C*, and their headers' folders from pkg-config.
flags=(-swift-version 6 -I "$debug/Modules" -module-cache-path "$work/module-cache")
for folder in Sources/C*/; do flags+=(-I "${folder%/}"); done
# C targets with sources of their own (CSDBus, which DesktopSignals wraps; CPulse, which OpenAL's server
# output uses): SwiftPM made their module maps.
for map in "$debug"/C*.build/module.modulemap; do [ -f "$map" ] && flags+=(-Xcc "-fmodule-map-file=$map"); done
for flag in $(pkg-config --cflags openal vorbisfile opusfile flac libsystemd); do flags+=(-Xcc "$flag"); done

# objects MODULE...: the debug build's object files of these modules, one per source file, as each
# module's output-file map lists them (as c/build-sdk-library.sh does for the release build).
objects() {
    local module
    for module in "$@"; do
        if [ ! -f "$debug/$module.build/output-file-map.json" ]; then  # a C target: its objects as built
            ls "$debug/$module.build/"*.o
            continue
        fi
        python3 -c '
import json, sys
for source, files in json.load(open(sys.argv[1])).items():
    if source and "object" in files: print(files["object"])' "$debug/$module.build/output-file-map.json"
    done
}
runtime_modules=(GameSound AudioFiles OpenAL CPulse AudioSession AudioAnalysis DesktopSignals CSDBus Logging)

steps=$(cd "$resources" && ls adding-sound-*.swift)
named=$(grep -oE 'file: *"[^"]+"' "$tutorial" | sed -E 's/file: *"([^"]+)"/\1/' | sort -u)
files_match() { diff <(echo "$steps") <(echo "$named"); }
check "the tutorial names every step file in $resources, and each file it names is there" files_match

packages=$(echo "$steps" | grep -- '-package\.swift$')
mains=$(echo "$steps" | grep -- '-main\.swift$')
tests=$(echo "$steps" | grep -- '-test\.swift$')
[ "$(echo "$steps" | wc -l)" = "$(echo "$packages"$'\n'"$mains"$'\n'"$tests" | wc -l)" ] ||
    check "every step file is a -package, -main or -test step" false

# A Package.swift step: the manifest compiles where the tutorial puts it (MyGame beside GameSound),
# and every product it takes from GameSound is one of this package's library products.
manifest() {
    local folder="$work/packages/$1"
    mkdir -p "$folder/MyGame"
    ln -s "$repo" "$folder/GameSound"
    cp "$resources/$1" "$folder/MyGame/Package.swift"
    (cd "$folder/MyGame" && swift package dump-package) >"$folder/dump.json" || return 1
    python3 - "$folder/dump.json" "$repo/Package.swift" <<'EOF'
import json, re, sys
dump = json.load(open(sys.argv[1]))
ours = set(re.findall(r'\.library\(name: "([^"]+)"', open(sys.argv[2]).read()))
used = {d["byName"][0] if "byName" in d else d["product"][0]
        for target in dump["targets"] for d in target["dependencies"] if "product" in d}
wrong = used - ours
print("products used:", ", ".join(sorted(used)))
sys.exit(f"not products of GameSound: {', '.join(sorted(wrong))}" if wrong else 0)
EOF
}
for step in $packages; do
    check "$step compiles as the game's manifest and uses GameSound's products" manifest "$step"
done

typecheck() { swiftc -typecheck "${flags[@]}" "$@"; }
for step in $mains; do
    check "$step type-checks as the game's main.swift" typecheck "$resources/$step"
done
for step in $tests; do
    check "$step type-checks as the game's tests" typecheck -parse-as-library "$resources/$step"
done

# The game's folder: the tutorial expects assets/sfx and assets/music, which this repository has.
game="$work/MyGame"
mkdir -p "$game"
ln -s "$repo/assets" "$game/assets"
last_main=$(echo "$mains" | tail -n 1)
run_main() {
    local objects_list
    mapfile -t objects_list < <(objects "${runtime_modules[@]}")
    swiftc "${flags[@]}" -module-name MyGame "$resources/$last_main" "${objects_list[@]}" -o "$work/mygame" || return 1
    (cd "$game" && ALSOFT_DRIVERS=null timeout 120 "$work/mygame") >"$work/mygame.out" 2>&1
    local status=$?
    cat "$work/mygame.out"
    [ "$status" = 0 ] || { echo "exited $status"; return 1; }
    local expected
    for expected in "loaded " "laser on " "laser not heard: interrupted" "phone.ring" "interruptionBegan" \
        "phone.decline" "soundtrackFailed"; do
        grep -qF -- "$expected" "$work/mygame.out" || { echo "missing from the output: $expected"; return 1; }
    done
}
check "$last_main builds and runs on the null device, printing the shots, the call and the missing boss track" run_main

last_test=$(echo "$tests" | tail -n 1)
run_tests() {
    local objects_list
    mapfile -t objects_list < <(objects "${runtime_modules[@]}" GameSoundTesting)
    printf 'import Testing\n\n@main struct Runner {\n    static func main() async {\n        await Testing.__swiftPMEntryPoint() as Never\n    }\n}\n' \
        >"$work/runner.swift"
    cp "$resources/$last_test" "$work/AudioTests.swift"
    swiftc "${flags[@]}" -module-name MyGameTests -parse-as-library "$work/AudioTests.swift" "$work/runner.swift" \
        "${objects_list[@]}" -lTesting -o "$work/mygame-tests" || return 1
    (cd "$game" && ALSOFT_DRIVERS=null timeout 120 "$work/mygame-tests") >"$work/tests.out" 2>&1
    local status=$?
    cat "$work/tests.out"
    [ "$status" = 0 ] || { echo "exited $status"; return 1; }
    # Every @Test of the step ran: Swift Testing's summary counts them.
    local count
    count=$(grep -c '^@Test' "$work/AudioTests.swift")
    grep -qE "Test run with $count tests? (in [0-9]+ suites? )?passed" "$work/tests.out" ||
        { echo "not the $count tests of $last_test passing"; return 1; }
    local file
    for file in call.wav call.jsonl call.svg; do
        [ -s "$game/$file" ] || { echo "the tests wrote no $file"; return 1; }
    done
}
check "$last_test builds with Swift Testing and its tests pass, writing call.wav, call.jsonl and call.svg" run_tests

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
