// SPDX-License-Identifier: Zlib
import AudioSession
import Synchronization
import Testing

/// ``SystemAudio/whenStatusMoves(for:_:)``: a system that can say when its status version moves
/// calls the session's handler after each move, and stops once the session has gone; a wrapper says
/// so only if what it wraps can.
@Suite("Told when the status moves")
struct StatusMoveTests {
    private final class Count: Sendable {
        let value = Atomic<Int>(0)
        var now: Int { value.load(ordering: .acquiring) }
        func add() { value.add(1, ordering: .relaxed) }
    }

    /// Passes everything to the system it wraps, the status version and its moves included: a
    /// wrapper that says nothing of its own.
    private final class Plain: WrappingSystem, Sendable {
        let base: any SystemAudio
        init(base: any SystemAudio) { self.base = base }
        func status(of session: SessionID) -> SessionStatus { base.status(of: session) }
    }

    @Test("the simulated system calls the handler after every change, the silent switch's too (which notifies nobody), and not after the session went")
    func simulatedSystem() throws {
        let system = SimulatedSystem()
        let count = Count()
        var session: AudioSession? = AudioSession(system: system)
        #expect(session?.whenStatusMoves { count.add() } == true)
        let version = system.statusVersion
        try system.perform(.silentSwitchOn)
        #expect(count.now == 1 && system.statusVersion != version)
        try system.perform(.screenLock)
        #expect(count.now == 2)
        session = nil
        let afterDetach = count.now
        try system.perform(.silentSwitchOff)
        #expect(count.now == afterDetach, "a session that went is not called")
    }

    @Test("the switches overlay says when its switches or the wrapped system's status move, if the wrapped system can say")
    func overlay() throws {
        let base = SimulatedSystem()
        let overlay = SimulatedSwitchesOverlay(wrapping: base)
        let count = Count()
        let session = AudioSession(system: overlay)
        #expect(session.whenStatusMoves { count.add() })
        try overlay.perform(.silentSwitchOn)  // the overlay's own switch
        #expect(count.now >= 1)
        let before = count.now
        try base.perform(.routePlug(port: .headphones))  // the wrapped system's status
        #expect(count.now > before)

        let blind = SimulatedSwitchesOverlay(wrapping: Plain(base: SimulatedSystem()))
        #expect(blind.statusVersion == nil)
        #expect(!AudioSession(system: blind).whenStatusMoves { count.add() }, "the wrapped system cannot say, so neither can the overlay")
    }

    @Test("a system that cannot say returns false and never calls")
    func cannotSay() throws {
        let base = SimulatedSystem()
        let count = Count()
        let session = AudioSession(system: Plain(base: base))
        #expect(!session.whenStatusMoves { count.add() })
        try base.perform(.silentSwitchOn)
        #expect(count.now == 0)
    }
}
