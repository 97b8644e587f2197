// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import Testing

/// One step of a random run: a system action or a call on one of the sessions.
private enum Step: CustomStringConvertible {
    case system(SystemAction)
    case setCategory(session: Int, Category, Mode, CategoryOptions)
    case activate(session: Int)
    case deactivate(session: Int, notify: Bool)
    case ioRunning(session: Int, Bool)
    case sampleRate(session: Int, Double)
    case bufferDuration(session: Int, Double)
    case prefersRouteInterruption(session: Int, Bool)

    var description: String {
        switch self {
        case .system(let action): "system \(action)"
        case .setCategory(let s, let c, let m, let o): "s\(s).setCategory(\(c), mode: \(m), options: \(o))"
        case .activate(let s): "s\(s).setActive(true)"
        case .deactivate(let s, let notify): "s\(s).setActive(false, notify: \(notify))"
        case .ioRunning(let s, let running): "s\(s).setAudioIORunning(\(running))"
        case .sampleRate(let s, let hz): "s\(s).setPreferredSampleRate(\(hz))"
        case .bufferDuration(let s, let seconds): "s\(s).setPreferredIOBufferDuration(\(seconds))"
        case .prefersRouteInterruption(let s, let prefers): "s\(s).setPrefersInterruptionOnRouteDisconnect(\(prefers))"
        }
    }

    static func random(sessions: Int, using rng: inout SplitMix64) -> Step {
        func options() -> CategoryOptions {
            CategoryOptions(rawValue: UInt32.random(in: 0..<512, using: &rng) & (Bool.random(using: &rng) ? 0x07 : 0x1FF))
        }
        let session = Int.random(in: 0..<sessions, using: &rng)
        let category = Category.allCases.randomElement(using: &rng) ?? .ambient
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<9:
            let port = Port.allCases.randomElement(using: &rng) ?? .headphones
            let actions: [SystemAction] = [
                .phoneRing, .phoneDecline, .phoneAccept, .phoneHangUp, .alarmFire, .alarmDismiss, .musicPlay,
                .musicPause, .otherAppActivate(category: category, options: options()),
                .otherAppDeactivate(notifyOthers: Bool.random(using: &rng)), .silentSwitchOn, .silentSwitchOff,
                .screenLock, .screenUnlock, .routePlug(port: port), .routeUnplug(port: port), .mediaServicesLose,
                .mediaServicesReset, .appBackground, .appForeground,
                .volumeSet(Double.random(in: -0.2...1.2, using: &rng)),
                .sessionOverrideOutput(port: Bool.random(using: &rng) ? .speaker : .none),
                .otherAppActivate(category: .playback, options: .duckOthers),
            ]
            return .system(actions.randomElement(using: &rng) ?? .phoneRing)
        case 9..<12:
            let mode = Bool.random(using: &rng) ? Mode.default : (Mode.allCases.randomElement(using: &rng) ?? .default)
            return .setCategory(session: session, category, mode, options())
        case 12..<15: return .activate(session: session)
        case 15..<17: return .deactivate(session: session, notify: Bool.random(using: &rng))
        case 17: return .ioRunning(session: session, Bool.random(using: &rng))
        case 18:
            return Bool.random(using: &rng)
                ? .sampleRate(session: session, Double.random(in: -1000...100_000, using: &rng))
                : .bufferDuration(session: session, Double.random(in: -0.01...0.2, using: &rng))
        default: return .prefersRouteInterruption(session: session, Bool.random(using: &rng))
        }
    }
}

/// Everything observable, to check that a refused step changed nothing.
private struct WorldSnapshot: Equatable {
    let system: SystemSnapshot
    let sessions: [SessionStatus]
    let notifications: [[AudioSessionNotification]]
}

