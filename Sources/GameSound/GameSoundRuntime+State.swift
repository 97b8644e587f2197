// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import Logging

/// What the runtime knows now: its snapshot, levels, flags and clocks, read from the model.
extension GameSoundRuntime {
    /// Everything a status display needs, read at one instant: no two of its fields can disagree.
    public var snapshot: RuntimeSnapshot { core.query { $0.displaySnapshot } }

    /// Level meters (peak and RMS, left and right) for the output, the effects and the soundtrack,
    /// over the last 50 ms before what plays now.
    ///
    /// Cheap enough to read for every frame of an on-screen meter (it reads a few thousand samples
    /// per playing voice, where the model's clocks say each is heard, under the runtime's lock and
    /// waiting for no OpenAL work). During an interruption, while media services
    /// are lost or while the system silences the game, ``MixLevels/output`` reads exact silence.
    /// See ``MixLevels`` for how the levels are computed.
    public var levels: MixLevels { core.query { $0.levels } }

    /// Whether the output is silenced by the system now, and why (silent switch, screen lock, background).
    public var silenceCause: OutputSilenceCause? { core.query { $0.model.silenceCause } }

    /// Whether the runtime is producing sound (session active, context current, output running).
    public var isRunning: Bool { core.query { $0.phase == .running } }
    /// Whether another app's `duckOthers` session lowers the game's whole output now (by 12 dB,
    /// ramped over 50 ms); the log has `duckBegan` and `duckEnded`.
    public var isDucked: Bool { core.query { $0.isDucked } }
    /// Whether the secondary-audio hint holds the soundtrack now: another app's non-mixable audio
    /// plays (read at every activation, and followed through the hint's notifications in between).
    public var isSoundtrackHeldByHint: Bool { core.query { $0.model.soundtrackRequest.pausedByHint } }

    /// Live OpenAL objects of this runtime (sources in its context, buffers on its device), for leak checks.
    public var liveOpenALObjects: (sources: Int, buffers: Int) {
        core.read { $0.mirror.liveObjects }
    }

    /// The frame the runtime is at (frames rendered, for headless output).
    public var currentFrame: Int { core.query { $0.currentFrame } }

    /// For the tests of the model's clock: where a real effect voice is in its sound, by the model
    /// (``VoiceClock``) and by OpenAL (`AL_SAMPLE_OFFSET`); nil for a voice that ended, is virtual,
    /// or whose source cannot be asked now.
    package func voiceOffsets(_ voice: Voice) -> (model: Int, openAL: Int)? {
        core.read { core in
            guard let slot = try? core.liveSlot(voice), !core.model.voices[slot].isVirtual, core.useContext(),
                  let (openAL, mix) = core.withinOneMix({ (try? core.mirror.offset(slot)) ?? nil }) else { return nil }
            return (core.clockFrames(slot, at: mix), openAL)
        }
    }

    /// For the tests of the model's clock: where a stream is in its file (the soundtrack when `voice`
    /// is nil), by the model and by its player's source; nil without a player.
    package func streamOffsets(_ voice: Voice?) -> (model: Int, openAL: Int)? {
        core.read { core in
            let record: StreamRecord?
            if let voice {
                guard let index = try? core.liveStream(voice) else { return nil }
                record = core.model.streamVoices[index]
            } else {
                record = core.model.soundtrack
            }
            guard let record, let player = core.player(record), core.useContext(),
                  let (openAL, mix) = core.withinOneMix({ try? player.position() }),
                  let model = record.filePosition(at: mix) else { return nil }
            return (model, openAL)
        }
    }

    /// For the storms' rebuild comparison: the frames, since the last call, at which OpenAL Soft
    /// started some mixing afresh in a way that depends on what happened before. A sound that had a
    /// source before a rebuild starts on a new one when it is resumed: OpenAL Soft 1.19.1 moves a
    /// resumed source's gain on from where it was over its first mix but starts a new one at its gain
    /// (or, given an offset, from silence). A device reset for HRTF (`alcResetDeviceSOFT`) starts
    /// every voice's mixing again, from silence or not depending on how the voice was started.
    /// A run with rebuilds and one without may differ over that first mix. Kept only with
    /// ``GameSoundConfiguration/notesFreshStarts`` on.
    package func freshStartFrames() -> [Int] {
        core.read { core in
            defer { core.freshStarts = [] }
            return core.freshStarts
        }
    }

    /// For the tests of the quiet update: whether the update of the next block will be quiet (only
    /// its checks) unless a step of the game, a notification, a status change or a stream's refill
    /// comes first.
    package func nextUpdateIsQuiet() -> Bool {
        core.read { $0.currentFrame < $0.quietUntil }
    }

    /// For the storms' rebuild comparison: how many frames the reverb heard now rings on before it
    /// has fallen 20 dB (a third of its decay time); 0 with no environment heard. A rebuild's new
    /// reverb slots start without that tail, and OpenAL has no way to carry an effect's state over.
    package func reverbTailFrames() -> Int {
        core.read { $0.reverbTailFrames }
    }

    /// How long the real-time loop would wait after an update now, and whether quietly
    /// (``RuntimeCore/realtimeWait``). Within the package, for tests.
    package var realtimeWaitNow: (wait: Double, quiet: Bool) { core.read { $0.realtimeWait } }
    /// The real-time loop's updates so far, whole or quiet: how often it woke.
    package var realtimeUpdates: Int { core.query { $0.realtimeUpdates } }

    /// For tests: the first block of the next stream file opened at `path` is decoded only after
    /// `seconds` (a slow disk, a long loop jump).
    package static func stallFirstStreamBlock(ofNextFileAt path: String, seconds: Double) {
        StreamDecodeAhead.stallFirstBlock(ofNextFileAt: path, seconds: seconds)
    }

    /// For the storms' rebuild comparison: while running, throws the output away and builds it
    /// again (a new device and context, every buffer and source anew, what played replayed), as a
    /// media-services reset or a route change does, with no interruption around it. While
    /// interrupted, asks for what a route change then asks for: a new device and context when the
    /// interruption ends (``isOutputReopenPending`` until then), built from the model as it is then.
    ///
    /// - Returns: Whether it rebuilt or asked for a rebuild (only a running or an interrupted
    ///   runtime does, and an interrupted one only if no rebuild is already asked for).
    @discardableResult
    package func rebuildOutput() -> Bool {
        core.with { core in
            switch core.phase {
            case .running:
                core.reopenDevice()
                return true
            case .inactive:
                return core.lifecycle.askForNewDevice()
            case .lost, .awaitingDevice, .stopped:
                return false
            }
        }
    }

    /// Whether a new device and context are asked for when the interruption ends. Within the
    /// package, for the storms.
    package var isOutputReopenPending: Bool { core.read { $0.lifecycle.reopensDevice } }
}
