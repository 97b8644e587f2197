// SPDX-License-Identifier: Zlib
import AudioSession

/// How sounds placed in the world are turned into two channels.
public enum Spatialization: String, Sendable, Hashable, CaseIterable {
    /// HRTF when the player listens on headphones (wired or Bluetooth A2DP), plain stereo panning
    /// on speakers: the rule a well-made game follows, since HRTF on speakers only smears the image.
    case auto
    /// Always HRTF (head-related transfer functions): sounds behind, above and below are told
    /// apart, as on headphones in real life.
    case hrtf
    /// Always plain stereo panning.
    case stereo

    /// Whether HRTF should be on for this mode on `route`.
    public func usesHRTF(on route: RouteDescription) -> Bool {
        switch self {
        case .hrtf: true
        case .stereo: false
        case .auto: route.outputs.first.map { $0 == .headphones || $0 == .bluetoothA2DP } ?? false
        }
    }
}
