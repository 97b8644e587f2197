#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Prints the functions gamesound.h declares for the library to export, one per line, sorted: every
# gs_ name directly followed by "(" (not a typedef of a function pointer, "(*name)"), less the
# header's own inline helpers (gs_config_init, ...), which are compiled into the game.
# Usage: header-functions.sh HEADER
set -euo pipefail
header=${1:?usage: header-functions.sh HEADER}
declared=$(sed 's|/\*.*\*/||' "$header" | grep -oE '\bgs_[a-z0-9_]+[[:space:]]*\(' | sed 's/[[:space:]]*($//' | sort -u)
inline=$(grep -oE 'static inline [a-z0-9_ *]*\bgs_[a-z0-9_]+\(' "$header" | grep -oE 'gs_[a-z0-9_]+\($' | tr -d '(' | sort -u)
comm -23 <(echo "$declared") <(echo "$inline")
