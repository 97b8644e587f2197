// SPDX-License-Identifier: Zlib
/// One argument of a method call; only the kinds MPRIS, logind and RealtimeKit need.
enum DBusArgument: Sendable {
    case string(String)
    case uint32(UInt32)
    case uint64(UInt64)
}
