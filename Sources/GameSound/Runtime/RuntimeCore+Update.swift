// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import Logging
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The update that runs at every block, and the quiet stretches in which it has nothing to do.
extension RuntimeCore {
    // The update (every block)

    /// The periodic work: reactivation retries, silencing, fades, stream refills.
    ///
    /// Between steps of the game it is often quiet: the model has nothing moving until
    /// ``quietUntil`` (see ``firstFrameWithWork(after:)``) and the mirror already holds what the
    /// model says. Such an update only checks: that the system's status did not change, that no
    /// stream has a buffer to refill, and (in real time, now and then) that the device is still
    /// there. Headless and in real time alike.
    func update() {
        let now = currentFrame
        if now < quietUntil, system.statusVersion.map({ $0 == followedStatusVersion }) == true, !model.rankingDue,
           !streamsNeedFeeding() {
            // Only the playing clock moves on, as ``updateMix()`` would move it, and the virtual
            // voices' ranking counts down, as ``rankVirtualVoices()`` would count. (Nothing changed
            // that Now Playing shows either: it is published at the start and end of whole updates.)
            model.advanceClock(to: now)
            model.countRankingDown()
            if !isHeadless { followDeviceConnection(at: now) }
            return
        }
        publishNowPlayingIfChanged()
        quietUntil = 0
        steppedDuringUpdate = false
        // A headless render does not make the context current before its blocks (CoreBox.render).
        adoptContext()
        followDeviceConnection(at: now)
        if lifecycle.retriesActivation { reactivate() }
        guard phase == .running else { return }
        updateSilence()
        guard useContext() else { return }
        advanceDuckRamp()
        updateMix()
        updateSpace()
        updateSoundtrack()
        updateStreamVoices()
        // The soundtrack may have stopped being heard above (a fade that ended), before a quiet stretch.
        publishNowPlayingIfChanged()
        // A step run inside this update (a call a game's log handler makes, called by it) may have
        // changed what the parts above already looked at. Still or not is judged at the frame the update
        // started from, not where it finished: in real time an update can take a while (preempted,
        // an OpenAL call that stalls), and a fade that ended meanwhile was seen by no part of it,
        // so a stretch judged quiet from its end would never end that fade.
        quietUntil = steppedDuringUpdate ? 0 : firstFrameWithWork(after: now)
    }

    /// Whether this update writes a part of the mix whose movement ends at `settlesAt` (a bus ramp,
    /// a voice ramp, the listener): while it moves, and once more at the first update after its end,
    /// so that the final value lands whatever the update period; likewise after the output started.
    func writesMoving(until settlesAt: Int) -> Bool {
        model.previousUpdateFrame <= max(settlesAt, lastOutputStart)
    }

    /// Called by every step of the game and every notification (``CoreBox``): the next update does
    /// its whole work, even when the step runs inside an update.
    func noteStep() {
        quietUntil = 0
        steppedDuringUpdate = true
    }

    /// The first frame at which an update has work to do again, if no step of the game and no
    /// notification comes first (every one of them sets ``quietUntil`` back to 0), and no stream
    /// needs a refill before it: 0 when something is in flight now.
    ///
    /// It asks the two halves of the runtime one question each. The model: is anything moving (a
    /// ramp, fade or duck on its way, the listener or environment on the move, a ducking rule to
    /// follow)? (Virtual voices are ranked by whole updates in between, see
    /// ``MixModel/rankingDue``.) The mirror: does it hold what the model says (a context that can
    /// be used, nothing deferred, the whole write after the output's start done)? With neither,
    /// nothing changes until a one-shot voice may have ended. The conditions are those under which
    /// each part of the update returns at once, or writes only what the mirror already has, on the
    /// next block, whose ``MixModel/previousUpdateFrame`` is `now`.
    private func firstFrameWithWork(after now: Int) -> Int {
        guard configuration.quietUpdates, phase == .running, modelIsStill(at: now), mirrorIsSettled,
              now > lastOutputStart
        else { return 0 }
        return nextEndCheck
    }

    /// Nothing in the model moves from `now` on: what each source should be given stays as it is.
    private func modelIsStill(at now: Int) -> Bool {
        model.mixIsStill(at: now) && model.outgoingTracks.isEmpty
            && (model.soundtrack.map { $0.isSteady(at: now) } ?? true)
            && !model.streamVoices.contains(where: { $0.live && !$0.isSteady(at: now) })
            && duckingRulesFollowed
    }

    /// The mirror holds what the model says, and nothing waits for the context.
    private var mirrorIsSettled: Bool {
        !mirror.contextSuspended && mirror.discardedStreams.isEmpty
    }

    /// Whether a playing stream has a buffer to refill, has run dry or has ended, or a starting one
    /// has its first blocks decoded: the part of a quiet update that depends on OpenAL's mixing and
    /// the decoding rather than on the model. True when it cannot
    /// be asked (the whole update then reports why).
    private func streamsNeedFeeding() -> Bool {
        // (The id, not the record: comparing the optional record with nil copied all of it.)
        guard model.soundtrack?.id != nil || !model.streamVoices.isEmpty else { return false }
        guard useContext() else { return true }
        if let player = player(model.soundtrack), (try? player.needsFeeding()) != false { return true }
        if let record = model.soundtrack, firstBlocksAreReady(record) { return true }
        for record in model.streamVoices where record.live {
            if let player = player(record), (try? player.needsFeeding()) != false { return true }
            if endsWithoutPlayer(record) || firstBlocksAreReady(record) { return true }
        }
        return false
    }
}
