// SPDX-License-Identifier: Zlib
import AudioSession

/// Carrying out what the lifecycle's transitions ask for (``Lifecycle/Action``).
extension RuntimeCore {
    func perform(_ actions: [Lifecycle.Action]) {
        for action in actions {
            switch action {
            case .silence:
                silenceForInterruption()
            case .reactivate:
                reactivate()
            case .followPolicy:
                applyCategoryPolicy()
                model.soundtrackRequest.followHint(active: session.secondaryAudioShouldBeSilencedHint)
                reconcileSoundtrack(fadeFrames: 0)
            case .tearDown:
                tearDownForLoss()
            case .reopen:
                reopenDevice()
            }
        }
    }
}
