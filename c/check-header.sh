#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Compiles a small program using gamesound.h as C99, C11, C++11 and C++17 with -Wall -Wextra
# -pedantic -Werror (the structs, their inline initialisers, a callback), so that the header stays
# clean for every game that includes it. Usage: check-header.sh INCLUDE_DIR
set -euo pipefail
include=${1:?usage: check-header.sh INCLUDE_DIR}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/use.c" <<'C'
#include <gamesound.h>

static void on_event(const char *name, int64_t frame, const char *details, void *user_data) {
    (void)name; (void)frame; (void)details; (void)user_data;
}

int gamesound_header_check(void);
int gamesound_header_check(void) {
    gs_config config;
    gs_config_init(&config);
    gs_play_options options;
    gs_play_options_init(&options);
    options.reverb_send = GS_REVERB_SEND_BUS_DEFAULT;
    gs_sound_definition definition;
    gs_sound_definition_init(&definition);
    gs_listener listener;
    gs_event_callback callback = on_event;
    (void)listener; (void)callback;
    return (int)config.struct_size + (int)options.struct_size + (int)definition.struct_size + GS_VERSION;
}
C
cp "$work/use.c" "$work/use.cpp"
status=0
for standard in c99 c11; do
    if gcc -std=$standard -Wall -Wextra -pedantic -Werror -I "$include" -c "$work/use.c" -o "$work/use.o"; then
        echo "gamesound.h: clean as $standard"
    else
        echo "gamesound.h: warnings or errors as $standard"; status=1
    fi
done
for standard in c++11 c++17; do
    if g++ -std=$standard -Wall -Wextra -pedantic -Werror -I "$include" -c "$work/use.cpp" -o "$work/use.o"; then
        echo "gamesound.h: clean as $standard"
    else
        echo "gamesound.h: warnings or errors as $standard"; status=1
    fi
done
exit "$status"
