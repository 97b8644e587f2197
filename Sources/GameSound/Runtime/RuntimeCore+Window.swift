// SPDX-License-Identifier: Zlib

/// The game's window (``GameSoundRuntime/windowChanged(_:)``).
extension RuntimeCore {
    /// Keeps and logs the window's state. - Returns: false when it is the state already reported.
    func noteWindow(_ state: WindowState, onScreen: Bool) -> Bool {
        guard state != window else { return false }
        window = state
        log(.game, "windowChanged", [.init("window", .string(state.rawValue)), .init("onScreen", .bool(onScreen))])
        return true
    }
}
