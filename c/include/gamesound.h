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

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Result codes ------------------------------------------------------------------------ */

#define GS_OK                    0   /* success */
#define GS_ERR_NULL_POINTER     (-1)  /* a required pointer argument was NULL */
#define GS_ERR_INVALID_HANDLE   (-2)  /* not a live runtime: destroyed, or never created */
#define GS_ERR_INVALID_ARGUMENT (-3)  /* a value out of range, a malformed parameter */
#define GS_ERR_UNKNOWN_NAME     (-4)  /* no effect or system action has that name */
#define GS_ERR_DECODING         (-5)  /* a sound file is missing, unreadable or not WAV/Ogg Vorbis */
#define GS_ERR_WRONG_OUTPUT     (-6)  /* the call needs the other output mode (gs_render on real time) */
#define GS_ERR_OPENAL           (-7)  /* OpenAL refused (no output device, for example) */
#define GS_ERR_SESSION          (-8)  /* the audio session refused (activating during a call) */
#define GS_ERR_STOPPED          (-9)  /* the runtime was shut down */
#define GS_ERR_REFUSED          (-10) /* a system action that makes no sense now; nothing changed */
#define GS_ERR_NO_SOUNDTRACK    (-11) /* resuming or restarting a soundtrack that was never given */
#define GS_ERR_DROPPED          (-12) /* the effect was not played (interrupted, all voices busy) */
#define GS_ERR_IO               (-13) /* a file or folder could not be read or written */
#define GS_ERR_SCENARIO         (-14) /* a scenario file is malformed or could not be rendered */
#define GS_ERR_UNAVAILABLE      (-15) /* this build of the library lacks the feature */

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

/* How a runtime starts. Always fill it with gs_config_init() first, then change fields:
 * the reserved slots must be zero (later versions give them meanings). */
typedef struct gs_config {
    int32_t policy;                /* GS_POLICY_... */
    int32_t output;                /* GS_OUTPUT_... */
    int32_t sample_rate;           /* 22050, 32000, 44100, 48000 (default), 88200 or 96000 */
    int32_t voices;                /* effects that can sound at once, 1...255; default 32 */
    int32_t launch_other_audio;    /* GS_OTHER_AUDIO_... */
    int32_t launch_silent_switch;  /* non-zero: the silent switch is on at launch */
    int32_t launch_screen_locked;  /* non-zero: the screen is locked at launch */
    int32_t interruption_strategy; /* GS_INTERRUPTION_... */
    int32_t reserved[8];
} gs_config;

/* The library reads gs_config as sixteen int32_t (64 bytes); fail the build if a compiler disagrees. */
typedef char gs_config_size_check[sizeof(gs_config) == 64 ? 1 : -1];

/* Fills *config with the defaults. NULL: records GS_ERR_NULL_POINTER, does nothing else. */
void gs_config_init(gs_config *config);

/* ---- Runtime ----------------------------------------------------------------------------- */

/* A running GameSound: its audio session, output, effects and soundtrack. Opaque. */
typedef struct gs_runtime gs_runtime;

/* Creates a runtime: sets the session's category, opens the output, activates.
 * Returns NULL on failure (GS_ERR_NULL_POINTER, GS_ERR_INVALID_ARGUMENT, GS_ERR_OPENAL);
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

/* "GS_OK", "GS_ERR_INVALID_HANDLE", ... for a result code; "GS_ERR_UNKNOWN_CODE" otherwise.
 * Never NULL; the string lives as long as the process. */
const char *gs_result_name(int code);

/* ---- Effects ----------------------------------------------------------------------------- */

/* Decodes a WAV or Ogg Vorbis file, mono or stereo, and keeps it
 * under name. Loading a name again replaces the sound. Errors: GS_ERR_NULL_POINTER,
 * GS_ERR_INVALID_HANDLE, GS_ERR_DECODING, GS_ERR_STOPPED. */
int gs_effect_load(gs_runtime *rt, const char *name, const char *path);

/* Decodes every .wav and .ogg file of folder (not recursive), each under its file name without
 * the extension, in parallel. Returns how many loaded (files that fail are skipped), or
 * GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE, GS_ERR_IO, GS_ERR_STOPPED. */
int gs_effect_load_folder(gs_runtime *rt, const char *folder);

/* Plays a loaded effect once. gain: 1 unchanged; pitch: 1 unchanged, 2 an octave up;
 * pan: -1 left ... 1 right (mono effects). Returns a voice id >= 0, or GS_ERR_NULL_POINTER,
 * GS_ERR_INVALID_HANDLE, GS_ERR_UNKNOWN_NAME, GS_ERR_INVALID_ARGUMENT, GS_ERR_STOPPED, or
 * GS_ERR_DROPPED when it was not played (during a call, for example). */
int64_t gs_effect_play(gs_runtime *rt, const char *name, float gain, float pitch, float pan);

/* Stops a voice. A voice that finished, or whose slot now plays another sound, is left alone.
 * Errors: GS_ERR_INVALID_ARGUMENT (negative id), GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE,
 * GS_ERR_STOPPED. */
int gs_voice_stop(gs_runtime *rt, int64_t voice);

/* ---- Soundtrack -------------------------------------------------------------------------- */

/* Streams an Ogg Vorbis file as the soundtrack (path NULL: restart the current one); loop
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

/* Makes something happen to the device, with the names of the scenario format: "phone.ring",
 * "phone.decline", "phone.accept", "phone.hangUp", "alarm.fire", "alarm.dismiss", "music.play",
 * "music.pause", "silentSwitch.on", "silentSwitch.off", "screen.lock", "screen.unlock",
 * "mediaServices.lose", "mediaServices.reset", "app.background", "app.foreground", and with
 * key=value parameters: "route.plug port=headphones", "route.unplug port=headphones",
 * "volume.set value=0.5", "otherApp.activate category=playback options=mixWithOthers,duckOthers",
 * "otherApp.deactivate notifyOthers=true", "session.overrideOutput port=speaker" (or port=none; refused
 * unless the policy is GS_POLICY_VOICE_CHAT). An answered call ("phone.accept") sends the game to the
 * background; "phone.hangUp" brings it back and the runtime recovers by itself. Errors: GS_ERR_UNKNOWN_NAME (action),
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

/* The session's category: "ambient", "soloAmbient", "playback", ... The string lives as long as
 * the process. NULL on failure (GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE). */
const char *gs_session_category(gs_runtime *rt);

/* ---- Events ------------------------------------------------------------------------------ */

/* Receives each event the runtime logs: its event-log name ("interruptionBegan",
 * "effectPlayed", ...), the audio frame it happened at, its details as a JSON object
 * ({"reason":"default"}; {} when none) and the user_data given with it. Called synchronously
 * on the thread that caused the event, in order; the strings are valid only during the call.
 * It may call any gs_ function, including on the same runtime. */
typedef void (*gs_event_callback)(const char *name, int64_t frame, const char *details_json,
                                  void *user_data);

/* Sets the runtime's callback (NULL: none). Errors: GS_ERR_NULL_POINTER, GS_ERR_INVALID_HANDLE. */
int gs_set_event_callback(gs_runtime *rt, gs_event_callback callback, void *user_data);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GAMESOUND_H */
