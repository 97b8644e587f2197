/* SPDX-License-Identifier: Zlib */
/*
 * calls_openal: the baseline of calls_gamesound, raw OpenAL Soft on the same device: the default
 * device (the null device with ALSOFT_DRIVERS=null) at 48 kHz, one buffer as long as sfx/blip.ogg
 * and of its format (0.12 s, mono, 16-bit, 48 kHz; a tone, since what it holds does not change
 * what play and stop cost), and two pre-made sources per game thread. At each tick a thread calls
 * alSourcePlay on one of its sources and alSourceStop on the one it played one tick before, timing
 * each call (calls_common.h): what GameSound's play and stop come down to, with nothing around.
 *
 * Usage: calls_openal WINDOW, WINDOW being "single" (1 game thread) or "threads" (4, at the
 * same tick instants). Prints the window's table rows.
 */
#include "calls_common.h"

#include <AL/al.h>
#include <AL/alc.h>
#include <math.h>

enum { RATE = 48000, FRAMES = RATE * 12 / 100 };

typedef struct {
    ALuint sources[CALLS_MAX_THREADS][2];
    long ticks[CALLS_MAX_THREADS];
    calls_samples play[CALLS_MAX_THREADS], stop[CALLS_MAX_THREADS];
} raw;

static void raw_tick(void *state, int thread, int record) {
    raw *r = state;
    long tick = r->ticks[thread]++;
    calls_stamp begin = calls_begin();
    alSourcePlay(r->sources[thread][tick % 2]);
    calls_end(&r->play[thread], begin, record);
    if (tick > 0) {
        begin = calls_begin();
        alSourceStop(r->sources[thread][(tick - 1) % 2]);
        calls_end(&r->stop[thread], begin, record);
    }
}

int main(int argc, char **argv) {
    if (argc != 2 || (strcmp(argv[1], "single") != 0 && strcmp(argv[1], "threads") != 0)) {
        fprintf(stderr, "usage: calls_openal single|threads\n");
        return 2;
    }
    int threads = strcmp(argv[1], "threads") == 0 ? 4 : 1;
    calls_settings settings = calls_read_settings();

    ALCdevice *device = alcOpenDevice(NULL);
    if (!device) {
        fprintf(stderr, "calls_openal: no OpenAL device\n");
        return 1;
    }
    ALCint attributes[] = { ALC_FREQUENCY, RATE, 0 };
    ALCcontext *context = alcCreateContext(device, attributes);
    if (!context || !alcMakeContextCurrent(context)) {
        fprintf(stderr, "calls_openal: no OpenAL context\n");
        return 1;
    }
    static int16_t pcm[FRAMES];
    for (int i = 0; i < FRAMES; i++) pcm[i] = (int16_t)(8000 * sin(2 * M_PI * 880 * i / RATE));
    ALuint buffer;
    alGenBuffers(1, &buffer);
    alBufferData(buffer, AL_FORMAT_MONO16, pcm, (ALsizei)sizeof pcm, RATE);

    static raw r;
    for (int t = 0; t < threads; t++) {
        alGenSources(2, r.sources[t]);
        for (int s = 0; s < 2; s++) alSourcei(r.sources[t][s], AL_BUFFER, (ALint)buffer);
        calls_samples_init(&r.play[t], &settings, 1);
        calls_samples_init(&r.stop[t], &settings, 1);
    }
    if (alGetError() != AL_NO_ERROR) {
        fprintf(stderr, "calls_openal: setting up the sources failed\n");
        return 1;
    }

    double load_before = calls_load();
    calls_run_threads(&settings, threads, raw_tick, &r);
    double load_after = calls_load();
    int errors = alGetError() != AL_NO_ERROR;

    calls_samples play, stop;
    calls_samples_init(&play, &settings, threads);
    calls_samples_init(&stop, &settings, threads);
    for (int t = 0; t < threads; t++) {
        calls_merge(&play, &r.play[t]);
        calls_merge(&stop, &r.stop[t]);
    }
    const char *label = threads == 1 ? "raw OpenAL, 1 thread" : "raw OpenAL, 4 threads";
    char notes[160];
    snprintf(notes, sizeof notes, "%sload %.2f → %.2f", errors ? "an OpenAL error; " : "", load_before, load_after);
    calls_print_row(label, "`alSourcePlay`", &play, calls_goal_none, notes);
    calls_print_row(label, "`alSourceStop`", &stop, calls_goal_none, "");

    for (int t = 0; t < threads; t++) alDeleteSources(2, r.sources[t]);
    alDeleteBuffers(1, &buffer);
    alcMakeContextCurrent(NULL);
    alcDestroyContext(context);
    alcCloseDevice(device);
    return errors;
}
