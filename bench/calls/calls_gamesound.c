/* SPDX-License-Identifier: Zlib */
/*
 * calls_gamesound: what a game thread pays per call into GameSound's C SDK (gamesound.h), in real
 * time: a runtime as a C game makes it (GS_OUTPUT_REALTIME, the simulated system so that the
 * program can drive media services itself), sfx/blip.ogg loaded once, and game threads that each
 * play it every CALLS_PERIOD_US (2 ms) and stop the voice they played one tick before, timing
 * every gs_effect_play and gs_voice_stop (calls_common.h). Run it on OpenAL Soft's null device
 * (ALSOFT_DRIVERS=null) on a machine without a sound card; bench/calls/run.sh runs every window.
 *
 * Usage: calls_gamesound ASSETS WINDOW [OPUS_LOOP]
 *   vorbis         1 game thread; the soundtrack (music/theme.ogg) and 4 looping streams of
 *                  ambience/wind.ogg play meanwhile
 *   opus           the same with 4 looping streams of OPUS_LOOP (bench/calls/make-opus-loop.sh:
 *                  an Opus file whose LOOPSTART/LOOPLENGTH loop is shorter than a second)
 *   loss           as vorbis, while another thread calls gs_system_action "mediaServices.lose",
 *                  then 200 ms later "mediaServices.reset", then waits 300 ms, again and again
 *   calls          as loss, with "phone.ring" and "phone.decline" instead: a call that begins an
 *                  interruption and ends it, again and again
 *   loss-bank      as loss, with music/theme.ogg loaded as an effect too: a bank of 25 MB (64 s of
 *                  48 kHz stereo as OpenAL holds it), which every loss frees and every reset uploads
 *   stream-starts  as vorbis, while another thread starts a looping stream of ambience/wind.ogg
 *                  every 50 ms and stops the one it started before (each gs_stream_play timed)
 *   soundtrack     as vorbis, while another thread starts the soundtrack anew every 500 ms, music/theme.ogg
 *                  and ambience/wind.ogg in turn (each gs_soundtrack_play timed)
 *   loading        as vorbis, while another thread loads music/theme.ogg as an effect every 200 ms
 *                  (each gs_effect_load timed); the game thread also asks, at each tick, the state
 *                  of the voice it just played and the position of a stream (both timed)
 *   threads        4 game threads at the same tick instants, with the soundtrack and 4 Vorbis streams
 *   threads-quiet  4 game threads, nothing else playing
 *   threads-callback  as threads-quiet, with an event callback set that writes each event as a line
 *                  to a log file (line-buffered: one write(2) per event), as a game that logs its
 *                  audio events does
 *   moving         1 game thread; 24 looping sounds in the world (sfx/blip.ogg, moving, with
 *                  velocities), to which another thread gives a new place, velocity and gain every
 *                  50 ms, each reached over 50 ms: what a game's moving objects ask, and the
 *                  update's own work in every block (gains, pitches, places and Doppler of 24 voices)
 * Prints the window's table rows (calls_common.h).
 */
#include "calls_common.h"

#include <gamesound.h>
#include <math.h>
#include <unistd.h>

enum { STREAMS = 4, LOST_NS = 200000000, RESET_NS = 300000000, STREAM_START_NS = 50000000, LOAD_NS = 200000000,
       TRACK_NS = 500000000, MOVERS = 24, MOVE_NS = 50000000 };

typedef struct {
    gs_runtime *rt;
    calls_samples play[CALLS_MAX_THREADS], stop[CALLS_MAX_THREADS];
    /* The loading window's queries: a voice's state and a stream's position. */
    int queries;
    int64_t stream;
    calls_samples state[CALLS_MAX_THREADS], position[CALLS_MAX_THREADS];
    int64_t previous[CALLS_MAX_THREADS]; /* the voice each thread played one tick before, or -1 */
    long played[CALLS_MAX_THREADS], dropped[CALLS_MAX_THREADS], failed[CALLS_MAX_THREADS];
} game;

