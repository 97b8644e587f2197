/* SPDX-License-Identifier: Zlib */
// libpulse, opened on first use: see CPulse.h.
#include "CPulse.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static gamesound_libpulse_functions functions;
// Written only inside `once`: &functions when every function resolved, else NULL and `failure` says why.
static const gamesound_libpulse_functions *loaded;
static char failure[512];

static void load(void) {
    // RTLD_LOCAL: libpulse's symbols stay out of the process's global scope (OpenAL Soft, which
    // opens libpulse itself for its own PulseAudio backend, gets the same mapping).
    void *library = dlopen(GAMESOUND_LIBPULSE_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
#define GAMESOUND_RESOLVE(name)                                                      \
    functions.name = (__typeof__(functions.name))dlsym(library, #name);              \
    if (functions.name == NULL) {                                                    \
        snprintf(failure, sizeof failure, "%s", dlerror());                          \
        dlclose(library);                                                            \
        return;                                                                      \
    }
    GAMESOUND_LIBPULSE_FUNCTIONS(GAMESOUND_RESOLVE)
#undef GAMESOUND_RESOLVE
    loaded = &functions;
}

const gamesound_libpulse_functions *gamesound_libpulse_load(const char **reason) {
    pthread_once(&once, load);
    if (loaded == NULL) *reason = failure;
    return loaded;
}

const gamesound_libpulse_functions *gamesound_libpulse(void) {
    pthread_once(&once, load);
    if (loaded == NULL) {
        fprintf(stderr, "GameSound: libpulse used although it could not be loaded (%s)\n", failure);
        abort();
    }
    return loaded;
}
