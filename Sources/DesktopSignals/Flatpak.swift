// SPDX-License-Identifier: Zlib
import Glibc

/// Whether the game runs inside Flatpak, and where Flatpak describes the sandbox: the one place the
/// watchers, the game's MPRIS player, the bus relay and the real-time broker ask it.
enum Flatpak {
    /// The sandbox's description, which Flatpak puts at the root of every app's filesystem.
    static let infoPath = "/.flatpak-info"

    /// Whether ``infoPath`` exists: the game runs inside Flatpak.
    static var isSandbox: Bool { access(infoPath, F_OK) == 0 }
}
