// SPDX-License-Identifier: Zlib
/// Who keeps a peer app from playing.
enum Holder: Hashable {
    case session(SessionID)
    case phone
    case alarm
}
