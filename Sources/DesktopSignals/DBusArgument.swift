// SPDX-License-Identifier: Zlib
/// One argument of a method call; only the kinds MPRIS, logind, the portals and RealtimeKit need.
enum DBusArgument: Sendable {
    case string(String)
    case uint32(UInt32)
    case uint64(UInt64)
    /// An object path (`o`).
    case objectPath(String)
    /// A portal's options (`a{sv}`), every value a string.
    case options([String: String])
}
