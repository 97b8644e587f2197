// SPDX-License-Identifier: Zlib
import Foundation
import GameSound
import OpenAL
import Synchronization
import Testing
import TestSupport

/// Event observers are called outside the runtime's lock, and each runtime has a lock of its own:
/// a slow observer keeps no call waiting, one runtime's work keeps no other runtime's calls waiting,
/// and observers may call each other's runtimes from two threads at once.
@Suite("Events handed out outside the runtime's lock")
struct EventDeliveryTests {
    private final class Flag: Sendable {
        let value = Atomic(false)
    }

    /// Runs `body` on a new thread; the returned flag is set when it has returned.
    private static func spawn(_ body: @escaping @Sendable () -> Void) -> Flag {
        let done = Flag()
        let thread = Thread {
            body()
            done.value.store(true, ordering: .releasing)
        }
        thread.start()
        return done
    }

    @Test("While an observer takes 0.4 s on one thread, another thread's plays, stops and renders go on, and its events reach every observer after, in order")
    func slowObserverKeepsNoCallWaiting() throws {
        let harness = try Harness()
        let runtime = harness.runtime
        let inObserver = Atomic(false)
        let slowOnce = Atomic(false)
        let observation = runtime.addEventObserver { event in
            guard event.name == "effectPlayed", !slowOnce.exchange(true, ordering: .relaxed) else { return }
            inObserver.store(true, ordering: .releasing)
            usleep(400_000)
            inObserver.store(false, ordering: .releasing)
        }
        defer { observation.cancel() }
        let done = Self.spawn { _ = try? runtime.play("beep") }
        #expect(waitFor(5) { inObserver.load(ordering: .acquiring) }, "the observer is called")

        let clock = ContinuousClock()
        var longest = Duration.zero
        var callsWhileObserving = 0
        for _ in 0..<20 {
            let start = clock.now
            let voice = try #require(try runtime.play("beep").voice)
            try runtime.stop(voice)
            try harness.render(seconds: 0.005)
            longest = max(longest, clock.now - start)
            if inObserver.load(ordering: .acquiring) { callsWhileObserving += 1 }
        }
        #expect(callsWhileObserving >= 10, "the calls ran while the observer was busy")
        #expect(longest < .milliseconds(150), "no call waited for the observer: the longest took \(longest)")

        #expect(waitFor(5) { done.value.load(ordering: .acquiring) }, "the first play returns once its observer has")
        // Every play's event, the other thread's first, reached the harness's recorder too.
        #expect(waitFor(5) { harness.eventNames.filter { $0 == "effectPlayed" }.count == 21 })
        // In the order they were logged: by frame, the first play's first.
        let frames = harness.events.filter { $0.name == "effectPlayed" }.map(\.frame)
        #expect(frames == frames.sorted(), "\(frames)")
        #expect(frames.first == 0)
    }

    @Test("One runtime rendering a minute of audio in one call keeps another runtime's calls on another thread waiting for nothing")
    func runtimesDoNotShareALock() throws {
        let busy = try Harness()
        // Sixteen loops, so that the minute takes long enough to overlap on a fast machine too (one
        // loop rendered it in 0.1 s here, 2026-11-29).
        for _ in 0..<16 { _ = try busy.runtime.play("beep", options: PlayOptions(loop: true)) }
        let other = try Harness(soundtrack: false)
        let busyRuntime = busy.runtime
        let clock = ContinuousClock()
        let started = Atomic(false)
        let renderTime = Mutex(Duration.zero)
        let done = Self.spawn {
            started.store(true, ordering: .releasing)
            let start = clock.now
            _ = try? busyRuntime.render(frames: 48_000 * 60)
            renderTime.withLock { $0 = clock.now - start }
        }
        #expect(waitFor(5) { started.load(ordering: .acquiring) })
        usleep(20_000)

        var longest = Duration.zero
        var callsDuringRender = 0
        while !done.value.load(ordering: .acquiring) {
            let start = clock.now
            let voice = try #require(try other.runtime.play("beep").voice)
            try other.runtime.stop(voice)
            try other.render(seconds: 0.005)
            longest = max(longest, clock.now - start)
            callsDuringRender += 1
        }
        let rendering = renderTime.withLock { $0 }
        try #require(rendering > .milliseconds(100), "the minute's render took long enough to overlap: \(rendering)")
        #expect(callsDuringRender >= 5, "the other runtime was called while the first rendered")
        #expect(longest < rendering / 2, "the longest call took \(longest), the render \(rendering)")
        _ = try other.runtime.play("beep")
        let after = try other.render(seconds: 0.2)
        #expect(other.beepPower(after) > 0.01, "the other runtime plays")
    }