/* The threads-callback window's event callback: each event a line in the log file, written at once. */
static void log_event(const char *name, int64_t frame, const char *details, void *user_data) {
    FILE *log = user_data;
    fprintf(log, "%lld %s %s\n", (long long)frame, name, details);
}

/* One tick of a game thread: play the blip, then stop the voice of the tick before. */
static void game_tick(void *raw, int thread, int record) {
    game *g = raw;
    calls_stamp begin = calls_begin();
    int64_t voice = gs_effect_play(g->rt, "blip", 1.0f, 1.0f, 0.0f);
    calls_end(&g->play[thread], begin, record);
    if (record) {
        if (voice >= 0) g->played[thread]++;
        else if (voice == GS_ERR_DROPPED) g->dropped[thread]++;
        else g->failed[thread]++;
    }
    if (g->queries && voice >= 0) {
        begin = calls_begin();
        int state = gs_voice_state(g->rt, voice);
        calls_end(&g->state[thread], begin, record);
        int64_t frame = 0;
        begin = calls_begin();
        int result = gs_stream_position(g->rt, g->stream, &frame);
        calls_end(&g->position[thread], begin, record);
        if (record && (state < 0 || result != GS_OK)) g->failed[thread]++;
    }
    if (g->previous[thread] >= 0) {
        begin = calls_begin();
        int result = gs_voice_stop(g->rt, g->previous[thread]);
        calls_end(&g->stop[thread], begin, record);
        if (record && result < 0) g->failed[thread]++;
    }
    g->previous[thread] = voice >= 0 ? voice : -1;
}

/* The other thread of a window: it drives media services (lost, reset, lost, ...) or starts
   streams, until told to stop. */
typedef struct {
    gs_runtime *rt;
    atomic_int stop;
    calls_samples lose, reset, start, load;
    const char *stream_path, *load_path;
    long refused;
    int64_t movers[MOVERS]; /* the moving window's looping sounds */
    const char *away, *back; /* the loss window's actions: media services lost and reset, or a call */
} driver;

static void timed_action(driver *driver, const char *action, calls_samples *samples) {
    calls_stamp begin = calls_begin();
    int result = gs_system_action(driver->rt, action);
    calls_end(samples, begin, 1);
    if (result != GS_OK) driver->refused++;
}

static void *drive_services(void *raw) {
    driver *driver = raw;
    while (!atomic_load(&driver->stop)) {
        timed_action(driver, driver->away, &driver->lose);
        calls_sleep_until(calls_now_ns() + LOST_NS);
        timed_action(driver, driver->back, &driver->reset);
        calls_sleep_until(calls_now_ns() + RESET_NS);
    }
    return NULL;
}

/* A looping stream started every STREAM_START_NS, the one before stopped. */
static void *start_streams(void *raw) {
    driver *driver = raw;
    int64_t previous = -1;
    while (!atomic_load(&driver->stop)) {
        int64_t next = calls_now_ns() + STREAM_START_NS;
        calls_stamp begin = calls_begin();
        int64_t voice = gs_stream_play(driver->rt, driver->stream_path, NULL, 1, 0.5f);
        calls_end(&driver->start, begin, 1);
        if (voice < 0) driver->refused++;
        if (previous >= 0) gs_voice_stop(driver->rt, previous);
        previous = voice;
        calls_sleep_until(next);
    }
    if (previous >= 0) gs_voice_stop(driver->rt, previous);
    return NULL;
}

/* The soundtrack started anew every TRACK_NS, two tracks in turn: a level's music changing. */
static void *switch_tracks(void *raw) {
    driver *driver = raw;
    for (int turn = 0; !atomic_load(&driver->stop); turn++) {
        int64_t next = calls_now_ns() + TRACK_NS;
        calls_stamp begin = calls_begin();
        int result = gs_soundtrack_play(driver->rt, turn % 2 ? driver->stream_path : driver->load_path, 1);
        calls_end(&driver->start, begin, 1);
        if (result != GS_OK) driver->refused++;
        calls_sleep_until(next);
    }
    return NULL;
}

