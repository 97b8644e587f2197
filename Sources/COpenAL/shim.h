#ifndef GAMESOUND_COPENAL_SHIM_H
#define GAMESOUND_COPENAL_SHIM_H

// OpenAL Soft's public headers. AL_ALEXT_PROTOTYPES stays undefined on purpose:
// extension functions are loaded at run time through alcGetProcAddress, so the
// wrappers work (and fail clearly) on any OpenAL implementation.
#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>

// Swift cannot call a C function pointer obtained as `void *`; these helpers
// cast the pointer returned by alcGetProcAddress to the extension's typedef and
// call it. Each takes the pointer first, so the Swift side loads it once.

static inline ALCdevice *gs_alcLoopbackOpenDeviceSOFT(void *fn, const ALCchar *name) {
    return ((LPALCLOOPBACKOPENDEVICESOFT)fn)(name);
}

static inline ALCboolean gs_alcIsRenderFormatSupportedSOFT(void *fn, ALCdevice *device, ALCsizei freq,
                                                           ALCenum channels, ALCenum type) {
    return ((LPALCISRENDERFORMATSUPPORTEDSOFT)fn)(device, freq, channels, type);
}

static inline void gs_alcRenderSamplesSOFT(void *fn, ALCdevice *device, ALCvoid *buffer, ALCsizei samples) {
    ((LPALCRENDERSAMPLESSOFT)fn)(device, buffer, samples);
}

static inline void gs_alcDevicePauseSOFT(void *fn, ALCdevice *device) {
    ((LPALCDEVICEPAUSESOFT)fn)(device);
}

static inline void gs_alcDeviceResumeSOFT(void *fn, ALCdevice *device) {
    ((LPALCDEVICERESUMESOFT)fn)(device);
}

#endif