    @Test("Two runtimes' observers calling each other's runtime from two threads at once finish, with no deadlock")
    func observersCallingEachOthersRuntimes() throws {
        let first = try Harness(), second = try Harness()
        let a = first.runtime, b = second.runtime
        let calls = Atomic(0)
        let aObservation = a.addEventObserver { [weak b] event in
            guard event.name == "effectPlayed", calls.add(1, ordering: .relaxed).newValue < 400 else { return }
            _ = try? b?.play("beep")
        }
        let bObservation = b.addEventObserver { [weak a] event in
            guard event.name == "effectPlayed", calls.add(1, ordering: .relaxed).newValue < 400 else { return }
            _ = try? a?.play("beep")
        }
        defer { aObservation.cancel(); bObservation.cancel() }
        let one = Self.spawn { for _ in 0..<50 { _ = try? a.play("beep") } }
        let two = Self.spawn { for _ in 0..<50 { _ = try? b.play("beep") } }
        let finished = waitFor(20) { one.value.load(ordering: .acquiring) && two.value.load(ordering: .acquiring) }
        #expect(finished, "both threads returned (\(calls.load(ordering: .relaxed)) observer calls)")
        #expect(calls.load(ordering: .relaxed) >= 400)
    }

    @Test("A sound an observer plays when a voice ends is in the very block the end was logged at, as when observers ran inside the render")
    func observersPlayInTheBlockOfTheirEvent() throws {
        let harness = try Harness(soundtrack: false)
        let runtime = harness.runtime
        let replayed = Atomic(false)
        let observation = runtime.addEventObserver { [weak runtime] event in
            guard event.name == "voiceEnded", !replayed.exchange(true, ordering: .relaxed) else { return }
            _ = try? runtime?.play("beep")
        }
        defer { observation.cancel() }
        _ = try runtime.play("beep")
        try harness.render(seconds: 1)  // one call: the 0.3 s beep ends inside it, and plays again
        let ended = try #require(harness.firstEvent("voiceEnded"))
        let again = try #require(harness.events.first { $0.name == "effectPlayed" && $0.frame >= ended.frame })
        #expect(again.frame == ended.frame, "played at the end's frame")
        // The first beep is over by then: what sounds from the end's frame on is the second, from its first frames.
        let audible = try #require(harness.firstAudibleFrame(from: ended.frame))
        #expect(audible - ended.frame < 16, "heard from the end's frame on: \(audible - ended.frame) frames after it")
    }

    @Test("An observer that shuts the runtime down partway through a render: the render returns, the rest of it silent, and the next one says the runtime stopped")
    func observerStopsTheRuntimeMidRender() throws {
        let harness = try Harness(soundtrack: false)
        let runtime = harness.runtime
        let observation = runtime.addEventObserver { [weak runtime] event in
            if event.name == "voiceEnded" { runtime?.shutdown() }
        }
        defer { observation.cancel() }
        _ = try runtime.play("beep", options: PlayOptions(loop: false))
        let frames = try harness.render(seconds: 1)  // the 0.3 s beep ends inside it
        let ended = try #require(harness.firstEvent("voiceEnded"))
        #expect(harness.beepPower(frames.lowerBound..<(frames.lowerBound + 9_600)) > 0.01, "the beep before")
        #expect(harness.isSilent(ended.frame..<frames.upperBound), "silence after the shutdown")
        #expect(throws: GameSoundError.stopped) { _ = try runtime.render(frames: 256) }
    }
}
