// SPDX-License-Identifier: Zlib
/// The name of a mixing bus: one of the six every runtime has, or one a game added with
/// ``GameSoundRuntime/configureBus(_:parent:volume:limit:reserve:)``.
///
/// A string literal works wherever a bus name is expected: `audio.setBusVolume("music", 0.5)`.
public struct BusName: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as written.
    public let name: String

    /// Names a bus.
    public init(_ name: String) { self.name = name }

    /// Names a bus with a string literal.
    public init(stringLiteral name: String) { self.name = name }

    public var description: String { name }

    /// The root of the tree: everything the game plays goes through it.
    public static let master = BusName("master")
    /// The soundtrack and any music stream.
    public static let music = BusName("music")
    /// Sound effects: where ``GameSoundRuntime/play(_:options:)`` plays unless told otherwise.
    public static let effects = BusName("effects")
    /// Menu clicks and other interface sounds, which usually play on while the game is paused.
    public static let ui = BusName("ui")
    /// Dialogue and barks.
    public static let voice = BusName("voice")
    /// Background beds: wind, crowds, machinery.
    public static let ambience = BusName("ambience")

    /// The buses every runtime starts with, all children of ``master``.
    public static let standard: [BusName] = [.master, .music, .effects, .ui, .voice, .ambience]
}
