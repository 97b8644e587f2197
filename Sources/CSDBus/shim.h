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

#endif
