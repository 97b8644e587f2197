/* SPDX-License-Identifier: Zlib */
/*
 * A C game on the real desktop, built from the SDK like any game: gs_config_init and nothing else,
 * so the output is real time and the system is GS_SYSTEM_AUTO. Tests/desktop/check-c-game.py runs
 * it against a private PulseAudio and a private PipeWire and listens to the sink's monitor.
 *
 * Usage: desktop_game SOUNDTRACK.ogg [POLICY]
 * POLICY is a GS_POLICY_ number (the default policy without it).
 * Prints, one per line (flushed): "log CODE MESSAGE" for every log message (gs_set_log_handler), "status system=N category=NAME active=N interrupted=N other=N
 * hint=N silenced=N" every 100 ms, "event NAME DETAILS" for every event, and "result CODE" for
 * each command read from standard input: "action NAME" (gs_system_action), "nowplaying TITLE"
 * (gs_now_playing_set; "nowplaying" alone withdraws it) or "quit".
 */
#define _POSIX_C_SOURCE 200809L
#include <gamesound.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void print_event(const char *name, int64_t frame, const char *details, void *user_data) {
    (void)frame;
    (void)user_data;
    printf("event %s %s\n", name, details);
    fflush(stdout);
}

static void print_log(int level, const char *code, const char *message, void *user_data) {
    (void)level;
    (void)user_data;
    printf("log %s %s\n", code, message);
    fflush(stdout);
}

static void print_status(gs_runtime *rt) {
    printf("status system=%d category=%s active=%d interrupted=%d other=%d hint=%d silenced=%d\n",
           gs_system_kind(rt), gs_session_category(rt), gs_session_is_active(rt), gs_session_is_interrupted(rt),
           gs_session_other_audio_playing(rt), gs_session_secondary_hint(rt), gs_output_is_silenced(rt));
    fflush(stdout);
}

/* Handles one command line; returns 0 for "quit". */
static int handle(gs_runtime *rt, char *line) {
    line[strcspn(line, "\n")] = '\0';
    if (strcmp(line, "quit") == 0) return 0;
    if (strncmp(line, "action ", 7) == 0) {
        printf("result %d\n", gs_system_action(rt, line + 7));
    } else if (strcmp(line, "nowplaying") == 0) {
        printf("result %d\n", gs_now_playing_set(rt, NULL));
    } else if (strncmp(line, "nowplaying ", 11) == 0) {
        printf("result %d\n", gs_now_playing_set(rt, line + 11));
    } else {
        printf("result unknown command: %s\n", line);
    }
    fflush(stdout);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: desktop_game SOUNDTRACK.ogg [POLICY]\n");
        return 64;
    }
    gs_set_log_handler(print_log, NULL, 0);
    gs_config config;
    gs_config_init(&config);
    if (argc == 3) config.policy = (int32_t)strtol(argv[2], NULL, 10);
    gs_runtime *rt = gs_runtime_create(&config);
    if (!rt) {
        printf("failed %s\n", gs_last_error());
        return 1;
    }
    gs_set_event_callback(rt, print_event, NULL);
    if (gs_soundtrack_play(rt, argv[1], 1) != GS_OK) {
        printf("failed %s\n", gs_last_error());
        gs_runtime_destroy(rt);
        return 1;
    }
    char line[256];
    int running = 1;
    while (running) {
        print_status(rt);
        struct pollfd input = {.fd = STDIN_FILENO, .events = POLLIN};
        if (poll(&input, 1, 100) > 0) {
            running = fgets(line, sizeof line, stdin) != NULL && handle(rt, line);
        }
    }
    gs_runtime_destroy(rt);
    return 0;
}
