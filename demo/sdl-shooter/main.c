/* SPDX-License-Identifier: Zlib */
/* sdl-shooter: a little space shooter on SDL2 whose every sound goes through GameSound.
 *
 * A ship at the bottom, waves of enemies, shots, explosions, a shield and a soundtrack. It lives on
 * the desktop when it plays in real time and a sound server (PulseAudio or PipeWire) answers
 * (GS_SYSTEM_AUTO): the player's music and calls come from the desktop, and the status bar says
 * what it sees. Otherwise (no server, or --render-audio) keys drive the simulated phone system, so
 * you can see and hear what a call, an alarm, the silent switch, the player's music, headphones or
 * a media-services reset do to a game. On the desktop only the silent switch key (s) is simulated;
 * the others say they are simulation-only. Its window events go to gs_window_changed: minimised or
 * hidden, the game goes quiet as an iOS game in the background does, and the status bar says so;
 * each change of the window's state is also one line on standard error, as are GameSound's log
 * messages from info up and its session and output events, each with the time it came.
 *
 *   sdl-shooter [--assets DIR] [--autoplay SECONDS] [--render-audio FILE.wav] [--screenshot FILE.bmp]
 *               [--mute-unfocused] [--media-playback]
 *
 * --autoplay plays by itself with a fixed time step and a fixed seed, then quits; --render-audio
 * renders the sound headlessly, in step with the game's frames, into a WAV instead of a device;
 * --screenshot saves the last frame; --mute-unfocused makes losing the focus as quiet as being minimised
 * (GS_BACKGROUND_WHEN_UNFOCUSED); --media-playback plays with the playback category, which keeps
 * playing with the window minimised. Exit status 0 on success, 1 on a failure, 64 on bad usage.
 */
#include <SDL.h>
#include <gamesound.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "font.h"

enum { WIDTH = 640, HEIGHT = 480, BAR = 40, FPS = 60, RATE = 48000, FRAMES_PER_TICK = RATE / FPS };
enum { MAX_SHOTS = 16, MAX_ENEMIES = 40, MAX_SPARKS = 256 };

typedef struct { float x, y; int alive; } Shot;
typedef struct { float x, y; int alive; } Enemy;
typedef struct { float x, y, dx, dy; int life; } Spark;

typedef struct {
    float ship_x;
    int shield_ticks, cooldown, wave, score, hits;
    float enemy_dx;
    Shot shots[MAX_SHOTS];
    Enemy enemies[MAX_ENEMIES];
    Spark sparks[MAX_SPARKS];
    uint32_t seed;
    /* What the game remembers of the simulated system, to toggle it. */
    int music_on, switch_on, headphones_in, nav_on;
    /* A note for the player (a key that is simulation-only on the desktop), shown for a while. */
    char notice[128];
    int notice_ticks;
} Game;

/* ---- A WAV file written as the game renders --------------------------------------------------- */

typedef struct { FILE *file; uint32_t frames; } Wav;

static void put32(unsigned char *at, uint32_t value) {
    for (int i = 0; i < 4; i++) at[i] = (unsigned char)(value >> (8 * i));
}

static void wav_header(Wav *wav) {
    unsigned char header[44] = "RIFF....WAVEfmt \x10\0\0\0\x01\0\x02\0........\x04\0\x10\0data....";
    put32(header + 4, 36 + wav->frames * 4);
    put32(header + 24, RATE);
    put32(header + 28, RATE * 4);
    put32(header + 40, wav->frames * 4);
    fseek(wav->file, 0, SEEK_SET);
    fwrite(header, 1, sizeof header, wav->file);
    fseek(wav->file, 0, SEEK_END);
}

/* ---- The game ------------------------------------------------------------------------------- */

static uint32_t next_random(Game *game) {
    game->seed = game->seed * 1664525u + 1013904223u;
    return game->seed >> 8;
}

static void play(gs_runtime *rt, const char *name, float gain, float pan) {
    /* GS_ERR_DROPPED during a call is the runtime doing its job: the game goes on. */
    (void)gs_effect_play(rt, name, gain, 1, pan);
}

static float pan_of(float x) { return (x / WIDTH) * 1.6f - 0.8f; }

