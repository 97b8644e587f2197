// SPDX-License-Identifier: Zlib
import COpenAL

/// The sample format a loopback device renders into memory.
///
/// A loopback context must be created with one of these (see ``ALContextAttributes/renderFormat``);
/// ``ALDevice/render(into:channels:)`` then fills buffers of the matching sample type.
public struct ALRenderFormat: Sendable, Hashable {
    /// Channel layouts a loopback device can render.
    public enum Channels: Sendable, Hashable {
        /// One channel.
        case mono
        /// Two interleaved channels, left first.
        case stereo

        /// Samples per frame.
        public var count: Int { self == .mono ? 1 : 2 }

        var alcValue: Int32 { self == .mono ? ALC_MONO_SOFT : ALC_STEREO_SOFT }
    }

    /// Sample types a loopback device can render.
    public enum SampleType: Sendable, Hashable {
        /// Signed 16-bit integers (`ALC_SHORT_SOFT`).
        case int16
        /// 32-bit floats, full scale ±1.0 (`ALC_FLOAT_SOFT`).
        case float32

        var alcValue: Int32 { self == .int16 ? ALC_SHORT_SOFT : ALC_FLOAT_SOFT }
    }

    /// Frames per second.
    public var sampleRate: Int
    /// Mono or stereo.
    public var channels: Channels
    /// 16-bit integer or 32-bit float.
    public var sampleType: SampleType

    /// Creates a render format.
    public init(sampleRate: Int, channels: Channels = .stereo, sampleType: SampleType = .int16) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleType = sampleType
    }
}
