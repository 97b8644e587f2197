/* SPDX-License-Identifier: Zlib */
#ifndef GAMESOUND_CVORBIS_SHIM_H
#define GAMESOUND_CVORBIS_SHIM_H

// libvorbisfile for decoding (the encoder has its own module, CVorbisEnc).
// The static default callbacks in vorbisfile.h are unused here (we pass our own).
#define OV_EXCLUDE_STATIC_CALLBACKS 1
#include <vorbis/codec.h>
#include <vorbis/vorbisfile.h>

#endif
