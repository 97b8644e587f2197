// SPDX-License-Identifier: Zlib
/// The shape of PCM audio: how many frames a second and how many channels in a frame.
public struct PCMFormat: Sendable, Hashable, CustomStringConvertible {
    /// Frames per second, for example 48 000.
    public var sampleRate: Int
    /// Samples per frame: 1 for mono, 2 for stereo.
    public var channelCount: Int

    /// Creates a format.
    ///
    /// - Parameters:
    ///   - sampleRate: Frames per second.
    ///   - channelCount: 1 (mono) or 2 (stereo).
    public init(sampleRate: Int, channelCount: Int) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }

    public var description: String {
        "\(sampleRate) Hz, \(channelCount == 1 ? "mono" : channelCount == 2 ? "stereo" : "\(channelCount) channels")"
    }
}
