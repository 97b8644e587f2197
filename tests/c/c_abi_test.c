/*
 * Tests of libgamesound through its C header only, as a C game would use it.
 *
 * Each CHECK is counted; the program ends with "N passed, M failed" and exits non-zero when
 * M > 0. An alarm turns a deadlock into a failure (the process dies of SIGALRM).
 */
#define _GNU_SOURCE /* M_PI */
#include "gamesound.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int passed, failed;

#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        if (cond) {                                                             \
            __sync_fetch_and_add(&passed, 1);                                   \
        } else {                                                                \
            __sync_fetch_and_add(&failed, 1);                                   \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);     \
            fprintf(stderr, __VA_ARGS__);                                       \
            fprintf(stderr, " (last error: %s)\n", gs_last_error());           \
        }                                                                       \
    } while (0)

#define RATE 48000

static char tone_path[256];

/* Writes a mono 16-bit WAV: 2 s of a 440 Hz sine at half scale. */
static int write_tone(const char *path) {
    const uint32_t frames = 2 * RATE, data_bytes = frames * 2;
    FILE *file = fopen(path, "wb");
    if (!file) return -1;
    uint8_t header[44];
    memcpy(header, "RIFF", 4);
    uint32_t value = 36 + data_bytes; memcpy(header + 4, &value, 4);
    memcpy(header + 8, "WAVEfmt ", 8);
    value = 16; memcpy(header + 16, &value, 4);
    uint16_t half = 1; memcpy(header + 20, &half, 2);      /* PCM */
    half = 1; memcpy(header + 22, &half, 2);               /* mono */
    value = RATE; memcpy(header + 24, &value, 4);
    value = RATE * 2; memcpy(header + 28, &value, 4);
    half = 2; memcpy(header + 32, &half, 2);
    half = 16; memcpy(header + 34, &half, 2);
    memcpy(header + 36, "data", 4);
    memcpy(header + 40, &data_bytes, 4);
    fwrite(header, 1, sizeof header, file);
    for (uint32_t i = 0; i < frames; i++) {
        int16_t sample = (int16_t)(16000 * sin(2 * M_PI * 440 * i / RATE));
        fwrite(&sample, 2, 1, file);
    }
    return fclose(file);
}

static gs_runtime *headless_with_policy(int32_t policy) {
    gs_config config;
    gs_config_init(&config);
    config.output = GS_OUTPUT_HEADLESS;
    config.sample_rate = RATE;
    config.policy = policy;
    gs_runtime *rt = gs_runtime_create(&config);
    CHECK(rt != NULL, "a headless runtime starts (policy %d)", (int)policy);
    return rt;
}

static gs_runtime *headless(void) { return headless_with_policy(GS_POLICY_EFFECTS_PLUS_SOUNDTRACK_IF_NO_OTHER_AUDIO); }

/* The largest absolute sample of `frames` rendered frames, or -1 if rendering failed. */
static int peak_of_render(gs_runtime *rt, int32_t frames) {
    int16_t *buffer = calloc((size_t)frames * 2, sizeof *buffer);
    int result = gs_render(rt, buffer, frames);
    int peak = result == GS_OK ? 0 : -1;
    for (int32_t i = 0; result == GS_OK && i < frames * 2; i++) {
        int magnitude = abs(buffer[i]);
        if (magnitude > peak) peak = magnitude;
    }
    free(buffer);
    return peak;
}

static void test_phone_call_is_silent_and_sound_comes_back(void) {
    gs_runtime *rt = headless();
    if (!rt) return;
    CHECK(gs_effect_load(rt, "tone", tone_path) == GS_OK, "loads the tone");
    CHECK(gs_effect_play(rt, "tone", 1, 1, 0) >= 0, "plays the tone");
    int before = peak_of_render(rt, RATE / 10);
    CHECK(before > 3000, "audible before the call: peak %d", before);

    CHECK(gs_system_action(rt, "phone.ring") == GS_OK, "the phone rings");
    CHECK(gs_session_is_interrupted(rt) == 1, "the session is interrupted");
    int during = peak_of_render(rt, RATE / 2);
    CHECK(during == 0, "exact silence during the call: peak %d", during);
    CHECK(gs_effect_play(rt, "tone", 1, 1, 0) == GS_ERR_DROPPED, "an effect fired during the call is dropped");

    CHECK(gs_system_action(rt, "phone.decline") == GS_OK, "the call is declined");
    CHECK(gs_session_is_interrupted(rt) == 0, "the interruption ended");
    CHECK(gs_session_is_active(rt) == 1, "the session is active again");
    int after = peak_of_render(rt, RATE / 10);
    CHECK(after > 3000, "audible after the call: peak %d", after);
    gs_runtime_destroy(rt);
}

