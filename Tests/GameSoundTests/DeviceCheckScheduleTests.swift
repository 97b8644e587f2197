// SPDX-License-Identifier: Zlib
@testable import GameSound
import Testing

/// When OpenAL Soft's device is asked whether it is still connected: at updates that run anyway,
/// every 50 ms at most; a quiet loop wakes for it every 50 ms through a server, every 250 ms on the
/// null device.
@Suite("The device's connection checks")
struct DeviceCheckScheduleTests {
    /// Whether an update at each frame in turn checks.
    private func checks(_ schedule: inout DeviceCheckSchedule, at frames: Int...) -> [Bool] {
        frames.map { schedule.checks(at: $0) }
    }

    @Test("the first update checks; then one 50 ms on at the soonest; the deadline is 50 ms after the last check through a server, 250 ms on the null device")
    func fiftyToTwoHundredFifty() {
        var schedule = DeviceCheckSchedule(sampleRate: 48_000)
        #expect(schedule.deadline(often: false) == 0 && schedule.deadline(often: true) == 0, "nothing checked yet: due at once")
        #expect(checks(&schedule, at: 1_000) == [true])
        #expect(schedule.deadline(often: false) == 1_000 + 12_000 && schedule.deadline(often: true) == 1_000 + 2_400)
        #expect(checks(&schedule, at: 1_256, 3_399) == [false, false], "within 50 ms of the last")
        #expect(schedule.deadline(often: false) == 13_000, "a look that did not check moves nothing")
        #expect(checks(&schedule, at: 3_400) == [true])
        #expect(schedule.deadline(often: false) == 15_400)
    }

    @Test("a clock that went back (a new output's) checks at once")
    func clockBack() {
        var schedule = DeviceCheckSchedule(sampleRate: 48_000)
        #expect(checks(&schedule, at: 100_000, 500, 600) == [true, true, false])
        #expect(schedule.deadline(often: false) == 12_500)
    }
}
