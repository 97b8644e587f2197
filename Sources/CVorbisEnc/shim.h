/* SPDX-License-Identifier: Zlib */
#ifndef GAMESOUND_CVORBISENC_SHIM_H
#define GAMESOUND_CVORBISENC_SHIM_H

// libvorbisenc, for the encoder that tests, benchmarks and the asset tool use. Kept apart from
// CVorbis (decoding) so that the runtime, and the shipped library, never link the encoder.
#include <vorbis/codec.h>
#include <vorbis/vorbisenc.h>

#endif
