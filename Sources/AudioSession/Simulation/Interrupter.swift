// SPDX-License-Identifier: Zlib
/// Who deactivated one of our sessions.
enum Interrupter: Hashable, Sendable {
    case phone
    case alarm
    case music
    case otherApp
    case appSuspended
    case routeDisconnected
}