static void new_wave(Game *game, gs_runtime *rt) {
    game->wave++;
    for (int i = 0; i < MAX_ENEMIES; i++) {
        game->enemies[i].alive = i < 8 + 4 * (game->wave % 5);
        game->enemies[i].x = 60.0f + (float)(i % 10) * 52;
        game->enemies[i].y = 40.0f + (float)(i / 10) * 36;
    }
    game->enemy_dx = 1.0f + 0.3f * (float)game->wave;
    play(rt, "blip", 0.8f, 0);
}

static void explode(Game *game, float x, float y) {
    for (int i = 0, made = 0; i < MAX_SPARKS && made < 24; i++) {
        if (game->sparks[i].life > 0) continue;
        float angle = (float)(next_random(game) % 628) / 100.0f, speed = 1.0f + (float)(next_random(game) % 300) / 100.0f;
        game->sparks[i] = (Spark){x, y, speed * SDL_cosf(angle), speed * SDL_sinf(angle), 20 + (int)(next_random(game) % 20)};
        made++;
    }
}

static void fire(Game *game, gs_runtime *rt) {
    if (game->cooldown > 0) return;
    for (int i = 0; i < MAX_SHOTS; i++) {
        if (game->shots[i].alive) continue;
        game->shots[i] = (Shot){game->ship_x, HEIGHT - BAR - 40, 1};
        game->cooldown = 10;
        play(rt, "laser", 0.7f, pan_of(game->ship_x));
        return;
    }
}

static void raise_shield(Game *game, gs_runtime *rt) {
    if (game->shield_ticks > 0) return;
    game->shield_ticks = 2 * FPS;
    play(rt, "shield", 0.8f, pan_of(game->ship_x));
}

static void step(Game *game, gs_runtime *rt, int left, int right, int shoot) {
    game->ship_x += (float)(right - left) * 5;
    if (game->ship_x < 20) game->ship_x = 20;
    if (game->ship_x > WIDTH - 20) game->ship_x = WIDTH - 20;
    if (game->cooldown > 0) game->cooldown--;
    if (game->shield_ticks > 0) game->shield_ticks--;
    if (game->notice_ticks > 0) game->notice_ticks--;
    if (shoot) fire(game, rt);

    int edge = 0, alive = 0;
    for (int i = 0; i < MAX_ENEMIES; i++) {
        Enemy *enemy = &game->enemies[i];
        if (!enemy->alive) continue;
        alive++;
        enemy->x += game->enemy_dx;
        if (enemy->x < 20 || enemy->x > WIDTH - 20) edge = 1;
    }
    if (edge) {
        game->enemy_dx = -game->enemy_dx;
        for (int i = 0; i < MAX_ENEMIES; i++) game->enemies[i].y += 12;
    }
    for (int s = 0; s < MAX_SHOTS; s++) {
        Shot *shot = &game->shots[s];
        if (!shot->alive) continue;
        shot->y -= 9;
        if (shot->y < 0) shot->alive = 0;
        for (int i = 0; i < MAX_ENEMIES && shot->alive; i++) {
            Enemy *enemy = &game->enemies[i];
            if (enemy->alive && SDL_fabsf(enemy->x - shot->x) < 16 && SDL_fabsf(enemy->y - shot->y) < 12) {
                enemy->alive = 0;
                shot->alive = 0;
                game->score += 10;
                explode(game, enemy->x, enemy->y);
                play(rt, "explosion", 0.6f, pan_of(enemy->x));
            }
        }
    }
    for (int i = 0; i < MAX_ENEMIES; i++) {
        Enemy *enemy = &game->enemies[i];
        if (!enemy->alive || enemy->y < HEIGHT - BAR - 50) continue;
        /* An enemy reached the ship's row: the shield takes it, otherwise it is a hit. */
        enemy->alive = 0;
        explode(game, enemy->x, enemy->y);
        if (game->shield_ticks == 0) {
            game->hits++;
            play(rt, "klaxon", 0.5f, pan_of(enemy->x));
        } else {
            play(rt, "torpedo", 0.6f, pan_of(enemy->x));
        }
    }
    for (int i = 0; i < MAX_SPARKS; i++) {
        Spark *spark = &game->sparks[i];
        if (spark->life <= 0) continue;
        spark->x += spark->dx;
        spark->y += spark->dy;
        spark->life--;
    }
    if (alive == 0) new_wave(game, rt);
}

