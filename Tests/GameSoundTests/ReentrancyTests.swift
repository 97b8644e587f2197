// SPDX-License-Identifier: Zlib
import AudioSession
import GameSound
import OpenAL
import Synchronization
import Testing

/// A system action an event observer performs at the moment the runtime reactivates (observers ran
/// inside the runtime's step until 2026-11-29; now they run right after it, outside its lock): the
/// runtime finishes what it was doing first, then follows the notification, so its state matches
/// the system's and no OpenAL call is made on a context that is gone.
@Suite("Notifications arriving in the middle of the runtime's own steps")
struct ReentrancyTests {
    /// One case: how the interruption starts and ends, what arrives inside the reactivation, and what ends that.
    struct Case: Sendable, CustomTestStringConvertible {
        var interrupt: [SystemAction]
        var reactivate: SystemAction
        var inside: SystemAction
        var release: SystemAction
        var testDescription: String { "\(inside.name) inside the reactivation after \(reactivate.name)" }
    }

    static let cases: [Case] = [
        // Reactivation inside the delivery of interruptionEnded: the system queues the new notification.
        Case(interrupt: [.phoneRing], reactivate: .phoneDecline, inside: .mediaServicesLose, release: .mediaServicesReset),
        Case(interrupt: [.phoneRing], reactivate: .phoneDecline, inside: .alarmFire, release: .alarmDismiss),
        // Reactivation by the runtime itself after a begin with no end (app.foreground), outside any
        // delivery: the system delivers the new notification on this thread, inside the runtime's step.
        Case(interrupt: [.appBackground], reactivate: .appForeground, inside: .mediaServicesLose, release: .mediaServicesReset),
        Case(interrupt: [.appBackground], reactivate: .appForeground, inside: .alarmFire, release: .alarmDismiss),
    ]

    @Test("A call or a media-services loss during reactivation: silent until it is over, then sound, no OpenAL error",
          arguments: cases)
    func actionDuringReactivation(_ test: Case) throws {
        let harness = try Harness()
        let errors = OpenALProcess.errorCountOnCurrentThread
        _ = try harness.runtime.play("beep", options: PlayOptions(loop: true))
        try harness.render(seconds: 0.2)
        for action in test.interrupt { try harness.runtime.perform(action) }
        try harness.render(seconds: 0.1)

        let activations = Atomic(0)
        let runtime = harness.runtime
        let observation = runtime.addEventObserver { [weak runtime] event in
            guard event.name == "sessionActivated", activations.add(1, ordering: .relaxed).newValue == 1 else { return }
            try? runtime?.perform(test.inside)
        }
        defer { observation.cancel() }
        try harness.runtime.perform(test.reactivate)
        #expect(activations.load(ordering: .relaxed) >= 1, "the runtime reactivated")
        let held = try harness.render(seconds: 0.3)
        #expect(harness.isSilent(held), "no sound while \(test.inside.name) holds the audio: \(harness.eventNames)")
        #expect(!harness.runtime.isRunning)

        try harness.runtime.perform(test.release)
        let back = try harness.render(seconds: 0.3)
        #expect(harness.runtime.isRunning)
        #expect(harness.beepPower(back) > 0.01, "the looping effect plays again: \(harness.eventNames)")
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
        let began = harness.eventNames.filter { $0 == "interruptionBegan" }.count
        let ended = harness.eventNames.filter { $0 == "interruptionEnded" }.count
        #expect(ended <= began, "never more ends than begins: \(harness.eventNames)")
    }

    @Test("An observer that brings the app to the foreground from inside a step: the begin it causes is handled first, then the recovery")
    func foregroundFromObserver() throws {
        let harness = try Harness(policy: .effectsPlusSoundtrack)
        let errors = OpenALProcess.errorCountOnCurrentThread
        try harness.runtime.perform(.appBackground)
        try harness.render(seconds: 0.1)
        let runtime = harness.runtime
        let once = Atomic(false)
        let observation = runtime.addEventObserver { [weak runtime] event in
            guard event.name == "effectPlayed", !once.exchange(true, ordering: .relaxed) else { return }
            try? runtime?.perform(.appForeground)
        }
        defer { observation.cancel() }
        _ = try harness.runtime.play("beep", options: PlayOptions(loop: true))
        let after = try harness.render(seconds: 0.3)
        #expect(harness.runtime.isRunning, "\(harness.eventNames)")
        #expect(harness.beepPower(after) > 0.01, "the looping effect is heard after the foreground")
        #expect(OpenALProcess.errorCountOnCurrentThread == errors)
    }

    @Test("Observers see the events an observer's call causes after the event that caused them, all in one order")
    func observersShareOneOrder() throws {
        let harness = try Harness()  // its recorder is the first observer
        let runtime = harness.runtime
        let once = Atomic(false)
        let player = runtime.addEventObserver { [weak runtime] event in
            guard event.name == "voiceEnded", !once.exchange(true, ordering: .relaxed) else { return }
            _ = try? runtime?.play("beep")
        }
        let last = EventRecorder()
        let lastObservation = runtime.addEventObserver { last.append($0) }
        defer { player.cancel(); lastObservation.cancel() }
        _ = try runtime.play("beep")
        try harness.render(seconds: 0.5)  // the 0.3 s beep ends, and the observer plays it again
        let first = harness.events.map(\.name), latest = last.events.map(\.name)
        let ended = try #require(first.firstIndex(of: "voiceEnded"))
        #expect(first.dropFirst(ended + 1).first == "effectPlayed", "the replay follows the end: \(first)")
        #expect(latest.suffix(first.count - ended) == first[ended...], "the last observer sees the same order")
    }
}
