#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Shows that the ABI check can fail (`make abi-check` runs this after check-abi.sh): it edits
# copies of gamesound.h the way a careless change would and expects check-abi.sh to refuse each
# incompatible one and to accept each compatible one.
set -uo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

# expect VERDICT NAME PYTHON: applies the Python edit to a copy of the header, runs the check on it.
expect() {
    local verdict=$1 name=$2 edit=$3
    mkdir -p "$work/h" && cp c/include/gamesound.h "$work/h/gamesound.h"
    python3 -c "import sys; p=sys.argv[1]; s=open(p).read(); t=s; $edit; assert t != s, 'the edit changed nothing'; open(p,'w').write(t)" "$work/h/gamesound.h" ||
        { echo "FAILED: $name: the edit did not apply"; failed=$((failed + 1)); return; }
    if GAMESOUND_HEADER="$work/h/gamesound.h" c/abi/check-abi.sh > "$work/out.txt" 2>&1; then
        got=pass
    elif grep -qE 'an incompatible change|constants removed or changed' "$work/out.txt"; then
        got=fail
    else
        got="an error of its own"
    fi
    if [ "$got" = "$verdict" ]; then
        echo "ok: $name: the check says $got"; passed=$((passed + 1))
    else
        echo "FAILED: $name: the check says $got, not $verdict"; sed 's/^/    /' "$work/out.txt"; failed=$((failed + 1))
    fi
}

expect pass "a function added, and fields added at the end of the three extensible structs" \
    "t=t.replace('int gs_version(void);', 'int gs_version(void);\nint gs_added(int x);', 1).replace('} gs_config;', '    int32_t added;\n} gs_config;', 1).replace('} gs_play_options;', '    double added;\n} gs_play_options;', 1).replace('} gs_sound_definition;', '    int32_t added;\n} gs_sound_definition;', 1)"
expect fail "a field inserted in the middle of gs_play_options" \
    "t=t.replace('    float pan; ', '    float added;\n    float pan; ', 1)"
expect fail "two fields of one type swapped in gs_play_options (occlusion and reverb_send)" \
    "i=t.index('    float reverb_send; '); line=t[i:t.index(chr(10), i) + 1]; t=t.replace(line, '', 1); t=t.replace('    float occlusion; ', line + '    float occlusion; ', 1)"
expect fail "a field of gs_sound_definition retyped (max_instances to uint32_t)" \
    "t=t.replace('    int32_t max_instances; ', '    uint32_t max_instances; ', 1)"
expect fail "a parameter changed from one extensible struct to another" \
    "t=t.replace('const char *name, const gs_sound_definition *definition);', 'const char *name, const gs_config *definition);', 1)"
expect fail "a field of gs_config removed" \
    "t=t.replace('    int32_t update_frames; ', '    /* gone */ ', 1).replace('config.update_frames', 'config.voices')"
expect fail "gs_listener grown (it has no struct_size)" \
    "t=t.replace('    gs_vec3 velocity;', '    gs_vec3 velocity;\n    float added;', 1)"
expect fail "a function removed" \
    "t=t.replace('int gs_set_doppler(gs_runtime *rt, float factor, float speed_of_sound);', '', 1)"
expect fail "a parameter retyped" \
    "t=t.replace('int gs_voice_stop(gs_runtime *rt, int64_t voice);', 'int gs_voice_stop(gs_runtime *rt, int32_t voice);', 1)"
expect fail "a result code renumbered" \
    "t=t.replace('#define GS_ERR_DROPPED          (-12)', '#define GS_ERR_DROPPED          (-20)', 1)"
expect fail "a bus renamed" \
    "t=t.replace('#define GS_BUS_UI       \"ui\"', '#define GS_BUS_UI       \"menu\"', 1)"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
