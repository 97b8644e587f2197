/* SPDX-License-Identifier: Zlib */
#ifndef GAMESOUND_LIBSYSTEMD_H
#define GAMESOUND_LIBSYSTEMD_H

// libsystemd's sd-bus, opened with dlopen the first time a bus is opened (gamesound_libsystemd_load)
// rather than linked, so a game that never reaches the desktop never maps libsystemd. Its headers
// give the types.
#include <systemd/sd-bus.h>

// The soname opened: the ABI the headers describe.
#define GAMESOUND_LIBSYSTEMD_SONAME "libsystemd.so.0"

// Every sd-bus function the Swift side calls, each resolved once with dlsym into the table below.
// (The C side below also resolves sd_bus_reply_method_return, sd_bus_emit_properties_changed and
// sd_bus_object_vtable_format, which Swift does not use.)
#define GAMESOUND_LIBSYSTEMD_FUNCTIONS(F) \
    F(sd_bus_add_match) \
    F(sd_bus_add_object_vtable) \
    F(sd_bus_call) \
    F(sd_bus_error_free) \
    F(sd_bus_flush_close_unref) \
    F(sd_bus_get_events) \
    F(sd_bus_get_fd) \
    F(sd_bus_get_timeout) \
    F(sd_bus_get_unique_name) \
    F(sd_bus_message_append_basic) \
    F(sd_bus_message_at_end) \
    F(sd_bus_message_close_container) \
    F(sd_bus_message_enter_container) \
    F(sd_bus_message_exit_container) \
    F(sd_bus_message_get_cookie) \
    F(sd_bus_message_get_member) \
    F(sd_bus_message_get_sender) \
    F(sd_bus_message_new_method_call) \
    F(sd_bus_message_open_container) \
    F(sd_bus_message_peek_type) \
    F(sd_bus_message_read_basic) \
    F(sd_bus_message_ref) \
    F(sd_bus_message_skip) \
    F(sd_bus_message_unref) \
    F(sd_bus_negotiate_fds) \
    F(sd_bus_new) \
    F(sd_bus_open_system) \
    F(sd_bus_open_user) \
    F(sd_bus_process) \
    F(sd_bus_release_name) \
    F(sd_bus_request_name) \
    F(sd_bus_set_bus_client) \
    F(sd_bus_set_fd) \
    F(sd_bus_slot_unref) \
    F(sd_bus_start)

#pragma clang assume_nonnull begin

// libsystemd's sd-bus functions, one field per function, named and typed as the function itself
// (its declaration's type, from the header), so a call reads `libsystemd.sd_bus_open_user(&bus)`.
typedef struct gamesound_libsystemd_functions {
#define GAMESOUND_LIBSYSTEMD_FIELD(name) __typeof__(name) *name;
    GAMESOUND_LIBSYSTEMD_FUNCTIONS(GAMESOUND_LIBSYSTEMD_FIELD)
#undef GAMESOUND_LIBSYSTEMD_FIELD
} gamesound_libsystemd_functions;

// Opens libsystemd.so.0 and resolves every function of the table (and the C side's own), once
// per process (the first call does it, under pthread_once; every later call, from any thread,
// returns what it found). Returns the table, or NULL with *reason set to a sentence naming the
// library and what failed (dlerror's message); the sentence lives as long as the process.
const gamesound_libsystemd_functions *_Nullable gamesound_libsystemd_load(const char *_Nullable *_Nonnull reason);

// The table, for code that runs only after gamesound_libsystemd_load succeeded; aborts otherwise.
const gamesound_libsystemd_functions *gamesound_libsystemd(void);

#pragma clang assume_nonnull end

#endif
