// SPDX-License-Identifier: Zlib
import Testing

/// The slope test of the real-time endurance run, on made-up series (seconds, kilobytes).
struct GrowthTrendTests {
    /// 660 samples 5 s apart, as after the warm-up of a 1-hour run.
    let times = (0..<660).map { 300 + Double($0) * 5 }

    @Test("A flat series with page-sized jitter is no leak")
    func flat() {
        let values = times.indices.map { 66_460 + Double(($0 * 7) % 3) * 4 }
        #expect(!GrowthTrend.leaks(times: times, values: values, beyond: 2_048).leaks)
    }

    @Test("One step of the allocator (6.4 MB, 45 minutes in, as measured) is no leak")
    func oneStep() {
        let values = times.map { $0 < 2_700 ? 66_460.0 : 72_920.0 }
        let (leaks, whole) = GrowthTrend.leaks(times: times, values: values, beyond: 2_048)
        #expect(whole?.grows(beyond: 2_048) == true)  // the whole-window slope alone would flag it
        #expect(!leaks)
    }

    @Test("A leak of 1 kB per event at 3 events a second, in 4 kB pages, is a leak")
    func steadyLeak() {
        let values = times.map { 66_460 + (($0 * 3) / 4).rounded(.down) * 4 }
        #expect(GrowthTrend.leaks(times: times, values: values, beyond: 2_048).leaks)
    }

    @Test("One descriptor or OpenAL object more per minute is a leak; a constant count is not")
    func counts() {
        #expect(GrowthTrend.leaks(times: times, values: times.map { 21 + ($0 / 60).rounded(.down) }, beyond: 2).leaks)
        #expect(!GrowthTrend.leaks(times: times, values: times.map { _ in 17 }, beyond: 2).leaks)
    }
}