static void test_answered_call_recovers_at_hang_up(void) {
    gs_runtime *rt = headless();
    if (!rt) return;
    CHECK(gs_effect_load(rt, "tone", tone_path) == GS_OK, "loads the tone");
    CHECK(gs_effect_play(rt, "tone", 1, 1, 0) >= 0, "plays the tone");
    CHECK(gs_system_action(rt, "phone.ring") == GS_OK, "the phone rings");
    CHECK(gs_system_action(rt, "phone.accept") == GS_OK, "the call is answered");
    int during = peak_of_render(rt, RATE / 2);
    CHECK(during == 0, "exact silence during the answered call: peak %d", during);
    CHECK(gs_output_is_ducked(rt) == 0, "not ducked");
    CHECK(gs_output_is_ducked(NULL) == GS_ERR_NULL_POINTER, "is_ducked(NULL)");
    CHECK(gs_system_action(rt, "phone.hangUp") == GS_OK, "the call ends");
    CHECK(gs_session_is_active(rt) == 1, "back in the game, the session is active again with no interruption end");
    int after = peak_of_render(rt, RATE / 10);
    CHECK(after > 3000, "audible after the hang-up: peak %d", after);
    gs_runtime_destroy(rt);
}

static void test_voice_chat_policy_and_output_override(void) {
    gs_runtime *rt = headless_with_policy(GS_POLICY_VOICE_CHAT);
    if (!rt) return;
    CHECK(strcmp(gs_session_category(rt), "playAndRecord") == 0, "voice chat is playAndRecord: %s", gs_session_category(rt));
    CHECK(gs_system_action(rt, "session.overrideOutput port=speaker") == GS_OK, "the output override is accepted");
    CHECK(gs_system_action(rt, "session.overrideOutput port=loud") == GS_ERR_INVALID_ARGUMENT, "a bad override port");
    gs_runtime_destroy(rt);

    rt = headless();
    if (!rt) return;
    CHECK(gs_system_action(rt, "session.overrideOutput port=speaker") == GS_ERR_REFUSED,
          "the override is refused outside playAndRecord");
    gs_runtime_destroy(rt);
}

