/* SPDX-License-Identifier: Zlib */
#include "malloc_stats.h"

#include <malloc.h>

size_t gs_malloc_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
