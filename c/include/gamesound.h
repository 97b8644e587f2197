/* SPDX-License-Identifier: Zlib */
/*
 * gamesound.h — the C interface of GameSound, a game-audio runtime for Linux with iOS
 * audio-session behaviour (phone calls, alarms, the silent switch, the player's music).
 *
 * C99, and valid C++ (every declaration is inside extern "C").
 * Link with: cc game.c $(pkg-config --cflags --libs gamesound)
 *
 * Conventions
 *   - Every symbol starts with gs_ / GS_.
 *   - Functions returning int return GS_OK (0) on success and a negative GS_ERR_ code on failure.
 *     gs_last_error() then gives a sentence saying what was wrong, for the calling thread.
 *     gs_voice_set_..., gs_voice_pause, gs_voice_resume, gs_voice_stop_fade and gs_stream_position
 *     may also return GS_VOICE_ENDED (positive): the voice had ended, nothing changed, and that is
 *     not a failure.
 *   - A gs_runtime * is an opaque handle, not an address. Every call checks it: NULL, a destroyed
 *     runtime's handle or a made-up value gives GS_ERR_INVALID_HANDLE (or GS_ERR_NULL_POINTER),
 *     never a crash.
 *   - Every function may be called from any thread. Calls on runtimes are serialised by one
 *     process-wide lock (OpenAL's current context belongs to the whole process).
 *   - Strings are UTF-8 and NUL-terminated.
 *
 * The full reference, with every error of every function, is docs/c-api.md.
 */
#ifndef GAMESOUND_H
#define GAMESOUND_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Result codes ------------------------------------------------------------------------ */

#define GS_OK                    0   /* success */
#define GS_ERR_NULL_POINTER     (-1)  /* a required pointer argument was NULL */
#define GS_ERR_INVALID_HANDLE   (-2)  /* not a live runtime: destroyed, or never created */
#define GS_ERR_INVALID_ARGUMENT (-3)  /* a value out of range, a malformed parameter, another runtime's voice */
#define GS_ERR_UNKNOWN_NAME     (-4)  /* no effect, bus or system action has that name */
#define GS_ERR_DECODING         (-5)  /* a sound file is missing, unreadable or not WAV, FLAC, Ogg Vorbis or Opus */
#define GS_ERR_WRONG_OUTPUT     (-6)  /* the call needs the other output mode (gs_render on real time) */
#define GS_ERR_OPENAL           (-7)  /* OpenAL refused (no output device, for example) */
#define GS_ERR_SESSION          (-8)  /* the audio session refused (activating during a call) */
#define GS_ERR_STOPPED          (-9)  /* the runtime was shut down */
#define GS_ERR_REFUSED          (-10) /* a system action that makes no sense now; nothing changed */
#define GS_ERR_NO_SOUNDTRACK    (-11) /* resuming or restarting a soundtrack that was never given */
#define GS_ERR_DROPPED          (-12) /* the effect was not played (interrupted, all voices busy, a limit); see gs_last_drop_reason */
#define GS_ERR_IO               (-13) /* a file or folder could not be read or written */
#define GS_ERR_SCENARIO         (-14) /* a scenario file is malformed or could not be rendered */
#define GS_ERR_UNAVAILABLE      (-15) /* this build of the library lacks the feature */
#define GS_ERR_NO_SERVER        (-16) /* GS_SYSTEM_DESKTOP asked for, and no desktop sound server answered */

/* ---- Version and extensible structs ------------------------------------------------------ */

/* The version of this header. The library's own is gs_version(): a program may run against any
 * library of the same major version and at least its minor version (libgamesound.so.1). */
#define GS_VERSION_MAJOR 1
#define GS_VERSION_MINOR 1
#define GS_VERSION_PATCH 0
#define GS_VERSION (GS_VERSION_MAJOR * 10000 + GS_VERSION_MINOR * 100 + GS_VERSION_PATCH)

/* The running library's version, major * 10000 + minor * 100 + patch (10100 for 1.1.0). */
int gs_version(void);

/* Extensible structs. gs_config, gs_play_options and gs_sound_definition begin with struct_size, the
 * struct's size as the program was compiled; later versions add fields at the end only. Fill each with
 * its gs_..._init() (inline: it sets struct_size, then the library writes the defaults), then change
 * fields. So a program built against an older header runs on a newer library (the fields it lacks keep
 * their defaults), and one built against a newer header runs on an older library as long as it leaves
 * the fields that library does not know at their defaults (zero); if it set one, the call fails with
 * GS_ERR_INVALID_ARGUMENT, saying which byte, rather than ignore it. A struct_size below this header's
 * first version (0, for a struct never initialised) is GS_ERR_INVALID_ARGUMENT too. gs_vec3 and
 * gs_listener are plain values and never change. */

/* ---- Configuration ----------------------------------------------------------------------- */

/* gs_config.policy: which session category the game uses and whether it has a soundtrack. */
#define GS_POLICY_EFFECTS_ONLY                           0 /* ambient; the player's music plays on */
#define GS_POLICY_EFFECTS_PLUS_SOUNDTRACK                1 /* soloAmbient; other audio stops */
#define GS_POLICY_EFFECTS_PLUS_SOUNDTRACK_IF_NO_OTHER_AUDIO 2 /* the default: ambient if music plays */
#define GS_POLICY_MEDIA_PLAYBACK                         3 /* playback; ignores the silent switch */
#define GS_POLICY_VOICE_CHAT                             4 /* playAndRecord on the speaker; ignores the switch */

/* gs_config.output */
#define GS_OUTPUT_REALTIME 0 /* the sound card, mixed by OpenAL Soft in real time */
#define GS_OUTPUT_HEADLESS 1 /* nothing plays; gs_render() pulls the mix, frame-exact */

/* gs_config.launch_other_audio: what the simulated device plays when the game starts. */
#define GS_OTHER_AUDIO_NONE    0
#define GS_OTHER_AUDIO_MUSIC   1 /* the music player (non-mixable) */
#define GS_OTHER_AUDIO_MIXABLE 2 /* another app's mixable audio */

/* gs_config.interruption_strategy: what happens to the OpenAL context during a call. */
#define GS_INTERRUPTION_SUSPEND_CONTEXT 0 /* made non-current, restored after (the default) */
#define GS_INTERRUPTION_REBUILD_CONTEXT 1 /* destroyed, rebuilt with its sources after */

