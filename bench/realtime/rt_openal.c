/* SPDX-License-Identifier: Zlib */
/*
 * rt_openal: the real-time benchmark's game written by hand on OpenAL Soft and libvorbisfile, as
 * a C programmer would without GameSound: the default device, a context with the attributes
 * GameSound asks for (48 kHz, mono and stereo sources for the voices plus 8, 2 auxiliary sends),
 * effects decoded whole into buffers, looping sources, and the soundtrack streamed from
 * libvorbisfile through 4 queued buffers of 4096 frames (GameSound's sizes), refilled by the main
 * thread every 5 ms. Arguments and output: rt_common.h.
 */
#include "rt_common.h"

#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>
#include <vorbis/vorbisfile.h>

enum { STREAM_BUFFERS = 4, STREAM_FRAMES = 4096 };

/* Decodes a whole Ogg Vorbis file into a new OpenAL buffer; 0 on failure. */
static ALuint load_effect(const char *path) {
    OggVorbis_File file;
    if (ov_fopen(path, &file) != 0) return 0;
    vorbis_info *info = ov_info(&file, -1);
    size_t capacity = 1 << 16, size = 0;
    char *pcm = malloc(capacity);
    for (;;) {
        if (capacity - size < 8192) pcm = realloc(pcm, capacity *= 2);
        int section;
        long got = ov_read(&file, pcm + size, (int)(capacity - size), 0, 2, 1, &section);
        if (got <= 0) break;
        size += (size_t)got;
    }
    ALuint buffer;
    alGenBuffers(1, &buffer);
    alBufferData(buffer, info->channels == 1 ? AL_FORMAT_MONO16 : AL_FORMAT_STEREO16, pcm, (ALsizei)size,
                 (ALsizei)info->rate);
    free(pcm);
    ov_clear(&file);
    return buffer;
}

typedef struct {
    OggVorbis_File file;
    ALenum format;
    long rate;
    ALuint source;
    ALuint buffers[STREAM_BUFFERS];
    char pcm[STREAM_FRAMES * 4];
} soundtrack;

/* Fills one buffer with the next 4096 frames, looping back to the start at the end. */
static void fill(soundtrack *track, ALuint buffer) {
    int size = 0, bytes = (int)sizeof track->pcm;
    while (size < bytes) {
        int section;
        long got = ov_read(&track->file, track->pcm + size, bytes - size, 0, 2, 1, &section);
        if (got == 0) { ov_pcm_seek(&track->file, 0); continue; }
        if (got < 0) continue; /* a hole in the data: skip it, as players do */
        size += (int)got;
    }
    alBufferData(buffer, track->format, track->pcm, size, (ALsizei)track->rate);
}

static int start_soundtrack(soundtrack *track, const char *path) {
    if (ov_fopen(path, &track->file) != 0) return 0;
    vorbis_info *info = ov_info(&track->file, -1);
    track->format = info->channels == 1 ? AL_FORMAT_MONO16 : AL_FORMAT_STEREO16;
    track->rate = info->rate;
    alGenSources(1, &track->source);
    alSourcei(track->source, AL_SOURCE_RELATIVE, AL_TRUE);
    alGenBuffers(STREAM_BUFFERS, track->buffers);
    for (int i = 0; i < STREAM_BUFFERS; i++) fill(track, track->buffers[i]);
    alSourceQueueBuffers(track->source, STREAM_BUFFERS, track->buffers);
    alSourcePlay(track->source);
    return 1;
}

/* The 5 ms refill: every processed buffer is filled again and queued; a source that ran dry is restarted. */
static void refill(soundtrack *track) {
    ALint processed = 0;
    alGetSourcei(track->source, AL_BUFFERS_PROCESSED, &processed);
    while (processed-- > 0) {
        ALuint buffer;
        alSourceUnqueueBuffers(track->source, 1, &buffer);
        fill(track, buffer);
        alSourceQueueBuffers(track->source, 1, &buffer);
    }
    ALint state;
    alGetSourcei(track->source, AL_SOURCE_STATE, &state);
    if (state != AL_PLAYING) alSourcePlay(track->source);
}

/* A voice the way GameSound sets up a centred effect: relative to the listener, one unit ahead. */
static void place(ALuint source, ALuint buffer, ALint looping) {
    alSourcei(source, AL_BUFFER, (ALint)buffer);
    alSourcei(source, AL_SOURCE_RELATIVE, AL_TRUE);
    alSource3f(source, AL_POSITION, 0.0f, 0.0f, -1.0f);
    alSourcei(source, AL_LOOPING, looping);
    alSourcePlay(source);
}

int main(int argc, char **argv) {
    rt_mark("main", rt_now_ns());
    rt_args args = rt_parse(argc, argv);
    int voices = args.voices > 32 ? args.voices : 32; /* GameSound's default pool, or more */

    rt_mark("open", rt_now_ns());
    ALCdevice *device = alcOpenDevice(NULL);
    if (!device) return rt_fail(args.program, "alcOpenDevice failed");
    ALCint attributes[] = { ALC_FREQUENCY, RT_SAMPLE_RATE, ALC_MONO_SOURCES, voices + 8,
                            ALC_STEREO_SOURCES, voices + 8, ALC_MAX_AUXILIARY_SENDS, 2, 0 };
    ALCcontext *context = alcCreateContext(device, attributes);
    if (!context || !alcMakeContextCurrent(context)) return rt_fail(args.program, "alcCreateContext failed");
    alDistanceModel(AL_INVERSE_DISTANCE_CLAMPED);
    rt_mark("opened", rt_now_ns());
    ALuint effect = load_effect(args.effect);
    if (!effect) return rt_fail(args.program, "could not decode the effect");

    if (args.mode == RT_RUN) {
        ALuint sources[RT_MAX_VOICES];
        alGenSources(args.voices, sources);
        for (int v = 0; v < args.voices; v++) place(sources[v], effect, AL_TRUE);
        static soundtrack track;
        if (!start_soundtrack(&track, args.soundtrack)) return rt_fail(args.program, "could not open the soundtrack");
        int64_t playing = rt_now_ns(), end = playing + (int64_t)(args.seconds * 1e9);
        rt_mark("playing", playing);
        rt_cpu_mark("playing");
        for (int64_t tick = playing + 5000000; tick < end; tick += 5000000) {
            rt_sleep_until(tick);
            refill(&track);
        }
        rt_sleep_until(end);
        rt_cpu_mark("stopping");
    } else {
        /* A pool of sources taken in turn, as a game's effect pool would. */
        ALuint pool[32];
        alGenSources(32, pool);
        for (int i = 0; i < args.count; i++) {
            rt_sleep_until(args.start_ns + (int64_t)i * args.period_ms * 1000000);
            ALuint source = pool[i % 32];
            alSourceStop(source);
            place(source, effect, AL_FALSE);
            rt_mark("play", rt_now_ns());
        }
        rt_sleep_ns(500000000);
    }
    alcMakeContextCurrent(NULL);
    alcDestroyContext(context);
    alcCloseDevice(device);
    rt_report_peak();
    return 0;
}
