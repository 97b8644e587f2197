/* SPDX-License-Identifier: Zlib */
/*
 * plain_openal: a game's music loop on OpenAL Soft and nothing else: no GameSound, no session
 * handling. It plays through calls, the screen lock and the player's music, as most games on Linux
 * do. docs/testbed.md runs gamesound-testbed's example script against it to show what the testbed
 * catches (and against the SDL2 shooter, which passes).
 *
 *   cc -std=c99 -Wall -Wextra plain_openal.c $(pkg-config --cflags --libs openal) -lm -o plain_openal
 *   ./plain_openal [SECONDS]      plays until SIGTERM or SIGINT, or for SECONDS
 *
 * Exit status 0 on a clean stop, 1 when OpenAL cannot play.
 */
#define _POSIX_C_SOURCE 200809L
#include <AL/al.h>
#include <AL/alc.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { RATE = 48000, SECONDS_OF_LOOP = 2 };
static const double PI = 3.14159265358979323846;

static volatile sig_atomic_t stopping = 0;

static void on_signal(int number) {
    (void)number;
    stopping = 1;
}

/* Two seconds of a little tune (four notes with a soft attack), looped by OpenAL. */
static void fill_tune(short *samples) {
    static const double notes[] = {261.63, 329.63, 392.00, 329.63};
    const int per_note = RATE * SECONDS_OF_LOOP / 4;
    for (int i = 0; i < RATE * SECONDS_OF_LOOP; i++) {
        int note = i / per_note, into = i % per_note;
        double envelope = fmin(1.0, into / 480.0) * fmin(1.0, (per_note - into) / 480.0);
        samples[i] = (short)(0.3 * 32767 * envelope * sin(2 * PI * notes[note] * i / RATE));
    }
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 0;
    struct sigaction action = {0};
    action.sa_handler = on_signal;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);

    ALCdevice *device = alcOpenDevice(NULL);
    ALCcontext *context = device ? alcCreateContext(device, NULL) : NULL;
    if (!context || !alcMakeContextCurrent(context)) {
        fprintf(stderr, "plain_openal: no OpenAL device\n");
        return 1;
    }
    static short tune[RATE * SECONDS_OF_LOOP];
    fill_tune(tune);
    ALuint buffer, source;
    alGenBuffers(1, &buffer);
    alBufferData(buffer, AL_FORMAT_MONO16, tune, sizeof tune, RATE);
    alGenSources(1, &source);
    alSourcei(source, AL_BUFFER, (ALint)buffer);
    alSourcei(source, AL_LOOPING, AL_TRUE);
    alSourcePlay(source);
    if (alGetError() != AL_NO_ERROR) {
        fprintf(stderr, "plain_openal: OpenAL could not play\n");
        return 1;
    }
    struct timespec tick = {0, 50 * 1000 * 1000};
    for (double elapsed = 0; !stopping && (seconds <= 0 || elapsed < seconds); elapsed += 0.05) nanosleep(&tick, NULL);

    alSourceStop(source);
    alDeleteSources(1, &source);
    alDeleteBuffers(1, &buffer);
    alcMakeContextCurrent(NULL);
    alcDestroyContext(context);
    alcCloseDevice(device);
    return 0;
}
