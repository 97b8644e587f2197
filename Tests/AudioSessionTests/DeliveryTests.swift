// SPDX-License-Identifier: Zlib
import AudioSession
import Synchronization
import Testing

@Suite("Notification delivery")
struct DeliveryTests {
    @Test("an observer that reactivates on interruptionEnded is active before the decline returns")
    func reactivateFromCallback() {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        let session = fixture.session
        // Weakly: the session keeps its observers, so a strong capture would keep it alive forever.
        session.addObserver { [weak session] notification in
            if case .interruptionEnded = notification {
                #expect(throws: Never.self) { try session?.setActive(true) }
            }
        }
        fixture.perform(.phoneRing, .phoneDecline)
        #expect(session.isActive)
        #expect(session.mayRunOutput)
    }

    @Test("an observer that sets up again on mediaServicesReset leaves the session set up when reset returns")
    func setUpAgainFromCallback() {
        let fixture = Fixture()
        fixture.activate(.ambient)
        let session = fixture.session
        session.addObserver { [weak session] notification in
            if notification == .mediaServicesReset {
                #expect(throws: Never.self) {
                    try session?.setCategory(.ambient)
                    try session?.setActive(true)
                }
            }
        }
        fixture.perform(.mediaServicesLose, .mediaServicesReset)
        #expect(session.category == .ambient)
        #expect(session.isActive)
    }

    @Test("notifications caused inside a callback come after the current one, in order, to every observer")
    func nestedOrder() {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        let session = fixture.session
        let system = fixture.system
        // The first observer reacts to the end by reactivating and changing category, which posts a
        // route change; the second observer must still see the end before that route change.
        session.addObserver { [weak session, weak system] notification in
            if case .interruptionEnded = notification {
                #expect(throws: Never.self) {
                    try session?.setActive(true)
                    try session?.setCategory(.playAndRecord)
                    try system?.perform(.phoneRing)
                }
            }
        }
        let second = NotificationRecorder(session)
        fixture.perform(.phoneRing, .phoneDecline)
        let expected: [AudioSessionNotification] = [
            began, .interruptionEnded(shouldResume: true),
            .routeChanged(reason: .categoryChange, previous: RouteDescription(outputs: [.builtInSpeaker])),
            began,
        ]
        #expect(second.all == expected)
        #expect(fixture.recorder.all == expected)
        #expect(session.isInterrupted)
    }

    @Test("cancelling the token stops delivery to that observer only")
    func cancel() {
        let fixture = Fixture()
        fixture.activate(.soloAmbient)
        let count = Mutex(0)
        let token = fixture.session.addObserver { _ in count.withLock { $0 += 1 } }
        fixture.perform(.phoneRing)
        token.cancel()
        #expect(token.isCancelled)
        fixture.perform(.phoneDecline)
        #expect(count.withLock { $0 } == 1)
        #expect(fixture.recorder.all.count == 2)
    }

    @Test("the async stream carries the same notifications in the same order")
    func asyncStream() async {
        let fixture = Fixture()
        let stream = fixture.session.notifications
        fixture.activate(.soloAmbient)
        fixture.perform(.phoneRing, .phoneDecline, .mediaServicesReset)
        var received: [AudioSessionNotification] = []
        for await notification in stream {
            received.append(notification)
            if received.count == fixture.recorder.all.count { break }
        }
        #expect(received == fixture.recorder.all)
        #expect(received.count == 4)
    }

    @Test("several sessions bound to one system are each interrupted and each hear their own notifications")
    func severalSessions() throws {
        let fixture = Fixture()
        let second = AudioSession(system: fixture.system)
        let secondRecorder = NotificationRecorder(second)
        fixture.activate(.soloAmbient)
        try second.setCategory(.ambient)
        try second.setActive(true)
        fixture.perform(.phoneRing)
        #expect(fixture.recorder.all == [began])
        #expect(secondRecorder.all == [began])
    }

    @Test("a session that goes away releases what it held and ends its streams")
    func sessionGoesAway() async throws {
        let system = SimulatedSystem(launch: LaunchState(otherAudio: .music))
        var session: AudioSession? = AudioSession(system: system)
        try session?.setActive(true)
        #expect(!system.isMusicPlaying)
        let stream = try #require(session?.notifications)
        session = nil
        var count = 0
        for await _ in stream { count += 1 }
        #expect(count == 0)
        #expect(!system.isMusicWaitingToResume)
    }

    @Test("observers may be called from many threads at once without losing notifications")
    func concurrentSessions() async {
        await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let fixture = Fixture()
                    for _ in 0..<200 {
                        fixture.activate(.soloAmbient)
                        fixture.perform(.phoneRing, .phoneDecline)
                    }
                    return fixture.recorder.all.count
                }
            }
            for await count in group {
                #expect(count == 400)
            }
        }
    }
}
