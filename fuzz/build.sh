#!/usr/bin/env bash
# Builds the libFuzzer harnesses: each module they need is compiled from Sources/ with coverage
# and AddressSanitizer (swiftc -sanitize=fuzzer,address), then linked with its harness.
# With --coverage instead: compiled with source-based coverage (-profile-generate
# -profile-coverage-mapping, no sanitizer), and each harness linked with fuzz/coverage-main.swift,
# a main that runs it once over every file it is given (fuzz/coverage.sh).
# FUZZ_OPTIMIZE=-O builds optimised (make fuzz-long; Swift's bounds and overflow checks stay); -Onone otherwise.
# Usage: fuzz/build.sh [OUT] [--coverage]   (default .build/fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-.build/fuzz}
MODE=${2:-}
mkdir -p "$OUT"
if [ "$MODE" = --coverage ]; then
  INSTRUMENT=(-profile-generate -profile-coverage-mapping)
else
  INSTRUMENT=(-sanitize=fuzzer,address)
fi
FLAGS=(-parse-as-library "${INSTRUMENT[@]}" -use-ld=lld "${FUZZ_OPTIMIZE:--Onone}" -swift-version 6 -package-name gamesound -I "$OUT" -I Sources/CVorbis -I Sources/COpenAL)

module() {  # module NAME [FOLDER] [FLAGS...]: FOLDER/**/*.swift (Sources/NAME) -> $OUT/NAME.o, .swiftmodule
  local name=$1 folder=${2:-Sources/$1}
  shift $(( $# < 2 ? $# : 2 ))
  local files; files=$(find "$folder" -name '*.swift' -not -path '*.docc/*' | sort)  # not the DocC tutorial's code
  # shellcheck disable=SC2086
  swiftc "${FLAGS[@]}" "$@" -module-name "$name" -wmo -c $files \
    -emit-module -emit-module-path "$OUT/$name.swiftmodule" -o "$OUT/$name.o"
}

# swift-log, which GameSound reports through: from the checkout SwiftPM resolved (make test runs first).
logging=.build/checkouts/swift-log/Sources/Logging
[ -d "$logging" ] || swift package resolve >/dev/null
echo "fuzz: compiling Logging"
module Logging "$logging" -swift-version 5 -suppress-warnings

for name in AudioAnalysis AudioFiles AudioSession OpenAL GameSound GameSoundTesting; do
  echo "fuzz: compiling $name"
  module "$name"
done

LIBS=(-lvorbisfile -lvorbisenc -lvorbis -logg -lopenal)
link() {  # link HARNESS MODULES...
  local harness=$1; shift
  local objects=()
  for name in "$@"; do objects+=("$OUT/$name.o"); done
  local main=() binary=fuzz-$harness
  if [ "$MODE" = --coverage ]; then main=(fuzz/coverage-main.swift -D "FUZZ_${harness//-/_}"); binary=cover-$harness; fi
  echo "fuzz: linking $binary"
  swiftc "${FLAGS[@]}" -module-name "Fuzz_${harness//-/_}" "fuzz/$harness.swift" "${main[@]}" "${objects[@]}" "${LIBS[@]}" -o "$OUT/$binary"
}
link wav AudioFiles
link vorbis AudioFiles
link scenario GameSoundTesting GameSound OpenAL AudioSession AudioFiles AudioAnalysis Logging
