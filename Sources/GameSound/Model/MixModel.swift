// SPDX-License-Identifier: Zlib
import AudioSession
/// What should sound, as one plain value: the voices of the pool and who holds them, the buses
/// and their ducks, the sound definitions, the listener and the world's acoustics, and the clocks
/// that virtual voices and ramps move by.
///
/// Nothing in it names OpenAL, so a test can build one, change it and move it on with no device.
/// The runtime changes it on every call of the game and moves it on at every update
/// (``advanceClock(to:)``); the mirror (``ALMirror``) then writes to OpenAL what the model says.
/// After an interruption or a rebuild the model is untouched, so recovery is one more pass of the
/// mirror over it, never a feature's own code.
struct MixModel: Equatable {
    /// The pool, one entry per slot (real voices first, then the virtual ones).
    var voices: [VoiceSlot]
    /// Which slots are taken, by which bus, with what priority and generation.
    var allocator: VoiceAllocator
    var buses = BusTree()
    /// The buses' limits and reserves as the allocator takes them (``BusTree/allocatorRules``).
    var allocatorRules: [VoiceAllocator.BusRule] = []
    var duckStates: [DuckState] = []
    /// The ducking rules' gain on each bus (1: not ducked).
    var duckGains: [Float] = Array(repeating: 1, count: BusName.standard.count)
    /// The gain another app's ducking puts on the whole output: a ramp towards the ducked level
    /// while ducked, back to 1 when the duck ends.
    var duckRamp = Ramp<Float>.steady(1)
    /// Why the system silences the game's output now (the silent switch, the screen lock, the app in
    /// the background), as the session last said; nil while it may be heard. Changed by ``followSilence(_:)``.
    private(set) var silenceCause: OutputSilenceCause?
    /// The frame by which bus ramps and ducks have arrived; the update after it applies them one last time.
    var mixSettlesAt = 0
    /// Likewise for voice ramps and fade-outs.
    var voiceRampsSettleAt = 0
    /// Likewise for the listener ramp and the environment crossfade.
    var spaceSettlesAt = 0
    var definitions: [String: DefinedSound] = [:]

    var listener = Listener()
    /// The listener on its way to ``listener`` (nil once it is there).
    var listenerRamp: Ramp<Listener>?
    var distanceModel: DistanceModel
    var dopplerFactor: Float = 1
    var speedOfSound: Float = 343.3
    /// The environment the game asked for.
    var environment = Environment.none
    /// How far ``environment`` has faded in over what was heard before it (1: it is all that is heard).
    private(set) var environmentFade = Ramp<Float>.steady(1)

    /// The title the game published for the media controls (``GameSoundRuntime/setNowPlaying(title:)``);
    /// the runtime tells the session whenever it, or whether the soundtrack is heard, changes.
    var nowPlayingTitle: String?

    /// What the game asked of the soundtrack, and what holds it back.
    var soundtrackRequest = SoundtrackRequest()
    /// The soundtrack as it was last started: nil when stopped or not started yet. It plays on the
    /// music bus, a stream like the others.
    var soundtrack: StreamRecord?
    /// Tracks fading out of a crossfade (at most one).
    var outgoingTracks: [StreamRecord] = []
    /// Streamed voices besides the soundtrack, by slot above ``RuntimeCore/streamSlotBase`` (an
    /// ended one stays, not live, until its slot is taken again).
    var streamVoices: [StreamRecord] = []

    /// How many voices play without a source (see RuntimeCore+Virtual).
    var virtualVoiceCount = 0
    /// Updates left before the virtual voices are ranked again.
    var rankingCountdown = 0
    /// Frames of output played while running: the time virtual voices move on in.
    var playingClock = PlayingClock()
    /// The frame of the update before the running one: work whose end came after it is applied
    /// once more, so that it lands exactly on its target whatever the update period.
    var previousUpdateFrame = 0
    /// The last ``StreamRecord/id`` handed out.
    var lastStreamID = 0

    /// An empty model for a pool of `voiceCount` slots, with the configuration's distance model.
    init(voiceCount: Int, distanceModel: DistanceModel) {
        voices = Array(repeating: VoiceSlot(), count: voiceCount)
        allocator = VoiceAllocator(count: voiceCount)
        self.distanceModel = distanceModel
    }

    // MARK: - Reading it

    /// The listener at `frame` (partway through a ramp, if one runs).
    func listener(at frame: Int) -> Listener { listenerRamp?.value(at: frame) ?? listener }

    /// The master bus's own gain at `frame` (volume, mute, ducking rules), which goes on the listener.
    func masterGain(at frame: Int) -> Float { buses.ownGain(BusTree.master, at: frame, ducks: duckGains) }

    /// Whether a voice should be heard: not paused by the game nor by a bus above it.
    func shouldSound(_ slot: Int) -> Bool { !voices[slot].pausedByGame && !buses.isPaused(voices[slot].bus) }

    /// Whether the virtual voices are ranked at this update (every so many updates while any voice
    /// is virtual). Between rankings, virtual voices move on with the playing clock alone.
    var rankingDue: Bool { virtualVoiceCount > 0 && rankingCountdown <= 1 }

    /// Whether nothing of the mix moves from `frame` on: no duck of another app, bus ramp, ducking
    /// rule, voice ramp, fade-out, listener ramp or environment crossfade under way (streams and
    /// the rules' triggers are the runtime's to add).
    func mixIsStill(at frame: Int) -> Bool {
        duckRamp.isFinished(at: frame) && frame > mixSettlesAt && frame > voiceRampsSettleAt && frame > spaceSettlesAt
            && listenerRamp == nil
    }

    // MARK: - Moving it on

    /// Moves the playing clock on to `frame` (the output ran since the last update) and remembers
    /// the last update's frame, for the work that ends between the two.
    mutating func advanceClock(to frame: Int) {
        previousUpdateFrame = playingClock.advance(to: frame)
    }

    /// A new stream's ``StreamRecord/id``: never used before in this runtime.
    mutating func newStreamID() -> Int {
        lastStreamID += 1
        return lastStreamID
    }

    /// Counts the virtual voices' ranking down by one update (a quiet one, which does not rank).
    mutating func countRankingDown() {
        if virtualVoiceCount > 0 { rankingCountdown -= 1 }
    }
}

// MARK: - The environment

extension MixModel {
    /// Fades ``environment`` in from `now` over `frames` while what was heard before fades out (the
    /// crossfade after a change; a new reverb, which starts empty, fading in from nothing).
    mutating func fadeInEnvironment(at now: Int, over frames: Int) {
        environmentFade = Ramp(from: 0, to: 1, startFrame: now, frames: frames)
        spaceSettlesAt = max(spaceSettlesAt, now + frames)
    }

    /// ``environment`` is all that is heard, at once (it changed while nothing could be heard).
    mutating func settleEnvironment() {
        environmentFade = .steady(1)
    }
}

// MARK: - Silence

extension MixModel {
    /// What following the session's silence cause changed.
    enum SilenceChange: Equatable {
        /// Silenced, by this cause (or by another than before).
        case silenced(OutputSilenceCause)
        /// Heard again; this cause had silenced it.
        case unsilenced(OutputSilenceCause)
    }

    /// Takes the session's silence cause; nil when it is the one already followed.
    mutating func followSilence(_ cause: OutputSilenceCause?) -> SilenceChange? {
        guard cause != silenceCause else { return nil }
        let previous = silenceCause
        silenceCause = cause
        if let cause { return .silenced(cause) }
        return previous.map { .unsilenced($0) }
    }
}
