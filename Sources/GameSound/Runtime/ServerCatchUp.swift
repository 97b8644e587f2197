// SPDX-License-Identifier: Zlib
/// Notices a sound server that stood still and then asked for all it missed at once, so that the
/// runtime can reopen its output after it.
///
/// A server that stops (`SIGSTOP`, a debugger, a machine swapping hard) stops asking OpenAL Soft for
/// audio; its mixer waits and the device clock stands still. When the server runs again, its clock
/// has moved on and it asks for the whole stretch at once: the device clock jumps ahead of the wall
/// clock by about as long as the server stood still. PipeWire 0.3's `pipewire-pulse` (0.3.65 in
/// Debian 12) can lose its place in a stream while it catches up: its data thread's messages to
/// its main thread overflow their queue (its log says "queue full"), its count of what it read
/// falls behind what it really read, and from then on every block it reads lies ahead of what the
/// client writes. With OpenAL Soft's `prebuf = 0` the stream then plays silence for good. A new
/// stream is counted afresh, so the runtime reopens its output when this watch sees a catch-up
/// (docs/linux-system.md, "A server that stood still"). OpenAL Soft's output only: GameSound's own
/// server output keeps the server's prebuf, which the server cannot read past.
struct ServerCatchUp {
    /// How far, in frames, the device clock may run ahead of the wall clock between two looks
    /// before it counts as a catch-up: far more than the output's buffer refilled after a start.
    let threshold: Int
    /// The frames (wall clock) after a catch-up in which another one is not reported: one reopen
    /// per stall, never a loop of them.
    let quietAfter: Int
    private var last: (wall: Int, mixed: Int)?
    private var lastReported: Int?

    /// A watch at `sampleRate`: a catch-up is 0.3 s of audio mixed beyond the time that passed, and
    /// is reported at most once in 10 s.
    init(sampleRate: Int) {
        threshold = sampleRate * 3 / 10
        quietAfter = sampleRate * 10
    }

    /// Forgets the last look (the output stopped or started again): the next look only notes where
    /// the clocks are.
    mutating func restart() {
        last = nil
    }

    /// Looks at the wall clock and the device clock (both in frames); returns how far the device
    /// ran ahead since the last look when that is a catch-up to report, else nil.
    mutating func look(wall: Int, mixed: Int) -> Int? {
        defer { last = (wall, mixed) }
        guard let last else { return nil }
        let ahead = (mixed - last.mixed) - (wall - last.wall)
        guard ahead >= threshold else { return nil }
        if let lastReported, wall - lastReported < quietAfter { return nil }
        lastReported = wall
        return ahead
    }
}
