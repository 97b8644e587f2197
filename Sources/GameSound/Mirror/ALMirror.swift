// SPDX-License-Identifier: Zlib
import OpenAL

/// The one owner of OpenAL inside GameSound: the device, the context, every source, buffer, reverb
/// slot and filter a runtime made, and what it last gave each of them. Nothing outside this folder
/// imports OpenAL; the rest of the runtime says what should sound in plain values (slots, gains,
/// places, effect names) and the mirror turns that into OpenAL calls.
///
/// It lives inside its runtime's ``RuntimeCore`` and, like it, is touched only with
/// `OpenALProcess`'s lock held (``CoreBox``), and OpenAL only with its ``work`` lock held too, except
/// by the audio thread making recorded writes (ALMirror+Deferred). Every failed call reaches the event log and the game's
/// log once, typed, naming what it affected (``attempt(_:_:)``).
final class ALMirror {
    /// A source's state, as the runtime needs to know it.
    enum SourceState: Equatable {
        /// Never played since its buffer was set (or rewound).
        case initial
        case playing
        case paused
        /// Played to its end, or stopped.
        case stopped
    }

    /// What one slot of the voice pool holds in OpenAL, and what its source was last given of the
    /// values that cost a call to change (the shadow: a value equal to it is not written again).
    /// A new source's shadow holds OpenAL's defaults where they are known (pitch 1); a write that
    /// failed, or was dropped, forgets what it would have set (``forgetWrites()``), so that the
    /// next one is made whatever it sets.
    struct VoiceSource {
        var source: ALSource?
        /// The effect whose buffer is attached to the source. It outlives the voice: a stopped or
        /// finished voice keeps its buffer, and OpenAL refuses to delete a buffer a source holds.
        var attached: String?
        /// What the source was last given of distance, velocity and occlusion (nil: a new source).
        var space: VoiceSpace?
        /// The reverb send it was last given (nil: none yet).
        var send: Float?
        /// The gain it was last given (nil: not yet).
        var gain: Float?
        /// The pitch it was last given (OpenAL's 1 for a new source; nil: not known).
        var pitch: Float? = 1
        /// Where it was last put (nil: not yet).
        var place: Placement?
        /// Told to play and not stopped since (paused or playing, or played out by itself).
        var sounding = false

        /// A write of gain, pitch or place did not reach the source: what it holds is not known.
        mutating func forgetWrites() {
            gain = nil
            pitch = nil
            place = nil
        }
    }