static void test_null_pointers(void) {
    gs_runtime *rt = headless();
    if (!rt) return;
    int16_t samples[8];
    gs_config_init(NULL);
    CHECK(gs_last_error_code() == GS_ERR_NULL_POINTER, "gs_config_init(NULL)");
    CHECK(gs_runtime_create(NULL) == NULL && gs_last_error_code() == GS_ERR_NULL_POINTER, "create(NULL)");
    CHECK(strstr(gs_last_error(), "config") != NULL, "the message names the argument: %s", gs_last_error());
    CHECK(gs_effect_load(rt, NULL, tone_path) == GS_ERR_NULL_POINTER, "load with a NULL name");
    CHECK(gs_effect_load(rt, "tone", NULL) == GS_ERR_NULL_POINTER, "load with a NULL path");
    CHECK(gs_effect_load(NULL, "tone", tone_path) == GS_ERR_NULL_POINTER, "load on NULL");
    CHECK(gs_effect_load_folder(rt, NULL) == GS_ERR_NULL_POINTER, "load a NULL folder");
    CHECK(gs_effect_play(rt, NULL, 1, 1, 0) == GS_ERR_NULL_POINTER, "play a NULL name");
    CHECK(gs_effect_play(NULL, "tone", 1, 1, 0) == GS_ERR_NULL_POINTER, "play on NULL");
    CHECK(gs_voice_stop(NULL, 0) == GS_ERR_NULL_POINTER, "stop on NULL");
    CHECK(gs_render(rt, NULL, 8) == GS_ERR_NULL_POINTER, "render into NULL");
    CHECK(gs_render(NULL, samples, 4) == GS_ERR_NULL_POINTER, "render NULL");
    CHECK(gs_system_action(rt, NULL) == GS_ERR_NULL_POINTER, "a NULL action");
    CHECK(gs_system_action(NULL, "phone.ring") == GS_ERR_NULL_POINTER, "an action on NULL");
    CHECK(gs_soundtrack_pause(NULL) == GS_ERR_NULL_POINTER, "pause NULL");
    CHECK(gs_soundtrack_resume(NULL) == GS_ERR_NULL_POINTER, "resume NULL");
    CHECK(gs_soundtrack_stop(NULL) == GS_ERR_NULL_POINTER, "stop NULL's soundtrack");
    CHECK(gs_soundtrack_play(NULL, "x.ogg", 1) == GS_ERR_NULL_POINTER, "play NULL's soundtrack");
    CHECK(gs_session_is_active(NULL) == GS_ERR_NULL_POINTER, "is_active(NULL)");
    CHECK(gs_session_is_interrupted(NULL) == GS_ERR_NULL_POINTER, "is_interrupted(NULL)");
    CHECK(gs_session_other_audio_playing(NULL) == GS_ERR_NULL_POINTER, "other_audio(NULL)");
    CHECK(gs_session_secondary_hint(NULL) == GS_ERR_NULL_POINTER, "hint(NULL)");
    CHECK(gs_output_is_silenced(NULL) == GS_ERR_NULL_POINTER, "silenced(NULL)");
    CHECK(gs_session_category(NULL) == NULL && gs_last_error_code() == GS_ERR_NULL_POINTER, "category(NULL)");
    CHECK(gs_set_event_callback(NULL, NULL, NULL) == GS_ERR_NULL_POINTER, "callback on NULL");
    CHECK(gs_render_scenario(NULL, "out.wav", NULL) == GS_ERR_NULL_POINTER, "scenario NULL");
    CHECK(gs_render_scenario("s.json", NULL, NULL) == GS_ERR_NULL_POINTER, "scenario to NULL wav");
    gs_runtime_destroy(NULL);
    CHECK(gs_last_error_code() == GS_ERR_NULL_POINTER, "destroy(NULL)");
    CHECK(gs_session_is_active(rt) == 1, "the runtime is unharmed by all that");
    gs_runtime_destroy(rt);
}

