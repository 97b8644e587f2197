/* SPDX-License-Identifier: Zlib */
/* Whether libgamesound maps the desktop's libraries only when the desktop is used (issue 29):
 * libpulse and libsystemd are opened with dlopen on the first desktop probe, not linked. The
 * program reads its own /proc/self/maps. Built against the SDK like any game.
 *
 * Usage: lazy_desktop MODE EFFECT.ogg [CLIENT.CONF]
 *   never:   runtimes that never probe the desktop (GS_SYSTEM_SIMULATED in real time, run with
 *            ALSOFT_DRIVERS=null; GS_SYSTEM_AUTO headless), each playing EFFECT: afterwards neither
 *            libpulse nor libsystemd may be mapped.
 *   noserver: run where no sound server can exist (no PULSE_SERVER or DISPLAY, an empty runtime
 *            folder, no server in any client.conf; the caller arranges it) with ALSOFT_DRIVERS=null:
 *            a real-time GS_SYSTEM_AUTO runtime plays on the simulated system without mapping
 *            libpulse (issue 39). Then, with PULSE_CLIENTCONFIG naming a client.conf (argument 3)
 *            whose default-server does not answer, the next one probes it (libpulse is mapped) and
 *            falls back the same way.
 *   identity: (issue 39) a real-time GS_SYSTEM_AUTO runtime with gs_config.app_name and
 *            app_icon_name set, on a sound server with ALSOFT_DRIVERS=pulse: `pactl list sink-inputs`
 *            must show its stream with that name, and that icon unless the caller's
 *            environment named one (PULSE_PROP_application.icon_name: then that one), and its
 *            media.role is game (GameSound's server output; not with GAMESOUND_SERVER_OUTPUT=0,
 *            where OpenAL Soft 1.19.1's stream blanks it).
 *   desktop: a GS_SYSTEM_DESKTOP runtime (a sound server must answer): both are mapped then.
 *   missing: libpulse.so.0 cannot be loaded (the caller hides it): GS_SYSTEM_DESKTOP fails with
 *            GS_ERR_NO_SERVER and an error naming libpulse.so.0; GS_SYSTEM_AUTO in real time falls
 *            back to the simulated system.
 * Prints one line per check and exits 0 when all pass. */
#define _POSIX_C_SOURCE 200809L
#include <gamesound.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void expect(int condition, const char *what) {
    printf("%s: %s\n", condition ? "ok" : "FAILED", what);
    if (!condition) failures++;
}

/* Whether a file whose name starts with `prefix` (say "libpulse.so") is mapped into the process. */
static int mapped(const char *prefix) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) { perror("/proc/self/maps"); return -1; }
    char line[4096];
    int found = 0;
    while (!found && fgets(line, sizeof line, maps)) {
        const char *slash = strrchr(line, '/');
        if (slash && strncmp(slash + 1, prefix, strlen(prefix)) == 0) {
            printf("  mapped: %s", strchr(line, '/'));
            found = 1;
        }
    }
    fclose(maps);
    return found;
}

