#ifndef GAMESOUND_CSDBUS_SHIM_H
#define GAMESOUND_CSDBUS_SHIM_H

// sd-bus, systemd's D-Bus client (libsystemd): the session bus for MPRIS players and the system
// bus for logind. Only its non-variadic calls are used; Swift cannot call the variadic ones.
#include <systemd/sd-bus.h>
#include <sys/eventfd.h>
#include <poll.h>

// SD_BUS_ERROR_NULL is a macro initializer Swift does not import.
static inline sd_bus_error gs_sd_bus_error_null(void) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    return error;
}

// An object served on the bus (the game's MPRIS player). sd-bus describes an object's interface
// with a vtable built by the SD_BUS_* macros, which Swift cannot import, and calls C functions from
// it. So the vtables are here, and every entry calls one of two trampolines that hand over to the
// Swift functions in a gs_sd_bus_object_handlers, the vtable's userdata.

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

static inline int gs_sd_bus_method_trampoline(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    gs_sd_bus_object_handlers *handlers = userdata;
    int result = handlers->method(call, handlers->context, error);
    return result < 0 ? result : sd_bus_reply_method_return(call, "");
}

static inline int gs_sd_bus_property_trampoline(sd_bus *bus, const char *path, const char *interface,
                                                const char *property, sd_bus_message *reply, void *userdata,
                                                sd_bus_error *error) {
    (void)bus;
    (void)path;
    gs_sd_bus_object_handlers *handlers = userdata;
    return handlers->property(interface, property, reply, handlers->context, error);
}

// One vtable entry: a method or a property, each served through the trampolines above.
#define GS_SD_BUS_METHOD(name, signature) SD_BUS_METHOD(name, signature, "", gs_sd_bus_method_trampoline, 0)
#define GS_SD_BUS_PROPERTY(name, signature, flags) \
    SD_BUS_PROPERTY(name, signature, gs_sd_bus_property_trampoline, 0, flags)
#define GS_SD_BUS_CONST(name, signature) GS_SD_BUS_PROPERTY(name, signature, SD_BUS_VTABLE_PROPERTY_CONST)

// org.mpris.MediaPlayer2: the player as an application.
static inline const sd_bus_vtable *gs_mpris_root_vtable(void) {
    static const sd_bus_vtable vtable[] = {
        SD_BUS_VTABLE_START(0),
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
    return vtable;
}

// org.mpris.MediaPlayer2.Player: what plays, and the transport controls. PlaybackStatus and
// Metadata change (PropertiesChanged is emitted for them); Position is read on demand.
static inline const sd_bus_vtable *gs_mpris_player_vtable(void) {
    static const sd_bus_vtable vtable[] = {
        SD_BUS_VTABLE_START(0),
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
    return vtable;
}

// sd_bus_emit_properties_changed is variadic: one property at a time.
static inline int gs_sd_bus_emit_property_changed(sd_bus *bus, const char *path, const char *interface,
                                                  const char *property) {
    return sd_bus_emit_properties_changed(bus, path, interface, property, NULL);
}

#endif