static void test_unknown_names_and_bad_values(void) {
    gs_runtime *rt = headless();
    if (!rt) return;
    CHECK(gs_effect_play(rt, "nothing-loaded", 1, 1, 0) == GS_ERR_UNKNOWN_NAME, "an unknown effect");
    CHECK(strstr(gs_last_error(), "nothing-loaded") != NULL, "the message names it: %s", gs_last_error());
    CHECK(gs_system_action(rt, "phone.explode") == GS_ERR_UNKNOWN_NAME, "an unknown action");
    CHECK(gs_system_action(rt, "") == GS_ERR_INVALID_ARGUMENT, "an empty action");
    CHECK(gs_system_action(rt, "route.plug") == GS_ERR_INVALID_ARGUMENT, "route.plug without a port");
    CHECK(gs_system_action(rt, "route.plug port=toaster") == GS_ERR_INVALID_ARGUMENT, "an unknown port");
    CHECK(gs_system_action(rt, "phone.ring colour=red") == GS_ERR_INVALID_ARGUMENT, "an extra parameter");
    CHECK(gs_system_action(rt, "phone.decline") == GS_ERR_REFUSED, "declining a call that is not ringing");
    CHECK(gs_session_is_interrupted(rt) == 0, "a refused action changes nothing");
    CHECK(gs_system_action(rt, "route.plug port=headphones") == GS_OK, "plugging headphones");
    CHECK(gs_system_action(rt, "volume.set value=0.5") == GS_OK, "setting the volume");
    CHECK(gs_effect_load(rt, "ghost", "/nonexistent/ghost.wav") == GS_ERR_DECODING, "a missing file");
    CHECK(gs_effect_load(rt, "self", "/proc/self/status") == GS_ERR_DECODING, "a file that is not audio");
    CHECK(gs_effect_load_folder(rt, "/nonexistent-folder") == GS_ERR_IO, "a missing folder");
    CHECK(gs_voice_stop(rt, -5) == GS_ERR_INVALID_ARGUMENT, "a negative voice");
    CHECK(gs_voice_stop(rt, 12345) == GS_OK, "a voice that never played is ignored");
    int16_t samples[8];
    CHECK(gs_render(rt, samples, -1) == GS_ERR_INVALID_ARGUMENT, "a negative frame count");
    CHECK(gs_render(rt, samples, 0) == GS_OK, "zero frames");
    CHECK(gs_soundtrack_resume(rt) == GS_ERR_NO_SOUNDTRACK, "resuming without a soundtrack");
    CHECK(gs_soundtrack_play(rt, "/nonexistent/theme.ogg", 1) == GS_ERR_IO, "a missing soundtrack");
    CHECK(strcmp(gs_session_category(rt), "soloAmbient") == 0, "category: %s", gs_session_category(rt));
    CHECK(strcmp(gs_result_name(GS_ERR_INVALID_HANDLE), "GS_ERR_INVALID_HANDLE") == 0, "result names");
    CHECK(strcmp(gs_result_name(-999), "GS_ERR_UNKNOWN_CODE") == 0, "an unknown code's name");
    gs_runtime_destroy(rt);

    gs_config config;
    gs_config_init(&config);
    config.output = GS_OUTPUT_HEADLESS;
    config.policy = 9;
    CHECK(gs_runtime_create(&config) == NULL && gs_last_error_code() == GS_ERR_INVALID_ARGUMENT, "a bad policy");
    gs_config_init(&config);
    config.output = GS_OUTPUT_HEADLESS;
    config.sample_rate = 12345;
    CHECK(gs_runtime_create(&config) == NULL && gs_last_error_code() == GS_ERR_INVALID_ARGUMENT, "a bad rate");
    gs_config_init(&config);
    config.output = GS_OUTPUT_HEADLESS;
    config.voices = 0;
    CHECK(gs_runtime_create(&config) == NULL && gs_last_error_code() == GS_ERR_INVALID_ARGUMENT, "no voices");

    gs_config_init(&config);
    config.output = GS_OUTPUT_HEADLESS;
    config.launch_other_audio = GS_OTHER_AUDIO_MUSIC;
    rt = gs_runtime_create(&config);
    CHECK(rt != NULL, "starts with music playing");
    if (rt) {
        CHECK(strcmp(gs_session_category(rt), "ambient") == 0, "ambient when music plays: %s", gs_session_category(rt));
        CHECK(gs_session_other_audio_playing(rt) == 1, "other audio is playing");
        gs_runtime_destroy(rt);
    }
}

static void test_destroyed_handle_is_refused(void) {
    gs_runtime *rt = headless();
    if (!rt) return;
    CHECK(gs_effect_load(rt, "tone", tone_path) == GS_OK, "loads");
    gs_runtime_destroy(rt);
    int16_t samples[64];
    CHECK(gs_effect_play(rt, "tone", 1, 1, 0) == GS_ERR_INVALID_HANDLE, "play after destroy");
    CHECK(gs_effect_load(rt, "tone", tone_path) == GS_ERR_INVALID_HANDLE, "load after destroy");
    CHECK(gs_render(rt, samples, 32) == GS_ERR_INVALID_HANDLE, "render after destroy");
    CHECK(gs_system_action(rt, "phone.ring") == GS_ERR_INVALID_HANDLE, "action after destroy");
    CHECK(gs_session_is_active(rt) == GS_ERR_INVALID_HANDLE, "query after destroy");
    CHECK(gs_session_category(rt) == NULL && gs_last_error_code() == GS_ERR_INVALID_HANDLE, "category after destroy");
    CHECK(gs_set_event_callback(rt, NULL, NULL) == GS_ERR_INVALID_HANDLE, "callback after destroy");
    CHECK(gs_soundtrack_stop(rt) == GS_ERR_INVALID_HANDLE, "soundtrack after destroy");
    gs_runtime_destroy(rt);
    CHECK(gs_last_error_code() == GS_ERR_INVALID_HANDLE, "destroying twice");
    CHECK(gs_session_is_active((gs_runtime *)(uintptr_t)0x1234) == GS_ERR_INVALID_HANDLE, "a made-up handle");

    gs_runtime *next = headless();
    if (!next) return;
    CHECK(next != rt, "a new runtime never gets an old handle");
    CHECK(gs_session_is_active(rt) == GS_ERR_INVALID_HANDLE, "the old handle stays dead");
    CHECK(gs_session_is_active(next) == 1, "the new one works");
    gs_runtime_destroy(next);
}

