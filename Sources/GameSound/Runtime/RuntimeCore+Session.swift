// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioFiles
import AudioSession
import Logging
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The session: activating it, and the category the policy picks.
extension RuntimeCore {
    // Session activation and the category policy

    /// Picks the category for this (re)activation and whether the soundtrack is held back, reading
    /// `isOtherAudioPlaying` afresh: what changed while the game was away was never posted to it.
    func applyCategoryPolicy(force: Bool = false) {
        let category: Category
        var options: CategoryOptions = []
        switch configuration.policy {
        case .effectsOnly:
            category = .ambient
        case .effectsPlusSoundtrack:
            category = .soloAmbient
        case .effectsPlusSoundtrackIfNoOtherAudio:
            model.soundtrackRequest.holdBack(session.isOtherAudioPlaying)
            category = model.soundtrackRequest.heldBack ? .ambient : .soloAmbient
        case .mediaPlayback:
            category = .playback
        case .voiceChat:
            category = .playAndRecord
            options = [.defaultToSpeaker, .allowBluetooth]
        }
        let current = session.status
        guard force || current.category != category
            || current.categoryOptions != CategoryRules.effectiveOptions(category, options) else { return }
        do {
            try session.setCategory(category, options: options)
            log(.session, "categorySet", [.init("category", .string(category.name)), .init("options", .strings(options.names))])
        } catch {
            log(.session, "categoryFailed", [.init("category", .string(category.name)), .init("error", .string(error.name))])
        }
    }

    var policyAllowsSoundtrack: Bool { configuration.policy != .effectsOnly }

    /// Tries `setActive(true)`; logs the outcome (a repeated failure only once). Refused, it is
    /// tried again at every update (``Lifecycle/activationRefused()``).
    ///
    /// After a success it reads the secondary-audio hint itself, since the hint's notification
    /// reaches only an app that is active in the foreground, and takes the I/O configuration the
    /// system granted.
    func activateSession() -> Bool {
        do {
            try session.setActive(true)
            log(.session, "sessionActivated")
            lifecycle.activated()
            let status = session.status
            model.soundtrackRequest.followHint(active: status.secondaryAudioShouldBeSilencedHint)
            followIOConfiguration(status)
            return true
        } catch {
            if lifecycle.activationRefused() {
                log(.session, "activationFailed", [.init("error", .string(error.name))])
                logger.warning("the system refused to activate the audio session (\(error.name)); retrying at every update", metadata: LogCode.sessionActivationRefused.metadata)
            }
            return false
        }
    }

    /// Reactivates after an interruption, a begin without an end, or a failed attempt: the
    /// policy decides again, the context comes back and what was playing resumes.
    func reactivate() {
        guard phase == .inactive else { return }
        applyCategoryPolicy()
        guard activateSession() else { return }
        do {
            try restoreContext()
            startOutput()
        } catch {
            log(.engine, "restoreFailed", [.init("error", .string(error.description))])
            logger.error("could not bring the audio context back after an interruption: \(error.description)", metadata: LogCode.interruptionRestoreFailed.metadata)
            awaitDevice()
        }
    }
}
