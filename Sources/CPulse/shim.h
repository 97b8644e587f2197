#ifndef GAMESOUND_CPULSE_SHIM_H
#define GAMESOUND_CPULSE_SHIM_H

// libpulse's asynchronous API: the threaded main loop, the context, introspection and
// subscriptions. PipeWire's pulse server speaks the same protocol, so this covers both.
#include <pulse/pulseaudio.h>

// PA_SUBSCRIPTION_EVENT_TYPE_MASK and friends are enum values Swift imports, but the
// facility/type split is a bit mask; these helpers keep the masking in one place.
static inline unsigned gs_pa_event_facility(pa_subscription_event_type_t t) {
    return (unsigned)(t & PA_SUBSCRIPTION_EVENT_FACILITY_MASK);
}

static inline unsigned gs_pa_event_type(pa_subscription_event_type_t t) {
    return (unsigned)(t & PA_SUBSCRIPTION_EVENT_TYPE_MASK);
}

#endif
