// SPDX-License-Identifier: Zlib
import CGameSoundABI

/// The version of the C interface this library implements: gamesound.h's `GS_VERSION_...` as the
/// library was compiled.
enum LibraryVersion {
    /// major * 10 000 + minor * 100 + patch, what `gs_version` returns.
    static let number = Int32(GS_VERSION_MAJOR * 10_000 + GS_VERSION_MINOR * 100 + GS_VERSION_PATCH)
    /// "1.1.0".
    static let text = "\(GS_VERSION_MAJOR).\(GS_VERSION_MINOR).\(GS_VERSION_PATCH)"
}

/// The running library's version: major * 10 000 + minor * 100 + patch (10 100 for 1.1.0). A game
/// compares it with `GS_VERSION` from the header it was built with, to require a library at least
/// that new.
@c public func gs_version() -> Int32 {
    LibraryVersion.number
}