/* ---- The simulated system ------------------------------------------------------------------- */

/* Performs a system action; returns whether it happened. On the desktop, what the desktop reports
 * itself (calls, music, plugs) is refused: the player is told the key is simulation-only. */
static int system_action(Game *game, gs_runtime *rt, const char *action) {
    if (gs_system_action(rt, action) == GS_OK) return 1;
    if (gs_system_kind(rt) == GS_SYSTEM_DESKTOP && gs_last_error_code() == GS_ERR_REFUSED) {
        snprintf(game->notice, sizeof game->notice, "%.60s: SIMULATION-ONLY ON THE DESKTOP", action);
        game->notice_ticks = 3 * FPS;
    } else {
        fprintf(stderr, "sdl-shooter: %s refused: %s\n", action, gs_last_error());
    }
    return 0;
}

/* Flips one of the game's memories of the simulated system, if the action happened. */
static void toggle(Game *game, gs_runtime *rt, int *flag, const char *on, const char *off) {
    if (system_action(game, rt, *flag ? off : on)) *flag = !*flag;
}

static void system_key(Game *game, gs_runtime *rt, SDL_Keycode key) {
    switch (key) {
    case SDLK_p: system_action(game, rt, "phone.ring"); break;
    case SDLK_d: system_action(game, rt, "phone.decline"); break;
    case SDLK_a: system_action(game, rt, "phone.accept"); break;
    case SDLK_h: system_action(game, rt, "phone.hangUp"); break;
    case SDLK_l: system_action(game, rt, "alarm.fire"); break;
    case SDLK_k: system_action(game, rt, "alarm.dismiss"); break;
    case SDLK_m: toggle(game, rt, &game->music_on, "music.play", "music.pause"); break;
    case SDLK_s: toggle(game, rt, &game->switch_on, "silentSwitch.on", "silentSwitch.off"); break;
    case SDLK_e: toggle(game, rt, &game->headphones_in, "route.plug port=headphones", "route.unplug port=headphones"); break;
    case SDLK_n:
        toggle(game, rt, &game->nav_on, "otherApp.activate category=playback options=duckOthers",
               "otherApp.deactivate notifyOthers=true");
        break;
    case SDLK_r: system_action(game, rt, "mediaServices.reset"); break;
    default: break;
    }
}

/* The autoplay's script: what the system does, and when (in ticks). */
static void autoplay_system(Game *game, gs_runtime *rt, int tick) {
    static const struct { int tick; const char *action; } script[] = {
        {90, "phone.ring"}, {150, "phone.decline"}, {200, "otherApp.activate category=playback options=duckOthers"},
        {240, "otherApp.deactivate notifyOthers=true"}, {250, "silentSwitch.on"}, {270, "silentSwitch.off"},
    };
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
        if (script[i].tick == tick) system_action(game, rt, script[i].action);
    }
}

/* Why the game last went quiet, from the runtime's events: the event callback runs on the runtime's
 * update thread, the drawing on the game's, so the two share atomics. */
enum { QUIET_UNKNOWN, QUIET_SLEEP, QUIET_CALL, QUIET_LOCK, QUIET_SWITCH, QUIET_BACKGROUND };
static SDL_atomic_t interruption_cause, silence_cause;

/* GameSound's log from info up (an output reopened, a device that returned), in the library's own
 * format for a log without a handler, "gamesound: <level> <code>: <text>", and the SDL time. */
static void on_log(int level, const char *code, const char *message, void *user_data) {
    static const char *const levels[] = {"debug", "info", "warning", "error"};
    (void)user_data;
    fprintf(stderr, "gamesound: %s %s: %s (at %.2f s, SDL time)\n", level >= 0 && level <= 3 ? levels[level] : "?", code,
            message, SDL_GetTicks() / 1000.0);
}

