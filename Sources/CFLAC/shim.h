/* SPDX-License-Identifier: Zlib */
#ifndef GAMESOUND_CFLAC_SHIM_H
#define GAMESOUND_CFLAC_SHIM_H

// libFLAC's stream decoder (native FLAC files), read through our own callbacks.
#include <FLAC/stream_decoder.h>

#endif
