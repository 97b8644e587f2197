/* SPDX-License-Identifier: Zlib */
// What the C allocator holds, for the endurance tests (Tests/ReliabilityTests). glibc's
// `mallinfo2` is declared in <malloc.h>, which Swift's Glibc module does not bring in.
#ifndef GAMESOUND_MALLOC_STATS_H
#define GAMESOUND_MALLOC_STATS_H

#include <stddef.h>

/// Bytes the program holds from malloc right now, in every arena and in mmapped blocks
/// (`uordblks + hblkhd` of glibc's mallinfo2). Unlike resident memory, it falls as soon as memory
/// is freed and rises with every byte kept, so a slow leak shows in it at once.
size_t gs_malloc_bytes_in_use(void);

#endif
