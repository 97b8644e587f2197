// SPDX-License-Identifier: Zlib
import AudioSession
import Synchronization
import Testing

/// Records every notification one session receives, in order.
final class NotificationRecorder: Sendable {
    private let received = Mutex<[AudioSessionNotification]>([])

    init(_ session: AudioSession) {
        session.addObserver { [weak self] notification in
            self?.received.withLock { $0.append(notification) }
        }
    }

    var all: [AudioSessionNotification] { received.withLock { $0 } }

    /// Returns what was received since the last call and forgets it.
    func take() -> [AudioSessionNotification] {
        received.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }
}

/// A system, one session bound to it and a recorder on that session.
struct Fixture {
    let system: SimulatedSystem
    let session: AudioSession
    let recorder: NotificationRecorder

    init(_ launch: LaunchState = .init()) {
        system = SimulatedSystem(launch: launch)
        session = AudioSession(system: system)
        recorder = NotificationRecorder(session)
    }

    /// Sets a category and activates; the test fails if either is refused.
    func activate(
        _ category: Category, options: CategoryOptions = [], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(throws: Never.self, sourceLocation: sourceLocation) {
            try session.setCategory(category, options: options)
            try session.setActive(true)
        }
    }

    func perform(_ actions: SystemAction..., sourceLocation: SourceLocation = #_sourceLocation) {
        for action in actions {
            #expect(throws: Never.self, "\(action)", sourceLocation: sourceLocation) { try system.perform(action) }
        }
    }
}

/// Everything the simulated system shows, to check that a refused call changed nothing.
struct SystemSnapshot: Hashable {
    let phone: PhoneState
    let alarm: Bool
    let musicPlaying: Bool
    let musicWaiting: Bool
    let otherAppActive: Bool
    let otherAppPlaying: Bool
    let otherAppCategory: Category
    let otherAppOptions: CategoryOptions
    let ducked: Bool
    let silentSwitch: Bool
    let screenLocked: Bool
    let appState: AppState
    let mediaServices: Bool
    let volume: Double
    let plugged: [Port]

    init(_ system: SimulatedSystem) {
        phone = system.phoneState
        alarm = system.isAlarmRinging
        musicPlaying = system.isMusicPlaying
        musicWaiting = system.isMusicWaitingToResume
        otherAppActive = system.isOtherAppActive
        otherAppPlaying = system.isOtherAppPlaying
        otherAppCategory = system.otherAppCategory
        otherAppOptions = system.otherAppOptions
        ducked = system.areOthersDucked
        silentSwitch = system.silentSwitchOn
        screenLocked = system.screenLocked
        appState = system.appState
        mediaServices = system.mediaServicesAvailable
        volume = system.outputVolume
        plugged = system.pluggedPorts
    }
}

/// Expects `body` to throw `error` and to leave the system, the session and its
/// notifications exactly as they were.
func expectRefusal(
    _ error: AudioSessionError, _ fixture: Fixture, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(AudioSessionError) -> Void
) {
    let systemBefore = SystemSnapshot(fixture.system)
    let sessionBefore = fixture.session.status
    let notificationsBefore = fixture.recorder.all
    #expect(throws: error, sourceLocation: sourceLocation) { try body() }
    #expect(SystemSnapshot(fixture.system) == systemBefore, sourceLocation: sourceLocation)
    #expect(fixture.session.status == sessionBefore, sourceLocation: sourceLocation)
    #expect(fixture.recorder.all == notificationsBefore, sourceLocation: sourceLocation)
}

let began = AudioSessionNotification.interruptionBegan(reason: .default, wasSuspended: false)