/* What the session and the output did, one line each on standard error with the SDL time it came:
 * a log of a desktop run (the testbed's game.log) then shows when the game heard of a call, a sleep
 * or a new output, and when its output was made again. Voice events are too many to print. */
static const char *const logged_events[] = {
    "interruptionBegan", "interruptionEnded", "routeChanged", "mediaServicesLost", "mediaServicesReset",
    "deviceDisconnected", "contextRebuilt", "contextRestored", "rebuildFailed", "restoreFailed",
    "outputSilenced", "outputUnsilenced"};

static void on_event(const char *name, int64_t frame, const char *details, void *user_data) {
    (void)frame;
    (void)user_data;
    for (size_t i = 0; i < sizeof logged_events / sizeof logged_events[0]; i++) {
        if (strcmp(name, logged_events[i]) == 0) {
            fprintf(stderr, "sdl-shooter: event %s at %.2f s (SDL time): %s\n", name, SDL_GetTicks() / 1000.0, details);
            break;
        }
    }
    if (strcmp(name, "interruptionBegan") == 0) {
        SDL_AtomicSet(&interruption_cause, strstr(details, "\"systemSleep\"") ? QUIET_SLEEP : QUIET_CALL);
    } else if (strcmp(name, "outputSilenced") == 0) {
        SDL_AtomicSet(&silence_cause, strstr(details, "\"screenLocked\"") ? QUIET_LOCK
                                      : strstr(details, "\"silentSwitch\"") ? QUIET_SWITCH
                                      : strstr(details, "\"background\"") ? QUIET_BACKGROUND : QUIET_UNKNOWN);
    }
}

/* One line on what the player hears right now, from the runtime's own state and its last events:
 * on the desktop a call, the machine's sleep, the screen lock (logind) or the silent switch. */
static void what_you_hear(gs_runtime *rt, char *line, size_t size) {
    static const char *const interruptions[] = {"INTERRUPTED", "INTERRUPTED - THE MACHINE SLEEPS", "INTERRUPTED - A CALL"};
    static const char *const silences[] = {"SILENCED BY THE SYSTEM", "", "", "SILENCED - SCREEN LOCKED",
                                           "SILENCED - SILENT SWITCH", "SILENCED - WINDOW IN THE BACKGROUND"};
    const char *category = gs_session_category(rt);
    if (gs_app_state(rt) == GS_APP_SUSPENDED) {
        snprintf(line, size, "YOU HEAR: SILENCE - %s (%s)", silences[QUIET_BACKGROUND], category ? category : "-");
    } else if (gs_session_is_interrupted(rt) == 1 || gs_session_is_active(rt) == 0) {
        int cause = gs_session_is_interrupted(rt) == 1 ? SDL_AtomicGet(&interruption_cause) : QUIET_UNKNOWN;
        snprintf(line, size, "YOU HEAR: SILENCE - %s (%s)", interruptions[cause <= QUIET_CALL ? cause : 0],
                 category ? category : "-");
    } else if (gs_output_is_silenced(rt) == 1) {
        snprintf(line, size, "YOU HEAR: SILENCE - %s (%s)", silences[SDL_AtomicGet(&silence_cause)], category ? category : "-");
    } else {
        int hint = gs_session_secondary_hint(rt) == 1, ducked = gs_output_is_ducked(rt) == 1;
        snprintf(line, size, "YOU HEAR: EFFECTS%s%s (%s)", hint ? " - SOUNDTRACK HELD" : " + SOUNDTRACK",
                 ducked ? " DUCKED -12 DB" : "", category ? category : "-");
    }
}

