// SPDX-License-Identifier: Zlib
import AudioSession

/// How a ``GameSoundRuntime`` sets itself up: which category policy, which output, how many voices.
public struct GameSoundConfiguration: Sendable, Hashable {
    /// Which session category the game uses and whether it plays a soundtrack.
    public enum Policy: String, Sendable, Hashable, CaseIterable {
        /// Category ambient, never a soundtrack: the player's music always plays on.
        case effectsOnly
        /// Category soloAmbient, always with the soundtrack: other audio stops when the game starts.
        case effectsPlusSoundtrack
        /// The default. If other audio is playing when the session (re)activates, ambient without a
        /// soundtrack; otherwise soloAmbient with the soundtrack.
        case effectsPlusSoundtrackIfNoOtherAudio
        /// Category playback: not silenced by the silent switch or screen lock; pauses the soundtrack
        /// when headphones are pulled.
        case mediaPlayback
        /// Category playAndRecord with the speaker by default and Bluetooth headsets allowed, for a game
        /// with voice chat: not silenced by the silent switch, soundtrack always; the output can be
        /// moved with `session.overrideOutput`, which never pauses the soundtrack.
        case voiceChat
    }

    /// Where the mix goes.
    public enum Output: Sendable, Hashable {
        /// OpenAL Soft's output device (nil: the default one), mixed in real time by OpenAL Soft.
        case realtime(deviceName: String? = nil)
        /// A loopback device rendered on request with ``GameSoundRuntime/render(frames:)``, never
        /// waiting on the wall clock: for tests, CI and offline rendering.
        case headless
    }

    /// What happens to the OpenAL context during an interruption.
    public enum InterruptionStrategy: String, Sendable, Hashable, CaseIterable {
        /// The context is made nil and the output stopped; at the end the same context comes back.
        case suspendContext
        /// The pre-iOS-3 way: the context is destroyed, and rebuilt with its sources at the end. Uses
        /// the same machinery as the recovery from a media-services reset.
        case rebuildContext
    }

    /// What the soundtrack does when the route changes.
    public enum RoutePolicy: String, Sendable, Hashable, CaseIterable {
        /// Keep playing through whatever output the system picks (games usually want this).
        case playOn
        /// Pause the soundtrack when the old output disappears (headphones pulled), like a media player.
        /// Never on an override or a category change.
        case pauseSoundtrackOnDeviceLoss
    }

