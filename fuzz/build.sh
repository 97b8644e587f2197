#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Builds the libFuzzer harnesses: each module they need (fuzz/module-graph.py reads which from
# Package.swift) is compiled with coverage and AddressSanitizer (swiftc -sanitize=fuzzer,address),
# then linked with its harness.
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
# The modules and the libraries come from Package.swift, through SwiftPM (fuzz/module-graph.py): each
# harness's imports and all they depend on, dependencies first. A harness is fuzz/*.swift but the coverage main.
harnesses=()
for file in fuzz/*.swift; do [ "$file" = fuzz/coverage-main.swift ] || harnesses+=("$file"); done
python3 fuzz/module-graph.py "${harnesses[@]}" > "$OUT/plan.tsv"
INCLUDES=() LIBS=()
while IFS=$'\t' read -r kind value _; do
  case $kind in
    include) INCLUDES+=(-I "$value") ;;
    cinclude) INCLUDES+=(-Xcc -I -Xcc "$value") ;;
    link) LIBS+=("-l$value") ;;
  esac
done < "$OUT/plan.tsv"
FLAGS=(-parse-as-library "${INSTRUMENT[@]}" -use-ld=lld "${FUZZ_OPTIMIZE:--Onone}" -swift-version 6 -package-name gamesound -I "$OUT" "${INCLUDES[@]}")

# C targets (CSDBus): each source compiled by clang with AddressSanitizer into an archive, and a module
# map naming the target's umbrella header (as SwiftPM generates it) so that Swift modules import it.
while IFS=$'\t' read -r -a fields; do
  [ "${fields[0]}" = ctarget ] || continue
  name=${fields[1]} path=$(realpath "${fields[2]}") objects=()
  echo "fuzz: compiling $name (C)"
  mkdir -p "$OUT/$name"
  printf 'module %s {\n  umbrella header "%s/include/%s.h"\n  export *\n}\n' "$name" "$path" "$name" > "$OUT/$name/module.modulemap"
  for source in "${fields[@]:3}"; do
    object="$OUT/$name/$(basename "$source").o"
    clang -c -g -fsanitize=address -I "$path/include" "$source" -o "$object"
    objects+=("$object")
  done
  rm -f "$OUT/$name.a" && ar rcs "$OUT/$name.a" "${objects[@]}"
  FLAGS+=(-Xcc "-fmodule-map-file=$OUT/$name/module.modulemap")
done < "$OUT/plan.tsv"

# The Swift modules stage by stage (module-graph.py's `stage` lines): a stage's modules import only
# earlier stages', so they compile at once (each swiftc -wmo keeps one core; five of the eight modules
# are stage 0). Then the harnesses, all linked at once. 68 s one after the other on 2 cores, 51 s so.
# Another package's module (swift-log's Logging) is compiled in Swift 5 mode, its warnings not ours to see.
declare -A module_sources module_origin stage_of
while IFS=$'\t' read -r -a fields; do
  case ${fields[0]} in
    module) module_origin[${fields[1]}]=${fields[2]}; module_sources[${fields[1]}]=$(printf '%s\t' "${fields[@]:3}") ;;
    stage) stage_of[${fields[2]}]=${fields[1]} ;;
  esac
done < "$OUT/plan.tsv"

compile_module() {  # compile_module NAME
  local name=$1 extra=() sources
  IFS=$'\t' read -r -a sources <<< "${module_sources[$name]}"
  if [ "${module_origin[$name]}" = dependency ]; then extra=(-swift-version 5 -suppress-warnings); fi
  echo "fuzz: compiling $name"
  swiftc "${FLAGS[@]}" "${extra[@]}" -module-name "$name" -wmo -c "${sources[@]}" \
    -emit-module -emit-module-path "$OUT/$name.swiftmodule" -o "$OUT/$name.o" < /dev/null
}

link_harness() {  # link_harness NAME MODULE...
  local harness=$1 objects=() main=() binary=fuzz-$1 name
  for name in "${@:2}"; do
    if [ -f "$OUT/$name.a" ]; then objects+=("$OUT/$name.a"); else objects+=("$OUT/$name.o"); fi
  done
  if [ "$MODE" = --coverage ]; then main=(fuzz/coverage-main.swift -D "FUZZ_${harness//-/_}"); binary=cover-$harness; fi
  echo "fuzz: linking $binary"
  swiftc "${FLAGS[@]}" -module-name "Fuzz_${harness//-/_}" "fuzz/$harness.swift" fuzz/shared/*.swift "${main[@]}" "${objects[@]}" "${LIBS[@]}" -o "$OUT/$binary" < /dev/null
}

wait_all() {  # wait_all WHAT PID...: waits for every one, fails if any failed
  local what=$1 pid failed=0
  for pid in "${@:2}"; do wait "$pid" || failed=1; done
  [ $failed = 0 ] || { echo "fuzz/build.sh: $what failed" >&2; exit 1; }
}

for ((stage = 0; ; stage++)); do
  pids=()
  for name in "${!stage_of[@]}"; do
    [ "${stage_of[$name]}" = $stage ] || continue
    compile_module "$name" & pids+=($!)
  done
  [ ${#pids[@]} -gt 0 ] || break
  wait_all "compiling stage $stage" "${pids[@]}"
done

pids=()
while IFS=$'\t' read -r -a fields; do
  [ "${fields[0]}" = harness ] || continue
  link_harness "${fields[@]:1}" & pids+=($!)
done < "$OUT/plan.tsv"
wait_all "linking" "${pids[@]}"
