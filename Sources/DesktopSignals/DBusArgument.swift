// SPDX-License-Identifier: Zlib
/// One argument of a method call; only the kinds MPRIS and logind need.
enum DBusArgument: Sendable {
    case string(String)
    case uint32(UInt32)
}
