/* SPDX-License-Identifier: Zlib */
/*
 * mix_baseline: the C baseline for GameSound's mixing benchmark.
 *
 * Drives OpenAL Soft directly through a loopback device with the same workload as
 * `gamesound-bench`'s mixing case: N looping mono voices of one 1-second 440 Hz tone
 * (48 kHz float32, the same formula GameSound's side uses), rendered as 48 kHz stereo float
 * in blocks of 256 frames (GameSound's update period). The sources are set up the way
 * GameSound sets up a centred effect voice (relative to the listener, one unit ahead,
 * inverse-clamped distance model), so both sides ask OpenAL Soft for the same mix.
 *
 * Usage: mix_baseline VOICES SECONDS
 * Prints one line: "voices=N seconds=S cpu=<seconds of user+system CPU spent rendering>
 * checksum=<sum of |samples|>" (the checksum keeps the render from being optimised away and lets
 * a reader compare the two sides' output).
 */
#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

enum { SAMPLE_RATE = 48000, BLOCK_FRAMES = 256, MAX_VOICES = 255 };

static double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
         + (double)usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static int fail(const char *what) {
    fprintf(stderr, "mix_baseline: %s failed\n", what);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: mix_baseline VOICES SECONDS\n");
        return 2;
    }
    int voices = atoi(argv[1]);
    double seconds = atof(argv[2]);
    if (voices < 1 || voices > MAX_VOICES || seconds <= 0) {
        fprintf(stderr, "mix_baseline: VOICES must be 1...255 and SECONDS positive\n");
        return 2;
    }

    LPALCLOOPBACKOPENDEVICESOFT open_loopback =
        (LPALCLOOPBACKOPENDEVICESOFT)alcGetProcAddress(NULL, "alcLoopbackOpenDeviceSOFT");
    LPALCRENDERSAMPLESSOFT render_samples =
        (LPALCRENDERSAMPLESSOFT)alcGetProcAddress(NULL, "alcRenderSamplesSOFT");
    if (!open_loopback || !render_samples) return fail("ALC_SOFT_loopback lookup");

    ALCdevice *device = open_loopback(NULL);
    if (!device) return fail("alcLoopbackOpenDeviceSOFT");
    ALCint attributes[] = {
        ALC_FORMAT_CHANNELS_SOFT, ALC_STEREO_SOFT, ALC_FORMAT_TYPE_SOFT, ALC_FLOAT_SOFT,
        ALC_FREQUENCY, SAMPLE_RATE, ALC_MONO_SOURCES, voices + 8, ALC_STEREO_SOURCES, voices + 8, 0
    };
    ALCcontext *context = alcCreateContext(device, attributes);
    if (!context || !alcMakeContextCurrent(context)) return fail("alcCreateContext");
    alDistanceModel(AL_INVERSE_DISTANCE_CLAMPED);

    float *tone = malloc(sizeof(float) * SAMPLE_RATE);
    if (!tone) return fail("malloc");
    for (int i = 0; i < SAMPLE_RATE; i++) tone[i] = 0.25f * sinf(2.0f * (float)M_PI * 440.0f * (float)i / SAMPLE_RATE);
    ALuint buffer;
    alGenBuffers(1, &buffer);
    alBufferData(buffer, AL_FORMAT_MONO_FLOAT32, tone, (ALsizei)(sizeof(float) * SAMPLE_RATE), SAMPLE_RATE);
    free(tone);

    ALuint sources[MAX_VOICES];
    alGenSources(voices, sources);
    for (int v = 0; v < voices; v++) {
        alSourcei(sources[v], AL_BUFFER, (ALint)buffer);
        alSourcef(sources[v], AL_GAIN, 1.0f);
        alSourcef(sources[v], AL_PITCH, 1.0f);
        alSourcei(sources[v], AL_LOOPING, AL_TRUE);
        alSourcei(sources[v], AL_SOURCE_RELATIVE, AL_TRUE);
        alSource3f(sources[v], AL_POSITION, 0.0f, 0.0f, -1.0f);
        alSourcePlay(sources[v]);
    }
    if (alGetError() != AL_NO_ERROR) return fail("source setup");

    float block[BLOCK_FRAMES * 2];
    long total_frames = (long)(seconds * SAMPLE_RATE);
    double checksum = 0;
    double start = cpu_seconds();
    for (long done = 0; done < total_frames; done += BLOCK_FRAMES) {
        long count = total_frames - done < BLOCK_FRAMES ? total_frames - done : BLOCK_FRAMES;
        render_samples(device, block, (ALCsizei)count);
        checksum += fabsf(block[0]);
    }
    double cpu = cpu_seconds() - start;
    printf("voices=%d seconds=%g cpu=%.6f checksum=%.3f\n", voices, seconds, cpu, checksum);

    alDeleteSources(voices, sources);
    alDeleteBuffers(1, &buffer);
    alcMakeContextCurrent(NULL);
    alcDestroyContext(context);
    alcCloseDevice(device);
    return 0;
}
