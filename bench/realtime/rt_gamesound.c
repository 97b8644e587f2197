/* SPDX-License-Identifier: Zlib */
/*
 * rt_gamesound: the real-time benchmark's game written on GameSound's C SDK (gamesound.h), the way
 * a C game would: gs_runtime_create with the defaults (real-time output, the system chosen by the
 * library: the desktop's sound server when one answers), effects loaded once, looping voices with
 * gs_effect_play_on, the soundtrack with gs_soundtrack_play. The runtime refills the soundtrack on
 * its own update thread. Arguments and output: rt_common.h.
 */
#include "rt_common.h"

#include <gamesound.h>

/* RT_GS_LOG: every log message at GS_LOG_INFO and above on stderr as "log LEVEL CODE: TEXT" (the
 * real-time priority check reads the realtime.granted and realtime.refused lines). */
static void print_log(int level, const char *code, const char *message, void *user_data) {
    (void)user_data;
    fprintf(stderr, "log %d %s: %s\n", level, code, message);
}

static int fail(const char *program, const char *what) {
    fprintf(stderr, "%s: %s: %s (%s)\n", program, what, gs_last_error(), gs_result_name(gs_last_error_code()));
    return 1;
}

int main(int argc, char **argv) {
    rt_mark("main", rt_now_ns());
    rt_args args = rt_parse(argc, argv);

    gs_config config;
    gs_config_init(&config);
    config.output = GS_OUTPUT_REALTIME;
    if (args.voices > config.voices) config.voices = args.voices;
    /* RT_GS_SYSTEM: a GS_SYSTEM_ number instead of the default GS_SYSTEM_AUTO; 1 (simulated) is a
     * game that never probes the desktop, so the library never opens libpulse or libsystemd. */
    const char *system = getenv("RT_GS_SYSTEM");
    if (system && *system) config.system = atoi(system);
    /* RT_GS_VIRTUAL_VOICES: gs_config.virtual_voices instead of the default (512); 0 turns them off. */
    const char *virtual_voices = getenv("RT_GS_VIRTUAL_VOICES");
    if (virtual_voices && *virtual_voices) config.virtual_voices = atoi(virtual_voices);
    /* RT_GS_REALTIME_PRIORITY: gs_config.realtime_priority instead of the default (0, ask); 1 asks
     * nothing, so the mixer and update threads run at normal priority. */
    const char *realtime_priority = getenv("RT_GS_REALTIME_PRIORITY");
    if (realtime_priority && *realtime_priority) config.realtime_priority = atoi(realtime_priority);
    const char *log = getenv("RT_GS_LOG");
    if (log && *log) gs_set_log_handler(print_log, NULL, GS_LOG_INFO);
    /* RT_GS_IO_BUFFER_FRAMES: gs_config.io_buffer_duration, in frames at the sample rate, instead of
     * the default: the I/O buffer the session asks for, on the desktop OpenAL Soft's period. */
    const char *io_frames = getenv("RT_GS_IO_BUFFER_FRAMES");
    if (io_frames && *io_frames) config.io_buffer_duration = atof(io_frames) / config.sample_rate;
    rt_mark("open", rt_now_ns());
    gs_runtime *rt = gs_runtime_create(&config);
    if (!rt) return fail(args.program, "gs_runtime_create");
    rt_mark("opened", rt_now_ns());
    double io_rate = 0, io_buffer = 0;
    if (gs_session_io_configuration(rt, &io_rate, &io_buffer) != GS_OK) return fail(args.program, "gs_session_io_configuration");
    printf("io %.0f %.6f\n", io_rate, io_buffer);
    if (gs_effect_load(rt, "effect", args.effect) != GS_OK) return fail(args.program, "gs_effect_load");

    if (args.mode == RT_RUN) {
        gs_play_options options;
        gs_play_options_init(&options);
        options.loop = 1;
        for (int v = 0; v < args.voices; v++) {
            if (gs_effect_play_on(rt, "effect", NULL, &options) < 0) return fail(args.program, "gs_effect_play_on");
        }
        if (gs_soundtrack_play(rt, args.soundtrack, 1) != GS_OK) return fail(args.program, "gs_soundtrack_play");
        int64_t playing = rt_now_ns();
        rt_mark("playing", playing);
        rt_cpu_mark("playing");
        rt_sleep_until(playing + (int64_t)(args.seconds * 1e9));
        rt_cpu_mark("stopping");
    } else {
        for (int i = 0; i < args.count; i++) {
            rt_sleep_until(args.start_ns + (int64_t)i * args.period_ms * 1000000);
            if (gs_effect_play(rt, "effect", 1.0f, 1.0f, 0.0f) < 0) return fail(args.program, "gs_effect_play");
            rt_mark("play", rt_now_ns());
        }
        rt_sleep_ns(500000000); /* let the last one sound */
    }
    gs_runtime_destroy(rt);
    rt_report_peak();
    return 0;
}
