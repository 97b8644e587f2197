/* SPDX-License-Identifier: Zlib */
/*
 * rt_openal: the real-time benchmark's game written by hand on OpenAL Soft and libvorbisfile, as
 * a C programmer would without GameSound: the default device, a context with the attributes
 * GameSound asks for (48 kHz, mono and stereo sources for the voices plus 8, 2 auxiliary sends),
 * effects decoded whole into buffers, looping sources, and the soundtrack streamed from
 * libvorbisfile through 4 queued buffers of 4096 frames (GameSound's sizes), refilled by the main
 * thread every 5 ms. Arguments and output: rt_common.h.
 *
 * Compiled with -DRT_OWN_OUTPUT it is rt_ownout: the same game, but OpenAL Soft's output is its
 * loopback device, mixed by the program's own output thread from inside a libpulse write request
 * (a plain pa_mainloop on that thread) and written to the server there, RT_OWN_FRAMES (512) frames
 * at a time with 3 of them towards the server, as OpenAL Soft asks; the soundtrack is refilled on
 * that thread before each mix. One thread wakes per period instead of OpenAL Soft's mixer thread
 * and libpulse's (issue 39: what an output of GameSound's own would cost). Servers only.
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

#ifdef RT_OWN_OUTPUT
#include <pthread.h>
#include <pulse/pulseaudio.h>

typedef struct {
    ALCdevice *device;
    LPALCRENDERSAMPLESSOFT render;
    pa_mainloop *loop;
    pa_context *context;
    pa_stream *stream;
    soundtrack *track; /* refilled before each mix once set */
    pthread_t thread;
} own_output;

/* The server asks for `bytes`: mix them from the loopback device into the server's own memory. */
static void own_write(pa_stream *stream, size_t bytes, void *user) {
    own_output *out = user;
    while (bytes >= 8) {
        void *data;
        size_t size = bytes;
        if (pa_stream_begin_write(stream, &data, &size) < 0 || size < 8) return;
        size -= size % 8;
        soundtrack *track = __atomic_load_n(&out->track, __ATOMIC_ACQUIRE);
        if (track) refill(track);
        out->render(out->device, data, (ALCsizei)(size / 8));
        pa_stream_write(stream, data, size, NULL, 0, PA_SEEK_RELATIVE);
        bytes -= size;
    }
}

/* Runs the main loop until `ready` says the context or stream is ready; 0 when it failed. */
static int own_wait(own_output *out, int (*ready)(own_output *)) {
    for (;;) {
        int state = ready(out);
        if (state != 0) return state > 0;
        if (pa_mainloop_iterate(out->loop, 1, NULL) < 0) return 0;
    }
}

static int context_ready(own_output *out) {
    pa_context_state_t state = pa_context_get_state(out->context);
    return state == PA_CONTEXT_READY ? 1 : PA_CONTEXT_IS_GOOD(state) ? 0 : -1;
}

static int stream_ready(own_output *out) {
    pa_stream_state_t state = pa_stream_get_state(out->stream);
    return state == PA_STREAM_READY ? 1 : PA_STREAM_IS_GOOD(state) ? 0 : -1;
}

static void *own_thread(void *user) {
    pa_mainloop_run(((own_output *)user)->loop, NULL);
    return NULL;
}

/* Opens the loopback device, its attributes put before `attributes` (`count` of them, the last 0). */
static ALCdevice *own_open(own_output *out, ALCint *attributes, size_t count) {
    LPALCLOOPBACKOPENDEVICESOFT open = (LPALCLOOPBACKOPENDEVICESOFT)alcGetProcAddress(NULL, "alcLoopbackOpenDeviceSOFT");
    out->render = (LPALCRENDERSAMPLESSOFT)alcGetProcAddress(NULL, "alcRenderSamplesSOFT");
    if (!open || !out->render || !(out->device = open(NULL))) return NULL;
    ALCint format[] = { ALC_FORMAT_CHANNELS_SOFT, ALC_STEREO_SOFT, ALC_FORMAT_TYPE_SOFT, ALC_FLOAT_SOFT };
    memmove(attributes + 4, attributes, count * sizeof *attributes);
    memcpy(attributes, format, sizeof format);
    return out->device;
}

