// SPDX-License-Identifier: Zlib
import Foundation

/// The median and spread of repeated measurements of one figure.
struct Summary: Sendable {
    let samples: [Double]

    init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "a summary needs at least one sample")
        self.samples = samples.sorted()
    }

    var median: Double {
        let count = samples.count
        return count % 2 == 1 ? samples[count / 2] : (samples[count / 2 - 1] + samples[count / 2]) / 2
    }

    var min: Double { samples[0] }
    var max: Double { samples[samples.count - 1] }

    /// Half the range as a percentage of the median: "±x %".
    var spreadPercent: Double { median == 0 ? 0 : (max - min) / 2 / median * 100 }

    /// `median (±spread %, n=…)` with the median formatted by `format`.
    func text(_ format: (Double) -> String) -> String {
        samples.count == 1 ? format(median) : "\(format(median)) (±\(String(format: "%.1f", spreadPercent))%, n=\(samples.count))"
    }
}