    /// The category policy; the default is ``Policy/effectsPlusSoundtrackIfNoOtherAudio``.
    public var policy: Policy
    /// Real-time or headless output; ``Output/realtime(deviceName:)`` on the default device by default.
    public var output: Output
    /// The mixing rate in hertz; 48 000 by default. One of 22 050, 32 000, 44 100, 48 000, 88 200
    /// or 96 000, else the runtime refuses to start.
    public var sampleRate: Int
    /// How many effects can sound at once (the voice pool); 32 by default, 1 to 255.
    public var voices: Int
    /// How interruptions treat the OpenAL context; ``InterruptionStrategy/suspendContext`` by default.
    public var interruptionStrategy: InterruptionStrategy
    /// What the soundtrack does on a route change; nil picks the policy's default
    /// (``RoutePolicy/pauseSoundtrackOnDeviceLoss`` for ``Policy/mediaPlayback``, else ``RoutePolicy/playOn``).
    public var routePolicy: RoutePolicy?
    /// Frames between two runs of the update (stream refills, fades, retries); 256 by default, at
    /// least 16 and a multiple of 4 (OpenAL Soft's reverb mixes in groups of 4 frames).
    ///
    /// Headless output updates exactly this often. The runtime also asks the session for an I/O
    /// buffer of this length on the simulated system (on the desktop: ``ioBufferDuration``);
    /// real-time output then updates once per buffer the system actually grants (4096 frames while
    /// the screen is locked, for instance).
    public var updateFrames: Int
    /// The I/O buffer the session asks for, in seconds (0.001 to 0.5), or nil for the default.
    ///
    /// On the desktop it chooses the real output's period, the audio mixed at a time and handed to
    /// the sound server, of which 3 are kept queued (``serverOutput``, or OpenAL Soft's own output).
    /// A smaller one is heard sooner and needs the CPU more often: on a busy machine the output gaps
    /// (crackles) when the mixer does not get the CPU within the queued time. The session's `ioBufferDuration`
    /// reports what the device really got (docs/linux-system.md, "The I/O buffer"). nil asks for
    /// ``defaultDesktopIOBufferFrames`` frames at ``sampleRate`` on the desktop; on the simulated
    /// system it asks for ``updateFrames``, as it always has (its grants and logs stay the same).
    public var ioBufferDuration: Double?
    /// The desktop's default I/O buffer, in frames: 512 (10.7 ms at 48 kHz), the largest measured
    /// size heard no later than SDL_mixer after a play call on PulseAudio and PipeWire
    /// (docs/performance.md, "The I/O buffer"). Ask for 1024 for fewer gaps on a loaded machine,
    /// 256 to be heard sooner still.
    public static let defaultDesktopIOBufferFrames = 512
    /// How long the soundtrack fades when the secondary-audio hint begins or ends, in seconds; 0.25 by
    /// default, 0 to 60.
    public var hintFadeDuration: Double
    /// The seed of the runtime's one random generator, which picks variants, pitches and gains of
    /// defined sounds (``SoundDefinition``); 0 by default. The same seed gives the same choices,
    /// so a headless render is byte-identical for one seed and differs for another.
    public var seed: UInt64
    /// How sounds placed in the world become two channels; ``Spatialization/auto`` by default
    /// (HRTF on headphones, stereo panning on speakers, following the route).
    public var spatialization: Spatialization = .auto
    /// How sounds fade with distance; ``DistanceModel/inverseClamped`` by default.
    public var distanceModel: DistanceModel = .inverseClamped
    /// How many sounds beyond ``voices`` may play virtually: tracked in time, silent, with no
    /// OpenAL source, and made real (at the place they have reached) when they outrank a real one:
    /// a higher priority, or the same priority and louder, as FMOD ranks them; 0 to 32 767 − ``voices``.
    ///
    /// ``defaultVirtualVoices`` (512) by default: a level can start 500 looping emitters on the
    /// 32-voice pool and the player hears the 32 nearest, as FMOD and Wwise behave. While the pool
    /// is not full nothing changes; once it is, a new sound takes the source of the lowest-ranked
    /// real voice if it outranks it, and otherwise starts virtual, instead of stealing. Only
    /// when the virtual voices are used up too does a sound steal or drop by priority.
    ///
    /// Set 0 to opt out: a full pool then steals the lowest-priority voice or drops the new sound
    /// (`effectDropped`, `allVoicesOutrank`) at once, as before virtual voices existed.
    public var virtualVoices: Int = Self.defaultVirtualVoices
    /// The default of ``virtualVoices``: 512, room for 500 emitters on the default 32 voices and
    /// some one-shots besides. What idle virtual voices and 500 emitters cost is in
    /// docs/performance.md.
    public static let defaultVirtualVoices = 512
    /// When the game's window counts as the app being in the background
    /// (``GameSoundRuntime/windowChanged(_:)``): minimised or hidden by default, as on iOS.
    public var backgroundPolicy: BackgroundPolicy = .whenHidden
    /// Whether the runtime asks for a real-time priority for the threads that feed a real-time
    /// output: the thread that mixes (on PulseAudio or PipeWire the ``serverOutput``'s libpulse loop;
    /// on OpenAL Soft's own output its mixer thread, and the libpulse loop that carries its stream)
    /// and the runtime's update thread; true by default.
    ///
    /// A busy machine (a game's own threads, shader compiles, a browser) gives normal threads the
    /// CPU in turn, and an audio thread that waits too long is heard as a gap. At a real-time
    /// priority it runs first. The runtime sets it directly where the process may (root,
    /// `CAP_SYS_NICE`, `RLIMIT_RTPRIO`), else asks RealtimeKit on the system bus, or the Realtime
    /// portal inside Flatpak. If none grants it, one `realtime.refused` line is logged and the game
    /// plays as before. The game's own threads are never touched. Headless output has no such
    /// threads and ignores it. docs/linux-system.md says what is asked and how to check it.
    public var realtimePriority = true
    /// Whether, on PulseAudio or PipeWire, GameSound mixes the output itself and writes it to the
    /// sound server (true by default), rather than leaving both to OpenAL Soft's own PulseAudio backend.
    ///
    /// The mix is still OpenAL Soft's, made on one thread as the server asks for it instead of on
    /// three: about half the CPU at the same I/O buffer (docs/performance.md, "An output of our
    /// own"). When no server answers, or OpenAL Soft's drivers are narrowed to others
    /// (`ALSOFT_DRIVERS` without `pulse`), or the game names an output device, OpenAL Soft's own
    /// output is used, as when this is false; and when the player sets `GAMESOUND_SERVER_OUTPUT=0`.
    public var serverOutput = true
    /// Whether a headless update may do nothing but glance at the system's status while nothing is
    /// due (true). Within the package only: the storms turn it off to hold quiet updates to whole ones.
    package var quietUpdates = true
    /// Whether the runtime keeps the frames at which OpenAL Soft started some mixing afresh
    /// (``GameSoundRuntime/freshStartFrames()``). Within the package only: the storms' rebuild
    /// comparison turns it on; a game never reads them, so they are not kept.
    package var notesFreshStarts = false
    /// The FIFO the testbed writes the simulated-only switches to; nil reads
    /// `GAMESOUND_TESTBED_SWITCHES` from the environment. Within the package only: tests running in
    /// parallel set it instead of the process's environment.
    package var testbedSwitchesPath: String?

    /// Creates a configuration; every parameter has the default a typical game wants.
    ///
    /// - Parameters:
    ///   - policy: The category policy.
    ///   - output: Real-time or headless.
    ///   - sampleRate: The mixing rate in hertz.
    ///   - voices: The size of the effect voice pool.
    ///   - interruptionStrategy: Suspend or rebuild the context during interruptions.
    ///   - routePolicy: What the soundtrack does on a route change; nil for the policy's default.
    ///   - updateFrames: Frames between two runs of the update.
    ///   - hintFadeDuration: Seconds of the soundtrack fade for the secondary-audio hint.
    ///   - seed: The seed of the runtime's random generator.
    public init(policy: Policy = .effectsPlusSoundtrackIfNoOtherAudio, output: Output = .realtime(),
                sampleRate: Int = 48_000, voices: Int = 32, interruptionStrategy: InterruptionStrategy = .suspendContext,
                routePolicy: RoutePolicy? = nil, updateFrames: Int = 256, hintFadeDuration: Double = 0.25, seed: UInt64 = 0) {
        self.policy = policy
        self.output = output
        self.sampleRate = sampleRate
        self.voices = voices
        self.interruptionStrategy = interruptionStrategy
        self.routePolicy = routePolicy
        self.updateFrames = updateFrames
        self.hintFadeDuration = hintFadeDuration
        self.seed = seed
    }

    /// The route policy in force: the one set, or the policy's default.
    public var effectiveRoutePolicy: RoutePolicy {
        routePolicy ?? (policy == .mediaPlayback ? .pauseSoundtrackOnDeviceLoss : .playOn)
    }
}
