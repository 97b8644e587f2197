/* SPDX-License-Identifier: Zlib */
// libsystemd's sd-bus, opened on first use, and the MPRIS vtables: see CSDBus.h.
#include "CSDBus.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static gamesound_libsystemd_functions functions;
// What only this file uses: two variadic functions and the vtable format's marker.
static struct {
    __typeof__(sd_bus_reply_method_return) *sd_bus_reply_method_return;
    __typeof__(sd_bus_emit_properties_changed) *sd_bus_emit_properties_changed;
    const unsigned *sd_bus_object_vtable_format;
} own;
// Written only inside `once`: &functions when everything resolved, else NULL and `failure` says why.
static const gamesound_libsystemd_functions *loaded;
static char failure[512];

// SD_BUS_VTABLE_START points at libsystemd's sd_bus_object_vtable_format, a link-time reference
// the library must not have: the vtables start with this instead, and load() fills the pointer in
// (static storage: the union's unused bytes are zero, as sd-bus asks).
#define GAMESOUND_VTABLE_START                                                                   \
    {                                                                                            \
        .type = _SD_BUS_VTABLE_START, .flags = 0,                                                \
        .x = {.start = {.element_size = sizeof(sd_bus_vtable), .features = _SD_BUS_VTABLE_PARAM_NAMES, \
                        .vtable_format_reference = NULL}},                                       \
    }

static int method_trampoline(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    gs_sd_bus_object_handlers *handlers = userdata;
    int result = handlers->method(call, handlers->context, error);
    return result < 0 ? result : own.sd_bus_reply_method_return(call, "");
}

static int property_trampoline(sd_bus *bus, const char *path, const char *interface, const char *property,
                               sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus;
    (void)path;
    gs_sd_bus_object_handlers *handlers = userdata;
    return handlers->property(interface, property, reply, handlers->context, error);
}

// One vtable entry: a method or a property, each served through the trampolines above.
#define GS_SD_BUS_METHOD(name, signature) SD_BUS_METHOD(name, signature, "", method_trampoline, 0)
#define GS_SD_BUS_PROPERTY(name, signature, flags) SD_BUS_PROPERTY(name, signature, property_trampoline, 0, flags)
#define GS_SD_BUS_CONST(name, signature) GS_SD_BUS_PROPERTY(name, signature, SD_BUS_VTABLE_PROPERTY_CONST)

static sd_bus_vtable root_vtable[] = {
    GAMESOUND_VTABLE_START,
    GS_SD_BUS_METHOD("Raise", ""),
    GS_SD_BUS_METHOD("Quit", ""),
    GS_SD_BUS_CONST("CanQuit", "b"),
    GS_SD_BUS_CONST("CanRaise", "b"),
    GS_SD_BUS_CONST("HasTrackList", "b"),
    GS_SD_BUS_CONST("Identity", "s"),
    GS_SD_BUS_CONST("SupportedUriSchemes", "as"),
    GS_SD_BUS_CONST("SupportedMimeTypes", "as"),
    SD_BUS_VTABLE_END
};

static sd_bus_vtable player_vtable[] = {
    GAMESOUND_VTABLE_START,
    GS_SD_BUS_METHOD("Next", ""),
    GS_SD_BUS_METHOD("Previous", ""),
    GS_SD_BUS_METHOD("Pause", ""),
    GS_SD_BUS_METHOD("PlayPause", ""),
    GS_SD_BUS_METHOD("Stop", ""),
    GS_SD_BUS_METHOD("Play", ""),
    GS_SD_BUS_METHOD("Seek", "x"),
    GS_SD_BUS_METHOD("SetPosition", "ox"),
    GS_SD_BUS_METHOD("OpenUri", "s"),
    GS_SD_BUS_PROPERTY("PlaybackStatus", "s", SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    GS_SD_BUS_PROPERTY("Metadata", "a{sv}", SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    GS_SD_BUS_CONST("Rate", "d"),
    GS_SD_BUS_CONST("MinimumRate", "d"),
    GS_SD_BUS_CONST("MaximumRate", "d"),
    GS_SD_BUS_CONST("Volume", "d"),
    GS_SD_BUS_PROPERTY("Position", "x", 0),
    GS_SD_BUS_CONST("CanGoNext", "b"),
    GS_SD_BUS_CONST("CanGoPrevious", "b"),
    GS_SD_BUS_CONST("CanPlay", "b"),
    GS_SD_BUS_CONST("CanPause", "b"),
    GS_SD_BUS_CONST("CanSeek", "b"),
    GS_SD_BUS_CONST("CanControl", "b"),
    SD_BUS_VTABLE_END
};

static void load(void) {
    // RTLD_LOCAL: libsystemd's symbols stay out of the process's global scope.
    void *library = dlopen(GAMESOUND_LIBSYSTEMD_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
#define GAMESOUND_RESOLVE(table, name)                                    \
    table.name = (__typeof__(table.name))dlsym(library, #name);           \
    if (table.name == NULL) {                                             \
        snprintf(failure, sizeof failure, "%s", dlerror());               \
        dlclose(library);                                                 \
        return;                                                           \
    }
#define GAMESOUND_RESOLVE_FUNCTION(name) GAMESOUND_RESOLVE(functions, name)
    GAMESOUND_LIBSYSTEMD_FUNCTIONS(GAMESOUND_RESOLVE_FUNCTION)
    GAMESOUND_RESOLVE(own, sd_bus_reply_method_return)
    GAMESOUND_RESOLVE(own, sd_bus_emit_properties_changed)
    GAMESOUND_RESOLVE(own, sd_bus_object_vtable_format)
#undef GAMESOUND_RESOLVE_FUNCTION
#undef GAMESOUND_RESOLVE
    root_vtable[0].x.start.vtable_format_reference = own.sd_bus_object_vtable_format;
    player_vtable[0].x.start.vtable_format_reference = own.sd_bus_object_vtable_format;
    loaded = &functions;
}

const gamesound_libsystemd_functions *gamesound_libsystemd_load(const char **reason) {
    pthread_once(&once, load);
    if (loaded == NULL) *reason = failure;
    return loaded;
}

const gamesound_libsystemd_functions *gamesound_libsystemd(void) {
    pthread_once(&once, load);
    if (loaded == NULL) {
        fprintf(stderr, "GameSound: libsystemd used although it could not be loaded (%s)\n", failure);
        abort();
    }
    return loaded;
}

const sd_bus_vtable *gamesound_mpris_root_vtable(void) {
    gamesound_libsystemd();
    return root_vtable;
}

const sd_bus_vtable *gamesound_mpris_player_vtable(void) {
    gamesound_libsystemd();
    return player_vtable;
}

int gamesound_sd_bus_emit_property_changed(sd_bus *bus, const char *path, const char *interface,
                                           const char *property) {
    gamesound_libsystemd();
    return own.sd_bus_emit_properties_changed(bus, path, interface, property, NULL);
}
