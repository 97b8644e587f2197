#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Checks that gamesound.h and libgamesound.so agree: every function the header declares is
# exported by the library, and every gs_ symbol the library exports is declared in the header.
set -euo pipefail
header=${1:?usage: check-exports.sh HEADER LIBRARY}
library=${2:?usage: check-exports.sh HEADER LIBRARY}

declared=$("$(dirname "$0")/header-functions.sh" "$header")
# A versioned library names its symbols gs_x@@GAMESOUND_1.0: the version is cut off.
exported=$(nm -D --defined-only "$library" | awk '$2 == "T" && $3 ~ /^gs_/ { sub(/@.*/, "", $3); print $3 }' | sort -u)

missing_from_library=$(comm -23 <(echo "$declared") <(echo "$exported"))
missing_from_header=$(comm -13 <(echo "$declared") <(echo "$exported"))
status=0
if [ -n "$missing_from_library" ]; then echo "declared in $header but not exported:"; echo "$missing_from_library"; status=1; fi
if [ -n "$missing_from_header" ]; then echo "exported but not declared in $header:"; echo "$missing_from_header"; status=1; fi
[ "$status" = 0 ] && echo "exports match the header: $(echo "$declared" | wc -l) functions"
exit "$status"