/* Once the device has its context: connects the server's stream, then starts the output thread. */
static int own_start(own_output *out) {
    const char *frames_setting = getenv("RT_OWN_FRAMES");
    uint32_t frames = frames_setting ? (uint32_t)atoi(frames_setting) : 512;
    out->loop = pa_mainloop_new();
    pa_proplist *props = pa_proplist_new();
    pa_proplist_sets(props, PA_PROP_MEDIA_ROLE, "game");
    out->context = pa_context_new_with_proplist(pa_mainloop_get_api(out->loop), "rt_ownout", props);
    pa_proplist_free(props);
    if (pa_context_connect(out->context, NULL, PA_CONTEXT_NOFLAGS, NULL) < 0 || !own_wait(out, context_ready)) return 0;
    pa_sample_spec spec = { PA_SAMPLE_FLOAT32LE, RT_SAMPLE_RATE, 2 };
    pa_buffer_attr buffering = { (uint32_t)-1, 3 * frames * 8, (uint32_t)-1, frames * 8, (uint32_t)-1 };
    out->stream = pa_stream_new(out->context, "rt_ownout", &spec, NULL);
    pa_stream_set_write_callback(out->stream, own_write, out);
    if (pa_stream_connect_playback(out->stream, NULL, &buffering, PA_STREAM_ADJUST_LATENCY, NULL, NULL) < 0
        || !own_wait(out, stream_ready)) return 0;
    return pthread_create(&out->thread, NULL, own_thread, out) == 0;
}

static void own_close(own_output *out) {
    pa_mainloop_quit(out->loop, 0);
    pthread_join(out->thread, NULL);
    pa_stream_disconnect(out->stream);
    pa_stream_unref(out->stream);
    pa_context_disconnect(out->context);
    pa_context_unref(out->context);
    pa_mainloop_free(out->loop);
}
#endif

int main(int argc, char **argv) {
    rt_mark("main", rt_now_ns());
    rt_args args = rt_parse(argc, argv);
    int voices = args.voices > 32 ? args.voices : 32; /* GameSound's default pool, or more */

    rt_mark("open", rt_now_ns());
    ALCint attributes[16] = { ALC_FREQUENCY, RT_SAMPLE_RATE, ALC_MONO_SOURCES, voices + 8,
                              ALC_STEREO_SOURCES, voices + 8, ALC_MAX_AUXILIARY_SENDS, 2, 0 };
#ifdef RT_OWN_OUTPUT
    static own_output output;
    ALCdevice *device = own_open(&output, attributes, 9);
    if (!device) return rt_fail(args.program, "the loopback device did not open");
#else
    ALCdevice *device = alcOpenDevice(NULL);
    if (!device) return rt_fail(args.program, "alcOpenDevice failed");
#endif
    ALCcontext *context = alcCreateContext(device, attributes);
    if (!context || !alcMakeContextCurrent(context)) return rt_fail(args.program, "alcCreateContext failed");
#ifdef RT_OWN_OUTPUT
    if (!own_start(&output)) return rt_fail(args.program, "the server's stream did not open");
#endif
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
#ifdef RT_OWN_OUTPUT
        __atomic_store_n(&output.track, &track, __ATOMIC_RELEASE); /* refilled by the output thread before each mix */
#else
        for (int64_t tick = playing + 5000000; tick < end; tick += 5000000) {
            rt_sleep_until(tick);
            refill(&track);
        }
#endif
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
#ifdef RT_OWN_OUTPUT
    own_close(&output);
#endif
    alcMakeContextCurrent(NULL);
    alcDestroyContext(context);
    alcCloseDevice(device);
    rt_report_peak();
    return 0;
}