/* Creates a runtime, plays the effect (headless: renders it), destroys it. Returns the system kind, or -1. */
static int run(int output, int system, const char *effect, const char *label) {
    gs_config config;
    gs_config_init(&config);
    config.output = output;
    config.system = system;
    gs_runtime *rt = gs_runtime_create(&config);
    if (!rt) {
        printf("  %s: no runtime: %s\n", label, gs_last_error());
        return -1;
    }
    int kind = gs_system_kind(rt);
    if (gs_effect_load(rt, "shot", effect) != GS_OK || gs_effect_play(rt, "shot", 1, 1, 0) < 0) {
        printf("  %s: %s\n", label, gs_last_error());
        failures++;
    }
    if (output == GS_OUTPUT_HEADLESS) {
        static short buffer[4800 * 2];
        gs_render(rt, buffer, 4800);
    }
    gs_runtime_destroy(rt);
    return kind;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: lazy_desktop never|noserver|identity|desktop|missing EFFECT.ogg [CLIENT.CONF]\n"); return 64; }
    const char *mode = argv[1], *effect = argv[2];
    if (strcmp(mode, "never") == 0) {
        expect(mapped("libpulse.so") == 0 && mapped("libsystemd.so") == 0, "neither libpulse nor libsystemd is mapped at start");
        expect(run(GS_OUTPUT_REALTIME, GS_SYSTEM_SIMULATED, effect, "simulated") == GS_SYSTEM_SIMULATED,
               "a real-time GS_SYSTEM_SIMULATED runtime plays");
        expect(run(GS_OUTPUT_HEADLESS, GS_SYSTEM_AUTO, effect, "headless") == GS_SYSTEM_SIMULATED,
               "a headless GS_SYSTEM_AUTO runtime renders, on the simulated system");
        expect(mapped("libpulse.so") == 0, "libpulse is still not mapped");
        expect(mapped("libsystemd.so") == 0, "libsystemd is still not mapped");
    } else if (strcmp(mode, "noserver") == 0) {
        if (argc != 4) { fprintf(stderr, "lazy_desktop noserver needs a client.conf\n"); return 64; }
        expect(run(GS_OUTPUT_REALTIME, GS_SYSTEM_AUTO, effect, "auto") == GS_SYSTEM_SIMULATED,
               "a real-time GS_SYSTEM_AUTO runtime with no server possible plays on the simulated system");
        expect(mapped("libpulse.so") == 0, "libpulse is not mapped: no server could exist, nothing was probed");
        setenv("PULSE_CLIENTCONFIG", argv[3], 1);
        expect(run(GS_OUTPUT_REALTIME, GS_SYSTEM_AUTO, effect, "auto, client.conf") == GS_SYSTEM_SIMULATED,
               "with a default-server in client.conf that does not answer, GS_SYSTEM_AUTO falls back too");
        expect(mapped("libpulse.so") == 1, "libpulse is mapped then: the server client.conf names was probed");
    } else if (strcmp(mode, "identity") == 0) {
        const char *players_icon = getenv("PULSE_PROP_application.icon_name");
        char want_name[128], want_icon[128];
        snprintf(want_name, sizeof want_name, "application.name = \"%s\"", "GameSound Identity Test");
        snprintf(want_icon, sizeof want_icon, "application.icon_name = \"%s\"", players_icon ? players_icon : "gamesound-identity");
        gs_config config;
        gs_config_init(&config);
        config.app_name = "GameSound Identity Test";
        config.app_icon_name = "gamesound-identity";
        gs_runtime *rt = gs_runtime_create(&config);
        if (!rt) printf("  %s\n", gs_last_error());
        expect(rt && gs_system_kind(rt) == GS_SYSTEM_DESKTOP, "a GS_SYSTEM_AUTO runtime with app_name starts on the sound server");
        int name = 0, icon = 0, role = 0, inputs = 0;
        FILE *pactl = popen("pactl list sink-inputs", "r");
        char line[1024];
        while (pactl && fgets(line, sizeof line, pactl)) {
            if (strncmp(line, "Sink Input #", 12) == 0) inputs++;
            if (strstr(line, want_name)) name = 1;
            if (strstr(line, want_icon)) icon = 1;
            if (strstr(line, "media.role = \"game\"")) role = 1;
            if (strstr(line, "media.role =") || strstr(line, "application.name =") || strstr(line, "application.icon_name ="))
                printf("  %s", line);
        }
        if (pactl) pclose(pactl);
        expect(inputs >= 1, "pactl lists a sink input");
        expect(name, want_name);
        expect(icon, want_icon);
        /* GameSound's server output (the default) makes the stream itself, without the empty role
         * OpenAL Soft 1.19.1 puts on its own; GAMESOUND_SERVER_OUTPUT=0 gives OpenAL Soft's stream. */
        const char *declined = getenv("GAMESOUND_SERVER_OUTPUT");
        if (declined && strcmp(declined, "0") == 0) {
            expect(!role, "on OpenAL Soft's own output the stream's role is not game (it blanks it)");
        } else {
            expect(role, "media.role = \"game\"");
        }
        if (rt) gs_runtime_destroy(rt);
    } else if (strcmp(mode, "desktop") == 0) {
        expect(mapped("libpulse.so") == 0, "libpulse is not mapped before the desktop is probed");
        gs_config config;
        gs_config_init(&config);
        config.system = GS_SYSTEM_DESKTOP;
        gs_runtime *rt = gs_runtime_create(&config);
        if (!rt) printf("  %s\n", gs_last_error());
        expect(rt && gs_system_kind(rt) == GS_SYSTEM_DESKTOP, "a GS_SYSTEM_DESKTOP runtime starts on the sound server");
        expect(mapped("libpulse.so") == 1, "libpulse is mapped once the desktop is used");
        expect(mapped("libsystemd.so") == 1, "libsystemd is mapped once the desktop is used");
        if (rt) gs_runtime_destroy(rt);
    } else if (strcmp(mode, "missing") == 0) {
        gs_config config;
        gs_config_init(&config);
        config.system = GS_SYSTEM_DESKTOP;
        gs_runtime *rt = gs_runtime_create(&config);
        const char *error = gs_last_error();
        printf("  %s\n", rt ? "(a runtime)" : error);
        expect(!rt && gs_last_error_code() == GS_ERR_NO_SERVER, "GS_SYSTEM_DESKTOP fails with GS_ERR_NO_SERVER");
        expect(!rt && strstr(error, "libpulse.so.0") != NULL, "its error names libpulse.so.0");
        if (rt) gs_runtime_destroy(rt);
        expect(run(GS_OUTPUT_REALTIME, GS_SYSTEM_AUTO, effect, "auto") == GS_SYSTEM_SIMULATED,
               "GS_SYSTEM_AUTO in real time falls back to the simulated system and plays");
    } else {
        fprintf(stderr, "lazy_desktop: unknown mode %s\n", mode);
        return 64;
    }
    return failures ? 1 : 0;
}
