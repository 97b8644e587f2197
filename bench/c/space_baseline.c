/* SPDX-License-Identifier: Zlib */
/*
 * space_baseline: the C baseline for GameSound's 3-D benchmark.
 *
 * Drives OpenAL Soft directly through a loopback device the way a careful C game would for the
 * same scene as `gamesound-bench space-child`: HRTF on, one EAX reverb (its defaults, the generic
 * room) in an auxiliary slot, and N looping mono voices of a 440 Hz tone placed on a circle of
 * radius 5 around the listener, each sending to the reverb through a low-pass at gain 0.3 (the
 * effects bus's default send). Sixty times a second (every 800 frames) every voice moves along the
 * circle and gets its velocity. Rendered as 48 kHz stereo float in blocks of 256 frames.
 *
 * Usage: space_baseline VOICES SECONDS
 * Prints: "voices=N seconds=S cpu=<CPU seconds spent rendering and moving> checksum=<sum of |samples|>"
 */
#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>
#include <AL/efx.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

enum { SAMPLE_RATE = 48000, BLOCK_FRAMES = 256, MOVE_FRAMES = 800, MAX_VOICES = 255 };

static double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
         + (double)usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static int fail(const char *what) {
    fprintf(stderr, "space_baseline: %s failed\n", what);
    return 1;
}

/* Where voice v is at time t (seconds), and how fast it goes: a circle of radius 5, one turn in 8 s. */
static void place(int v, int voices, double t, float *position, float *velocity) {
    double omega = 2 * M_PI / 8, angle = 2 * M_PI * v / voices + omega * t;
    position[0] = (float)(5 * cos(angle)); position[1] = 0; position[2] = (float)(5 * sin(angle));
    velocity[0] = (float)(-5 * omega * sin(angle)); velocity[1] = 0; velocity[2] = (float)(5 * omega * cos(angle));
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: space_baseline VOICES SECONDS\n"); return 2; }
    int voices = atoi(argv[1]);
    double seconds = atof(argv[2]);
    if (voices < 1 || voices > MAX_VOICES || seconds <= 0) { fprintf(stderr, "space_baseline: VOICES 1...255, SECONDS > 0\n"); return 2; }

    LPALCLOOPBACKOPENDEVICESOFT open_loopback = (LPALCLOOPBACKOPENDEVICESOFT)alcGetProcAddress(NULL, "alcLoopbackOpenDeviceSOFT");
    LPALCRENDERSAMPLESSOFT render_samples = (LPALCRENDERSAMPLESSOFT)alcGetProcAddress(NULL, "alcRenderSamplesSOFT");
    if (!open_loopback || !render_samples) return fail("ALC_SOFT_loopback lookup");
    ALCdevice *device = open_loopback(NULL);
    if (!device) return fail("alcLoopbackOpenDeviceSOFT");
    ALCint attributes[] = {
        ALC_FORMAT_CHANNELS_SOFT, ALC_STEREO_SOFT, ALC_FORMAT_TYPE_SOFT, ALC_FLOAT_SOFT, ALC_FREQUENCY, SAMPLE_RATE,
        ALC_MONO_SOURCES, voices + 8, ALC_STEREO_SOURCES, voices + 8, ALC_HRTF_SOFT, ALC_TRUE, ALC_MAX_AUXILIARY_SENDS, 2, 0
    };
    ALCcontext *context = alcCreateContext(device, attributes);
    if (!context || !alcMakeContextCurrent(context)) return fail("alcCreateContext");
    alDistanceModel(AL_INVERSE_DISTANCE_CLAMPED);

    LPALGENEFFECTS gen_effects = (LPALGENEFFECTS)alGetProcAddress("alGenEffects");
    LPALEFFECTI effecti = (LPALEFFECTI)alGetProcAddress("alEffecti");
    LPALGENAUXILIARYEFFECTSLOTS gen_slots = (LPALGENAUXILIARYEFFECTSLOTS)alGetProcAddress("alGenAuxiliaryEffectSlots");
    LPALAUXILIARYEFFECTSLOTI slot_i = (LPALAUXILIARYEFFECTSLOTI)alGetProcAddress("alAuxiliaryEffectSloti");
    LPALGENFILTERS gen_filters = (LPALGENFILTERS)alGetProcAddress("alGenFilters");
    LPALFILTERI filter_i = (LPALFILTERI)alGetProcAddress("alFilteri");
    LPALFILTERF filter_f = (LPALFILTERF)alGetProcAddress("alFilterf");
    if (!gen_effects || !effecti || !gen_slots || !slot_i || !gen_filters || !filter_i || !filter_f) return fail("EFX lookup");
    ALuint effect, slot, filter;
    gen_effects(1, &effect);
    effecti(effect, AL_EFFECT_TYPE, AL_EFFECT_EAXREVERB);
    gen_slots(1, &slot);
    slot_i(slot, AL_EFFECTSLOT_EFFECT, (ALint)effect);
    gen_filters(1, &filter);
    filter_i(filter, AL_FILTER_TYPE, AL_FILTER_LOWPASS);
    filter_f(filter, AL_LOWPASS_GAIN, 0.3f);
    filter_f(filter, AL_LOWPASS_GAINHF, 1.0f);

    float *tone = malloc(sizeof(float) * SAMPLE_RATE);
    if (!tone) return fail("malloc");
    for (int i = 0; i < SAMPLE_RATE; i++) tone[i] = 0.25f * sinf(2.0f * (float)M_PI * 440.0f * (float)i / SAMPLE_RATE);
    ALuint buffer;
    alGenBuffers(1, &buffer);
    alBufferData(buffer, AL_FORMAT_MONO_FLOAT32, tone, (ALsizei)(sizeof(float) * SAMPLE_RATE), SAMPLE_RATE);
    free(tone);

    ALuint sources[MAX_VOICES];
    float position[3], velocity[3];
    alGenSources(voices, sources);
    for (int v = 0; v < voices; v++) {
        alSourcei(sources[v], AL_BUFFER, (ALint)buffer);
        alSourcei(sources[v], AL_LOOPING, AL_TRUE);
        place(v, voices, 0, position, velocity);
        alSourcefv(sources[v], AL_POSITION, position);
        alSourcefv(sources[v], AL_VELOCITY, velocity);
        alSource3i(sources[v], AL_AUXILIARY_SEND_FILTER, (ALint)slot, 0, (ALint)filter);
        alSourcePlay(sources[v]);
    }
    if (alGetError() != AL_NO_ERROR) return fail("source setup");

    float block[BLOCK_FRAMES * 2];
    long total_frames = (long)(seconds * SAMPLE_RATE), next_move = MOVE_FRAMES;
    double checksum = 0, start = cpu_seconds();
    for (long done = 0; done < total_frames; done += BLOCK_FRAMES) {
        if (done >= next_move) {
            for (int v = 0; v < voices; v++) {
                place(v, voices, (double)done / SAMPLE_RATE, position, velocity);
                alSourcefv(sources[v], AL_POSITION, position);
                alSourcefv(sources[v], AL_VELOCITY, velocity);
            }
            next_move += MOVE_FRAMES;
        }
        long count = total_frames - done < BLOCK_FRAMES ? total_frames - done : BLOCK_FRAMES;
        render_samples(device, block, (ALCsizei)count);
        checksum += fabsf(block[0]);
    }
    double cpu = cpu_seconds() - start;
    printf("voices=%d seconds=%g cpu=%.6f checksum=%.3f\n", voices, seconds, cpu, checksum);
    alcMakeContextCurrent(NULL);
    alcDestroyContext(context);
    alcCloseDevice(device);
    return 0;
}