/* The soundtrack's file loaded as an effect every LOAD_NS, replacing itself: a level's sounds
   loading during play, on a thread of the game's own. */
static void *load_sounds(void *raw) {
    driver *driver = raw;
    while (!atomic_load(&driver->stop)) {
        int64_t next = calls_now_ns() + LOAD_NS;
        calls_stamp begin = calls_begin();
        int result = gs_effect_load(driver->rt, "music", driver->load_path);
        calls_end(&driver->load, begin, 1);
        if (result != GS_OK) driver->refused++;
        calls_sleep_until(next);
    }
    return NULL;
}

/* The moving window: every MOVE_NS, each looping sound gets a new place on its circle, the
   velocity that goes with it and a gain, each reached over MOVE_NS (one timed call each). */
static void *move_sounds(void *raw) {
    driver *driver = raw;
    for (int tick = 0; !atomic_load(&driver->stop); tick++) {
        int64_t next = calls_now_ns() + MOVE_NS;
        for (int m = 0; m < MOVERS; m++) {
            float angle = 0.05f * (float)tick + 0.26f * (float)m, radius = 2.0f + 0.25f * (float)m;
            calls_stamp begin = calls_begin();
            int result = gs_voice_set_position(driver->rt, driver->movers[m], radius * cosf(angle), 0.0f,
                                               radius * sinf(angle), MOVE_NS / 1e9);
            if (result == GS_OK)
                result = gs_voice_set_velocity(driver->rt, driver->movers[m], -radius * sinf(angle),
                                               0.0f, radius * cosf(angle));
            if (result == GS_OK)
                result = gs_voice_set_gain(driver->rt, driver->movers[m], 0.5f + 0.4f * sinf(angle), MOVE_NS / 1e9);
            calls_end(&driver->start, begin, 1);
            if (result != GS_OK) driver->refused++;
        }
        calls_sleep_until(next);
    }
    return NULL;
}

static int fail(const char *what) {
    fprintf(stderr, "calls_gamesound: %s: %s (%s)\n", what, gs_last_error(), gs_result_name(gs_last_error_code()));
    return 1;
}

static void usage(void) {
    fprintf(stderr, "usage: calls_gamesound ASSETS vorbis|opus|loss|loss-bank|stream-starts|soundtrack|loading|threads|"
                    "threads-quiet|threads-callback|moving|calls [OPUS_LOOP]\n");
    exit(2);
}

