/* SPDX-License-Identifier: Zlib */
#ifndef GAMESOUND_COPUSFILE_SHIM_H
#define GAMESOUND_COPUSFILE_SHIM_H

// libopusfile: Ogg Opus decoding, seeking and tags. Its pkg-config flags put /usr/include/opus on
// the include path, where opusfile.h and the libopus headers it includes live. Only op_* functions
// are called, so only libopusfile is linked (it brings libopus and libogg itself).
#include <opusfile.h>

#endif