static void test_render_on_realtime_runtime(void) {
    gs_config config;
    gs_config_init(&config);
    CHECK(config.output == GS_OUTPUT_REALTIME, "real time is the default");
    gs_runtime *rt = gs_runtime_create(&config);
    CHECK(rt != NULL, "a real-time runtime starts on the null device");
    if (!rt) return;
    int16_t samples[64];
    CHECK(gs_render(rt, samples, 32) == GS_ERR_WRONG_OUTPUT, "gs_render on real time");
    CHECK(gs_effect_load(rt, "tone", tone_path) == GS_OK, "loads");
    CHECK(gs_effect_play(rt, "tone", 1, 1, 0) >= 0, "plays in real time");
    CHECK(gs_system_action(rt, "phone.ring") == GS_OK, "rings");
    CHECK(gs_session_is_interrupted(rt) == 1, "interrupted in real time");
    CHECK(gs_system_action(rt, "phone.decline") == GS_OK, "declines");
    CHECK(gs_session_is_interrupted(rt) == 0, "resumed in real time");
    gs_runtime_destroy(rt);
}

/* ---- Several threads ---------------------------------------------------------------------- */

#define THREADS 4
#define ROUNDS 150

struct worker { gs_runtime *shared; int index; int failures; };

static void *work(void *argument) {
    struct worker *worker = argument;
    int16_t samples[2 * 256];
    for (int round = 0; round < ROUNDS; round++) {
        int64_t voice = gs_effect_play(worker->shared, "tone", 0.2f, 1, 0);
        if (voice < 0 && voice != GS_ERR_DROPPED) worker->failures++;
        if (gs_render(worker->shared, samples, 256) != GS_OK) worker->failures++;
        if (gs_session_is_active(worker->shared) < 0) worker->failures++;
        if (gs_session_category(worker->shared) == NULL) worker->failures++;
        if (round % 10 == 0 && voice >= 0 && gs_voice_stop(worker->shared, voice) != GS_OK) worker->failures++;
        if (round % 25 == worker->index) {
            int ring = gs_system_action(worker->shared, "alarm.fire");
            int dismiss = gs_system_action(worker->shared, "alarm.dismiss");
            /* Another thread may have fired or dismissed first: refused is a fine answer, nothing else. */
            if ((ring != GS_OK && ring != GS_ERR_REFUSED) || (dismiss != GS_OK && dismiss != GS_ERR_REFUSED)) worker->failures++;
        }
        /* Each thread's last error is its own. */
        int mine = worker->index % 2 ? GS_ERR_UNKNOWN_NAME : GS_ERR_NULL_POINTER;
        gs_effect_play(worker->shared, worker->index % 2 ? "missing" : NULL, 1, 1, 0);
        sched_yield();
        if (gs_last_error_code() != mine) worker->failures++;
    }
    for (int round = 0; round < 5; round++) {
        gs_config config;
        gs_config_init(&config);
        config.output = GS_OUTPUT_HEADLESS;
        gs_runtime *own = gs_runtime_create(&config);
        if (!own || gs_render(own, samples, 256) != GS_OK) worker->failures++;
        gs_runtime_destroy(own);
    }
    return NULL;
}

