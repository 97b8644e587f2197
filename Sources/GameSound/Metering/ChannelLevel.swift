// SPDX-License-Identifier: Zlib
/// How loud one channel was over the metering window: its largest sample and its RMS level.
///
/// Both are linear, with 1.0 at digital full scale; ``peakDBFS`` and ``rmsDBFS`` give the same in
/// decibels relative to full scale, the unit level meters usually show.
public struct ChannelLevel: Sendable, Hashable {
    /// The largest absolute sample value in the window.
    public var peak: Float
    /// The root-mean-square level over the window.
    public var rms: Float

    /// A channel with nothing in it.
    public static let silent = ChannelLevel(peak: 0, rms: 0)

    /// Creates a level from linear values.
    public init(peak: Float, rms: Float) {
        self.peak = peak
        self.rms = rms
    }

    /// ``peak`` in dBFS; `-Float.infinity` for exact silence.
    public var peakDBFS: Float { Self.decibels(peak) }
    /// ``rms`` in dBFS; `-Float.infinity` for exact silence. A full-scale sine reads about -3 dBFS.
    public var rmsDBFS: Float { Self.decibels(rms) }

    /// Converts a linear level to dBFS.
    public static func decibels(_ linear: Float) -> Float {
        linear > 0 ? 20 * log10(linear) : -.infinity
    }
}

#if canImport(Glibc)
import Glibc
#endif