static void draw(SDL_Renderer *renderer, const Game *game, gs_runtime *rt) {
    SDL_SetRenderDrawColor(renderer, 8, 10, 24, 255);
    SDL_RenderClear(renderer);
    for (int i = 0; i < 60; i++) {  /* stars */
        SDL_SetRenderDrawColor(renderer, 90, 90, 120, 255);
        SDL_Rect star = {(i * 97) % WIDTH, (i * 53) % (HEIGHT - BAR), 2, 2};
        SDL_RenderFillRect(renderer, &star);
    }
    SDL_SetRenderDrawColor(renderer, 230, 70, 90, 255);
    for (int i = 0; i < MAX_ENEMIES; i++) {
        if (!game->enemies[i].alive) continue;
        SDL_Rect body = {(int)game->enemies[i].x - 14, (int)game->enemies[i].y - 8, 28, 16};
        SDL_RenderFillRect(renderer, &body);
    }
    SDL_SetRenderDrawColor(renderer, 255, 230, 90, 255);
    for (int i = 0; i < MAX_SHOTS; i++) {
        if (!game->shots[i].alive) continue;
        SDL_Rect shot = {(int)game->shots[i].x - 1, (int)game->shots[i].y - 6, 3, 12};
        SDL_RenderFillRect(renderer, &shot);
    }
    for (int i = 0; i < MAX_SPARKS; i++) {
        if (game->sparks[i].life <= 0) continue;
        SDL_SetRenderDrawColor(renderer, 255, (Uint8)(120 + game->sparks[i].life * 3), 60, 255);
        SDL_Rect spark = {(int)game->sparks[i].x, (int)game->sparks[i].y, 3, 3};
        SDL_RenderFillRect(renderer, &spark);
    }
    int ship_y = HEIGHT - BAR - 30;
    if (game->shield_ticks > 0) {
        SDL_SetRenderDrawColor(renderer, 80, 160, 255, 255);
        SDL_Rect shield = {(int)game->ship_x - 26, ship_y - 14, 52, 40};
        SDL_RenderDrawRect(renderer, &shield);
    }
    SDL_SetRenderDrawColor(renderer, 110, 230, 140, 255);
    SDL_Rect hull = {(int)game->ship_x - 18, ship_y, 36, 14}, nose = {(int)game->ship_x - 4, ship_y - 10, 8, 10};
    SDL_RenderFillRect(renderer, &hull);
    SDL_RenderFillRect(renderer, &nose);

    /* The status bar: the score, then what the player hears. */
    SDL_SetRenderDrawColor(renderer, 30, 34, 50, 255);
    SDL_Rect bar = {0, HEIGHT - BAR, WIDTH, BAR};
    SDL_RenderFillRect(renderer, &bar);
    char line[128];
    SDL_SetRenderDrawColor(renderer, 220, 220, 230, 255);
    /* Which system the game lives in, and what it sees there: the player's music, a call. */
    int desktop = gs_system_kind(rt) == GS_SYSTEM_DESKTOP;
    static const char *const app_states[] = {"", "  IN THE BACKGROUND", "  SUSPENDED"};
    int app = gs_app_state(rt);
    snprintf(line, sizeof line, "WAVE %d  SCORE %d  HITS %d  %s%s%s%s", game->wave, game->score, game->hits,
             desktop ? "DESKTOP" : "SIMULATED", gs_session_other_audio_playing(rt) == 1 ? "  MUSIC PLAYING" : "",
             gs_session_is_interrupted(rt) == 1 ? "  CALL" : "", app >= 0 && app <= 2 ? app_states[app] : "");
    font_draw(renderer, 8, HEIGHT - BAR + 6, 1, line);
    if (game->notice_ticks > 0) font_draw(renderer, 8, 8, 1, game->notice);
    what_you_hear(rt, line, sizeof line);
    font_draw(renderer, 8, HEIGHT - BAR + 22, 1, line);
}

/* The window is the game's lifecycle on the desktop: minimised or hidden, GameSound sends the app to
 * the background (silent, unless it plays with the playback category); unfocused, only under
 * GS_BACKGROUND_WHEN_UNFOCUSED (docs/c-api.md, "The game's window"). The state is read from the
 * window's flags at every window event rather than from the event alone: minimising also takes
 * the focus away, and that FOCUS_LOST must not read as "back on screen, unfocused". */