static void test_calls_from_several_threads(void) {
    gs_runtime *rt = headless();
    if (!rt) return;
    CHECK(gs_effect_load(rt, "tone", tone_path) == GS_OK, "loads");
    pthread_t threads[THREADS];
    struct worker workers[THREADS];
    for (int i = 0; i < THREADS; i++) {
        workers[i] = (struct worker){ rt, i, 0 };
        CHECK(pthread_create(&threads[i], NULL, work, &workers[i]) == 0, "thread %d starts", i);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
        CHECK(workers[i].failures == 0, "thread %d: %d unexpected results", i, workers[i].failures);
    }
    gs_runtime_destroy(rt);
}

/* ---- A callback that calls back in -------------------------------------------------------- */

struct recording {
    gs_runtime *rt;
    char names[64][40];
    int count;
    int interrupted_seen_inside;
    int dropped_inside;
    int reason_in_details;
    int destroy_on_event;
};

static void record_event(const char *name, int64_t frame, const char *details, void *user_data) {
    struct recording *log = user_data;
    (void)frame;
    if (log->count < 64) snprintf(log->names[log->count++], sizeof log->names[0], "%s", name);
    if (strcmp(name, "interruptionBegan") == 0) {
        log->interrupted_seen_inside = gs_session_is_interrupted(log->rt);
        log->dropped_inside = (int)gs_effect_play(log->rt, "tone", 1, 1, 0);
        log->reason_in_details = strstr(details, "\"reason\"") != NULL;
        /* Replacing the callback from inside it must not deadlock. */
        gs_set_event_callback(log->rt, record_event, log);
        (void)gs_session_category(log->rt);
        if (log->destroy_on_event) gs_runtime_destroy(log->rt);
    }
}

static int index_of(const struct recording *log, const char *name) {
    for (int i = 0; i < log->count; i++) if (strcmp(log->names[i], name) == 0) return i;
    return -1;
}

static void test_callback_that_calls_back_in(void) {
    gs_runtime *rt = headless();
    if (!rt) return;
    struct recording log = { .rt = rt };
    CHECK(gs_effect_load(rt, "tone", tone_path) == GS_OK, "loads");
    CHECK(gs_set_event_callback(rt, record_event, &log) == GS_OK, "sets the callback");
    CHECK(gs_effect_play(rt, "tone", 1, 1, 0) >= 0, "plays");
    CHECK(gs_system_action(rt, "phone.ring") == GS_OK, "rings");
    CHECK(log.interrupted_seen_inside == 1, "inside the callback the session reads as interrupted");
    /* interruptionBegan is logged before the runtime suspends its context, so this play may still
     * get a voice; what matters is that it answers instead of deadlocking. */
    CHECK(log.dropped_inside >= 0 || log.dropped_inside == GS_ERR_DROPPED, "play inside the callback answers: %d",
          log.dropped_inside);
    CHECK(log.reason_in_details, "interruptionBegan's details carry its reason");
    CHECK(index_of(&log, "effectPlayed") >= 0, "effectPlayed was delivered");
    CHECK(index_of(&log, "interruptionBegan") >= 0 && index_of(&log, "interruptionBegan") < index_of(&log, "contextCleared"),
          "interruptionBegan before contextCleared");
    CHECK(gs_system_action(rt, "phone.decline") == GS_OK, "declines");
    CHECK(index_of(&log, "interruptionEnded") >= 0, "interruptionEnded was delivered");
    int count = log.count;
    CHECK(gs_set_event_callback(rt, NULL, NULL) == GS_OK, "clears the callback");
    CHECK(gs_system_action(rt, "silentSwitch.on") == GS_OK, "silent switch");
    CHECK(log.count == count, "no event after clearing the callback");
    CHECK(gs_output_is_silenced(rt) == 1, "silenced by the switch");
    gs_runtime_destroy(rt);

    /* The callback destroys its own runtime. */
    rt = headless();
    if (!rt) return;
    struct recording doomed = { .rt = rt, .destroy_on_event = 1 };
    CHECK(gs_effect_load(rt, "tone", tone_path) == GS_OK, "loads");
    CHECK(gs_set_event_callback(rt, record_event, &doomed) == GS_OK, "sets the callback");
    CHECK(gs_system_action(rt, "phone.ring") == GS_OK, "the call that ends the runtime returns normally");
    CHECK(gs_session_is_active(rt) == GS_ERR_INVALID_HANDLE, "the handle is dead after the callback destroyed it");
}

