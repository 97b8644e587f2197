// SPDX-License-Identifier: Zlib
@testable import GameSound
import Testing

/// The watch for a sound server that stood still and then caught up at once (``ServerCatchUp``), on
/// clocks given by hand. The real thing (a server stopped and continued, the output reopened and heard
/// again) is `PulseSystemTests/stoppedServer` on PulseAudio and PipeWire.
@Suite("A server that stood still, then caught up")
struct ServerCatchUpTests {
    @Test("steady mixing, a first fill of the buffer, and a stall while it lasts are no catch-up")
    func noCatchUp() {
        var watch = ServerCatchUp(sampleRate: 48_000)
        #expect(watch.look(wall: 0, mixed: 3_072) == nil, "the first look only notes the clocks")
        // 50 ms steps, the mixer a period ahead or behind.
        #expect(watch.look(wall: 2_400, mixed: 5_472 + 1_024) == nil)
        #expect(watch.look(wall: 4_800, mixed: 7_872) == nil)
        // Stood still for 2 s: behind, not ahead.
        #expect(watch.look(wall: 100_800, mixed: 7_872) == nil)
    }

    @Test("a jump of 0.3 s or more beyond the wall clock is reported once, and not again within 10 s")
    func catchUp() {
        var watch = ServerCatchUp(sampleRate: 48_000)
        _ = watch.look(wall: 0, mixed: 0)
        #expect(watch.look(wall: 96_000, mixed: 0) == nil, "stood still 2 s")
        #expect(watch.look(wall: 98_400, mixed: 2_400 + 14_399) == nil, "ahead by 0.3 s less a frame in 50 ms")
        var again = ServerCatchUp(sampleRate: 48_000)
        _ = again.look(wall: 0, mixed: 0)
        _ = again.look(wall: 96_000, mixed: 0)
        #expect(again.look(wall: 98_400, mixed: 96_000) == 93_600, "caught up 1.95 s in 50 ms")
        _ = again.look(wall: 200_000, mixed: 96_000)
        #expect(again.look(wall: 202_400, mixed: 200_000) == nil, "within 10 s of the last one")
        _ = again.look(wall: 600_000, mixed: 200_000)
        #expect(again.look(wall: 602_400, mixed: 600_000) != nil, "10 s later, a new stall is reported")
    }

    @Test("after a restart the next look only notes the clocks")
    func restart() {
        var watch = ServerCatchUp(sampleRate: 48_000)
        _ = watch.look(wall: 0, mixed: 0)
        watch.restart()
        #expect(watch.look(wall: 2_400, mixed: 48_000) == nil)
        #expect(watch.look(wall: 4_800, mixed: 50_400) == nil)
    }
}