/* gs_config.spatialization: how sounds placed in the world become two channels. */
#define GS_SPATIALIZATION_AUTO   0 /* HRTF on headphones (wired or Bluetooth), stereo panning on speakers (default) */
#define GS_SPATIALIZATION_HRTF   1 /* always HRTF */
#define GS_SPATIALIZATION_STEREO 2 /* always plain stereo panning */

/* gs_config.distance_model and gs_set_distance_model: how placed sounds fade with distance. Each
 * sound's reference_distance, max_distance and rolloff (gs_play_options) shape the curve. */
#define GS_DISTANCE_INVERSE_CLAMPED  0 /* ref / (ref + rolloff * (d - ref)), d held in ref...max: 6 dB per doubling (default) */
#define GS_DISTANCE_LINEAR_CLAMPED   1 /* a straight line from full at ref to silent at max (times rolloff) */
#define GS_DISTANCE_EXPONENT_CLAMPED 2 /* (d / ref) ^ -rolloff, d held in ref...max */
#define GS_DISTANCE_NONE             3 /* no fall-off: as loud far as near */

/* gs_config.system: what the session lives in, and gs_system_kind(): what it chose. */
#define GS_SYSTEM_AUTO      0 /* the default: the desktop for GS_OUTPUT_REALTIME when its sound server
                                 (PulseAudio, or PipeWire's pipewire-pulse) answers within 2 s; else simulated.
                                 Where no server can exist, libpulse is not even loaded (docs/linux-system.md) */
#define GS_SYSTEM_SIMULATED 1 /* the simulated device, driven by gs_system_action() (tests, headless renders) */
#define GS_SYSTEM_DESKTOP   2 /* the desktop's sound server: calls, other programs' audio, outputs and the
                                 server itself are the desktop's; gs_runtime_create fails without a server */

/* gs_config.realtime_priority: whether the audio threads ask for a real-time priority (added in 1.1). */
#define GS_REALTIME_PRIORITY_ASK 0 /* the default: ask, log once if refused */
#define GS_REALTIME_PRIORITY_OFF 1 /* ask nothing: the threads run at normal priority */

/* gs_config.route_policy: what the soundtrack does when the output changes. */
#define GS_ROUTE_POLICY_DEFAULT          0 /* the policy's: pause on device loss for GS_POLICY_MEDIA_PLAYBACK, else play on */
#define GS_ROUTE_PLAY_ON                 1 /* keep playing through whatever output the system picks (games usually) */
#define GS_ROUTE_PAUSE_ON_DEVICE_LOSS    2 /* pause the soundtrack when the old output goes away (headphones pulled) */

/* gs_window_changed(): what the game's window is doing, as its toolkit reports it (added in 1.1). */
#define GS_WINDOW_FOCUSED   0 /* on screen with the keyboard focus */
#define GS_WINDOW_UNFOCUSED 1 /* on screen, another window has the focus */
#define GS_WINDOW_HIDDEN    2 /* minimised, hidden, or on another workspace */

/* gs_config.background_policy: when the window counts as the app being in the background (added in 1.1). */
#define GS_BACKGROUND_WHEN_HIDDEN    0 /* the default: minimised or hidden, as on iOS */
#define GS_BACKGROUND_WHEN_UNFOCUSED 1 /* also when it loses the focus ("mute when not focused") */
#define GS_BACKGROUND_NEVER          2 /* never: the game plays whatever its window does */

/* gs_app_state(): where the app stands in its lifecycle (added in 1.1). */
#define GS_APP_FOREGROUND 0 /* on screen */
#define GS_APP_BACKGROUND 1 /* off screen, kept running by a playback-family session that plays */
#define GS_APP_SUSPENDED  2 /* off screen and suspended: its session was deactivated */

/* How a runtime starts. Fill it with gs_config_init() first, then change fields (see "Extensible
 * structs" above). On the desktop, launch_other_audio is ignored (the desktop says what plays);
 * launch_silent_switch and launch_screen_locked start the switches the desktop lacks, simulated on
 * top of it. */
typedef struct gs_config {
    uint32_t struct_size;          /* sizeof(gs_config) as the game was compiled; gs_config_init sets it */
    int32_t policy;                /* GS_POLICY_... */
    int32_t output;                /* GS_OUTPUT_... */
    int32_t sample_rate;           /* 22050, 32000, 44100, 48000 (default), 88200 or 96000 */
    int32_t voices;                /* effects that can sound at once, 1...255; default 32 */
    int32_t virtual_voices;        /* sounds beyond `voices` that may play virtually: followed in time, silent,
                                      and made real where they have got to once they outrank a real one: a
                                      higher priority, or the same priority and louder (500 emitters of one
                                      priority on 32 voices: the 32 nearest are heard). 0 turns it
                                      off: a full pool steals or drops. gs_config_init sets the default */
    int32_t update_frames;         /* frames between two updates (refills, fades, retries): 256 by default,
                                      at least 16 and a multiple of 4. Also the I/O buffer the session
                                      asks for on the simulated system (on the desktop: io_buffer_duration) */
    int32_t launch_other_audio;    /* GS_OTHER_AUDIO_... */
    int32_t launch_silent_switch;  /* non-zero: the silent switch is on at launch */
    int32_t launch_screen_locked;  /* non-zero: the screen is locked at launch */
    int32_t interruption_strategy; /* GS_INTERRUPTION_... */
    int32_t route_policy;          /* GS_ROUTE_... */
    int32_t spatialization;        /* GS_SPATIALIZATION_... */
    int32_t distance_model;        /* GS_DISTANCE_...; gs_set_distance_model changes it later */
    int32_t system;                /* GS_SYSTEM_... */
    uint64_t seed;                 /* the random generator of sound definitions; 0 by default. One seed,
                                      one sequence of choices: a headless render is byte-identical */
    double hint_fade_seconds;      /* how long the soundtrack fades for the secondary-audio hint, 0...60; 0.25 */
    const char *device_name;       /* GS_OUTPUT_REALTIME: the OpenAL output device by name (NULL, the
                                      default: the system's default device). Copied by gs_runtime_create */
    /* Added after the first gs_config, at the end (a library that predates them refuses a gs_config
     * that sets them, naming the byte): how the desktop's mixer
     * (pavucontrol, GNOME or KDE settings, wpctl) names the game's stream. Read by
     * gs_runtime_create for GS_OUTPUT_REALTIME before it connects, unless the player's environment
     * already names one (PULSE_PROP...); the first runtime's stays for the process. */
    const char *app_name;          /* the game's name, UTF-8 (NULL, the default: the program's file name) */
    const char *app_icon_name;     /* an icon of the desktop's theme, as a .desktop file's Icon= (NULL: none) */
    /* Added in 1.1: */
    int32_t background_policy;     /* GS_BACKGROUND_...: what gs_window_changed() makes of the window */
    int32_t realtime_priority;     /* GS_REALTIME_PRIORITY_...: whether GS_OUTPUT_REALTIME asks for a real-time
                                      priority for the thread that mixes (GameSound's server output's libpulse
                                      loop, or OpenAL Soft's mixer thread and the libpulse loop that carries
                                      its stream) and the runtime's update thread (never the game's threads):
                                      directly where the process may, else from RealtimeKit or, in Flatpak,
                                      the Realtime portal. Refused: one "realtime.refused" log line, and the
                                      game plays as before (docs/linux-system.md) */
    /* Added in 1.1, after realtime_priority: the I/O buffer the session asks for, in seconds (0.001...0.5), or 0,
     * the default: on the desktop 512 frames at sample_rate (10.7 ms at 48 kHz, heard no later than SDL_mixer:
     * docs/performance.md), on the simulated system update_frames. On the desktop it is the output's
     * period towards the sound server (3 are kept queued; GameSound's own server output, or OpenAL
     * Soft's where that is declined: docs/linux-system.md): smaller is heard sooner, needs the CPU more
     * often and gaps sooner on a busy machine. gs_session_io_configuration reads what was granted. */
    double io_buffer_duration;
} gs_config;

/* Fills *config with the defaults, sized by config->struct_size. Call gs_config_init instead.
 * NULL: records GS_ERR_NULL_POINTER; a struct_size the library cannot use: GS_ERR_INVALID_ARGUMENT;
 * nothing is written then. */
void gs_config_defaults(gs_config *config);

/* Fills *config with the defaults, for the gs_config this program was compiled with. */
static inline void gs_config_init(gs_config *config) {
    if (config) config->struct_size = (uint32_t)sizeof(gs_config);
    gs_config_defaults(config);
}

/* ---- Runtime ----------------------------------------------------------------------------- */

/* A running GameSound: its audio session, output, effects and soundtrack. Opaque. */
typedef struct gs_runtime gs_runtime;

/* Creates a runtime: chooses its system (gs_config.system), sets the session's category, opens the
 * output, activates. Returns NULL on failure (GS_ERR_NULL_POINTER, GS_ERR_INVALID_ARGUMENT,
 * GS_ERR_OPENAL, GS_ERR_NO_SERVER for GS_SYSTEM_DESKTOP with no sound server);
 * see gs_last_error(). On a machine without a sound card, use GS_OUTPUT_HEADLESS, or call
 * setenv("ALSOFT_DRIVERS", "null", 1) before the first runtime for a silent real-time device. */
gs_runtime *gs_runtime_create(const gs_config *config);

/* Destroys a runtime. Its handle stops working at once (GS_ERR_INVALID_HANDLE afterwards); the
 * output closes before this returns, unless another thread is inside a call on it (then when that
 * call returns) or this is called from an event callback (then when the gs_ call that caused the
 * event returns; on a real-time runtime's update thread, right after on another thread).
 * NULL or an already destroyed handle: recorded as the last error, nothing else.
 * Destroy every runtime before the process exits. */
void gs_runtime_destroy(gs_runtime *rt);

/* ---- Errors ------------------------------------------------------------------------------ */

/* The message of the last failed call on this thread ("" if none). Never NULL. Valid until the
 * next failure on this thread. Successful calls do not clear it. */
const char *gs_last_error(void);

/* The code of the last failed call on this thread (GS_OK if none). */
int gs_last_error_code(void);

/* gs_last_drop_reason: why a play returned GS_ERR_DROPPED. gs_last_error() ends with the same
 * reason's word in parentheses: "(interrupted)", "(mediaServicesLost)", "(allVoicesOutrank)",
 * "(sessionInactive)", "(noOutputDevice)", "(busVoiceLimit)", "(cooldown)", "(maxInstances)". */
#define GS_DROP_NONE                0 /* the last failure was not a drop (or nothing failed) */
#define GS_DROP_INTERRUPTED         1 /* a call or an alarm holds the audio */
#define GS_DROP_MEDIA_SERVICES_LOST 2 /* media services are lost, until their reset */
#define GS_DROP_ALL_VOICES_OUTRANK  3 /* every voice of the pool plays a sound of higher priority */
#define GS_DROP_SESSION_INACTIVE    4 /* the session is not active */
#define GS_DROP_NO_OUTPUT_DEVICE    5 /* the output device went away and no other opened yet */
#define GS_DROP_BUS_VOICE_LIMIT     6 /* the bus's limit is reached and its voices outrank the sound */
#define GS_DROP_COOLDOWN            7 /* a defined sound played again within its cooldown */
#define GS_DROP_MAX_INSTANCES       8 /* a defined sound at max_instances, with GS_WHEN_FULL_REFUSE */

/* Why the last failed call on this thread dropped a play: a GS_DROP_ value when it returned
 * GS_ERR_DROPPED, GS_DROP_NONE otherwise. Like gs_last_error(), successful calls do not clear it. */
int gs_last_drop_reason(void);

/* "GS_OK", "GS_ERR_INVALID_HANDLE", ... for a result code; "GS_ERR_UNKNOWN_CODE" otherwise.
 * Never NULL; the string lives as long as the process. */
const char *gs_result_name(int code);

/* ---- Effects ----------------------------------------------------------------------------- */

/* Decodes a WAV, FLAC, Ogg Vorbis or Opus file (told apart by content), mono or stereo, and keeps it
 * under name. Loading a name again replaces the sound. Errors: GS_ERR_NULL_POINTER,
 * GS_ERR_INVALID_HANDLE, GS_ERR_DECODING, GS_ERR_STOPPED. */
int gs_effect_load(gs_runtime *rt, const char *name, const char *path);

/* Decodes every .wav, .flac, .ogg and .opus file of folder (not recursive), each under its file name without
 * the extension, in parallel. Returns how many loaded (files that fail are skipped), or
 * GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_IO, GS_ERR_STOPPED. */
int gs_effect_load_folder(gs_runtime *rt, const char *folder);

/* Plays a loaded effect once, on GS_BUS_EFFECTS. gain: 1 unchanged; pitch: 1 unchanged, 2 an octave up;
 * pan: -1 left ... 1 right (mono effects). Returns a voice id >= 0, or GS_ERR_NULL_POINTER,
 * GS_ERR_INVALID_HANDLE, GS_ERR_UNKNOWN_NAME, GS_ERR_INVALID_ARGUMENT, GS_ERR_STOPPED, or
 * GS_ERR_DROPPED when it was not played (during a call, for example). */
int64_t gs_effect_play(gs_runtime *rt, const char *name, float gain, float pitch, float pan);

/* gs_play_options.reverb_send: the bus's default send (0.3 on GS_BUS_EFFECTS and GS_BUS_VOICE, 0 on the others). */
#define GS_REVERB_SEND_BUS_DEFAULT (-1.0f)

/* How gs_effect_play_on plays a sound. Fill it with gs_play_options_init() first, then change
 * fields (see "Extensible structs"). */
typedef struct gs_play_options {
    uint32_t struct_size; /* sizeof(gs_play_options) as the game was compiled; gs_play_options_init sets it */
    float gain;           /* 1 unchanged (the default); 0 or more */
    float pitch;          /* 1 unchanged (the default), 2 an octave up; more than 0 */
    float pan;            /* -1 left ... 1 right, 0 centred (the default); mono sounds without a position */
    int32_t loop;         /* non-zero: plays again and again until stopped */
    int32_t priority;     /* higher wins when the pool or the bus's limit is full; default 0 */
    int32_t has_position; /* non-zero: x, y, z place the sound in the world (mono sounds); pan is ignored */
    float x, y, z;        /* where in the world: x right, y up, z towards the viewer (the listener starts at 0 0 0 facing -z) */
    /* With has_position only: */
    float velocity_x, velocity_y, velocity_z; /* units per second, for the Doppler shift; 0 0 0 still (the default) */
    float reference_distance; /* heard at its own gain at this distance, nearer no louder; more than 0, 1 by default */
    float max_distance;       /* no quieter beyond it; at least reference_distance; 0: none (the default) */
    float rolloff;            /* how fast it fades: 1 natural (the default), 2 faster; 0 or more.
                                 A sound that never fades: max_distance = reference_distance */
    /* Any sound: */
    float occlusion;          /* 0 nothing in the way (the default) ... 1 a thick wall: up to half the level and most highs off */
    float reverb_send;        /* 0 dry ... 1, or GS_REVERB_SEND_BUS_DEFAULT (the default); from the first frame */
} gs_play_options;

/* Fills *options with the defaults, sized by options->struct_size. Call gs_play_options_init instead.
 * Errors as gs_config_defaults. */
void gs_play_options_defaults(gs_play_options *options);

/* Fills *options with the defaults, for the gs_play_options this program was compiled with. */
static inline void gs_play_options_init(gs_play_options *options) {
    if (options) options->struct_size = (uint32_t)sizeof(gs_play_options);
    gs_play_options_defaults(options);
}

/* Plays a loaded effect on a bus: bus NULL plays on GS_BUS_EFFECTS, options NULL is the defaults.
 * Returns a voice id >= 0, or GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_UNKNOWN_NAME (no
 * such effect or bus), GS_ERR_INVALID_ARGUMENT (an option out of range), GS_ERR_STOPPED, or
 * GS_ERR_DROPPED when it was not played (during a call; or the bus's limit is reached and every
 * voice on it outranks this one: gs_last_error() says "busVoiceLimit"). */
int64_t gs_effect_play_on(gs_runtime *rt, const char *name, const char *bus, const gs_play_options *options);

/* ---- Sound definitions ------------------------------------------------------------------- */

/* gs_sound_definition.when_full: what a play does when max_instances voices of the sound play. */
#define GS_WHEN_FULL_STEAL_OLDEST 0 /* the oldest of them stops ("voiceEnded", reason "stolen"); the default */
#define GS_WHEN_FULL_REFUSE       1 /* the play is dropped: GS_ERR_DROPPED, GS_DROP_MAX_INSTANCES */

/* A sound played by name with variety. Fill it with gs_sound_definition_init() first, then change
 * fields (see "Extensible structs"). */
typedef struct gs_sound_definition {
    uint32_t struct_size;              /* sizeof(gs_sound_definition) as the game was compiled; set by gs_sound_definition_init */
    int32_t variant_count;             /* how many names `variants` holds: 1 or more */
    const char *const *variants;       /* names of loaded effects, picked at random */
    const char *bus;                   /* the bus it plays on; NULL (the default): the play call's bus */
    double cooldown;                   /* seconds between two starts, 0 or more; a play sooner is dropped
                                          (GS_DROP_COOLDOWN); 0 (the default): none */
    float pitch_min, pitch_max;        /* the pitch is drawn from this range, above 0; default 1, 1 */
    float gain_min, gain_max;          /* the gain is drawn from this range, 0 or more; default 1, 1 */
    int32_t avoid_repeat;              /* non-zero: never the same variant twice in a row */
    int32_t max_instances;             /* at most this many voices of it at once; 0 (the default): no limit */
    int32_t when_full;                 /* GS_WHEN_FULL_... */
} gs_sound_definition;

/* Fills *definition with the defaults, sized by definition->struct_size. Call
 * gs_sound_definition_init instead. Errors as gs_config_defaults. */
void gs_sound_definition_defaults(gs_sound_definition *definition);

/* Fills *definition with the defaults, for the gs_sound_definition this program was compiled with. */
static inline void gs_sound_definition_init(gs_sound_definition *definition) {
    if (definition) definition->struct_size = (uint32_t)sizeof(gs_sound_definition);
    gs_sound_definition_defaults(definition);
}

/* Defines the sound `name`: gs_effect_play and gs_effect_play_on then play it by that name (before a
 * loaded effect of the same name), each time one of its variants, at a pitch and gain drawn from its
 * ranges times the call's own, on its bus if it has one. The choices come from the runtime's seed
 * (gs_config.seed). Events: "voiceStarted" ({"sound":..., "voice":..., "variant":...}) when it plays,
 * "voiceRefused" ({"sound":..., "reason":"cooldown"} or "maxInstances") when it does not. Defining a
 * name again replaces it; voices playing carry on. The strings are copied.
 * Errors: GS_ERR_NULL_POINTER (rt, name, definition, variants or one of its names),
 * GS_ERR_INVALID_HANDLE, GS_ERR_UNKNOWN_NAME (a variant not loaded, the bus),
 * GS_ERR_INVALID_ARGUMENT (no variants, a range out of order, not finite, a pitch not above 0 or a
 * gain below 0, a negative cooldown, a negative max_instances, a bad when_full), GS_ERR_STOPPED.
 * Nothing changes on failure. */
int gs_sound_define(gs_runtime *rt, const char *name, const gs_sound_definition *definition);

/* ---- Voices ------------------------------------------------------------------------------ */

/* A voice id is what gs_effect_play, gs_effect_play_on and gs_stream_play return: an int64_t, always >= 0, so that
 * one return value carries either an id or a negative GS_ERR_ code. It names one use of one voice
 * of one runtime: once the sound ends (finished, stopped, or its voice stolen by a new sound) the
 * id stays dead, even when the voice plays another sound. An id from another runtime is refused.
 * Events ("effectPlayed", "voiceEnded") name a voice by the id's lower 48 bits: id & 0xFFFFFFFFFFFF. */

/* gs_voice_state: where a voice stands. GS_VOICE_ENDED is also what the calls below return when
 * the voice had ended: not an error (gs_last_error() is not touched), but nothing changed. */
#define GS_VOICE_PLAYING 1 /* sounding (or about to, once an interruption ends) */
#define GS_VOICE_PAUSED  2 /* paused by gs_voice_pause or by a paused bus; keeps its place */
#define GS_VOICE_ENDED   3 /* finished, stopped or stolen: the id refers to nothing any more */

/* Stops a voice at once. A voice that finished, or whose slot now plays another sound, is left
 * alone, and the result is GS_OK then too. Errors: GS_ERR_INVALID_ARGUMENT (a negative id, another
 * runtime's voice), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_voice_stop(gs_runtime *rt, int64_t voice);

/* Change a voice while it plays: the value moves from where it is now to the new one over
 * `seconds` (0: at once); the voice's other values stay. gain: 0 or more (the buses' volumes
 * multiply it); pitch: more than 0; pan: -1 ... 1; x, y, z: a place in the world (a voice that had a
 * pan jumps there, then positions ramp). Each returns GS_OK, GS_VOICE_ENDED (the voice had ended;
 * nothing changed), or GS_ERR_INVALID_ARGUMENT (a value out of range, negative or non-finite
 * seconds, a negative id, another runtime's voice; checked before the voice is looked at),
 * GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. During an interruption the change
 * is kept and heard when the sound comes back. */
int gs_voice_set_gain(gs_runtime *rt, int64_t voice, float gain, double seconds);
int gs_voice_set_pitch(gs_runtime *rt, int64_t voice, float pitch, double seconds);
int gs_voice_set_pan(gs_runtime *rt, int64_t voice, float pan, double seconds);
int gs_voice_set_position(gs_runtime *rt, int64_t voice, float x, float y, float z, double seconds);

/* Change a voice at once (these do not ramp), keeping its other values: its velocity in units per
 * second (the Doppler shift; counts while the voice has a place in the world), its occlusion
 * (0 ... 1, as in gs_play_options), its reverb send (0 dry ... 1, in place of its bus's default: 0.3
 * on GS_BUS_EFFECTS and GS_BUS_VOICE, 0 on the others; called right after the play, before the next
 * gs_render, it holds from the first frame). Each returns GS_OK, GS_VOICE_ENDED, or
 * GS_ERR_INVALID_ARGUMENT (NaN or infinite, out of 0 ... 1, a stream's voice, a negative id, another
 * runtime's voice; nothing changes), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_voice_set_velocity(gs_runtime *rt, int64_t voice, float x, float y, float z);
int gs_voice_set_occlusion(gs_runtime *rt, int64_t voice, float occlusion);
int gs_voice_set_reverb_send(gs_runtime *rt, int64_t voice, float send);

/* Pauses a voice where it is / resumes it from there (it stays silent while a bus above it is
 * paused). GS_OK, GS_VOICE_ENDED, or GS_ERR_INVALID_ARGUMENT (a negative id, another runtime's
 * voice), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_voice_pause(gs_runtime *rt, int64_t voice);
int gs_voice_resume(gs_runtime *rt, int64_t voice);

/* Fades a voice out over `seconds`, then stops it (0: stops it at once); it reads
 * GS_VOICE_PLAYING until the fade ends. GS_OK, GS_VOICE_ENDED, or GS_ERR_INVALID_ARGUMENT
 * (negative or non-finite seconds, a negative id, another runtime's voice), GS_ERR_NULL_POINTER,
 * GS_ERR_INVALID_HANDLE, GS_ERR_OPENAL, GS_ERR_STOPPED. */
int gs_voice_stop_fade(gs_runtime *rt, int64_t voice, double seconds);

/* GS_VOICE_PLAYING, GS_VOICE_PAUSED or GS_VOICE_ENDED, or GS_ERR_INVALID_ARGUMENT (a negative id,
 * another runtime's voice), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_voice_state(gs_runtime *rt, int64_t voice);

/* ---- Buses ------------------------------------------------------------------------------- */

/* Every sound plays on a bus, and what is heard of it is its own gain times the volume of every
 * bus from its own up to the master. Every runtime has these six, all under the master; a game
 * adds its own with gs_bus_configure. An unknown bus name is GS_ERR_UNKNOWN_NAME. Buses, their
 * volumes, mutes, pauses and ducks are kept through interruptions and media-services resets. */
#define GS_BUS_MASTER   "master"   /* the root: everything goes through it */
#define GS_BUS_MUSIC    "music"    /* the soundtrack */
#define GS_BUS_EFFECTS  "effects"  /* where gs_effect_play plays */
#define GS_BUS_UI       "ui"       /* menu clicks; plays on while the game is paused */
#define GS_BUS_VOICE    "voice"    /* dialogue and barks */
#define GS_BUS_AMBIENCE "ambience" /* background beds */

/* gs_bus_configure's "leave it as it is" for volume, limit and reserve. */
#define GS_KEEP (-1)
/* gs_bus_configure's limit: remove the bus's voice limit. */
#define GS_BUS_NO_LIMIT 0

/* Creates the bus `name`, or changes it if it exists. parent: the bus it feeds (NULL keeps an
 * existing bus's parent, or puts a new one under the master). volume: 0 or more, set at once (use
 * gs_bus_set_volume to ramp). limit: at most this many voices play directly on the bus; when it is
 * full a new sound takes the voice of a lower- or equal-priority sound on the same bus, or is
 * dropped. reserve: this many voices of the pool are kept for the bus. GS_KEEP leaves a value as it
 * is (a new bus: volume 1, no limit, no reserve); GS_BUS_NO_LIMIT removes a limit.
 * Errors: GS_ERR_UNKNOWN_NAME (parent), GS_ERR_INVALID_ARGUMENT (the parent would make a loop, a
 * parent for the master, an empty name, a value out of range), GS_ERR_NULL_POINTER,
 * GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. Nothing changes on failure. */
int gs_bus_configure(gs_runtime *rt, const char *name, const char *parent, float volume, int limit, int reserve);

/* Moves a bus's volume (0 or more, 1 unchanged) to `volume` over `seconds`, linearly and without
 * zipper noise (0: at once). Errors: GS_ERR_UNKNOWN_NAME, GS_ERR_INVALID_ARGUMENT (negative or
 * non-finite volume or seconds), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_bus_set_volume(gs_runtime *rt, const char *name, float volume, double seconds);

/* Mutes (non-zero) or unmutes (0) a bus and everything below it: exact silence for those sounds,
 * which play on unheard. Errors: GS_ERR_UNKNOWN_NAME, GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE,
 * GS_ERR_STOPPED. */
int gs_bus_set_muted(gs_runtime *rt, const char *name, int muted);

/* Pauses (non-zero) or resumes (0) every voice on a bus and below it, the soundtrack too when it
 * is under the bus; each keeps its place (a pause menu pauses GS_BUS_EFFECTS and GS_BUS_MUSIC while
 * GS_BUS_UI plays on). Errors: as gs_bus_set_muted. */
int gs_bus_set_paused(gs_runtime *rt, const char *name, int paused);

/* Writes a bus's volume as last asked for (the target of a ramp under way; mutes and ducks are not
 * in it) to *volume. Errors: GS_ERR_UNKNOWN_NAME, GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE. */
int gs_bus_volume(gs_runtime *rt, const char *name, float *volume);

/* Adds a rule: while any voice plays on `bus` (or a bus below it), `ducked` goes down by `db`
 * decibels (0 or more: 9 means -9 dB) over `attack` seconds, and comes back over `release` seconds
 * once the last one ends. When several rules lower one bus, the deepest counts. Rules stay for the
 * runtime's life. Errors: GS_ERR_UNKNOWN_NAME, GS_ERR_INVALID_ARGUMENT (one bus plays through the
 * other; a negative or non-finite value), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_bus_add_ducking(gs_runtime *rt, const char *bus, const char *ducked, float db, double attack, double release);

/* ---- Soundtrack -------------------------------------------------------------------------- */

/* Streams a WAV, FLAC, Ogg Vorbis or Opus file as the soundtrack (path NULL: restart the current one); loop
 * non-zero loops gaplessly. Heard only when the policy and the system allow; until then the
 * request is kept. The file is opened when the track starts: one that exists but does not
 * decode is reported by a "soundtrackFailed" event. Errors: GS_ERR_NULL_POINTER,
 * GS_ERR_INVALID_HANDLE, GS_ERR_IO (no readable file at path), GS_ERR_NO_SOUNDTRACK, GS_ERR_STOPPED. */
int gs_soundtrack_play(gs_runtime *rt, const char *path, int loop);

/* Pauses the soundtrack, keeping its position. */
int gs_soundtrack_pause(gs_runtime *rt);

/* Resumes a paused soundtrack where it stopped (GS_ERR_NO_SOUNDTRACK if none was given). */
int gs_soundtrack_resume(gs_runtime *rt);

/* Stops the soundtrack; the next play starts from the top. */
int gs_soundtrack_stop(gs_runtime *rt);

/* Publishes the soundtrack's title for the system's media controls (title NULL: withdraws it). On
 * the desktop the game appears as an MPRIS player, org.mpris.MediaPlayer2.gamesound.instance<pid>:
 * Play, Pause and PlayPause (media keys, a headset's button, playerctl) resume and pause the
 * soundtrack, each logged as a "remoteCommand" event ({"command":"play"}, "pause",
 * "togglePlayPause"), and Next arrives as the event {"command":"nextTrack"} for the game to act on.
 * With GS_POLICY_MEDIA_PLAYBACK the game is then the Now Playing session: pulling the output it
 * plays on interrupts it ("interruptionBegan" {"reason":"routeDisconnected"}) as on iOS 17.
 * Errors: GS_ERR_INVALID_ARGUMENT (not UTF-8), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE,
 * GS_ERR_STOPPED. */
int gs_now_playing_set(gs_runtime *rt, const char *title);

/* ---- Streams ----------------------------------------------------------------------------- */

/* Streams a WAV, FLAC, Ogg Vorbis or Opus file on a bus (NULL: GS_BUS_AMBIENCE) besides the effects and the
 * soundtrack: an ambience bed, a long line of dialogue. Any number play at once, each reading its file
 * a few buffers ahead. loop non-zero: again and again until stopped, honouring the file's loop points
 * (LOOPSTART/LOOPLENGTH comments of Vorbis, Opus and FLAC files, a WAV smpl loop). gain: 0 or more. It keeps its place through
 * interruptions. Returns a voice id >= 0 for gs_voice_set_gain, gs_voice_pause, gs_voice_resume,
 * gs_voice_stop, gs_voice_stop_fade and gs_voice_state (its pitch and place cannot change:
 * GS_ERR_INVALID_ARGUMENT), or GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_DECODING (the file
 * is missing or not a sound; nothing starts), GS_ERR_UNKNOWN_NAME (the bus), GS_ERR_INVALID_ARGUMENT
 * (the gain), GS_ERR_STOPPED. Events: "voiceStarted" ({"stream":true, ...}), then "voiceEnded". */
int64_t gs_stream_play(gs_runtime *rt, const char *path, const char *bus, int loop, float gain);

/* Writes the frame of its file a stream plays now to *frame (a looped stream counts from the file's
 * start again after each jump back; during an interruption, where it will go on from). GS_OK,
 * GS_VOICE_ENDED (the stream had ended; *frame unchanged, not an error), or GS_ERR_INVALID_ARGUMENT
 * (an effect's voice, a negative id, another runtime's voice), GS_ERR_NULL_POINTER,
 * GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_stream_position(gs_runtime *rt, int64_t voice, int64_t *frame);

/* ---- Space ------------------------------------------------------------------------------- */

/* The listener and placed sounds live in OpenAL's right-handed coordinates: x right, y up, z
 * towards the viewer, so the listener faces -z by default. Units are the game's own (metres with
 * the default speed of sound). Everything here is kept through calls, alarms (either
 * GS_INTERRUPTION_ strategy) and media-services resets. */

typedef struct gs_vec3 { float x, y, z; } gs_vec3;

/* The listener, as gs_listener_get writes it: where it stands, the direction it faces, the
 * direction of the top of its head, and how fast it moves (units per second). */
typedef struct gs_listener {
    gs_vec3 position; /* default 0, 0, 0 */
    gs_vec3 at;       /* default 0, 0, -1 */
    gs_vec3 up;       /* default 0, 1, 0 */
    gs_vec3 velocity; /* default 0, 0, 0 */
} gs_listener;

/* Move, turn or speed the listener over `seconds` (0: at once); each call changes only its part.
 * Cheap enough to call every frame from the camera with seconds 0. A turn goes round on the sphere
 * (a half turn round the head, not through it); at and up need not be of length 1, and are given
 * together so that a turn never passes through an invalid pair. Errors: GS_ERR_INVALID_ARGUMENT
 * (a number that is NaN or infinite, a zero direction, at along up either way, negative or
 * non-finite seconds; nothing changes), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED.
 * A change at once (seconds 0) ends a move or turn under way, which jumps to where it was heading. */
int gs_listener_set_position(gs_runtime *rt, float x, float y, float z, double seconds);
int gs_listener_set_orientation(gs_runtime *rt, float at_x, float at_y, float at_z, float up_x, float up_y,
                                float up_z, double seconds);
int gs_listener_set_velocity(gs_runtime *rt, float x, float y, float z, double seconds);

/* Writes the listener as last set (where a ramp under way is heading) to *listener. Errors:
 * GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE. */
int gs_listener_get(gs_runtime *rt, gs_listener *listener);

/* Chooses how every placed sound fades with distance (GS_DISTANCE_...; gs_config.distance_model
 * sets the first). Errors: GS_ERR_INVALID_ARGUMENT (no GS_DISTANCE_ value; nothing changes),
 * GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_set_distance_model(gs_runtime *rt, int model);

/* How strong the Doppler shift is (1 natural, the default; 0 none; 0 or more) and the speed of sound
 * in units per second (more than 0; 343.3, the default, for metres). Errors: GS_ERR_INVALID_ARGUMENT
 * (nothing changes), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_set_doppler(gs_runtime *rt, float factor, float speed_of_sound);

/* gs_environment_set: the acoustic space the listener is in. The names are those of the scenario
 * format and of the "environmentChanged" event. */
#define GS_ENV_NONE       0 /* "none": no reverb, every sound dry (the default) */
#define GS_ENV_GENERIC    1 /* "generic": a medium, neutral space */
#define GS_ENV_ROOM       2 /* "room": short, quiet reflections */
#define GS_ENV_HALL       3 /* "hall": a concert hall, long and smooth */
#define GS_ENV_HANGAR     4 /* "hangar": a very long, bright tail */
#define GS_ENV_CORRIDOR   5 /* "corridor": close, ringing reflections */
#define GS_ENV_CAVE       6 /* "cave": long, dark and dense */
#define GS_ENV_UNDERWATER 7 /* "underwater": muffled, with a strong late tail */

/* Crossfades the reverb every sound sends to (by its bus's default or gs_voice_set_reverb_send) into
 * `environment` over `seconds` (0: at once). Events: "environmentChanged"
 * ({"environment":"hall","from":"none","over":0}); where the device has no EFX,
 * "environmentUnavailable" once, and everything plays dry. Errors: GS_ERR_INVALID_ARGUMENT (no GS_ENV_
 * value, negative or non-finite seconds; nothing changes), GS_ERR_NULL_POINTER,
 * GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_environment_set(gs_runtime *rt, int environment, double seconds);

/* The environment as last set: a GS_ENV_ value, or GS_ERR_NULL_POINTER / GS_ERR_INVALID_HANDLE. */
int gs_environment_get(gs_runtime *rt);

/* Whether placed sounds are rendered with HRTF now, as the output device reports it (what OpenAL
 * Soft granted, not what was asked: 0 at a sample rate no HRTF set has). gs_config.spatialization and
 * the route decide when it is asked for; "spatializationChanged" says each switch. 1 or 0, or
 * GS_ERR_NULL_POINTER / GS_ERR_INVALID_HANDLE. */
int gs_hrtf_active(gs_runtime *rt);

/* ---- Headless output --------------------------------------------------------------------- */

/* Renders the next `frames` frames of a GS_OUTPUT_HEADLESS runtime into interleaved_stereo
 * (2 * frames int16_t, left then right). The runtime's clock moves only here. The output is
 * all zeros while the session is interrupted or the system silences it. Errors:
 * GS_ERR_WRONG_OUTPUT (a real-time runtime), GS_ERR_INVALID_ARGUMENT (frames < 0),
 * GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_STOPPED. */
int gs_render(gs_runtime *rt, int16_t *interleaved_stereo, int32_t frames);

/* Renders a scenario file (docs/scenarios.md) headlessly: the audio to wav_path (16-bit stereo),
 * the JSON Lines event log to events_path (NULL: not written). Sounds are looked up in the
 * environment variable GAMESOUND_ASSETS if set, else in the "assets" folder next to the folder
 * that holds the scenario. Errors: GS_ERR_NULL_POINTER, GS_ERR_SCENARIO, GS_ERR_IO,
 * GS_ERR_UNAVAILABLE (a build without the scenario runner). */
int gs_render_scenario(const char *scenario_path, const char *wav_path, const char *events_path);

/* ---- The simulated device and the session ------------------------------------------------ */

/* The system the runtime lives in: GS_SYSTEM_SIMULATED or GS_SYSTEM_DESKTOP (what GS_SYSTEM_AUTO
 * chose), or GS_ERR_NULL_POINTER / GS_ERR_INVALID_HANDLE. */
int gs_system_kind(gs_runtime *rt);

/* Makes something happen to the device, with the names of the scenario format: "phone.ring",
 * "phone.decline", "phone.accept", "phone.hangUp", "alarm.fire", "alarm.dismiss", "music.play",
 * "music.pause", "silentSwitch.on", "silentSwitch.off", "screen.lock", "screen.unlock",
 * "mediaServices.lose", "mediaServices.reset", "app.background", "app.foreground", and with
 * key=value parameters: "route.plug port=headphones", "route.unplug port=headphones",
 * "volume.set value=0.5", "otherApp.activate category=playback options=mixWithOthers,duckOthers",
 * "otherApp.deactivate notifyOthers=true", "session.overrideOutput port=speaker" (or port=none; refused
 * unless the policy is GS_POLICY_VOICE_CHAT). An answered call ("phone.accept") sends the game to the
 * background; "phone.hangUp" brings it back and the runtime recovers by itself. On the desktop only
 * "silentSwitch.on"/"off" and "screen.lock"/"unlock" are simulated on top of it: every other action
 * is GS_ERR_REFUSED, nothing changed (the desktop itself rings, plays and plugs). Errors: GS_ERR_UNKNOWN_NAME (action),
 * GS_ERR_INVALID_ARGUMENT (parameters), GS_ERR_REFUSED (makes no sense now; nothing changed),
 * GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE. */
int gs_system_action(gs_runtime *rt, const char *action);

/* State: 1 yes, 0 no, or GS_ERR_NULL_POINTER / GS_ERR_INVALID_HANDLE. */
int gs_session_is_active(gs_runtime *rt);
int gs_session_is_interrupted(gs_runtime *rt);      /* a call or an alarm holds the audio */
int gs_session_other_audio_playing(gs_runtime *rt); /* the player's music or another app */
int gs_session_secondary_hint(gs_runtime *rt);      /* the system asks to silence the soundtrack */
int gs_output_is_silenced(gs_runtime *rt);          /* silent switch, screen lock, background */
int gs_output_is_ducked(gs_runtime *rt);            /* another app ducks the game (-12 dB) */

/* The sample rate (Hz) and I/O buffer (seconds, one period: the frames the output mixes at a time;
 * added in 1.1) the session was granted, written to *sample_rate and *io_buffer_duration. gs_config.sample_rate
 * and io_buffer_duration are what the runtime asks for; on the desktop they choose OpenAL Soft's
 * output (its rate, its period, 3 periods towards the server)
 * and these are read back from the device after the server set up its stream: the server has the
 * last word (docs/linux-system.md, "The I/O buffer"). On the simulated system: the simulated grant.
 * Errors: GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE; nothing is written then. */
int gs_session_io_configuration(gs_runtime *rt, double *sample_rate, double *io_buffer_duration);

/* The game's window, as the app's lifecycle (added in 1.1; docs/linux-system.md). Call it from the
 * toolkit's window events (SDL: SDL_WINDOWEVENT_FOCUS_GAINED/_LOST, _MINIMIZED/_HIDDEN,
 * _RESTORED/_SHOWN; GLFW: the focus and iconify callbacks) with a GS_WINDOW_ value. Under
 * gs_config.background_policy the window sends the app to the background or brings it back, as the
 * simulated system's "app.background"/"app.foreground" do: off screen, ambient and soloAmbient go
 * silent and the app is suspended (its session deactivated) unless it plays with a category that
 * plays in the background (GS_POLICY_MEDIA_PLAYBACK, playing); back on screen the runtime recovers,
 * reads the other audio and the hint afresh, and chooses its category and soundtrack again.
 * The same state again changes nothing. Returns GS_OK, or GS_ERR_INVALID_ARGUMENT (not a GS_WINDOW_
 * value; nothing changes), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE. */
int gs_window_changed(gs_runtime *rt, int32_t window);

/* Where the app stands: GS_APP_FOREGROUND, GS_APP_BACKGROUND or GS_APP_SUSPENDED (added in 1.1),
 * or GS_ERR_NULL_POINTER / GS_ERR_INVALID_HANDLE. */
int gs_app_state(gs_runtime *rt);

/* The session's category: "ambient", "soloAmbient", "playback", ... The string lives as long as
 * the process. NULL on failure (GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE). */
const char *gs_session_category(gs_runtime *rt);

/* ---- Events ------------------------------------------------------------------------------ */

/* Receives each event the runtime logs: its event-log name ("interruptionBegan",
 * "effectPlayed", ...), the audio frame it happened at, its details as a JSON object
 * ({"reason":"default"}; {} when none) and the user_data given with it. Called outside the
 * runtime's lock, one call at a time, in the order the events were logged: usually on the thread
 * that caused the event, before its call returns (docs/c-api.md, "Threading rules"); no call on
 * another thread waits for it. The strings are valid only during the call. It may call any gs_
 * function, on any runtime. */
typedef void (*gs_event_callback)(const char *name, int64_t frame, const char *details_json,
                                  void *user_data);

/* Sets the runtime's callback (NULL: none). Errors: GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE. */
int gs_set_event_callback(gs_runtime *rt, gs_event_callback callback, void *user_data);

/* ---- Log --------------------------------------------------------------------------------- */

/* The levels of log messages. The library's finer levels fold into these: trace into
 * GS_LOG_DEBUG, notice (good news, such as an output that opened again) into GS_LOG_INFO,
 * critical into GS_LOG_ERROR. */
#define GS_LOG_DEBUG   0
#define GS_LOG_INFO    1
#define GS_LOG_WARNING 2
#define GS_LOG_ERROR   3

/* Receives each log message at or above the level it was set with: its GS_LOG_ level, a stable
 * short code ("effect.undecodable", "output.reopen-failed"; docs/c-api.md lists them) and its text,
 * with the user_data given with it. Called from a delivery thread of the library's own, one message
 * at a time, in the order they were logged, never while a runtime holds its lock: it may call any
 * gs_ function. The strings are valid only during the call. */
typedef void (*gs_log_handler)(int level, const char *code, const char *message, void *user_data);

/* Sets the process-wide log handler (every runtime; NULL: the default). Without one, warnings and
 * errors go to stderr as "gamesound: <level> <code>: <text>", nothing below. When it returns,
 * every message logged before has reached the previous handler, which is not called again (not so
 * when called from a handler or an event callback). min_level: a GS_LOG_ value, ignored with NULL.
 * Errors: GS_ERR_INVALID_ARGUMENT (min_level; nothing changes). */
int gs_set_log_handler(gs_log_handler handler, void *user_data, int min_level);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GAMESOUND_H */