/* ---- Scenarios ---------------------------------------------------------------------------- */

static char folder[] = "/tmp/gamesound-c-test-XXXXXX";

static long file_size(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return -1;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fclose(file);
    return size;
}

static int file_contains(const char *path, const char *text) {
    static char content[1 << 16];
    FILE *file = fopen(path, "rb");
    if (!file) return 0;
    size_t length = fread(content, 1, sizeof content - 1, file);
    fclose(file);
    content[length] = 0;
    return strstr(content, text) != NULL;
}

static void test_render_scenario(void) {
    char scenario[512], wav[512], events[512], bad[512];
    snprintf(scenario, sizeof scenario, "%s/scenarios/call.json", folder);
    snprintf(bad, sizeof bad, "%s/scenarios/bad.json", folder);
    snprintf(wav, sizeof wav, "%s/call.wav", folder);
    snprintf(events, sizeof events, "%s/call.jsonl", folder);
    FILE *file = fopen(scenario, "w");
    CHECK(file != NULL, "writes the scenario");
    if (!file) return;
    fputs("{\"name\": \"call\", \"sampleRate\": 48000, \"duration\": 1.5, \"soundtrack\": null,\n"
          " \"events\": [ {\"at\": 0.1, \"fire\": \"tone\"}, {\"at\": 0.5, \"system\": \"phone.ring\"},\n"
          "             {\"at\": 1.0, \"system\": \"phone.decline\"} ] }\n", file);
    fclose(file);
    file = fopen(bad, "w");
    if (file) { fputs("{\"name\": \"bad\", \"duration\": 1, \"soundtrack\": null, \"events\": [ {\"at\": 0.1, \"fire\": \"no-such-sound\"} ] }", file); fclose(file); }

    CHECK(gs_render_scenario(scenario, wav, events) == GS_OK, "renders the scenario");
    CHECK(file_size(wav) == 44 + 72000 * 4, "1.5 s of 16-bit stereo at 48 kHz: %ld bytes", file_size(wav));
    CHECK(file_contains(events, "\"interruptionBegan\""), "the event log has interruptionBegan");
    CHECK(file_contains(events, "\"effectPlayed\""), "the event log has effectPlayed");
    CHECK(gs_render_scenario(bad, wav, NULL) == GS_ERR_SCENARIO, "an unknown sound is a scenario error");
    CHECK(strstr(gs_last_error(), "no-such-sound") != NULL, "naming the sound: %s", gs_last_error());
    CHECK(gs_render_scenario("/nonexistent.json", wav, NULL) == GS_ERR_SCENARIO, "a missing scenario");
    CHECK(gs_render_scenario(scenario, "/nonexistent-dir/out.wav", NULL) == GS_ERR_IO, "an unwritable output");
    remove(wav); remove(events); remove(scenario); remove(bad);
}

int main(void) {
    alarm(120); /* a deadlock fails the run instead of hanging CI */
    setenv("ALSOFT_DRIVERS", "null", 1);
    if (!mkdtemp(folder)) { perror("mkdtemp"); return 2; }
    char path[512];
    snprintf(path, sizeof path, "%s/assets", folder); mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/assets/sfx", folder); mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/scenarios", folder); mkdir(path, 0700);
    snprintf(tone_path, sizeof tone_path, "%s/assets/sfx/tone.wav", folder);
    if (write_tone(tone_path) != 0) { perror("write_tone"); return 2; }

    test_phone_call_is_silent_and_sound_comes_back();
    test_answered_call_recovers_at_hang_up();
    test_voice_chat_policy_and_output_override();
    test_null_pointers();
    test_unknown_names_and_bad_values();
    test_destroyed_handle_is_refused();
    test_render_on_realtime_runtime();
    test_calls_from_several_threads();
    test_callback_that_calls_back_in();
    test_render_scenario();

    remove(tone_path);
    snprintf(path, sizeof path, "%s/assets/sfx", folder); rmdir(path);
    snprintf(path, sizeof path, "%s/assets", folder); rmdir(path);
    snprintf(path, sizeof path, "%s/scenarios", folder); rmdir(path);
    rmdir(folder);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
