// SPDX-License-Identifier: Zlib
/// What the timeline draws of the audio: for each pixel column, the lowest and the highest sample of
/// each channel over the frames that column covers. Its size is fixed by the picture's width, not by
/// the render's length, so a render of any length can be summarised as it goes.
///
/// Column `c` of `C` covers frames `c × N / C ..< (c + 1) × N / C` of `N` (integer division), the
/// same split the picture has always used; a column that covers no frame (when there are fewer
/// frames than columns) is not drawn. Minimum and maximum start at 0, so a bar always reaches the
/// middle line. Frames past `N` are ignored.
struct TimelineWaveform {
    /// The number of pixel columns.
    let columns: Int
    /// The number of frames the picture spans.
    let frameCount: Int
    /// Per column, left then right: the lowest sample (at most 0).
    private(set) var low: [Float]
    /// Per column, left then right: the highest sample (at least 0).
    private(set) var high: [Float]
    /// The next frame `add` expects, and the column it falls in.
    private var frame = 0
    private var column = 0
    private var columnEnd: Int

    init(columns: Int, frameCount: Int) {
        self.columns = max(columns, 0)
        self.frameCount = max(frameCount, 0)
        low = Array(repeating: 0, count: self.columns * 2)
        high = Array(repeating: 0, count: self.columns * 2)
        columnEnd = self.columns > 0 ? self.frameCount / self.columns : 0
    }

    /// The frames column `column` covers.
    func frames(of column: Int) -> Range<Int> {
        (column * frameCount / columns)..<((column + 1) * frameCount / columns)
    }

    /// Takes the next interleaved stereo frames, straight after those added before.
    mutating func add(_ samples: UnsafeBufferPointer<Float>) {
        let frames = samples.count / 2
        guard columns > 0 else { return }
        var index = 0
        while index < frames, frame < frameCount {
            while frame >= columnEnd {
                column += 1
                columnEnd = (column + 1) * frameCount / columns
            }
            // The frames of this call that fall in the current column, in one tight loop.
            let run = min(frames - index, columnEnd - frame)
            var lowLeft = low[column * 2], highLeft = high[column * 2]
            var lowRight = low[column * 2 + 1], highRight = high[column * 2 + 1]
            for offset in index..<(index + run) {
                let left = samples[offset * 2], right = samples[offset * 2 + 1]
                lowLeft = min(lowLeft, left)
                highLeft = max(highLeft, left)
                lowRight = min(lowRight, right)
                highRight = max(highRight, right)
            }
            low[column * 2] = lowLeft
            high[column * 2] = highLeft
            low[column * 2 + 1] = lowRight
            high[column * 2 + 1] = highRight
            index += run
            frame += run
        }
    }
}