    // Unchecked exclusivity, as on RuntimeCore: only ever touched with the runtime's lock held,
    // and read at every rendered block or by every game's call (the dynamic check cost a play about
    // 40 checks, 1 500 instructions).
    /// Closed only through ``closeDevice()``.
    @exclusivity(unchecked) var device: ALDevice? {
        didSet {
            loopbackRenderer = device?.loopbackRenderer
            // A device just opened (or none) mixes, and no step has wished otherwise yet.
            if device !== oldValue {
                deviceWish = nil
                deviceRuns = true
                devicePeriodRead = nil
                device?.whenDisconnected(wakeOnDisconnection)
            }
        }
    }
    /// The device's period as read once (``devicePeriod``), nil until then.
    @exclusivity(unchecked) private var devicePeriodRead: Double?
    /// One period of the device's mixing in seconds, read from the device once it can say (0 until
    /// then; GameSound's server output knows it once the server granted its stream): its clock,
    /// and what its sources have played, move a period at a time.
    var devicePeriod: Double {
        if let devicePeriodRead { return devicePeriodRead }
        let period = (try? device?.outputTiming(expectedPeriod: nil))?.periodDuration ?? 0
        if period > 0 { devicePeriodRead = period }
        return period
    }
    /// What a device that tells when it is disconnected (GameSound's server output) calls then: the
    /// real-time loop's wake, so that it need not ask the device now and then.
    @exclusivity(unchecked) var wakeOnDisconnection: @Sendable () -> Void = {} {
        didSet { device?.whenDisconnected(wakeOnDisconnection) }
    }
    /// The headless device's mixer, taken when the device is set and dropped with it: rendering
    /// through it counts no references at every block (see `ALLoopbackRenderer`).
    @exclusivity(unchecked) var loopbackRenderer: ALLoopbackRenderer?
    @exclusivity(unchecked) var context: ALContext? {
        // A new context (or none) holds OpenAL's defaults, not what the last one was given.
        didSet { if context !== oldValue { contextShadow = ContextShadow() } }
    }
    /// What the context was last given of the listener, the distance model and Doppler (ALMirror+Space).
    var contextShadow = ContextShadow()
    /// A real output opened ahead, off the lock, for the rebuild about to run (``PreparedOutput``).
    var prepared: PreparedOutput?
    /// Why the last real output opened was OpenAL Soft's although GameSound's own server output was
    /// asked for (no server answered, say); nil when it was not asked for or opened.
    var serverOutputRefusal: String?
    /// The threads the device last started, noted as it opened or resumed, until the runtime
    /// raises them (``ALMirror/takeOutputThreads()``).
    var outputThreads: OutputThreads?
    /// The effects' buffers made with the output above, until the rebuild installs them
    /// (``installPreparedBuffers(for:)``).
    var preparedBuffers: [PreparedBuffer] = []
    /// Stream players made and cued with the output above, for the rebuild's players
    /// (``makeStream(path:loop:startFrame:fraction:)`` takes them); the rest go with ``retirePrepared()``.
    var preparedPlayers: [AudioStream] = []
    /// Players dropped while the context could not be used (suspended for an interruption):
    /// destroyed as soon as it is current again.
    var discardedStreams: [AudioStream] = []
    /// Stream files opened ahead, with the output above, for the players the rebuild makes, or by a
    /// game's thread for the player its call starts (``offering(_:_:)``); ``makeStream(path:loop:startFrame:fraction:)``
    /// takes them.
    var preparedStreams: [OpenedStreamFile] = []
    /// In real time, files of streams a game's call started whose first blocks are still decoding,
    /// under their record's ``StreamRecord/id``: the update gives each its player once they are
    /// there (``RuntimeCore/startStreamIfPossible(_:)``), woken by the decoding. Cancelled when the
    /// stream ends first, or when the players go with the context (the next ones open their own).
    var streamsAwaitingFirstBlocks: [Int: OpenedStreamFile] = [:]
    /// Whether the context was cleared for an interruption (the suspend strategy): it still holds
    /// every object, but none may be touched until it is current again.
    var contextSuspended = false
    /// The voice pool's sources, by slot.
    @exclusivity(unchecked) var voices: [VoiceSource]
    /// Sources no voice holds now (only when voices can be virtual).
    @exclusivity(unchecked) var spareSources: [ALSource] = []
    /// The stream players, each under its record's ``StreamRecord/id``.
    var streams: [Int: AudioStream] = [:]
    /// Each effect's buffer, by effect name.
    @exclusivity(unchecked) var buffers: [String: ALBuffer] = [:] {
        didSet { lastBuffer = nil }
    }
    /// The buffer last looked up by name (``buffer(named:)``): a play asks for the same one twice,
    /// and hashing its name cost 300 instructions each time. Forgotten at every change of ``buffers``.
    @exclusivity(unchecked) var lastBuffer: (name: String, buffer: ALBuffer)?
    /// Buffers replaced or unloaded while the context could not be used: deleted, with the voices
    /// playing them stopped, as soon as it can be.
    var staleBuffers: Set<String> = []
    /// Buffers a loading thread made and filled holding only ``work`` (``uploadAhead(_:into:)``),
    /// not yet taken by the step that publishes them. Touched only holding ``work``: every
    /// teardown deletes them with the context, so each one is in the current context.
    var buffersUploadedAhead: [UploadedBuffer] = []
    /// The id of the last buffer uploaded ahead. Touched only holding ``work``.
    var lastUploadID = 0
    /// Buffers of sounds replaced or unloaded, let go by every source, waiting to be deleted
    /// (``deleteRetiredBuffers(in:)``): freeing a large sound's memory takes milliseconds, which the
    /// step that replaced it does not spend holding the runtime's lock. Touched only holding ``work``;
    /// every teardown deletes them with the context.
    var retiredBuffers: [ALBuffer] = []
    /// Two reverb slots that crossfade when the environment changes; empty until one is set.
    var reverbSlots: [ALAuxiliarySlot] = []
    var reverbEffects: [ALEffect] = []
    /// One filter whose settings are copied into each send and direct path that needs one.
    var scratchFilter: ALFilter?
    /// The reverb slot that holds the environment the model asks for (the other holds the one
    /// before it, fading out).
    var activeReverbSlot = 0
    /// The environment loaded in each reverb slot (none in both until the slots exist).
    var slotEnvironments: [Environment] = [.none, .none]
    /// The environment loaded in the active reverb slot.
    var environmentInSlot: Environment { slotEnvironments[activeReverbSlot] }
    /// The listener, Doppler factor and speed of sound the context was last given (what moves a
    /// voice's pitch by Doppler, see ``VoiceClock``).
    @exclusivity(unchecked) var listener = Listener()
    @exclusivity(unchecked) var dopplerFactor: Float = 1
    @exclusivity(unchecked) var speedOfSound: Float = 343.3
    /// Whether HRTF was last asked of the device (nil: not decided for this device and context yet).
    var hrtfApplied: Bool?
    /// The failures reported on the current context (see ``report(_:affected:)``); a new context
    /// starts with none.
    var reportedFailures: Set<Failure> = []
    /// What a game's call left for the audio thread or the next render, in order (``ALMirror/defersWrites``).
    @exclusivity(unchecked) var deferred: [DeferredWork] = []
    /// The storage ``deferred`` swaps with when its work is done (``runDeferred(contextCurrent:)``).
    @exclusivity(unchecked) var deferredSpare: [DeferredWork] = []
    /// A game's call (a command) is running: OpenAL writes are recorded in ``deferred`` rather
    /// than made, so that the call touches no OpenAL (see ``write(_:_:)``).
    @exclusivity(unchecked) var defersWrites = false
    /// The lock this runtime's OpenAL work is made under, beside the runtime's own lock
    /// (`CoreBox.lock`), which guards the runtime's state: every step that uses OpenAL holds both,
    /// while the audio thread makes the writes the game's calls recorded holding this one only, so
    /// that a game's call, which needs only the other, does not wait for them (see ALMirror+Deferred).
    let work = RecursiveLock()
    /// Whether ``work`` is used at all: only in real time (see ``init(voiceSlots:writesOffLock:)``).
    let usesWorkLock: Bool
    /// Whether the last step that started or stopped the output wants the real device mixing
    /// (ALMirror+DeviceRun); nil when none did since the device opened. Touched with ``work`` held.
    var deviceWish: Bool?
    /// Whether the real device mixes, as it was last made (a device just opened does). Touched with
    /// ``work`` held.
    var deviceRuns = true
    /// A step started or stopped the output since the device was last made as wished: touched with
    /// the runtime's lock held (``takeDeviceWork()``).
    @exclusivity(unchecked) var deviceWorkPending = false
    /// A game's call took ``work`` partway (it had to use OpenAL after all): it lets it go at its end.
    @exclusivity(unchecked) var holdsWorkForCall = false
    /// Writes the audio thread took to make without the runtime's lock (``takeWritesForAudioThread()``).
    /// Touched with `OpenALProcess`'s lock or ``work`` held: the audio thread moves writes in with the
    /// first and makes them with the second; a step, which holds both, makes what is left first.
    @exclusivity(unchecked) var inFlight: InFlightWrites?
    /// The storage of the last writes the audio thread made, handed back to ``deferredSpare`` when it
    /// next takes writes (touched only by the audio thread).
    @exclusivity(unchecked) var madeStorage: [DeferredWork]?
    /// A voice in words, as the runtime's events number it ("voice 3"), for a failure of a write
    /// made later: the same words the runtime's own reports use, so that a failure is reported once.
    var voiceName: (Int) -> String = { "the voice in slot \($0)" }
    /// What the runtime does for a voice after its recorded writes (``DeferredWork/voiceFollowUp(slot:generation:_:)``).
    var voiceFollowUp: (_ slot: Int, _ generation: Int, _ what: VoiceFollowUp) -> Void = { _, _, _ in }
    /// Where a failure is told, once: the runtime's event log and the game's log.
    var failureSink: (_ operation: String, _ code: String, _ affected: String, _ description: String) -> Void = { _, _, _, _ in }

    /// - Parameter writesOffLock: Whether an audio thread makes recorded writes without the runtime's
    ///   lock (real time). Headless, no thread does (the render makes them under it), so ``work`` is
    ///   never taken: at every rendered block it cost two lock operations for nothing.
    init(voiceSlots: Int, writesOffLock: Bool) {
        voices = Array(repeating: VoiceSource(), count: voiceSlots)
        usesWorkLock = writesOffLock
    }

    /// How many sources and buffers this runtime holds in OpenAL now (for leak checks).
    var liveObjects: (sources: Int, buffers: Int) { (context?.liveSourceCount ?? 0, device?.liveBufferCount ?? 0) }

    // MARK: - Rendering headless

    /// Whether a headless device is there to render from.
    var canRender: Bool { loopbackRenderer != nil }

    /// Mixes the headless device's next frames into `slice` (interleaved stereo); false when there is no device.
    @inline(__always)
    func render(into slice: UnsafeMutableBufferPointer<Float>) -> Bool {
        guard let loopbackRenderer else { return false }
        loopbackRenderer.render(into: slice, channels: .stereo)
        return true
    }
}
