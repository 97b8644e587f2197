// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import Foundation
import GameSound
import OpenAL
import Synchronization

/// The invariants a storm checks after every block and every step: silence when due, sound when due,
/// the log's interruptions, the session rules, the OpenAL pool and error count.
extension StormRunner {
    /// Why the player should hear nothing now, from the system, the session and the event log.
    func silenceReasons(_ runtime: GameSoundRuntime, _ state: StormState) -> [String] {
        let session = runtime.session
        var reasons: [String] = []
        if session.isInterrupted { reasons.append("the session is interrupted") }
        if !session.isActive { reasons.append("the session is inactive") }
        if runtime.simulatedSystem?.mediaServicesAvailable == false { reasons.append("media services are lost") }
        if let cause = session.outputSilenceCause { reasons.append("the category is silenced (\(cause.name))") }
        if state.interruptedByLog { reasons.append("the log shows an interruption that has not ended") }
        if state.lostByLog { reasons.append("the log shows media services lost and not reset") }
        return reasons
    }

    /// The last events, for a failure message.
    static func tail(of log: EventLog) -> String {
        "\n  last events:\n    " + log.events.suffix(14).map(\.description).joined(separator: "\n    ")
    }

    /// Follows the log: interruptions and media services, and at most one end per interruption.
    func readLog(_ log: EventLog, state: inout StormState, step: Int) throws(StormFailure) {
        let events = log.events
        for event in events.dropFirst(state.eventsSeen) {
            switch event.name {
            case "interruptionBegan":
                state.interruptionOpen = true
                state.interruptedByLog = true
            case "interruptionEnded":
                guard state.interruptionOpen else {
                    throw StormFailure(kind: .interruptionEndedTwice, step: step,
                                       message: "\(event) without an interruptionBegan since the last end")
                }
                state.interruptionOpen = false
                state.interruptedByLog = false
            case "sessionActivated":
                state.interruptedByLog = false  // app.foreground recovers an interruption that never ended
            case "mediaServicesLost":
                state.lostByLog = true
            case "mediaServicesReset":
                state.lostByLog = false
            default:
                break
            }
        }
        state.eventsSeen = events.count
    }

    /// The session rules a running game follows after every step: it is ducked exactly when the
    /// session is; in the foreground with an active session its soundtrack is held by the hint
    /// exactly when the hint is on (read afresh on every return, not only heard); and a hang-up
    /// never posts an interruption end.
    func checkSessionRules(_ runtime: GameSoundRuntime, after action: StormAction, log: EventLog,
                                   eventsBefore: Int, step: Int) throws(StormFailure) {
        let session = runtime.session.status
        if runtime.isRunning, session.isActive, runtime.isDucked != session.isDucked {
            throw StormFailure(kind: .sessionRuleBroken, step: step, message:
                "the game is \(runtime.isDucked ? "" : "not ")ducked but the session is\(session.isDucked ? "" : " not")"
                + Self.tail(of: log))
        }
        if runtime.isRunning, session.isActive, runtime.simulatedSystem?.appState == .foreground,
           runtime.isSoundtrackHeldByHint != session.secondaryAudioShouldBeSilencedHint {
            throw StormFailure(kind: .sessionRuleBroken, step: step, message:
                "the soundtrack is \(runtime.isSoundtrackHeldByHint ? "" : "not ")held by the hint, which is "
                + (session.secondaryAudioShouldBeSilencedHint ? "on" : "off") + Self.tail(of: log))
        }
        if case .system(.phoneHangUp) = action,
           log.events.dropFirst(eventsBefore).contains(where: { $0.name == "interruptionEnded" }) {
            throw StormFailure(kind: .sessionRuleBroken, step: step, message:
                "phone.hangUp posted interruptionEnded: an answered call never ends its interruption" + Self.tail(of: log))
        }
    }

    func checkObjects(_ runtime: GameSoundRuntime, voices: Int, step: Int) throws(StormFailure) {
        let live = runtime.liveOpenALObjects
        let sourceLimit = voices + Self.streamAllowance
        // Every effect name the storm uses may hold a buffer: one unloaded during an interruption
        // keeps it until the context is back.
        let bufferLimit = StormAssets.effects.count + 1 + Self.streamAllowance * Self.streamBuffers
        guard live.sources <= sourceLimit, live.buffers <= bufferLimit else {
            throw StormFailure(kind: .objectsOverPool, step: step, message:
                "\(live.sources) sources and \(live.buffers) buffers live; the pool allows \(sourceLimit) and \(bufferLimit)")
        }
    }

    func checkErrors(since before: Int, step: Int) throws(StormFailure) {
        let raised = OpenALProcess.errorCountOnCurrentThread - before
        guard raised == 0 else {
            let recent = OpenALProcess.recentErrorsOnCurrentThread.suffix(raised)
            throw StormFailure(kind: .openALError, step: step, message: "\(raised) OpenAL error(s) raised by the wrappers: "
                               + recent.joined(separator: "; "))
        }
    }
}
