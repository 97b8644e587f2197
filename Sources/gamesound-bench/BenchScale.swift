// SPDX-License-Identifier: Zlib
/// The sizes of every benchmark case: the full suite (`make bench`) or the smoke run (`--smoke`).
///
/// The smoke run keeps every case and every code path but shrinks the work so that the whole
/// suite takes seconds; its figures are not meant to be read.
struct BenchScale: Sendable {
    var repetitions: Int
    var mixSeconds: Double
    var mixVoices: [Int]
    var playCalls: Int
    var bankSize: Int
    var longTrackSeconds: Double
    var shortTrackSeconds: Double
    var rssRenderSeconds: Double
    var underrunSeconds: Double
    var callgrindSeconds: (short: Double, long: Double)?
    /// The render case: a long and a short scenario (repeated), and an hour's (once).
    var renderLongSeconds: Double
    var renderShortSeconds: Double
    var renderHourSeconds: Double
    var renderRepetitions: Int

    static let full = BenchScale(repetitions: 5, mixSeconds: 60, mixVoices: [1, 16, 64, 128], playCalls: 100_000,
                                 bankSize: 40, longTrackSeconds: 600, shortTrackSeconds: 10, rssRenderSeconds: 30,
                                 underrunSeconds: 60, callgrindSeconds: (short: 1, long: 3),
                                 renderLongSeconds: 600, renderShortSeconds: 5, renderHourSeconds: 3_600, renderRepetitions: 3)

    static let smoke = BenchScale(repetitions: 1, mixSeconds: 0.5, mixVoices: [1, 16, 64, 128], playCalls: 2_000,
                                  bankSize: 40, longTrackSeconds: 20, shortTrackSeconds: 2, rssRenderSeconds: 1,
                                  underrunSeconds: 1, callgrindSeconds: nil,
                                  renderLongSeconds: 3, renderShortSeconds: 1, renderHourSeconds: 2, renderRepetitions: 1)
}
