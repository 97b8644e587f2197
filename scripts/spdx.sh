#!/usr/bin/env bash
# SPDX licence tags on GameSound's own source files: each must carry `SPDX-License-Identifier: Zlib`
# (LICENSE) in its first three lines, not counting a first line that must stay first (a #! line, or
# Package.swift's `// swift-tools-version`).
#
#   scripts/spdx.sh --check [FILE...]   lists the files without the line; exits 1 if there are any
#   scripts/spdx.sh --apply [FILE...]   adds the line, in the file's comment syntax, where it lacks
#
# Without FILEs: every file git tracks or would track (not ignored) that is Swift, C, C++, a header,
# shell, Python, CMake or a Makefile (a file without one of their names counts when its #! line
# names sh, bash or python), except fuzz inputs (fuzz/corpus, fuzz/regressions), assets, the DocC
# tutorials' code listings (*.docc: a tag would show in every step a reader sees), build
# folders (.build*), third-party code (SwiftPM checkouts, third_party/, vendor/) and generated files
# (a "generated" or "DO NOT EDIT" mark in their first five lines).
set -euo pipefail
cd "$(dirname "$0")/.."
tag='SPDX-License-Identifier: Zlib'

mode=${1:-}
case "$mode" in --check|--apply) shift ;; *) echo "usage: scripts/spdx.sh --check|--apply [FILE...]" >&2; exit 2 ;; esac

# comment FILE: the tag as a comment of the file's language, or nothing if the file is not ours to tag.
comment() {
    local file=$1 name=${1##*/}
    case "$file" in
        fuzz/corpus/*|fuzz/regressions/*|assets/*|*.docc/*|.build*|*/.build*|*/checkouts/*|third_party/*|*/third_party/*|vendor/*|*/vendor/*) return ;;
    esac
    [ -f "$file" ] && [ ! -L "$file" ] || return 0
    # (awk reads the lines itself: `head | grep -q` under pipefail fails at random when grep stops early.)
    if awk 'NR > 5 { exit } tolower($0) ~ /@generated|do not edit|generated (by|from|automatically)|automatically generated/ { found = 1; exit }
            END { exit !found }' "$file"; then
        return
    fi
    case "$name" in
        *.swift|*.cpp|*.cc|*.cxx|*.hpp|*.hh) echo "// $tag" ;;
        *.c|*.h) echo "/* $tag */" ;;
        *.sh|*.bash|*.py|*.cmake|*.cmake.in|CMakeLists.txt|Makefile|*.mk) echo "# $tag" ;;
        *.*) ;;
        *) [[ $(head -n 1 "$file") =~ ^#!.*(/|[[:space:]])(ba)?sh([[:space:]]|$)|^#!.*python ]] && echo "# $tag" ;;
    esac
    return 0
}

# keeps_first_line FILE: whether the first line must stay the first (a #! line, a swift-tools-version).
keeps_first_line() { [[ $(head -n 1 "$1") =~ ^#!|^//\ swift-tools-version ]]; }

# tagged FILE: whether the tag is in the first three lines (after a line that must stay first).
tagged() {
    local skip=0
    keeps_first_line "$1" && skip=1
    awk -v skip="$skip" -v tag="$tag" 'NR > skip + 3 { exit } NR > skip && index($0, tag) { found = 1; exit }
        END { exit !found }' "$1"
}

if [ $# -gt 0 ]; then
    files=("$@")
else
    mapfile -t files < <(git ls-files --cached --others --exclude-standard | LC_ALL=C sort -u)
fi

missing=0
for file in "${files[@]}"; do
    line=$(comment "$file")
    [ -n "$line" ] || continue
    tagged "$file" && continue
    if [ "$mode" = --check ]; then
        echo "$file"
        missing=$((missing + 1))
    else
        if keeps_first_line "$file"; then
            sed -i "1a\\$line" "$file"
        elif [ -s "$file" ]; then
            sed -i "1i\\$line" "$file"
        else
            echo "$line" > "$file"
        fi
        echo "tagged: $file"
    fi
done
if [ "$mode" = --check ] && [ "$missing" -gt 0 ]; then
    echo "$missing file(s) without '$tag' in their first 3 lines: scripts/spdx.sh --apply adds it" >&2
    exit 1
fi
