// SPDX-License-Identifier: Zlib
/// What a scenario's `bus` event asks of one mixing bus.
///
/// The JSON names the bus as the value of the `bus` key and gives exactly one of `volume`,
/// `mute` or `paused` beside it, for example `{"at": 2, "bus": "music", "volume": 0.3, "over": 1}`
/// or `{"at": 5, "bus": "effects", "paused": true}`.
public enum BusCommand: Sendable, Hashable {
    /// `"volume"`, a linear volume ≥ 0, with an optional `"over"` in seconds (at once when
    /// omitted): ramp the bus's volume, as `GameSoundRuntime.setBusVolume(_:_:over:)` does.
    case volume(Float, over: Double? = nil)
    /// `"mute"`, true or false: silence the bus and everything below it exactly, or bring it
    /// back, as `GameSoundRuntime.setBusMuted(_:_:)` does. Its voices play on unheard.
    case mute(Bool)
    /// `"paused"`, true or false: pause or resume every voice on the bus and below it (the
    /// soundtrack too, under the music bus), as `GameSoundRuntime.setBusPaused(_:_:)` does.
    case paused(Bool)

    /// The key that gives the command, for example `"volume"`.
    public var key: String {
        switch self {
        case .volume: "volume"
        case .mute: "mute"
        case .paused: "paused"
        }
    }

    /// Every key a `bus` event accepts for its command, one of which it must give.
    public static let keys = ["volume", "mute", "paused"]
}
