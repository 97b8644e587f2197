/* SPDX-License-Identifier: Zlib */
/*
 * rt_sdlmixer: the real-time benchmark's game written on SDL_mixer 2, as its documentation shows:
 * Mix_OpenAudio at 48 kHz stereo (16-bit, 1024-frame chunks), effects as Mix_Chunk on channels
 * (Mix_PlayChannel, -1 loops), the soundtrack as Mix_Music (Mix_PlayMusic, -1 loops), streamed by
 * SDL_mixer on SDL's audio thread. SDL_mixer has no 3-D placement: the voices are plain, centred.
 * Arguments and output: rt_common.h.
 */
#include "rt_common.h"

#include <SDL.h>
#include <SDL_mixer.h>

static int fail(const char *program, const char *what) {
    fprintf(stderr, "%s: %s: %s\n", program, what, Mix_GetError());
    return 1;
}

int main(int argc, char **argv) {
    rt_mark("main", rt_now_ns());
    rt_args args = rt_parse(argc, argv);

    rt_mark("open", rt_now_ns());
    if (SDL_Init(SDL_INIT_AUDIO) != 0) return fail(args.program, "SDL_Init");
    if (Mix_Init(MIX_INIT_OGG) != MIX_INIT_OGG) return fail(args.program, "Mix_Init");
    if (Mix_OpenAudio(RT_SAMPLE_RATE, MIX_DEFAULT_FORMAT, 2, 1024) != 0) return fail(args.program, "Mix_OpenAudio");
    rt_mark("opened", rt_now_ns());
    Mix_AllocateChannels(args.voices > 32 ? args.voices : 32);
    Mix_Chunk *effect = Mix_LoadWAV(args.effect);
    if (!effect) return fail(args.program, "Mix_LoadWAV");

    if (args.mode == RT_RUN) {
        for (int v = 0; v < args.voices; v++) {
            if (Mix_PlayChannel(-1, effect, -1) < 0) return fail(args.program, "Mix_PlayChannel");
        }
        Mix_Music *music = Mix_LoadMUS(args.soundtrack);
        if (!music) return fail(args.program, "Mix_LoadMUS");
        if (Mix_PlayMusic(music, -1) != 0) return fail(args.program, "Mix_PlayMusic");
        int64_t playing = rt_now_ns();
        rt_mark("playing", playing);
        rt_cpu_mark("playing");
        rt_sleep_until(playing + (int64_t)(args.seconds * 1e9));
        rt_cpu_mark("stopping");
        Mix_HaltMusic();
        Mix_FreeMusic(music);
    } else {
        for (int i = 0; i < args.count; i++) {
            rt_sleep_until(args.start_ns + (int64_t)i * args.period_ms * 1000000);
            if (Mix_PlayChannel(-1, effect, 0) < 0) return fail(args.program, "Mix_PlayChannel");
            rt_mark("play", rt_now_ns());
        }
        rt_sleep_ns(500000000);
    }
    Mix_HaltChannel(-1);
    Mix_FreeChunk(effect);
    Mix_CloseAudio();
    Mix_Quit();
    SDL_Quit();
    rt_report_peak();
    return 0;
}