int main(int argc, char **argv) {
    if (argc < 3) usage();
    const char *assets = argv[1], *window = argv[2];
    int threads = 1, streams = 1, loss = 0, bank = 0, starts = 0, loads = 0, tracks = 0, callback = 0, moving = 0;
    const char *away = "mediaServices.lose", *back = "mediaServices.reset";
    const char *label = NULL;
    char stream_path[1024], path[1024], load_path[1024];
    snprintf(stream_path, sizeof stream_path, "%s/ambience/wind.ogg", assets);
    if (strcmp(window, "vorbis") == 0) {
        label = "1 thread, Vorbis streams";
    } else if (strcmp(window, "opus") == 0) {
        if (argc < 4) usage();
        snprintf(stream_path, sizeof stream_path, "%s", argv[3]);
        label = "1 thread, Opus short loop";
    } else if (strcmp(window, "loss") == 0) {
        loss = 1;
        label = "1 thread, loss and reset";
    } else if (strcmp(window, "calls") == 0) {
        loss = 1;
        away = "phone.ring";
        back = "phone.decline";
        label = "1 thread, calls declined";
    } else if (strcmp(window, "loss-bank") == 0) {
        loss = bank = 1;
        label = "1 thread, loss and reset, 25 MB bank";
    } else if (strcmp(window, "stream-starts") == 0) {
        starts = 1;
        label = "1 thread, stream starts";
    } else if (strcmp(window, "soundtrack") == 0) {
        tracks = 1;
        label = "1 thread, soundtrack changes";
    } else if (strcmp(window, "loading") == 0) {
        loads = 1;
        label = "1 thread, loading";
    } else if (strcmp(window, "threads") == 0) {
        threads = 4;
        label = "4 threads, Vorbis streams";
    } else if (strcmp(window, "threads-quiet") == 0) {
        threads = 4;
        streams = 0;
        label = "4 threads, quiet";
    } else if (strcmp(window, "threads-callback") == 0) {
        threads = 4;
        streams = 0;
        callback = 1;
        label = "4 threads, an event callback writing a log";
    } else if (strcmp(window, "moving") == 0) {
        streams = 0;
        moving = 1;
        label = "1 thread, 24 sounds moving";
    } else {
        usage();
    }
    calls_settings settings = calls_read_settings();

    gs_config config;
    gs_config_init(&config);
    config.output = GS_OUTPUT_REALTIME;
    config.system = GS_SYSTEM_SIMULATED;
    gs_runtime *rt = gs_runtime_create(&config);
    if (!rt) return fail("gs_runtime_create");
    snprintf(path, sizeof path, "%s/sfx/blip.ogg", assets);
    if (gs_effect_load(rt, "blip", path) != GS_OK) return fail("gs_effect_load");
    FILE *event_log = NULL;
    if (callback) {
        char log_path[] = "/tmp/calls-events-XXXXXX";
        int fd = mkstemp(log_path);
        if (fd < 0 || !(event_log = fdopen(fd, "w"))) return fail("mkstemp");
        unlink(log_path);
        setvbuf(event_log, NULL, _IOLBF, 0);
        if (gs_set_event_callback(rt, log_event, event_log) != GS_OK) return fail("gs_set_event_callback");
    }
    if (bank) {
        snprintf(path, sizeof path, "%s/music/theme.ogg", assets);
        if (gs_effect_load(rt, "theme", path) != GS_OK) return fail("gs_effect_load");
    }
    int64_t stream_ids[STREAMS];
    if (streams) {
        snprintf(path, sizeof path, "%s/music/theme.ogg", assets);
        if (gs_soundtrack_play(rt, path, 1) != GS_OK) return fail("gs_soundtrack_play");
        for (int s = 0; s < STREAMS; s++) {
            stream_ids[s] = gs_stream_play(rt, stream_path, NULL, 1, 0.5f);
            if (stream_ids[s] < 0) return fail("gs_stream_play");
        }
    }

    static game g;
    g.rt = rt;
    g.queries = loads;
    g.stream = streams ? stream_ids[0] : -1;
    for (int t = 0; t < threads; t++) {
        calls_samples_init(&g.play[t], &settings, 1);
        calls_samples_init(&g.stop[t], &settings, 1);
        calls_samples_init(&g.state[t], &settings, 1);
        calls_samples_init(&g.position[t], &settings, 1);
        g.previous[t] = -1;
    }
    static driver other;
    for (int m = 0; m < (moving ? MOVERS : 0); m++) {
        gs_play_options options;
        gs_play_options_init(&options);
        options.loop = 1;
        options.has_position = 1;
        options.x = 2.0f + 0.25f * (float)m;
        other.movers[m] = gs_effect_play_on(rt, "blip", NULL, &options);
        if (other.movers[m] < 0) return fail("gs_effect_play_on (a looping sound in the world)");
    }
    pthread_t other_thread;
    double load_before = calls_load();
    if (loss || starts || loads || tracks || moving) {
        other.rt = rt;
        other.away = away;
        other.back = back;
        other.stream_path = stream_path;
        snprintf(load_path, sizeof load_path, "%s/music/theme.ogg", assets);
        other.load_path = load_path;
        calls_samples_init(&other.lose, &settings, 1);
        calls_samples_init(&other.reset, &settings, 1);
        calls_samples_init(&other.start, &settings, 1);
        calls_samples_init(&other.load, &settings, 1);
        void *(*work)(void *) = loss ? drive_services : starts ? start_streams : tracks ? switch_tracks
                                : moving ? move_sounds : load_sounds;
        if (pthread_create(&other_thread, NULL, work, &other) != 0) return fail("pthread_create");
    }
    calls_run_threads(&settings, threads, game_tick, &g);
    if (loss || starts || loads || tracks || moving) {
        atomic_store(&other.stop, 1);
        pthread_join(other_thread, NULL);
    }
    double load_after = calls_load();

    /* The background must still be playing, or the window measured something else. */
    int streams_playing = 0;
    for (int s = 0; s < (streams ? STREAMS : 0); s++) streams_playing += gs_voice_state(rt, stream_ids[s]) == GS_VOICE_PLAYING;

    calls_samples play, stop;
    calls_samples_init(&play, &settings, threads);
    calls_samples_init(&stop, &settings, threads);
    long played = 0, dropped = 0, failed = 0;
    for (int t = 0; t < threads; t++) {
        calls_merge(&play, &g.play[t]);
        calls_merge(&stop, &g.stop[t]);
        played += g.played[t];
        dropped += g.dropped[t];
        failed += g.failed[t];
    }
    char notes[256];
    snprintf(notes, sizeof notes, "load %.2f → %.2f; %ld played, %ld dropped, %ld failed", load_before, load_after,
             played, dropped, failed);
    calls_goal goal = threads == 1 ? calls_goal_window : calls_goal_threads;
    calls_print_row(label, "`gs_effect_play`", &play, goal, notes);
    if (streams) {
        snprintf(notes, sizeof notes, "%d of %d streams playing at the end", streams_playing, STREAMS);
    } else {
        notes[0] = 0;
    }
    calls_print_row(label, "`gs_voice_stop`", &stop, threads == 1 ? calls_goal_window : calls_goal_none, notes);
    if (loss) {
        snprintf(notes, sizeof notes, "on the driving thread; %ld refused", other.refused);
        char call[64];
        snprintf(call, sizeof call, "`gs_system_action` \"%s\"", away);
        calls_print_row(label, call, &other.lose, calls_goal_none, notes);
        snprintf(call, sizeof call, "`gs_system_action` \"%s\"", back);
        calls_print_row(label, call, &other.reset, calls_goal_none, notes);
    }
    if (starts) {
        snprintf(notes, sizeof notes, "on the starting thread, every 50 ms; %ld failed", other.refused);
        calls_print_row(label, "`gs_stream_play`", &other.start, calls_goal_none, notes);
    }
    if (tracks) {
        snprintf(notes, sizeof notes, "on the switching thread, every 500 ms; %ld failed", other.refused);
        calls_print_row(label, "`gs_soundtrack_play`", &other.start, calls_goal_none, notes);
    }
    if (moving) {
        int moving_playing = 0;
        for (int m = 0; m < MOVERS; m++) moving_playing += gs_voice_state(rt, other.movers[m]) == GS_VOICE_PLAYING;
        snprintf(notes, sizeof notes, "on the moving thread, %d voices every 50 ms; %ld failed; %d of %d playing at the end",
                 MOVERS, other.refused, moving_playing, MOVERS);
        calls_print_row(label, "place, velocity and gain of a voice", &other.start, calls_goal_none, notes);
    }
    if (loads) {
        calls_print_row(label, "`gs_voice_state`", &g.state[0], calls_goal_window, "of the voice just played");
        calls_print_row(label, "`gs_stream_position`", &g.position[0], calls_goal_window, "of a looping stream");
        snprintf(notes, sizeof notes, "on the loading thread, every 200 ms; %ld failed", other.refused);
        calls_print_row(label, "`gs_effect_load` music/theme.ogg", &other.load, calls_goal_none, notes);
    }
    gs_runtime_destroy(rt);
    if (event_log) fclose(event_log);
    return calls_exit_status();
}
