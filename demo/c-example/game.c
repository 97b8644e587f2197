/* SPDX-License-Identifier: Zlib */
/*
 * A tiny C "game" on libgamesound: it loads its effects from a folder, fires a few, takes a
 * phone call in the middle, opens a pause menu that pauses the effects bus while a menu sound
 * plays, fades the last sound out, and writes what a player would have heard to a WAV file.
 *
 *   c-example SFX_FOLDER OUT.wav
 *
 * It runs headless (no sound card needed): the game renders the mix itself, 10 ms at a time,
 * as a game loop would. It prints every event the runtime reports.
 */
#include "gamesound.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATE 48000
#define TICK (RATE / 100) /* one game frame: 10 ms */

static void print_event(const char *name, int64_t frame, const char *details, void *user_data) {
    (void)user_data;
    printf("  %6.3f s  %-20s %s\n", (double)frame / RATE, name, details);
}

/* Appends `ticks` game frames of the mix to `out`; returns 0 or a GS_ERR_ code. */
static int run(gs_runtime *rt, FILE *out, int ticks, long *frames_written) {
    int16_t mix[2 * TICK];
    for (int i = 0; i < ticks; i++) {
        int result = gs_render(rt, mix, TICK);
        if (result != GS_OK) return result;
        fwrite(mix, sizeof mix[0], 2 * TICK, out);
        *frames_written += TICK;
    }
    return GS_OK;
}

static void write_wav_header(FILE *out, long frames) {
    uint32_t data = (uint32_t)(frames * 4), riff = 36 + data, fmt_size = 16, rate = RATE, bytes_per_second = RATE * 4;
    uint16_t pcm = 1, channels = 2, block = 4, bits = 16;
    fseek(out, 0, SEEK_SET);
    fwrite("RIFF", 1, 4, out); fwrite(&riff, 4, 1, out); fwrite("WAVEfmt ", 1, 8, out);
    fwrite(&fmt_size, 4, 1, out); fwrite(&pcm, 2, 1, out); fwrite(&channels, 2, 1, out);
    fwrite(&rate, 4, 1, out); fwrite(&bytes_per_second, 4, 1, out); fwrite(&block, 2, 1, out);
    fwrite(&bits, 2, 1, out); fwrite("data", 1, 4, out); fwrite(&data, 4, 1, out);
}

/* Fires one effect, saying so when it is not played (unknown name, or during the call). */
static void fire(gs_runtime *rt, const char *name, float pan) {
    int64_t voice = gs_effect_play(rt, name, 0.8f, 1.0f, pan);
    if (voice < 0) printf("  (%s not played: %s)\n", name, gs_last_error());
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s SFX_FOLDER OUT.wav\n", argv[0]);
        return 2;
    }
    gs_config config;
    gs_config_init(&config);
    config.output = GS_OUTPUT_HEADLESS;
    config.sample_rate = RATE;
    /* The default: a real-time game would live on the desktop when its sound server answers. This one
     * renders headlessly, so it gets the simulated system, whose phone it can ring below. */
    config.system = GS_SYSTEM_AUTO;
    gs_runtime *rt = gs_runtime_create(&config);
    if (!rt) {
        fprintf(stderr, "cannot start GameSound: %s\n", gs_last_error());
        return 1;
    }
    gs_set_event_callback(rt, print_event, NULL);

    int loaded = gs_effect_load_folder(rt, argv[1]);
    if (loaded <= 0) {
        fprintf(stderr, "no effects loaded from %s: %s\n", argv[1], loaded < 0 ? gs_last_error() : "no .wav or .ogg files");
        gs_runtime_destroy(rt);
        return 1;
    }
    printf("loaded %d effects from %s; category %s; system %s\n", loaded, argv[1], gs_session_category(rt),
           gs_system_kind(rt) == GS_SYSTEM_DESKTOP ? "desktop" : "simulated");

    FILE *out = fopen(argv[2], "wb");
    if (!out) { perror(argv[2]); gs_runtime_destroy(rt); return 1; }
    write_wav_header(out, 0);

    /* The demo's effects are named laser and explosion; with other files, fire() says what is missing. */
    const char *first = "laser", *second = "explosion";
    long frames = 0;
    int result = GS_OK;
    fire(rt, first, -0.5f);
    result = result ? result : run(rt, out, 50, &frames);             /* 0.5 s of play */
    fire(rt, second, 0.5f);
    result = result ? result : run(rt, out, 20, &frames);

    printf("the phone rings\n");
    gs_system_action(rt, "phone.ring");
    fire(rt, first, 0.0f);                                            /* dropped: nobody hears it */
    result = result ? result : run(rt, out, 100, &frames);            /* 1 s of silence */
    printf("the call is declined (interrupted now: %d)\n", gs_session_is_interrupted(rt));
    gs_system_action(rt, "phone.decline");

    int64_t boom = gs_effect_play(rt, second, 0.8f, 1.0f, 0.0f);
    result = result ? result : run(rt, out, 30, &frames);

    /* The pause menu: effects stop where they are while a menu sound plays on the ui bus. */
    printf("the pause menu opens\n");
    gs_bus_set_paused(rt, GS_BUS_EFFECTS, 1);
    if (gs_effect_play_on(rt, first, GS_BUS_UI, NULL) < 0) printf("  (%s not played: %s)\n", first, gs_last_error());
    result = result ? result : run(rt, out, 50, &frames);
    printf("the pause menu closes (the %s is %s)\n", second,
           gs_voice_state(rt, boom) == GS_VOICE_PAUSED ? "paused" : "not playing");
    gs_bus_set_paused(rt, GS_BUS_EFFECTS, 0);
    if (gs_voice_stop_fade(rt, boom, 0.5) == GS_VOICE_ENDED) printf("  (the %s had already ended)\n", second);
    result = result ? result : run(rt, out, 100, &frames);
    if (result != GS_OK) fprintf(stderr, "render failed: %s\n", gs_last_error());

    write_wav_header(out, frames);
    fclose(out);
    gs_runtime_destroy(rt);
    printf("wrote %.2f s to %s\n", (double)frames / RATE, argv[2]);
    return result == GS_OK ? 0 : 1;
}
