/* SPDX-License-Identifier: Zlib */
#ifndef GAMESOUND_CSDBUS_H
#define GAMESOUND_CSDBUS_H

// sd-bus, systemd's D-Bus client (libsystemd): the session bus for MPRIS players and the system
// bus for logind. Only its non-variadic calls are used from Swift; Swift cannot call the variadic ones.
//
// Only libsystemd's headers are used here, for its types: the library itself is opened with
// dlopen the first time a bus is opened (gamesound_libsystemd_load), so a game that never reaches
// the desktop never maps libsystemd.
#include <systemd/sd-bus.h>
#include <sys/eventfd.h>
#include <poll.h>

// The loader: libsystemd opened with dlopen, its functions in a table. A header of its own since its
// declarations carry nullability (the table's fields are never NULL) and the ones below do not, as
// clang wants each header all or nothing.
#include "LibSystemd.h"
#include "AuthRelay.h"

// SD_BUS_ERROR_NULL is a macro initializer Swift does not import.
static inline sd_bus_error gs_sd_bus_error_null(void) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    return error;
}

// An object served on the bus (the game's MPRIS player). sd-bus describes an object's interface
// with a vtable built by the SD_BUS_* macros, which Swift cannot import, and calls C functions from
// it. So the vtables are in libsystemd.c, and every entry calls one of two trampolines that hand over
// to the Swift functions in a gs_sd_bus_object_handlers, the vtable's userdata.

// What a served object's vtable calls. `context` is the Swift side's, passed back unchanged.
typedef struct gs_sd_bus_object_handlers {
    // A method was called: its name is sd_bus_message_get_member(call). Returns < 0 to fail the call
    // (with `error` set), else the trampoline sends the empty reply.
    int (*method)(sd_bus_message *call, void *context, sd_bus_error *error);
    // A property is read: append its value (of the vtable's signature) to `reply`.
    int (*property)(const char *interface, const char *property, sd_bus_message *reply, void *context,
                    sd_bus_error *error);
    void *context;
} gs_sd_bus_object_handlers;

// org.mpris.MediaPlayer2: the player as an application. Only after gamesound_libsystemd_load
// succeeded (its first entry points into libsystemd).
const sd_bus_vtable *gamesound_mpris_root_vtable(void);

// org.mpris.MediaPlayer2.Player: what plays, and the transport controls. PlaybackStatus and
// Metadata change (PropertiesChanged is emitted for them); Position is read on demand. Only after
// gamesound_libsystemd_load succeeded.
const sd_bus_vtable *gamesound_mpris_player_vtable(void);

// sd_bus_emit_properties_changed is variadic: one property at a time.
int gamesound_sd_bus_emit_property_changed(sd_bus *bus, const char *path, const char *interface,
                                           const char *property);

#endif
