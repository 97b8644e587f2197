/* SPDX-License-Identifier: Zlib */
/* A C program built against the unpacked SDK with pkg-config, run as a player's machine would run
 * it: plays an effect headlessly, checks it is heard, silent during a call, heard again after. */
#include <gamesound.h>
#include <stdio.h>
#include <stdlib.h>

static int peak(gs_runtime *rt, int frames) {
    static short buffer[48000 * 2];
    if (gs_render(rt, buffer, frames) != GS_OK) return -1;
    int loudest = 0;
    for (int i = 0; i < frames * 2; i++) loudest = abs(buffer[i]) > loudest ? abs(buffer[i]) : loudest;
    return loudest;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: consumer EFFECT.ogg\n"); return 64; }
    gs_config config;
    gs_config_init(&config);
    config.output = GS_OUTPUT_HEADLESS;
    gs_runtime *rt = gs_runtime_create(&config);
    if (!rt) { fprintf(stderr, "consumer: %s\n", gs_last_error()); return 1; }
    int failures = 0;
    if (gs_effect_load(rt, "shot", argv[1]) != GS_OK) { fprintf(stderr, "consumer: %s\n", gs_last_error()); failures++; }
    gs_effect_play(rt, "shot", 1, 1, 0);
    int before = peak(rt, 4800);
    gs_system_action(rt, "phone.ring");
    int during = peak(rt, 4800);
    gs_system_action(rt, "phone.decline");
    gs_effect_play(rt, "shot", 1, 1, 0);
    int after = peak(rt, 4800);
    if (before < 1000) { fprintf(stderr, "consumer: not audible before the call (peak %d)\n", before); failures++; }
    if (during != 0) { fprintf(stderr, "consumer: not silent during the call (peak %d)\n", during); failures++; }
    if (after < 1000) { fprintf(stderr, "consumer: not audible after the call (peak %d)\n", after); failures++; }
    gs_runtime_destroy(rt);
    printf("consumer (C): peaks %d, %d, %d: %s\n", before, during, after, failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
