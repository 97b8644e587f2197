/* SPDX-License-Identifier: Zlib */
#ifndef GAMESOUND_COPENAL_SHIM_H
#define GAMESOUND_COPENAL_SHIM_H

// OpenAL Soft's public headers. AL_ALEXT_PROTOTYPES stays undefined on purpose:
// extension functions are loaded at run time through alcGetProcAddress (or
// alGetProcAddress for the al* ones), so the wrappers work (and fail clearly)
// on any OpenAL implementation.
#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>

// Swift cannot call a C function pointer obtained as `void *`; these helpers
// cast the pointer returned by alcGetProcAddress (alGetProcAddress for the al*
// functions of ALC_EXT_EFX) to the extension's typedef and
// call it. Each takes the pointer first, so the Swift side loads it once.

static inline ALCboolean gs_alcSetThreadContext(void *fn, ALCcontext *context) {
    return ((PFNALCSETTHREADCONTEXTPROC)fn)(context);
}

static inline ALCcontext *gs_alcGetThreadContext(void *fn) {
    return ((PFNALCGETTHREADCONTEXTPROC)fn)();
}

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

// ALC_SOFT_HRTF: the list of HRTF sets, and resetting a device with new attributes.

static inline const ALCchar *gs_alcGetStringiSOFT(void *fn, ALCdevice *device, ALCenum parameter, ALCsizei index) {
    return ((LPALCGETSTRINGISOFT)fn)(device, parameter, index);
}

static inline ALCboolean gs_alcResetDeviceSOFT(void *fn, ALCdevice *device, const ALCint *attributes) {
    return ((LPALCRESETDEVICESOFT)fn)(device, attributes);
}

// ALC_SOFT_device_clock: the device's clock, the time of the samples it has mixed, in nanoseconds.
static inline void gs_alcGetInteger64vSOFT(void *fn, ALCdevice *device, ALCenum parameter, ALsizei size, ALCint64SOFT *values) {
    ((LPALCGETINTEGER64VSOFT)fn)(device, parameter, size, values);
}

// ALC_EXT_EFX: effects, auxiliary effect slots and filters, loaded with alGetProcAddress.

static inline void gs_alGenEffects(void *fn, ALsizei count, ALuint *names) {
    ((LPALGENEFFECTS)fn)(count, names);
}

static inline void gs_alDeleteEffects(void *fn, ALsizei count, const ALuint *names) {
    ((LPALDELETEEFFECTS)fn)(count, names);
}

static inline void gs_alEffecti(void *fn, ALuint effect, ALenum parameter, ALint value) {
    ((LPALEFFECTI)fn)(effect, parameter, value);
}

static inline void gs_alEffectf(void *fn, ALuint effect, ALenum parameter, ALfloat value) {
    ((LPALEFFECTF)fn)(effect, parameter, value);
}

static inline void gs_alEffectfv(void *fn, ALuint effect, ALenum parameter, const ALfloat *values) {
    ((LPALEFFECTFV)fn)(effect, parameter, values);
}

static inline void gs_alGenAuxiliaryEffectSlots(void *fn, ALsizei count, ALuint *names) {
    ((LPALGENAUXILIARYEFFECTSLOTS)fn)(count, names);
}

static inline void gs_alDeleteAuxiliaryEffectSlots(void *fn, ALsizei count, const ALuint *names) {
    ((LPALDELETEAUXILIARYEFFECTSLOTS)fn)(count, names);
}

// AL_SOFT_source_latency: a source property as a double (a sample offset with its fraction).
static inline void gs_alSourcedSOFT(void *fn, ALuint source, ALenum parameter, ALdouble value) {
    ((LPALSOURCEDSOFT)fn)(source, parameter, value);
}

static inline void gs_alAuxiliaryEffectSloti(void *fn, ALuint slot, ALenum parameter, ALint value) {
    ((LPALAUXILIARYEFFECTSLOTI)fn)(slot, parameter, value);
}

static inline void gs_alAuxiliaryEffectSlotf(void *fn, ALuint slot, ALenum parameter, ALfloat value) {
    ((LPALAUXILIARYEFFECTSLOTF)fn)(slot, parameter, value);
}

static inline void gs_alGenFilters(void *fn, ALsizei count, ALuint *names) {
    ((LPALGENFILTERS)fn)(count, names);
}

static inline void gs_alDeleteFilters(void *fn, ALsizei count, const ALuint *names) {
    ((LPALDELETEFILTERS)fn)(count, names);
}

static inline void gs_alFilteri(void *fn, ALuint filter, ALenum parameter, ALint value) {
    ((LPALFILTERI)fn)(filter, parameter, value);
}

static inline void gs_alFilterf(void *fn, ALuint filter, ALenum parameter, ALfloat value) {
    ((LPALFILTERF)fn)(filter, parameter, value);
}

#endif
