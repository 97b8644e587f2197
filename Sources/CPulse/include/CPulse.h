/* SPDX-License-Identifier: Zlib */
#ifndef GAMESOUND_CPULSE_H
#define GAMESOUND_CPULSE_H

// libpulse's asynchronous API: the threaded main loop, the context, introspection,
// subscriptions and a playback stream (the OpenAL module's server output). PipeWire's pulse
// server speaks the same protocol, so this covers both.
//
// Only libpulse's headers are used here, for its types: the library itself is opened with dlopen
// the first time the desktop is probed (gamesound_libpulse_load), so a game that never probes
// the desktop (headless, the simulated system, an offline render) never maps libpulse and the
// libraries it brings (libpulsecommon, libdbus, libsndfile and its codecs, libsystemd...).
#include <pulse/pulseaudio.h>

// The soname opened: the ABI the headers describe.
#define GAMESOUND_LIBPULSE_SONAME "libpulse.so.0"

// Every libpulse function GameSound calls, each resolved once with dlsym into the table below.
#define GAMESOUND_LIBPULSE_FUNCTIONS(F) \
    F(pa_context_connect) \
    F(pa_context_disconnect) \
    F(pa_context_errno) \
    F(pa_context_get_server_info) \
    F(pa_context_get_sink_info_by_index) \
    F(pa_context_get_sink_info_list) \
    F(pa_context_get_sink_input_info) \
    F(pa_context_get_sink_input_info_list) \
    F(pa_context_get_state) \
    F(pa_context_new) \
    F(pa_context_set_state_callback) \
    F(pa_context_set_subscribe_callback) \
    F(pa_context_subscribe) \
    F(pa_context_unref) \
    F(pa_cvolume_avg) \
    F(pa_gettimeofday) \
    F(pa_operation_unref) \
    F(pa_proplist_gets) \
    F(pa_stream_begin_write) \
    F(pa_stream_connect_playback) \
    F(pa_stream_cork) \
    F(pa_stream_disconnect) \
    F(pa_stream_get_buffer_attr) \
    F(pa_stream_get_state) \
    F(pa_stream_new) \
    F(pa_stream_set_state_callback) \
    F(pa_stream_set_write_callback) \
    F(pa_stream_unref) \
    F(pa_stream_write) \
    F(pa_strerror) \
    F(pa_threaded_mainloop_free) \
    F(pa_threaded_mainloop_get_api) \
    F(pa_threaded_mainloop_in_thread) \
    F(pa_threaded_mainloop_lock) \
    F(pa_threaded_mainloop_new) \
    F(pa_threaded_mainloop_signal) \
    F(pa_threaded_mainloop_start) \
    F(pa_threaded_mainloop_stop) \
    F(pa_threaded_mainloop_unlock) \
    F(pa_threaded_mainloop_wait) \
    F(pa_timeval_add)

#pragma clang assume_nonnull begin

// libpulse's functions, one field per function, named and typed as the function itself (its
// declaration's type, from the header), so a call reads `libpulse.pa_context_new(api, name)`.
typedef struct gamesound_libpulse_functions {
#define GAMESOUND_LIBPULSE_FIELD(name) __typeof__(name) *name;
    GAMESOUND_LIBPULSE_FUNCTIONS(GAMESOUND_LIBPULSE_FIELD)
#undef GAMESOUND_LIBPULSE_FIELD
} gamesound_libpulse_functions;

// Opens libpulse.so.0 and resolves every function of the table, once per process (the first
// call does it, under pthread_once; every later call, from any thread, returns what it found).
// Returns the table, or NULL with *reason set to a sentence naming the library and what failed
// (dlerror's message: the file missing, or the function it lacks); the sentence lives as long as the process.
const gamesound_libpulse_functions *_Nullable gamesound_libpulse_load(const char *_Nullable *_Nonnull reason);

// The table, for code that runs only after gamesound_libpulse_load succeeded; aborts otherwise.
const gamesound_libpulse_functions *gamesound_libpulse(void);

#pragma clang assume_nonnull end

// PA_SUBSCRIPTION_EVENT_TYPE_MASK and friends are enum values Swift imports, but the
// facility/type split is a bit mask; these helpers keep the masking in one place.
static inline unsigned gs_pa_event_facility(pa_subscription_event_type_t t) {
    return (unsigned)(t & PA_SUBSCRIPTION_EVENT_FACILITY_MASK);
}

static inline unsigned gs_pa_event_type(pa_subscription_event_type_t t) {
    return (unsigned)(t & PA_SUBSCRIPTION_EVENT_TYPE_MASK);
}

#endif
