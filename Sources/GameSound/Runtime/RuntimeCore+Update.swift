import AudioAnalysis
import AudioFiles
import AudioSession
import Logging
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The update that runs at every block, and the quiet stretches in which it has nothing to do.
extension RuntimeCore {
    // The update (every block)

    /// The periodic work: reactivation retries, silencing, fades, stream refills.
    func update() {
        if frame < quietUntil, system.statusVersion.map({ $0 == followedStatusVersion }) == true {
            // Nothing in flight and nothing due, and the system says nothing changed: only the
            // playing clock moves on, as ``updateMix()`` would move it. (Nothing changed that
            // Now Playing shows either: it is published at the start and end of whole updates.)
            keepPlayingClock(at: frame)
            return
        }
        publishNowPlayingIfChanged()
        quietUntil = 0
        steppedDuringUpdate = false
        // A headless render does not make the context current before its blocks (CoreBox.render).
        adoptContext()
        followDeviceConnection()
        if needsReactivation, phase == .inactive { reactivate() }
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
        // A step run inside this update (an event observer calling the runtime) may have changed
        // what the parts above already looked at.
        quietUntil = steppedDuringUpdate ? 0 : firstFrameWithWork(after: currentFrame)
    }

    /// Called by every step of the game and every notification (``CoreBox``): the next update does
    /// its whole work, even when the step runs inside an update, from an event observer.
    func noteStep() {
        quietUntil = 0
        steppedDuringUpdate = true
    }

    /// The first frame at which an update has work to do again, if no step of the game and no
    /// notification comes first (every one of them sets ``quietUntil`` back to 0): a headless,
    /// running runtime with no ramp, fade, duck, stream or virtual voice in flight has nothing to
    /// do until a one-shot voice may have ended. 0 when something is in flight now.
    ///
    /// The conditions are those under which each part of the update returns at once on the next
    /// block, whose ``previousUpdateFrame`` is `now`.
    private func firstFrameWithWork(after now: Int) -> Int {
        guard configuration.quietUpdates, isHeadless, phase == .running, !needsReactivation, !mirror.contextSuspended,
              duckRamp.isFinished(at: now), now > mixSettlesAt, now > voiceRampsSettleAt, now > spaceSettlesAt,
              listenerRamp == nil, virtualVoiceCount == 0, soundtrack?.player == nil, outgoingTracks.isEmpty,
              !streamVoices.contains(where: \.live), duckingRulesFollowed
        else { return 0 }
        return nextEndCheck
    }
}
