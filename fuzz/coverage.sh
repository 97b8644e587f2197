#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Source-based coverage of what the fuzz corpus reaches (make fuzz-coverage): builds the harnesses
# with coverage (fuzz/build.sh OUT --coverage), runs each over fuzz/corpus/<harness> and
# fuzz/regressions/<harness>, then prints llvm-cov's report (regions, functions, lines) for the
# files that harness targets: the WAV, Vorbis, Opus and FLAC decoders, the scenario parser.
# llvm-profdata and llvm-cov come from the Swift toolchain (beside swiftc): its profiles are newer
# than an older LLVM's tools read. Reports are also kept in OUT/<harness>.txt.
# Usage: fuzz/coverage.sh [OUT]   (default .build/fuzz/coverage)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-.build/fuzz/coverage}
TOOLS=$(dirname "$(readlink -f "$(command -v swiftc)")")
for tool in llvm-profdata llvm-cov; do
  [ -x "$TOOLS/$tool" ] || { echo "fuzz: no $tool beside swiftc in $TOOLS" >&2; exit 1; }
done
FUZZ_OPTIMIZE=-Onone fuzz/build.sh "$OUT" --coverage  # unoptimised: every line keeps its counter

files() {  # the files each harness targets
  case $1 in
    wav) for f in WAVDecoder WAVHeader WAVChunkLayout WAVFormatChunk WAVEncoding RIFFByteSource RIFFReader WAVSampleConversion; do
           echo "Sources/AudioFiles/WAV/$f.swift"; done ;;
    vorbis) for f in Vorbis/VorbisDecoder Vorbis/VorbisStreamDecoder Vorbis/VorbisStreamDecoder+Opening Vorbis/VorbisCallbacks \
                     ByteSources/MemoryByteSource ByteSources/SeekableByteSource ByteSources/ByteSourceBox; do
              echo "Sources/AudioFiles/$f.swift"; done ;;
    opus) for f in Opus/OpusDecoder Opus/OpusStreamDecoder Opus/OpusStreamDecoder+Opening Opus/OpusCallbacks \
                   Formats/AudioFileFormat ByteSources/MemoryByteSource ByteSources/SeekableByteSource+Head; do
            echo "Sources/AudioFiles/$f.swift"; done ;;
    flac) for f in FLACDecoder FLACStreamDecoder FLACStreamDecoder+Opening FLACCallbacks FLACClient; do
            echo "Sources/AudioFiles/FLAC/$f.swift"; done ;;
    scenario) find Sources/GameSoundTesting/Scenario -name '*.swift' | sort ;;
  esac
}

for h in wav vorbis opus flac scenario; do
  rm -f "$OUT/$h.profraw"
  echo "fuzz-coverage: $h over fuzz/corpus/$h and fuzz/regressions/$h"
  LLVM_PROFILE_FILE="$OUT/$h.profraw" "$OUT/cover-$h" "fuzz/corpus/$h" "fuzz/regressions/$h"
  "$TOOLS/llvm-profdata" merge -sparse "$OUT/$h.profraw" -o "$OUT/$h.profdata"
  mapfile -t sources < <(files "$h")
  "$TOOLS/llvm-cov" report "$OUT/cover-$h" -instr-profile="$OUT/$h.profdata" "${sources[@]}" | tee "$OUT/$h.txt"
done
