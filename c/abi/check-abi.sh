#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# The ABI check (`make abi-check`, part of `make check`): compares gamesound.h with the ABI 1.0
# baseline kept in c/abi, and fails on an incompatible change, printing libabigail's report.
#
# The library is Swift inside, so its own debug information says nothing a C compiler would; the
# check reads the header instead, as C sees it. It compiles, with -g, a small shared object that
# holds one pointer per function the header declares, typed by the header's own prototype
# (`__typeof__(gs_play) *`), and describes it with `abidw`. Every function's parameters and
# results, every struct they reach, its fields, sizes and offsets are then in the description, and
# `abidiff` compares it with c/abi/gamesound.abi:
#   - a function removed, a parameter or result changed, a field moved, retyped or removed, a struct
#     shrunk: incompatible, the check fails;
#   - a function added, or fields added at the end of gs_config, gs_play_options or
#     gs_sound_definition (they carry struct_size): compatible, it passes. Those three structs are
#     kept out of abidiff (c/abi/growth.suppr) and compared field by field by c/abi/struct-prefix.py.
# The header's constants (GS_ERR_..., GS_POLICY_..., GS_BUS_...) are compared with c/abi/constants.txt:
# one removed or given another value fails; new ones pass.
#
# Usage: check-abi.sh [--record]   (--record writes the baseline anew: only when a new major version begins)
# GAMESOUND_HEADER=path checks another copy of the header (c/abi/self-test.sh does).
set -euo pipefail
cd "$(dirname "$0")/../.."
header=${GAMESOUND_HEADER:-c/include/gamesound.h}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v abidiff >/dev/null || { echo "check-abi.sh needs abigail-tools: apt-get install abigail-tools"; exit 1; }

functions=$(c/header-functions.sh "$header")
{
    echo '#include "gamesound.h"'
    for function in $functions; do echo "__typeof__($function) *abi_$function;"; done
} > "$work/abi.c"
gcc -std=gnu11 -g -O0 -shared -fPIC -I "$(dirname "$header")" "$work/abi.c" -o "$work/libgamesound-abi.so"
abidw --no-corpus-path "$work/libgamesound-abi.so" > "$work/gamesound.abi"

# Constants: "NAME value" for every #define GS_ whose value is a number or a string (not the
# version, which moves).
{
    sed -n 's/^#define \(GS_[A-Z0-9_]*\)[[:space:]]\+(\?\(-\?[0-9.]\+f\?\))\?.*/\1 \2/p' "$header"
    sed -n 's/^#define \(GS_[A-Z0-9_]*\)[[:space:]]\+\("[^"]*"\).*/\1 \2/p' "$header"
} | grep -v '^GS_VERSION_' | sort > "$work/constants.txt"

if [ "${1:-}" = --record ]; then
    cp "$work/gamesound.abi" c/abi/gamesound.abi
    cp "$work/constants.txt" c/abi/constants.txt
    echo "recorded: $(echo "$functions" | wc -l) functions, $(wc -l < c/abi/constants.txt) constants"
    exit 0
fi

status=0
if abidiff --suppressions c/abi/growth.suppr --no-added-syms c/abi/gamesound.abi "$work/gamesound.abi" > "$work/report.txt"; then
    echo "abidiff: compatible with the ABI 1.0 baseline ($(echo "$functions" | wc -l) functions)"
else
    code=$?
    echo "abidiff: an incompatible change from the ABI 1.0 baseline (exit $code):"
    cat "$work/report.txt"
    status=1
fi
if ! c/abi/struct-prefix.py c/abi/gamesound.abi "$work/gamesound.abi" gs_config gs_play_options gs_sound_definition \
    > "$work/structs.txt"; then
    echo "an incompatible change to an extensible struct or a prototype (c/abi/struct-prefix.py):"
    cat "$work/structs.txt"
    status=1
else
    echo "extensible structs and prototypes: $(tr '\n' ' ' < "$work/structs.txt")"
fi
changed=$(comm -23 c/abi/constants.txt "$work/constants.txt")
if [ -n "$changed" ]; then
    echo "constants removed or changed since the ABI 1.0 baseline (baseline values):"
    echo "$changed"
    status=1
else
    echo "constants: every one of the baseline's $(wc -l < c/abi/constants.txt) kept, with its value"
fi
exit "$status"