static void window_changed(gs_runtime *rt, SDL_Window *window) {
    static int reported = -1;
    Uint32 flags = SDL_GetWindowFlags(window);
    int state = (flags & (SDL_WINDOW_MINIMIZED | SDL_WINDOW_HIDDEN)) ? GS_WINDOW_HIDDEN
                : (flags & SDL_WINDOW_INPUT_FOCUS) ? GS_WINDOW_FOCUSED : GS_WINDOW_UNFOCUSED;
    gs_window_changed(rt, state);
    /* One line on standard error at each change: a log (the testbed's game.log) then shows what
     * the game read from its window, when, and where GameSound put the app. */
    if (state != reported) {
        static const char *const windows[] = {"focused", "unfocused", "hidden"};
        static const char *const apps[] = {"foreground", "background", "suspended"};
        int app = gs_app_state(rt);
        fprintf(stderr, "sdl-shooter: window %s at %.2f s (SDL time): the app is %s\n", windows[state], SDL_GetTicks() / 1000.0,
                app >= 0 && app <= 2 ? apps[app] : "unknown");
        reported = state;
    }
}

/* ---- Start-up ------------------------------------------------------------------------------- */

typedef struct {
    const char *assets, *wav_path, *screenshot;
    double autoplay;
    int mute_unfocused, media_playback;
} Options;

static int usage(const char *problem) {
    fprintf(stderr, "sdl-shooter: %s\nusage: sdl-shooter [--assets DIR] [--autoplay SECONDS] "
                    "[--render-audio FILE.wav] [--screenshot FILE.bmp] [--mute-unfocused] [--media-playback]\n", problem);
    return 64;
}

static int parse(int argc, char **argv, Options *options) {
    *options = (Options){"assets", NULL, NULL, 0, 0, 0};
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        /* The game's settings: quiet whenever its window loses the focus (not only when minimised),
         * and the playback category, which plays on in the background. */
        if (strcmp(argv[i], "--mute-unfocused") == 0) { options->mute_unfocused = 1; continue; }
        if (strcmp(argv[i], "--media-playback") == 0) { options->media_playback = 1; continue; }
        if (strcmp(argv[i], "--assets") == 0 && value) options->assets = value;
        else if (strcmp(argv[i], "--render-audio") == 0 && value) options->wav_path = value;
        else if (strcmp(argv[i], "--screenshot") == 0 && value) options->screenshot = value;
        else if (strcmp(argv[i], "--autoplay") == 0 && value) {
            options->autoplay = atof(value);
            if (options->autoplay <= 0) return usage("--autoplay needs a number of seconds above 0");
        } else return usage(value || argv[i][0] != '-' ? "unknown argument" : "a value is missing");
        i++;
    }
    return 0;
}

