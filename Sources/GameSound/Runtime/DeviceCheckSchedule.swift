// SPDX-License-Identifier: Zlib
/// When a running real-time output on OpenAL Soft's device asks it whether it is still connected
/// (`ALC_CONNECTED`) and looks for a server that caught up (``ServerCatchUp``).
///
/// OpenAL Soft 1.19.1 cannot say when a device goes, so it is asked: at updates that run anyway, at
/// most every ``leastFrames`` (a call into the device, 7 % of a real-time update's time), and a quiet
/// real-time loop wakes for it (``deadline(often:)``): every ``leastFrames`` on a device that plays
/// through a sound server, whose catch-up after a stall the looks must catch while it happens (the
/// watch was built and measured at that pace), every ``mostFrames`` on one that cannot go or catch
/// up (the null device). GameSound's server output says when it goes and is not asked on a schedule
/// (``RuntimeCore/followDeviceConnection(at:)``).
struct DeviceCheckSchedule: Equatable {
    /// The least time between two checks, in frames: 50 ms.
    let leastFrames: Int
    /// The most time between two checks, in frames: 250 ms.
    let mostFrames: Int
    /// The frame of the last check; nil before the first.
    private(set) var lastCheck: Int?

    init(sampleRate: Int) {
        leastFrames = sampleRate / 20
        mostFrames = sampleRate / 4
    }

    /// Whether an update at `now` checks: ``leastFrames`` or more since the last check, none yet, or
    /// a clock that went back (a new output's). Notes the check when it does.
    mutating func checks(at now: Int) -> Bool {
        if let lastCheck, now >= lastCheck, now - lastCheck < leastFrames { return false }
        lastCheck = now
        return true
    }

    /// The frame by which an update must run to check: ``leastFrames`` (`often`) or ``mostFrames``
    /// after the last check, or at once before the first.
    func deadline(often: Bool) -> Int { lastCheck.map { $0 + (often ? leastFrames : mostFrames) } ?? 0 }
}