/// Runs one random sequence and returns the first broken invariant, if any.
private func runSequence(seed: UInt64, steps: Int) -> String? {
    var rng = SplitMix64(seed: seed)
    let launch = LaunchState(
        otherAudio: LaunchState.OtherAudio.allCases.randomElement(using: &rng) ?? .none,
        silentSwitch: Bool.random(using: &rng), screenLocked: Bool.random(using: &rng),
        route: [Port.builtInSpeaker, .headphones, .bluetoothA2DP].randomElement(using: &rng) ?? .builtInSpeaker)
    let system = SimulatedSystem(launch: launch)
    let sessions = (0..<Int.random(in: 1...2, using: &rng)).map { _ in AudioSession(system: system) }
    let recorders = sessions.map(NotificationRecorder.init)
    var awaitingEnd = Array(repeating: false, count: sessions.count)
    var trace: [String] = []

    func snapshot() -> WorldSnapshot {
        WorldSnapshot(system: SystemSnapshot(system), sessions: sessions.map(\.status), notifications: recorders.map(\.all))
    }

    for _ in 0..<steps {
        let step = Step.random(sessions: sessions.count, using: &rng)
        trace.append(step.description)
        func failure(_ message: String) -> String {
            "seed \(seed): \(message)\n  after: " + trace.joined(separator: "\n         ")
        }
        let before = snapshot()
        do {
            switch step {
            case .system(let action): try system.perform(action)
            case .setCategory(let s, let category, let mode, let options):
                try sessions[s].setCategory(category, mode: mode, options: options)
            case .activate(let s): try sessions[s].setActive(true)
            case .deactivate(let s, let notify):
                try sessions[s].setActive(false, options: notify ? .notifyOthersOnDeactivation : [])
            case .ioRunning(let s, let running): sessions[s].setAudioIORunning(running)
            case .sampleRate(let s, let hz): try sessions[s].setPreferredSampleRate(hz)
            case .bufferDuration(let s, let seconds): try sessions[s].setPreferredIOBufferDuration(seconds)
            case .prefersRouteInterruption(let s, let prefers): sessions[s].setPrefersInterruptionOnRouteDisconnect(prefers)
            }
        } catch {
            trace[trace.count - 1] += "  -> \(error)"
            if snapshot() != before { return failure("state changed after a failed call") }
        }

        // The hint equals "a non-mixable peer is playing"; other audio is any peer playing.
        let callOrAlarm = system.phoneState != .idle || system.isAlarmRinging
        let otherAppNonMixable = system.isOtherAppPlaying
            && !CategoryRules.isMixable(system.otherAppCategory, options: system.otherAppOptions)
        let hint = callOrAlarm || system.isMusicPlaying || otherAppNonMixable
        if system.secondaryAudioShouldBeSilencedHint != hint { return failure("hint is not 'a non-mixable peer plays'") }
        if system.isOtherAudioPlaying != (callOrAlarm || system.isMusicPlaying || system.isOtherAppPlaying) {
            return failure("isOtherAudioPlaying disagrees with the peers")
        }

        if case .system(.phoneAccept) = step, before.system.phone == .ringing, before.system.appState == .foreground,
           system.appState == .foreground {
            return failure("an answered call left the app in the foreground")
        }
        let duckingPeer = system.isOtherAppPlaying && system.otherAppOptions.contains(.duckOthers)

        for (index, session) in sessions.enumerated() {
            let status = session.status
            let wasActive = before.sessions[index].isActive
            if status.isDucked != (status.isActive && CategoryRules.isMixable(status.category, options: status.categoryOptions)
                && duckingPeer) {
                return failure("s\(index).isDucked is not 'active, mixable and a duckOthers peer plays'")
            }
            if !status.categoryOptions.isSuperset(of: CategoryRules.effectiveOptions(status.category, status.categoryOptions)) {
                return failure("s\(index) reads back options without what they imply")
            }
            let granted = !wasActive && status.isActive
            let reset: Bool = switch step {
            case .system(.mediaServicesReset), .system(.mediaServicesLose): true
            default: false
            }
            if !granted, !reset, status.sampleRate != before.sessions[index].sampleRate {
                return failure("s\(index)'s granted sample rate changed without an activation")
            }
            let locked = system.screenLocked && status.isActive && status.isAudioIORunning
            if locked, abs(status.ioBufferDuration * status.sampleRate - 4096) > 0.5 {
                return failure("s\(index) plays with the screen locked but its I/O buffer is not 4096 frames")
            }
            if status.isInterrupted && status.isActive { return failure("s\(index) is interrupted but active") }
            if callOrAlarm && status.isActive { return failure("s\(index) is active during a call or alarm") }
            if status.mayRunOutput != (status.isActive && !status.isInterrupted && system.mediaServicesAvailable) {
                return failure("s\(index).mayRunOutput is wrong")
            }
            if status.secondaryAudioShouldBeSilencedHint != hint { return failure("s\(index) hint differs") }
            for notification in recorders[index].take() {
                switch notification {
                case .interruptionBegan(_, wasSuspended: false):
                    if !wasActive { return failure("s\(index) got began while it was not active") }
                    awaitingEnd[index] = true
                case .interruptionBegan(_, wasSuspended: true):
                    guard case .system(.appForeground) = step, before.sessions[index].isInterrupted else {
                        return failure("s\(index) got a suspended began outside app.foreground")
                    }
                    awaitingEnd[index] = false
                case .interruptionEnded:
                    if !awaitingEnd[index] { return failure("s\(index) got an end without a began before it") }
                    if case .system(.phoneHangUp) = step { return failure("s\(index) got an end at an answered call's hang-up") }
                    awaitingEnd[index] = false
                case .routeChanged:
                    if !wasActive && !status.isActive { return failure("s\(index) got \(notification) while inactive") }
                case .silenceSecondaryAudioHint:
                    if !wasActive && !status.isActive { return failure("s\(index) got \(notification) while inactive") }
                    if system.appState != .foreground { return failure("s\(index) heard the hint while not in the foreground") }
                case .mediaServicesLost:
                    awaitingEnd[index] = false
                case .mediaServicesReset:
                    break
                case .remoteCommand:
                    return failure("s\(index) got a remote command, which the simulated system never sends")
                }
            }
            if status.isActive { awaitingEnd[index] = false }
        }
    }
    return nil
}

@Suite("Randomized")
struct RandomizedTests {
    @Test("10 000 random action sequences keep every invariant after every step")
    func randomSequences() {
        let baseSeed: UInt64 = 0x5E55_1011
        var generator = SplitMix64(seed: baseSeed)
        for _ in 0..<10_000 {
            let seed = generator.next()
            if let failure = runSequence(seed: seed, steps: 30) {
                Issue.record(Comment(rawValue: failure))
                return
            }
        }
    }

    /// Seeds worth keeping: paste the seed a failure printed here to replay that exact run.
    /// 7839846321783439141 caught a planted bug (reactivation not clearing the interruption).
    @Test("kept seeds replay without breaking an invariant", arguments: [UInt64(7_839_846_321_783_439_141)])
    func replay(seed: UInt64) {
        if let failure = runSequence(seed: seed, steps: 30) {
            Issue.record(Comment(rawValue: failure))
        }
    }
}