int main(int argc, char **argv) {
    Options options;
    int status = parse(argc, argv, &options);
    if (status) return status;

    gs_set_log_handler(on_log, NULL, GS_LOG_INFO);
    gs_config config;
    gs_config_init(&config);
    config.output = options.wav_path ? GS_OUTPUT_HEADLESS : GS_OUTPUT_REALTIME;
    config.sample_rate = RATE;
    config.system = GS_SYSTEM_AUTO; /* the desktop when it answers in real time; else simulated */
    if (options.mute_unfocused) config.background_policy = GS_BACKGROUND_WHEN_UNFOCUSED;
    if (options.media_playback) config.policy = GS_POLICY_MEDIA_PLAYBACK;
    gs_runtime *rt = gs_runtime_create(&config);
    if (!rt) {
        fprintf(stderr, "sdl-shooter: no audio: %s (try ALSOFT_DRIVERS=null, or --render-audio FILE.wav)\n",
                gs_last_error());
        return 1;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/sfx", options.assets);
    if (gs_effect_load_folder(rt, path) < 0) {  /* the number of effects loaded, or an error */
        fprintf(stderr, "sdl-shooter: %s\n", gs_last_error());
        gs_runtime_destroy(rt);
        return 1;
    }
    snprintf(path, sizeof path, "%s/music/theme.ogg", options.assets);
    gs_set_event_callback(rt, on_event, NULL);
    if (gs_soundtrack_play(rt, path, 1) != GS_OK) fprintf(stderr, "sdl-shooter: no soundtrack: %s\n", gs_last_error());

    Wav wav = {NULL, 0};
    if (options.wav_path) {
        wav.file = fopen(options.wav_path, "wb");
        if (!wav.file) {
            perror(options.wav_path);
            gs_runtime_destroy(rt);
            return 1;
        }
        wav_header(&wav);
    }

    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "sdl-shooter: SDL: %s\n", SDL_GetError());
        gs_runtime_destroy(rt);
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("sdl-shooter (GameSound)", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                          WIDTH, HEIGHT, 0);
    /* The game draws into its own surface (software), shown in the window each frame: the last
     * frame can then be saved exactly as drawn, with or without a GPU. */
    SDL_Surface *canvas = SDL_CreateRGBSurfaceWithFormat(0, WIDTH, HEIGHT, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *renderer = canvas ? SDL_CreateSoftwareRenderer(canvas) : NULL;
    if (!window || !renderer) {
        fprintf(stderr, "sdl-shooter: SDL: %s\n", SDL_GetError());
        SDL_Quit();
        gs_runtime_destroy(rt);
        return 1;
    }

    Game game;
    memset(&game, 0, sizeof game);
    game.ship_x = WIDTH / 2.0f;
    game.seed = 20261123u;
    new_wave(&game, rt);

    int16_t *block = calloc(FRAMES_PER_TICK * 2, sizeof *block);
    int ticks = options.autoplay > 0 ? (int)(options.autoplay * FPS) : -1;
    int running = 1, left = 0, right = 0, shoot = 0;
    for (int tick = 0; running && (ticks < 0 || tick < ticks); tick++) {
        Uint32 started = SDL_GetTicks();
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            if (event.type == SDL_QUIT) running = 0;
            if (event.type == SDL_WINDOWEVENT) window_changed(rt, window);
            if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) {
                int down = event.type == SDL_KEYDOWN;
                switch (event.key.keysym.sym) {
                case SDLK_LEFT: left = down; break;
                case SDLK_RIGHT: right = down; break;
                case SDLK_SPACE: shoot = down; break;
                case SDLK_x: if (down) raise_shield(&game, rt); break;
                case SDLK_ESCAPE: case SDLK_q: running = 0; break;
                default: if (down && !event.key.repeat) system_key(&game, rt, event.key.keysym.sym); break;
                }
            }
        }
        if (ticks >= 0) {  /* the autoplayer: chase the nearest enemy, fire, shield when low */
            float target = game.ship_x;
            float nearest = 1e9f;
            for (int i = 0; i < MAX_ENEMIES; i++) {
                float distance = SDL_fabsf(game.enemies[i].x - game.ship_x);
                if (game.enemies[i].alive && distance < nearest) { nearest = distance; target = game.enemies[i].x; }
            }
            left = target < game.ship_x - 4;
            right = target > game.ship_x + 4;
            shoot = nearest < 24;
            if (tick % 180 == 120) raise_shield(&game, rt);
            autoplay_system(&game, rt, tick);
        }
        step(&game, rt, left, right, shoot);
        draw(renderer, &game, rt);
        SDL_RenderPresent(renderer);
        SDL_Surface *screen = SDL_GetWindowSurface(window);
        if (screen) {
            SDL_BlitSurface(canvas, NULL, screen, NULL);
            SDL_UpdateWindowSurface(window);
        }
        if (wav.file) {
            if (gs_render(rt, block, FRAMES_PER_TICK) != GS_OK) {
                fprintf(stderr, "sdl-shooter: render: %s\n", gs_last_error());
                status = 1;
                break;
            }
            fwrite(block, sizeof *block, FRAMES_PER_TICK * 2, wav.file);
            wav.frames += FRAMES_PER_TICK;
        } else if (ticks < 0) {
            Uint32 spent = SDL_GetTicks() - started;
            if (spent < 1000 / FPS) SDL_Delay(1000 / FPS - spent);
        }
    }
    if (options.screenshot && SDL_SaveBMP(canvas, options.screenshot) != 0) {
        fprintf(stderr, "sdl-shooter: %s: %s\n", options.screenshot, SDL_GetError());
        status = 1;
    }
    if (wav.file) {
        wav_header(&wav);
        if (fclose(wav.file) != 0) { perror(options.wav_path); status = 1; }
    }
    free(block);
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(canvas);
    SDL_DestroyWindow(window);
    SDL_Quit();
    gs_runtime_destroy(rt);
    return status;
}
