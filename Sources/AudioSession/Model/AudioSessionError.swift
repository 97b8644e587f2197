// SPDX-License-Identifier: Zlib
/// Why the system refused a session request; a refused request leaves the session unchanged.
public enum AudioSessionError: Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The arguments are invalid: a category, mode and options that do not go together, or a
    /// preference that is negative or not a number.
    case badParam
    /// A phone call or a ringing alarm holds the audio; try again when it ends.
    case insufficientPriority
    /// The app is in the background and asked for a category that would stop other audio.
    case cannotInterruptOthers
    /// Media services are lost; wait for ``AudioSessionNotification/mediaServicesReset``.
    case mediaServicesFailed
    /// The app still runs audio I/O; stop the output before deactivating.
    case isBusy

    /// The error's name as the spec spells it, for example `"insufficientPriority"`.
    public var name: String {
        switch self {
        case .badParam: "badParam"
        case .insufficientPriority: "insufficientPriority"
        case .cannotInterruptOthers: "cannotInterruptOthers"
        case .mediaServicesFailed: "mediaServicesFailed"
        case .isBusy: "isBusy"
        }
    }

    /// The same as ``name``.
    public var description: String { name }
}
