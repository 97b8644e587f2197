// SPDX-License-Identifier: Zlib
import AudioSession

/// What the session tells the runtime: interruptions, route changes, the hint, media services, remote commands.
extension RuntimeCore {

    func handle(_ notification: AudioSessionNotification) {
        guard phase != .stopped else { return }
        switch notification {
        case .interruptionBegan(let reason, let wasSuspended):
            interruptionBegan(reason: reason, wasSuspended: wasSuspended)
        case .interruptionEnded(let shouldResume):
            interruptionEnded(shouldResume: shouldResume)
        case .routeChanged(let reason, let previous):
            routeChanged(reason: reason, previous: previous)
        case .silenceSecondaryAudioHint(let began):
            secondaryHint(began: began)
        case .mediaServicesLost:
            mediaServicesLost()
        case .mediaServicesReset:
            mediaServicesReset()
        case .remoteCommand(let command):
            remoteCommand(command)
        }
    }

    func routeChanged(reason: RouteChangeReason, previous: RouteDescription) {
        log(.session, "routeChanged", [.init("reason", .string(reason.name)), .init("previous", .string(previous.name)),
                                       .init("current", .string(session.currentRoute.name))])
        if reason == .oldDeviceUnavailable, configuration.effectiveRoutePolicy == .pauseSoundtrackOnDeviceLoss,
           model.soundtrackRequest.pauseForLostDevice() {
            reconcileSoundtrack(fadeFrames: 0)
        }
        if phase == .running, useContext() { followSpatialization() }
        guard followsRouteChange(reason) else { return }
        perform(lifecycle.outputDeviceChanged(at: currentFrame))
    }

    func secondaryHint(began: Bool) {
        log(.session, began ? "secondaryHintBegan" : "secondaryHintEnded")
        model.soundtrackRequest.followHint(active: began, releasesHeldBack: configuration.policy == .effectsPlusSoundtrackIfNoOtherAudio)
        reconcileSoundtrack(fadeFrames: Int(configuration.hintFadeDuration * Double(configuration.sampleRate)))
    }

    /// The app came back to the foreground (or the game calls this when it becomes active): recover
    /// from an interruption that never ended, or, still running (a playback game kept running in the
    /// background), decide the category and the soundtrack again from what plays now.
    func applicationDidBecomeActive() {
        perform(lifecycle.becameActive())
    }
}
