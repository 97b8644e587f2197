// SPDX-License-Identifier: Zlib
/// What a scenario's `effects` event asks of all the game's effects at once.
///
/// The JSON spells the case as the value of the `effects` key, for example
/// `{"at": 3, "effects": "stopAll"}` or `{"at": 1, "effects": "volume", "value": 0.5}`.
public enum EffectsCommand: Sendable, Hashable {
    /// `"stopAll"`: stop every effect voice (the soundtrack plays on), as
    /// `GameSoundRuntime.stopAllEffects()` does.
    case stopAll
    /// `"volume"`, with a required `"value"` within 0...1: set the volume every effect is
    /// multiplied with, as `GameSoundRuntime.setEffectsVolume(_:)` does.
    case volume(Float)

    /// The command as the `effects` key spells it, for example `"stopAll"`.
    public var verb: String {
        switch self {
        case .stopAll: "stopAll"
        case .volume: "volume"
        }
    }

    /// Every verb the `effects` key accepts.
    public static let verbs = ["stopAll", "volume"]
}
