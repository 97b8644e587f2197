/* SPDX-License-Identifier: Zlib */
/*
 * io_buffer_game: a C game that asks for an I/O buffer (gs_config.io_buffer_duration) on the desktop,
 * prints what the session says it was granted, then plays the soundtrack for a while so that
 * Tests/desktop/check-io-buffer.py can compare that with the server's own figures for its stream.
 *
 *     io_buffer_game IO_BUFFER_SECONDS SOUNDTRACK SECONDS
 *
 * Prints "granted RATE SECONDS" (gs_session_io_configuration), then "playing" once the soundtrack
 * started; exits 0 after SECONDS, 1 on a failure (said on stderr).
 */
#define _POSIX_C_SOURCE 200809L
#include <gamesound.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int fail(const char *what) {
    fprintf(stderr, "io_buffer_game: %s: %s (%s)\n", what, gs_last_error(), gs_result_name(gs_last_error_code()));
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s IO_BUFFER_SECONDS SOUNDTRACK SECONDS\n", argv[0]);
        return 2;
    }
    gs_config config;
    gs_config_init(&config);
    config.output = GS_OUTPUT_REALTIME;
    config.system = GS_SYSTEM_DESKTOP;
    config.io_buffer_duration = atof(argv[1]);
    gs_runtime *rt = gs_runtime_create(&config);
    if (!rt) return fail("gs_runtime_create");
    double rate = 0, buffer = 0;
    if (gs_session_io_configuration(rt, &rate, &buffer) != GS_OK) return fail("gs_session_io_configuration");
    printf("granted %.0f %.6f\n", rate, buffer);
    fflush(stdout);
    if (gs_soundtrack_play(rt, argv[2], 1) != GS_OK) return fail("gs_soundtrack_play");
    printf("playing\n");
    fflush(stdout);
    double seconds = atof(argv[3]);
    struct timespec wait = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    nanosleep(&wait, NULL);
    gs_runtime_destroy(rt);
    return 0;
}
