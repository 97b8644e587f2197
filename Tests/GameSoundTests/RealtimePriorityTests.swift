// SPDX-License-Identifier: Zlib
import AudioSession
@testable import GameSound
import Foundation
import Logging
import OpenAL
import Testing

/// The real-time priority of the audio threads on OpenAL Soft's null device, read back from the
/// kernel (`/proc/self/task/TID/sched`). Setting it directly takes root (or `CAP_SYS_NICE`), which
/// `make check` has; RealtimeKit and the refusal are checked on a private desktop by
/// Tests/desktop/check-realtime-priority.py.
@Suite("Real-time priority for the audio threads", .serialized)
struct RealtimePriorityTests {
    /// The thread's policy (0 normal, 2 `SCHED_RR`) and real-time priority, nil once it has ended.
    private func schedule(of thread: Int32) -> (policy: Int, priority: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/self/task/\(thread)/sched", encoding: .utf8) else { return nil }
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1].trimmingCharacters(in: .whitespaces)) {
                fields[parts[0].trimmingCharacters(in: .whitespaces)] = value
            }
        }
        guard let policy = fields["policy"], let prio = fields["prio"] else { return nil }
        return (policy, policy == 0 ? 0 : 99 - prio)
    }

    /// The thread ids the runtime's `realtime.granted` lines name, by role.
    private func granted(_ store: DiagnosticsTests.Capture.Store) -> [String: Int32] {
        var threads: [String: Int32] = [:]
        for entry in store.entries.withLock({ $0 }) where entry.code == "realtime.granted" {
            guard let id = entry.message.split(separator: "(thread ").last?.split(separator: ")").first.flatMap({ Int32($0) }) else { continue }
            threads[entry.message.contains("mixer") ? "mixer" : "update"] = id
        }
        return threads
    }

    private func start(realtimePriority: Bool) throws -> (GameSoundRuntime, DiagnosticsTests.Capture.Store) {
        OpenALProcess.setDrivers("null")
        let store = DiagnosticsTests.Capture.Store()
        let logger = Logger(label: "gamesound") { DiagnosticsTests.Capture(label: $0, store: store) }
        var configuration = GameSoundConfiguration(output: .realtime())
        configuration.realtimePriority = realtimePriority
        return (try GameSoundRuntime(configuration: configuration, system: SimulatedSystem(), logger: logger), store)
    }

    @Test("as root, OpenAL Soft's mixer runs SCHED_RR 4 and the update thread SCHED_RR 3; the caller's thread is untouched",
          .enabled(if: geteuid() == 0, "setting a real-time priority directly takes root"))
    func rootRaisesTheAudioThreads() throws {
        let (runtime, store) = try start(realtimePriority: true)
        defer { runtime.shutdown() }
        let deadline = ContinuousClock.now + .seconds(5)
        while granted(store).count < 2, ContinuousClock.now < deadline { usleep(10_000) }
        let threads = granted(store)
        let mixer = try #require(threads["mixer"], "no realtime.granted line for the mixer: \(store.entries.withLock { $0 })")
        let update = try #require(threads["update"])
        #expect(schedule(of: mixer)?.policy == 2 && schedule(of: mixer)?.priority == 4, "mixer \(mixer): \(String(describing: schedule(of: mixer)))")
        #expect(schedule(of: update)?.policy == 2 && schedule(of: update)?.priority == 3)
        #expect(ThreadRoster.name(of: mixer) == ThreadRoster.starterName || ThreadRoster.name(of: mixer) == ThreadRoster.mixerThreadName)
        #expect(schedule(of: ThreadRoster.current)?.policy == 0, "the test's own thread stays SCHED_OTHER")
        #expect(ThreadRoster.name(of: ThreadRoster.current) != ThreadRoster.starterName, "the caller's name is given back")
    }

    @Test("turned off, the mixer OpenAL Soft started stays SCHED_OTHER and nothing is logged about it",
          .enabled(if: geteuid() == 0, "with the request on, root would raise them; off must not"))
    func offAsksNothing() throws {
        // Other suites' runtimes run beside this one and raise their own threads: only this
        // runtime's log, and the threads that appeared while it opened, are looked at.
        let before = ThreadRoster.threadIDs()
        let (runtime, store) = try start(realtimePriority: false)
        defer { runtime.shutdown() }
        let started = ThreadRoster.newOpenALThreads(since: before)
        usleep(300_000)
        #expect(!started.isEmpty, "the output started OpenAL Soft's threads under the starter's name")
        let raised = started.filter { schedule(of: $0)?.policy ?? 0 != 0 }
        // Another runtime opening at the same moment could start a thread of that name too; its
        // mixer is raised, so only a thread this runtime's log names would prove a fault.
        #expect(store.entries.withLock { $0 }.allSatisfy { $0.code?.hasPrefix("realtime.") != true },
                "this runtime asked: \(store.entries.withLock { $0 })")
        #expect(raised.count < started.count, "every thread started while this runtime opened is real-time: \(raised)")
    }
}
